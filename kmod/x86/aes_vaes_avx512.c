// SPDX-License-Identifier: GPL-2.0
/*
 * VAES + AVX-512 tier (zmm, four AES blocks per register): ecb, cbc, ctr and xts from the
 * shared body in aes_modes.h, 32 blocks in flight; partial registers and byte tails use masked
 * loads and stores (fault-suppressing), so no stack copies.
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

typedef __m512i vec;
#define VW 4
#define VAES_SUFFIX vaes_avx512

#define vld(p) _mm512_loadu_si512((const void *)(p))
#define vst(p, v) _mm512_storeu_si512((void *)(p), (v))
#define vxor _mm512_xor_si512
#define vand _mm512_and_si512
#define venc _mm512_aesenc_epi128
#define venclast _mm512_aesenclast_epi128
#define vdec _mm512_aesdec_epi128
#define vdeclast _mm512_aesdeclast_epi128
#define vbcast _mm512_broadcast_i32x4
/*
 * A round key broadcast straight from memory, one load: from _mm512_broadcast_i32x4 of a load,
 * GCC 12 often loads the xmm early and broadcasts it with a VSHUFI32X4, a vector operation.
 */
#define vbcast_mem(p)								\
	({									\
		__m512i v_;							\
		__asm__("vbroadcasti32x4 %1, %0" : "=v"(v_) : "m"(*(const __m128i *)(p))); \
		v_;								\
	})
#define vlow _mm512_castsi512_si128
#define vshuf8 _mm512_shuffle_epi8
#define vadd64 _mm512_add_epi64
#define vsll64 _mm512_slli_epi64
#define vsrl64 _mm512_srli_epi64
#define vsub64 _mm512_sub_epi64
#define vsllv64 _mm512_sllv_epi64
#define vsrlv64 _mm512_srlv_epi64
#define vswap64(v) _mm512_shuffle_epi32((v), (_MM_PERM_ENUM)0x4e)
#define vbsll _mm512_bslli_epi128
#define vbsrl _mm512_bsrli_epi128
/* One VPTERNLOGQ (truth table a ^ b ^ c). */
#define vxor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
/* (b:a) >> 6 qwords: lane 0 = lane 3 of a, lanes 1..3 = lanes 0..2 of b */
#define vprev(a, b) _mm512_alignr_epi64((b), (a), 6)
#define vlane_index() _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0)
#define vclmul_87(v) _mm512_clmulepi64_epi128((v), _mm512_set1_epi64(0x87), 0x00)
#define vclmul_87_hi(v) _mm512_clmulepi64_epi128((v), _mm512_set1_epi64(0x87), 0x01)

int hwc_xts_zmm_clmul HWC_RO_AFTER_INIT;

static inline __attribute__((always_inline)) vec vfrom_lanes(const __m128i *l)
{
	vec v = _mm512_castsi128_si512(l[0]);

	v = _mm512_inserti32x4(v, l[1], 1);
	v = _mm512_inserti32x4(v, l[2], 2);
	return _mm512_inserti32x4(v, l[3], 3);
}

static inline __attribute__((always_inline)) vec vld_part(const hwc_u8 *p, hwc_size nb)
{
	return _mm512_maskz_loadu_epi64((__mmask8)((1u << (2 * nb)) - 1), p);
}

static inline __attribute__((always_inline)) void vst_part(hwc_u8 *p, vec v,
							    hwc_size nb)
{
	_mm512_mask_storeu_epi64(p, (__mmask8)((1u << (2 * nb)) - 1), v);
}

static inline __attribute__((always_inline)) vec vld_bytes(const hwc_u8 *p,
							    hwc_size n)
{
	return _mm512_maskz_loadu_epi8((__mmask64)((1ULL << n) - 1), p);
}

static inline __attribute__((always_inline)) void vst_bytes(hwc_u8 *p, vec v,
							     hwc_size n)
{
	_mm512_mask_storeu_epi8(p, (__mmask64)((1ULL << n) - 1), v);
}
/* Masked: aes_modes.h's stack copies are not needed. */
#define vld_bytes vld_bytes
#define vst_bytes vst_bytes

#include "aes_modes.h"

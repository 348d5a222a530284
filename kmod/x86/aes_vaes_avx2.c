// SPDX-License-Identifier: GPL-2.0
/*
 * VAES + AVX2 tier (ymm, two AES blocks per register): ecb, cbc, ctr and xts from the shared
 * body in aes_modes.h, 16 blocks in flight. Sixteen ymm registers cannot hold the round keys
 * next to the data, so VAES reads them from memory (the loads have ports to spare).
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

typedef __m256i vec;
#define VW 2
#define VAES_SUFFIX vaes_avx2

#define vld(p) _mm256_loadu_si256((const __m256i *)(p))
#define vst(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define vxor _mm256_xor_si256
#define vand _mm256_and_si256
#define venc _mm256_aesenc_epi128
#define venclast _mm256_aesenclast_epi128
#define vdec _mm256_aesdec_epi128
#define vdeclast _mm256_aesdeclast_epi128
#define vbcast _mm256_broadcastsi128_si256
#define vlow _mm256_castsi256_si128
#define vshuf8 _mm256_shuffle_epi8
#define vadd64 _mm256_add_epi64
#define vsll64 _mm256_slli_epi64
#define vsrl64 _mm256_srli_epi64
#define vsub64 _mm256_sub_epi64
#define vsllv64 _mm256_sllv_epi64
#define vsrlv64 _mm256_srlv_epi64
#define vswap64(v) _mm256_shuffle_epi32((v), 0x4e)
#define vbsll _mm256_bslli_epi128
#define vbsrl _mm256_bsrli_epi128
#define vprev(a, b) _mm256_permute2x128_si256((a), (b), 0x21)
#define vlane_index() _mm256_set_epi64x(0, 1, 0, 0)
#define vfrom_lanes(l) _mm256_set_m128i((l)[1], (l)[0])

/* Partial registers hold one block. */
static inline __attribute__((always_inline)) vec vld_part(const hwc_u8 *p, hwc_size nb)
{
	(void)nb;
	return _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

static inline __attribute__((always_inline)) void vst_part(hwc_u8 *p, vec v,
							    hwc_size nb)
{
	(void)nb;
	_mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(v));
}

#include "aes_modes.h"

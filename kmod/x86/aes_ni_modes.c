// SPDX-License-Identifier: GPL-2.0
/*
 * AES-NI tier (xmm, one block per register) of ecb, cbc, ctr and xts from the shared body in
 * aes_modes.h: eight blocks in flight, short tails in parallel groups, independent XTS tweaks.
 * SSE4.1 code (no VEX): the tier serves CPUs without AVX.
 */
#include <immintrin.h>
#include "../hwc_aes.h"

typedef __m128i vec;
#define VW 1
#define VAES_SUFFIX aesni

#define vld(p) _mm_loadu_si128((const __m128i *)(p))
#define vst(p, v) _mm_storeu_si128((__m128i *)(p), (v))
#define vxor _mm_xor_si128
#define vand _mm_and_si128
#define venc _mm_aesenc_si128
#define venclast _mm_aesenclast_si128
#define vdec _mm_aesdec_si128
#define vdeclast _mm_aesdeclast_si128
#define vbcast(x) (x)
#define vlow(x) (x)
#define vshuf8 _mm_shuffle_epi8
#define vadd64 _mm_add_epi64
#define vsll64 _mm_slli_epi64
#define vsrl64 _mm_srli_epi64
#define vswap64(v) _mm_shuffle_epi32((v), 0x4e)
#define vprev(a, b) (a)
#define vlane_index() _mm_setzero_si128()
#define vfrom_lanes(l) ((l)[0])
/* A register is one block: never partial. */
#define vld_part(p, nb) vld(p)
#define vst_part(p, v, nb) vst(p, v)

/* A final partial block: through a zero-padded stack copy, wiped after. */
static inline __attribute__((always_inline)) vec vld_bytes(const hwc_u8 *p, hwc_size n)
{
	hwc_u8 t[16];
	vec v;

	__builtin_memset(t, 0, sizeof(t));
	__builtin_memcpy(t, p, n);
	v = _mm_loadu_si128((const __m128i *)t);
	hwc_memzero_explicit(t, sizeof(t));
	return v;
}

static inline __attribute__((always_inline)) void vst_bytes(hwc_u8 *p, vec v, hwc_size n)
{
	hwc_u8 t[16];

	_mm_storeu_si128((__m128i *)t, v);
	__builtin_memcpy(p, t, n);
	hwc_memzero_explicit(t, sizeof(t));
}

#include "aes_modes.h"

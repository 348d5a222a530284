// SPDX-License-Identifier: GPL-2.0
/* SHA-512 compression (FIPS 180-4 6.4) on POWER8 vector crypto: vshasigmad for all four sigmas. */
#include "hwc_arch_cores.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <altivec.h>

typedef __vector unsigned long long hwc_v64;

static const hwc_u64 hwc_sha512_k_p8[80] __attribute__((aligned(16))) = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
	0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
	0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
	0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
	0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
	0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
	0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
	0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
	0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
	0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
	0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
	0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
	0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
	0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* Doublewords 1 of lo and 0 of hi: the vector one word further along the message schedule. */
#define HWC_SH1(lo, hi) vec_xxpermdi(lo, hi, 2)

/* W[t..t+1] over w0 = W[t-16..t-15], with w1 = W[t-14..], w4 = W[t-8..], w5, w7 = W[t-2..t-1]. */
#define HWC_SCHED(w0, w1, w4, w5, w7)						\
	do {									\
		w0 += __builtin_crypto_vshasigmad(HWC_SH1(w0, w1), 0, 0) + HWC_SH1(w4, w5); \
		w0 += __builtin_crypto_vshasigmad(w7, 0, 0xf);			\
	} while (0)

/*
 * Two rounds from K+W of the vector @w0, scheduled first (when @s) from w1, w4, w5 and w7; the
 * names rotate by two, four calls per cycle.
 */
#define HWC_R2S(s, kv, w0, w1, w4, w5, w7, a, b, c, d, e, f, g, h)		\
	do {									\
		hwc_v64 kw_;							\
										\
		if (s)								\
			HWC_SCHED(w0, w1, w4, w5, w7);				\
		kw_ = w0 + (kv);						\
		HWC_R2(a, b, c, d, e, f, g, h, kw_, vec_splat(kw_, 1));		\
	} while (0)

/* Eight rounds: schedule (when @s) and K+W of four vectors, names back where they started. */
#define HWC_R8(s, i, w0, w1, w2, w3, w4, w5, w6, w7)				\
	do {									\
		HWC_R2S(s, k[(i) + 0], w0, w1, w4, w5, w7, a, b, c, d, e, f, g, h); \
		HWC_R2S(s, k[(i) + 1], w1, w2, w5, w6, w0, g, h, a, b, c, d, e, f); \
		HWC_R2S(s, k[(i) + 2], w2, w3, w6, w7, w1, e, f, g, h, a, b, c, d); \
		HWC_R2S(s, k[(i) + 3], w3, w4, w7, w0, w2, c, d, e, f, g, h, a, b); \
	} while (0)

/* The 80 rounds of a block: 16 from the message words, then schedule and rounds in step. */
#define SHA2_P8_ROUNDS()							\
	do {									\
		HWC_R8(0, 0, w0, w1, w2, w3, w4, w5, w6, w7);			\
		HWC_R8(0, 4, w4, w5, w6, w7, w0, w1, w2, w3);			\
		for (i = 8; i < 40; i += 8) {					\
			HWC_R8(1, i, w0, w1, w2, w3, w4, w5, w6, w7);		\
			HWC_R8(1, i + 4, w4, w5, w6, w7, w0, w1, w2, w3);	\
		}								\
	} while (0)

#define SHA2_P8_WORD	hwc_u64
#define SHA2_P8_VEC	hwc_v64
#define SHA2_P8_SIGMA	__builtin_crypto_vshasigmad
#define SHA2_P8_BSWAP	{ 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8 }
#define SHA2_P8_K	hwc_sha512_k_p8
#define SHA2_P8_NW	8
#define SHA2_P8_BLOCKS	hwc_sha512_blocks_p8
#include "sha2_p8.h"
#endif

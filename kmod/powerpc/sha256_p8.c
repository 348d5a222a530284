// SPDX-License-Identifier: GPL-2.0
/* SHA-256 compression (FIPS 180-4 6.2) on POWER8 vector crypto: vshasigmaw for all four sigmas. */
#include "hwc_arch_cores.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <altivec.h>

typedef __vector unsigned int hwc_v32;

/*
 * Four rounds from the four K+W words in @kw: element 0 serves directly, the others splatted.
 * The variables rotate by one name per round, so consecutive calls alternate a..h and e..d.
 */
#define HWC_R4(a, b, c, d, e, f, g, h, kw)					\
	do {									\
		hwc_v32 kw_ = (kw);						\
		HWC_R2(a, b, c, d, e, f, g, h, kw_, vec_splat(kw_, 1));		\
		HWC_R2(g, h, a, b, c, d, e, f, vec_splat(kw_, 2), vec_splat(kw_, 3)); \
	} while (0)
#define HWC_R4A(kw) HWC_R4(a, b, c, d, e, f, g, h, kw)
#define HWC_R4E(kw) HWC_R4(e, f, g, h, a, b, c, d, kw)

/* Words i..i+3 of the concatenation lo:hi, from element i (vsldoi counts from the other end). */
#define HWC_SHW(lo, hi, i) vec_sld(hi, lo, 16 - 4 * (i))

/*
 * W[t..t+3] from w0 = W[t-16..t-13] ... w3 = W[t-4..t-1], written over w0. sigma1 needs
 * W[t+0..t+1] for W[t+2..t+3], hence two sigma1 passes over half a vector each.
 */
#define HWC_SCHED(w0, w1, w2, w3)						\
	do {									\
		hwc_v32 s_;							\
		w0 += __builtin_crypto_vshasigmaw(HWC_SHW(w0, w1, 1), 0, 0) +	\
		      HWC_SHW(w2, w3, 1);					\
		s_ = __builtin_crypto_vshasigmaw(w3, 0, 0xf);			\
		w0 += HWC_SHW(s_, zero, 2);					\
		s_ = __builtin_crypto_vshasigmaw(w0, 0, 0xf);			\
		w0 += HWC_SHW(zero, s_, 2);					\
	} while (0)

/* The 64 rounds of a block: 16 from the message words, then schedule and rounds in step. */
#define SHA2_P8_ROUNDS()							\
	do {									\
		const hwc_v32 zero = { 0, 0, 0, 0 };				\
										\
		HWC_R4A(w0 + k[0]);						\
		HWC_R4E(w1 + k[1]);						\
		HWC_R4A(w2 + k[2]);						\
		HWC_R4E(w3 + k[3]);						\
		for (i = 4; i < 16; i += 4) {					\
			HWC_SCHED(w0, w1, w2, w3);				\
			HWC_R4A(w0 + k[i + 0]);					\
			HWC_SCHED(w1, w2, w3, w0);				\
			HWC_R4E(w1 + k[i + 1]);					\
			HWC_SCHED(w2, w3, w0, w1);				\
			HWC_R4A(w2 + k[i + 2]);					\
			HWC_SCHED(w3, w0, w1, w2);				\
			HWC_R4E(w3 + k[i + 3]);					\
		}								\
	} while (0)

#define SHA2_P8_WORD	hwc_u32
#define SHA2_P8_VEC	hwc_v32
#define SHA2_P8_SIGMA	__builtin_crypto_vshasigmaw
#define SHA2_P8_BSWAP	{ 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12 }
#define SHA2_P8_K	hwc_sha256_k
#define SHA2_P8_NW	4
#define SHA2_P8_BLOCKS	hwc_sha256_blocks_p8
#include "sha2_p8.h"
#endif

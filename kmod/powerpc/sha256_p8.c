// SPDX-License-Identifier: GPL-2.0
/* SHA-256 compression (FIPS 180-4 6.2) on POWER8 vector crypto: vshasigmaw for all four sigmas. */
#include "hwc_arch_cores.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <altivec.h>

typedef __vector unsigned int hwc_v32;
typedef __vector unsigned char hwc_v8;

/*
 * The working variables live in vector registers, one word each in element 0 (the other
 * elements carry harmless garbage), so that Ch and Maj are one vsel each and Sigma0/Sigma1 one
 * vshasigmaw each. The message schedule runs four words per step in the same registers.
 *
 * Maj(a,b,c) = vsel(b, a, b^c); b^c of this round is a^b of the previous one, so each round
 * computes a^b once for the next.
 */
#define HWC_R(a, b, c, d, e, f, g, h, kw, xprev, xnext)				\
	do {									\
		h += kw;							\
		h += vec_sel(g, f, e);						\
		h += __builtin_crypto_vshasigmaw(e, 1, 0xf);			\
		d += h;								\
		xnext = a ^ b;							\
		h += __builtin_crypto_vshasigmaw(a, 1, 0) + vec_sel(b, a, xprev); \
	} while (0)

/*
 * Four rounds from the four K+W words in @kw: element 0 serves directly, the others splatted.
 * The variables rotate by one name per round, so consecutive calls alternate a..h and e..d.
 */
#define HWC_R4(a, b, c, d, e, f, g, h, kw)					\
	do {									\
		hwc_v32 kw_ = (kw);						\
		HWC_R(a, b, c, d, e, f, g, h, kw_, x0, x1);			\
		HWC_R(h, a, b, c, d, e, f, g, vec_splat(kw_, 1), x1, x0);	\
		HWC_R(g, h, a, b, c, d, e, f, vec_splat(kw_, 2), x0, x1);	\
		HWC_R(f, g, h, a, b, c, d, e, vec_splat(kw_, 3), x1, x0);	\
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

static inline hwc_v32 hwc_load_be32(const hwc_u8 *p, hwc_v8 bswap)
{
	hwc_v8 v = vec_xl(0, p);

	return (hwc_v32)vec_perm(v, v, bswap);
}

void hwc_sha256_blocks_p8(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u32 *st = state;
	/* Byte-reverses each word: the message is big-endian, the vector loads are not. */
	const hwc_v8 bswap = { 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12 };
	const hwc_v32 zero = { 0, 0, 0, 0 };
	const hwc_v32 *k = (const hwc_v32 *)hwc_sha256_k;
	hwc_v32 a = vec_splats(st[0]), b = vec_splats(st[1]), c = vec_splats(st[2]);
	hwc_v32 d = vec_splats(st[3]), e = vec_splats(st[4]), f = vec_splats(st[5]);
	hwc_v32 g = vec_splats(st[6]), h = vec_splats(st[7]);

	while (nblocks--) {
		hwc_v32 sa = a, sb = b, sc = c, sd = d, se = e, sf = f, sg = g, sh = h;
		hwc_v32 w0, w1, w2, w3, x0, x1;
		int i;

		w0 = hwc_load_be32(data, bswap);
		w1 = hwc_load_be32(data + 16, bswap);
		w2 = hwc_load_be32(data + 32, bswap);
		w3 = hwc_load_be32(data + 48, bswap);
		data += 64;

		x0 = b ^ c;
		HWC_R4A(w0 + k[0]);
		HWC_R4E(w1 + k[1]);
		HWC_R4A(w2 + k[2]);
		HWC_R4E(w3 + k[3]);
		for (i = 4; i < 16; i += 4) {
			HWC_SCHED(w0, w1, w2, w3);
			HWC_R4A(w0 + k[i + 0]);
			HWC_SCHED(w1, w2, w3, w0);
			HWC_R4E(w1 + k[i + 1]);
			HWC_SCHED(w2, w3, w0, w1);
			HWC_R4A(w2 + k[i + 2]);
			HWC_SCHED(w3, w0, w1, w2);
			HWC_R4E(w3 + k[i + 3]);
		}

		a += sa;
		b += sb;
		c += sc;
		d += sd;
		e += se;
		f += sf;
		g += sg;
		h += sh;
	}

	st[0] = a[0];
	st[1] = b[0];
	st[2] = c[0];
	st[3] = d[0];
	st[4] = e[0];
	st[5] = f[0];
	st[6] = g[0];
	st[7] = h[0];
}
#endif

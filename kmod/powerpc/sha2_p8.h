/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SHA-2 compression function on POWER8 vector crypto, written once around each word size's
 * message schedule and round grouping and included at the end of sha256_p8.c (32-bit words,
 * vshasigmaw) and sha512_p8.c (64-bit words, vshasigmad) in the way x86/aes_modes.h is. The
 * schedules are different (four words a vector against two, see each file); the round, the
 * loads and the state update around them are not. The includer includes <altivec.h> and
 * defines first:
 *
 *   SHA2_P8_WORD (hwc_u32 or hwc_u64), SHA2_P8_VEC (the vector of those words) and
 *   SHA2_P8_SIGMA (__builtin_crypto_vshasigmaw or __builtin_crypto_vshasigmad);
 *   SHA2_P8_BSWAP (the vec_perm control that byte-reverses each word), SHA2_P8_K (the round
 *   constants, 16-byte aligned) and SHA2_P8_NW (message vectors in a block: 4 or 8);
 *   SHA2_P8_ROUNDS(), every round of one block through HWC_R2, from w0.. (the block's words),
 *   k (SHA2_P8_K as vectors) and x0 = b ^ c, with i a free int;
 *   SHA2_P8_BLOCKS, the function's name.
 *
 * The working variables live in vector registers, one word each in element 0 (the other
 * elements carry harmless garbage), so that Ch and Maj are one vsel each and Sigma0/Sigma1 one
 * vshasigma each.
 */
#ifndef HWC_POWERPC_SHA2_P8_H
#define HWC_POWERPC_SHA2_P8_H

typedef __vector unsigned char hwc_v8;

/*
 * One round. Maj(a,b,c) = vsel(b, a, b^c); b^c of this round is a^b of the previous one, so
 * each round computes a^b once for the next.
 */
#define HWC_R(a, b, c, d, e, f, g, h, kw, xprev, xnext)				\
	do {									\
		h += kw;							\
		h += vec_sel(g, f, e);						\
		h += SHA2_P8_SIGMA(e, 1, 0xf);					\
		d += h;								\
		xnext = a ^ b;							\
		h += SHA2_P8_SIGMA(a, 1, 0) + vec_sel(b, a, xprev);		\
	} while (0)

/* Two rounds from K+W in @kw0 and @kw1; the variables rotate by one name per round. */
#define HWC_R2(a, b, c, d, e, f, g, h, kw0, kw1)				\
	do {									\
		HWC_R(a, b, c, d, e, f, g, h, kw0, x0, x1);			\
		HWC_R(h, a, b, c, d, e, f, g, kw1, x1, x0);			\
	} while (0)

static inline SHA2_P8_VEC hwc_sha2_load_be(const hwc_u8 *p, hwc_v8 bswap)
{
	hwc_v8 v = vec_xl(0, p);

	return (SHA2_P8_VEC)vec_perm(v, v, bswap);
}

void SHA2_P8_BLOCKS(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	SHA2_P8_WORD *st = state;
	/* Byte-reverses each word: the message is big-endian, the vector loads are not. */
	const hwc_v8 bswap = SHA2_P8_BSWAP;
	const SHA2_P8_VEC *k = (const SHA2_P8_VEC *)SHA2_P8_K;
	SHA2_P8_VEC a = vec_splats(st[0]), b = vec_splats(st[1]), c = vec_splats(st[2]);
	SHA2_P8_VEC d = vec_splats(st[3]), e = vec_splats(st[4]), f = vec_splats(st[5]);
	SHA2_P8_VEC g = vec_splats(st[6]), h = vec_splats(st[7]);

	while (nblocks--) {
		SHA2_P8_VEC sa = a, sb = b, sc = c, sd = d, se = e, sf = f, sg = g, sh = h;
		SHA2_P8_VEC w0, w1, w2, w3, x0, x1;
#if SHA2_P8_NW == 8
		SHA2_P8_VEC w4, w5, w6, w7;
#endif
		int i;

		w0 = hwc_sha2_load_be(data, bswap);
		w1 = hwc_sha2_load_be(data + 16, bswap);
		w2 = hwc_sha2_load_be(data + 32, bswap);
		w3 = hwc_sha2_load_be(data + 48, bswap);
#if SHA2_P8_NW == 8
		w4 = hwc_sha2_load_be(data + 64, bswap);
		w5 = hwc_sha2_load_be(data + 80, bswap);
		w6 = hwc_sha2_load_be(data + 96, bswap);
		w7 = hwc_sha2_load_be(data + 112, bswap);
#endif
		data += 16 * SHA2_P8_NW;

		x0 = b ^ c;
		SHA2_P8_ROUNDS();

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

#endif /* HWC_POWERPC_SHA2_P8_H */

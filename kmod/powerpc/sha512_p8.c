// SPDX-License-Identifier: GPL-2.0
/* SHA-512 compression (FIPS 180-4 6.4) on POWER8 vector crypto: vshasigmad for all four sigmas. */
#include "hwc_arch_cores.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <altivec.h>

typedef __vector unsigned long long hwc_v64;
typedef __vector unsigned char hwc_v8;

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

/*
 * Working variables in vector registers, one doubleword each in element 0 (element 1 carries
 * harmless garbage): Ch and Maj are one vsel each, Sigma0/Sigma1 one vshasigmad each.
 * Maj(a,b,c) = vsel(b, a, b^c), with b^c carried over from the previous round's a^b.
 */
#define HWC_R(a, b, c, d, e, f, g, h, kw, xprev, xnext)				\
	do {									\
		h += kw;							\
		h += vec_sel(g, f, e);						\
		h += __builtin_crypto_vshasigmad(e, 1, 0xf);			\
		d += h;								\
		xnext = a ^ b;							\
		h += __builtin_crypto_vshasigmad(a, 1, 0) + vec_sel(b, a, xprev); \
	} while (0)

/* Two rounds from the two K+W words in @kw; the names rotate by two, four calls per cycle. */
#define HWC_R2(a, b, c, d, e, f, g, h, kw)					\
	do {									\
		hwc_v64 kw_ = (kw);						\
		HWC_R(a, b, c, d, e, f, g, h, kw_, x0, x1);			\
		HWC_R(h, a, b, c, d, e, f, g, vec_splat(kw_, 1), x1, x0);	\
	} while (0)

/* Doublewords 1 of lo and 0 of hi: the vector one word further along the message schedule. */
#define HWC_SH1(lo, hi) vec_xxpermdi(lo, hi, 2)

/* W[t..t+1] over w0 = W[t-16..t-15], with w1 = W[t-14..], w4 = W[t-8..], w5, w7 = W[t-2..t-1]. */
#define HWC_SCHED(w0, w1, w4, w5, w7)						\
	do {									\
		w0 += __builtin_crypto_vshasigmad(HWC_SH1(w0, w1), 0, 0) + HWC_SH1(w4, w5); \
		w0 += __builtin_crypto_vshasigmad(w7, 0, 0xf);			\
	} while (0)

/* Eight rounds: schedule (when @s) and K+W of four vectors, names back where they started. */
#define HWC_R8(s, i, w0, w1, w2, w3, w4, w5, w6, w7)				\
	do {									\
		if (s)								\
			HWC_SCHED(w0, w1, w4, w5, w7);				\
		HWC_R2(a, b, c, d, e, f, g, h, w0 + k[(i) + 0]);		\
		if (s)								\
			HWC_SCHED(w1, w2, w5, w6, w0);				\
		HWC_R2(g, h, a, b, c, d, e, f, w1 + k[(i) + 1]);		\
		if (s)								\
			HWC_SCHED(w2, w3, w6, w7, w1);				\
		HWC_R2(e, f, g, h, a, b, c, d, w2 + k[(i) + 2]);		\
		if (s)								\
			HWC_SCHED(w3, w4, w7, w0, w2);				\
		HWC_R2(c, d, e, f, g, h, a, b, w3 + k[(i) + 3]);		\
	} while (0)

static inline hwc_v64 hwc_load_be64(const hwc_u8 *p, hwc_v8 bswap)
{
	hwc_v8 v = vec_xl(0, p);

	return (hwc_v64)vec_perm(v, v, bswap);
}

void hwc_sha512_blocks_p8(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u64 *st = state;
	/* Byte-reverses each doubleword: the message is big-endian, the vector loads are not. */
	const hwc_v8 bswap = { 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8 };
	const hwc_v64 *k = (const hwc_v64 *)hwc_sha512_k_p8;
	hwc_v64 a = vec_splats(st[0]), b = vec_splats(st[1]), c = vec_splats(st[2]);
	hwc_v64 d = vec_splats(st[3]), e = vec_splats(st[4]), f = vec_splats(st[5]);
	hwc_v64 g = vec_splats(st[6]), h = vec_splats(st[7]);

	while (nblocks--) {
		hwc_v64 sa = a, sb = b, sc = c, sd = d, se = e, sf = f, sg = g, sh = h;
		hwc_v64 w0, w1, w2, w3, w4, w5, w6, w7, x0, x1;
		int i;

		w0 = hwc_load_be64(data, bswap);
		w1 = hwc_load_be64(data + 16, bswap);
		w2 = hwc_load_be64(data + 32, bswap);
		w3 = hwc_load_be64(data + 48, bswap);
		w4 = hwc_load_be64(data + 64, bswap);
		w5 = hwc_load_be64(data + 80, bswap);
		w6 = hwc_load_be64(data + 96, bswap);
		w7 = hwc_load_be64(data + 112, bswap);
		data += 128;

		x0 = b ^ c;
		HWC_R8(0, 0, w0, w1, w2, w3, w4, w5, w6, w7);
		HWC_R8(0, 4, w4, w5, w6, w7, w0, w1, w2, w3);
		for (i = 8; i < 40; i += 8) {
			HWC_R8(1, i, w0, w1, w2, w3, w4, w5, w6, w7);
			HWC_R8(1, i + 4, w4, w5, w6, w7, w0, w1, w2, w3);
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

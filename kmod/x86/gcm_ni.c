// SPDX-License-Identifier: GPL-2.0
/*
 * AES-NI + PCLMULQDQ tier (xmm), GCM part: CTR eight blocks at a time fused with GHASH, one
 * reduction per eight blocks against precomputed H^1..H^8. (ecb, cbc, ctr, xts of this tier:
 * aes_ni_modes.c.)
 *
 * GHASH works on byte-reversed blocks, i.e. GF(2^128) elements with the coefficient of x^0 in
 * bit 127. The key powers are stored pre-multiplied by x^-1 (hwc_aes.h), so the 256-bit
 * carry-less product [hi:lo] of a reversed block and a stored power is already aligned: hi holds
 * the coefficients of x^0..x^127 and lo those of x^128..x^255, folded back with
 * x^128 = x^7 + x^2 + x + 1 (ghash_reduce).
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

#define AI static inline __attribute__((always_inline))

AI __m128i ld(const void *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

AI void st(void *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

AI __m128i bswap128(__m128i v)
{
	return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

struct rks {
	__m128i k[HWC_AES_MAX_ROUNDS + 1];
	unsigned int nr;
};

AI void load_keys(struct rks *r, const hwc_u8 *keys, unsigned int nr)
{
	unsigned int i;

	r->nr = nr;
	for (i = 0; i <= nr; i++)
		r->k[i] = ld(keys + 16 * i);
}

AI __m128i enc1(const struct rks *r, __m128i b)
{
	unsigned int i;

	b = _mm_xor_si128(b, r->k[0]);
	for (i = 1; i < r->nr; i++)
		b = _mm_aesenc_si128(b, r->k[i]);
	return _mm_aesenclast_si128(b, r->k[r->nr]);
}

AI void enc8(const struct rks *r, __m128i b[8])
{
	unsigned int i, j;

#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = _mm_xor_si128(b[j], r->k[0]);
	for (i = 1; i < r->nr; i++) {
		__m128i k = r->k[i];
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = _mm_aesenc_si128(b[j], k);
	}
#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = _mm_aesenclast_si128(b[j], r->k[r->nr]);
}

/* Karatsuba partial products of one block against one stored power, accumulated. */
struct gacc {
	__m128i lo, hi, mid;
};

AI void gmul_acc(struct gacc *a, __m128i x, const struct hwc_gcm_key *k, unsigned int i)
{
	__m128i h = ld(k->hpow[i]);
	__m128i xm = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));

	a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
	a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
	a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(xm, _mm_cvtsi64_si128((long long)k->hkar[i]),
							     0x00));
}

AI void gacc_init(struct gacc *a)
{
	a->lo = a->hi = a->mid = _mm_setzero_si128();
}

/* Folds the 256-bit sum into one element: hi + lo * (x^7 + x^2 + x + 1), overflow included. */
AI __m128i ghash_reduce(const struct gacc *a)
{
	const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
	__m128i mid = _mm_xor_si128(a->mid, _mm_xor_si128(a->lo, a->hi));
	__m128i lo = _mm_xor_si128(a->lo, _mm_slli_si128(mid, 8));
	__m128i hi = _mm_xor_si128(a->hi, _mm_srli_si128(mid, 8));
	__m128i w;

	/*
	 * Two folds of 64 bits each: x^128 = x^7 + x^2 + x + 1 is, in this bit order, a carry-less
	 * multiply by 0xc2 << 56 plus the folded word itself one word higher.
	 */
	w = _mm_xor_si128(_mm_clmulepi64_si128(lo, poly, 0x00), _mm_shuffle_epi32(lo, 0x4e));
	return _mm_xor_si128(hi, _mm_xor_si128(_mm_clmulepi64_si128(w, poly, 0x00),
					       _mm_shuffle_epi32(w, 0x4e)));
}

/* y (reversed) absorbs @n reversed blocks b[0..n-1], one reduction: y = sum b_j * H^(n-j). */
AI __m128i ghash_n(const struct hwc_gcm_key *k, __m128i y, const __m128i *b, unsigned int n)
{
	struct gacc a;
	unsigned int j;

	gacc_init(&a);
	gmul_acc(&a, _mm_xor_si128(y, b[0]), k, HWC_GCM_NPOW - n);
	for (j = 1; j < n; j++)
		gmul_acc(&a, b[j], k, HWC_GCM_NPOW - n + j);
	return ghash_reduce(&a);
}

void hwc_ghash_aesni(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n)
{
	__m128i acc = bswap128(ld(y)), b[8];
	unsigned int j;

	for (; n >= 8; n -= 8, src += 128) {
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = bswap128(ld(src + 16 * j));
		acc = ghash_n(k, acc, b, 8);
	}
	for (; n; n--, src += 16) {
		b[0] = bswap128(ld(src));
		acc = ghash_n(k, acc, b, 1);
	}
	st(y, bswap128(acc));
}

/*
 * Eight blocks per step. The GHASH multiplies of eight blocks run between the AES rounds of
 * eight others, so that the AES and carry-less units stay busy together: for decryption the
 * ciphertext of this step, which is at hand; for encryption the ciphertext of the previous
 * step, since this step's exists only after its last round.
 */
AI void gcm_crypt(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
		  const hwc_u8 *src, hwc_size len, const unsigned int nr, hwc_u8 *tag)
{
	struct rks r;
	__m128i ctr = bswap128(ld(c->ctr)), y = bswap128(ld(c->y)), b[8], g[9];
	const __m128i one = _mm_set_epi32(0, 0, 0, 1);
	struct gacc a;
	unsigned int i, j;
	int pending = 0;

	/* @nr is a constant in each copy: the round loop unrolls and g[] stays in registers. */
	load_keys(&r, k->aes.ek, nr);
	gacc_init(&a);
	for (; len >= 128; len -= 128, src += 128, dst += 128) {
		int hash = !enc || pending;

		/* inc32: only the low 32-bit lane counts, and it wraps. */
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			b[j] = _mm_xor_si128(bswap128(ctr), r.k[0]);
			ctr = _mm_add_epi32(ctr, one);
			if (!enc)
				g[j] = bswap128(ld(src + 16 * j));
		}
		if (hash) {
			gacc_init(&a);
			g[0] = _mm_xor_si128(g[0], y);
		}
#pragma GCC unroll 14
		for (i = 1; i < nr; i++) {
			__m128i kr = r.k[i];

#pragma GCC unroll 8
			for (j = 0; j < 8; j++)
				b[j] = _mm_aesenc_si128(b[j], kr);
			if (hash && i <= 8)
				gmul_acc(&a, g[i - 1], k, HWC_GCM_NPOW - 8 + i - 1);
		}
		if (hash)
			y = ghash_reduce(&a);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			/* The source is read again here rather than held in a register across the rounds. */
			b[j] = _mm_aesenclast_si128(b[j], r.k[nr]);
			b[j] = _mm_xor_si128(b[j], ld(src + 16 * j));
			st(dst + 16 * j, b[j]);
			if (enc)
				g[j] = bswap128(b[j]);
		}
		pending = enc;
	}
	if (pending)
		y = ghash_n(k, y, g, 8);
	if (len || tag) {
		/*
		 * The last len < 128 bytes: up to eight counter blocks through the cipher together
		 * (and J0 when this ends the message), and one reduction for all their GHASH
		 * inputs, the length block included when this ends the message.
		 */
		unsigned int nbl = (unsigned int)(len + 15) / 16, n = nbl;
		__m128i ek0 = _mm_setzero_si128();
		hwc_u8 t[16];

#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			b[j] = bswap128(ctr);
			ctr = _mm_add_epi32(ctr, j < nbl ? one : _mm_setzero_si128());
		}
		enc8(&r, b);
		if (tag)
			ek0 = enc1(&r, ld(c->j0));
		for (j = 0; j < nbl; j++, src += 16, dst += 16, len -= 16) {
			__m128i in, out;

			if (len >= 16) {
				in = ld(src);
				out = _mm_xor_si128(b[j], in);
				st(dst, out);
			} else {
				__builtin_memset(t, 0, 16);
				__builtin_memcpy(t, src, len);
				in = ld(t);
				st(t, _mm_xor_si128(b[j], in));
				__builtin_memcpy(dst, t, len);
				/* GHASH sees the ciphertext zero-padded to a block. */
				__builtin_memset(t + len, 0, 16 - len);
				out = ld(t);
				hwc_memzero_explicit(t, sizeof(t));
				len = 16;
			}
			g[j] = bswap128(enc ? out : in);
		}
		if (tag)	/* the length block, byte-reversed: the two bit counts */
			g[n++] = _mm_set_epi64x((long long)(c->aadlen * 8), (long long)(c->textlen * 8));
		if (n)
			y = ghash_n(k, y, g, n);
		if (tag) {
			st(tag, _mm_xor_si128(bswap128(y), ek0));
			return;
		}
	}
	st(c->ctr, bswap128(ctr));
	st(c->y, bswap128(y));
}

#define NOINLINE static __attribute__((__noinline__))
#define GCM_NR(name, enc, nr)								\
NOINLINE void name(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
		   const hwc_u8 *src, hwc_size len, hwc_u8 *tag)				\
{											\
	gcm_crypt(k, c, enc, dst, src, len, nr, tag);					\
}
GCM_NR(gcm_enc10, 1, 10) GCM_NR(gcm_enc12, 1, 12) GCM_NR(gcm_enc14, 1, 14)
GCM_NR(gcm_dec10, 0, 10) GCM_NR(gcm_dec12, 0, 12) GCM_NR(gcm_dec14, 0, 14)

void hwc_gcm_enc_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		       const hwc_u8 *src, hwc_size len)
{
	(k->aes.nr == 10 ? gcm_enc10 : k->aes.nr == 12 ? gcm_enc12 : gcm_enc14)(k, c, dst, src, len,
										 0);
}

void hwc_gcm_dec_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		       const hwc_u8 *src, hwc_size len)
{
	(k->aes.nr == 10 ? gcm_dec10 : k->aes.nr == 12 ? gcm_dec12 : gcm_dec14)(k, c, dst, src, len,
										 0);
}

/* The last piece (c->textlen counting it) and the tag, the length block in the last reduction. */
void hwc_gcm_enc_final_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len, hwc_u8 tag[16])
{
	(k->aes.nr == 10 ? gcm_enc10 : k->aes.nr == 12 ? gcm_enc12 : gcm_enc14)(k, c, dst, src, len,
										 tag);
}

void hwc_gcm_dec_final_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len, hwc_u8 tag[16])
{
	(k->aes.nr == 10 ? gcm_dec10 : k->aes.nr == 12 ? gcm_dec12 : gcm_dec14)(k, c, dst, src, len,
										 tag);
}

/* The tag: GHASH of the length block (byte-reversed: the two bit counts) and E_K(J0), one call. */
void hwc_gcm_final_aesni(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, hwc_u8 tag[16])
{
	struct rks r;
	__m128i y = bswap128(ld(c->y)), b = _mm_set_epi64x((long long)(c->aadlen * 8),
							  (long long)(c->textlen * 8));

	load_keys(&r, k->aes.ek, k->aes.nr);
	y = ghash_n(k, y, &b, 1);
	st(tag, _mm_xor_si128(bswap128(y), enc1(&r, ld(c->j0))));
}

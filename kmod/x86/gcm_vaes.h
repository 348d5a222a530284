/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GCM on VAES + VPCLMULQDQ, the part both widths share, written once for a vector of VW blocks
 * and included by gcm_vaes_avx2.c (VW 2: ymm) and gcm_vaes_avx512.c (VW 4: zmm), which define
 * the vector type and the width-specific operations first:
 *
 *   V, VW (blocks per register), GCM_SUFFIX (function name suffix: vaes_avx2, vaes_avx512);
 *   vld/vst (unaligned), vxor, vadd32, vclmul (VPCLMULQDQ of every lane, immediate selector),
 *   vswap (64-bit halves of every block swapped), vzext (an xmm into lane 0, the others zero),
 *   vbcast (an xmm into every lane), vbswap (every block byte-reversed), VLANES(hi, lo) (a
 *   constant block of two 64-bit words in every lane), vlane_index() (lane l: l in its low 32
 *   bits), gacc_pin(a) (an optimisation barrier on an accumulator, or nothing; see gacc_add);
 *
 * and after the include the parts whose code differs by width, which the shared code declares
 * and calls (gmul, greduce, ghash_y1, ghash_regs_k, ghash_rest, gcm_bulk_*, gcm_tails), with
 * the rest of each tier: its bulk loop, its tails and the last piece of a message with its tag.
 * Where the tiers spell the same computation differently (the order of independent products,
 * an inline wrapper more or less), each keeps its own: GCC follows the source order, and the
 * object code is what each tier was measured with.
 *
 * Field elements are byte-reversed blocks (bit 127 = coefficient of x^0) and the stored key
 * powers carry a factor x^-1 (hwc_aes.h), so each 128-bit lane of a carry-less product is a
 * 256-bit value [q3 q2 q1 q0] (64-bit words) whose upper half holds x^0..x^127 and whose lower
 * half holds x^128..x^255. Folding a word q of degree 128 + d onward back into the window uses
 * x^128 = x^7 + x^2 + x + 1: in this bit order that is clmul(q, 0xc2 << 56) plus q itself one
 * word higher (the x^0 term), done once for q0 (into q1, q2) and once for q1 (into q2, q3).
 * The fold is linear and works lane by lane, so the lanes are summed only at the end.
 *
 * Nothing branches on or indexes by data; only lengths (public) steer the code.
 */
#ifndef HWC_X86_GCM_VAES_H
#define HWC_X86_GCM_VAES_H

#include "hwc_arch_cores.h"

#define AI static inline __attribute__((always_inline))
/* Out-of-line copies keep each frame small: the kernel's stack is 16 KiB. */
#define NOINLINE static __attribute__((__noinline__))
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define FN(name) CAT(name, GCM_SUFFIX)

/*
 * The framing writes the chained state (y, counter, J0) as 64-bit words; reading it the same
 * way lets every load forward from its store. A 16-byte load of two 8-byte stores cannot
 * forward: it waits until both stores have retired, which serialises each request behind the
 * whole previous one. GCC merges two adjacent 8-byte loads into one 16-byte load, so the two
 * loads are spelled out in asm.
 */
AI __m128i ld128_halves(const hwc_u8 *p)
{
	const hwc_u64 *w = (const hwc_u64 *)p;
	__m128i v;

	__asm__("vmovq %1, %0\n\tvpinsrq $1, %2, %0, %0" : "=x"(v) : "m"(w[0]), "m"(w[1]));
	return v;
}

/*
 * The length block, byte-reversed: the bit counts of the text (low word) and of the AAD (high
 * word). Read with the vector loads above: _mm_set_epi64x of two computed words may go through
 * two 8-byte stack stores and a 16-byte reload, the stall again.
 */
_Static_assert(__builtin_offsetof(struct hwc_gcm_ctx, textlen) ==
	       __builtin_offsetof(struct hwc_gcm_ctx, aadlen) + 8, "aadlen, textlen adjacent");
AI __m128i len_block(const struct hwc_gcm_ctx *c)
{
	return _mm_slli_epi64(_mm_shuffle_epi32(ld128_halves((const hwc_u8 *)&c->aadlen), 0x4e), 3);
}

AI __m128i bswap128(__m128i v)
{
	return _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* Round key @i broadcast to every lane, straight from the schedule. */
AI V rkey(const hwc_u8 *ek, unsigned int i)
{
	return vbcast(_mm_loadu_si128((const __m128i *)(ek + 16 * i)));
}

/* inc32: lane i counts from @cb + i in its low 32-bit word, which wraps on its own. */
AI V ctr_lanes(__m128i cb)
{
	return vadd32(vbcast(cb), vlane_index());
}

/* Counters ctr + VW * j + lane for the next @n registers, as big-endian blocks. */
AI void ctr_regs(V *b, V ctr, unsigned int n)
{
	const V step = VLANES(0, VW);
	unsigned int j;

#pragma GCC unroll 8
	for (j = 0; j < n; j++) {
		b[j] = vbswap(ctr);
		ctr = vadd32(ctr, step);
	}
}

/*
 * Products use Karatsuba: the middle term of each lane is one multiply of (x.lo ^ x.hi) by
 * (h.lo ^ h.hi), the latter formed as each power is read (karatsuba_key). VPCLMULQDQ issues at
 * half the rate of VAES on current cores (Zen 5: one per two cycles, any width), so three
 * multiplies per block instead of four.
 */
struct gacc {
	V lo, mid, hi;
	/*
	 * A constant per accumulator: mid holds the schoolbook middle product (the zmm tier's
	 * gmul_sb). The ymm tier has Karatsuba only and never reads it.
	 */
	int sb;
};

/* hk: (h.lo ^ h.hi) in the low word of every lane, for the Karatsuba middle product. */
AI V karatsuba_key(V h)
{
	return vxor(h, vswap(h));
}

/* One product's three parts into @a: the first product of a reduction starts it. */
AI void gacc_add(struct gacc *a, V lo, V hi, V mid, int first)
{
	if (first) {
		a->lo = lo;
		a->hi = hi;
		a->mid = mid;
	} else {
		a->lo = vxor(a->lo, lo);
		a->hi = vxor(a->hi, hi);
		a->mid = vxor(a->mid, mid);
	}
	gacc_pin(a);
}

/*
 * The width's product of @x and @h into @a (hk: h's Karatsuba form), and the reduction:
 * Karatsuba recombination, the two folds of every lane, then the lanes summed.
 */
AI void gmul(struct gacc *a, V x, V h, V hk, int first);
AI __m128i greduce(const struct gacc *a);

/*
 * y = (y + g[0]) * H^n + ... over @nv registers of elements whose powers are in h[] (hk[]
 * their Karatsuba form): lane j of g[i] pairs with lane j of h[i]. Lanes with a zero element
 * (or zero power) add nothing.
 */
AI __m128i ghash_regs(__m128i y, V *g, const V *h, const V *hk, unsigned int nv)
{
	struct gacc a = { .lo = VLANES(0, 0), .mid = VLANES(0, 0), .hi = VLANES(0, 0) };
	unsigned int i;

	g[0] = vxor(g[0], vzext(y));
#pragma GCC unroll 8
	for (i = 0; i < nv; i++)
		gmul(&a, g[i], h[i], hk[i], i == 0);
	return greduce(&a);
}

/* The same for one 128-bit product, when a single block is hashed. */
AI __m128i greduce1(__m128i lo, __m128i mid, __m128i hi)
{
	const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
	__m128i w;

	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	w = _mm_xor_si128(_mm_clmulepi64_si128(lo, poly, 0x00), _mm_shuffle_epi32(lo, 0x4e));
	return _mm_xor_si128(hi, _mm_xor_si128(_mm_clmulepi64_si128(w, poly, 0x00),
					       _mm_shuffle_epi32(w, 0x4e)));
}

/*
 * One block, in xmm: the length block and short AAD. Each width spells out the order of its
 * four products: GCC keeps the source order here, and the two tiers were tuned with different
 * ones.
 */
AI __m128i ghash_y1(const struct hwc_gcm_key *k, __m128i y, __m128i x);

/*
 * The width's own parts, defined after the include. ghash_regs_k: y = (y + g[0]) * H^.. + ...
 * over @nv registers with whole registers of powers from hpow[pw] on, read where they are used.
 * ghash_rest: the last n < 8 * VW blocks of a GHASH run. gcm_bulk_{enc,dec}{10,12,14}: a
 * piece's whole 256-byte steps (len a multiple of 256, at least 256) per direction and round
 * count; gcm_tails: its last 0 <= len < 256 bytes (@ctr by reference: the counter lives in
 * memory, the bulk functions have its address, and each call reads it).
 */
AI __m128i ghash_regs_k(const struct hwc_gcm_key *k, __m128i y, V *g, unsigned int pw,
			unsigned int nv);
AI __m128i ghash_rest(const struct hwc_gcm_key *k, __m128i y, const hwc_u8 *src, hwc_size n);
AI __m128i gcm_tails(const struct hwc_gcm_key *k, int enc, const V *ctr, __m128i y,
		     hwc_u8 *dst, const hwc_u8 *src, hwc_size len);

void FN(hwc_ghash_)(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n)
{
	__m128i acc = bswap128(ld128_halves(y));
	V g[8];
	unsigned int i;

	for (; n >= 8 * VW; n -= 8 * VW, src += 128 * VW) {
#pragma GCC unroll 8
		for (i = 0; i < 8; i++)
			g[i] = vbswap(vld(src + 16 * VW * i));
		acc = ghash_regs_k(k, acc, g, HWC_GCM_NPOW - 8 * VW, 8);
	}
	acc = ghash_rest(k, acc, src, n);
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
}

#define BULK_DECL(name)									\
NOINLINE void name(const struct hwc_gcm_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len, \
		   V *ctr, __m128i *y)
BULK_DECL(gcm_bulk_enc10); BULK_DECL(gcm_bulk_enc12); BULK_DECL(gcm_bulk_enc14);
BULK_DECL(gcm_bulk_dec10); BULK_DECL(gcm_bulk_dec12); BULK_DECL(gcm_bulk_dec14);

/* The width's gcm_tail (a piece's last len < 256 bytes) out of line, per register count @n. */
#define TAIL(n)										\
NOINLINE __m128i gcm_tail##n(const struct hwc_gcm_key *k, int enc, V ctr, __m128i y,		\
			     hwc_u8 *dst, const hwc_u8 *src, hwc_size len)			\
{											\
	return gcm_tail(k, enc, ctr, y, dst, src, len, n);				\
}

/*
 * The width's gcm_short (a message's last piece of at most 256 bytes, and the tag) out of line,
 * per register count and key size. "w": a message that is this one piece without AAD (the
 * lengths say so, and they are public), which skips the GHASH state and the counter in @c and
 * half of the length block's products. SHORT_PARAMS(tag) and SHORT_ARGS(tag): @tag and what
 * else the width's gcm_short takes after it.
 */
#define SHORT_FN(name, enc, nv, nr, whole)						\
NOINLINE void name(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
		   const hwc_u8 *src, hwc_size len, SHORT_PARAMS(tag))			\
{											\
	gcm_short(k, c, enc, dst, src, len, SHORT_ARGS(tag), nv, nr, whole);		\
}
#define SHORT(nv, nr)									\
	SHORT_FN(gcm_short_enc##nv##_##nr, 1, nv, nr, 0)				\
	SHORT_FN(gcm_short_dec##nv##_##nr, 0, nv, nr, 0)				\
	SHORT_FN(gcm_short_encw##nv##_##nr, 1, nv, nr, 1)				\
	SHORT_FN(gcm_short_decw##nv##_##nr, 0, nv, nr, 1)

/* Whole 256-byte steps through the bulk loop of the direction and round count @nr. */
AI void gcm_bulk_call(unsigned int nr, int enc, const struct hwc_gcm_key *k, hwc_u8 *dst,
		      const hwc_u8 *src, hwc_size len, V *ctr, __m128i *y)
{
	if (enc)
		(nr == 10 ? gcm_bulk_enc10 : nr == 12 ? gcm_bulk_enc12 : gcm_bulk_enc14)
			(k, dst, src, len, ctr, y);
	else
		(nr == 10 ? gcm_bulk_dec10 : nr == 12 ? gcm_bulk_dec12 : gcm_bulk_dec14)
			(k, dst, src, len, ctr, y);
}

/* A piece that does not end the message; the chained state stays in @c. */
AI void gcm_crypt(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
		  const hwc_u8 *src, hwc_size len)
{
	__m128i cb = bswap128(ld128_halves(c->ctr));
	__m128i y = bswap128(ld128_halves(c->y));
	hwc_size nbl = (len + 15) / 16, bulk = len & ~(hwc_size)255;
	unsigned int nr = k->aes.nr;
	V ctr = ctr_lanes(cb);

	if (bulk) {
		gcm_bulk_call(nr, enc, k, dst, src, bulk, &ctr, &y);
		src += bulk;
		dst += bulk;
		len -= bulk;
	}
	y = gcm_tails(k, enc, &ctr, y, dst, src, len);
	cb = _mm_add_epi32(cb, _mm_cvtsi32_si128((int)nbl));
	_mm_storeu_si128((__m128i *)c->ctr, bswap128(cb));
	_mm_storeu_si128((__m128i *)c->y, bswap128(y));
}

void FN(hwc_gcm_enc_)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		      const hwc_u8 *src, hwc_size len)
{
	gcm_crypt(k, c, 1, dst, src, len);
}

void FN(hwc_gcm_dec_)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		      const hwc_u8 *src, hwc_size len)
{
	gcm_crypt(k, c, 0, dst, src, len);
}

/*
 * The tag: GHASH of the length block, whose byte reversal is simply the two bit counts as
 * 64-bit words, and E_K(J0), in one call.
 */
void FN(hwc_gcm_final_)(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, hwc_u8 tag[16])
{
	const hwc_u8 *ek = k->aes.ek;
	__m128i y = bswap128(ld128_halves(c->y));
	__m128i j0 = ld128_halves(c->j0);
	unsigned int i, nr = k->aes.nr;

	y = ghash_y1(k, y, len_block(c));
	j0 = _mm_xor_si128(j0, _mm_loadu_si128((const __m128i *)ek));
	for (i = 1; i < nr; i++)
		j0 = _mm_aesenc_si128(j0, _mm_loadu_si128((const __m128i *)(ek + 16 * i)));
	j0 = _mm_aesenclast_si128(j0, _mm_loadu_si128((const __m128i *)(ek + 16 * nr)));
	_mm_storeu_si128((__m128i *)tag, _mm_xor_si128(bswap128(y), j0));
}

#endif /* HWC_X86_GCM_VAES_H */

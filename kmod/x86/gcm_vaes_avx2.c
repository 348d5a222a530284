// SPDX-License-Identifier: GPL-2.0
/*
 * GCM on VAES + VPCLMULQDQ + AVX2 (ymm): two blocks per register, sixteen blocks (256 bytes)
 * per step, CTR and GHASH in one pass with one reduction per step against H^16..H^1.
 *
 * Field elements and the reduction are those of gcm_vaes_avx512.c: byte-reversed blocks, key
 * powers carrying x^-1, so each 128-bit lane of a carry-less product is [q3 q2 q1 q0] with
 * x^0..x^127 in the upper half; q0 and then q1 are folded up with x^128 = x^7 + x^2 + x + 1
 * (clmul by 0xc2 << 56, plus the word itself one word higher). Products use Karatsuba: the
 * middle term of each lane is one multiply of (a.lo ^ a.hi) by (h.lo ^ h.hi), the latter
 * formed as each power is read. VPCLMULQDQ issues at half the rate of VAES on current cores
 * (Zen 5: one per two cycles, any width), so three multiplies per block instead of four.
 *
 * AVX2 has no byte masks: a partial final block goes through a zeroed 32-byte buffer, so no
 * byte beyond the message is read or written. Nothing branches on or indexes by data.
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

#define AI static inline __attribute__((always_inline))

typedef __m256i V;

AI V vxor(V a, V b)
{
	return _mm256_xor_si256(a, b);
}

AI V vld(const void *p)
{
	return _mm256_loadu_si256((const V *)p);
}

AI void vst(void *p, V v)
{
	_mm256_storeu_si256((V *)p, v);
}

AI V vbcast(const void *p)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

AI V vbswap(V v)
{
	return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(
		_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

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

/* 64-bit halves of every lane swapped. */
AI V vswap(V v)
{
	return _mm256_shuffle_epi32(v, 0x4e);
}

struct gacc {
	V lo, mid, hi;
};

/* hk: (h.lo ^ h.hi) in the low word of every lane, for the Karatsuba middle product. */
AI V karatsuba_key(V h)
{
	return vxor(h, vswap(h));
}

/*
 * One product's three parts into @a: the first product of a reduction starts it. The
 * accumulators are pinned after each product (an empty asm that takes and gives them): left
 * free, GCC computed a step's 24 products first and summed them at its end, holding them on
 * the stack (54 spill loads and stores in the AES-128 bulk loop, 18 pinned); Zen 3, 8-16 KiB
 * requests: 0.92-0.97 of 7.2's speed before, 1.00-1.08 after.
 */
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
	__asm__("" : "+x"(a->lo), "+x"(a->hi), "+x"(a->mid));
}

AI void gmul(struct gacc *a, V x, V h, V hk, int first)
{
	gacc_add(a, _mm256_clmulepi64_epi128(x, h, 0x00), _mm256_clmulepi64_epi128(x, h, 0x11),
		 _mm256_clmulepi64_epi128(vxor(x, vswap(x)), hk, 0x00), first);
}

/* Karatsuba recombination, the two folds of every lane, then the two lanes summed. */
AI __m128i greduce(const struct gacc *a)
{
	const V poly = _mm256_set1_epi64x((long long)0xc200000000000000ULL);
	V mid = vxor(a->mid, vxor(a->lo, a->hi));
	V lo = vxor(a->lo, _mm256_bslli_epi128(mid, 8));
	V hi = vxor(a->hi, _mm256_bsrli_epi128(mid, 8));
	V w, r;

	w = vxor(_mm256_clmulepi64_epi128(lo, poly, 0x00), vswap(lo));
	r = vxor(hi, vxor(_mm256_clmulepi64_epi128(w, poly, 0x00), vswap(w)));
	return _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}

/* y = (y + g[0]) * H^.. + ...: g[i] pairs lane by lane with h[i] (hk[i] its Karatsuba form). */
AI __m128i ghash_regs(__m128i y, V *g, const V *h, const V *hk, unsigned int n)
{
	struct gacc a = { _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256() };
	unsigned int i;

	g[0] = vxor(g[0], _mm256_zextsi128_si256(y));
#pragma GCC unroll 8
	for (i = 0; i < n; i++)
		gmul(&a, g[i], h[i], hk[i], i == 0);
	return greduce(&a);
}

/* The same with whole registers of powers from hpow[pw] on, read where they are used. */
AI __m128i ghash_regs_k(const struct hwc_gcm_key *k, __m128i y, V *g, unsigned int pw,
			unsigned int n)
{
	struct gacc a;
	unsigned int i;

	g[0] = vxor(g[0], _mm256_zextsi128_si256(y));
#pragma GCC unroll 8
	for (i = 0; i < n; i++) {
		V h = vld(k->hpow[pw + 2 * i]);

		gmul(&a, g[i], h, karatsuba_key(h), i == 0);
	}
	return greduce(&a);
}

/* Powers for the last @n <= 16 blocks of a run, H^n..H^1: lane j of register i gets H^(n-2i-j). */
AI V tail_power(const struct hwc_gcm_key *k, hwc_size n, unsigned int i)
{
	const hwc_u8 *p;

	if (2 * i >= n || n > 16)	/* never: keeps the index provably inside hpow[] */
		return _mm256_setzero_si256();
	p = k->hpow[HWC_GCM_NPOW - n + 2 * i];
	if (2 * i + 1 < n)
		return vld(p);
	/* An odd count: the last register holds one block, its upper lane adds nothing. */
	return _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

/* One block, in xmm: the length block and short AAD. */
AI __m128i ghash_y1(const struct hwc_gcm_key *k, __m128i y, __m128i x)
{
	const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
	__m128i h = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]), lo, hi, mid, w;

	x = _mm_xor_si128(x, y);
	lo = _mm_clmulepi64_si128(x, h, 0x00);
	hi = _mm_clmulepi64_si128(x, h, 0x11);
	mid = _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x01), _mm_clmulepi64_si128(x, h, 0x10));
	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	w = _mm_xor_si128(_mm_clmulepi64_si128(lo, poly, 0x00), _mm_shuffle_epi32(lo, 0x4e));
	return _mm_xor_si128(hi, _mm_xor_si128(_mm_clmulepi64_si128(w, poly, 0x00),
					       _mm_shuffle_epi32(w, 0x4e)));
}

/* The last n < 16 blocks, one reduction; out of line to keep both frames small. */
static __attribute__((__noinline__)) __m128i ghash_tail(const struct hwc_gcm_key *k, __m128i acc,
							const hwc_u8 *src, hwc_size n)
{
	V h[8], hk[8], g[8];
	unsigned int i, nv = (unsigned int)(n + 1) / 2;

	for (i = 0; i < nv; i++) {
		if (2 * i + 1 < n)
			g[i] = vbswap(vld(src + 32 * i));
		else
			g[i] = vbswap(_mm256_zextsi128_si256(
				_mm_loadu_si128((const __m128i *)(src + 32 * i))));
		h[i] = tail_power(k, n, i);
		hk[i] = karatsuba_key(h[i]);
	}
	return ghash_regs(acc, g, h, hk, nv);
}

void hwc_ghash_vaes_avx2(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
			 hwc_size n)
{
	__m128i acc = bswap128(ld128_halves(y));
	V g[8];
	unsigned int i;

	for (; n >= 16; n -= 16, src += 256) {
#pragma GCC unroll 8
		for (i = 0; i < 8; i++)
			g[i] = vbswap(vld(src + 32 * i));
		acc = ghash_regs_k(k, acc, g, HWC_GCM_NPOW - 16, 8);
	}
	if (n)
		acc = ghash_tail(k, acc, src, n);
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
}

/*
 * AES rounds on @n registers; round keys broadcast from the schedule as each round needs them
 * (memory operands: AVX2 has too few registers to keep a schedule and 16 blocks in flight).
 */
AI void aes_regs(const hwc_u8 *ek, V *b, unsigned int n, unsigned int nr)
{
	unsigned int i, j;
	V rk = vbcast(ek);

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor(b[j], rk);
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		rk = vbcast(ek + 16 * i);
#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = _mm256_aesenc_epi128(b[j], rk);
	}
	rk = vbcast(ek + 16 * nr);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = _mm256_aesenclast_epi128(b[j], rk);
}

AI void ctr_regs(V *b, V ctr, unsigned int n)
{
	const V two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
	unsigned int j;

#pragma GCC unroll 8
	for (j = 0; j < n; j++) {
		b[j] = vbswap(ctr);
		ctr = _mm256_add_epi32(ctr, two);
	}
}

/*
 * The last len < 256 bytes in @nv = ceil(len / 32) registers. Only the last register can be
 * short; it goes through a zeroed buffer, and GHASH sees its ciphertext zero-padded. The
 * round count is a loop bound here: short messages want little code.
 */
AI __m128i gcm_tail(const struct hwc_gcm_key *k, int enc, V ctr, __m128i y, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len, unsigned int nv)
{
	hwc_size nbl = (len + 15) / 16, last = len - 32 * (nv - 1);
	V b[8], g[8], h[8], hk[8], x;
	hwc_u8 buf[32];
	unsigned int j;

	ctr_regs(b, ctr, nv);
	aes_regs(k->aes.ek, b, nv, k->aes.nr);
#pragma GCC unroll 8
	for (j = 0; j + 1 < nv; j++) {
		x = vld(src + 32 * j);
		b[j] = vxor(b[j], x);
		vst(dst + 32 * j, b[j]);
		g[j] = vbswap(enc ? b[j] : x);
	}
	__builtin_memset(buf, 0, sizeof(buf));
	__builtin_memcpy(buf, src + 32 * j, last);
	x = vld(buf);
	vst(buf, vxor(b[j], x));
	__builtin_memcpy(dst + 32 * j, buf, last);
	if (enc) {
		__builtin_memset(buf + last, 0, sizeof(buf) - last);
		x = vld(buf);
	}
	g[j] = vbswap(x);
#pragma GCC unroll 8
	for (j = 0; j < nv; j++) {
		h[j] = tail_power(k, nbl, j);
		hk[j] = karatsuba_key(h[j]);
	}
	y = ghash_regs(y, g, h, hk, nv);
	hwc_memzero_explicit(buf, sizeof(buf));
	return y;
}

#define NOINLINE static __attribute__((__noinline__))
#define TAIL(n)										\
NOINLINE __m128i gcm_tail##n(const struct hwc_gcm_key *k, int enc, V ctr, __m128i y,		\
			     hwc_u8 *dst, const hwc_u8 *src, hwc_size len)			\
{											\
	return gcm_tail(k, enc, ctr, y, dst, src, len, n);				\
}
TAIL(1) TAIL(2) TAIL(3) TAIL(4) TAIL(5) TAIL(6) TAIL(7) TAIL(8)

/*
 * AES of 8 registers of counter blocks, with the GHASH multiplies of 8 other registers
 * (g, byte-reversed blocks from @gsrc against H^16..H^1) spread over rounds 1..8, so that the
 * carry-less multiplies issue while the AES units are busy instead of after them. The
 * blocks to hash are read from memory as each round needs them: sixteen ymm registers hold
 * the 8 AES states, a round key and the accumulators, not 8 more registers of input.
 */
AI void aes8_ghash8(const struct hwc_gcm_key *k, V *b, unsigned int nr, const hwc_u8 *gsrc,
		    __m128i y, struct gacc *a)
{
	const hwc_u8 *ek = k->aes.ek;
	unsigned int i, j;
	V rk = vbcast(ek);

#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = vxor(b[j], rk);
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		rk = vbcast(ek + 16 * i);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = _mm256_aesenc_epi128(b[j], rk);
		if (i <= 8) {
			V h = vld(k->hpow[HWC_GCM_NPOW - 16 + 2 * (i - 1)]);
			V g = vbswap(vld(gsrc + 32 * (i - 1)));

			if (i == 1)
				g = vxor(g, _mm256_zextsi128_si256(y));
			gmul(a, g, h, karatsuba_key(h), i == 1);
		}
	}
	rk = vbcast(ek + 16 * nr);
#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = _mm256_aesenclast_epi128(b[j], rk);
}

/*
 * Whole 256-byte steps, one reduction per step. Decryption hashes the ciphertext of the step
 * it decrypts, which is at hand before the rounds; encryption hashes each step's ciphertext
 * (read back from @dst, where it was just stored: the loads forward) during the next step's
 * rounds, and the last step's after the loop.
 */
AI void gcm_bulk(const struct hwc_gcm_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		 hwc_size len, V *ctrp, __m128i *yp, unsigned int nr)
{
	const V sixteen = _mm256_set_epi32(0, 0, 0, 16, 0, 0, 0, 16);
	V b[8], g[8], ctr = *ctrp;
	__m128i y = *yp;
	struct gacc a;
	const hwc_u8 *prev = src;
	unsigned int i;

	/* Called with len >= 256. Encryption's first step has nothing to hash yet. */
	if (enc) {
		ctr_regs(b, ctr, 8);
		ctr = _mm256_add_epi32(ctr, sixteen);
		aes_regs(k->aes.ek, b, 8, nr);
#pragma GCC unroll 8
		for (i = 0; i < 8; i++)
			vst(dst + 32 * i, vxor(b[i], vld(src + 32 * i)));
		prev = dst;
		len -= 256;
		src += 256;
		dst += 256;
	}
	for (; len >= 256; len -= 256, src += 256, dst += 256) {
		ctr_regs(b, ctr, 8);
		ctr = _mm256_add_epi32(ctr, sixteen);
		aes8_ghash8(k, b, nr, enc ? prev : src, y, &a);
		y = greduce(&a);
#pragma GCC unroll 8
		for (i = 0; i < 8; i++)
			vst(dst + 32 * i, vxor(b[i], vld(src + 32 * i)));
		prev = dst;
	}
	if (enc) {
#pragma GCC unroll 8
		for (i = 0; i < 8; i++)
			g[i] = vbswap(vld(prev + 32 * i));
		y = ghash_regs_k(k, y, g, HWC_GCM_NPOW - 16, 8);
	}
	*ctrp = ctr;
	*yp = y;
}

#define BULK(name, enc, nr)								\
NOINLINE void name(const struct hwc_gcm_key *k, hwc_u8 *dst, const hwc_u8 *src,		\
		   hwc_size len, V *ctr, __m128i *y)						\
{											\
	gcm_bulk(k, enc, dst, src, len, ctr, y, nr);					\
}
BULK(gcm_bulk_enc10, 1, 10) BULK(gcm_bulk_enc12, 1, 12) BULK(gcm_bulk_enc14, 1, 14)
BULK(gcm_bulk_dec10, 0, 10) BULK(gcm_bulk_dec12, 0, 12) BULK(gcm_bulk_dec14, 0, 14)

AI void gcm_crypt(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
		  const hwc_u8 *src, hwc_size len)
{
	__m128i cb = bswap128(ld128_halves(c->ctr));
	__m128i y = bswap128(ld128_halves(c->y));
	hwc_size nbl = (len + 15) / 16, bulk = len & ~(hwc_size)255;
	unsigned int nr = k->aes.nr;
	V ctr;

	/* inc32: lane i counts from ctr + i in its low 32-bit word, which wraps on its own. */
	ctr = _mm256_add_epi32(_mm256_broadcastsi128_si256(cb),
			       _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
	if (bulk) {
		if (enc)
			(nr == 10 ? gcm_bulk_enc10 : nr == 12 ? gcm_bulk_enc12 : gcm_bulk_enc14)
				(k, dst, src, bulk, &ctr, &y);
		else
			(nr == 10 ? gcm_bulk_dec10 : nr == 12 ? gcm_bulk_dec12 : gcm_bulk_dec14)
				(k, dst, src, bulk, &ctr, &y);
		src += bulk;
		dst += bulk;
		len -= bulk;
	}
	if (len) {
		static __m128i (*const tails[8])(const struct hwc_gcm_key *, int, V, __m128i,
						  hwc_u8 *, const hwc_u8 *, hwc_size) = {
			gcm_tail1, gcm_tail2, gcm_tail3, gcm_tail4,
			gcm_tail5, gcm_tail6, gcm_tail7, gcm_tail8,
		};

		y = tails[(len - 1) / 32](k, enc, ctr, y, dst, src, len);
	}
	cb = _mm_add_epi32(cb, _mm_cvtsi32_si128((int)nbl));
	_mm_storeu_si128((__m128i *)c->ctr, bswap128(cb));
	_mm_storeu_si128((__m128i *)c->y, bswap128(y));
}

void hwc_gcm_enc_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len)
{
	gcm_crypt(k, c, 1, dst, src, len);
}

void hwc_gcm_dec_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len)
{
	gcm_crypt(k, c, 0, dst, src, len);
}

/*
 * The GHASH products of register @j of a short message: lane i is block 2j + i, times
 * H^(nbl + 1 - 2j - i); only the last register can have a lane past the text, whose power
 * reads as 0. @x is the register's text block pair as stored (ciphertext).
 */
AI void short_product(const struct hwc_gcm_key *k, struct gacc *a, V x, unsigned int j,
		      unsigned int nv, unsigned int nbl, unsigned int nlast, int fold_y,
		      __m128i y)
{
	/* bswap128 of each lane, then its two 64-bit halves swapped: the Karatsuba fold of x. */
	const V bswap_swap = _mm256_broadcastsi128_si256(
		_mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
	const hwc_u8 *hp = k->hpow[HWC_GCM_NPOW - 1 - nbl + 2 * j];
	V h = j + 1 < nv || nlast == 2 ? vld(hp) :
		_mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)hp));
	/*
	 * g: the blocks, byte-reversed; gk: x ^ swap(x), what the Karatsuba middle product
	 * takes, shuffled straight from the same source (one step of latency, not two). The
	 * running GHASH value joins the first block in both forms.
	 */
	V g = vbswap(x), gk = vxor(g, _mm256_shuffle_epi8(x, bswap_swap));

	if (fold_y) {
		g = vxor(g, _mm256_zextsi128_si256(y));
		gk = vxor(gk, _mm256_zextsi128_si256(_mm_xor_si128(y, _mm_shuffle_epi32(y, 0x4e))));
	}
	gacc_add(a, _mm256_clmulepi64_epi128(g, h, 0x00), _mm256_clmulepi64_epi128(g, h, 0x11),
		 _mm256_clmulepi64_epi128(gk, karatsuba_key(h), 0x00), j == 0);
}

/*
 * The last 1..16 blocks of a message and its tag, straight-line per register count and key
 * size: E_K(J0) in an xmm beside the counter registers in the same rounds, the text and the
 * length block in one reduction against H^(nbl+1)..H^1. A short request is bound by this
 * chain's latency, so it has no loops, no state stores and no calls but for a partial last
 * register (through a zeroed buffer, as AVX2 has no byte masks). Decryption hashes the
 * ciphertext it is given, so its products issue during the rounds (one register per round),
 * not after them: the request then takes the AES chain's latency, not that plus GHASH's.
 *
 * @whole: the message is this one piece without AAD (the lengths say so, and they are
 * public): the GHASH state is 0, the counters follow from J0, and the length block is one
 * 64-bit word. Otherwise @cb (the next counter block, byte-reversed) and @y carry the state:
 * xmm arguments, since a function taking ymm ones is left by GCC without VZEROUPPER, and the
 * SSE code it returns to then stalls on the dirty upper halves (measured on Zen 3: a 64-byte
 * request took twice as long).
 */
AI void gcm_short(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, int enc,
		  hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 *tag, __m128i cb, __m128i y,
		  const unsigned int nv, const unsigned int nr, const int whole)
{
	const hwc_u8 *ek = k->aes.ek;
	const unsigned int nbl = (unsigned int)((len + 15) / 16);
	/* 1 <= last <= 32 bytes, 1 <= nlast <= 2 blocks in the last register. */
	const hwc_size last = len - 32 * (nv - 1);
	const unsigned int nlast = nbl - 2 * (nv - 1);
	V jb = _mm256_broadcastsi128_si256(ld128_halves(c->j0));
	__m128i j0 = _mm256_castsi256_si128(jb);
	V b[8], tl, r;
	struct gacc a;
	hwc_u8 buf[32];
	unsigned int i, j;

	/*
	 * Whole registers of text are read where they are used (a memory operand of the last
	 * round, and of decryption's products): sixteen ymm registers cannot hold eight AES
	 * states and eight of text, and GCC would spill and reload them anyway.
	 */
	j = nv - 1;
	if (last == 32) {
		tl = vld(src + 32 * j);
	} else if (last == 16) {
		tl = _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(src + 32 * j)));
	} else {
		__builtin_memset(buf, 0, sizeof(buf));
		__builtin_memcpy(buf, src + 32 * j, last);
		tl = vld(buf);
	}
#define SHORT_TEXT(j) ((j) + 1 < nv ? vld(src + 32 * (j)) : tl)
	r = vbcast(ek);
	if (whole) {
		/*
		 * J0 = IV || 0^31 || 1 (hwc_gcm_start takes 96-bit IVs only), so the counter
		 * blocks 2..17 of a whole message differ from J0 in the last byte alone, by
		 * 1 ^ n: one xor per register, together with round key 0.
		 */
#pragma GCC unroll 8
		for (j = 0; j < nv; j++) {
			hwc_u64 n = 2 + 2 * j;

			b[j] = vxor(vxor(jb, r), _mm256_set_epi64x((long long)((1 ^ (n + 1)) << 56), 0,
								     (long long)((1 ^ n) << 56), 0));
		}
	} else {
		/* inc32 lanes from @cb, as gcm_crypt keeps them. */
		ctr_regs(b, _mm256_add_epi32(_mm256_broadcastsi128_si256(cb),
					     _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0)), nv);
#pragma GCC unroll 8
		for (j = 0; j < nv; j++)
			b[j] = vxor(b[j], r);
	}
	j0 = _mm_xor_si128(j0, _mm256_castsi256_si128(r));
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		r = vbcast(ek + 16 * i);
#pragma GCC unroll 8
		for (j = 0; j < nv; j++)
			b[j] = _mm256_aesenc_epi128(b[j], r);
		j0 = _mm_aesenc_si128(j0, _mm256_castsi256_si128(r));
		/* nv <= 8 < nr: every register finds a round. */
		if (!enc && i <= nv)
			short_product(k, &a, SHORT_TEXT(i - 1), i - 1, nv, nbl, nlast,
				      !whole && i == 1, y);
	}
	/*
	 * The text joins the last round key (AESENCLAST ends with that xor), so the output
	 * leaves the last round with no step after it.
	 */
	r = vbcast(ek + 16 * nr);
#pragma GCC unroll 8
	for (j = 0; j < nv; j++)
		b[j] = _mm256_aesenclast_epi128(b[j], vxor(r, SHORT_TEXT(j)));
#undef SHORT_TEXT
	j0 = _mm_aesenclast_si128(j0, _mm256_castsi256_si128(r));
#pragma GCC unroll 8
	for (j = 0; j + 1 < nv; j++)
		vst(dst + 32 * j, b[j]);
	if (last == 32) {
		vst(dst + 32 * j, b[j]);
	} else if (last == 16) {
		_mm_storeu_si128((__m128i *)(dst + 32 * j), _mm256_castsi256_si128(b[j]));
		/* Keystream beyond the message is cut off here: GHASH sees zero padding. */
		if (enc)
			b[j] = _mm256_zextsi128_si256(_mm256_castsi256_si128(b[j]));
	} else {
		vst(buf, b[j]);
		__builtin_memcpy(dst + 32 * j, buf, last);
		if (enc) {
			__builtin_memset(buf + last, 0, sizeof(buf) - last);
			b[j] = vld(buf);
		}
		hwc_memzero_explicit(buf, sizeof(buf));
	}
	if (enc) {
#pragma GCC unroll 8
		for (j = 0; j < nv; j++)
			short_product(k, &a, b[j], j, nv, nbl, nlast, !whole && j == 0, y);
	}
	{
		__m128i h1 = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]);
		__m128i l, lo;

		if (whole) {
			/* Without AAD: x.hi = 0, two products with H's halves, no Karatsuba. */
			l = _mm_cvtsi64_si128((long long)(len * 8));
			lo = _mm_clmulepi64_si128(l, h1, 0x00);
			a.lo = vxor(a.lo, _mm256_zextsi128_si256(lo));
			a.mid = vxor(a.mid, _mm256_zextsi128_si256(
				_mm_xor_si128(lo, _mm_clmulepi64_si128(l, h1, 0x10))));
		} else {
			__m128i hk1 = _mm_xor_si128(h1, _mm_shuffle_epi32(h1, 0x4e));

			l = len_block(c);
			a.lo = vxor(a.lo, _mm256_zextsi128_si256(_mm_clmulepi64_si128(l, h1, 0x00)));
			a.hi = vxor(a.hi, _mm256_zextsi128_si256(_mm_clmulepi64_si128(l, h1, 0x11)));
			a.mid = vxor(a.mid, _mm256_zextsi128_si256(_mm_clmulepi64_si128(
				_mm_xor_si128(l, _mm_shuffle_epi32(l, 0x4e)), hk1, 0x00)));
		}
	}
	_mm_storeu_si128((__m128i *)tag, _mm_xor_si128(bswap128(greduce(&a)), j0));
}

/*
 * Per register count and key size: "w" for a whole message (see gcm_short); the others take
 * the counter and GHASH state from the caller, who may have them in registers.
 */
#define SHORT(nv, nr)									\
NOINLINE void gcm_short_enc##nv##_##nr(const struct hwc_gcm_key *k,				\
				       const struct hwc_gcm_ctx *c, hwc_u8 *dst,		\
				       const hwc_u8 *src, hwc_size len, hwc_u8 *tag,		\
				       __m128i cb, __m128i y)				\
{											\
	gcm_short(k, c, 1, dst, src, len, tag, cb, y, nv, nr, 0);			\
}											\
NOINLINE void gcm_short_dec##nv##_##nr(const struct hwc_gcm_key *k,				\
				       const struct hwc_gcm_ctx *c, hwc_u8 *dst,		\
				       const hwc_u8 *src, hwc_size len, hwc_u8 *tag,		\
				       __m128i cb, __m128i y)				\
{											\
	gcm_short(k, c, 0, dst, src, len, tag, cb, y, nv, nr, 0);			\
}											\
NOINLINE void gcm_short_encw##nv##_##nr(const struct hwc_gcm_key *k,				\
					const struct hwc_gcm_ctx *c, hwc_u8 *dst,		\
					const hwc_u8 *src, hwc_size len, hwc_u8 *tag,		\
					__m128i cb, __m128i y)				\
{											\
	gcm_short(k, c, 1, dst, src, len, tag, cb, y, nv, nr, 1);			\
}											\
NOINLINE void gcm_short_decw##nv##_##nr(const struct hwc_gcm_key *k,				\
					const struct hwc_gcm_ctx *c, hwc_u8 *dst,		\
					const hwc_u8 *src, hwc_size len, hwc_u8 *tag,		\
					__m128i cb, __m128i y)				\
{											\
	gcm_short(k, c, 0, dst, src, len, tag, cb, y, nv, nr, 1);			\
}
#define SHORT_NR(nr) SHORT(1, nr) SHORT(2, nr) SHORT(3, nr) SHORT(4, nr)		\
	SHORT(5, nr) SHORT(6, nr) SHORT(7, nr) SHORT(8, nr)
SHORT_NR(10) SHORT_NR(12) SHORT_NR(14)

typedef void short_fn(const struct hwc_gcm_key *, const struct hwc_gcm_ctx *, hwc_u8 *,
		      const hwc_u8 *, hwc_size, hwc_u8 *, __m128i, __m128i);
#define SHORT_ROW(dir, nr) { gcm_short_##dir##1_##nr, gcm_short_##dir##2_##nr,		\
	gcm_short_##dir##3_##nr, gcm_short_##dir##4_##nr, gcm_short_##dir##5_##nr,		\
	gcm_short_##dir##6_##nr, gcm_short_##dir##7_##nr, gcm_short_##dir##8_##nr }
/* [direction: enc, dec, encw, decw][key size: 10, 12, 14 rounds][registers - 1] */
static short_fn *const short_fns[4][3][8] = {
	{ SHORT_ROW(enc, 10), SHORT_ROW(enc, 12), SHORT_ROW(enc, 14) },
	{ SHORT_ROW(dec, 10), SHORT_ROW(dec, 12), SHORT_ROW(dec, 14) },
	{ SHORT_ROW(encw, 10), SHORT_ROW(encw, 12), SHORT_ROW(encw, 14) },
	{ SHORT_ROW(decw, 10), SHORT_ROW(decw, 12), SHORT_ROW(decw, 14) },
};

/*
 * The last piece of a message and the tag. Its whole 256-byte steps but the last run as any
 * piece, keeping counter and GHASH state in registers; the last 1..256 bytes, the length
 * block and E_K(J0) go through one straight-line function, one reduction.
 */
AI void gcm_crypt_final(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc,
			hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 *tag)
{
	unsigned int nr = k->aes.nr, ki = nr == 10 ? 0 : nr == 12 ? 1 : 2;
	hwc_size head;
	__m128i y, cb;
	V ctr;

	if (!len) {
		hwc_gcm_final_vaes_avx2(k, c, tag);
		return;
	}
	if (len <= 256 && !c->aadlen && c->textlen == len) {
		short_fns[2 + !enc][ki][(len - 1) / 32](k, c, dst, src, len, tag,
							 _mm_setzero_si128(), _mm_setzero_si128());
		return;
	}
	cb = bswap128(ld128_halves(c->ctr));
	y = bswap128(ld128_halves(c->y));
	ctr = _mm256_add_epi32(_mm256_broadcastsi128_si256(cb),
			       _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
	head = (len - 1) & ~(hwc_size)255;
	if (head) {
		if (enc)
			(nr == 10 ? gcm_bulk_enc10 : nr == 12 ? gcm_bulk_enc12 : gcm_bulk_enc14)
				(k, dst, src, head, &ctr, &y);
		else
			(nr == 10 ? gcm_bulk_dec10 : nr == 12 ? gcm_bulk_dec12 : gcm_bulk_dec14)
				(k, dst, src, head, &ctr, &y);
		src += head;
		dst += head;
		len -= head;
		cb = _mm_add_epi32(cb, _mm_cvtsi32_si128((int)(head / 16)));
	}
	short_fns[!enc][ki][(len - 1) / 32](k, c, dst, src, len, tag, cb, y);
}

void hwc_gcm_enc_final_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				 hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16])
{
	gcm_crypt_final(k, c, 1, dst, src, len, tag);
}

void hwc_gcm_dec_final_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				 hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16])
{
	gcm_crypt_final(k, c, 0, dst, src, len, tag);
}

/*
 * The tag: GHASH of the length block, whose byte reversal is simply the two bit counts as
 * 64-bit words, and E_K(J0), in one call.
 */
void hwc_gcm_final_vaes_avx2(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c,
			       hwc_u8 tag[16])
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

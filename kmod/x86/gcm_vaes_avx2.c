// SPDX-License-Identifier: GPL-2.0
/*
 * GCM on VAES + VPCLMULQDQ + AVX2 (ymm): two blocks per register, sixteen blocks (256 bytes)
 * per step, CTR and GHASH in one pass with one reduction per step against H^16..H^1. The
 * shared part (field elements, reduction, framing) is gcm_vaes.h; products use Karatsuba.
 *
 * AVX2 has no byte masks: a partial final block goes through a zeroed 32-byte buffer, so no
 * byte beyond the message is read or written. Nothing branches on or indexes by data.
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

typedef __m256i V;
#define VW 2
#define GCM_SUFFIX vaes_avx2

#define vld(p) _mm256_loadu_si256((const __m256i *)(p))
#define vst(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define vxor _mm256_xor_si256
#define vadd32 _mm256_add_epi32
#define vclmul _mm256_clmulepi64_epi128
#define vswap(v) _mm256_shuffle_epi32((v), 0x4e)
#define vzext _mm256_zextsi128_si256
#define vbcast _mm256_broadcastsi128_si256
#define VLANES(hi, lo) _mm256_set_epi64x((long long)(hi), (long long)(lo), (long long)(hi),	\
					 (long long)(lo))
#define vlane_index() _mm256_set_epi64x(0, 1, 0, 0)
/*
 * A function, not a macro: with the kernel's UBSAN bounds checks (Debian's 7.3, gcc-16) the
 * macro form laid out ghash_tail's frame differently.
 */
static inline __attribute__((always_inline)) V vbswap(V v)
{
	return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(
		_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}
/*
 * The accumulators are pinned after each product (an empty asm that takes and gives them):
 * left free, GCC computed a step's 24 products first and summed them at its end, holding them
 * on the stack (54 spill loads and stores in the AES-128 bulk loop, 18 pinned); Zen 3, 8-16 KiB
 * requests: 0.92-0.97 of 7.2's speed before, 1.00-1.08 after.
 */
#define gacc_pin(a) __asm__("" : "+x"((a)->lo), "+x"((a)->hi), "+x"((a)->mid))

#include "gcm_vaes.h"

/*
 * The products as gacc_add's arguments: GCC orders their multiplies and the pinned
 * accumulators' XORs differently from three locals, and this is the order the ymm loops were
 * tuned with.
 */
AI void gmul(struct gacc *a, V x, V h, V hk, int first)
{
	gacc_add(a, vclmul(x, h, 0x00), vclmul(x, h, 0x11), vclmul(vxor(x, vswap(x)), hk, 0x00),
		 first);
}

AI __m128i greduce(const struct gacc *a)
{
	const V poly = _mm256_set1_epi64x((long long)0xc200000000000000ULL);
	V mid = vxor(a->mid, vxor(a->lo, a->hi));
	V lo = vxor(a->lo, _mm256_bslli_epi128(mid, 8));
	V hi = vxor(a->hi, _mm256_bsrli_epi128(mid, 8));
	V w, r;

	w = vxor(vclmul(lo, poly, 0x00), vswap(lo));
	r = vxor(hi, vxor(vclmul(w, poly, 0x00), vswap(w)));
	return _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}

AI __m128i ghash_regs_k(const struct hwc_gcm_key *k, __m128i y, V *g, unsigned int pw,
			unsigned int n)
{
	struct gacc a;
	unsigned int i;

	g[0] = vxor(g[0], vzext(y));
#pragma GCC unroll 8
	for (i = 0; i < n; i++) {
		V h = vld(k->hpow[pw + 2 * i]);

		gmul(&a, g[i], h, karatsuba_key(h), i == 0);
	}
	return greduce(&a);
}

AI __m128i ghash_y1(const struct hwc_gcm_key *k, __m128i y, __m128i x)
{
	__m128i h = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]), lo, hi, mid;

	x = _mm_xor_si128(x, y);
	lo = _mm_clmulepi64_si128(x, h, 0x00);
	hi = _mm_clmulepi64_si128(x, h, 0x11);
	mid = _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x01), _mm_clmulepi64_si128(x, h, 0x10));
	return greduce1(lo, mid, hi);
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
	return vzext(_mm_loadu_si128((const __m128i *)p));
}

/* The last n < 16 blocks, one reduction; out of line to keep both frames small. */
NOINLINE __m128i ghash_tail(const struct hwc_gcm_key *k, __m128i acc, const hwc_u8 *src,
			    hwc_size n)
{
	V h[8], hk[8], g[8];
	unsigned int i, nv = (unsigned int)(n + 1) / 2;

	for (i = 0; i < nv; i++) {
		if (2 * i + 1 < n)
			g[i] = vbswap(vld(src + 32 * i));
		else
			g[i] = vbswap(vzext(_mm_loadu_si128((const __m128i *)(src + 32 * i))));
		h[i] = tail_power(k, n, i);
		hk[i] = karatsuba_key(h[i]);
	}
	return ghash_regs(acc, g, h, hk, nv);
}

AI __m128i ghash_rest(const struct hwc_gcm_key *k, __m128i acc, const hwc_u8 *src, hwc_size n)
{
	return n ? ghash_tail(k, acc, src, n) : acc;
}

/*
 * AES rounds on @n registers; round keys broadcast from the schedule as each round needs them
 * (memory operands: AVX2 has too few registers to keep a schedule and 16 blocks in flight).
 */
AI void aes_regs(const hwc_u8 *ek, V *b, unsigned int n, unsigned int nr)
{
	unsigned int i, j;
	V rk = rkey(ek, 0);

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor(b[j], rk);
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		rk = rkey(ek, i);
#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = _mm256_aesenc_epi128(b[j], rk);
	}
	rk = rkey(ek, nr);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = _mm256_aesenclast_epi128(b[j], rk);
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

TAIL(1) TAIL(2) TAIL(3) TAIL(4) TAIL(5) TAIL(6) TAIL(7) TAIL(8)

AI __m128i gcm_tails(const struct hwc_gcm_key *k, int enc, const V *ctr, __m128i y,
		     hwc_u8 *dst, const hwc_u8 *src, hwc_size len)
{
	static __m128i (*const tails[8])(const struct hwc_gcm_key *, int, V, __m128i,
					  hwc_u8 *, const hwc_u8 *, hwc_size) = {
		gcm_tail1, gcm_tail2, gcm_tail3, gcm_tail4,
		gcm_tail5, gcm_tail6, gcm_tail7, gcm_tail8,
	};

	if (len)
		y = tails[(len - 1) / 32](k, enc, *ctr, y, dst, src, len);
	return y;
}

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
	V rk = rkey(ek, 0);

#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = vxor(b[j], rk);
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		rk = rkey(ek, i);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = _mm256_aesenc_epi128(b[j], rk);
		if (i <= 8) {
			V h = vld(k->hpow[HWC_GCM_NPOW - 16 + 2 * (i - 1)]);
			V g = vbswap(vld(gsrc + 32 * (i - 1)));

			if (i == 1)
				g = vxor(g, vzext(y));
			gmul(a, g, h, karatsuba_key(h), i == 1);
		}
	}
	rk = rkey(ek, nr);
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
	const V sixteen = VLANES(0, 16);
	V b[8], g[8], ctr = *ctrp;
	__m128i y = *yp;
	struct gacc a;
	const hwc_u8 *prev = src;
	unsigned int i;

	/* Called with len >= 256. Encryption's first step has nothing to hash yet. */
	if (enc) {
		ctr_regs(b, ctr, 8);
		ctr = vadd32(ctr, sixteen);
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
		ctr = vadd32(ctr, sixteen);
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
BULK_DECL(name)										\
{											\
	gcm_bulk(k, enc, dst, src, len, ctr, y, nr);					\
}
BULK(gcm_bulk_enc10, 1, 10) BULK(gcm_bulk_enc12, 1, 12) BULK(gcm_bulk_enc14, 1, 14)
BULK(gcm_bulk_dec10, 0, 10) BULK(gcm_bulk_dec12, 0, 12) BULK(gcm_bulk_dec14, 0, 14)

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
	V h = j + 1 < nv || nlast == 2 ? vld(hp) : vzext(_mm_loadu_si128((const __m128i *)hp));
	/*
	 * g: the blocks, byte-reversed; gk: x ^ swap(x), what the Karatsuba middle product
	 * takes, shuffled straight from the same source (one step of latency, not two). The
	 * running GHASH value joins the first block in both forms.
	 */
	V g = vbswap(x), gk = vxor(g, _mm256_shuffle_epi8(x, bswap_swap));

	if (fold_y) {
		g = vxor(g, vzext(y));
		gk = vxor(gk, vzext(_mm_xor_si128(y, _mm_shuffle_epi32(y, 0x4e))));
	}
	gacc_add(a, vclmul(g, h, 0x00), vclmul(g, h, 0x11), vclmul(gk, karatsuba_key(h), 0x00),
		 j == 0);
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
	V jb = vbcast(ld128_halves(c->j0));
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
		tl = vzext(_mm_loadu_si128((const __m128i *)(src + 32 * j)));
	} else {
		__builtin_memset(buf, 0, sizeof(buf));
		__builtin_memcpy(buf, src + 32 * j, last);
		tl = vld(buf);
	}
#define SHORT_TEXT(j) ((j) + 1 < nv ? vld(src + 32 * (j)) : tl)
	r = rkey(ek, 0);
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
		ctr_regs(b, ctr_lanes(cb), nv);
#pragma GCC unroll 8
		for (j = 0; j < nv; j++)
			b[j] = vxor(b[j], r);
	}
	j0 = _mm_xor_si128(j0, _mm256_castsi256_si128(r));
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		r = rkey(ek, i);
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
	r = rkey(ek, nr);
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
			b[j] = vzext(_mm256_castsi256_si128(b[j]));
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
			a.lo = vxor(a.lo, vzext(lo));
			a.mid = vxor(a.mid, vzext(
				_mm_xor_si128(lo, _mm_clmulepi64_si128(l, h1, 0x10))));
		} else {
			__m128i hk1 = _mm_xor_si128(h1, _mm_shuffle_epi32(h1, 0x4e));

			l = len_block(c);
			a.lo = vxor(a.lo, vzext(_mm_clmulepi64_si128(l, h1, 0x00)));
			a.hi = vxor(a.hi, vzext(_mm_clmulepi64_si128(l, h1, 0x11)));
			a.mid = vxor(a.mid, vzext(_mm_clmulepi64_si128(
				_mm_xor_si128(l, _mm_shuffle_epi32(l, 0x4e)), hk1, 0x00)));
		}
	}
	_mm_storeu_si128((__m128i *)tag, _mm_xor_si128(bswap128(greduce(&a)), j0));
}

/* The counter and GHASH state from the caller, who may have them in registers. */
#define SHORT_PARAMS(tag) hwc_u8 *tag, __m128i cb, __m128i y
#define SHORT_ARGS(tag) tag, cb, y
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
	ctr = ctr_lanes(cb);
	head = (len - 1) & ~(hwc_size)255;
	if (head) {
		gcm_bulk_call(nr, enc, k, dst, src, head, &ctr, &y);
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

// SPDX-License-Identifier: GPL-2.0
/*
 * GCM on VAES + VPCLMULQDQ + AVX-512 (zmm): four blocks per register, 32 blocks (512 bytes) per
 * step, CTR and GHASH in one pass with one reduction per step against H^32..H^1. A message's
 * last step takes H^33..H^2 and the length block H in the same reduction; a last piece of at
 * most 256 bytes runs as straight-line code with E_K(J0) beside its counter blocks (short
 * requests are bound by latency and by how much of the next request the core can overlap).
 * The shared part (field elements, reduction, framing) is gcm_vaes.h.
 *
 * Tails use AVX-512 byte masks: masked-off bytes are neither read nor written, so a message of
 * any length never touches memory beyond its end, and GHASH sees a partial block zero-padded.
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

typedef __m512i V;
#define VW 4
#define GCM_SUFFIX vaes_avx512

#define vld(p) _mm512_loadu_si512(p)
#define vst(p, v) _mm512_storeu_si512((p), (v))
#define vxor _mm512_xor_si512
/* One VPTERNLOGQ (truth table a ^ b ^ c). */
#define vxor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define vadd32 _mm512_add_epi32
#define vclmul _mm512_clmulepi64_epi128
#define vswap(v) _mm512_shuffle_epi32((v), 0x4e)
#define vzext _mm512_zextsi128_si512
#define vbcast _mm512_broadcast_i32x4
/*
 * A constant block in every lane, as one 64-byte constant: GCC builds a broadcast of a 16-byte
 * constant with a load and a shuffle, a cost the short paths notice.
 */
#define VLANES(hi, lo) _mm512_set_epi64((long long)(hi), (long long)(lo), (long long)(hi),	\
					(long long)(lo), (long long)(hi), (long long)(lo),	\
					(long long)(hi), (long long)(lo))
#define vlane_index() _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0)
/* Byte reversal of every 128-bit lane: GCM block <-> field element, big-endian counter <-> integer. */
static inline __attribute__((always_inline)) V vbswap(V v)
{
	return _mm512_shuffle_epi8(v, VLANES(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL));
}
/* The zmm tier leaves its accumulators free: its loops were tuned so. */
#define gacc_pin(a) ((void)(a))

#include "gcm_vaes.h"

int hwc_gcm_zmm_schoolbook HWC_RO_AFTER_INIT;

/* The same block in every lane: two 8-byte broadcast loads (no shuffle unit) and an unpack. */
AI V bcast_halves(const hwc_u8 *p)
{
	const hwc_u64 *w = (const hwc_u64 *)p;
	V lo, hi;

	__asm__("vpbroadcastq %1, %0" : "=v"(lo) : "m"(w[0]));
	__asm__("vpbroadcastq %1, %0" : "=v"(hi) : "m"(w[1]));
	return _mm512_unpacklo_epi64(lo, hi);
}

/* Bytes [0, n) of a 64-byte register; n may exceed 64. */
AI __mmask64 bytemask(hwc_size n)
{
	return n >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << n) - 1;
}

/* Lanes [0, n) as a 64-bit-element mask; n may exceed 4. */
AI __mmask8 lanemask(hwc_size n)
{
	return n >= 4 ? 0xff : (__mmask8)((1u << (2 * n)) - 1);
}

/* The products as three locals, in the order the zmm paths were tuned with (see the ymm gmul). */
AI void gmul(struct gacc *a, V x, V h, V hk, int first)
{
	V lo = vclmul(x, h, 0x00);
	V hi = vclmul(x, h, 0x11);
	V mid = vclmul(vxor(x, vswap(x)), hk, 0x00);

	gacc_add(a, lo, hi, mid, first);
}

AI __m128i ghash_y1(const struct hwc_gcm_key *k, __m128i y, __m128i x)
{
	__m128i h = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]);

	x = _mm_xor_si128(x, y);
	return greduce1(_mm_clmulepi64_si128(x, h, 0x00),
			_mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x01),
				      _mm_clmulepi64_si128(x, h, 0x10)),
			_mm_clmulepi64_si128(x, h, 0x11));
}

/* Four consecutive stored powers from hpow[i] on, read where they are used (no frame copies). */
AI V hpow4(const struct hwc_gcm_key *k, unsigned int i)
{
	return vld(k->hpow[i]);
}

/*
 * Two registers' Karatsuba middle operands at once: x.lo ^ x.hi of @x0's lanes in the low words
 * and of @x1's in the high words (three operations instead of four), and the matching stored
 * hkar words of the powers hpow[pw..pw+3] (low) and hpow[pw+4..pw+7] (high) in one permute of
 * one load. On Zen 4 a zmm operation of any kind takes half of the cycle's vector issue, so the
 * loop is bound by their count as much as by the AES and CLMUL pipe.
 */
AI V karatsuba_x2(V x0, V x1)
{
	return vxor(_mm512_unpacklo_epi64(x0, x1), _mm512_unpackhi_epi64(x0, x1));
}

AI V karatsuba_k2(const struct hwc_gcm_key *k, unsigned int pw)
{
	return _mm512_permutexvar_epi64(_mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0),
					vld(&k->hkar[pw]));
}

/* gmul with the middle product from paired operands: @sel 0x00 for the first, 0x11 the second. */
#define gmul_pair(a, x, h, xk, hk, sel, first)						\
	do {										\
		V lo_ = vclmul((x), (h), 0x00);			\
		V hi_ = vclmul((x), (h), 0x11);			\
		V mid_ = vclmul((xk), (hk), (sel));			\
											\
		gacc_add((a), lo_, hi_, mid_, (first));					\
	} while (0)

/*
 * One half of a schoolbook product, so that the bulk loop can place the halves in different
 * rounds: @part 0 the low and high products, 1 the two middle ones.
 */
AI void gmul_sb_half(struct gacc *a, V x, V h, int first, int part)
{
	if (!part) {
		V lo = vclmul(x, h, 0x00);
		V hi = vclmul(x, h, 0x11);

		a->lo = first ? lo : vxor(a->lo, lo);
		a->hi = first ? hi : vxor(a->hi, hi);
	} else {
		V m1 = vclmul(x, h, 0x01);
		V m2 = vclmul(x, h, 0x10);

		a->mid = first ? vxor(m1, m2) : vxor3(a->mid, m1, m2);
	}
}

/*
 * The schoolbook form: four multiplies per block, the middle product as x.lo * h.hi +
 * x.hi * h.lo, with no operand preparation. Where VPCLMULQDQ issues once a cycle beside the
 * AES unit (Intel's cores: the shuffle port), the fourth multiply is cheaper than Karatsuba's
 * unpacks, XORs and key permute, and those take the vector ALU port that the zmm AES unit
 * shares; where it issues at half the rate of VAES (Zen 4/5) Karatsuba wins. Which one the bulk
 * loop runs is decided per CPU by timing both (hwc_gcm_zmm_schoolbook).
 */
AI void gmul_sb(struct gacc *a, V x, V h, int first)
{
	gmul_sb_half(a, x, h, first, 0);
	gmul_sb_half(a, x, h, first, 1);
}

/* Karatsuba recombination and the two folds of every lane; the lanes are left unsummed. */
AI V greduce_lanes(const struct gacc *a)
{
	const V poly = VLANES(0xc200000000000000ULL, 0xc200000000000000ULL);
	V mid = a->sb ? a->mid : vxor3(a->mid, a->lo, a->hi);
	V w;

	/*
	 * The middle product stays whole, [q2 q1]: the first fold (of q0, which it does not
	 * reach) lands in the same two words, so it joins that fold's XOR instead of being split
	 * into lo and hi by two byte shifts and two XORs first. Four vector operations less per
	 * reduction: on Intel (family 6 model 167) the AES-128 bulk loop is bound by the count
	 * of operations on the two ports that the zmm AES and CLMUL units take, and ran 2%
	 * faster at 16 KiB.
	 */
	w = vxor3(mid, vclmul(a->lo, poly, 0x00), vswap(a->lo));
	return vxor3(a->hi, vclmul(w, poly, 0x00), vswap(w));
}

/* ... then the four lanes summed, and @x with them (one step less than a separate xor). */
AI __m128i greduce_x(const struct gacc *a, __m128i x)
{
	V r = greduce_lanes(a);
	__m256i s = _mm256_xor_si256(_mm512_castsi512_si256(r), _mm512_extracti64x4_epi64(r, 1));

	return _mm_ternarylogic_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1), x,
				      0x96);
}

AI __m128i greduce(const struct gacc *a)
{
	V r = greduce_lanes(a);
	__m256i s = _mm256_xor_si256(_mm512_castsi512_si256(r), _mm512_extracti64x4_epi64(r, 1));

	return _mm_xor_si128(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
}

/* The same with whole registers of powers from hpow[pw] on, left unreduced in @a; @nv even. */
AI void ghash_regs_acc(const struct hwc_gcm_key *k, struct gacc *a, __m128i y, V *g,
		       unsigned int pw, unsigned int nv)
{
	unsigned int i;

	g[0] = vxor(g[0], vzext(y));
	if (a->sb) {
#pragma GCC unroll 8
		for (i = 0; i < nv; i++)
			gmul_sb(a, g[i], hpow4(k, pw + 4 * i), i == 0);
		return;
	}
#pragma GCC unroll 4
	for (i = 0; i < nv; i += 2) {
		V xk = karatsuba_x2(g[i], g[i + 1]), hk = karatsuba_k2(k, pw + 4 * i);

		gmul_pair(a, g[i], hpow4(k, pw + 4 * i), xk, hk, 0x00, i == 0);
		gmul_pair(a, g[i + 1], hpow4(k, pw + 4 * i + 4), xk, hk, 0x11, 0);
	}
}

AI __m128i ghash_regs_k(const struct hwc_gcm_key *k, __m128i y, V *g, unsigned int pw,
			unsigned int nv)
{
	struct gacc a;

	a.sb = 0;
	ghash_regs_acc(k, &a, y, g, pw, nv);
	return greduce(&a);
}

/* The length block times H into lane 0 of @a: the last term of a message's GHASH. */
AI void gacc_len(struct gacc *a, const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c)
{
	__m128i l = len_block(c);
	__m128i h1 = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]);
	__m128i hk1 = _mm_loadl_epi64((const __m128i *)&k->hkar[HWC_GCM_NPOW - 1]);

	a->lo = vxor(a->lo, vzext(_mm_clmulepi64_si128(l, h1, 0x00)));
	a->hi = vxor(a->hi, vzext(_mm_clmulepi64_si128(l, h1, 0x11)));
	if (a->sb) {
		a->mid = vxor(a->mid, vzext(_mm_xor_si128(
			_mm_clmulepi64_si128(l, h1, 0x01), _mm_clmulepi64_si128(l, h1, 0x10))));
		return;
	}
	a->mid = vxor(a->mid, vzext(_mm_clmulepi64_si128(
		_mm_xor_si128(l, _mm_shuffle_epi32(l, 0x4e)), hk1, 0x00)));
}

/* The powers for the last @n <= 16 blocks of a run: H^n..H^1 from hpow[NPOW - n] on, zero-padded. */
AI void tail_powers(V *h, V *hk, const struct hwc_gcm_key *k, hwc_size n, unsigned int nv)
{
	unsigned int i;

#pragma GCC unroll 4
	for (i = 0; i < nv; i++) {
		/* Always taken (n > 4i); the test keeps the index provably inside hpow[]. */
		if (4 * i < n && n <= HWC_GCM_NPOW)
			h[i] = _mm512_maskz_loadu_epi64(lanemask(n - 4 * i),
							k->hpow[HWC_GCM_NPOW - n + 4 * i]);
		else
			h[i] = _mm512_setzero_si512();
		hk[i] = karatsuba_key(h[i]);
	}
}

AI __m128i ghash_tail(const struct hwc_gcm_key *k, __m128i y, const hwc_u8 *src, hwc_size n,
		      unsigned int nv)
{
	V g[4], h[4], hk[4];
	unsigned int i;

#pragma GCC unroll 4
	for (i = 0; i < nv; i++)
		g[i] = vbswap(_mm512_maskz_loadu_epi64(lanemask(n - 4 * i), src + 64 * i));
	tail_powers(h, hk, k, n, nv);
	return ghash_regs(y, g, h, hk, nv);
}

#define GHASH_TAIL(nv)									\
NOINLINE __m128i ghash_tail##nv(const struct hwc_gcm_key *k, __m128i y, const hwc_u8 *src,	\
				hwc_size n)							\
{											\
	return ghash_tail(k, y, src, n, nv);						\
}
GHASH_TAIL(1) GHASH_TAIL(2) GHASH_TAIL(3) GHASH_TAIL(4)

/* After the whole 32-block steps: at most one of 16 blocks, then the last n < 16. */
AI __m128i ghash_rest(const struct hwc_gcm_key *k, __m128i acc, const hwc_u8 *src, hwc_size n)
{
	V g[4];
	unsigned int i;

	if (n >= 16) {
#pragma GCC unroll 4
		for (i = 0; i < 4; i++)
			g[i] = vbswap(vld(src + 64 * i));
		acc = ghash_regs_k(k, acc, g, HWC_GCM_NPOW - 16, 4);
		n -= 16;
		src += 256;
	}
	/* A single block (a length block, short AAD) skips the four-lane machinery. */
	if (n == 1)
		acc = ghash_y1(k, acc, bswap128(_mm_loadu_si128((const __m128i *)src)));
	else if (n > 1 && n <= 4)
		acc = ghash_tail1(k, acc, src, n);
	else if (n > 4 && n <= 8)
		acc = ghash_tail2(k, acc, src, n);
	else if (n > 8 && n <= 12)
		acc = ghash_tail3(k, acc, src, n);
	else if (n > 12)
		acc = ghash_tail4(k, acc, src, n);
	return acc;
}

/*
 * A round key from the frame array of gcm_bulk, read where it is used: volatile, so that GCC
 * does not hoist the loop-invariant loads into registers the step needs for its data.
 */
AI V ldkey(const V *p)
{
	V v;

	__asm__ volatile("vmovdqu64 %1, %0" : "=v"(v) : "m"(*p));
	return v;
}

/* Wipes kr[0..nr] of gcm_bulk, one zmm store each; the asm keeps the dead stores. */
AI void wipe_keys(V *kr, unsigned int nr)
{
	unsigned int i;

#pragma GCC unroll 15
	for (i = 0; i <= nr; i++)
		_mm512_store_si512(&kr[i], _mm512_setzero_si512());
	__asm__ __volatile__("" : : "r"(kr) : "memory");
}

/*
 * ctr_regs for four registers (16 blocks) where the counter's low byte does not carry within
 * them, @c32 the counter of lane 0: one byte reversal, then each register adds its offset to
 * the last byte of the big-endian blocks (the top byte of the last 32-bit word), instead of a
 * reversal per register. The counter is public (from the IV), so is the branch; it carries in
 * one of 16 steps.
 */
AI void ctr_regs4_be(V *b, V ctr, hwc_u32 c32)
{
	unsigned int j;

	if ((c32 & 0xff) > 0xff - 15) {
		ctr_regs(b, ctr, 4);
		return;
	}
	b[0] = vbswap(ctr);
#pragma GCC unroll 3
	for (j = 1; j < 4; j++)
		b[j] = vadd32(b[0], VLANES((hwc_u64)(4 * j) << 56, 0));
}

/*
 * The last 0 < len <= 256 bytes of a piece that does not end the message, in @nv =
 * ceil(len / 64) registers, masked at the end; returns the new GHASH state. The round count
 * is a loop bound here: such pieces are rare (only a message's last piece may be partial).
 */
AI __m128i gcm_tail(const struct hwc_gcm_key *k, int enc, V ctr, __m128i y, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len, unsigned int nv)
{
	const hwc_u8 *ek = k->aes.ek;
	hwc_size nbl = (len + 15) / 16;
	unsigned int i, j, nr = k->aes.nr;
	V b[4], g[4], h[4], hk[4], x, r;
	struct gacc a = { .sb = 0 };

	ctr_regs(b, ctr, nv);
	r = rkey(ek, 0);
#pragma GCC unroll 4
	for (j = 0; j < nv; j++)
		b[j] = vxor(b[j], r);
	for (i = 1; i < nr; i++) {
		r = rkey(ek, i);
#pragma GCC unroll 4
		for (j = 0; j < nv; j++)
			b[j] = _mm512_aesenc_epi128(b[j], r);
	}
	r = rkey(ek, nr);
#pragma GCC unroll 4
	for (j = 0; j < nv; j++)
		b[j] = _mm512_aesenclast_epi128(b[j], r);
#pragma GCC unroll 4
	for (j = 0; j < nv; j++) {
		__mmask64 m = bytemask(len - 64 * j);

		/* Whole registers take plain loads and stores: masked stores are slower on some cores. */
		if (len - 64 * j >= 64) {
			x = vld(src + 64 * j);
			b[j] = vxor(b[j], x);
			vst(dst + 64 * j, b[j]);
			g[j] = vbswap(enc ? b[j] : x);
			continue;
		}
		x = _mm512_maskz_loadu_epi8(m, src + 64 * j);
		b[j] = vxor(b[j], x);
		_mm512_mask_storeu_epi8(dst + 64 * j, m, b[j]);
		/* Keystream beyond the message is cut off here: GHASH sees zero padding. */
		g[j] = vbswap(enc ? _mm512_maskz_mov_epi8(m, b[j]) : x);
	}
	tail_powers(h, hk, k, nbl, nv);
	g[0] = vxor(g[0], vzext(y));
#pragma GCC unroll 4
	for (j = 0; j < nv; j++)
		gmul(&a, g[j], h[j], hk[j], j == 0);
	return greduce(&a);
}

/*
 * The last 1..16 blocks of a message (any earlier pieces and AAD in @c) as straight-line code per
 * register count and key size: E_K(J0) in an xmm beside the counter registers in the same
 * rounds, text and length block into one reduction against H^(nbl+1)..H^1, and the tag. Short
 * requests are bound by this chain's latency and by how much of the next request the core can
 * overlap with it, so it carries no loops, no state stores and no calls.
 */
AI void gcm_short(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, int enc,
		  hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 *tag,
		  const unsigned int nv, const unsigned int nr, const int whole)
{
	/* bswap128 of each lane, then its two 64-bit halves swapped: the Karatsuba fold of x. */
	const V bswap_swap = VLANES(0x08090a0b0c0d0e0fULL, 0x0001020304050607ULL);
	const hwc_u8 *ek = k->aes.ek;
	const unsigned int nbl = (unsigned int)((len + 15) / 16);
	/* 1 <= last <= 64 bytes, 1 <= nlast <= 4 blocks in the last register. */
	const hwc_size last = len - 64 * (nv - 1);
	const unsigned int nlast = nbl - 4 * (nv - 1);
	const __mmask64 m = ~(__mmask64)0 >> (64 - last);
	/* J0 in every lane; a whole message's counters start from it. */
	V jb = bcast_halves(c->j0);
	__m128i j0 = _mm512_castsi512_si128(jb);
	/* @whole (the message is this piece, no AAD): the GHASH state is still 0. */
	__m128i y = whole ? _mm_setzero_si128() : bswap128(ld128_halves(c->y));
	V b[4], g[4], gk[4], t[4], r, ctr;
	struct gacc a = { .sb = 0 };
	unsigned int i, j;

	r = rkey(ek, 0);
	if (whole) {
		/*
		 * J0 = IV || 0^31 || 1 (hwc_gcm_start takes 96-bit IVs only), so the counter
		 * blocks 2..17 of a whole message differ from J0 in the last byte alone, by
		 * 1 ^ n: one xor per register, together with round key 0.
		 */
#pragma GCC unroll 4
		for (j = 0; j < nv; j++) {
			hwc_u64 n = 2 + 4 * j;

			b[j] = vxor3(jb, r, _mm512_set_epi64((long long)((1 ^ (n + 3)) << 56), 0,
							     (long long)((1 ^ (n + 2)) << 56), 0,
							     (long long)((1 ^ (n + 1)) << 56), 0,
							     (long long)((1 ^ n) << 56), 0));
		}
	} else {
		/* inc32: the low 32-bit word of the byte-reversed block counts, and wraps. */
		ctr = vadd32(vbswap(bcast_halves(c->ctr)), vlane_index());
		ctr_regs(b, ctr, nv);
#pragma GCC unroll 4
		for (j = 0; j < nv; j++)
			b[j] = vxor(b[j], r);
	}
	j0 = _mm_xor_si128(j0, _mm512_castsi512_si128(r));
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		r = rkey(ek, i);
#pragma GCC unroll 4
		for (j = 0; j < nv; j++)
			b[j] = _mm512_aesenc_epi128(b[j], r);
		j0 = _mm_aesenc_si128(j0, _mm512_castsi512_si128(r));
	}
	/* Masked only when partial: masked stores are slower on some cores. */
#pragma GCC unroll 4
	for (j = 0; j + 1 < nv; j++)
		t[j] = vld(src + 64 * j);
	t[j] = last == 64 ? vld(src + 64 * j) :
		_mm512_maskz_loadu_epi8(m, src + 64 * j);
	/*
	 * The text joins the last round key (AESENCLAST ends with that xor), so the output
	 * leaves the last round with no step after it.
	 */
	r = rkey(ek, nr);
#pragma GCC unroll 4
	for (j = 0; j < nv; j++)
		b[j] = _mm512_aesenclast_epi128(b[j], vxor(r, t[j]));
	j0 = _mm_aesenclast_si128(j0, _mm512_castsi512_si128(r));
	/*
	 * g: the blocks to hash, byte-reversed; gk: the same with the halves of every lane
	 * swapped, both shuffled straight from the text (one step of latency, not two).
	 */
#pragma GCC unroll 4
	for (j = 0; j + 1 < nv; j++) {
		vst(dst + 64 * j, b[j]);
		g[j] = vbswap(enc ? b[j] : t[j]);
		gk[j] = _mm512_shuffle_epi8(enc ? b[j] : t[j], bswap_swap);
	}
	if (last == 64) {
		vst(dst + 64 * j, b[j]);
	} else {
		_mm512_mask_storeu_epi8(dst + 64 * j, m, b[j]);
		/* Keystream beyond the message is cut off here: GHASH sees zero padding. */
		if (enc)
			b[j] = _mm512_maskz_mov_epi8(m, b[j]);
	}
	g[j] = vbswap(enc ? b[j] : t[j]);
	gk[j] = _mm512_shuffle_epi8(enc ? b[j] : t[j], bswap_swap);
	/*
	 * x ^ swap(x), what the Karatsuba middle product takes, for every block; the running
	 * GHASH value joins the first block in both forms.
	 */
#pragma GCC unroll 4
	for (j = 0; j < nv; j++)
		gk[j] = j || whole ? vxor(g[j], gk[j]) :
			vxor3(g[0], gk[0], vzext(
				_mm_xor_si128(y, _mm_shuffle_epi32(y, 0x4e))));
	if (!whole)
		g[0] = vxor(g[0], vzext(y));
	/*
	 * Register j, lane i: block 4j + i, times H^(nbl + 1 - 4j - i). Only the last register
	 * can have lanes past the text; their powers read as 0.
	 */
#pragma GCC unroll 4
	for (j = 0; j < nv; j++) {
		const hwc_u8 *hp = k->hpow[HWC_GCM_NPOW - 1 - nbl + 4 * j];
		V h = j + 1 < nv || nlast == 4 ? vld(hp) :
			_mm512_maskz_loadu_epi64((__mmask8)(0xff >> (8 - 2 * nlast)), hp);
		V lo = vclmul(g[j], h, 0x00);
		V hi = vclmul(g[j], h, 0x11);
		V mid = vclmul(gk[j], karatsuba_key(h), 0x00);

		gacc_add(&a, lo, hi, mid, j == 0);
	}
	if (whole) {
		/*
		 * Without AAD the length block is only the text's bit count, a 64-bit word:
		 * two products with H (its low and high halves), no Karatsuba.
		 */
		__m128i l = _mm_cvtsi64_si128((long long)(len * 8));
		__m128i h1 = _mm_loadu_si128((const __m128i *)k->hpow[HWC_GCM_NPOW - 1]);
		__m128i lo = _mm_clmulepi64_si128(l, h1, 0x00);

		a.lo = vxor(a.lo, vzext(lo));
		a.mid = vxor(a.mid, vzext(
			_mm_xor_si128(lo, _mm_clmulepi64_si128(l, h1, 0x10))));
	} else {
		gacc_len(&a, k, c);
	}
	/* tag = bswap(GHASH) ^ E_K(J0) = bswap(GHASH ^ bswap(E_K(J0))), the xor in the lane sum. */
	_mm_storeu_si128((__m128i *)tag, bswap128(greduce_x(&a, bswap128(j0))));
}

/* The state comes through @c alone. */
#define SHORT_PARAMS(tag) hwc_u8 *tag
#define SHORT_ARGS(tag) tag
SHORT(1, 10) SHORT(2, 10) SHORT(3, 10) SHORT(4, 10)
SHORT(1, 12) SHORT(2, 12) SHORT(3, 12) SHORT(4, 12)
SHORT(1, 14) SHORT(2, 14) SHORT(3, 14) SHORT(4, 14)

/*
 * A last piece of 0 < len <= 256 bytes and the tag; public lengths pick the code. Direct
 * branches, not a jump table: the whole request is a few dozen cycles.
 */
#define SHORT_NV(dir, nr)								\
	do {										\
		if (len <= 64)								\
			gcm_short_##dir##1_##nr(k, c, dst, src, len, tag);		\
		else if (len <= 128)							\
			gcm_short_##dir##2_##nr(k, c, dst, src, len, tag);		\
		else if (len <= 192)							\
			gcm_short_##dir##3_##nr(k, c, dst, src, len, tag);		\
		else									\
			gcm_short_##dir##4_##nr(k, c, dst, src, len, tag);		\
	} while (0)
#define SHORT_CALL(dir)									\
	do {										\
		if (!c->aadlen && c->textlen == len) {					\
			if (k->aes.nr == 10)						\
				SHORT_NV(dir##w, 10);					\
			else if (k->aes.nr == 12)					\
				SHORT_NV(dir##w, 12);					\
			else								\
				SHORT_NV(dir##w, 14);					\
		} else if (k->aes.nr == 10) {						\
			SHORT_NV(dir, 10);						\
		} else if (k->aes.nr == 12) {						\
			SHORT_NV(dir, 12);						\
		} else {								\
			SHORT_NV(dir, 14);						\
		}									\
	} while (0)

TAIL(1) TAIL(2) TAIL(3) TAIL(4)

AI __m128i gcm_tails(const struct hwc_gcm_key *k, int enc, const V *ctr, __m128i y,
		     hwc_u8 *dst, const hwc_u8 *src, hwc_size len)
{
	if (len > 192)
		y = gcm_tail4(k, enc, *ctr, y, dst, src, len);
	else if (len > 128)
		y = gcm_tail3(k, enc, *ctr, y, dst, src, len);
	else if (len > 64)
		y = gcm_tail2(k, enc, *ctr, y, dst, src, len);
	else if (len)
		y = gcm_tail1(k, enc, *ctr, y, dst, src, len);
	return y;
}

/*
 * AES of @n (4 or 8) registers of counter blocks, with the GHASH multiplies of @n other
 * registers (g against h) interleaved between the rounds so that both units stay busy.
 */
AI void aesn_ghashn(const struct hwc_gcm_key *k, const V *kr, unsigned int nr, V *b,
		    const unsigned int n, int hash, struct gacc *a, const V *g, unsigned int pw,
		    int first)
{
	unsigned int i, j;
	V r = kr ? ldkey(&kr[0]) : rkey(k->aes.ek, 0), xk = r, hk = r;

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor(b[j], r);
#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		r = kr ? ldkey(&kr[i]) : rkey(k->aes.ek, i);
#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = _mm512_aesenc_epi128(b[j], r);
		/*
		 * Schoolbook: register m's low and high products after round 2m + 1, its middle
		 * ones after round 2m + 2, two multiplies a round. Intel (family 6 model 167) ran
		 * AES-128 GCM at 16 KiB 2-3% faster so than with all four of a register after one
		 * round (a burst of multiplies and their XORs, likely XORs sent to the port of the
		 * zmm AES unit); AES-256 and decryption measured the same either way.
		 * Karatsuba: one register a round, pairs sharing their middle operands; eight
		 * registers last first, as measured (see gcm_step).
		 */
		if (hash && n == 4 && i <= 8 && a->sb) {
			gmul_sb_half(a, g[(i - 1) / 2], hpow4(k, pw + 4 * ((i - 1) / 2)),
				     first && i <= 2, (i - 1) & 1);
		} else if (hash && n == 8 && i <= 8 && !a->sb) {
			unsigned int m = 8 - i;

			if (m & 1) {
				xk = karatsuba_x2(g[m - 1], g[m]);
				hk = karatsuba_k2(k, pw + 4 * (m - 1));
				gmul_pair(a, g[m], hpow4(k, pw + 4 * m), xk, hk, 0x11,
					  first && i == 1);
			} else {
				gmul_pair(a, g[m], hpow4(k, pw + 4 * m), xk, hk, 0x00, 0);
			}
		} else if (hash && i <= n && !a->sb) {
			unsigned int m = i - 1;

			if (!(m & 1)) {
				xk = karatsuba_x2(g[m], g[m + 1]);
				hk = karatsuba_k2(k, pw + 4 * m);
				gmul_pair(a, g[m], hpow4(k, pw + 4 * m), xk, hk, 0x00,
					  first && m == 0);
			} else {
				gmul_pair(a, g[m], hpow4(k, pw + 4 * m), xk, hk, 0x11, 0);
			}
		}
	}
	r = kr ? ldkey(&kr[nr]) : rkey(k->aes.ek, nr);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = _mm512_aesenclast_epi128(b[j], r);
}

/*
 * Four registers of keystream @b XORed with the text (@x, read here when encrypting) into @d;
 * encryption keeps the ciphertext, byte-reflected, in @g for the next GHASH.
 */
AI void gcm_out4(int enc, const hwc_u8 *s, hwc_u8 *d, V *b, V *x, V *g)
{
	unsigned int j;

#pragma GCC unroll 4
	for (j = 0; j < 4; j++) {
		if (enc)
			x[j] = vld(s + 64 * j);
		b[j] = vxor(b[j], x[j]);
		vst(d + 64 * j, b[j]);
		if (enc)
			g[j] = vbswap(b[j]);
	}
}

/*
 * One 512-byte step: AES of its 32 counter blocks, GHASH of 32 blocks in the same rounds and
 * one reduction. Decryption hashes the ciphertext of the step it decrypts, which is at hand;
 * encryption hashes the previous step's ciphertext (in @g), since a step's exists only after
 * its last round. @hash and @last are constants at each call (encryption's first step and
 * decryption's last are peeled off the loop), so that the loop tests neither: Intel's cores
 * issue a not-taken branch on port 0 or 6, port 0 being the zmm AES unit's. On family 6
 * model 167 AES-128 GCM at 16 KiB ran 1-2.5% faster so, decryption 3% (AES-256 1%).
 *
 * Karatsuba (the form Zen 4/5 take) runs the step as one group of eight AES registers with
 * register 0 (the one the running value joins) multiplied last, the schoolbook form (Intel's)
 * as two groups of four, as each was measured: on Zen 5 (family 26 model 2) the group of eight
 * ran 2-5% faster at 16 KiB (ABBA runs of the bare core). The running value's path from one
 * step's reduction to the next step's products does not bound the loop there: with the value
 * kept out of the products (the reductions kept), it ran within 2%; with per-lane carries and
 * no lane sum, or pairs of steps under one reduction, within 2% too.
 */
AI void gcm_step(const struct hwc_gcm_key *k, const V *kr, unsigned int nr, int enc, hwc_u8 *dst,
		 const hwc_u8 *src, V *ctr, hwc_u32 *c32, V *g, struct gacc *a, __m128i *y,
		 const struct hwc_gcm_ctx *fin, const int hash, const int last)
{
	const V sixteen = VLANES(0, 16);
	/* Decrypting a message's last step: its blocks take H^33..H^2, the length block H. */
	const unsigned int pw = last ? HWC_GCM_NPOW - 33 : HWC_GCM_NPOW - 32;
	V b[8], x[4];
	unsigned int j, half;

	if (!a->sb) {
		ctr_regs4_be(b, *ctr, *c32);
		*ctr = vadd32(*ctr, sixteen);
		ctr_regs4_be(b + 4, *ctr, *c32 + 16);
		*ctr = vadd32(*ctr, sixteen);
		*c32 += 32;
		if (!enc) {
#pragma GCC unroll 8
			for (j = 0; j < 8; j++)
				g[j] = vbswap(vld(src + 64 * j));
		}
		if (hash)
			g[0] = vxor(g[0], vzext(*y));
		aesn_ghashn(k, kr, nr, b, 8, hash, a, g, pw, 1);
		if (hash) {
			if (last)
				gacc_len(a, k, fin);
			*y = greduce(a);
		}
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			b[j] = vxor(b[j], vld(src + 64 * j));
			vst(dst + 64 * j, b[j]);
			if (enc)
				g[j] = vbswap(b[j]);
		}
		return;
	}
#pragma GCC unroll 2
	for (half = 0; half < 2; half++) {
		const hwc_u8 *s = src + 256 * half;
		hwc_u8 *d = dst + 256 * half;

		ctr_regs4_be(b, *ctr, *c32);
		*ctr = vadd32(*ctr, sixteen);
		*c32 += 16;
		if (!enc) {
#pragma GCC unroll 4
			for (j = 0; j < 4; j++) {
				x[j] = vld(s + 64 * j);
				g[4 * half + j] = vbswap(x[j]);
			}
		}
		if (hash && half == 0)
			g[0] = vxor(g[0], vzext(*y));
		aesn_ghashn(k, kr, nr, b, 4, hash, a, g + 4 * half, pw + 16 * half, half == 0);
		if (hash && half == 1) {
			if (last)
				gacc_len(a, k, fin);
			*y = greduce(a);
		}
		gcm_out4(enc, s, d, b, x, g + 4 * half);
	}
}

/*
 * Whole 512-byte steps (32 blocks, one reduction against H^32..H^1), then at most one
 * 256-byte step. A message's last step takes H^33..H^2 and the length block H in the same
 * reduction. The round count is a compile-time constant: keys stay in registers, loops unroll.
 */
_Static_assert(HWC_GCM_NPOW >= 33, "a last step's 32 blocks and length block in one reduction");
AI void gcm_bulk_fk(const struct hwc_gcm_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size len, V *ctrp, __m128i *yp, unsigned int nr,
		    const struct hwc_gcm_ctx *fin, hwc_u8 *tag, const int fk, const int sb)
{
	const V sixteen = VLANES(0, 16);
	const unsigned int p32 = HWC_GCM_NPOW - 32, p16 = HWC_GCM_NPOW - 16;
	V b[4], g[8], x[4], ctr = *ctrp;
	/* Lane 0's 32-bit counter (the low word of the integer-form block), for ctr_regs4_be. */
	hwc_u32 c32 = (hwc_u32)_mm_cvtsi128_si32(_mm512_castsi512_si128(ctr));
	/*
	 * Round keys broadcast once per call into a frame array that the rounds read with plain
	 * loads: on Zen 4 a 16-byte-to-zmm broadcast load takes a vector operation of the cycle's
	 * two (measured: 8 per 16 AESENC cost 4 cycles), a plain 64-byte load none.
	 */
	V kr[HWC_AES_MAX_ROUNDS + 1];
	__m128i y = *yp;
	struct gacc a = { .sb = sb };
	unsigned int j;
	int pending = 0;
	/* Decrypting a message: its last step is peeled off the loop. */
	const int declast = fin && !enc;

	if (fk) {
#pragma GCC unroll 15
		for (j = 0; j <= nr; j++)
			kr[j] = rkey(k->aes.ek, j);
	}
	/* Encryption's first step has nothing to hash yet. */
	if (enc && len >= 512) {
		gcm_step(k, fk ? kr : 0, nr, enc, dst, src, &ctr, &c32, g, &a, &y, fin, 0, 0);
		len -= 512;
		src += 512;
		dst += 512;
		pending = 1;
	}
	for (; len > 512 || (len == 512 && !declast); len -= 512, src += 512, dst += 512)
		gcm_step(k, fk ? kr : 0, nr, enc, dst, src, &ctr, &c32, g, &a, &y, fin, 1, 0);
	if (!enc && declast && len == 512) {
		gcm_step(k, fk ? kr : 0, nr, enc, dst, src, &ctr, &c32, g, &a, &y, fin, 1, 1);
		len -= 512;
		src += 512;
		dst += 512;
	}
	if (pending) {
		/* Encryption's last step of a message likewise, hashed after its rounds. */
		ghash_regs_acc(k, &a, y, g, fin ? p32 - 1 : p32, 8);
		if (fin)
			gacc_len(&a, k, fin);
		y = greduce(&a);
	}
	if (fin) {
		const hwc_u8 *ek = k->aes.ek;
		__m128i j0 = _mm_xor_si128(ld128_halves(fin->j0), _mm_loadu_si128((const __m128i *)ek));
		unsigned int i;

#pragma GCC unroll 14
		for (i = 1; i < nr; i++)
			j0 = _mm_aesenc_si128(j0, _mm_loadu_si128((const __m128i *)(ek + 16 * i)));
		j0 = _mm_aesenclast_si128(j0, _mm_loadu_si128((const __m128i *)(ek + 16 * nr)));
		_mm_storeu_si128((__m128i *)tag, _mm_xor_si128(bswap128(y), j0));
		if (fk)
			wipe_keys(kr, nr);
		return;
	}
	if (len >= 256) {
		ctr_regs(b, ctr, 4);
		ctr = vadd32(ctr, sixteen);
		if (!enc) {
#pragma GCC unroll 4
			for (j = 0; j < 4; j++) {
				x[j] = vld(src + 64 * j);
				g[j] = vbswap(x[j]);
			}
			g[0] = vxor(g[0], vzext(y));
		}
		aesn_ghashn(k, fk ? kr : 0, nr, b, 4, !enc, &a, g, p16, 1);
		gcm_out4(enc, src, dst, b, x, g);
		y = enc ? ghash_regs_k(k, y, g, p16, 4) : greduce(&a);
	}
	if (fk)
		wipe_keys(kr, nr);
	*ctrp = ctr;
	*yp = y;
}

/*
 * Pieces of 2 KiB or more take the round keys from the frame copy; shorter ones would spend
 * about what it saves on filling and wiping it (Zen 4, 1 KiB: 0.95-1.04x Linux with it,
 * 1.03-1.07x without).
 */
#define GCM_FRAME_KEYS_MIN 2048

/*
 * The bulk loop's four forms (frame keys or not, Karatsuba or schoolbook) each in a function of
 * its own, picked per piece: inlined into one function, their frames added up (3.3 KiB on 6.1).
 * @final is a constant: a piece that ends the message (@c and @tag used), or not.
 */
#define BULK_FORM(name, enc, nr, final, fk, sb)						\
NOINLINE void name##_##fk##sb(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c,	\
			      hwc_u8 *dst, const hwc_u8 *src, hwc_size len, V *ctr,		\
			      __m128i *y, hwc_u8 *tag)					\
{											\
	if (final && !c)								\
		__builtin_unreachable();						\
	gcm_bulk_fk(k, enc, dst, src, len, ctr, y, nr, final ? c : 0, final ? tag : 0,	\
		    fk, sb);								\
}
#define BULK_FORMS(name, enc, nr, final)						\
	BULK_FORM(name, enc, nr, final, 0, 0) BULK_FORM(name, enc, nr, final, 0, 1)	\
	BULK_FORM(name, enc, nr, final, 1, 0) BULK_FORM(name, enc, nr, final, 1, 1)
#define BULK_PICK(name, k, c, dst, src, len, ctr, y, tag)				\
	(hwc_gcm_zmm_schoolbook ?							\
	 ((len) >= GCM_FRAME_KEYS_MIN ? name##_11 : name##_01) :			\
	 ((len) >= GCM_FRAME_KEYS_MIN ? name##_10 : name##_00))				\
		(k, c, dst, src, len, ctr, y, tag)

#define BULK(name, enc, nr)								\
BULK_FORMS(name, enc, nr, 0)								\
BULK_DECL(name)										\
{											\
	BULK_PICK(name, k, 0, dst, src, len, ctr, y, 0);				\
}
BULK(gcm_bulk_enc10, 1, 10) BULK(gcm_bulk_enc12, 1, 12) BULK(gcm_bulk_enc14, 1, 14)
BULK(gcm_bulk_dec10, 0, 10) BULK(gcm_bulk_dec12, 0, 12) BULK(gcm_bulk_dec14, 0, 14)

/*
 * A last piece of whole 512-byte steps: the steps as in any piece, the last one's blocks
 * against H^33..H^2 with the length block against H in the same reduction, E_K(J0) beside.
 */
#define BULK_FINAL(dir, enc, nr)							\
BULK_FORMS(gcm_bulk_final_##dir##nr, enc, nr, 1)					\
NOINLINE void gcm_bulk_final_##dir##nr(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,	\
				       hwc_u8 *dst, const hwc_u8 *src, hwc_size len,		\
				       hwc_u8 *tag)						\
{											\
	__m128i y = bswap128(ld128_halves(c->y));					\
	V ctr = ctr_lanes(bswap128(ld128_halves(c->ctr)));				\
											\
	BULK_PICK(gcm_bulk_final_##dir##nr, k, c, dst, src, len, &ctr, &y, tag);	\
}
BULK_FINAL(enc, 1, 10) BULK_FINAL(enc, 1, 12) BULK_FINAL(enc, 1, 14)
BULK_FINAL(dec, 0, 10) BULK_FINAL(dec, 0, 12) BULK_FINAL(dec, 0, 14)

/*
 * A last piece of more than 256 bytes: whole 512-byte steps with the tag fused into the last
 * one; otherwise its whole 256-byte steps as any other piece, then the last 1..256 bytes and
 * the tag on the short path (its state through @c: stores that forward).
 */
#define FINAL_LONG(dir, enc)								\
NOINLINE void gcm_final_long_##dir(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,	\
				   hwc_u8 *dst, const hwc_u8 *src, hwc_size len,		\
				   hwc_u8 *tag)						\
{											\
	hwc_size head = (len - 1) & ~(hwc_size)255;					\
											\
	if (!(len & 511)) {								\
		(k->aes.nr == 10 ? gcm_bulk_final_##dir##10 :				\
		 k->aes.nr == 12 ? gcm_bulk_final_##dir##12 :				\
		 gcm_bulk_final_##dir##14)(k, c, dst, src, len, tag);			\
		return;									\
	}										\
	gcm_crypt(k, c, enc, dst, src, head);						\
	dst += head;									\
	src += head;									\
	len -= head;									\
	SHORT_CALL(dir);								\
}
FINAL_LONG(enc, 1) FINAL_LONG(dec, 0)

/*
 * The entry points only pick the code: a short request goes straight to its straight-line
 * function (a tail call), without the frame setup of the long path.
 */
#define FINAL_ENTRY(dir)									\
void hwc_gcm_##dir##_final_vaes_avx512(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,	\
				       hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
				       hwc_u8 tag[16])					\
{											\
	if (len - 1 < 256)								\
		SHORT_CALL(dir);							\
	else if (len)									\
		gcm_final_long_##dir(k, c, dst, src, len, tag);				\
	else										\
		hwc_gcm_final_vaes_avx512(k, c, tag);					\
}
FINAL_ENTRY(enc)
FINAL_ENTRY(dec)
#undef FINAL_ENTRY

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES skcipher modes (ecb, cbc, ctr, xts), written once for a vector of VW AES blocks and
 * included by aes_ni_modes.c (VW 1: xmm, AES-NI), aes_vaes_avx2.c (VW 2: ymm, VAES) and
 * aes_vaes_avx512.c (VW 4: zmm, VAES), which define the vector type and the width-specific
 * operations first:
 *
 *   vec, VW (blocks per register), VAES_SUFFIX (function name suffix: aesni, vaes_avx2, ...);
 *   vld/vst (unaligned), vld_part/vst_part (first nb blocks, 0 < nb < VW), vld_bytes/vst_bytes
 *   (first n bytes, 0 < n < 16 * VW; lanes beyond read as zero), vxor, vand, venc, venclast,
 *   vdec, vdeclast, vbcast (one block into every lane), vlow (lane 0), vfrom_lanes (VW xmm
 *   blocks), vlane_index (lane l: l in its low 64 bits), vshuf8, vadd64, vsll64/vsrl64 (each
 *   64-bit element, constant or runtime count), vswap64 (64-bit halves of every block
 *   swapped), vprev(a, b) (lane 0: the last lane of a; lanes 1..: lanes 0.. of b);
 *   for VW >= 2 vbsll/vbsrl (each 128-bit block shifted left/right by a constant of bytes),
 *   vsub64, vsllv64/vsrlv64 (each 64-bit element by the count in the same element of a vector);
 *   optionally vxor3 (three-way XOR), vbcast_mem (a broadcast load of the 16 bytes at a
 *   pointer), vxts8_loop (an XTS main loop of its own, see xts8),
 *   vclmul_87 and vclmul_87_hi (zmm: each block's low or high 64 bits carry-less times 0x87;
 *   enable hwc_xts_zmm_clmul and the zmm tweak setup, and require VPCLMULQDQ of the tier).
 *
 * A main loop keeps UNROLL registers (8 * VW blocks) in flight, enough to cover the AES
 * latency at two issues per cycle; the rest goes in chunks of up to 4 registers whose last
 * register may be partial, so that short requests still run several blocks in parallel.
 * Nothing is indexed by data; lengths and counter values only steer public control flow.
 */
#ifndef HWC_X86_AES_MODES_H
#define HWC_X86_AES_MODES_H

#include "hwc_arch_cores.h"

#define AI static inline __attribute__((always_inline))
#ifndef vxor3
#define vxor3(a, b, c) vxor(vxor((a), (b)), (c))
#endif

#ifndef vld_bytes
/* A final partial register: through a zero-padded stack copy, wiped after. */
AI vec vld_bytes(const hwc_u8 *p, hwc_size n)
{
	hwc_u8 t[16 * VW];
	vec v;

	__builtin_memset(t, 0, sizeof(t));
	__builtin_memcpy(t, p, n);
	v = vld(t);
	hwc_memzero_explicit(t, sizeof(t));
	return v;
}

AI void vst_bytes(hwc_u8 *p, vec v, hwc_size n)
{
	hwc_u8 t[16 * VW];

	vst(t, v);
	__builtin_memcpy(p, t, n);
	hwc_memzero_explicit(t, sizeof(t));
}
#endif
#define UNROLL 8
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define FN(name) CAT(name, VAES_SUFFIX)

/*
 * fn(args..., nr) with the key's public round count as a constant: each key length gets its own
 * copy of the loop, rounds unrolled and no loop-carried key index.
 */
#define NR_CONST(nr, fn, ...) do {						\
	switch (nr) {								\
	case 10:								\
		fn(__VA_ARGS__, 10);						\
		break;								\
	case 12:								\
		fn(__VA_ARGS__, 12);						\
		break;								\
	default:								\
		fn(__VA_ARGS__, 14);						\
		break;								\
	}									\
} while (0)

/*
 * Round keys stay where the key schedule put them, broadcast to all lanes as each round uses
 * them: no per-call setup, and no frame full of broadcast copies.
 */
struct vrks {
	const hwc_u8 *keys;
	unsigned int nr;
#if VW == 1
	/*
	 * xmm: an aligned copy, which legacy-SSE AESENC can take as a memory operand, so that
	 * eight blocks and eight XTS tweaks keep all sixteen registers.
	 */
	__m128i k[HWC_AES_MAX_ROUNDS + 1];
#endif
};

AI void vload_keys(struct vrks *r, const hwc_u8 *keys, unsigned int nr)
{
	r->keys = keys;
	r->nr = nr;
#if VW == 1
	{
		unsigned int i;

		for (i = 0; i <= nr; i++)
			r->k[i] = _mm_loadu_si128((const __m128i *)(keys + 16 * i));
	}
#endif
}

AI __m128i rk128(const struct vrks *r, unsigned int i)
{
#if VW == 1
	return r->k[i];
#else
	return _mm_loadu_si128((const __m128i *)(r->keys + 16 * i));
#endif
}

AI vec rkv(const struct vrks *r, unsigned int i)
{
#ifdef vbcast_mem
	return vbcast_mem(r->keys + 16 * i);
#else
	return vbcast(rk128(r, i));
#endif
}

/* Rounds 1 .. nr - 1 of n registers, whitened by the caller. */
AI void vmid_nr(const struct vrks *r, vec *b, const int n, const unsigned int nr, const int enc)
{
	unsigned int i;
	int j;

#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
		vec k = rkv(r, i);
#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = enc ? venc(b[j], k) : vdec(b[j], k);
	}
}

#if VW >= 4
/*
 * zmm main loops' round keys in registers, broadcast once per call (at most 15 of the 32, beside
 * 8 data registers): broadcast from memory every step, each VBROADCASTI32X4 also takes a
 * shuffle slot, and on Zen 5 that is an AES pipe's (8 VAESENC beside 2 of them ran in 4.6
 * cycles, not 4: results amd-26-2-2026-12-07-shuffle-slots). GCC, left to broadcast them as
 * each round uses them, emits a VSHUFI32X4 per key per step instead, a shuffle as well.
 */
AI void vkeys_regs(const struct vrks *r, vec *kr, const unsigned int nr)
{
	unsigned int i;

#pragma GCC unroll 15
	for (i = 0; i <= nr; i++)
		kr[i] = rkv(r, i);
}

/* Rounds 1 .. nr - 1 of n registers with the keys in registers @kr, whitened by the caller. */
AI void vmid_regs(const vec *kr, vec *b, const int n, const unsigned int nr, const int enc)
{
	unsigned int i;
	int j;

#pragma GCC unroll 14
	for (i = 1; i < nr; i++) {
#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = enc ? venc(b[j], kr[i]) : vdec(b[j], kr[i]);
	}
}
#endif

/*
 * n registers through the cipher, one round key load per round for all of them. The rounds
 * are unrolled per key size (a switch on the public round count): no loop-carried register
 * copies, and short requests see only the AES latency chain.
 */
AI void vcrypt_nr(const struct vrks *r, vec *b, const int n, const int enc, const unsigned int nr)
{
	int j;

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor(b[j], rkv(r, 0));
	vmid_nr(r, b, n, nr, enc);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = enc ? venclast(b[j], rkv(r, nr)) : vdeclast(b[j], rkv(r, nr));
}

AI void vcrypt_n(const struct vrks *r, vec *b, const int n, const int enc)
{
	NR_CONST(r->nr, vcrypt_nr, r, b, n, enc);
}

AI void venc_n(const struct vrks *r, vec *b, const int n)
{
	vcrypt_n(r, b, n, 1);
}

AI void vdec_n(const struct vrks *r, vec *b, const int n)
{
	vcrypt_n(r, b, n, 0);
}

/* Blocks of register j of a chunk of @nblk blocks (0 < nblk <= n * VW). */
AI hwc_size blocks_in(hwc_size nblk, int j)
{
	hwc_size first = (hwc_size)j * VW;

	return nblk - first >= VW ? VW : nblk - first;
}

AI vec vld_blocks(const hwc_u8 *p, hwc_size nb)
{
	return nb == VW ? vld(p) : vld_part(p, nb);
}

AI void vst_blocks(hwc_u8 *p, vec v, hwc_size nb)
{
	if (nb == VW)
		vst(p, v);
	else
		vst_part(p, v, nb);
}

/* Registers for the last chunks: up to 4, the last one possibly partial. */
AI int tail_regs(hwc_size units, hwc_size per_reg)
{
	return units > 3 * per_reg ? 4 : (int)((units + per_reg - 1) / per_reg);
}

/*
 * What the main loop leaves, in chunks of up to 4 registers of @per_reg units (blocks; bytes
 * for CTR) each: call(q) does @c units in q registers, then src and dst advance by @c units of
 * @unit bytes.
 */
#define TAIL_LOOP(n, c, per_reg, unit, call)					\
	do {									\
		for (; n; n -= c, src += (unit) * c, dst += (unit) * c) {	\
			c = n > 4 * (per_reg) ? 4 * (per_reg) : n;		\
			TAIL_CALL(tail_regs(c, per_reg), call);			\
		}								\
	} while (0)

#define TAIL_CALL(q, call)						\
	do {								\
		switch (q) {						\
		case 4: call(4); break;					\
		case 3: call(3); break;					\
		case 2: call(2); break;					\
		default: call(1); break;				\
		}							\
	} while (0)

/* One block in xmm (AES-NI; VEX-encoded in the VAES files), round keys read as 16 bytes. */
AI __m128i aes1(const struct vrks *r, int enc, __m128i x)
{
	unsigned int i;

	x = _mm_xor_si128(x, rk128(r, 0));
	for (i = 1; i < r->nr; i++)
		x = enc ? _mm_aesenc_si128(x, rk128(r, i)) : _mm_aesdec_si128(x, rk128(r, i));
	return enc ? _mm_aesenclast_si128(x, rk128(r, r->nr)) :
		     _mm_aesdeclast_si128(x, rk128(r, r->nr));
}

AI __m128i aes1_nr(const struct vrks *r, int enc, __m128i x, const unsigned int nr)
{
	unsigned int i;

	x = _mm_xor_si128(x, rk128(r, 0));
#pragma GCC unroll 14
	for (i = 1; i < nr; i++)
		x = enc ? _mm_aesenc_si128(x, rk128(r, i)) : _mm_aesdec_si128(x, rk128(r, i));
	return enc ? _mm_aesenclast_si128(x, rk128(r, nr)) : _mm_aesdeclast_si128(x, rk128(r, nr));
}

/* ---- ECB ---- */

AI void ecb_chunk(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src, hwc_size nblk,
		  const int n)
{
	vec b[UNROLL];
	int j;

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vld_blocks(src + 16 * VW * j, blocks_in(nblk, j));
	vcrypt_n(r, b, n, enc);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		vst_blocks(dst + 16 * VW * j, b[j], blocks_in(nblk, j));
}

#if VW >= 4
/* zmm main loop, the round keys in registers (vkeys_regs). */
AI void ecb_main_nr(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size nsteps, const unsigned int nr)
{
	vec kr[HWC_AES_MAX_ROUNDS + 1];
	int j;

	vkeys_regs(r, kr, nr);
	for (; nsteps; nsteps--, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW) {
		vec b[UNROLL];

#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			b[j] = vxor(vld(src + 16 * VW * j), kr[0]);
		vmid_regs(kr, b, UNROLL, nr, enc);
#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			vst(dst + 16 * VW * j, enc ? venclast(b[j], kr[nr]) : vdeclast(b[j], kr[nr]));
	}
}

AI void ecb_main(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps)
{
	NR_CONST(r->nr, ecb_main_nr, r, enc, dst, src, nsteps);
}
#endif

AI void ecb_crypt(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		  hwc_size n)
{
	struct vrks r;
	hwc_size c;

	vload_keys(&r, enc ? k->ek : k->dk, k->nr);
	if (n == 1) {
		/*
		 * One block (an XTS tweak, a GCM J0): xmm, so that a caller reading the result
		 * right away gets it by store forwarding (not from a masked store).
		 */
		const __m128i x = _mm_loadu_si128((const __m128i *)src);

		/* The rounds unrolled: this is on an XTS request's chain, one a request. */
		_mm_storeu_si128((__m128i *)dst, k->nr == 10 ? aes1_nr(&r, enc, x, 10) :
					       k->nr == 12 ? aes1_nr(&r, enc, x, 12) :
							     aes1_nr(&r, enc, x, 14));
		return;
	}
#if VW >= 4
	if (n >= UNROLL * VW) {
		hwc_size steps = n / (UNROLL * VW);

		ecb_main(&r, enc, dst, src, steps);
		src += 16 * UNROLL * VW * steps;
		dst += 16 * UNROLL * VW * steps;
		n -= UNROLL * VW * steps;
	}
#else
	for (; n >= UNROLL * VW; n -= UNROLL * VW, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW)
		ecb_chunk(&r, enc, dst, src, UNROLL * VW, UNROLL);
#endif
#define ECB_CALL(q) ecb_chunk(&r, enc, dst, src, c, q)
	TAIL_LOOP(n, c, VW, 16, ECB_CALL);
#undef ECB_CALL
}

void FN(hwc_aes_ecb_enc_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			  hwc_size n)
{
	ecb_crypt(k, 1, dst, src, n);
}

void FN(hwc_aes_ecb_dec_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			  hwc_size n)
{
	ecb_crypt(k, 0, dst, src, n);
}

/* ---- CBC ---- */

/*
 * Encryption is one chain, bound by AESENC latency. The next block's whitening (P ^ k0) and the
 * last round of the current one are folded into one AESENCLAST with key klast ^ k0 ^ P_next,
 * computed off the chain: the chain is nr AES instructions per block, nothing else. P_next is
 * loaded before the current block is stored: a load after that store could be held back by a
 * predicted (false) dependency on it, which puts the store on the chain. The rounds are
 * unrolled for the constant @nr: round keys in registers, no inner loop.
 */
AI void cbc_enc_nr(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n,
		   hwc_u8 iv[16], const unsigned int nr)
{
	__m128i rk[HWC_AES_MAX_ROUNDS + 1], kf, x, t = _mm_setzero_si128(), c;
	unsigned int i;

#pragma GCC unroll 15
	for (i = 0; i <= nr; i++)
		rk[i] = _mm_loadu_si128((const __m128i *)(k->ek + 16 * i));
	kf = _mm_xor_si128(rk[nr], rk[0]);
	x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)iv),
			  _mm_xor_si128(_mm_loadu_si128((const __m128i *)src), rk[0]));
	for (;;) {
		if (n > 1) {
			src += 16;
			t = _mm_xor_si128(kf, _mm_loadu_si128((const __m128i *)src));
		}
#pragma GCC unroll 14
		for (i = 1; i < nr; i++)
			x = _mm_aesenc_si128(x, rk[i]);
		c = _mm_aesenclast_si128(x, rk[nr]);
		_mm_storeu_si128((__m128i *)dst, c);
		if (!--n)
			break;
		dst += 16;
		x = _mm_aesenclast_si128(x, t);
	}
	_mm_storeu_si128((__m128i *)iv, c);
}

void FN(hwc_aes_cbc_enc_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			  hwc_size n, hwc_u8 iv[16])
{
	if (!n)
		return;
	NR_CONST(k->nr, cbc_enc_nr, k, dst, src, n, iv);
}

/*
 * Decryption is parallel: P_i = D(C_i) ^ C_{i-1}, with C_{i-1} taken from the registers just
 * loaded (vprev), never re-read from src after dst was written: in place is allowed.
 */
AI void cbc_dec_chunk(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nblk,
		      __m128i *prev, const int n)
{
	vec c[UNROLL], b[UNROLL], last = vbcast(*prev);
	int j;

#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = c[j] = vld_blocks(src + 16 * VW * j, blocks_in(nblk, j));
	*prev = _mm_loadu_si128((const __m128i *)(src + 16 * (nblk - 1)));
	vdec_n(r, b, n);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		vst_blocks(dst + 16 * VW * j, vxor(b[j], vprev(j ? c[j - 1] : last, c[j])),
			   blocks_in(nblk, j));
}

#if VW >= 4
/*
 * zmm main loop, the round keys in registers (vkeys_regs). Each register's previous blocks
 * (C_{i-1}) are a load from src - 16, not a lane shift of the registers (VALIGNQ takes a
 * quarter of an AES slot on Zen 5); the first register's lane 0 is @prev, the block before
 * the step. The XOR with them rides in the last round's key.
 */
AI void cbc_dec_main_nr(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps,
			__m128i *prev, const unsigned int nr)
{
	vec kr[HWC_AES_MAX_ROUNDS + 1], p0 = _mm512_castsi128_si512(*prev);
	int j;

	vkeys_regs(r, kr, nr);
	for (; nsteps; nsteps--, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW) {
		vec b[UNROLL], t;

#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			b[j] = vxor(vld(src + 16 * VW * j), kr[0]);
		vmid_regs(kr, b, UNROLL, nr, 0);
		/*
		 * Lane 0 from @prev, lanes 1..3 the register's own first three blocks. Register
		 * j + 1's previous blocks are loaded before register j is stored: in place, that
		 * store overwrites the last of them.
		 */
		t = vxor(kr[nr], _mm512_mask_loadu_epi64(p0, 0xfc, src - 16));
#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++) {
			vec tn = j < UNROLL - 1 ? vxor(kr[nr], vld(src + 16 * VW * (j + 1) - 16)) :
				 _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)
									(src + 16 * UNROLL * VW - 16)));

			vst(dst + 16 * VW * j, vdeclast(b[j], t));
			t = tn;
		}
		p0 = t;
	}
	*prev = vlow(p0);
}

AI void cbc_dec_main(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps,
		     __m128i *prev)
{
	NR_CONST(r->nr, cbc_dec_main_nr, r, dst, src, nsteps, prev);
}
#endif

void FN(hwc_aes_cbc_dec_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			  hwc_size n, hwc_u8 iv[16])
{
	struct vrks r;
	__m128i prev = _mm_loadu_si128((const __m128i *)iv);
	hwc_size c;

	vload_keys(&r, k->dk, k->nr);
#if VW >= 4
	if (n >= UNROLL * VW) {
		hwc_size steps = n / (UNROLL * VW);

		cbc_dec_main(&r, dst, src, steps, &prev);
		src += 16 * UNROLL * VW * steps;
		dst += 16 * UNROLL * VW * steps;
		n -= UNROLL * VW * steps;
	}
#else
	for (; n >= UNROLL * VW; n -= UNROLL * VW, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW)
		cbc_dec_chunk(&r, dst, src, UNROLL * VW, &prev, UNROLL);
#endif
#define CBC_CALL(q) cbc_dec_chunk(&r, dst, src, c, &prev, q)
	TAIL_LOOP(n, c, VW, 16, CBC_CALL);
#undef CBC_CALL
	_mm_storeu_si128((__m128i *)iv, prev);
}

/* ---- CTR (full 128-bit big-endian counter) ---- */

AI __m128i bswap_mask128(void)
{
	return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* 128-bit little-endian counter plus @j, carry included. */
AI __m128i ctr_add(__m128i c, unsigned long long j)
{
	unsigned long long lo = (unsigned long long)_mm_cvtsi128_si64(c);
	unsigned long long hi = (unsigned long long)_mm_extract_epi64(c, 1);

	return _mm_set_epi64x((long long)(hi + (lo + j < lo)), (long long)(lo + j));
}

/*
 * Counter blocks of one chunk of @nb counters, from @c (byte-reversed, so a little-endian
 * 128-bit integer). Where the low 64 bits do not wrap within the chunk (all but one chunk in
 * 2^64 blocks), lane adds on the low halves are exact.
 */
AI void ctr_blocks(vec *b, __m128i c, hwc_size nb, const int n)
{
	const vec bs = vbcast(bswap_mask128());
	unsigned long long lo = (unsigned long long)_mm_cvtsi128_si64(c);
	int j, l;

	/*
	 * Where the counter's last byte does not carry within the chunk's n * VW lanes (15 of 16
	 * chunks of 16 blocks), the blocks are the big-endian counter with the lane number added
	 * to its last byte, the top byte of the high 64-bit word: one byte reversal per chunk
	 * instead of one per register, whose shuffles compete with AES for the same pipes. The
	 * counter is public (an IV), so the branch reveals nothing.
	 */
	if (__builtin_expect((lo & 0xff) <= 0xffULL - (unsigned long long)(n * VW - 1), 1)) {
		const vec inc = vbcast(_mm_set_epi64x((long long)((unsigned long long)VW << 56), 0));

		/* Each register the last plus one constant: no per-register constant to build. */
		b[0] = vadd64(vbcast(_mm_shuffle_epi8(c, bswap_mask128())),
			      vsll64(vswap64(vlane_index()), 56));
#pragma GCC unroll 8
		for (j = 1; j < n; j++)
			b[j] = vadd64(b[j - 1], inc);
		return;
	}
	if (__builtin_expect(lo <= ~0ULL - (unsigned long long)nb, 1)) {
		vec base = vadd64(vbcast(c), vlane_index());

#pragma GCC unroll 8
		for (j = 0; j < n; j++)
			b[j] = vshuf8(vadd64(base, vbcast(_mm_set_epi64x(0, (long long)j * VW))), bs);
		return;
	}
	/*
	 * Unrolled, so that b stays in registers: rolled, this loop made GCC keep b in a stack
	 * array, and the zmm main loop (which inlines this) stored all eight registers to it every
	 * step.
	 */
#pragma GCC unroll 8
	for (j = 0; j < n; j++) {
		__m128i t[VW];

#pragma GCC unroll 4
		for (l = 0; l < VW; l++)
			t[l] = _mm_shuffle_epi8(ctr_add(c, (unsigned long long)(j * VW + l)),
						bswap_mask128());
		b[j] = vfrom_lanes(t);
	}
}

AI void ctr_chunk(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
		  __m128i *c, const int n)
{
	hwc_size nb = (len + 15) / 16, rest;
	vec b[UNROLL];
	int j;

	ctr_blocks(b, *c, nb, n);
	*c = ctr_add(*c, nb);
	venc_n(r, b, n);
#pragma GCC unroll 8
	for (j = 0; j < n - 1; j++)
		vst(dst + 16 * VW * j, vxor(b[j], vld(src + 16 * VW * j)));
	rest = len - 16 * VW * (hwc_size)(n - 1);
	src += 16 * VW * (n - 1);
	dst += 16 * VW * (n - 1);
	if (rest == 16 * VW)
		vst(dst, vxor(b[n - 1], vld(src)));
	else
		vst_bytes(dst, vxor(b[n - 1], vld_bytes(src, rest)), rest);
}

#if VW >= 4
/*
 * zmm main loop, the round keys in registers (vkeys_regs): measured on Zen 5, the AES-128 loop
 * ran at 1.02-1.05x Linux 7.2's CTR at 8-16 KiB, with the keys broadcast each step at 0.90x. The
 * last round's key absorbs the input (AESENCLAST ends with an XOR), off the rounds' chain.
 */
AI void ctr_main_nr(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps,
		    __m128i *c, const unsigned int nr)
{
	vec kr[HWC_AES_MAX_ROUNDS + 1];
	int j;

	vkeys_regs(r, kr, nr);
	for (; nsteps; nsteps--, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW) {
		vec b[UNROLL];

		ctr_blocks(b, *c, UNROLL * VW, UNROLL);
		*c = ctr_add(*c, UNROLL * VW);
#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			b[j] = vxor(b[j], kr[0]);
		vmid_regs(kr, b, UNROLL, nr, 1);
#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			vst(dst + 16 * VW * j, venclast(b[j], vxor(kr[nr], vld(src + 16 * VW * j))));
	}
}

#elif VW == 2
/*
 * ymm main loop. Sixteen registers hold the 8 data registers, the first and last round keys,
 * the counter base and the current round key; the other keys are broadcast from memory as each
 * round uses them. The lane increments are memory operands (through a pointer the compiler
 * cannot see into), so no register is rebuilt from constants per step (GCC did, with a
 * VINSERTI128 each: on Zen 3 lane inserts and shuffles share the two FP pipes that run VAES).
 * On Zen 3 (EPYC, family 25 model 1), 16 KiB, interleaved with Linux 7.2's vaes-avx2 CTR:
 * 0.93-0.94x of it in processes where the general chunk ran 0.87x.
 */
static const hwc_u64 ctr_lane_inc[UNROLL][4] __attribute__((aligned(32))) = {
#define CTR_INC(j) { 0, (hwc_u64)(2 * (j)) << 56, 0, (hwc_u64)(2 * (j) + 1) << 56 }
	CTR_INC(0), CTR_INC(1), CTR_INC(2), CTR_INC(3),
	CTR_INC(4), CTR_INC(5), CTR_INC(6), CTR_INC(7),
#undef CTR_INC
};

AI void ctr_main_nr(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps,
		    __m128i *c, const unsigned int nr)
{
	const vec k0 = rkv(r, 0), kl = rkv(r, nr);
	const vec *inc = (const vec *)ctr_lane_inc;
	unsigned int i;
	int j;

	__asm__("" : "+r"(inc));
	for (; nsteps; nsteps--, src += 16 * UNROLL * VW, dst += 16 * UNROLL * VW) {
		unsigned long long lo = (unsigned long long)_mm_cvtsi128_si64(*c);
		vec b[UNROLL];

		/* As in ctr_blocks: the last byte does not carry within the step's 16 blocks. */
		if (__builtin_expect((lo & 0xff) <= 0xffULL - (UNROLL * VW - 1), 1)) {
			vec base = vbcast(_mm_shuffle_epi8(*c, bswap_mask128()));

#pragma GCC unroll 8
			for (j = 0; j < UNROLL; j++)
				b[j] = vxor(vadd64(base, inc[j]), k0);
		} else {
			ctr_blocks(b, *c, UNROLL * VW, UNROLL);
#pragma GCC unroll 8
			for (j = 0; j < UNROLL; j++)
				b[j] = vxor(b[j], k0);
		}
		*c = ctr_add(*c, UNROLL * VW);
#pragma GCC unroll 14
		for (i = 1; i < nr; i++) {
			vec k = rkv(r, i);

#pragma GCC unroll 8
			for (j = 0; j < UNROLL; j++)
				b[j] = venc(b[j], k);
		}
		/* The last key absorbs the input (AESENCLAST ends with an XOR), off the chain. */
#pragma GCC unroll 8
		for (j = 0; j < UNROLL; j++)
			vst(dst + 16 * VW * j, venclast(b[j], vxor(kl, vld(src + 16 * VW * j))));
	}
}
#endif

#if VW >= 2
AI void ctr_main(const struct vrks *r, hwc_u8 *dst, const hwc_u8 *src, hwc_size nsteps,
		 __m128i *c)
{
	NR_CONST(r->nr, ctr_main_nr, r, dst, src, nsteps, c);
}
#endif

static __attribute__((__noinline__)) void FN(ctr_long_)(const struct hwc_aes_key *k, hwc_u8 *dst,
							const hwc_u8 *src, hwc_size len,
							hwc_u8 ctr[16])
{
	struct vrks r;
	__m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), bswap_mask128());
	const hwc_size reg = 16 * VW;
	hwc_size m;

	vload_keys(&r, k->ek, k->nr);
#if VW >= 2
	if (len >= UNROLL * reg) {
		hwc_size steps = len / (UNROLL * reg);

		ctr_main(&r, dst, src, steps, &c);
		src += UNROLL * reg * steps;
		dst += UNROLL * reg * steps;
		len -= UNROLL * reg * steps;
	}
#endif
	for (; len >= UNROLL * reg; len -= UNROLL * reg, src += UNROLL * reg, dst += UNROLL * reg)
		ctr_chunk(&r, dst, src, UNROLL * reg, &c, UNROLL);
#define CTR_CALL(q) ctr_chunk(&r, dst, src, m, &c, q)
	TAIL_LOOP(len, m, reg, 1, CTR_CALL);
#undef CTR_CALL
	_mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(c, bswap_mask128()));
}

/*
 * A request of at most one register (a short packet) in a small function per round count:
 * the rounds unrolled, and none of the general loop's frame.
 */
AI void ctr_short(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
		  hwc_u8 ctr[16], const unsigned int nr)
{
	__m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), bswap_mask128());
	hwc_size nb = (len + 15) / 16;
	struct vrks r;
	vec b[1];

	/* The low 64 bits wrapping within the register: once in 2^64 blocks, the long path. */
	if (__builtin_expect((unsigned long long)_mm_cvtsi128_si64(c) > ~0ULL - nb, 0)) {
		FN(ctr_long_)(k, dst, src, len, ctr);
		return;
	}
	vload_keys(&r, k->ek, nr);
	b[0] = vshuf8(vadd64(vbcast(c), vlane_index()), vbcast(bswap_mask128()));
	vcrypt_nr(&r, b, 1, 1, nr);
	if (len == 16 * VW)
		vst(dst, vxor(b[0], vld(src)));
	else
		vst_bytes(dst, vxor(b[0], vld_bytes(src, len)), len);
	_mm_storeu_si128((__m128i *)ctr, _mm_shuffle_epi8(ctr_add(c, nb), bswap_mask128()));
}

#define CTR_SHORT(nr)									\
static __attribute__((__noinline__)) void CAT(ctr_short##nr##_, VAES_SUFFIX)(		\
	const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,		\
	hwc_u8 ctr[16])									\
{											\
	ctr_short(k, dst, src, len, ctr, nr);						\
}
CTR_SHORT(10) CTR_SHORT(12) CTR_SHORT(14)
#undef CTR_SHORT

/* The entry only picks the code, so that a short request skips the long path's frame. */
void FN(hwc_aes_ctr_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		      hwc_size len, hwc_u8 ctr[16])
{
	if (len - 1 >= 16 * VW)
		FN(ctr_long_)(k, dst, src, len, ctr);
	else if (k->nr == 10)
		CAT(ctr_short10_, VAES_SUFFIX)(k, dst, src, len, ctr);
	else if (k->nr == 12)
		CAT(ctr_short12_, VAES_SUFFIX)(k, dst, src, len, ctr);
	else
		CAT(ctr_short14_, VAES_SUFFIX)(k, dst, src, len, ctr);
}

/* ---- XTS ---- */

/*
 * T * alpha^s for every block, 0 <= s <= 57: a left shift of the little-endian 128-bit
 * tweak by s, the s bits leaving x^127 folded back as their product with x^7 + x^2 + x + 1
 * (at most s + 6 < 64 bits, so within the low half and with no second fold).
 */
AI __m128i xmul_x(__m128i t, int s)
{
	__m128i c, f;

	if (__builtin_constant_p(s) && s == 1) {
		/* Sign of each 32-bit word's top bit, moved to where its carry lands. */
		__m128i m = _mm_srai_epi32(_mm_shuffle_epi32(t, 0x13), 31);

		return _mm_xor_si128(_mm_add_epi64(t, t),
				     _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87)));
	}

	c = _mm_shuffle_epi32(_mm_srli_epi64(t, 64 - s), 0x4e);
	f = _mm_and_si128(c, _mm_set_epi64x(0, -1));

	return _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t, s), c),
			     _mm_xor_si128(_mm_slli_epi64(f, 1),
					   _mm_xor_si128(_mm_slli_epi64(f, 2), _mm_slli_epi64(f, 7))));
}

AI vec xmul_v(vec t, int s)
{
	vec c = vswap64(vsrl64(t, 64 - s));
	vec f = vand(c, vbcast(_mm_set_epi64x(0, -1)));

	return vxor(vxor(vsll64(t, s), c),
		    vxor(vsll64(f, 1), vxor(vsll64(f, 2), vsll64(f, 7))));
}

/*
 * Lanes t*alpha^e, ..., t*alpha^(e+VW-1), 0 <= e <= 57 - VW: xmul_v with each lane's own
 * shift count (variable shifts, a count of 64 giving 0), all from @t, so no tweak of a request's
 * first step waits on another's.
 */
AI vec xts_pow(__m128i t, int e)
{
#if VW == 1
	return e ? xmul_x(t, e) : t;
#else
	const vec li = vlane_index();
	const vec cnt = vadd64(vadd64(li, vswap64(li)), vbcast(_mm_set1_epi64x(e)));
	vec v = vbcast(t);
	vec c = vswap64(vsrlv64(v, vsub64(vbcast(_mm_set1_epi64x(64)), cnt)));
	vec f = vand(c, vbcast(_mm_set_epi64x(0, -1)));

	return vxor3(vsllv64(v, cnt), c, vxor3(vsll64(f, 1), vsll64(f, 2), vsll64(f, 7)));
#endif
}

#ifdef vclmul_87_hi
/*
 * xts_pow by carry-less multiply, from @v, t in every lane (a broadcast load, so that a tweak
 * just stored is forwarded straight into the vector): lane l is t * x^(e + l), e + l < 64. Each
 * 64-bit half shifted left, the bits leaving the low half carried into the high one (a byte
 * shift of the right-shifted halves), those leaving x^127 folded back as their product with
 * 0x87 (below 2^(e + l + 8), in the low half): four operations deep, xts_pow's seven.
 */
AI vec xts_pow_clmul(vec v, int e)
{
	/* zmm only (as vclmul_87_hi): the shift counts as constants, not computed */
	const vec cnt = _mm512_set_epi64(e + 3, e + 3, e + 2, e + 2, e + 1, e + 1, e, e);
	const vec rcnt = _mm512_set_epi64(61 - e, 61 - e, 62 - e, 62 - e, 63 - e, 63 - e, 64 - e,
					  64 - e);
	const vec h = vsrlv64(v, rcnt);

	return vxor3(vsllv64(v, cnt), vbsll(h, 8), vclmul_87_hi(h));
}
#endif

/*
 * Lanes t, t*alpha, ..., t*alpha^(VW-1). ymm: t and t*alpha (one cheap multiply and an
 * insert, 10% faster at 64 bytes than the variable shifts on Zen 4); zmm: xts_pow_clmul.
 */
AI vec xts_lanes(__m128i t)
{
#if VW == 2
	__m128i l[2] = { t, xmul_x(t, 1) };

	return vfrom_lanes(l);
#elif defined(vclmul_87_hi)
	return xts_pow_clmul(vbcast(t), 0);
#else
	return xts_pow(t, 0);
#endif
}

#if VW < 4
/* @nblk whole blocks with tweak vector @base (lanes t * alpha^0..VW-1); @base advances. */
AI void xts_chunk(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src, hwc_size nblk,
		  vec *base, const int n)
{
	vec b[UNROLL], tw[UNROLL];
	int j;

	tw[0] = *base;
#if VW == 1
	/* xmm (the last blocks, up to four a chunk): each tweak from the one before it. */
#pragma GCC unroll 8
	for (j = 1; j < n; j++)
		tw[j] = xmul_x(tw[j - 1], 1);
#else
#pragma GCC unroll 8
	for (j = 1; j < n; j++)
		tw[j] = xmul_v(*base, VW * j);
#endif
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor(vld_blocks(src + 16 * VW * j, blocks_in(nblk, j)), tw[j]);
	vcrypt_n(r, b, n, enc);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		vst_blocks(dst + 16 * VW * j, vxor(b[j], tw[j]), blocks_in(nblk, j));
#if VW == 1
	*base = xmul_x(tw[n - 1], 1);
#else
	*base = n == UNROLL ? xmul_v(*base, UNROLL * VW) : xmul_v(*base, (int)nblk);
#endif
}
#else
/*
 * @nblk whole blocks with tweak vector @base (lanes t * alpha^0..VW-1); @base advances.
 * zmm: whitening is one three-way XOR (input, tweak, k0) and the output tweak rides in the last
 * round's key, as in the main loop: a short request's chain is its AES rounds and little else.
 * (ymm and xmm keep the form above: with a switch on the round count around the whole chunk,
 * ymm measured 3-4% slower at 64 bytes on Zen 4.)
 */
AI void xts_chunk_nr(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src,
		     hwc_size nblk, vec *base, const int n, const unsigned int nr)
{
	vec b[UNROLL], tw[UNROLL], k0 = rkv(r, 0), kl = rkv(r, nr);
	int j;

	tw[0] = *base;
#pragma GCC unroll 8
	for (j = 1; j < n; j++)
		tw[j] = xmul_v(*base, VW * j);
#pragma GCC unroll 8
	for (j = 0; j < n; j++)
		b[j] = vxor3(vld_blocks(src + 16 * VW * j, blocks_in(nblk, j)), tw[j], k0);
	vmid_nr(r, b, n, nr, enc);
#pragma GCC unroll 8
	for (j = 0; j < n; j++) {
		vec t = vxor(kl, tw[j]);

		vst_blocks(dst + 16 * VW * j, enc ? venclast(b[j], t) : vdeclast(b[j], t),
			   blocks_in(nblk, j));
	}
	*base = n == UNROLL ? xmul_v(*base, UNROLL * VW) : xmul_v(*base, (int)nblk);
}

AI void xts_chunk(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src, hwc_size nblk,
		  vec *base, const int n)
{
	NR_CONST(r->nr, xts_chunk_nr, r, enc, dst, src, nblk, base, n);
}
#endif

/* The VAES tiers' main loop (ymm and zmm); xmm has its own (vxts8_loop). */
#if VW >= 2
/*
 * Registers a step. zmm: four, with all round keys in registers (32 of them hold 15 keys, 4
 * data, 4 tweak and 4 last-round keys) and the next step's tweaks computed before the rounds;
 * four registers cover AESENC's latency (4 cycles at one zmm AESENC a cycle on Zen 4). Measured
 * on Zen 4 (AES-256, 8-16 KiB), keys broadcast from memory with eight registers a step ran at
 * 0.83 of ECB, this at 0.92. Zen 4 issues two zmm vector operations a cycle, at most one of them
 * AES, so the loop's other operations must fit in the second. ymm: eight (sixteen registers:
 * round keys from memory, tweaks advanced after the last round).
 */
#if VW >= 4
#define XTS_UNROLL 4
#define XTS_KEYREGS 1
#else
#define XTS_UNROLL 8
#define XTS_KEYREGS 0
#endif
/* Bytes of the stride: XTS_UNROLL * VW blocks ahead is x to that power, in bits / 8. */
#define XTS_SB (XTS_UNROLL * VW / 8)
/*
 * Every block of @t times x^(8 * XTS_SB): the main loop's stride (XTS_UNROLL * VW blocks
 * ahead). A byte shift of each block, the XTS_SB bytes shifted out folded back as their
 * product with x^7 + x^2 + x + 1 (below 2^(8 * XTS_SB + 7), so in the low half, no second
 * fold). Shifts by one and two are adds: any vector pipe runs them, while the shift pipes are
 * shared with the AES units on some cores (Zen 3's FP1). A carry-less multiply would fold in
 * one instruction, but these skcipher tiers must run where VAES comes without VPCLMULQDQ
 * (QEMU's TCG); in the ymm loop on Zen 3 it gained nothing (0.98-1.00x this form on 4 KiB
 * requests, results amd-25-1-2026-12-07), and on Zen 4, where VPCLMULQDQ takes the AES pipe,
 * the fold by multiply ran 5% slower than this one in the zmm loop.
 */
#if VW >= 4
/*
 * zmm: no byte shifts. Beside VAESENC on Zen 5, each VPSLLDQ/VPSRLDQ (as VALIGNQ, VPERMQ,
 * VPALIGNR, a VBROADCASTI32X4 load) cost about a quarter of an AES slot, while VPSHUFD,
 * VPSLLQ/VPSRLQ, zero-masked shifts and VPTERNLOGQ cost none: 8 VAESENC and 4 of them ran in
 * 4.0-4.1 cycles (results amd-26-2-2026-12-07-shuffle-slots). So the bits crossing a half come
 * from the halves swapped (VPSHUFD) and shifted; those leaving x^127 are folded back in the low
 * qword only, those leaving the low half carried into the high one as they are.
 */
AI vec xts_stride(vec t)
{
	const __mmask8 lo = 0x55;
	vec h = vsrl64(vswap64(t), 64 - 8 * XTS_SB);

	return vxor3(vsll64(t, 8 * XTS_SB), h,
		     vxor3(_mm512_maskz_slli_epi64(lo, h, 1), _mm512_maskz_slli_epi64(lo, h, 2),
			   _mm512_maskz_slli_epi64(lo, h, 7)));
}
#else
AI vec xts_stride(vec t)
{
	vec h = vbsrl(t, 16 - XTS_SB);
	vec h1 = vadd64(h, h);
	vec h2 = vadd64(h1, h1);

	return vxor3(vxor(vbsll(t, XTS_SB), h), vxor(h1, h2), vsll64(h, 7));
}
#endif

#ifdef vclmul_87
/*
 * The same product with the fold as one carry-less multiply by 0x87 (vclmul_87: the low 64 bits
 * of each block times 0x87). Every operation here runs on the shuffle port of Intel's cores
 * (byte shifts, VPCLMULQDQ) or on any vector port (XOR), while the shift-and-add form's
 * VPSLLQ takes the port of the zmm AES unit there (llvm-mca-19 on icelake-server and
 * sapphirerapids); on Zen 4/5 VPCLMULQDQ takes the AES pipe instead. Which one a loop runs is
 * decided per CPU by timing both (hwc_xts_zmm_clmul).
 */
AI vec xts_stride_clmul(vec t)
{
	return vxor(vbsll(t, XTS_SB), vclmul_87(vbsrl(t, 16 - XTS_SB)));
}
#define XTS_STRIDE(t, clmul) ((clmul) ? xts_stride_clmul(t) : xts_stride(t))

#else
#define XTS_STRIDE(t, clmul) xts_stride(t)
#endif

/*
 * The main loop, XTS_UNROLL registers a step, with the rounds unrolled for the constant @nr.
 * Each register's tweaks advance by xts_stride() from its own value a step before, so no
 * tweak waits for another; the last round's key absorbs the output tweak (AESENCLAST ends
 * with an XOR), and whitening with k0 and the input tweak is one three-way XOR.
 */
AI void xts_main_nr(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size nsteps, vec *tw, const int clmul, const unsigned int nr)
{
	const vec k0 = rkv(r, 0);
	unsigned int i;
	int j;

#if XTS_KEYREGS
	vec kr[HWC_AES_MAX_ROUNDS + 1];
#endif

	(void)clmul;	/* without vclmul_87 only the shift-and-add form exists */
#if XTS_KEYREGS
#pragma GCC unroll 15
	for (i = 1; i <= nr; i++)
		kr[i] = rkv(r, i);
#define XTS_RK(i) kr[i]
#else
#define XTS_RK(i) rkv(r, i)
#endif

	for (; nsteps; nsteps--, src += 16 * XTS_UNROLL * VW, dst += 16 * XTS_UNROLL * VW) {
		vec b[XTS_UNROLL], kl = XTS_RK(nr);
#if XTS_KEYREGS
		vec lt[XTS_UNROLL];

#pragma GCC unroll 8
		for (j = 0; j < XTS_UNROLL; j++) {
			b[j] = vxor3(vld(src + 16 * VW * j), tw[j], k0);
			lt[j] = vxor(kl, tw[j]);
			/* After the last step only the first register's tweaks go on (the tail, the IV). */
			if (j == 0 || nsteps > 1)
				tw[j] = XTS_STRIDE(tw[j], clmul);
		}
#else
#pragma GCC unroll 8
		for (j = 0; j < XTS_UNROLL; j++)
			b[j] = vxor3(vld(src + 16 * VW * j), tw[j], k0);
#endif
#pragma GCC unroll 14
		for (i = 1; i < nr; i++) {
			vec k = XTS_RK(i);
#pragma GCC unroll 8
			for (j = 0; j < XTS_UNROLL; j++)
				b[j] = enc ? venc(b[j], k) : vdec(b[j], k);
		}
#pragma GCC unroll 8
		for (j = 0; j < XTS_UNROLL; j++) {
#if XTS_KEYREGS
			vec t = lt[j];
#else
			vec t = vxor(kl, tw[j]);
#endif

			vst(dst + 16 * VW * j, enc ? venclast(b[j], t) : vdeclast(b[j], t));
#if !XTS_KEYREGS
			/* As above: after the last step only the first register's tweaks go on. */
			if (j == 0 || nsteps > 1)
				tw[j] = XTS_STRIDE(tw[j], clmul);
#endif
		}
	}
#undef XTS_RK
}

/* xts_main_nr for the key's round count, in tweak-update form @clmul (a constant). */
AI void xts_main_form(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src,
		      hwc_size nsteps, vec *tw, const int clmul)
{
	NR_CONST(r->nr, xts_main_nr, r, enc, dst, src, nsteps, tw, clmul);
}

/* @nsteps steps from the request's first tweak @t; leaves in @base the lanes of the next block. */
AI void xts_main(const struct vrks *r, int enc, hwc_u8 *dst, const hwc_u8 *src,
		 hwc_size nsteps, vec tb, vec *base)
{
	vec tw[XTS_UNROLL];
	int j;

#if VW >= 4
	/*
	 * Each register from t directly (no chain between them), its fold one carry-less
	 * multiply: these are on the first step's chain, and at 1 KiB xts_pow's cost 7% (Zen 5).
	 */
#pragma GCC unroll 8
	for (j = 0; j < XTS_UNROLL; j++)
		tw[j] = xts_pow_clmul(tb, VW * j);
#else
	/* ymm: from the lanes, each a constant-shift multiply (measured faster here than xts_pow). */
	(void)tb;
	tw[0] = *base;
#pragma GCC unroll 8
	for (j = 1; j < XTS_UNROLL; j++)
		tw[j] = xmul_v(*base, VW * j);
#endif
#ifdef vclmul_87
	if (hwc_xts_zmm_clmul)
		xts_main_form(r, enc, dst, src, nsteps, tw, 1);
	else
#endif
		xts_main_form(r, enc, dst, src, nsteps, tw, 0);
	*base = tw[0];
}
#endif

#ifdef vxts8_loop
/*
 * The main loop, eight blocks a step, from the including file (xmm: aes_ni_modes.c): it reads
 * each step's tweaks from one half of @tb, filled by the step before, and writes the next
 * step's to the other half while the rounds run, so no block waits for the tweak chain.
 */
AI void xts8(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src, hwc_size n8,
	     __m128i *tp)
{
	__m128i tb[16], t = *tp;
	int j;

	for (j = 0; j < 8; j++) {
		tb[j] = t;
		t = xmul_x(t, 1);
	}
	*tp = vxts8_loop(enc ? k->ek : k->dk, k->nr, enc, dst, src, n8, tb, t);
	hwc_memzero_explicit(tb, sizeof(tb));
}
#endif

/*
 * Ciphertext stealing: the last whole block and the @tail bytes after it, with tweak @t; returns
 * the tweak after them. Decryption uses the two last tweaks in swapped order. Out of line, so
 * that its buffer (zeroed after) is not in the frame of every request.
 */
static __attribute__((__noinline__)) __m128i FN(xts_steal_)(const struct hwc_aes_key *k, int enc,
							    hwc_u8 *dst, const hwc_u8 *src,
							    hwc_size tail, __m128i t)
{
	__m128i t2 = xmul_x(t, 1), ta = enc ? t : t2, tb = enc ? t2 : t, cc;
	struct vrks r;
	hwc_u8 buf[32];

	vload_keys(&r, enc ? k->ek : k->dk, k->nr);
	cc = _mm_xor_si128(_mm_loadu_si128((const __m128i *)src), ta);
	cc = _mm_xor_si128(aes1(&r, enc, cc), ta);
	_mm_storeu_si128((__m128i *)buf, cc);
	__builtin_memcpy(buf + 16, buf, tail);
	__builtin_memcpy(buf, src + 16, tail);
	cc = _mm_xor_si128(_mm_loadu_si128((const __m128i *)buf), tb);
	cc = _mm_xor_si128(aes1(&r, enc, cc), tb);
	_mm_storeu_si128((__m128i *)buf, cc);
	__builtin_memcpy(dst, buf, 16 + tail);
	hwc_memzero_explicit(buf, sizeof(buf));
	return t2;
}

/*
 * The general path, for the constant round count @nr: every switch on it folds away, and no
 * round key load is shared between key sizes (GCC hoists such loads above the switch and
 * broadcasts each with a VSHUFI32X4, a vector operation, instead of a broadcast load).
 */
AI void xts_long(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		 hwc_size len, hwc_u8 tweak[16], const unsigned int nr)
{
	struct vrks r;
	hwc_size tail = len % 16, full = len / 16 - (tail ? 1 : 0), c;
	__m128i t = _mm_loadu_si128((const __m128i *)tweak);
#if VW >= 4
	const vec tb = vbcast_mem(tweak);
	vec base = xts_pow_clmul(tb, 0);
#else
#if VW >= 2
	const vec tb = vbcast(t);
#endif
	vec base = xts_lanes(t);
#endif

	vload_keys(&r, enc ? k->ek : k->dk, nr);
#ifdef vxts8_loop
	if (full >= 8) {
		xts8(k, enc, dst, src, full / 8, &base);
		src += 16 * (full & ~(hwc_size)7);
		dst += 16 * (full & ~(hwc_size)7);
		full %= 8;
	}
#elif VW >= 2
	if (full >= XTS_UNROLL * VW) {
		hwc_size steps = full / (XTS_UNROLL * VW);

		xts_main(&r, enc, dst, src, steps, tb, &base);
		src += 16 * XTS_UNROLL * VW * steps;
		dst += 16 * XTS_UNROLL * VW * steps;
		full -= XTS_UNROLL * VW * steps;
	}
#else
	for (; full >= UNROLL * VW; full -= UNROLL * VW, src += 16 * UNROLL * VW,
	     dst += 16 * UNROLL * VW)
		xts_chunk(&r, enc, dst, src, UNROLL * VW, &base, UNROLL);
#endif
#define XTS_CALL(q) xts_chunk(&r, enc, dst, src, c, &base, q)
	TAIL_LOOP(full, c, VW, 16, XTS_CALL);
#undef XTS_CALL
	t = vlow(base);
	if (tail)
		t = FN(xts_steal_)(k, enc, dst, src, tail, t);
	_mm_storeu_si128((__m128i *)tweak, t);
}

/*
 * Each path out of line, one function per direction and round count: the entries only pick
 * the code, so a short request never builds the long path's frame.
 */
#define XTS_OUTLINE(kind, dir, enc, nr)							\
static __attribute__((__noinline__)) void CAT(xts_##kind##_##dir##nr##_, VAES_SUFFIX)(	\
	const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
	hwc_u8 tweak[16])								\
{											\
	xts_##kind(k, enc, dst, src, len, tweak, nr);					\
}
#define XTS_OUTLINE_ALL(kind)								\
	XTS_OUTLINE(kind, enc, 1, 10) XTS_OUTLINE(kind, enc, 1, 12)			\
	XTS_OUTLINE(kind, enc, 1, 14) XTS_OUTLINE(kind, dec, 0, 10)			\
	XTS_OUTLINE(kind, dec, 0, 12) XTS_OUTLINE(kind, dec, 0, 14)

#if VW >= 4
/*
 * Up to one register of whole blocks (a 512-byte sector is not this; a 64-byte request is) in a
 * small function per direction and round count: none of the general path's frame (its stealing
 * buffer), its chunk dispatch, or its lane-vector update. The next tweak, t * x^nb, is off the
 * chain (only stored).
 */
AI void xts_short_with(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		       hwc_size len, __m128i t, vec tw, hwc_u8 tweak[16], const unsigned int nr)
{
	const hwc_size nb = len / 16;
	struct vrks r;
	vec b[1];

	vload_keys(&r, enc ? k->ek : k->dk, nr);
	b[0] = vxor3(vld_blocks(src, nb), tw, rkv(&r, 0));
	vmid_nr(&r, b, 1, nr, enc);
	b[0] = enc ? venclast(b[0], vxor(rkv(&r, nr), tw)) : vdeclast(b[0], vxor(rkv(&r, nr), tw));
	vst_blocks(dst, b[0], nb);
	_mm_storeu_si128((__m128i *)tweak, xmul_x(t, (int)nb));
}

/* T and its lanes loaded from @tweak (a broadcast load, forwarded from the caller's store). */
AI void xts_short(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		  hwc_size len, hwc_u8 tweak[16], const unsigned int nr)
{
	xts_short_with(k, enc, dst, src, len, _mm_loadu_si128((const __m128i *)tweak),
		       xts_pow_clmul(vbcast_mem(tweak), 0), tweak, nr);
}

XTS_OUTLINE_ALL(short)

/* T = E_K2(IV) for round count @nr, one xmm block: the first AES chain of every request. */
AI __m128i xts_tweak_nr(const struct hwc_aes_key *k2, const hwc_u8 iv[16], const unsigned int nr)
{
	__m128i t = _mm_xor_si128(_mm_loadu_si128((const __m128i *)iv),
				  _mm_loadu_si128((const __m128i *)k2->ek));
	unsigned int i;

#pragma GCC unroll 14
	for (i = 1; i < nr; i++)
		t = _mm_aesenc_si128(t, _mm_loadu_si128((const __m128i *)(k2->ek + 16 * i)));
	return _mm_aesenclast_si128(t, _mm_loadu_si128((const __m128i *)(k2->ek + 16 * nr)));
}

/*
 * xts_short with the tweak made here: T goes from its last AES round straight into the lane
 * multiply, with no store and reload between two calls, and one call fewer per request.
 */
AI void xts_short_iv(const struct hwc_aes_key *k, const struct hwc_aes_key *k2, int enc,
		     hwc_u8 *dst, const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16],
		     hwc_u8 tweak[16], const unsigned int nr)
{
	const __m128i t = xts_tweak_nr(k2, iv, nr);

	xts_short_with(k, enc, dst, src, len, t, xts_pow_clmul(vbcast(t), 0), tweak, nr);
}

/* The general path's first piece: the tweak stored for it (it reads it from memory). */
AI void xts_long_iv(const struct hwc_aes_key *k, const struct hwc_aes_key *k2, int enc,
		    hwc_u8 *dst, const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16],
		    hwc_u8 tweak[16], const unsigned int nr)
{
	_mm_storeu_si128((__m128i *)tweak, xts_tweak_nr(k2, iv, nr));
	xts_long(k, enc, dst, src, len, tweak, nr);
}

#define XTS_IV_OUTLINE(kind, dir, enc, nr)						\
static __attribute__((__noinline__)) void CAT(xts_##kind##_iv_##dir##nr##_, VAES_SUFFIX)(	\
	const struct hwc_aes_key *k, const struct hwc_aes_key *k2, hwc_u8 *dst,		\
	const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16], hwc_u8 tweak[16])		\
{											\
	xts_##kind##_iv(k, k2, enc, dst, src, len, iv, tweak, nr);			\
}
#define XTS_IV_OUTLINE_ALL(kind)							\
	XTS_IV_OUTLINE(kind, enc, 1, 10) XTS_IV_OUTLINE(kind, enc, 1, 12)		\
	XTS_IV_OUTLINE(kind, enc, 1, 14) XTS_IV_OUTLINE(kind, dec, 0, 10)		\
	XTS_IV_OUTLINE(kind, dec, 0, 12) XTS_IV_OUTLINE(kind, dec, 0, 14)
XTS_IV_OUTLINE_ALL(short)
XTS_IV_OUTLINE_ALL(long)
#undef XTS_IV_OUTLINE_ALL
#undef XTS_IV_OUTLINE

/* Whole blocks, 16 to 16 * VW bytes. */
#define XTS_IS_SHORT(len) (((len) & 15) == 0 && (len) - 16 < 16 * VW)
#endif

XTS_OUTLINE_ALL(long)
#undef XTS_OUTLINE_ALL
#undef XTS_OUTLINE

#define XTS_CALL_NR(kind, dir)								\
	do {										\
		if (k->nr == 10)							\
			CAT(xts_##kind##_##dir##10_, VAES_SUFFIX)(k, dst, src, len, tweak);	\
		else if (k->nr == 12)							\
			CAT(xts_##kind##_##dir##12_, VAES_SUFFIX)(k, dst, src, len, tweak);	\
		else									\
			CAT(xts_##kind##_##dir##14_, VAES_SUFFIX)(k, dst, src, len, tweak);	\
	} while (0)

#if VW >= 4
#define XTS_CALL_SHORT(dir) XTS_CALL_NR(short, dir)
#else
/* No short path below zmm width: XTS_IS_SHORT is never true, and this never called. */
#define XTS_IS_SHORT(len) 0
#define XTS_CALL_SHORT(dir) XTS_CALL_NR(long, dir)
#endif

#define XTS_ENTRY(dir)									\
void FN(hwc_aes_xts_##dir##_)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			      hwc_size len, hwc_u8 tweak[16])			\
{											\
	if (XTS_IS_SHORT(len)) {							\
		XTS_CALL_SHORT(dir);							\
		return;									\
	}										\
	XTS_CALL_NR(long, dir);								\
}
XTS_ENTRY(enc)
XTS_ENTRY(dec)
#undef XTS_ENTRY

#if VW >= 4
#define XTS_IV_CALL_NR(kind, dir)							\
	do {										\
		if (k->nr == 10)							\
			CAT(xts_##kind##_iv_##dir##10_, VAES_SUFFIX)(k, k2, dst, src, len, iv,	\
								     tweak);		\
		else if (k->nr == 12)							\
			CAT(xts_##kind##_iv_##dir##12_, VAES_SUFFIX)(k, k2, dst, src, len, iv,	\
								     tweak);		\
		else									\
			CAT(xts_##kind##_iv_##dir##14_, VAES_SUFFIX)(k, k2, dst, src, len, iv,	\
								     tweak);		\
	} while (0)
#define XTS_IV_ENTRY(dir)								\
void FN(hwc_aes_xts_##dir##_iv_)(const struct hwc_aes_key *k, const struct hwc_aes_key *k2,	\
				 hwc_u8 *dst, const hwc_u8 *src, hwc_size len,		\
				 const hwc_u8 iv[16], hwc_u8 tweak[16])			\
{											\
	if (XTS_IS_SHORT(len)) {							\
		XTS_IV_CALL_NR(short, dir);						\
		return;									\
	}										\
	XTS_IV_CALL_NR(long, dir);							\
}
XTS_IV_ENTRY(enc)
XTS_IV_ENTRY(dec)
#undef XTS_IV_ENTRY
#undef XTS_IV_CALL_NR
#endif
#undef XTS_CALL_SHORT
#undef XTS_IS_SHORT
#undef XTS_CALL_NR

#endif /* HWC_X86_AES_MODES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-384/SHA-512 compression function on AVX2 (two-block vector message schedule) and BMI2,
 * written once for two tiers: sha512_avx2.c, and sha512_avx512.c, whose message schedule takes
 * AVX-512VL's rotations and ternary XOR (fewer operations on the same ymm registers). The
 * includer defines SHA512_TIER, the suffix of hwc_sha512_blocks_<tier>.
 */
#ifndef HWC_X86_SHA512_ROUNDS_H
#define HWC_X86_SHA512_ROUNDS_H

#include "hwc_arch_cores.h"
#include <immintrin.h>

#if !defined(__AVX2__) || !defined(__BMI__) || !defined(__BMI2__)
#error "build this file with -mavx2 -mbmi -mbmi2"
#endif

/*
 * Design (FIPS 180-4 6.4.2). The scalar rounds are latency bound (about four cycles each on a
 * wide core), so the vector unit computes the message schedule of two blocks at once: each
 * 128-bit lane of a ymm register holds two consecutive W words of one block, block A in the
 * low lane and block B in the high lane, which keeps vpalignr (a per-lane shift) sufficient to
 * form W[t-15] and W[t-7]. W[t]+K[t] of both blocks goes to the stack and the rounds read it.
 * With three or more blocks the schedule is software pipelined: the next pair's schedule is
 * spread over all 160 rounds of the current pair (one vector step per five rounds), which fits
 * in the dispatch slots the rounds leave free; packing it into block A's rounds alone, as the
 * one-pair path must, costs about a tenth of the throughput. That needs two W+K buffers, a
 * 2.5 KiB array and a frame just under 3 KiB.
 *
 * That is the narrow form, for cores with four integer ALUs. Cores with six (Zen 5) take the
 * wide form instead (hwc_sha512_wide, timed per CPU like the zmm forms): rounds that spend three
 * more operations each to cut the chain from round to round from five cycles to four (RNDW),
 * and each pair of blocks scheduled in its own block A's rounds, as the one-pair path does, so
 * no schedule runs ahead of the first rounds. On Zen 5 (EPYC, family 26 model 2), one process
 * alternating both forms and OpenSSL 3.0's AVX2 code (SHA512_Update on whole blocks), best of
 * 61 rounds: the wide form 1.11x the narrow at 128-256 B, 1.23x at 1 KiB, 1.10x at 4 KiB,
 * 1.07x at 16 KiB, and 1.02-1.03x OpenSSL from 256 B to 16 KiB, where the narrow form was
 * 0.81-0.96x.
 */
/* FIPS 180-4 4.2.3, each pair twice so one aligned 32-byte load adds K to both blocks. */
#define KP(x, y) x, y, x, y
static const hwc_u64 hwc_sha512_k2[160] __attribute__((aligned(32))) = {
	KP(0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL),
	KP(0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL),
	KP(0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL),
	KP(0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL),
	KP(0xd807aa98a3030242ULL, 0x12835b0145706fbeULL),
	KP(0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL),
	KP(0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL),
	KP(0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL),
	KP(0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL),
	KP(0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL),
	KP(0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL),
	KP(0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL),
	KP(0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL),
	KP(0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL),
	KP(0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL),
	KP(0x06ca6351e003826fULL, 0x142929670a0e6e70ULL),
	KP(0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL),
	KP(0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL),
	KP(0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL),
	KP(0x81c2c92e47edaee6ULL, 0x92722c851482353bULL),
	KP(0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL),
	KP(0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL),
	KP(0xd192e819d6ef5218ULL, 0xd69906245565a910ULL),
	KP(0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL),
	KP(0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL),
	KP(0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL),
	KP(0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL),
	KP(0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL),
	KP(0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL),
	KP(0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL),
	KP(0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL),
	KP(0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL),
	KP(0xca273eceea26619cULL, 0xd186b8c721c0c207ULL),
	KP(0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL),
	KP(0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL),
	KP(0x113f9804bef90daeULL, 0x1b710b35131c471bULL),
	KP(0x28db77f523047d84ULL, 0x32caab7b40c72493ULL),
	KP(0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL),
	KP(0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL),
	KP(0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL),
};
#undef KP

static inline hwc_u64 hwc_ror64(hwc_u64 x, unsigned int n)
{
	return (x >> n) | (x << (64 - n));
}

/*
 * Pins a value so the compiler keeps the association order written below: the reassociation
 * pass would otherwise happily add the slow Σ terms first and lengthen the dependency chain.
 */
#define HWC_PIN(x) __asm__("" : "+r"(x))

/*
 * Stores W+K through an asm the compiler cannot see into: otherwise it "forwards" the vector to
 * the scalar rounds with vpextrq, which is slower than the store-to-load forwarding it replaces.
 */
static inline void hwc_store_wk(hwc_u64 *p, __m256i v)
{
	__asm__("vmovdqa %1, %0" : "=m"(*(__m256i *)p) : "x"(v));
}

/*
 * One round. With the schedule on the vector unit the scalar rounds are bound by ALU
 * throughput, not latency: 22 integer ops on four ALUs take longer than the five-op chain
 * e -> Σ1 -> T1 -> e' (Zen 3, and Intel's cores alike), so the round spends the fewest ops and
 * accepts the longer chain:
 *  - Ch = ((f ^ g) & e) ^ g, three ops;
 *  - Maj = ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's a ^ b (@bc carries it),
 *    so Maj costs three ops, of which a ^ b is reused.
 * Σ1 is added last into T1 as the other terms of T1 are ready rounds earlier. The new e is
 * written to d and the new a to h; the caller rotates the names.
 */
#define RND(a, b, c, d, e, f, g, h, wk) do {					\
	hwc_u64 t_ = (h) + (wk);						\
	hwc_u64 ab_ = (a) ^ (b);						\
	hwc_u64 s1_, s0_;							\
	t_ += (((f) ^ (g)) & (e)) ^ (g);					\
	s1_ = hwc_ror64(e, 14) ^ hwc_ror64(e, 18) ^ hwc_ror64(e, 41);		\
	HWC_PIN(t_);								\
	t_ += s1_;								\
	(d) += t_;								\
	s0_ = hwc_ror64(a, 28) ^ hwc_ror64(a, 34) ^ hwc_ror64(a, 39);		\
	(h) = t_ + (((bc) & ab_) ^ (b));					\
	(h) += s0_;								\
	bc = ab_;								\
} while (0)

/*
 * Eight rounds reading W+K at p[0], p[1], p[4], p[5], ...: the stack holds, per pair of rounds,
 * two words of block A then two of block B, so p starts at wk + 2 for block B.
 */
/*
 * The wide form's round: the chain from e to the new e is four operations, d + h + W+K being
 * ready before e is, Ch added to it and then Σ1; the new a is T1 + Maj + Σ0 with Maj two deep
 * ((a & (b | c)) | (b & c), b and c being older), so neither chain is longer than four. Three
 * operations more than RND, T1 accumulated twice (into d for the new e, into h for the new a).
 * In asm: as C, GCC 12's register allocation of these rounds ran the form at 0.89-0.92x or at
 * 1.05-1.09x the narrow one (Zen 5, 4-16 KiB) depending on unrelated code in the function
 * (whether an unused half of the W+K buffer was wiped); as asm with three scratch registers,
 * 1.08-1.12x in both.
 */
#define RNDW(a, b, c, d, e, f, g, h, wk) do {					\
	hwc_u64 t1_, t2_, t3_;							\
	__asm__("add	%[rw], %[rh]\n\t"						\
		"add	%[rh], %[rd]\n\t"						\
		"mov	%[rf], %[t1]\n\t"					\
		"xor	%[rg], %[t1]\n\t"					\
		"and	%[re], %[t1]\n\t"					\
		"xor	%[rg], %[t1]\n\t"					\
		"rorx	$14, %[re], %[t2]\n\t"					\
		"rorx	$18, %[re], %[t3]\n\t"					\
		"xor	%[t3], %[t2]\n\t"					\
		"rorx	$41, %[re], %[t3]\n\t"					\
		"xor	%[t3], %[t2]\n\t"					\
		"add	%[t1], %[rd]\n\t"					\
		"add	%[t1], %[rh]\n\t"					\
		"add	%[t2], %[rd]\n\t"					\
		"add	%[t2], %[rh]\n\t"					\
		"mov	%[rb], %[t1]\n\t"					\
		"or	%[rc], %[t1]\n\t"					\
		"and	%[ra], %[t1]\n\t"					\
		"mov	%[rb], %[t3]\n\t"					\
		"and	%[rc], %[t3]\n\t"					\
		"or	%[t3], %[t1]\n\t"					\
		"add	%[t1], %[rh]\n\t"					\
		"rorx	$28, %[ra], %[t2]\n\t"					\
		"rorx	$34, %[ra], %[t3]\n\t"					\
		"xor	%[t3], %[t2]\n\t"					\
		"rorx	$39, %[ra], %[t3]\n\t"					\
		"xor	%[t3], %[t2]\n\t"					\
		"add	%[t2], %[rh]"						\
		: [rd] "+r"(d), [rh] "+r"(h), [t1] "=&r"(t1_), [t2] "=&r"(t2_),	\
		  [t3] "=&r"(t3_)						\
		: [ra] "r"(a), [rb] "r"(b), [rc] "r"(c), [re] "r"(e), [rf] "r"(f),	\
		  [rg] "r"(g), [rw] "m"(wk)					\
		: "cc");							\
} while (0)

#define RND8(R, p) do {								\
	R(a, b, c, d, e, f, g, h, (p)[0]);					\
	R(h, a, b, c, d, e, f, g, (p)[1]);					\
	R(g, h, a, b, c, d, e, f, (p)[4]);					\
	R(f, g, h, a, b, c, d, e, (p)[5]);					\
	R(e, f, g, h, a, b, c, d, (p)[8]);					\
	R(d, e, f, g, h, a, b, c, (p)[9]);					\
	R(c, d, e, f, g, h, a, b, (p)[12]);					\
	R(b, c, d, e, f, g, h, a, (p)[13]);					\
} while (0)

/* vpshufb masks: each 64-bit word byte-reversed (big-endian message words), rotated by 8 bits. */
static inline __m256i hwc_bswap64_x4(void)
{
	return _mm256_set_epi64x(0x08090a0b0c0d0e0fULL, 0x0001020304050607ULL,
				 0x08090a0b0c0d0e0fULL, 0x0001020304050607ULL);
}

static inline __m256i hwc_rot8_x4(void)
{
	return _mm256_set_epi64x(0x080f0e0d0c0b0a09ULL, 0x0007060504030201ULL,
				 0x080f0e0d0c0b0a09ULL, 0x0007060504030201ULL);
}

#ifdef __AVX512VL__
/*
 * σ0 = ROTR1 ^ ROTR8 ^ SHR7 and σ1 = ROTR19 ^ ROTR61 ^ SHR6, each rotation one VPRORQ and the
 * three terms one VPTERNLOGQ: four operations where AVX2 takes seven and nine. On Zen 5 (EPYC,
 * family 26 model 2), libhwcrypt in process against OpenSSL 3.0 at 1-16 KiB: 1.5-2% faster
 * than the AVX2 schedule in either round form.
 */
static inline __m256i hwc_sigma0_x4(__m256i x, __m256i rot8)
{
	(void)rot8;
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8),
					 _mm256_srli_epi64(x, 7), 0x96);
}

static inline __m256i hwc_sigma1_x4(__m256i x)
{
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61),
					 _mm256_srli_epi64(x, 6), 0x96);
}
#else
/* σ0 = ROTR1 ^ ROTR8 ^ SHR7; the byte rotation is one shuffle instead of two shifts. */
static inline __m256i hwc_sigma0_x4(__m256i x, __m256i rot8)
{
	__m256i r = _mm256_xor_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(x, 63));

	r = _mm256_xor_si256(r, _mm256_srli_epi64(x, 7));
	return _mm256_xor_si256(r, _mm256_shuffle_epi8(x, rot8));
}

/* σ1 = ROTR19 ^ ROTR61 ^ SHR6. */
static inline __m256i hwc_sigma1_x4(__m256i x)
{
	__m256i r = _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_slli_epi64(x, 45));

	r = _mm256_xor_si256(r, _mm256_srli_epi64(x, 61));
	r = _mm256_xor_si256(r, _mm256_slli_epi64(x, 3));
	return _mm256_xor_si256(r, _mm256_srli_epi64(x, 6));
}
#endif

/*
 * Two W words of both blocks, 16 rounds ahead of p: x0 = W[t-16..t-15], x1 = W[t-14..],
 * x4 = W[t-8..], x5 = W[t-6..] and x7 = W[t-2..t-1]; the result replaces x0 and W+K goes to
 * p[32]. σ1 of the newest words is added last since it is the chain from one step to the next.
 */
#define SCHED(x0, x1, x4, x5, x7, p, kp) do {					\
	__m256i w15_ = _mm256_alignr_epi8(x1, x0, 8);				\
	__m256i w7_ = _mm256_alignr_epi8(x5, x4, 8);				\
	x0 = _mm256_add_epi64(x0, w7_);						\
	x0 = _mm256_add_epi64(x0, hwc_sigma0_x4(w15_, rot8));			\
	x0 = _mm256_add_epi64(x0, hwc_sigma1_x4(x7));				\
	hwc_store_wk((p) + 32, _mm256_add_epi64(x0,				\
		_mm256_load_si256((const __m256i *)((kp) + 32))));		\
} while (0)

/* Sixteen rounds of block A and the eight schedule steps that produce W 16 rounds ahead. */
#define RND16_SCHED(R, p, kp) do {							\
	R(a, b, c, d, e, f, g, h, (p)[0]);					\
	R(h, a, b, c, d, e, f, g, (p)[1]);					\
	SCHED(x0, x1, x4, x5, x7, (p) + 0, (kp) + 0);				\
	R(g, h, a, b, c, d, e, f, (p)[4]);					\
	R(f, g, h, a, b, c, d, e, (p)[5]);					\
	SCHED(x1, x2, x5, x6, x0, (p) + 4, (kp) + 4);				\
	R(e, f, g, h, a, b, c, d, (p)[8]);					\
	R(d, e, f, g, h, a, b, c, (p)[9]);					\
	SCHED(x2, x3, x6, x7, x1, (p) + 8, (kp) + 8);				\
	R(c, d, e, f, g, h, a, b, (p)[12]);					\
	R(b, c, d, e, f, g, h, a, (p)[13]);					\
	SCHED(x3, x4, x7, x0, x2, (p) + 12, (kp) + 12);			\
	R(a, b, c, d, e, f, g, h, (p)[16]);					\
	R(h, a, b, c, d, e, f, g, (p)[17]);					\
	SCHED(x4, x5, x0, x1, x3, (p) + 16, (kp) + 16);			\
	R(g, h, a, b, c, d, e, f, (p)[20]);					\
	R(f, g, h, a, b, c, d, e, (p)[21]);					\
	SCHED(x5, x6, x1, x2, x4, (p) + 20, (kp) + 20);			\
	R(e, f, g, h, a, b, c, d, (p)[24]);					\
	R(d, e, f, g, h, a, b, c, (p)[25]);					\
	SCHED(x6, x7, x2, x3, x5, (p) + 24, (kp) + 24);			\
	R(c, d, e, f, g, h, a, b, (p)[28]);					\
	R(b, c, d, e, f, g, h, a, (p)[29]);					\
	SCHED(x7, x0, x3, x4, x6, (p) + 28, (kp) + 28);			\
} while (0)

/*
 * Forty rounds of the current pair (W+K at p) and eight schedule steps of the next pair, whose
 * W+K goes to q[32..63] with K from kq[32..63]: one vector step every five rounds keeps the
 * vector work in the issue slots the latency-bound rounds leave free.
 */
#define RND40_NEXT(p, q, kq) do {						\
	RND(a, b, c, d, e, f, g, h, (p)[0]);					\
	RND(h, a, b, c, d, e, f, g, (p)[1]);					\
	RND(g, h, a, b, c, d, e, f, (p)[4]);					\
	SCHED(x0, x1, x4, x5, x7, (q) + 0, (kq) + 0);		\
	RND(f, g, h, a, b, c, d, e, (p)[5]);					\
	RND(e, f, g, h, a, b, c, d, (p)[8]);					\
	RND(d, e, f, g, h, a, b, c, (p)[9]);					\
	RND(c, d, e, f, g, h, a, b, (p)[12]);					\
	RND(b, c, d, e, f, g, h, a, (p)[13]);					\
	SCHED(x1, x2, x5, x6, x0, (q) + 4, (kq) + 4);		\
	RND(a, b, c, d, e, f, g, h, (p)[16]);					\
	RND(h, a, b, c, d, e, f, g, (p)[17]);					\
	RND(g, h, a, b, c, d, e, f, (p)[20]);					\
	RND(f, g, h, a, b, c, d, e, (p)[21]);					\
	RND(e, f, g, h, a, b, c, d, (p)[24]);					\
	SCHED(x2, x3, x6, x7, x1, (q) + 8, (kq) + 8);		\
	RND(d, e, f, g, h, a, b, c, (p)[25]);					\
	RND(c, d, e, f, g, h, a, b, (p)[28]);					\
	RND(b, c, d, e, f, g, h, a, (p)[29]);					\
	RND(a, b, c, d, e, f, g, h, (p)[32]);					\
	RND(h, a, b, c, d, e, f, g, (p)[33]);					\
	SCHED(x3, x4, x7, x0, x2, (q) + 12, (kq) + 12);		\
	RND(g, h, a, b, c, d, e, f, (p)[36]);					\
	RND(f, g, h, a, b, c, d, e, (p)[37]);					\
	RND(e, f, g, h, a, b, c, d, (p)[40]);					\
	RND(d, e, f, g, h, a, b, c, (p)[41]);					\
	RND(c, d, e, f, g, h, a, b, (p)[44]);					\
	SCHED(x4, x5, x0, x1, x3, (q) + 16, (kq) + 16);		\
	RND(b, c, d, e, f, g, h, a, (p)[45]);					\
	RND(a, b, c, d, e, f, g, h, (p)[48]);					\
	RND(h, a, b, c, d, e, f, g, (p)[49]);					\
	RND(g, h, a, b, c, d, e, f, (p)[52]);					\
	RND(f, g, h, a, b, c, d, e, (p)[53]);					\
	SCHED(x5, x6, x1, x2, x4, (q) + 20, (kq) + 20);		\
	RND(e, f, g, h, a, b, c, d, (p)[56]);					\
	RND(d, e, f, g, h, a, b, c, (p)[57]);					\
	RND(c, d, e, f, g, h, a, b, (p)[60]);					\
	RND(b, c, d, e, f, g, h, a, (p)[61]);					\
	RND(a, b, c, d, e, f, g, h, (p)[64]);					\
	SCHED(x6, x7, x2, x3, x5, (q) + 24, (kq) + 24);		\
	RND(h, a, b, c, d, e, f, g, (p)[65]);					\
	RND(g, h, a, b, c, d, e, f, (p)[68]);					\
	RND(f, g, h, a, b, c, d, e, (p)[69]);					\
	RND(e, f, g, h, a, b, c, d, (p)[72]);					\
	RND(d, e, f, g, h, a, b, c, (p)[73]);					\
	SCHED(x7, x0, x3, x4, x6, (q) + 28, (kq) + 28);		\
	RND(c, d, e, f, g, h, a, b, (p)[76]);					\
	RND(b, c, d, e, f, g, h, a, (p)[77]);					\
} while (0)

/* Big-endian words of both blocks, 16 bytes of each per register. */
#define LOADW(x, i, wk) do {							\
	x = _mm256_inserti128_si256(_mm256_castsi128_si256(			\
		_mm_loadu_si128((const __m128i *)(pa + 16 * (i)))),		\
		_mm_loadu_si128((const __m128i *)(pb + 16 * (i))), 1);		\
	x = _mm256_shuffle_epi8(x, bswap);					\
	hwc_store_wk(&(wk)[4 * (i)], _mm256_add_epi64(x,				\
		_mm256_load_si256((const __m256i *)&hwc_sha512_k2[4 * (i)])));	\
} while (0)

#define FEED_FORWARD_STATE() do {						\
	a += st[0]; b += st[1]; c += st[2]; d += st[3];				\
	e += st[4]; f += st[5]; g += st[6]; h += st[7];				\
	st[0] = a; st[1] = b; st[2] = c; st[3] = d;				\
	st[4] = e; st[5] = f; st[6] = g; st[7] = h;				\
} while (0)

#define FEED_FORWARD() do {							\
	FEED_FORWARD_STATE();							\
	bc = b ^ c;								\
} while (0)


#define LOADW8(wk) do {								\
	LOADW(x0, 0, wk); LOADW(x1, 1, wk); LOADW(x2, 2, wk); LOADW(x3, 3, wk);	\
	LOADW(x4, 4, wk); LOADW(x5, 5, wk); LOADW(x6, 6, wk); LOADW(x7, 7, wk);	\
} while (0)

/* The narrow form: W+K of the next pair computed in the current pair's rounds. */
static __attribute__((__noinline__)) void sha512_narrow(void *state, const hwc_u8 *data,
						       hwc_size nblocks)
{
	hwc_u64 *st = state;
	/* Two W+K buffers: the rounds of one pair read one while the next pair's schedule fills the other. */
	hwc_u64 wk[2][160] __attribute__((aligned(32)));
	const __m256i bswap = hwc_bswap64_x4(), rot8 = hwc_rot8_x4();
	__m256i x0, x1, x2, x3, x4, x5, x6, x7;
	const hwc_u8 *pa, *pb;
	hwc_u64 a, b, c, d, e, f, g, h, bc;
	hwc_u64 *p, *cur, *nxt;
	unsigned int i;

	if (!nblocks)
		return;

	a = st[0]; b = st[1]; c = st[2]; d = st[3];
	e = st[4]; f = st[5]; g = st[6]; h = st[7];
	bc = b ^ c;

	if (nblocks <= 2) {
		/*
		 * One pair only: nothing to overlap its schedule with but its own first block, so
		 * block A's rounds compute W sixteen rounds ahead of themselves. A lone block is
		 * scheduled in both lanes; lane B is then just not used.
		 */
		pa = data;
		pb = nblocks > 1 ? data + 128 : data;
		cur = wk[0];
		LOADW8(cur);
		p = cur;
#pragma GCC unroll 1
		for (i = 0; i < 4; i++, p += 32)
			RND16_SCHED(RND, p, hwc_sha512_k2 + (p - cur));
	} else {
		/* The first pair's schedule has nothing to hide behind; later ones are pipelined. */
		pa = data;
		pb = data + 128;
		cur = wk[0];
		nxt = wk[1];
		LOADW8(cur);
#pragma GCC unroll 1
		for (p = cur; p < cur + 128; p += 32) {
			SCHED(x0, x1, x4, x5, x7, p + 0, hwc_sha512_k2 + (p - cur) + 0);
			SCHED(x1, x2, x5, x6, x0, p + 4, hwc_sha512_k2 + (p - cur) + 4);
			SCHED(x2, x3, x6, x7, x1, p + 8, hwc_sha512_k2 + (p - cur) + 8);
			SCHED(x3, x4, x7, x0, x2, p + 12, hwc_sha512_k2 + (p - cur) + 12);
			SCHED(x4, x5, x0, x1, x3, p + 16, hwc_sha512_k2 + (p - cur) + 16);
			SCHED(x5, x6, x1, x2, x4, p + 20, hwc_sha512_k2 + (p - cur) + 20);
			SCHED(x6, x7, x2, x3, x5, p + 24, hwc_sha512_k2 + (p - cur) + 24);
			SCHED(x7, x0, x3, x4, x6, p + 28, hwc_sha512_k2 + (p - cur) + 28);
		}
		while (nblocks > 2) {
			hwc_u64 *q = nxt;
			const hwc_u64 *kq = hwc_sha512_k2;

			pa = data + 256;
			pb = nblocks > 3 ? data + 384 : pa;
			LOADW8(nxt);
			p = cur;
#pragma GCC unroll 1
			for (i = 0; i < 4; i++) {
				RND40_NEXT(p, q, kq);
				p += 80;
				q += 32;
				kq += 32;
				if (i == 1) {
					FEED_FORWARD();
					p = cur + 2;
				}
			}
			FEED_FORWARD();
			data += 256;
			nblocks -= 2;
			p = cur;
			cur = nxt;
			nxt = p;
		}
		p = cur;
	}

	/* The last one or two blocks: W+K is all in cur already. */
#pragma GCC unroll 1
	for (; p < cur + 160; p += 16)
		RND8(RND, p);
	FEED_FORWARD();
	if (nblocks == 2) {
#pragma GCC unroll 1
		for (p = cur + 2; p < cur + 160; p += 16)
			RND8(RND, p);
		FEED_FORWARD();
	}

	/* W+K of the last blocks would reveal message words; clear them before returning. */
	for (i = 0; i < 160; i += 4) {
		_mm256_store_si256((__m256i *)&wk[0][i], _mm256_setzero_si256());
		_mm256_store_si256((__m256i *)&wk[1][i], _mm256_setzero_si256());
	}
	__asm__ __volatile__("" : : "r"(wk) : "memory");
}

/*
 * The wide form: each pair of blocks on its own, its schedule in block A's rounds (sixteen
 * rounds ahead of them) and block B's rounds reading it. One W+K buffer.
 */
static __attribute__((__noinline__)) void sha512_wide(void *state, const hwc_u8 *data,
						      hwc_size nblocks)
{
	hwc_u64 *st = state;
	hwc_u64 wk[160] __attribute__((aligned(32)));
	const __m256i bswap = hwc_bswap64_x4(), rot8 = hwc_rot8_x4();
	__m256i x0, x1, x2, x3, x4, x5, x6, x7;
	const hwc_u8 *pa, *pb;
	hwc_u64 a, b, c, d, e, f, g, h;
	hwc_u64 *p;
	unsigned int i;

	a = st[0]; b = st[1]; c = st[2]; d = st[3];
	e = st[4]; f = st[5]; g = st[6]; h = st[7];
	while (nblocks) {
		/* A lone last block is scheduled in both lanes; lane B is then just not used. */
		pa = data;
		pb = nblocks > 1 ? data + 128 : data;
		LOADW8(wk);
		p = wk;
#pragma GCC unroll 1
		for (i = 0; i < 4; i++, p += 32)
			RND16_SCHED(RNDW, p, hwc_sha512_k2 + (p - wk));
#pragma GCC unroll 1
		for (; p < wk + 160; p += 16)
			RND8(RNDW, p);
		FEED_FORWARD_STATE();
		if (nblocks == 1)
			break;
#pragma GCC unroll 1
		for (p = wk + 2; p < wk + 160; p += 16)
			RND8(RNDW, p);
		FEED_FORWARD_STATE();
		data += 256;
		nblocks -= 2;
	}

	/* W+K of the last blocks would reveal message words; clear them before returning. */
	for (i = 0; i < 160; i += 4)
		_mm256_store_si256((__m256i *)&wk[i], _mm256_setzero_si256());
	__asm__ __volatile__("" : : "r"(wk) : "memory");
}

#define SHA512_CAT2(a, b) a##b
#define SHA512_CAT(a, b) SHA512_CAT2(a, b)

void SHA512_CAT(hwc_sha512_blocks_, SHA512_TIER)(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	if (!nblocks)
		return;
	if (hwc_sha512_wide)
		sha512_wide(state, data, nblocks);
	else
		sha512_narrow(state, data, nblocks);
}

#endif /* HWC_X86_SHA512_ROUNDS_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery arithmetic on POWER ISA 2.07 (POWER8): mulld/mulhdu products and addc/adde/addze
 * carry chains. General-purpose registers only (no FP/VSX state), any endianness.
 *
 * Without ISA 3.0 there is one carry bit (CA) and no multiply-add, so each 64x64 product costs
 * a mulld, a mulhdu and an addition for each half. Both CIOS forms below keep every addition on
 * CA and never need a second carry bit:
 *
 * - t in registers (up to 16 limbs, the halves of RSA-2048): one row t = (t + x b + q m) / 2^64
 *   is four carry chains over the limbs, one per kind of word, each a full pass with CA alone:
 *	lo(x b[j]) into limb j		lo(q m[j]) into limb j
 *	hi(x b[j]) into limb j + 1	hi(q m[j]) into limb j + 1
 *   3 instructions per word (ld, mul, adde): 12 per limb of a row, no loads or stores of t.
 *   The partial sums never exceed the row's total, below 2^65 m, so t[n + 1] takes every carry.
 * - t in memory (larger sizes): one pass, each product's high half kept as a carry word:
 *	c + t[j] + x b[j] = hi:lo		(addc, addze twice: x b[j] + c + t[j] < 2^128)
 *   16 instructions per limb.
 *
 * In both, limb 0 of q m is not computed: it is -t[0] mod 2^64 by the choice of q, so its only
 * effect is the carry t[0] != 0 (addic t[0], -1).
 *
 * This file holds the rows and which sizes take which form (BN_FIXED); the entry points and the
 * loops that drive the rows are bn_rows.h's, shared with bignum_p9.c, whose rows differ.
 *
 * Constant time: the loops run on public limb counts; no branch or address depends on a limb's
 * value; the final subtraction is masked (ppc_bn_csub(), hwc_bn_csub()).
 */
#include "hwc_arch_cores.h"

#define P8_INLINE static inline __attribute__((always_inline))

/*
 * One carry chain of p8_mul_regs' row i over vec (b or m) times v (x or q): the low halves
 * into limbs 1..n-1 after the caller's limb 0, or the high halves into limbs 1..n; the carry
 * out goes into the next limb, which cannot overflow (see above).
 */
#define P8_CHAIN_LO(vec, v)						\
	"	.set	hwc_j, 1\n"						\
	"	.rept	hwc_n - 1\n"						\
	"	.set	hwc_tj, 14 + (hwc_i + hwc_j) %% hwc_w\n"		\
	"	ld	hwc_u, 8*hwc_j(%[" #vec "])\n"				\
	"	mulld	hwc_u, " #v ", hwc_u\n"					\
	"	adde	hwc_tj, hwc_tj, hwc_u\n"				\
	"	.set	hwc_j, hwc_j + 1\n"					\
	"	.endr\n"							\
	"	.set	hwc_tj, 14 + (hwc_i + hwc_n) %% hwc_w\n"		\
	"	addze	hwc_tj, hwc_tj\n"

#define P8_CHAIN_HI(vec, v)						\
	"	.set	hwc_j, 0\n"						\
	"	.rept	hwc_n\n"						\
	"	.set	hwc_tj, 14 + (hwc_i + hwc_j + 1) %% hwc_w\n"		\
	"	ld	hwc_u, 8*hwc_j(%[" #vec "])\n"				\
	"	mulhdu	hwc_u, " #v ", hwc_u\n"					\
	"	.if	hwc_j == 0\n"						\
	"	addc	hwc_tj, hwc_tj, hwc_u\n"				\
	"	.else\n"							\
	"	adde	hwc_tj, hwc_tj, hwc_u\n"				\
	"	.endif\n"							\
	"	.set	hwc_j, hwc_j + 1\n"					\
	"	.endr\n"							\
	"	.set	hwc_tj, 14 + (hwc_i + hwc_n + 1) %% hwc_w\n"		\
	"	addze	hwc_tj, hwc_tj\n"

/*
 * The CIOS rows with t wholly in registers, for 2..16 limbs: r14..r14+N+1 hold the N + 2 limbs
 * a row needs, the rows and limbs unrolled by the assembler, and the register names rotate
 * instead of the limbs moving down: in row i, limb k of t is r(14 + (i + k) mod (N + 2)). The
 * register of limb 0, cleared by the row, is the next row's limb N + 1, which must start at 0.
 * Fixed registers: r3 x, r4 q, r5 the word in flight, r6 n0, r7 a, r0 scratch; GCC places
 * b, m and p (a, n0, t) in the rest. The N + 1 limbs of the result go to t.
 */
P8_INLINE void p8_mul_regs(hwc_u64 *t, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
			   hwc_u64 n0, const unsigned int n)
{
	hwc_u64 p[3] = { (hwc_u64)(unsigned long)a, n0, (hwc_u64)(unsigned long)t };

	__asm__ volatile(
		"	.set	hwc_n, %c[n]\n"
		"	.if	hwc_n > 16 || hwc_n < 2\n"
		"	.error	\"p8_mul_regs: 2..16 limbs\"\n"
		"	.endif\n"
		"	.set	hwc_w, hwc_n + 2\n"
		"	.set	hwc_x, 3\n"
		"	.set	hwc_q, 4\n"
		"	.set	hwc_u, 5\n"
		"	.set	hwc_n0, 6\n"
		"	.set	hwc_a, 7\n"
		"	ld	hwc_a, 0(%[p])\n"
		"	ld	hwc_n0, 8(%[p])\n"
		"	.set	hwc_k, 0\n"
		"	.rept	hwc_w\n"
		"	li	14 + hwc_k, 0\n"
		"	.set	hwc_k, hwc_k + 1\n"
		"	.endr\n"
		"	.set	hwc_i, 0\n"
		"	.rept	hwc_n\n"
		"	.set	hwc_t0, 14 + hwc_i %% hwc_w\n"
		"	ld	hwc_x, 8*hwc_i(hwc_a)\n"
		/* lo(x b[j]) into limb j; limb n takes the carry (t + lo < 3 2^(64 n)) */
		"	ld	hwc_u, 0(%[b])\n"
		"	mulld	hwc_u, hwc_x, hwc_u\n"
		"	addc	hwc_t0, hwc_t0, hwc_u\n"
		P8_CHAIN_LO(b, hwc_x)
		"	mulld	hwc_q, hwc_t0, hwc_n0\n"
		/* lo(q m[j]) into limb j: limb 0 only carries */
		"	addic	0, hwc_t0, -1\n"
		P8_CHAIN_LO(m, hwc_q)
		/* hi(x b[j]) into limb j + 1, the carry into limb n + 1 */
		P8_CHAIN_HI(b, hwc_x)
		/* hi(q m[j]) into limb j + 1 */
		P8_CHAIN_HI(m, hwc_q)
		"	li	hwc_t0, 0\n"
		"	.set	hwc_i, hwc_i + 1\n"
		"	.endr\n"
		/* after n rows limb k is in r(14 + (n + k) mod (n + 2)) */
		"	ld	hwc_u, 16(%[p])\n"
		"	.set	hwc_k, 0\n"
		"	.rept	hwc_n + 1\n"
		"	std	14 + (hwc_n + hwc_k) %% hwc_w, 8*hwc_k(hwc_u)\n"
		"	.set	hwc_k, hwc_k + 1\n"
		"	.endr\n"
		:
		: [b] "b"(b), [m] "b"(m), [p] "b"(p), [n] "i"(n)
		: "r0", "r3", "r4", "r5", "r6", "r7", "r14", "r15", "r16", "r17", "r18", "r19",
		  "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30",
		  "r31", "xer", "memory");
}

/*
 * The pieces of the rows with t in memory (p8_row_mul, p8_row_mul_n, p8_row_redc), on named
 * operands. P8_MAC(x, y, c): c:tj = tj + x y + c, through y and nh; the sum is below 2^128,
 * so c takes both carries.
 */
#define P8_MAC(x, y, c)							\
	"	mulhdu	%[nh], %[" #x "], %[" #y "]\n"				\
	"	mulld	%[" #y "], %[" #x "], %[" #y "]\n"			\
	"	addc	%[" #y "], %[" #y "], %[" #c "]\n"			\
	"	addze	%[" #c "], %[nh]\n"					\
	"	addc	%[tj], %[tj], %[" #y "]\n"				\
	"	addze	%[" #c "], %[" #c "]\n"

/* Limb 0 of a multiplication row: q, and the carry words c1 and c2 of x b[0] and q m[0]. */
#define P8_ROW_LIMB0							\
	"	ld	%[tj], 0(%[t])\n"					\
	"	ld	%[bj], 0(%[b])\n"					\
	"	mulhdu	%[c1], %[x], %[bj]\n"					\
	"	mulld	%[bj], %[x], %[bj]\n"					\
	"	addc	%[tj], %[tj], %[bj]\n"					\
	"	addze	%[c1], %[c1]\n"						\
	"	mulld	%[q], %[tj], %[n0]\n"					\
	"	ld	%[mj], 0(%[m])\n"					\
	"	mulhdu	%[c2], %[q], %[mj]\n"					\
	"	addic	%[tj], %[tj], -1\n"					\
	"	addze	%[c2], %[c2]\n"

/* The top of a multiplication row: t[n - 1] = t[n] + c1 + c2, t[n] = the carries out. */
#define P8_ROW_TOP(tn, tn1)						\
	"	ld	%[tj], " tn "\n"					\
	"	addc	%[c1], %[c1], %[c2]\n"					\
	"	li	%[bj], 0\n"						\
	"	addze	%[bj], %[bj]\n"						\
	"	addc	%[tj], %[tj], %[c1]\n"					\
	"	addze	%[bj], %[bj]\n"						\
	"	std	%[tj], " tn1 "\n"					\
	"	std	%[bj], " tn "\n"

/*
 * One CIOS step with t in memory: t[0..nl] = (t[0..nl] + x b + q m) / 2^64 with
 * q = (t[0] + x b[0]) n0 mod 2^64, c1 and c2 the carry words of x b and q m. The limbs after
 * the first are a CTR loop of nl - 1 (nl >= 2: 0 would mean 2^64).
 */
P8_INLINE void p8_row_mul(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m, hwc_u64 n0,
			  unsigned long nl)
{
	hwc_u64 pb, pm, pt, bj, mj, tj, nh, c1, c2, q;

	__asm__ volatile(
		P8_ROW_LIMB0
		"	mtctr	%[cnt]\n"
		"	mr	%[pb], %[b]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[bj], 8(%[pb])\n"
		"	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		P8_MAC(x, bj, c1)
		P8_MAC(q, mj, c2)
		"	std	%[tj], -8(%[pt])\n"
		"	bdnz	1b\n"
		/* pt = &t[nl - 1]: t[nl - 1] = t[nl] + c1 + c2, t[nl] = the carries out */
		P8_ROW_TOP("8(%[pt])", "0(%[pt])")
		: [pb] "=&b"(pb), [pm] "=&b"(pm), [pt] "=&b"(pt), [bj] "=&r"(bj), [mj] "=&r"(mj),
		  [tj] "=&r"(tj), [nh] "=&r"(nh), [c1] "=&r"(c1), [c2] "=&r"(c2), [q] "=&r"(q)
		: [t] "b"(t), [b] "b"(b), [m] "b"(m), [x] "r"(x), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
}

/* p8_row_mul for a limb count known at compile time: unrolled, offsets, no CTR loop. */
P8_INLINE void p8_row_mul_n(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m,
			    hwc_u64 n0, const unsigned int n)
{
	hwc_u64 bj, mj, tj, nh, c1, c2, q;

	__asm__ volatile(
		P8_ROW_LIMB0
		"	.set	hwc_j, 1\n"
		"	.rept	%c[n] - 1\n"
		"	ld	%[bj], 8*hwc_j(%[b])\n"
		"	ld	%[mj], 8*hwc_j(%[m])\n"
		"	ld	%[tj], 8*hwc_j(%[t])\n"
		P8_MAC(x, bj, c1)
		P8_MAC(q, mj, c2)
		"	std	%[tj], 8*hwc_j-8(%[t])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		P8_ROW_TOP("8*%c[n](%[t])", "8*%c[n]-8(%[t])")
		: [bj] "=&r"(bj), [mj] "=&r"(mj), [tj] "=&r"(tj), [nh] "=&r"(nh), [c1] "=&r"(c1),
		  [c2] "=&r"(c2), [q] "=&r"(q)
		: [t] "b"(t), [b] "b"(b), [m] "b"(m), [x] "r"(x), [n0] "r"(n0), [n] "i"(n)
		: "xer", "memory");
}

/*
 * One reduction step over a 2 nl-limb number, at limb i (t = a + i): t[0..nl] += q m, q making
 * t[0] zero, with @top, the carry out of the previous step, added at limb nl; returns the new
 * carry out of limb nl. The value stays below 2 m R, so that carry is 0 or 1.
 */
P8_INLINE hwc_u64 p8_row_redc(hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0, hwc_u64 top,
			      unsigned long nl)
{
	hwc_u64 pm, pt, mj, tj, nh, c, q;

	__asm__ volatile(
		"	ld	%[tj], 0(%[t])\n"
		"	ld	%[mj], 0(%[m])\n"
		"	mulld	%[q], %[tj], %[n0]\n"
		"	mulhdu	%[c], %[q], %[mj]\n"
		"	addic	%[tj], %[tj], -1\n"
		"	addze	%[c], %[c]\n"
		"	mtctr	%[cnt]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		P8_MAC(q, mj, c)
		"	std	%[tj], 0(%[pt])\n"
		"	bdnz	1b\n"
		/* t[nl] += c + top */
		"	ld	%[tj], 8(%[pt])\n"
		"	addc	%[tj], %[tj], %[c]\n"
		"	li	%[nh], 0\n"
		"	addze	%[nh], %[nh]\n"
		"	addc	%[tj], %[tj], %[top]\n"
		"	addze	%[top], %[nh]\n"
		"	std	%[tj], 8(%[pt])\n"
		: [pm] "=&b"(pm), [pt] "=&b"(pt), [mj] "=&r"(mj), [tj] "=&r"(tj), [nh] "=&r"(nh),
		  [c] "=&r"(c), [q] "=&r"(q), [top] "+&r"(top)
		: [t] "b"(t), [m] "b"(m), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
	return top;
}

/* For bn_rows.h, which builds the entry points on these rows. */
#define BN_SUFFIX p8
#define bn_row_mul p8_row_mul
#define bn_row_mul_n p8_row_mul_n
#define bn_row_redc p8_row_redc
/* The sizes of RSA's moduli and halves: t in registers while it fits (16 limbs), then rows. */
#define BN_FIXED(X)				\
	X(8, p8_mul_regs, p8_mul_regs)		\
	X(12, p8_mul_regs, p8_mul_regs)		\
	X(16, p8_mul_regs, p8_mul_regs)		\
	X(24, p8_mul_rows, BN_MUL_ROWS)		\
	X(32, p8_mul_rows, BN_MUL_ROWS)		\
	X(48, p8_mul_rows, BN_MUL_ROWS)		\
	X(64, p8_mul_rows, BN_MUL_ROWS)
#include "bn_rows.h"

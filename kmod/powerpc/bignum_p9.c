// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery arithmetic on POWER ISA 3.0 (POWER9): maddld/maddhdu fuse each 64x64 product with
 * the addition of one limb, and addex carries on OV beside adde's CA, so two carry chains run
 * through one row as ADCX/ADOX do on x86. General-purpose registers only (no FP/VSX state).
 *
 * Multiplication is operand scanning with the reduction interleaved (CIOS): per limb a[i] one
 * pass over j adds a[i] b[j] and q m[j] to t[j] and stores the sum one limb down, q chosen so
 * that limb 0 vanishes. Per limb j of that pass:
 *	ld b[j], m[j], t[j]
 *	lo1 = maddld(x, b[j], h1)	h1 = maddhdu(x, b[j], h1)	x b[j] + h1 < 2^128
 *	lo2 = maddld(q, m[j], h2)	h2 = maddhdu(q, m[j], h2)
 *	t[j] = t[j] + lo1 + CA		(adde: CA chain)
 *	t[j] = t[j] + lo2 + OV		(addex: OV chain)
 *	std t[j] to t[j - 1]
 * so the high halves ride in the multiply-adds themselves and no limb waits for an addze. The
 * running t stays below 2m (b < m, any a < R), so t has nl + 1 limbs, the top one 0 or 1.
 *
 * This file holds the rows and which sizes take which form (BN_FIXED); the entry points and the
 * loops that drive the rows are bn_rows.h's, shared with bignum_p8.c, whose rows differ.
 *
 * Constant time: the loops run on public limb counts (CTR); no branch or address depends on a
 * limb's value; the final subtraction is masked (ppc_bn_csub(), hwc_bn_csub()).
 */
#include "hwc_arch_cores.h"

#define P9_INLINE static inline __attribute__((always_inline))

/*
 * The pieces of p9_row_mul and p9_row_mul_n, on named operands. Limb 0: x b[0] + t[0] and
 * q m[0] + that, each < 2^128, no carry to chain.
 */
#define P9_ROW_LIMB0							\
	"	ld	%[tj], 0(%[t])\n"					\
	"	ld	%[bj], 0(%[b])\n"					\
	"	ld	%[mj], 0(%[m])\n"					\
	"	maddld	%[lo1], %[x], %[bj], %[tj]\n"				\
	"	maddhdu	%[h1], %[x], %[bj], %[tj]\n"				\
	"	mulld	%[q], %[lo1], %[n0]\n"					\
	"	maddhdu	%[h2], %[q], %[mj], %[lo1]\n"				\
	"	li	%[tj], 0\n"						\
	"	mtxer	%[tj]\n"		/* CA = OV = 0 */

/* Limb j >= 1, its b[j], m[j] and t[j] loaded. */
#define P9_ROW_LIMB							\
	"	maddld	%[lo1], %[x], %[bj], %[h1]\n"				\
	"	maddhdu	%[h1], %[x], %[bj], %[h1]\n"				\
	"	maddld	%[lo2], %[q], %[mj], %[h2]\n"				\
	"	maddhdu	%[h2], %[q], %[mj], %[h2]\n"				\
	"	adde	%[tj], %[tj], %[lo1]\n"					\
	"	addex	%[tj], %[tj], %[lo2], 0\n"

/* The top: t[n - 1] = t[n] + h1 + h2 + carries, t[n] = the carries out. */
#define P9_ROW_TOP(tn, tn1)						\
	"	ld	%[tj], " tn "\n"					\
	"	adde	%[tj], %[tj], %[h1]\n"					\
	"	addex	%[tj], %[tj], %[h2], 0\n"				\
	"	std	%[tj], " tn1 "\n"					\
	"	li	%[lo1], 0\n"						\
	"	addze	%[tj], %[lo1]\n"					\
	"	addex	%[tj], %[tj], %[lo1], 0\n"				\
	"	std	%[tj], " tn "\n"

/*
 * One CIOS step: t[0..nl] = (t[0..nl] + x b + q m) / 2^64 with q = (t[0] + x b[0]) n0 mod 2^64.
 * nl >= 2 (the loop count nl - 1 goes to CTR, where 0 would mean 2^64).
 */
P9_INLINE void p9_row_mul(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m, hwc_u64 n0,
			  unsigned long nl)
{
	hwc_u64 pb, pm, pt, bj, mj, tj, h1, h2, lo1, lo2, q;

	__asm__ volatile(
		P9_ROW_LIMB0
		"	mtctr	%[cnt]\n"
		"	mr	%[pb], %[b]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[bj], 8(%[pb])\n"
		"	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		P9_ROW_LIMB
		"	std	%[tj], -8(%[pt])\n"
		"	bdnz	1b\n"
		/* pt = &t[nl - 1]: t[nl - 1] = t[nl] + h1 + h2 + carries, t[nl] = the carries out */
		P9_ROW_TOP("8(%[pt])", "0(%[pt])")
		: [pb] "=&b"(pb), [pm] "=&b"(pm), [pt] "=&b"(pt), [bj] "=&r"(bj), [mj] "=&r"(mj),
		  [tj] "=&r"(tj), [h1] "=&r"(h1), [h2] "=&r"(h2), [lo1] "=&r"(lo1),
		  [lo2] "=&r"(lo2), [q] "=&r"(q)
		: [t] "b"(t), [b] "b"(b), [m] "b"(m), [x] "r"(x), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
}

/*
 * One reduction step over a 2 nl-limb number, at limb i (t = a + i): t[0..nl] += q m, q making
 * t[0] zero, with @top, the carry out of the previous step, added at limb nl; returns the new
 * carry out of limb nl. The value stays below 2 m R, so that carry is 0 or 1.
 */
P9_INLINE hwc_u64 p9_row_redc(hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0, hwc_u64 top,
			      unsigned long nl)
{
	hwc_u64 pm, pt, mj, tj, h, lo, q;

	__asm__ volatile(
		"	ld	%[tj], 0(%[t])\n"
		"	ld	%[mj], 0(%[m])\n"
		"	mulld	%[q], %[tj], %[n0]\n"
		"	maddhdu	%[h], %[q], %[mj], %[tj]\n"
		"	li	%[tj], 0\n"
		"	mtxer	%[tj]\n"
		"	mtctr	%[cnt]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		"	maddld	%[lo], %[q], %[mj], %[h]\n"
		"	maddhdu	%[h], %[q], %[mj], %[h]\n"
		"	adde	%[tj], %[tj], %[lo]\n"
		"	std	%[tj], 0(%[pt])\n"
		"	bdnz	1b\n"
		/* t[nl] += h + CA + top: CA chain for h, OV chain for top */
		"	ld	%[tj], 8(%[pt])\n"
		"	adde	%[tj], %[tj], %[h]\n"
		"	addex	%[tj], %[tj], %[top], 0\n"
		"	std	%[tj], 8(%[pt])\n"
		"	li	%[lo], 0\n"
		"	addze	%[top], %[lo]\n"
		"	addex	%[top], %[top], %[lo], 0\n"
		: [pm] "=&b"(pm), [pt] "=&b"(pt), [mj] "=&r"(mj), [tj] "=&r"(tj), [h] "=&r"(h),
		  [lo] "=&r"(lo), [q] "=&r"(q), [top] "+&r"(top)
		: [t] "b"(t), [m] "b"(m), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
	return top;
}

/*
 * What p9_mul_regs and p9_mul_half share: the fixed registers, and the start of row i, with
 * x = a[i] loaded and limb 0 of t in hwc_t0 (q, h1 and h2, CA = OV = 0).
 */
#define P9_REGS_NAMES							\
	"	.set	hwc_x, 3\n"						\
	"	.set	hwc_q, 4\n"						\
	"	.set	hwc_h1, 5\n"						\
	"	.set	hwc_h2, 6\n"						\
	"	.set	hwc_u, 7\n"						\
	"	.set	hwc_w, 8\n"						\
	"	.set	hwc_lo1, 0\n"						\
	"	.set	hwc_lo2, 31\n"

#define P9_REGS_LIMB0							\
	"	ld	hwc_u, 0(%[b])\n"					\
	"	ld	hwc_w, 0(%[m])\n"					\
	"	maddld	hwc_lo1, hwc_x, hwc_u, hwc_t0\n"			\
	"	maddhdu	hwc_h1, hwc_x, hwc_u, hwc_t0\n"			\
	"	ld	hwc_u, 8(%[p])\n"					\
	"	mulld	hwc_q, hwc_lo1, hwc_u\n"				\
	"	maddhdu	hwc_h2, hwc_q, hwc_w, hwc_lo1\n"			\
	"	li	hwc_lo2, 0\n"						\
	"	mtxer	hwc_lo2\n"

/* Limb hwc_j: lo1 and lo2 to add to it, h1 and h2 carried to the next limb. */
#define P9_REGS_MADD							\
	"	ld	hwc_u, 8*hwc_j(%[b])\n"					\
	"	ld	hwc_w, 8*hwc_j(%[m])\n"					\
	"	maddld	hwc_lo1, hwc_x, hwc_u, hwc_h1\n"			\
	"	maddhdu	hwc_h1, hwc_x, hwc_u, hwc_h1\n"			\
	"	maddld	hwc_lo2, hwc_q, hwc_w, hwc_h2\n"			\
	"	maddhdu	hwc_h2, hwc_q, hwc_w, hwc_h2\n"

#define P9_REGS_CLOBBERS							\
	"r0", "r3", "r4", "r5", "r6", "r7", "r8", "r12", "r14", "r15", "r16", "r17", "r18",	\
	"r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30",	\
	"r31", "xer", "memory"

/*
 * The kernels with t in registers take every register an asm can have, so GCC places only b,
 * m and p, which brings a, n0 and t. body runs on hwc_n = n, checked against lo..hi, and the
 * names above.
 */
#define P9_REGS_KERNEL(name, lo, hi, body)					\
P9_INLINE void name(hwc_u64 *t, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		    hwc_u64 n0, const unsigned int n)				\
{										\
	hwc_u64 p[3] = { (hwc_u64)(unsigned long)a, n0, (hwc_u64)(unsigned long)t };	\
										\
	__asm__ volatile(							\
		"	.set	hwc_n, %c[n]\n"						\
		"	.if	hwc_n > " #hi " || hwc_n < " #lo "\n"			\
		"	.error	\"" #name ": " #lo ".." #hi " limbs\"\n"			\
		"	.endif\n"							\
		P9_REGS_NAMES							\
		body								\
		:								\
		: [b] "b"(b), [m] "b"(m), [p] "b"(p), [n] "i"(n)			\
		: P9_REGS_CLOBBERS);						\
}

/*
 * The same CIOS steps with t wholly in registers, for up to 16 limbs (the halves of RSA-2048
 * and smaller): r14..r14+N hold the N + 1 limbs, and the rows and limbs are unrolled by the
 * assembler, so instead of moving the limbs down after each row the register names rotate:
 * in row i, limb k of t is r(14 + (i + k) mod (N + 1)). Each limb's sum goes back into the
 * register it came from, which is where the shifted limb belongs; the row's carry out becomes
 * the new top limb in the register of the old limb 0, the one that row cleared. That takes the
 * load and store of t[j] off every limb: 8 instructions per limb of a row instead of 10.
 * Fixed registers: r3..r8, r0, r31 temporaries, r12 a; GCC places b, m and p (a, n0, t) in
 * the rest. The result (N limbs and the top one) goes to t, then the masked subtraction.
 */
P9_REGS_KERNEL(p9_mul_regs, 2, 16,
	"	.set	hwc_a, 12\n"
	"	ld	hwc_a, 0(%[p])\n"
	"	.set	hwc_k, 0\n"
	"	.rept	hwc_n + 1\n"
	"	li	14 + hwc_k, 0\n"
	"	.set	hwc_k, hwc_k + 1\n"
	"	.endr\n"
	"	.set	hwc_i, 0\n"
	"	.rept	hwc_n\n"
	"	.set	hwc_t0, 14 + hwc_i %% (hwc_n + 1)\n"
	"	ld	hwc_x, 8*hwc_i(hwc_a)\n"
	P9_REGS_LIMB0
	"	.set	hwc_j, 1\n"
	"	.rept	hwc_n - 1\n"
	"	.set	hwc_tj, 14 + (hwc_i + hwc_j) %% (hwc_n + 1)\n"
	P9_REGS_MADD
	"	adde	hwc_tj, hwc_tj, hwc_lo1\n"
	"	addex	hwc_tj, hwc_tj, hwc_lo2, 0\n"
	"	.set	hwc_j, hwc_j + 1\n"
	"	.endr\n"
	"	.set	hwc_tj, 14 + (hwc_i + hwc_n) %% (hwc_n + 1)\n"
	"	adde	hwc_tj, hwc_tj, hwc_h1\n"
	"	addex	hwc_tj, hwc_tj, hwc_h2, 0\n"
	"	li	hwc_lo1, 0\n"
	"	addze	hwc_t0, hwc_lo1\n"
	"	addex	hwc_t0, hwc_t0, hwc_lo1, 0\n"
	"	.set	hwc_i, hwc_i + 1\n"
	"	.endr\n"
	/* after n rows limb k is in r(14 + (n + k) mod (n + 1)) */
	"	ld	hwc_u, 16(%[p])\n"
	"	.set	hwc_k, 0\n"
	"	.rept	hwc_n + 1\n"
	"	std	14 + (hwc_n + hwc_k) %% (hwc_n + 1), 8*hwc_k(hwc_u)\n"
	"	.set	hwc_k, hwc_k + 1\n"
	"	.endr\n")

/*
 * p9_row_mul for a limb count known at compile time (24 limbs and more: t does not fit in the
 * registers): the pass over j unrolled by the assembler, offsets instead of update-form loads and
 * no CTR loop, 10 instructions per limb instead of 11.
 */
P9_INLINE void p9_row_mul_n(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m,
			    hwc_u64 n0, const unsigned int n)
{
	hwc_u64 bj, mj, tj, h1, h2, lo1, lo2, q;

	__asm__ volatile(
		P9_ROW_LIMB0
		"	.set	hwc_j, 1\n"
		"	.rept	%c[n] - 1\n"
		"	ld	%[bj], 8*hwc_j(%[b])\n"
		"	ld	%[mj], 8*hwc_j(%[m])\n"
		"	ld	%[tj], 8*hwc_j(%[t])\n"
		P9_ROW_LIMB
		"	std	%[tj], 8*hwc_j-8(%[t])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		P9_ROW_TOP("8*%c[n](%[t])", "8*%c[n]-8(%[t])")
		: [bj] "=&r"(bj), [mj] "=&r"(mj), [tj] "=&r"(tj), [h1] "=&r"(h1), [h2] "=&r"(h2),
		  [lo1] "=&r"(lo1), [lo2] "=&r"(lo2), [q] "=&r"(q)
		: [t] "b"(t), [b] "b"(b), [m] "b"(m), [x] "r"(x), [n0] "r"(n0), [n] "i"(n)
		: "xer", "memory");
}

/*
 * 24 and 32 limbs (the halves of RSA-3072 and RSA-4096): limbs 0..15 of t in registers as in
 * p9_mul_regs (r14..r30, one of them spare), the rest in memory at t[16..n]. In each row the
 * sum at limb 16 is loaded from memory and lands in the spare register (it is the new limb 15),
 * limbs 17..n move down in memory. 9 instructions per limb on average instead of 10.
 * Registers as in p9_mul_regs, with r12 the t pointer and a read from p each row.
 */
P9_REGS_KERNEL(p9_mul_half, 18, 32,
	"	.set	hwc_pt, 12\n"
	"	ld	hwc_pt, 16(%[p])\n"
	"	.set	hwc_k, 0\n"
	"	.rept	17\n"
	"	li	14 + hwc_k, 0\n"
	"	.set	hwc_k, hwc_k + 1\n"
	"	.endr\n"
	"	li	hwc_u, 0\n"
	"	.set	hwc_k, 16\n"
	"	.rept	hwc_n - 15\n"
	"	std	hwc_u, 8*hwc_k(hwc_pt)\n"
	"	.set	hwc_k, hwc_k + 1\n"
	"	.endr\n"
	"	.set	hwc_i, 0\n"
	"	.rept	hwc_n\n"
	"	.set	hwc_t0, 14 + hwc_i %% 17\n"
	"	ld	hwc_u, 0(%[p])\n"
	"	ld	hwc_x, 8*hwc_i(hwc_u)\n"
	P9_REGS_LIMB0
	"	.set	hwc_j, 1\n"
	"	.rept	15\n"
	"	.set	hwc_tj, 14 + (hwc_i + hwc_j) %% 17\n"
	P9_REGS_MADD
	"	adde	hwc_tj, hwc_tj, hwc_lo1\n"
	"	addex	hwc_tj, hwc_tj, hwc_lo2, 0\n"
	"	.set	hwc_j, hwc_j + 1\n"
	"	.endr\n"
	/* limb 16 (hwc_j here): from memory into the spare register, the new limb 15 */
	"	.set	hwc_tj, 14 + (hwc_i + 16) %% 17\n"
	P9_REGS_MADD
	"	ld	hwc_u, 8*hwc_j(hwc_pt)\n"
	"	adde	hwc_tj, hwc_u, hwc_lo1\n"
	"	addex	hwc_tj, hwc_tj, hwc_lo2, 0\n"
	"	.set	hwc_j, 17\n"
	"	.rept	hwc_n - 17\n"
	P9_REGS_MADD
	"	ld	hwc_u, 8*hwc_j(hwc_pt)\n"
	"	adde	hwc_u, hwc_u, hwc_lo1\n"
	"	addex	hwc_u, hwc_u, hwc_lo2, 0\n"
	"	std	hwc_u, 8*hwc_j-8(hwc_pt)\n"
	"	.set	hwc_j, hwc_j + 1\n"
	"	.endr\n"
	"	ld	hwc_u, 8*hwc_n(hwc_pt)\n"
	"	adde	hwc_u, hwc_u, hwc_h1\n"
	"	addex	hwc_u, hwc_u, hwc_h2, 0\n"
	"	std	hwc_u, 8*hwc_n-8(hwc_pt)\n"
	"	li	hwc_lo1, 0\n"
	"	addze	hwc_u, hwc_lo1\n"
	"	addex	hwc_u, hwc_u, hwc_lo1, 0\n"
	"	std	hwc_u, 8*hwc_n(hwc_pt)\n"
	"	.set	hwc_i, hwc_i + 1\n"
	"	.endr\n"
	/* after n rows limb k < 16 is in r(14 + (n + k) mod 17) */
	"	.set	hwc_k, 0\n"
	"	.rept	16\n"
	"	std	14 + (hwc_n + hwc_k) %% 17, 8*hwc_k(hwc_pt)\n"
	"	.set	hwc_k, hwc_k + 1\n"
	"	.endr\n")

/* For bn_rows.h, which builds the entry points on these rows. */
#define BN_SUFFIX p9
#define bn_row_mul p9_row_mul
#define bn_row_mul_n p9_row_mul_n
#define bn_row_redc p9_row_redc
/*
 * The sizes of RSA's moduli and halves: t in registers up to 16 limbs, its low 16 limbs in
 * registers at 24 and 32, rows beyond.
 */
#define BN_FIXED(X)				\
	X(8, mul_regs, p9_mul_regs)		\
	X(12, mul_regs, p9_mul_regs)		\
	X(16, mul_regs, p9_mul_regs)		\
	X(48, mul_rows, BN_MUL_ROWS)		\
	X(64, mul_rows, BN_MUL_ROWS)		\
	X(24, mul_half, p9_mul_half)		\
	X(32, mul_half, p9_mul_half)
#include "bn_rows.h"

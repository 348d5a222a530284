// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery multiplication and squaring on the SPARC T4 MONTMUL/MONTSQR opcodes ("SPARC T4
 * Supplement to the Oracle SPARC Architecture 2011"; its pages on these opcodes were not at
 * hand, so the layout is the one code written for real T4s relies on, as selftests/qemu's
 * emulator models it). One opcode computes a whole a*b/R mod m of up to 32 64-bit words, its
 * operands in fixed registers of six register windows and of the FP register file:
 *	A (and the result)	window C-5 %l0-%l7 %o0-%o5, then %d24-%d58
 *	N			windows C-4 and C-3 (%l0-%l7 %o0-%o5 each), C-2 %l0-%l3
 *	B (montmul only)	window C-1 %i0-%i5 %l0-%l7, window C %i0-%i5 %l0-%l7 %o0-%o3
 *	N' = -N^-1 mod 2^64	%d60
 * where C is the window the opcode runs in and C-k the one k RESTOREs away. So one asm
 * statement makes six SAVEs (the first leaves the compiler's window alone), loads each
 * window's share from one operand block addressed by %g1 (the only register that survives
 * SAVE and needs no .register declaration), runs the opcode and RESTOREs its way back,
 * storing the result.
 *
 * The opcode fails, leaving fcc3 "unordered" and its registers as they were, when the
 * windows it reads are not all resident (an interrupt in between may have spilled them): the
 * operation is then retried, and after HWC_T4_TRIES failures computed by the portable code,
 * so an abort costs time and never gives a wrong result.
 *
 * Sizes: the opcode takes 1-32 words (the size is in its rs2 field, reached through a table
 * of the 32 encodings). Only the exponentiations use it: the CRT halves of RSA up to 4096
 * bits, which is where the private operation spends its time, and a whole modulus of up to 2048
 * bits without CRT; every other product (the public operation and the check of the private
 * result by e at any size, blinding, recombination, 8192-bit halves) takes the portable code. MPMUL is not used: the
 * CRT recombination's single multiplication is a rounding error beside the two
 * exponentiations.
 *
 * The tier is an exponentiation hook (modexp2): the opcodes need the FPU, and in the kernel
 * only the exponentiation is bracketed by the yield's simd_begin/simd_end, one window of the
 * exponent per section. Inside it the generic fixed-window exponentiation runs unchanged on
 * the T4 multiplication (full-table masked selection, fixed operation count); everything
 * outside it (conversions, blinding, recombination, the check with e) is the portable code.
 *
 * Constant time: the opcode's inputs are copied in and out by straight-line code, the size
 * (public) picks the encoding, and the retry loop depends only on interrupts. Whether the
 * opcode's own latency depends on the data cannot be checked without a T4.
 */
#include "hwc_arch_cores.h"

#define HWC_T4_WORDS	32
#define HWC_T4_TRIES	8

/* Operand block: A (result), N, B, then N', the table offset of the size, the done flag. */
#define BLK_A		0
#define BLK_N		32
#define BLK_B		64
#define BLK_N0		96
#define BLK_SIZE	97
#define BLK_OK		98
#define BLK_WORDS	99

#define STR_(x)	#x
#define STR(x)	STR_(x)
#define OFF(w)	STR(8 * (w))

#define LDX(w, reg)	"ldx [%%g1 + " OFF(w) "], %%" #reg "\n\t"
#define STX(w, reg)	"stx %%" #reg ", [%%g1 + " OFF(w) "]\n\t"
#define LDD(w, reg)	"ldd [%%g1 + " OFF(w) "], %%f" #reg "\n\t"
#define STD(w, reg)	"std %%f" #reg ", [%%g1 + " OFF(w) "]\n\t"

/* Eight words from block word W into %l0-%l7, six into %o0-%o5 or %i0-%i5, via op OP. */
#define L8(op, w)	op(w, l0) op(w + 1, l1) op(w + 2, l2) op(w + 3, l3)	\
			op(w + 4, l4) op(w + 5, l5) op(w + 6, l6) op(w + 7, l7)
#define O6(op, w)	op(w, o0) op(w + 1, o1) op(w + 2, o2) op(w + 3, o3)	\
			op(w + 4, o4) op(w + 5, o5)
#define I6(op, w)	op(w, i0) op(w + 1, i1) op(w + 2, i2) op(w + 3, i3)	\
			op(w + 4, i4) op(w + 5, i5)
/* A's words 14-31 in %d24-%d58. */
#define FP18(op)	op(14, 24) op(15, 26) op(16, 28) op(17, 30) op(18, 32) op(19, 34)	\
			op(20, 36) op(21, 38) op(22, 40) op(23, 42) op(24, 44) op(25, 46)	\
			op(26, 48) op(27, 50) op(28, 52) op(29, 54) op(30, 56) op(31, 58)

#define SAVE		"save %%sp, -176, %%sp\n\t"
#define RESTORE		"restore\n\t"

/* Entry k (16 bytes) runs the opcode for k+1 words and returns past the call's delay slot. */
#define ENT(base, k)	".word " STR(base) " + " #k "\n\tjmp %%o7 + 8\n\tnop\n\tnop\n\t"
#define ENT4(b, k)	ENT(b, k) ENT(b, k + 1) ENT(b, k + 2) ENT(b, k + 3)
#define TABLE(b)	ENT4(b, 0) ENT4(b, 4) ENT4(b, 8) ENT4(b, 12)			\
			ENT4(b, 16) ENT4(b, 20) ENT4(b, 24) ENT4(b, 28)

#define OP_MONTMUL	0x81b02920
#define OP_MONTSQR	0x81b02940

#define CLOBBER_FP								\
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11",	\
	"f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23",	\
	"f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31", "f32", "f34", "f36", "f38",	\
	"f40", "f42", "f44", "f46", "f48", "f50", "f52", "f54", "f56", "f58", "f60", "f62"

/*
 * One attempt. LOAD_B is the B operand's loads in windows C-2 (%o0-%o5, which are C-1's
 * %i0-%i5), C-1 and C (empty for montsqr), OP the opcode's base encoding. In window C: the
 * table entry's address (rd %pc + the entry's distance), a call into it, the flag from fcc3.
 */
#define T4_ATTEMPT(blk, load_b1, load_b2, load_b3, op)				\
	__asm__ __volatile__(							\
		"mov %[p], %%g1\n\t"						\
		FP18(LDD) LDD(BLK_N0, 60)					\
		SAVE L8(LDX, BLK_A) O6(LDX, BLK_A + 8)				\
		SAVE L8(LDX, BLK_N) O6(LDX, BLK_N + 8)				\
		SAVE L8(LDX, BLK_N + 14) O6(LDX, BLK_N + 22)			\
		SAVE "ldx [%%g1 + " OFF(BLK_N + 28) "], %%l0\n\t"		\
		"ldx [%%g1 + " OFF(BLK_N + 29) "], %%l1\n\t"			\
		"ldx [%%g1 + " OFF(BLK_N + 30) "], %%l2\n\t"			\
		"ldx [%%g1 + " OFF(BLK_N + 31) "], %%l3\n\t"			\
		load_b1 SAVE load_b2 SAVE load_b3				\
		"ldx [%%g1 + " OFF(BLK_SIZE) "], %%o5\n\t"			\
		"1: rd %%pc, %%o4\n\t"						\
		"add %%o4, %%o5, %%o4\n\t"					\
		"jmpl %%o4 + (3f - 1b), %%o7\n\t"				\
		" mov 1, %%o5\n\t"						\
		"movu %%fcc3, 0, %%o5\n\t"					\
		STX(BLK_OK, o5)							\
		RESTORE RESTORE RESTORE RESTORE RESTORE				\
		L8(STX, BLK_A) O6(STX, BLK_A + 8)				\
		RESTORE FP18(STD)						\
		"ba,pt %%xcc, 4f\n\t"						\
		" nop\n\t"							\
		".align 16\n"							\
		"3:\n\t"							\
		TABLE(op)							\
		"4:\n\t"							\
		: : [p] "r"(blk) : "g1", "memory", "cc", "fcc3", CLOBBER_FP)

#define LOAD_B1	O6(LDX, BLK_B)
#define LOAD_B2	L8(LDX, BLK_B + 6) O6(LDX, BLK_B + 14)
#define LOAD_B3	L8(LDX, BLK_B + 20) "ldx [%%g1 + " OFF(BLK_B + 28) "], %%o0\n\t"	\
		"ldx [%%g1 + " OFF(BLK_B + 29) "], %%o1\n\t"				\
		"ldx [%%g1 + " OFF(BLK_B + 30) "], %%o2\n\t"				\
		"ldx [%%g1 + " OFF(BLK_B + 31) "], %%o3\n\t"

static int t4_montmul_once(hwc_u64 *blk)
{
	T4_ATTEMPT(blk, LOAD_B1, LOAD_B2, LOAD_B3, OP_MONTMUL);
	return blk[BLK_OK] != 0;
}

static int t4_montsqr_once(hwc_u64 *blk)
{
	T4_ATTEMPT(blk, "", "", "", OP_MONTSQR);
	return blk[BLK_OK] != 0;
}

/*
 * r = a*b/R mod m (b == NULL: a*a/R) on the opcode, for nl <= 32; the portable code after
 * HWC_T4_TRIES aborts. The block's words past nl are loaded and ignored by the opcode.
 */
static void t4_mont(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		    hwc_u64 n0, unsigned int nl, hwc_u64 *t)
{
	hwc_u64 blk[BLK_WORDS] __attribute__((aligned(8)));
	unsigned int i, tries;
	int ok = 0;

	for (i = 0; i < nl; i++)
		blk[BLK_N + i] = m[i];
	for (; i < HWC_T4_WORDS; i++)
		blk[BLK_N + i] = 0;
	blk[BLK_N0] = n0;
	blk[BLK_SIZE] = 16 * (nl - 1);
	for (tries = 0; !ok && tries < HWC_T4_TRIES; tries++) {
		/* again each time: a failed attempt leaves A as it was, but do not rely on it */
		for (i = 0; i < nl; i++) {
			blk[BLK_A + i] = a[i];
			blk[BLK_B + i] = b ? b[i] : 0;
		}
		for (; i < HWC_T4_WORDS; i++)
			blk[BLK_A + i] = blk[BLK_B + i] = 0;
		ok = b ? t4_montmul_once(blk) : t4_montsqr_once(blk);
	}
	if (ok) {
		for (i = 0; i < nl; i++)
			r[i] = blk[BLK_A + i];
	} else if (b) {
		hwc_bn_mul_generic(r, a, b, m, n0, nl, t);
	} else {
		hwc_bn_sqr_generic(r, a, m, n0, nl, t);
	}
	hwc_memzero_explicit(blk, sizeof(blk));
}

/**
 * hwc_bn_mul_t4_raw() - one Montgomery multiplication on MONTMUL, no fallback
 * @r: [out] a*b/R mod m, @nl limbs (written only on success)
 * @a: first factor, < R
 * @b: second factor, < m
 * @m: odd modulus
 * @n0: -m^-1 mod 2^64
 * @nl: limbs, 1..32
 * @sqr: nonzero for MONTSQR (a*a/R; @b unused)
 *
 * For the emulator's oracle check (selftests/qemu/t4_mont_check.c), which must see the
 * opcode's own result and its aborts. Needs the FPU as the tier does.
 *
 * Return: 1 when the opcode completed, 0 when it aborted (fcc3 unordered).
 */
int hwc_bn_mul_t4_raw(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		      hwc_u64 n0, unsigned int nl, int sqr)
{
	hwc_u64 blk[BLK_WORDS] __attribute__((aligned(8)));
	unsigned int i;
	int ok;

	for (i = 0; i < HWC_T4_WORDS; i++) {
		blk[BLK_A + i] = i < nl ? a[i] : 0;
		blk[BLK_B + i] = i < nl && !sqr ? b[i] : 0;
		blk[BLK_N + i] = i < nl ? m[i] : 0;
	}
	blk[BLK_N0] = n0;
	blk[BLK_SIZE] = 16 * (nl - 1);
	ok = sqr ? t4_montsqr_once(blk) : t4_montmul_once(blk);
	if (ok)
		for (i = 0; i < nl; i++)
			r[i] = blk[BLK_A + i];
	hwc_memzero_explicit(blk, sizeof(blk));
	return ok;
}

static void t4_mul(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   hwc_u64 n0, unsigned int nl, hwc_u64 *t)
{
	t4_mont(r, a, b, m, n0, nl, t);
}

static void t4_sqr(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		   unsigned int nl, hwc_u64 *t)
{
	t4_mont(r, a, 0, m, n0, nl, t);
}

/* What the exponentiation runs on inside the FPU sections: no hook of its own. */
static const struct hwc_bn_impl t4_inner = {
	"t4", HWC_F_MONTMUL | HWC_F_MONTSQR, t4_mul, t4_sqr, hwc_bn_redc_generic, 0, 0
};

/* Between exponent windows: leave the FPU section, let the caller yield, enter again. */
static void t4_between_windows(void *arg)
{
	const struct hwc_rsa_yield *y = arg;

	if (y->simd_end)
		y->simd_end(y->arg);
	if (y->fn)
		y->fn(y->arg);
	if (y->simd_begin)
		y->simd_begin(y->arg);
}

/**
 * hwc_bn_modexp2_t4() - the exponentiation hook of the T4 tier
 * @x: @count moduli and their operands (struct hwc_bn_exp2)
 * @count: 1 or 2
 * @e1limbs: limbs of each e1
 * @e2limbs: limbs of each e2 (0 when a2 is NULL)
 * @ebits: public bound on the exponents' bits
 * @ws: the generic exponentiation's workspace
 * @y: yield and FPU hooks (NULL members: nothing to call)
 *
 * Runs hwc_bn_modexp2_ct() on MONTMUL/MONTSQR for moduli of at most 32 limbs, each exponent
 * window inside one FPU section.
 *
 * Return: 0 when done; 1 (nothing written) for larger moduli or when the FPU may not be used
 * in this context, so that the portable exponentiation runs.
 */
int hwc_bn_modexp2_t4(const struct hwc_bn_exp2 *x, unsigned int count, unsigned int e1limbs,
		      unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
		      const struct hwc_rsa_yield *y)
{
	static const struct hwc_rsa_yield none;
	struct hwc_rsa_yield inner = { t4_between_windows, 0, 0, 0, 0 };
	unsigned int i;

	if (x[0].ctx->nl > HWC_T4_WORDS)
		return 1;
	if (!y)
		y = &none;
	if (y->simd_usable && !y->simd_usable(y->arg))
		return 1;
	inner.arg = (void *)y;
	for (i = 0; i < count; i++) {
		if (y->simd_begin)
			y->simd_begin(y->arg);
		hwc_bn_modexp2_ct(&t4_inner, x[i].ctx, x[i].r, x[i].a1, x[i].e1, e1limbs, x[i].a2,
				  x[i].e2, e2limbs, ebits, ws, &inner);
		if (y->simd_end)
			y->simd_end(y->arg);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery arithmetic on MULX (BMI2) with two independent carry chains, ADCX (carry flag) and
 * ADOX (overflow flag), in inline assembly: GCC 12 cannot keep two flag chains alive through
 * _addcarryx_u64 (it spills one through SETC), so the inner rows are written out here.
 * General-purpose registers only: no FPU/SIMD state, no kernel_fpu_begin() needed.
 *
 * One row, t[0..L) += x * b[0..L), is per limb
 *	mulx b[j], lo, hi_j		(flags untouched)
 *	adcx t[j], lo			CF chain: the low halves and t
 *	adox hi_{j-1}, lo		OF chain: the high halves of the previous product
 *	mov  lo, t[j]
 * so the two additions of every limb run in parallel. Rows have a compile-time length and are
 * unrolled by the assembler (.rept with .set counters); the limb counts RSA meets most (halves
 * and moduli of 1024..8192-bit keys) get their own instances, other counts use the portable
 * columns of generic/bignum.c (measured faster there than rows of MULX in C without ADX).
 * The squaring computes each cross product once (one fully unrolled triangle), then doubles and
 * adds the diagonal squares in one pass, again with the doubling on CF and the squares on OF.
 * The Montgomery reduction, where the limb count is a multiple of 8, keeps its accumulator in
 * registers (adx_block below), and so does the multiplication's product.
 *
 * Constant time: no branch or address depends on the operands; the final subtraction is masked.
 */
#include "hwc_arch_cores.h"

#define ADX_INLINE static inline __attribute__((always_inline))

#ifndef ADX_SPLIT_MIN
#define ADX_SPLIT_MIN 32
#endif

/*
 * Body of one row at limb offsets hwc_o (into %[t]) and hwc_b (into %[b]), hwc_L limbs, with the
 * multiplier in RDX. Leaves the high half of the last product in R10, CF and OF pending.
 */
#define ADX_ROW								\
	"	xor	%%r10d, %%r10d\n"	/* hi_{-1} = 0, CF = OF = 0 */	\
	"	.set	hwc_j, 0\n"						\
	"	.rept	hwc_L / 2\n"						\
	"	mulx	8*(hwc_b+hwc_j)(%[b]), %%r8, %%r9\n"			\
	"	adcx	8*(hwc_o+hwc_j)(%[t]), %%r8\n"				\
	"	adox	%%r10, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j)(%[t])\n"				\
	"	mulx	8*(hwc_b+hwc_j+1)(%[b]), %%r8, %%r10\n"			\
	"	adcx	8*(hwc_o+hwc_j+1)(%[t]), %%r8\n"			\
	"	adox	%%r9, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j+1)(%[t])\n"			\
	"	.set	hwc_j, hwc_j + 2\n"					\
	"	.endr\n"							\
	"	.if	hwc_L & 1\n"						\
	"	mulx	8*(hwc_b+hwc_j)(%[b]), %%r8, %%r9\n"			\
	"	adcx	8*(hwc_o+hwc_j)(%[t]), %%r8\n"				\
	"	adox	%%r10, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j)(%[t])\n"				\
	"	mov	%%r9, %%r10\n"						\
	"	.endif\n"

/*
 * A first row, t[0..L] = x * b[0..L), over a t not yet written: the low halves and the previous
 * high halves on the CF chain alone, no load of t and nothing to zero beforehand. Zeroing t and
 * adding to it made the first rows' loads wait on the zeroing stores: RSA-4096 3% slower.
 */
#define ADX_ROW_FIRST							\
	"	xor	%%r10d, %%r10d\n"					\
	"	.set	hwc_j, 0\n"						\
	"	.rept	hwc_L / 2\n"						\
	"	mulx	8*(hwc_b+hwc_j)(%[b]), %%r8, %%r9\n"			\
	"	adcx	%%r10, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j)(%[t])\n"				\
	"	mulx	8*(hwc_b+hwc_j+1)(%[b]), %%r8, %%r10\n"			\
	"	adcx	%%r9, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j+1)(%[t])\n"			\
	"	.set	hwc_j, hwc_j + 2\n"					\
	"	.endr\n"							\
	"	.if	hwc_L & 1\n"						\
	"	mulx	8*(hwc_b+hwc_j)(%[b]), %%r8, %%r9\n"			\
	"	adcx	%%r10, %%r8\n"						\
	"	mov	%%r8, 8*(hwc_o+hwc_j)(%[t])\n"				\
	"	mov	%%r9, %%r10\n"						\
	"	.endif\n"							\
	"	mov	$0, %%r9\n"						\
	"	adcx	%%r9, %%r10\n"						\
	"	mov	%%r10, 8*(hwc_o+hwc_L)(%[t])\n"

/* t[L] = hi + CF + OF: the row's carry limb, into a limb not yet written (no overflow). */
#define ADX_ROW_END_STORE						\
	"	mov	$0, %%r9\n"						\
	"	adcx	%%r9, %%r10\n"						\
	"	adox	%%r9, %%r10\n"						\
	"	mov	%%r10, 8*(hwc_o+hwc_L)(%[t])\n"

/*
 * t[L] += hi + CF + top + OF, top = the carry out. During a reduction the running value stays
 * below 2 m R, so at most one of the two chains carries out of t[L]: top stays 0 or 1.
 */
#define ADX_ROW_END_REDC						\
	"	mov	$0, %%r9\n"						\
	"	adcx	8*(hwc_o+hwc_L)(%[t]), %%r10\n"				\
	"	adox	%[top], %%r10\n"					\
	"	mov	%%r10, 8*(hwc_o+hwc_L)(%[t])\n"				\
	"	mov	$0, %[top]\n"						\
	"	adcx	%%r9, %[top]\n"						\
	"	adox	%%r9, %[top]\n"

/* t[0..N] = t[0..N) + x * b[0..N): t[N] is written, not added to. */
ADX_INLINE void row_store(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const unsigned int n)
{
	__asm__ volatile(
		"	.set	hwc_o, 0\n"
		"	.set	hwc_b, 0\n"
		"	.set	hwc_L, %c[n]\n"
		ADX_ROW ADX_ROW_END_STORE
		: "+d"(x)
		: [t] "r"(t), [b] "r"(b), [n] "i"(n)
		: "r8", "r9", "r10", "cc", "memory");
}

/* t[0..N] = x * b[0..N). */
ADX_INLINE void row_first(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const unsigned int n)
{
	__asm__ volatile(
		"	.set	hwc_o, 0\n"
		"	.set	hwc_b, 0\n"
		"	.set	hwc_L, %c[n]\n"
		ADX_ROW_FIRST
		: "+d"(x)
		: [t] "r"(t), [b] "r"(b), [n] "i"(n)
		: "r8", "r9", "r10", "cc", "memory");
}

/* t[0..N] += x * m[0..N) + top (at limb N), top = the carry out of limb N. */
ADX_INLINE hwc_u64 row_redc(hwc_u64 *t, hwc_u64 x, const hwc_u64 *m, hwc_u64 top,
			    const unsigned int n)
{
	__asm__ volatile(
		"	.set	hwc_o, 0\n"
		"	.set	hwc_b, 0\n"
		"	.set	hwc_L, %c[n]\n"
		ADX_ROW ADX_ROW_END_REDC
		: "+d"(x), [top] "+r"(top)
		: [t] "r"(t), [b] "r"(m), [n] "i"(n)
		: "r8", "r9", "r10", "cc", "memory");
	return top;
}

/*
 * t[1..2N-1) = the cross products a[i] a[j], i < j, once each. Row i reads only limbs row i - 1
 * wrote, so row 0 is a first row and only t[0] and t[2N-1] need zeroing.
 */
ADX_INLINE void sqr_triangle(hwc_u64 *t, const hwc_u64 *a, const unsigned int n)
{
	__asm__ volatile(
		"	mov	(%[b]), %%rdx\n"
		"	.set	hwc_L, %c[n] - 1\n"
		"	.set	hwc_o, 1\n"
		"	.set	hwc_b, 1\n"
		ADX_ROW_FIRST
		"	.set	hwc_i, 1\n"
		"	.rept	%c[n] - 2\n"
		"	mov	8*hwc_i(%[b]), %%rdx\n"
		"	.set	hwc_L, %c[n] - 1 - hwc_i\n"
		"	.set	hwc_o, 2 * hwc_i + 1\n"
		"	.set	hwc_b, hwc_i + 1\n"
		ADX_ROW ADX_ROW_END_STORE
		"	.set	hwc_i, hwc_i + 1\n"
		"	.endr\n"
		:
		: [t] "r"(t), [b] "r"(a), [n] "i"(n)
		: "rdx", "r8", "r9", "r10", "cc", "memory");
}

/* t = 2 t + the squares a[k]^2 at limb 2k: doubling on the CF chain, squares on the OF chain. */
ADX_INLINE void sqr_diagonal(hwc_u64 *t, const hwc_u64 *a, const unsigned int n)
{
	__asm__ volatile(
		"	xor	%%r10d, %%r10d\n"
		"	.set	hwc_k, 0\n"
		"	.rept	%c[n]\n"
		"	mov	8*hwc_k(%[a]), %%rdx\n"
		"	mulx	%%rdx, %%r8, %%r9\n"
		"	mov	16*hwc_k(%[t]), %%r10\n"
		"	adcx	%%r10, %%r10\n"
		"	adox	%%r8, %%r10\n"
		"	mov	%%r10, 16*hwc_k(%[t])\n"
		"	mov	16*hwc_k+8(%[t]), %%r10\n"
		"	adcx	%%r10, %%r10\n"
		"	adox	%%r9, %%r10\n"
		"	mov	%%r10, 16*hwc_k+8(%[t])\n"
		"	.set	hwc_k, hwc_k + 1\n"
		"	.endr\n"
		:
		: [t] "r"(t), [a] "r"(a), [n] "i"(n)
		: "rdx", "r8", "r9", "r10", "cc", "memory");
}

/* Half-size triangles for the split below, each instance once (not inlined twice). */
#define ADX_TRI(N)									\
static __attribute__((__noinline__)) void tri_##N(hwc_u64 *t, const hwc_u64 *a)		\
{ sqr_triangle(t, a, N); }
ADX_TRI(16) ADX_TRI(24) ADX_TRI(32)

/* Never defined: a call left after inlining (a half size with no tri_N) fails the build. */
extern void adx_no_half_triangle(void) __attribute__((__error__("no tri_N for this half size")));

ADX_INLINE void tri_half(hwc_u64 *t, const hwc_u64 *a, const unsigned int h)
{
	switch (h) {
	case 16: tri_16(t, a); break;
	case 24: tri_24(t, a); break;
	case 32: tri_32(t, a); break;
	default: adx_no_half_triangle();
	}
}

/*
 * Montgomery reduction in blocks of eight rows with the accumulator in registers (n a multiple of
 * 8). Rows in memory, as above, cost each product a load and a store of t besides the two flag
 * chains: measured 0.78 against 0.62 TSC cycles per product for rows on registers (Zen 5).
 *
 * A block applies the multipliers x_0..x_7 of eight consecutive rows (t' = t + 8k) to m, one
 * 8-limb chunk of m at a time. Row g = 8c + r (chunk c, row r) adds x_r * m[8c..8c+8) at limb g
 * of t': its window w0..w7 holds limbs g..g+7 in registers. After the row's first product w0
 * is final: it is stored (in chunk 0 the reduction makes it zero and it is dropped) and the
 * register is reloaded with limb g+8, which the row's last product reaches. So the window slides
 * by one register per row, the assignment of registers repeats every chunk, and a chunk's last
 * window is the next chunk's first. Each row ends with its two pending carries (CF into limb
 * g+8, then CF and OF out of it) folded into C (R10, 0..2), which the next row adds at its limb
 * g+9 with the same ADCX. In chunk 0 the multipliers are made (x_r = t'[r] n0, once that limb is
 * final) and kept on the stack for the other chunks. A block's final C, at limb n+8 of t' (8k+n+8
 * of t), is added by the next block in its last chunk, whose first row ends there; the last
 * block's is the reduction's top carry.
 */
#define ADX_BLK_MACROS							\
	".macro hwc_brow w0,w1,w2,w3,w4,w5,w6,w7,p,bo,first,xop,inj\n"	\
	"	.if \\first\n"							\
	"	mov	\\w0, %%rdx\n"						\
	"	imul	%[n0], %%rdx\n"						\
	"	mov	%%rdx, \\xop\n"						\
	"	.else\n"							\
	"	mov	\\xop, %%rdx\n"						\
	"	.endif\n"							\
	"	.if \\inj\n"							\
	"	add	%[cin], %%r10\n"					\
	"	.endif\n"							\
	"	xor	%%r8d, %%r8d\n"	/* CF = OF = 0, no dependency */	\
	"	mulx	8*(\\bo)(%[m]), %%r8, %%r9\n"				\
	"	adcx	%%r8, \\w0\n"						\
	"	adox	%%r9, \\w1\n"						\
	"	.if \\first\n"							\
	"	.else\n"							\
	"	mov	\\w0, 8*(\\p)(%[t])\n"					\
	"	.endif\n"							\
	"	mov	8*(\\p+8)(%[t]), \\w0\n"				\
	"	mulx	8*(\\bo+1)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w1\n"						\
	"	adox	%%r9, \\w2\n"						\
	"	mulx	8*(\\bo+2)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w2\n"						\
	"	adox	%%r9, \\w3\n"						\
	"	mulx	8*(\\bo+3)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w3\n"						\
	"	adox	%%r9, \\w4\n"						\
	"	mulx	8*(\\bo+4)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w4\n"						\
	"	adox	%%r9, \\w5\n"						\
	"	mulx	8*(\\bo+5)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w5\n"						\
	"	adox	%%r9, \\w6\n"						\
	"	mulx	8*(\\bo+6)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w6\n"						\
	"	adox	%%r9, \\w7\n"						\
	"	mulx	8*(\\bo+7)(%[m]), %%r8, %%r9\n"			\
	"	adcx	%%r8, \\w7\n"						\
	"	adox	%%r9, \\w0\n"						\
	"	adcx	%%r10, \\w0\n"						\
	"	mov	$0, %%r10\n"						\
	"	adcx	%[zero], %%r10\n"					\
	"	adox	%[zero], %%r10\n"					\
	".endm\n"							\
	".macro hwc_bchunk c,first,inj\n"				\
	"	hwc_brow %%rax,%%rbx,%%rcx,%%rsi,%%rdi,%%r11,%%r12,%%r13, 8*\\c+0, 8*\\c, \\first, %[x0], \\inj\n"	\
	"	hwc_brow %%rbx,%%rcx,%%rsi,%%rdi,%%r11,%%r12,%%r13,%%rax, 8*\\c+1, 8*\\c, \\first, %[x1], 0\n"	\
	"	hwc_brow %%rcx,%%rsi,%%rdi,%%r11,%%r12,%%r13,%%rax,%%rbx, 8*\\c+2, 8*\\c, \\first, %[x2], 0\n"	\
	"	hwc_brow %%rsi,%%rdi,%%r11,%%r12,%%r13,%%rax,%%rbx,%%rcx, 8*\\c+3, 8*\\c, \\first, %[x3], 0\n"	\
	"	hwc_brow %%rdi,%%r11,%%r12,%%r13,%%rax,%%rbx,%%rcx,%%rsi, 8*\\c+4, 8*\\c, \\first, %[x4], 0\n"	\
	"	hwc_brow %%r11,%%r12,%%r13,%%rax,%%rbx,%%rcx,%%rsi,%%rdi, 8*\\c+5, 8*\\c, \\first, %[x5], 0\n"	\
	"	hwc_brow %%r12,%%r13,%%rax,%%rbx,%%rcx,%%rsi,%%rdi,%%r11, 8*\\c+6, 8*\\c, \\first, %[x6], 0\n"	\
	"	hwc_brow %%r13,%%rax,%%rbx,%%rcx,%%rsi,%%rdi,%%r11,%%r12, 8*\\c+7, 8*\\c, \\first, %[x7], 0\n"	\
	".endm\n"

/*
 * One block (above) at t' = t + k, limbs k..k+n+8 of t; returns the block's carry. @red: a
 * reduction (multipliers made in chunk 0, @mul unused); else a product, t' += mul[0..8) * b,
 * with b passed as @m.
 */
ADX_INLINE hwc_u64 adx_block(hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0, hwc_u64 cin,
			     const hwc_u64 *mul, const unsigned int n, const int red)
{
	hwc_u64 x[8], zero = 0, cout;
	unsigned int j;

	/* one 8-byte store each, as the asm loads them (no vectorised copy) */
	for (j = 0; j < 8; j++) {
		x[j] = red ? 0 : mul[j];
		__asm__("" : : : "memory");
	}
	__asm__ volatile(
		ADX_BLK_MACROS
		"	.if	%c[n] %% 8\n"
		"	.error	\"adx_block: the limb count must be a multiple of 8\"\n"
		"	.endif\n"
		"	mov	0(%[t]), %%rax\n"
		"	mov	8(%[t]), %%rbx\n"
		"	mov	16(%[t]), %%rcx\n"
		"	mov	24(%[t]), %%rsi\n"
		"	mov	32(%[t]), %%rdi\n"
		"	mov	40(%[t]), %%r11\n"
		"	mov	48(%[t]), %%r12\n"
		"	mov	56(%[t]), %%r13\n"
		"	xor	%%r10d, %%r10d\n"
		"	.set	hwc_c, 0\n"
		"	.rept	%c[n] / 8\n"
		"	hwc_bchunk hwc_c, ((hwc_c==0)&%c[red]), (hwc_c==%c[n]/8-1)\n"
		"	.set	hwc_c, hwc_c + 1\n"
		"	.endr\n"
		"	mov	%%rax, 8*%c[n](%[t])\n"
		"	mov	%%rbx, 8*%c[n]+8(%[t])\n"
		"	mov	%%rcx, 8*%c[n]+16(%[t])\n"
		"	mov	%%rsi, 8*%c[n]+24(%[t])\n"
		"	mov	%%rdi, 8*%c[n]+32(%[t])\n"
		"	mov	%%r11, 8*%c[n]+40(%[t])\n"
		"	mov	%%r12, 8*%c[n]+48(%[t])\n"
		"	mov	%%r13, 8*%c[n]+56(%[t])\n"
		"	mov	%%r10, %[cout]\n"
		"	.purgem	hwc_brow\n"
		"	.purgem	hwc_bchunk\n"
		: [cout] "=m"(cout), [x0] "+m"(x[0]), [x1] "+m"(x[1]), [x2] "+m"(x[2]),
		  [x3] "+m"(x[3]), [x4] "+m"(x[4]), [x5] "+m"(x[5]), [x6] "+m"(x[6]),
		  [x7] "+m"(x[7])
		: [t] "r"(t), [m] "r"(m), [n0] "m"(n0), [cin] "m"(cin), [zero] "m"(zero),
		  [n] "i"(n), [red] "i"(red ? 1 : 0)
		: "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12",
		  "r13", "cc", "memory");
	return cout;
}

/*
 * Cross products of a large a = aL + aH 2^(64 h), n = 2h: triangle(aL) at limb 0,
 * triangle(aH) at limb n, and aL * aH (every pair with one index in each half) added at limb h.
 * A fully unrolled triangle of 48 or 64 limbs is 25-45 KiB of code, more than the L1
 * instruction cache; this keeps two half triangles, and aL * aH is added by the register blocks
 * (h is 16, 24 or 32: a multiple of 8), whose last carry, at limb 3h, then runs up to the top.
 * At 32 limbs the whole triangle (10 KiB) beside the reduction's blocks made RSA-4096 11% slower
 * than this split; at 24 the split made RSA-3072 6% slower. t zeroed by the caller.
 */
ADX_INLINE void sqr_triangle_split(hwc_u64 *t, const hwc_u64 *a, const unsigned int n)
{
	const unsigned int h = n / 2;
	hwc_u64 c = 0;
	unsigned int i;

	tri_half(t, a, h);
	tri_half(t + n, a + h, h);
	for (i = 0; i < h; i += 8)
		c = adx_block(t + h + i, a + h, 0, c, a + i, h, 0);
	__asm__ volatile(
		"	add	%[c], 8*%c[h3](%[t])\n"
		"	.set	hwc_j, %c[h3] + 1\n"
		"	.rept	%c[n2] - %c[h3] - 1\n"
		"	adcq	$0, 8*hwc_j(%[t])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		:
		: [c] "r"(c), [t] "r"(t), [h3] "i"(3 * h), [n2] "i"(2 * n)
		: "cc", "memory");
}

/*
 * r = (top:a) - m if that does not borrow, else a: r = a - m, then a put back under a mask.
 * The borrow chain in asm (GCC 12 makes a _subborrow_u64 loop a SETC/ADD round trip per limb;
 * the subtraction was a tenth of a 16-limb squaring), and no scratch. r must not be a.
 */
ADX_INLINE void csub(hwc_u64 *r, const hwc_u64 *a, hwc_u64 top, const hwc_u64 *m,
		     const unsigned int n)
{
	__asm__ volatile(
		"	mov	(%[a]), %%r8\n"
		"	sub	(%[m]), %%r8\n"
		"	mov	%%r8, (%[r])\n"
		"	.set	hwc_j, 1\n"
		"	.rept	%c[n] - 1\n"
		"	mov	8*hwc_j(%[a]), %%r8\n"
		"	sbb	8*hwc_j(%[m]), %%r8\n"
		"	mov	%%r8, 8*hwc_j(%[r])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		"	sbb	%%r9, %%r9\n"		/* -borrow */
		"	sub	$1, %[top]\n"		/* all ones iff top == 0 */
		"	and	%[top], %%r9\n"	/* all ones iff (top:a) < m: keep a */
		"	.set	hwc_j, 0\n"
		"	.rept	%c[n]\n"
		"	mov	8*hwc_j(%[a]), %%r8\n"
		"	xor	8*hwc_j(%[r]), %%r8\n"
		"	and	%%r9, %%r8\n"
		"	xor	%%r8, 8*hwc_j(%[r])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		: [top] "+r"(top)
		: [a] "r"(a), [m] "r"(m), [r] "r"(r), [n] "i"(n)
		: "r8", "r9", "cc", "memory");
}

ADX_INLINE void redc_body(hwc_u64 *r, hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0,
			  const unsigned int n)
{
	hwc_u64 top = 0;
	unsigned int i;

	if (n % 8 == 0) {
		for (i = 0; i < n; i += 8)
			top = adx_block(t + i, m, n0, top, m, n, 1);
	} else {
		for (i = 0; i < n; i++)
			top = row_redc(t + i, t[i] * n0, m, top, n);
	}
	csub(r, t + n, top, m, n);
}

/* t[0..2n) = a b */
ADX_INLINE void mul_body(const hwc_u64 *a, const hwc_u64 *b, const unsigned int n, hwc_u64 *t)
{
	hwc_u64 c = 0;
	unsigned int i;

	if (n % 8 == 0) {
		/*
		 * Blocks of eight rows on registers, as in the reduction; the last carry is 0. t is
		 * zeroed by 8-byte stores that its 8-byte loads can forward from: GCC makes a C loop
		 * a memset or 16-byte stores, and RSA-3072 ran at half speed.
		 */
		__asm__ volatile(
			"	xor	%%eax, %%eax\n"
			"	.set	hwc_j, 0\n"
			"	.rept	2 * %c[n]\n"
			"	mov	%%rax, 8*hwc_j(%[t])\n"
			"	.set	hwc_j, hwc_j + 1\n"
			"	.endr\n"
			:
			: [t] "r"(t), [n] "i"(n)
			: "rax", "memory");
		for (i = 0; i < n; i += 8)
			c = adx_block(t + i, b, 0, c, a + i, n, 0);
		return;
	}
	row_first(t, a[0], b, n);
	for (i = 1; i < n; i++)
		row_store(t + i, a[i], b, n);
}

/* t[0..2n) = a^2 */
ADX_INLINE void sqr_body(const hwc_u64 *a, const unsigned int n, hwc_u64 *t)
{
	unsigned int i;

	if (n >= ADX_SPLIT_MIN) {
		for (i = 0; i < 2 * n; i++)
			t[i] = 0;
		sqr_triangle_split(t, a, n);
	} else {
		t[0] = 0;
		t[2 * n - 1] = 0;
		sqr_triangle(t, a, n);
	}
	sqr_diagonal(t, a, n);
}

#define ADX_SIZES(X) X(8) X(12) X(16) X(24) X(32) X(48) X(64)

/*
 * One reduction per size, shared by its multiplication and squaring: at 32 limbs the unrolled
 * blocks are 5 KiB, and a copy in each made RSA-4096 slower (instruction cache).
 */
#define ADX_DEFINE(N)									\
static __attribute__((__noinline__)) void redc_##N(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m,	\
						   hwc_u64 n0)				\
{ redc_body(r, a, m, n0, N); }								\
static void mul_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		    hwc_u64 n0, hwc_u64 *t)						\
{ mul_body(a, b, N, t); redc_##N(r, t, m, n0); }					\
static void sqr_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
		    hwc_u64 *t)								\
{ sqr_body(a, N, t); redc_##N(r, t, m, n0); }
ADX_SIZES(ADX_DEFINE)

/* Other sizes: the portable code. */
HWC_BN_ENTRIES(adx, ADX_SIZES, hwc_bn_mul_generic(r, a, b, m, n0, nl, t),
	       hwc_bn_sqr_generic(r, a, m, n0, nl, t), hwc_bn_redc_generic(r, a, m, n0, nl))

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the POWER Montgomery tiers (bignum_p8.c, bignum_p9.c) share: the masked final
 * subtraction for a limb count known at compile time, and the entry points around their rows,
 * which differ only in the rows (mulld/mulhdu on one carry chain, maddld/maddhdu on two).
 * Freestanding, general-purpose registers only, ISA 2.07.
 */
#ifndef HWC_BN_CSUB_PPC_H
#define HWC_BN_CSUB_PPC_H

#include "hwc_arch_cores.h"

/*
 * r = (top:t) - m if that does not borrow, else t, for (top:t) < 2m: r = t - m on the CA chain,
 * then t put back under a mask (keep = borrow and top == 0). The generic C version cannot keep
 * the borrow in CA across limbs (22 instructions a limb against 10). r must not be t.
 */
static inline __attribute__((always_inline)) void ppc_bn_csub(hwc_u64 *r, const hwc_u64 *t,
							      hwc_u64 top, const hwc_u64 *m,
							      const unsigned int n)
{
	hwc_u64 u, w;

	__asm__ volatile(
		"	ld	%[u], 0(%[t])\n"
		"	ld	%[w], 0(%[m])\n"
		"	subfc	%[u], %[w], %[u]\n"
		"	std	%[u], 0(%[r])\n"
		"	.set	hwc_j, 1\n"
		"	.rept	%c[n] - 1\n"
		"	ld	%[u], 8*hwc_j(%[t])\n"
		"	ld	%[w], 8*hwc_j(%[m])\n"
		"	subfe	%[u], %[w], %[u]\n"
		"	std	%[u], 8*hwc_j(%[r])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		"	subfe	%[w], %[w], %[w]\n"	/* -borrow */
		"	addi	%[top], %[top], -1\n"	/* all ones iff top == 0 */
		"	and	%[top], %[top], %[w]\n"	/* all ones: keep t */
		"	.set	hwc_j, 0\n"
		"	.rept	%c[n]\n"
		"	ld	%[u], 8*hwc_j(%[r])\n"
		"	ld	%[w], 8*hwc_j(%[t])\n"
		"	xor	%[w], %[w], %[u]\n"
		"	and	%[w], %[w], %[top]\n"
		"	xor	%[u], %[u], %[w]\n"
		"	std	%[u], 8*hwc_j(%[r])\n"
		"	.set	hwc_j, hwc_j + 1\n"
		"	.endr\n"
		: [u] "=&r"(u), [w] "=&r"(w), [top] "+&r"(top)
		: [r] "b"(r), [t] "b"(t), [m] "b"(m), [n] "i"(n)
		: "xer", "memory");
}

/* A tier's whole multiplication for one limb count (t: nl + 1 limbs of scratch). */
typedef void ppc_bn_mul_fn(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
			   hwc_u64 n0, hwc_u64 *t);
/* One CIOS step, t[0..nl] = (t + x b + q m) / 2^64, for any nl >= 2. */
typedef void ppc_bn_row_mul_fn(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m,
			       hwc_u64 n0, unsigned long nl);
/* One reduction step at limb i of a 2 nl-limb number; returns the carry out of limb nl. */
typedef hwc_u64 ppc_bn_row_redc_fn(hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0, hwc_u64 top,
				   unsigned long nl);

/*
 * The limb counts a tier unrolls (the halves of RSA-1024 to RSA-8192): the rest go through
 * its rows. Passed as a constant to the always-inline entry points below, so each call is
 * direct once inlined.
 */
struct ppc_bn_sized {
	ppc_bn_mul_fn *mul8, *mul12, *mul16, *mul24, *mul32, *mul48, *mul64;
};

static inline __attribute__((always_inline)) void
ppc_bn_mul(const struct ppc_bn_sized *sz, ppc_bn_row_mul_fn *row_mul, hwc_u64 *r,
	   const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m, hwc_u64 n0, unsigned int nl,
	   hwc_u64 *t)
{
	unsigned int i;

	switch (nl) {
	case 8: sz->mul8(r, a, b, m, n0, t); return;
	case 12: sz->mul12(r, a, b, m, n0, t); return;
	case 16: sz->mul16(r, a, b, m, n0, t); return;
	case 24: sz->mul24(r, a, b, m, n0, t); return;
	case 32: sz->mul32(r, a, b, m, n0, t); return;
	case 48: sz->mul48(r, a, b, m, n0, t); return;
	case 64: sz->mul64(r, a, b, m, n0, t); return;
	}
	/* The rows' CTR loops take nl - 1 passes, and CTR 0 would mean 2^64. */
	if (nl < 2) {
		hwc_bn_mul_generic(r, a, b, m, n0, nl, t);
		return;
	}
	for (i = 0; i <= nl; i++)
		t[i] = 0;
	for (i = 0; i < nl; i++)
		row_mul(t, a[i], b, m, n0, nl);
	hwc_bn_csub(r, t, t[nl], m, nl);
}

static inline __attribute__((always_inline)) void
ppc_bn_redc(ppc_bn_row_redc_fn *row_redc, hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
	    unsigned int nl)
{
	hwc_u64 top = 0;
	unsigned int i;

	if (nl < 2) {
		hwc_bn_redc_generic(r, a, m, n0, nl);
		return;
	}
	for (i = 0; i < nl; i++)
		top = row_redc(a + i, m, n0, top, nl);
	hwc_bn_csub(r, a + nl, top, m, nl);
}

#endif /* HWC_BN_CSUB_PPC_H */

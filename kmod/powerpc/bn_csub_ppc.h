/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The masked final subtraction of the POWER Montgomery tiers (bignum_p8.c, bignum_p9.c), for a
 * limb count known at compile time. Freestanding, general-purpose registers only, ISA 2.07.
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

#endif /* HWC_BN_CSUB_PPC_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64's column accumulator for generic/bignum.c's product scanning, in place of the portable
 * one (kmod/x86/cores.mk names it). The three additions are one add/adc/adc chain whatever the
 * compiler: the portable form computes the third limb's carry by logic (no compare, so no branch
 * on any target), and gcc-12 gave that 1.6 to 1.8 times the time of a 16-limb Montgomery product
 * or squaring here (Zen 3, kernel flags). The product is C: mulq has no data-dependent form.
 */
#ifndef HWC_X86_BN_COLUMN_H
#define HWC_X86_BN_COLUMN_H

/* (c2:c1:c0) += a * b */
#define MAC(c0, c1, c2, a, b)							\
	do {									\
		u128 p_ = (u128)(a) * (b);					\
										\
		__asm__("addq %3, %0\n\tadcq %4, %1\n\tadcq $0, %2"		\
			: "+&r"(c0), "+&r"(c1), "+r"(c2)			\
			: "r"((hwc_u64)p_), "r"((hwc_u64)(p_ >> 64)) : "cc");	\
	} while (0)

/* (c2:c1:c0) += (x2:x1:x0) */
#define ADD3(c0, c1, c2, x0, x1, x2)						\
	__asm__("addq %3, %0\n\tadcq %4, %1\n\tadcq %5, %2"			\
		: "+&r"(c0), "+&r"(c1), "+r"(c2) : "r"(x0), "r"(x1), "r"(x2) : "cc")

#endif /* HWC_X86_BN_COLUMN_H */

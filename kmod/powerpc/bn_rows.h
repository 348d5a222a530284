/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Montgomery entry points of the POWER tiers, written once around each tier's row kernels
 * and included at the end of bignum_p8.c (ISA 2.07) and bignum_p9.c (ISA 3.0). The kernels are
 * different algorithms (one carry bit against two, see each file), but what drives them is not:
 * the per-size entries that leave the product in t and subtract m under a mask, the switch to
 * them, the generic-size CIOS and reduction loops and the fallback below two limbs. One copy,
 * so that a change to what drives the rows reaches both tiers. The includer defines first:
 *
 *   BN_SUFFIX (the tier: hwc_bn_mul_<suffix>, hwc_bn_sqr_<suffix>, hwc_bn_redc_<suffix>);
 *   bn_row_mul(t, x, b, m, n0, nl), t[0..nl] = (t + x b + q m) / 2^64, and
 *   bn_row_redc(t, m, n0, top, nl), one reduction step returning its carry out, for any nl >= 2;
 *   bn_row_mul_n(t, x, b, m, n0, n), bn_row_mul for a constant n (BN_MUL_ROWS below);
 *   BN_FIXED(X), the sizes with code of their own, X(N, name, kernel) each: name_N() runs
 *   kernel(t, a, b, m, n0, N), which leaves the N + 1 limbs of (a b + q m) / R in t, then the
 *   masked subtraction; kernel is one of the tier's or BN_MUL_ROWS.
 *
 * Control flow depends on the limb count alone; the final subtraction is masked.
 */
#ifndef HWC_POWERPC_BN_ROWS_H
#define HWC_POWERPC_BN_ROWS_H

#include "hwc_arch_cores.h"
#include "bn_csub_ppc.h"

#define BN_CAT2(a, b) a##b
#define BN_CAT(a, b) BN_CAT2(a, b)
#define BN_FN(name) BN_CAT(name, BN_SUFFIX)

/*
 * The fixed sizes whose t does not fit in registers: n rows, each unrolled. A macro, not an
 * inline function: GCC would estimate a function's loops for an unknown n before inlining it,
 * and lay out the entry for that (loop alignment, register allocation), not for its n.
 */
#define BN_MUL_ROWS(t, a, b, m, n0, n)							\
	do {										\
		unsigned int i_;							\
											\
		for (i_ = 0; i_ <= (n); i_++)						\
			(t)[i_] = 0;							\
		for (i_ = 0; i_ < (n); i_++)						\
			bn_row_mul_n(t, (a)[i_], b, m, n0, n);				\
	} while (0)

/* One instance per size, out of line: an unrolled kernel is 8 to 12 KiB at 16 limbs. */
#define BN_FIXED_DEFINE(N, name, kernel)						\
static __attribute__((__noinline__)) void name##_##N(hwc_u64 *r, const hwc_u64 *a,	\
		const hwc_u64 *b, const hwc_u64 *m, hwc_u64 n0, hwc_u64 *t)		\
{											\
	kernel(t, a, b, m, n0, N);							\
	ppc_bn_csub(r, t, t[N], m, N);							\
}
BN_FIXED(BN_FIXED_DEFINE)
#undef BN_FIXED_DEFINE

void BN_FN(hwc_bn_mul_)(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
			hwc_u64 n0, unsigned int nl, hwc_u64 *t)
{
	unsigned int i;

	switch (nl) {
#define BN_FIXED_CASE(N, name, kernel) case N: name##_##N(r, a, b, m, n0, t); return;
	BN_FIXED(BN_FIXED_CASE)
#undef BN_FIXED_CASE
	}
	if (nl < 2) {
		hwc_bn_mul_generic(r, a, b, m, n0, nl, t);
		return;
	}
	for (i = 0; i <= nl; i++)
		t[i] = 0;
	for (i = 0; i < nl; i++)
		bn_row_mul(t, a[i], b, m, n0, nl);
	hwc_bn_csub(r, t, t[nl], m, nl);
}

void BN_FN(hwc_bn_sqr_)(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
			unsigned int nl, hwc_u64 *t)
{
	BN_FN(hwc_bn_mul_)(r, a, a, m, n0, nl, t);
}

void BN_FN(hwc_bn_redc_)(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl)
{
	hwc_u64 top = 0;
	unsigned int i;

	if (nl < 2) {
		hwc_bn_redc_generic(r, a, m, n0, nl);
		return;
	}
	for (i = 0; i < nl; i++)
		top = bn_row_redc(a + i, m, n0, top, nl);
	hwc_bn_csub(r, a + nl, top, m, nl);
}

#endif /* HWC_POWERPC_BN_ROWS_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * The SPARC Montgomery-arithmetic tiers, portable C first. The T4 tier is an exponentiation hook
 * (bignum_t4.c): its mul/sqr are the portable ones, for the work outside the FPU sections.
 */
#include "hwc_arch_cores.h"

const struct hwc_bn_impl hwc_bn_impls[] = {
	{ "generic", 0, hwc_bn_mul_generic, hwc_bn_sqr_generic, hwc_bn_redc_generic, NULL, NULL },
	{ "t4", HWC_F_MONTMUL | HWC_F_MONTSQR, hwc_bn_mul_generic, hwc_bn_sqr_generic,
	  hwc_bn_redc_generic, hwc_bn_modexp2_t4, NULL },
};
const unsigned int hwc_bn_nimpls = sizeof(hwc_bn_impls) / sizeof(hwc_bn_impls[0]);

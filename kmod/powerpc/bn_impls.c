// SPDX-License-Identifier: GPL-2.0
/* The POWER Montgomery-arithmetic tiers and the CPU features each needs, portable C first. */
#include "hwc_arch_cores.h"

const struct hwc_bn_impl hwc_bn_impls[] = {
	{ "generic", 0, hwc_bn_mul_generic, hwc_bn_sqr_generic, hwc_bn_redc_generic, NULL, NULL },
	{ "p8", HWC_F_ARCH207, hwc_bn_mul_p8, hwc_bn_sqr_p8, hwc_bn_redc_p8, NULL, NULL },
	{ "p9", HWC_F_ARCH300, hwc_bn_mul_p9, hwc_bn_sqr_p9, hwc_bn_redc_p9, NULL, NULL },
};
const unsigned int hwc_bn_nimpls = sizeof(hwc_bn_impls) / sizeof(hwc_bn_impls[0]);

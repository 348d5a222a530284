// SPDX-License-Identifier: GPL-2.0
/* The x86 Montgomery-arithmetic tiers and the CPU features each needs, portable C first. */
#include "hwc_arch_cores.h"

/*
 * POWER9 (maddld/maddhdu) and SPARC T4 (montmul/mpmul) tiers go into their arch's own
 * bn_impls.c in the same shape; generic/rsa.c only ever calls through this table.
 */
const struct hwc_bn_impl hwc_bn_impls[] = {
	{ "generic", 0, hwc_bn_mul_generic, hwc_bn_sqr_generic, hwc_bn_redc_generic, NULL, NULL },
	{ "adx", HWC_F_BMI2 | HWC_F_ADX, hwc_bn_mul_adx, hwc_bn_sqr_adx, hwc_bn_redc_adx, NULL, NULL },
	/* The exponentiation in radix 2^52 on zmm registers; everything else is adx's. */
	{ "ifma", HWC_F_BMI2 | HWC_F_ADX | HWC_F_IFMA, hwc_bn_mul_adx, hwc_bn_sqr_adx,
	  hwc_bn_redc_adx, hwc_bn_modexp2_ifma, hwc_bn_modexp2_ifma_ws_limbs },
};
const unsigned int hwc_bn_nimpls = sizeof(hwc_bn_impls) / sizeof(hwc_bn_impls[0]);

// SPDX-License-Identifier: GPL-2.0
/* The SPARC AES tiers; hwc_aes_generic (generic/aes.c) backs them all. */
#include "hwc_arch_cores.h"

const struct hwc_aes_impl hwc_aes_impls[] = {
	/*
	 * The T4 AES opcodes (aes_t4.c). GHASH needs only VIS3's xmulx, which every CPU with the
	 * AES unit has (the T4 and later), so no aead_features.
	 */
	{
		.impl = "t4",
		.features = HWC_F_AES,
		HWC_AES_TIER_INIT(t4),
	},
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

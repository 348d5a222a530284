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
		.expand_key = hwc_aes_expand_key,
		.ecb_enc = hwc_aes_ecb_enc_t4,
		.ecb_dec = hwc_aes_ecb_dec_t4,
		.cbc_enc = hwc_aes_cbc_enc_t4,
		.cbc_dec = hwc_aes_cbc_dec_t4,
		.ctr = hwc_aes_ctr_t4,
		.xts_enc = hwc_aes_xts_enc_t4,
		.xts_dec = hwc_aes_xts_dec_t4,
		.ghash = hwc_ghash_t4,
		.gcm_enc = hwc_gcm_enc_t4,
		.gcm_dec = hwc_gcm_dec_t4,
	},
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

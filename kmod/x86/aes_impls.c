// SPDX-License-Identifier: GPL-2.0
/* The x86 AES SIMD tiers, slower first; hwc_aes_generic (generic/aes.c) backs them all. */
#include "hwc_arch_cores.h"

#define HWC_F_AESNI_TIER	(HWC_F_AESNI | HWC_F_PCLMUL | HWC_F_SSE41)
#define HWC_F_VAES_TIER		(HWC_F_AESNI_TIER | HWC_F_AVX | HWC_F_AVX2 | HWC_F_VAES)

const struct hwc_aes_impl hwc_aes_impls[] = {
	{
		.impl = "aesni",
		.features = HWC_F_AESNI_TIER,
		HWC_AES_TIER_INIT(aesni),
		HWC_GCM_FINAL_INIT(aesni),
	},
	{
		.impl = "vaes-avx2",
		.features = HWC_F_VAES_TIER,
		.aead_features = HWC_F_VPCLMUL,
		HWC_AES_TIER_INIT(vaes_avx2),
		HWC_GCM_FINAL_INIT(vaes_avx2),
	},
	{
		.impl = "vaes-avx512",
		/*
		 * VPCLMULQDQ too: its XTS computes tweaks by carry-less multiply (every CPU with
		 * VAES and AVX-512 has it).
		 */
		.features = HWC_F_VAES_TIER | HWC_F_AVX512 | HWC_F_VPCLMUL,
		HWC_AES_TIER_INIT(vaes_avx512),
		HWC_AES_XTS_IV_INIT(vaes_avx512),
		HWC_GCM_FINAL_INIT(vaes_avx512),
	},
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

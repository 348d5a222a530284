// SPDX-License-Identifier: GPL-2.0
/* The x86 AES SIMD tiers, slower first; hwc_aes_generic (generic/aes.c) backs them all. */
#include "hwc_arch_cores.h"

#define HWC_F_AESNI_TIER	(HWC_F_AESNI | HWC_F_PCLMUL | HWC_F_SSE41)
#define HWC_F_VAES_TIER		(HWC_F_AESNI_TIER | HWC_F_AVX | HWC_F_AVX2 | HWC_F_VAES)

const struct hwc_aes_impl hwc_aes_impls[] = {
	{
		.impl = "aesni",
		.features = HWC_F_AESNI_TIER,
		.expand_key = hwc_aes_expand_key,
		.ecb_enc = hwc_aes_ecb_enc_aesni,
		.ecb_dec = hwc_aes_ecb_dec_aesni,
		.cbc_enc = hwc_aes_cbc_enc_aesni,
		.cbc_dec = hwc_aes_cbc_dec_aesni,
		.ctr = hwc_aes_ctr_aesni,
		.xts_enc = hwc_aes_xts_enc_aesni,
		.xts_dec = hwc_aes_xts_dec_aesni,
		.ghash = hwc_ghash_aesni,
		.gcm_enc = hwc_gcm_enc_aesni,
		.gcm_dec = hwc_gcm_dec_aesni,
		.gcm_final = hwc_gcm_final_aesni,
		.gcm_enc_final = hwc_gcm_enc_final_aesni,
		.gcm_dec_final = hwc_gcm_dec_final_aesni,
	},
	{
		.impl = "vaes-avx2",
		.features = HWC_F_VAES_TIER,
		.aead_features = HWC_F_VPCLMUL,
		.expand_key = hwc_aes_expand_key,
		.ecb_enc = hwc_aes_ecb_enc_vaes_avx2,
		.ecb_dec = hwc_aes_ecb_dec_vaes_avx2,
		.cbc_enc = hwc_aes_cbc_enc_vaes_avx2,
		.cbc_dec = hwc_aes_cbc_dec_vaes_avx2,
		.ctr = hwc_aes_ctr_vaes_avx2,
		.xts_enc = hwc_aes_xts_enc_vaes_avx2,
		.xts_dec = hwc_aes_xts_dec_vaes_avx2,
		.ghash = hwc_ghash_vaes_avx2,
		.gcm_enc = hwc_gcm_enc_vaes_avx2,
		.gcm_dec = hwc_gcm_dec_vaes_avx2,
		.gcm_final = hwc_gcm_final_vaes_avx2,
		.gcm_enc_final = hwc_gcm_enc_final_vaes_avx2,
		.gcm_dec_final = hwc_gcm_dec_final_vaes_avx2,
	},
	{
		.impl = "vaes-avx512",
		/*
		 * VPCLMULQDQ too: its XTS computes tweaks by carry-less multiply (every CPU with
		 * VAES and AVX-512 has it).
		 */
		.features = HWC_F_VAES_TIER | HWC_F_AVX512 | HWC_F_VPCLMUL,
		.expand_key = hwc_aes_expand_key,
		.ecb_enc = hwc_aes_ecb_enc_vaes_avx512,
		.ecb_dec = hwc_aes_ecb_dec_vaes_avx512,
		.cbc_enc = hwc_aes_cbc_enc_vaes_avx512,
		.cbc_dec = hwc_aes_cbc_dec_vaes_avx512,
		.ctr = hwc_aes_ctr_vaes_avx512,
		.xts_enc = hwc_aes_xts_enc_vaes_avx512,
		.xts_dec = hwc_aes_xts_dec_vaes_avx512,
		.ghash = hwc_ghash_vaes_avx512,
		.gcm_enc = hwc_gcm_enc_vaes_avx512,
		.gcm_dec = hwc_gcm_dec_vaes_avx512,
		.gcm_final = hwc_gcm_final_vaes_avx512,
		.gcm_enc_final = hwc_gcm_enc_final_vaes_avx512,
		.gcm_dec_final = hwc_gcm_dec_final_vaes_avx512,
	},
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

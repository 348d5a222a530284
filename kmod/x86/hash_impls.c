// SPDX-License-Identifier: GPL-2.0
/* The x86 hash implementations and the CPU features each needs, portable fallbacks first. */
#include "hwc_arch_cores.h"

const struct hwc_hash_impl hwc_hash_impls[] = {
	{ "sha1",   "generic", 0, hwc_sha1_blocks_generic },
	{ "sha256", "generic", 0, hwc_sha256_blocks_generic },
	{ "sha512", "generic", 0, hwc_sha512_blocks_generic },
	{ "sha1",   "shani",   HWC_F_SHANI | HWC_F_SSE41, hwc_sha1_blocks_shani },
	{ "sha256", "shani",   HWC_F_SHANI | HWC_F_SSE41, hwc_sha256_blocks_shani },
	{ "sha512", "avx2",    HWC_F_AVX2 | HWC_F_BMI2, hwc_sha512_blocks_avx2 },
	{ "sha512", "avx512",  HWC_F_AVX2 | HWC_F_BMI2 | HWC_F_AVX512, hwc_sha512_blocks_avx512 },
};
const unsigned int hwc_hash_nimpls = sizeof(hwc_hash_impls) / sizeof(hwc_hash_impls[0]);

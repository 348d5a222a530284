// SPDX-License-Identifier: GPL-2.0
/* The SPARC hash implementations and the T4 crypto units each needs, portable fallbacks first. */
#include "hwc_arch_cores.h"

const struct hwc_hash_impl hwc_hash_impls[] = {
	{ "sha1",   "generic", 0, hwc_sha1_blocks_generic },
	{ "sha256", "generic", 0, hwc_sha256_blocks_generic },
	{ "sha512", "generic", 0, hwc_sha512_blocks_generic },
	{ "sha1",   "t4",      HWC_F_SHA1,   hwc_sha1_blocks_t4 },
	{ "sha256", "t4",      HWC_F_SHA256, hwc_sha256_blocks_t4 },
	{ "sha512", "t4",      HWC_F_SHA512, hwc_sha512_blocks_t4 },
};
const unsigned int hwc_hash_nimpls = sizeof(hwc_hash_impls) / sizeof(hwc_hash_impls[0]);

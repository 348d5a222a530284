// SPDX-License-Identifier: GPL-2.0
/* The SPARC hash implementations: the portable ones (T4 sha1/sha256/sha512 opcode tiers go here). */
#include "hwc_arch_cores.h"

const struct hwc_hash_impl hwc_hash_impls[] = {
	{ "sha1",   "generic", 0, hwc_sha1_blocks_generic },
	{ "sha256", "generic", 0, hwc_sha256_blocks_generic },
	{ "sha512", "generic", 0, hwc_sha512_blocks_generic },
};
const unsigned int hwc_hash_nimpls = sizeof(hwc_hash_impls) / sizeof(hwc_hash_impls[0]);

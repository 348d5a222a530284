// SPDX-License-Identifier: GPL-2.0
/* The POWER hash implementations and the CPU features each needs, portable fallbacks first. */
#include "hwc_arch_cores.h"

/*
 * No POWER instruction helps SHA-1: it stays with the kernel's own drivers.
 * "nx" (kernel only): the NX coprocessor (nx.c) through the glue's offload hook, below the
 * vector tier (table order is rank); its in-core fallback is the portable core, so that it
 * also serves big-endian kernels.
 */
const struct hwc_hash_impl hwc_hash_impls[] = {
	{ "sha1",   "generic", 0, hwc_sha1_blocks_generic },
	{ "sha256", "generic", 0, hwc_sha256_blocks_generic },
	{ "sha512", "generic", 0, hwc_sha512_blocks_generic },
#ifdef __KERNEL__
	{ "sha256", "nx",      HWC_F_NX, hwc_sha256_blocks_generic },
	{ "sha512", "nx",      HWC_F_NX, hwc_sha512_blocks_generic },
#endif
#ifdef __LITTLE_ENDIAN__
	{ "sha256", "p8",      HWC_F_P8CRYPTO, hwc_sha256_blocks_p8 },
	{ "sha512", "p8",      HWC_F_P8CRYPTO, hwc_sha512_blocks_p8 },
#endif
};
const unsigned int hwc_hash_nimpls = sizeof(hwc_hash_impls) / sizeof(hwc_hash_impls[0]);

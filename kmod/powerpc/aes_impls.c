// SPDX-License-Identifier: GPL-2.0
/* The POWER AES tiers; hwc_aes_generic (generic/aes.c) backs them all. */
#include "hwc_arch_cores.h"

/*
 * The vcipher/vpmsumd cores are built for little-endian only: a big-endian kernel gets an empty
 * table, so the glue registers no AES drivers there and the kernel's own serve.
 */
const struct hwc_aes_impl hwc_aes_impls[] = {
#ifdef __KERNEL__
	/*
	 * The NX coprocessor (nx.c) through the glue's offload hooks: ecb, cbc, ctr and GCM (what
	 * the engine's AES modes give without a second pass in-core); the portable core where a
	 * request stays in-core. First, so that it ranks below the vector tier.
	 */
	{
		.impl = "nx",
		.features = HWC_F_NX,
		.modes = (const char *const[]){ "ecb(aes)", "cbc(aes)", "ctr(aes)", "gcm(aes)",
						"rfc4106(gcm(aes))", 0 },
		.expand_key = hwc_aes_expand_key,
		HWC_AES_MODES_INIT(generic),
		HWC_GCM_INIT(generic),
	},
#endif
#ifdef __LITTLE_ENDIAN__
	{
		.impl = "p8",
		.features = HWC_F_P8CRYPTO,
		HWC_AES_TIER_INIT(p8),
	},
#endif
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

// SPDX-License-Identifier: GPL-2.0
/* shash drivers: one per (algorithm, implementation tier) the CPU supports. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/internal/hash.h>
#include "hwc_core.h"
#include "hwc_arch.h"
#include "compat/shash.h"
#include "hwcrypt.h"

/*
 * Bound each SIMD section: kernel_fpu_begin() disables preemption (and softirqs), so a long
 * request is cut into sections of at most this many blocks (2 KiB for SHA-256, 4 KiB for
 * SHA-512) with a chance to reschedule between them.
 */
#define HWC_SIMD_MAX_BLOCKS 32

struct hwc_shash_drv {
	struct shash_alg alg;
	struct hwc_md_ops ops;
};

static struct hwc_shash_drv *hwc_shash_drvs;
static unsigned int hwc_shash_ndrvs;

static void hwc_shash_run_blocks(const struct hwc_md_ops *ops, void *state,
				 const hwc_u8 *data, hwc_size nblocks)
{
	const struct hwc_hash_impl *impl = ops->impl;

	/* hardirq, or SIMD already in use by whoever we interrupted: same result in plain C. */
	if (!hwc_simd_usable()) {
		hwc_hash_generic_impl(impl->family)->blocks(state, data, nblocks);
		return;
	}
	while (nblocks) {
		hwc_size n = min_t(hwc_size, nblocks, HWC_SIMD_MAX_BLOCKS);

		hwc_simd_begin();
		impl->blocks(state, data, n);
		hwc_simd_end();
		data += n * ops->info->blocksize;
		nblocks -= n;
	}
}

static const struct hwc_md_ops *hwc_shash_ops(struct shash_desc *desc)
{
	struct shash_alg *alg = crypto_shash_alg(desc->tfm);

	return &container_of(alg, struct hwc_shash_drv, alg)->ops;
}

static int hwc_shash_init(struct shash_desc *desc)
{
	return hwc_compat_shash_init(hwc_shash_ops(desc), desc);
}

static int hwc_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return hwc_compat_shash_update(hwc_shash_ops(desc), desc, data, len);
}

static int hwc_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	return hwc_compat_shash_finup(hwc_shash_ops(desc), desc, data, len, out);
}

static int hwc_shash_final(struct shash_desc *desc, u8 *out)
{
	return hwc_compat_shash_final(hwc_shash_ops(desc), desc, out);
}

static int hwc_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	const struct hwc_md_ops *ops = hwc_shash_ops(desc);

	return hwc_compat_shash_init(ops, desc) ?:
	       hwc_compat_shash_finup(ops, desc, data, len, out);
}

static void hwc_shash_fill(struct hwc_shash_drv *drv, const struct hwc_hash_info *info,
			   const struct hwc_hash_impl *impl, int priority)
{
	struct shash_alg *alg = &drv->alg;

	drv->ops.info = info;
	drv->ops.impl = impl;
	drv->ops.run = hwc_shash_run_blocks;

	alg->init = hwc_shash_init;
	alg->update = hwc_shash_update;
	alg->final = hwc_shash_final;
	alg->finup = hwc_shash_finup;
	alg->digest = hwc_shash_digest;
	alg->descsize = HWC_COMPAT_SHASH_DESCSIZE;
	alg->digestsize = info->digestsize;
	alg->base.cra_flags = HWC_COMPAT_SHASH_FLAGS;
	alg->base.cra_blocksize = info->blocksize;
	alg->base.cra_priority = priority;
	alg->base.cra_module = THIS_MODULE;
	strscpy(alg->base.cra_name, info->name, sizeof(alg->base.cra_name));
	snprintf(alg->base.cra_driver_name, sizeof(alg->base.cra_driver_name), "%s-hwcrypt-%s",
		 info->name, impl->impl);
}

int hwc_shash_register_all(void)
{
	unsigned int i, j, n = 0;
	int err;

	hwc_shash_drvs = kcalloc(hwc_hash_ninfos * hwc_hash_nimpls, sizeof(*hwc_shash_drvs),
				 GFP_KERNEL);
	if (!hwc_shash_drvs)
		return -ENOMEM;

	for (i = 0; i < hwc_hash_ninfos; i++) {
		const struct hwc_hash_info *info = &hwc_hash_infos[i];
		int tier = 0;

		for (j = 0; j < hwc_hash_nimpls; j++) {
			const struct hwc_hash_impl *impl = &hwc_hash_impls[j];
			struct hwc_shash_drv *drv = &hwc_shash_drvs[n];

			/* The portable core only backs the SIMD tiers; the kernel has its own. */
			if (!impl->features || strcmp(impl->family, info->family) ||
			    (impl->features & hwc_cpu_features) != impl->features)
				continue;
			/* Later table entries are faster tiers of the same family: rank them above. */
			hwc_shash_fill(drv, info, impl, hwc_priority + tier++);
			if (hwc_disabled(drv->alg.base.cra_driver_name, impl->impl))
				continue;
			err = crypto_register_shash(&drv->alg);
			if (err) {
				pr_err("registering %s failed: %d\n", drv->alg.base.cra_driver_name, err);
				return err;
			}
			hwc_note_registered(&drv->alg.base);
			hwc_shash_ndrvs = ++n;
		}
	}
	return 0;
}

void hwc_shash_unregister_all(void)
{
	while (hwc_shash_ndrvs)
		crypto_unregister_shash(&hwc_shash_drvs[--hwc_shash_ndrvs].alg);
	kfree(hwc_shash_drvs);
	hwc_shash_drvs = NULL;
}

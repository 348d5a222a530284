// SPDX-License-Identifier: GPL-2.0
/* SHA-1 and SHA-2 as shash: sha1, sha224, sha256, sha384, sha512 on this arch's hash tiers. */
#include <linux/kernel.h>
#include <linux/string.h>
#include <crypto/internal/hash.h>
#include "hwc_core.h"
#include "compat/shash.h"
#include "hwc_glue.h"

/*
 * Bound each SIMD section: kernel_fpu_begin() disables preemption (and softirqs), so a long
 * request is cut into sections of at most this many blocks (2 KiB for SHA-256, 4 KiB for
 * SHA-512) with a chance to reschedule between them.
 */
#define HWC_SIMD_MAX_BLOCKS 32

/* What a SHA algorithm adds to its cra_name: its compression family and the portable core. */
struct hwc_sha {
	const char *family;		/* the hwc_hash_impl family whose tiers serve it */
	hwc_hash_blocks_fn *portable;	/* the fallback where SIMD is not usable */
};

/* The framing's view of one driver; ops first, so that the block runner finds the rest. */
struct hwc_sha_run {
	struct hwc_md_ops ops;
	hwc_hash_blocks_fn *portable;
	const struct hwc_drv *drv;
};

static void hwc_sha_run_blocks(const struct hwc_md_ops *ops, void *state, const hwc_u8 *data,
			       hwc_size nblocks)
{
	const struct hwc_sha_run *r = container_of(ops, struct hwc_sha_run, ops);
	bool tried;
	hwc_size done;

	/* An offload engine first (large updates, or its own tier), then the CPU for the rest. */
	done = hwc_arch_hash_offload(ops->info, &r->drv->tier, state, data, nblocks, &tried);
	hwc_count_offload(r->drv, tried, (u64)done * ops->info->blocksize,
			  (u64)nblocks * ops->info->blocksize);
	data += done * ops->info->blocksize;
	nblocks -= done;
	while (nblocks) {
		hwc_size n = min_t(hwc_size, nblocks, HWC_SIMD_MAX_BLOCKS);
		bool simd = hwc_simd_enter();

		(simd ? ops->impl->blocks : r->portable)(state, data, n);
		hwc_simd_leave(simd);
		data += n * ops->info->blocksize;
		nblocks -= n;
	}
}

static const struct hwc_drv *hwc_sha_drv(struct shash_desc *desc)
{
	return container_of(crypto_shash_alg(desc->tfm), struct hwc_drv, alg.shash);
}

static struct hwc_sha_run hwc_sha_ops(const struct hwc_drv *drv)
{
	return (struct hwc_sha_run){
		.ops = { drv->glue, drv->tier.ops, hwc_sha_run_blocks },
		.portable = ((const struct hwc_sha *)drv->desc->data)->portable,
		.drv = drv,
	};
}

static int hwc_sha_init(struct shash_desc *desc)
{
	struct hwc_sha_run r = hwc_sha_ops(hwc_sha_drv(desc));

	return hwc_compat_shash_init(&r.ops, desc);
}

static int hwc_sha_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	const struct hwc_drv *drv = hwc_sha_drv(desc);
	struct hwc_sha_run r = hwc_sha_ops(drv);

	/*
	 * Count what this call consumes: on kernels that buffer partial blocks (6.16 on) the
	 * bytes it hands back reach finup() and are counted there.
	 */
	int left = hwc_compat_shash_update(&r.ops, desc, data, len);

	hwc_count(drv, 0, len - left);
	return left;
}

static int hwc_sha_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	const struct hwc_drv *drv = hwc_sha_drv(desc);
	struct hwc_sha_run r = hwc_sha_ops(drv);

	hwc_count(drv, 1, len);
	return hwc_compat_shash_finup(&r.ops, desc, data, len, out);
}

/* final and digest are finup's: the framing, inlined there, is compiled once. */
static int hwc_sha_final(struct shash_desc *desc, u8 *out)
{
	return hwc_sha_finup(desc, NULL, 0, out);
}

static int hwc_sha_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	return hwc_sha_init(desc) ?: hwc_sha_finup(desc, data, len, out);
}

static const struct hwc_hash_info *hwc_sha_info(const char *name)
{
	unsigned int i;

	for (i = 0; i < hwc_hash_ninfos; i++)
		if (!strcmp(hwc_hash_infos[i].name, name))
			return &hwc_hash_infos[i];
	return NULL;
}

static void hwc_sha_fill(struct hwc_drv *drv)
{
	const struct hwc_hash_info *info = hwc_sha_info(drv->desc->cra_name);
	struct shash_alg *alg = &drv->alg.shash;

	drv->glue = info;
	alg->init = hwc_sha_init;
	alg->update = hwc_sha_update;
	alg->final = hwc_sha_final;
	alg->finup = hwc_sha_finup;
	alg->digest = hwc_sha_digest;
	alg->descsize = HWC_COMPAT_SHASH_DESCSIZE;
	alg->digestsize = info->digestsize;
	alg->base.cra_flags = HWC_COMPAT_SHASH_FLAGS;
	alg->base.cra_blocksize = info->blocksize;
}

/* The tiers of this arch's hash table that compute @alg's compression family. */
static bool hwc_sha_tier(const struct hwc_alg *alg, unsigned int i, struct hwc_tier *t)
{
	const struct hwc_sha *sha = alg->data;
	const struct hwc_hash_impl *impl;

	if (i >= hwc_hash_nimpls)
		return false;
	impl = &hwc_hash_impls[i];
	*t = (struct hwc_tier){ impl->impl, impl->features,
				strcmp(impl->family, sha->family) ? NULL : impl };
	return true;
}

#define HWC_SHA(name, fam) {							\
	.cra_name = name, .driver = name, .type = HWC_SHASH,			\
	.class = HWC_CLASS_HASH, .tier = hwc_sha_tier, .fill = hwc_sha_fill,	\
	.data = &(const struct hwc_sha){ #fam, hwc_##fam##_blocks_generic },	\
}

const struct hwc_alg hwc_sha_algs[] = {
	HWC_SHA("sha1", sha1),
	HWC_SHA("sha224", sha256),
	HWC_SHA("sha256", sha256),
	HWC_SHA("sha384", sha512),
	HWC_SHA("sha512", sha512),
};
const unsigned int hwc_sha_nalgs = ARRAY_SIZE(hwc_sha_algs);

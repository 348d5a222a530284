/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shash partial-block handling across kernels.
 *
 * Since 6.16 the API can buffer partial blocks itself (CRYPTO_AHASH_ALG_BLOCK_ONLY): the
 * driver sees whole blocks in update() and the tail in finup(), and the hmac template
 * requires that mode (it needs export_core/import_core). Older kernels hand the driver
 * arbitrary update() lengths, so there the desc carries hwcrypt's own block buffer.
 */
#ifndef HWC_COMPAT_SHASH_H
#define HWC_COMPAT_SHASH_H

#include <crypto/internal/hash.h>
#include <linux/string.h>
#include "hwc_md.h"

#ifdef COMPAT_HAVE_SHASH_BLOCK_ONLY

#define HWC_COMPAT_SHASH_DESCSIZE	sizeof(struct hwc_md_state)
#define HWC_COMPAT_SHASH_FLAGS		(CRYPTO_AHASH_ALG_BLOCK_ONLY | CRYPTO_AHASH_ALG_FINUP_MAX)

static __always_inline int hwc_compat_shash_init(const struct hwc_md_ops *ops,
						 struct shash_desc *desc)
{
	__hwc_md_init(ops, shash_desc_ctx(desc));
	return 0;
}

/* Returns the bytes left over, which the API keeps for the next call. */
static __always_inline int hwc_compat_shash_update(const struct hwc_md_ops *ops,
						   struct shash_desc *desc, const u8 *data,
						   unsigned int len)
{
	return __hwc_md_update_blocks(ops, shash_desc_ctx(desc), data, len);
}

/* The API zeroes the desc after finup. */
static __always_inline int hwc_compat_shash_finup(const struct hwc_md_ops *ops,
						  struct shash_desc *desc, const u8 *data,
						  unsigned int len, u8 *out)
{
	__hwc_md_finup(ops, shash_desc_ctx(desc), data, len, out);
	return 0;
}

#else /* !COMPAT_HAVE_SHASH_BLOCK_ONLY */

struct hwc_compat_shash_ctx {
	struct hwc_md_state st;
	struct hwc_md_buf buf;
};

#define HWC_COMPAT_SHASH_DESCSIZE	sizeof(struct hwc_compat_shash_ctx)
#define HWC_COMPAT_SHASH_FLAGS		0

static __always_inline int hwc_compat_shash_init(const struct hwc_md_ops *ops,
						 struct shash_desc *desc)
{
	struct hwc_compat_shash_ctx *ctx = shash_desc_ctx(desc);

	__hwc_md_init(ops, &ctx->st);
	ctx->buf.len = 0;
	return 0;
}

static __always_inline int hwc_compat_shash_update(const struct hwc_md_ops *ops,
						   struct shash_desc *desc, const u8 *data,
						   unsigned int len)
{
	struct hwc_compat_shash_ctx *ctx = shash_desc_ctx(desc);

	__hwc_md_update(ops, &ctx->st, &ctx->buf, data, len);
	return 0;
}

/* These kernels leave the desc as it is: the chaining state must not outlive the digest. */
static __always_inline int hwc_compat_shash_finup(const struct hwc_md_ops *ops,
						  struct shash_desc *desc, const u8 *data,
						  unsigned int len, u8 *out)
{
	struct hwc_compat_shash_ctx *ctx = shash_desc_ctx(desc);

	if (ctx->buf.len) {
		__hwc_md_update(ops, &ctx->st, &ctx->buf, data, len);
		__hwc_md_final(ops, &ctx->st, &ctx->buf, out);
	} else {
		__hwc_md_finup(ops, &ctx->st, data, len, out);
	}
	memzero_explicit(ctx, sizeof(*ctx));
	return 0;
}

#endif /* COMPAT_HAVE_SHASH_BLOCK_ONLY */

#endif /* HWC_COMPAT_SHASH_H */

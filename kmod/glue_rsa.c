// SPDX-License-Identifier: GPL-2.0
/* akcipher "rsa" on the constant-time bignum core: the registry registers this CPU's best tier. */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/fips.h>
#include <crypto/internal/akcipher.h>
#include <crypto/internal/rsa.h>
#include "hwc_rsa.h"
#include "hwc_glue.h"

/*
 * Kernel differences: none reach this file. 6.1's akcipher_alg still has sign/verify, but its
 * pkcs1pad template signs and verifies through the inner rsa's decrypt/encrypt (as 7.2's
 * pkcs1 sig template does through crypto_akcipher_sync_*), so leaving them NULL (the core's
 * -ENOSYS default) is right on every kernel; rsa_parse_*_key() are the same from 6.1 to 7.2.
 *
 * No kernel_fpu_begin() anywhere here: the MULX/ADX tier uses general-purpose registers only,
 * so it runs in any context, like the portable C tier.
 */

/*
 * @blind_mem holds the key's kept blinding pair; @blind is the slot a private op takes it out
 * of (xchg to NULL) and puts it back into after use, so no two ops ever share a pair: one that
 * finds the slot empty (another op holds the pair) blinds with a pair of its own, drawn fresh.
 * keyctl's pkey operations allocate a tfm (and set its key) per operation: there every op
 * draws its pair; users that keep a tfm save the draw.
 */
struct hwc_rsa_ctx {
	struct hwc_rsa_key *key;
	struct hwc_rsa_blind *blind_mem;
	struct hwc_rsa_blind *blind;
};

static const struct hwc_drv *hwc_rsa_drv(struct crypto_akcipher *tfm)
{
	return container_of(crypto_akcipher_alg(tfm), struct hwc_drv, alg.akcipher);
}

static void hwc_rsa_free_key(struct hwc_rsa_ctx *ctx)
{
	if (ctx->key) {
		hwc_rsa_key_wipe(ctx->key);
		kvfree(ctx->key);
		ctx->key = NULL;
	}
	if (ctx->blind_mem) {
		kvfree_sensitive(ctx->blind_mem, sizeof(*ctx->blind_mem));
		ctx->blind_mem = NULL;
		ctx->blind = NULL;
	}
}

/* Modulus sizes rsa-generic accepts, plus 6144 and 8192; below 2048 not in FIPS mode. */
static bool hwc_rsa_size_ok(unsigned int bytes)
{
	switch (bytes * 8) {
	case 512:
	case 1024:
	case 1536:
		return !fips_enabled;
	case 2048:
	case 3072:
	case 4096:
	case 6144:
	case 8192:
		return true;
	}
	return false;
}

static int hwc_rsa_tfm_set_key(struct crypto_akcipher *tfm, const void *der, unsigned int len,
			   bool priv)
{
	struct hwc_rsa_ctx *ctx = akcipher_tfm_ctx(tfm);
	struct rsa_key raw = {};
	struct hwc_rsa_raw hraw;
	struct hwc_rsa_key *key;
	void *ws;
	int err;

	/* A failed set_key leaves the tfm without a key, as rsa-generic does. */
	hwc_rsa_free_key(ctx);
	err = priv ? rsa_parse_priv_key(&raw, der, len) : rsa_parse_pub_key(&raw, der, len);
	if (err)
		return err;
	/* rsa_parse_pub_key() sets n and e alone: the rest of raw stays zero. */
	hraw = (struct hwc_rsa_raw){
		.n = raw.n, .n_sz = raw.n_sz,
		.e = raw.e, .e_sz = raw.e_sz,
		.d = raw.d, .d_sz = raw.d_sz,
		.p = raw.p, .p_sz = raw.p_sz,
		.q = raw.q, .q_sz = raw.q_sz,
		.dp = raw.dp, .dp_sz = raw.dp_sz,
		.dq = raw.dq, .dq_sz = raw.dq_sz,
		.qinv = raw.qinv, .qinv_sz = raw.qinv_sz,
	};
	key = kvzalloc_obj(*key, GFP_KERNEL);
	ws = kmalloc(HWC_RSA_SETKEY_WS_BYTES, GFP_KERNEL);
	if (priv)
		ctx->blind_mem = kvzalloc_obj(*ctx->blind_mem, GFP_KERNEL);
	if (!key || !ws || (priv && !ctx->blind_mem)) {
		err = -ENOMEM;
		goto out;
	}
	err = hwc_rsa_set_key(key, hwc_rsa_drv(tfm)->tier.ops, &hraw, priv, ws);
	if (!err && !hwc_rsa_size_ok(key->bytes))
		err = -EINVAL;
	if (!err) {
		ctx->key = key;
		ctx->blind = ctx->blind_mem;
		key = NULL;
	}
out:
	if (err && ctx->blind_mem) {
		kvfree(ctx->blind_mem);	/* never used: all zeros */
		ctx->blind_mem = NULL;
	}
	kfree_sensitive(ws);
	if (key) {
		hwc_rsa_key_wipe(key);
		kvfree(key);
	}
	return err;
}

static int hwc_rsa_set_pub_key(struct crypto_akcipher *tfm, const void *key, unsigned int len)
{
	return hwc_rsa_tfm_set_key(tfm, key, len, false);
}

static int hwc_rsa_set_priv_key(struct crypto_akcipher *tfm, const void *key, unsigned int len)
{
	return hwc_rsa_tfm_set_key(tfm, key, len, true);
}

static unsigned int hwc_rsa_max_size(struct crypto_akcipher *tfm)
{
	struct hwc_rsa_ctx *ctx = akcipher_tfm_ctx(tfm);

	return ctx->key ? ctx->key->bytes : 0;
}

static void hwc_rsa_yield(void *arg)
{
	cond_resched();
}

/* SIMD tiers of the core enter vector code only through these, in bounded stretches. */
static int hwc_rsa_simd_usable(void *arg)
{
	return hwc_simd_usable();
}

static void hwc_rsa_simd_begin(void *arg)
{
	hwc_simd_begin();
}

static void hwc_rsa_simd_end(void *arg)
{
	hwc_simd_end();
}

static int hwc_rsa_op(struct akcipher_request *req, bool priv)
{
	struct crypto_akcipher *tfm = crypto_akcipher_reqtfm(req);
	struct hwc_rsa_ctx *ctx = akcipher_tfm_ctx(tfm);
	const struct hwc_rsa_key *key = ctx->key;
	bool may_sleep = req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP;
	struct hwc_rsa_yield yield = { may_sleep ? hwc_rsa_yield : NULL, NULL, hwc_rsa_simd_usable,
				       hwc_rsa_simd_begin, hwc_rsa_simd_end };
	unsigned int bytes, srclen = req->src_len;
	size_t wsz, rsz, total;
	struct hwc_rsa_blind *bl = NULL;
	u8 *buf, *in, *out, *rnd;
	int err, nents;

	if (!key || (priv && !key->have_priv))
		return -EINVAL;
	bytes = key->bytes;
	if (req->dst_len < bytes) {
		req->dst_len = bytes;
		return -EOVERFLOW;
	}
	/* Leading zeros beyond the modulus size are allowed, but not without bound. */
	if (srclen > 2 * bytes)
		return -EINVAL;
	wsz = hwc_rsa_ws_bytes(key);
	/* Blinding bytes for a fresh pair (1 KiB at most): with the buffer, off-stack. */
	rsz = priv ? ALIGN(hwc_rsa_random_bytes(key), 8) : 0;
	total = ALIGN(srclen + bytes, 8) + rsz + wsz;
	buf = may_sleep ? kvmalloc(total, GFP_KERNEL) : kmalloc(total, GFP_ATOMIC);
	if (!buf)
		return -ENOMEM;
	in = buf + ALIGN(srclen + bytes, 8) - srclen - bytes;
	rnd = buf + ALIGN(srclen + bytes, 8);
	out = in + srclen;
	nents = sg_nents_for_len(req->src, srclen);
	if (nents < 0 || sg_copy_to_buffer(req->src, nents, in, srclen) != srclen) {
		err = -EINVAL;
		goto out;
	}
	if (priv) {
		bl = xchg(&ctx->blind, NULL);
		if (hwc_rsa_blind_due(bl))
			get_random_bytes(rnd, hwc_rsa_random_bytes(key));
		err = hwc_rsa_private(key, out, in, srclen, rnd, bl, buf + total - wsz, &yield);
		if (bl)
			/* the squared pair is in place before the slot gives it out again */
			smp_store_release(&ctx->blind, bl);
	} else {
		err = hwc_rsa_public(key, out, in, srclen, buf + total - wsz);
	}
	if (err)
		goto out;
	nents = sg_nents_for_len(req->dst, bytes);
	if (nents < 0 || sg_copy_from_buffer(req->dst, nents, out, bytes) != bytes) {
		err = -EINVAL;
		goto out;
	}
	req->dst_len = bytes;
	hwc_count(hwc_rsa_drv(tfm), 1, srclen);
out:
	kvfree_sensitive(buf, total);
	return err;
}

static int hwc_rsa_encrypt(struct akcipher_request *req)
{
	return hwc_rsa_op(req, false);
}

static int hwc_rsa_decrypt(struct akcipher_request *req)
{
	return hwc_rsa_op(req, true);
}

static void hwc_rsa_exit_tfm(struct crypto_akcipher *tfm)
{
	hwc_rsa_free_key(akcipher_tfm_ctx(tfm));
}

static void hwc_rsa_fill(struct hwc_drv *drv)
{
	struct akcipher_alg *alg = &drv->alg.akcipher;

	alg->encrypt = hwc_rsa_encrypt;
	alg->decrypt = hwc_rsa_decrypt;
	alg->set_pub_key = hwc_rsa_set_pub_key;
	alg->set_priv_key = hwc_rsa_set_priv_key;
	alg->max_size = hwc_rsa_max_size;
	alg->exit = hwc_rsa_exit_tfm;
	alg->base.cra_ctxsize = sizeof(struct hwc_rsa_ctx);
}

/*
 * Every tier of the Montgomery table, portable C included: unlike the kernel's rsa-generic it
 * is constant-time. Which one registers is the RSA class rule's (registry.c).
 */
static bool hwc_rsa_tier(const struct hwc_alg *alg, unsigned int i, struct hwc_tier *t)
{
	if (i >= hwc_bn_nimpls)
		return false;
	*t = (struct hwc_tier){ hwc_bn_impls[i].impl, hwc_bn_impls[i].features, &hwc_bn_impls[i] };
	return true;
}

const struct hwc_alg hwc_rsa_algs[] = {
	{
		.cra_name = "rsa", .driver = "rsa", .type = HWC_AKCIPHER,
		.class = HWC_CLASS_RSA, .tier = hwc_rsa_tier, .fill = hwc_rsa_fill,
	},
};
const unsigned int hwc_rsa_nalgs = ARRAY_SIZE(hwc_rsa_algs);

// SPDX-License-Identifier: GPL-2.0
/* AES skcipher drivers: ecb, cbc, ctr, xts and cts(cbc) per tier the CPU supports. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/xts.h>
#include <crypto/internal/skcipher.h>
#include "glue_aes.h"
#include "hwcrypt.h"

enum hwc_aes_mode { HWC_ECB, HWC_CBC, HWC_CTR, HWC_XTS, HWC_CTS, HWC_NMODES };

static const struct {
	const char *name, *driver;	/* cra_name, driver name before "-hwcrypt-<impl>" */
} hwc_aes_modes[HWC_NMODES] = {
	[HWC_ECB] = { "ecb(aes)", "ecb-aes" },
	[HWC_CBC] = { "cbc(aes)", "cbc-aes" },
	[HWC_CTR] = { "ctr(aes)", "ctr-aes" },
	[HWC_XTS] = { "xts(aes)", "xts-aes" },
	[HWC_CTS] = { "cts(cbc(aes))", "cts-cbc-aes" },
};

struct hwc_skcipher_drv {
	struct skcipher_alg alg;
	const struct hwc_aes_impl *impl;
	enum hwc_aes_mode mode;
};

/* tfm context: k2 is the XTS tweak key. */
struct hwc_skcipher_ctx {
	struct hwc_aes_key k1, k2;
};

static struct hwc_skcipher_drv *hwc_skcipher_drvs;
static unsigned int hwc_skcipher_ndrvs;

static const struct hwc_skcipher_drv *hwc_drv(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_alg(tfm), struct hwc_skcipher_drv, alg);
}

static int hwc_skcipher_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(tfm);
	int err;

	if (hwc_drv(tfm)->mode != HWC_XTS)
		return hwc_aes_expand_key(&ctx->k1, key, keylen) ? -EINVAL : 0;
	err = xts_verify_key(tfm, key, keylen);
	if (err)
		return err;
	if (hwc_aes_expand_key(&ctx->k1, key, keylen / 2) ||
	    hwc_aes_expand_key(&ctx->k2, key + keylen / 2, keylen / 2))
		return -EINVAL;
	return 0;
}

/* One piece of a walk: whole SIMD sections of at most HWC_AES_SIMD_MAX bytes. */
static void hwc_skcipher_run(const struct hwc_skcipher_drv *drv, struct hwc_skcipher_ctx *ctx,
			     bool enc, u8 *dst, const u8 *src, unsigned int len, u8 *chain)
{
	while (len) {
		unsigned int n = min_t(unsigned int, len, HWC_AES_SIMD_MAX);
		const struct hwc_aes_impl *run;

		/* A cut inside a message must fall on a block boundary; only the end is partial. */
		if (n < len)
			n &= ~(AES_BLOCK_SIZE - 1);
		run = hwc_aes_enter(drv->impl);
		switch (drv->mode) {
		case HWC_ECB:
			(enc ? run->ecb_enc : run->ecb_dec)(&ctx->k1, dst, src, n / AES_BLOCK_SIZE);
			break;
		case HWC_CBC:
		case HWC_CTS:
			(enc ? run->cbc_enc : run->cbc_dec)(&ctx->k1, dst, src, n / AES_BLOCK_SIZE,
							    chain);
			break;
		case HWC_CTR:
			run->ctr(&ctx->k1, dst, src, n, chain);
			break;
		case HWC_XTS:
			(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, dst, src, n, chain);
			break;
		default:
			break;
		}
		hwc_aes_leave(run);
		dst += n;
		src += n;
		len -= n;
	}
}

/*
 * Walks @req. @chain is the IV (cbc, ctr: the walk's copy, written back to req->iv by the walk)
 * or the encrypted XTS tweak. Every step but the last is cut to whole blocks; the walk hands
 * the remainder back in the next step.
 */
static int hwc_skcipher_walk(const struct hwc_skcipher_drv *drv, struct hwc_skcipher_ctx *ctx,
			     struct skcipher_request *req, bool enc, u8 *chain)
{
	struct skcipher_walk walk;
	unsigned int nbytes;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while ((nbytes = walk.nbytes) != 0) {
		if (nbytes < walk.total || drv->mode != HWC_CTR)
			nbytes &= ~(AES_BLOCK_SIZE - 1);
		hwc_skcipher_run(drv, ctx, enc, walk.dst.virt.addr, walk.src.virt.addr, nbytes,
				 chain ? chain : walk.iv);
		err = skcipher_walk_done(&walk, walk.nbytes - nbytes);
	}
	return err;
}

/*
 * XTS and CTS end on a block and a partial one that must be processed together, wherever the
 * scatterlists cut them: the head goes through a subrequest walk (in the request context, so no
 * allocation), the last 17..31 (XTS) or 17..32 (CTS) bytes through a stack buffer.
 */
static int hwc_skcipher_head_tail(const struct hwc_skcipher_drv *drv, struct hwc_skcipher_ctx *ctx,
				  struct skcipher_request *req, bool enc, u8 *chain,
				  unsigned int head)
{
	struct skcipher_request *subreq = skcipher_request_ctx(req);
	unsigned int tail = req->cryptlen - head;
	const struct hwc_aes_impl *run;
	u8 buf[2 * AES_BLOCK_SIZE];
	int err = 0;

	if (head) {
		skcipher_request_set_tfm(subreq, crypto_skcipher_reqtfm(req));
		skcipher_request_set_callback(subreq, req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP,
					      NULL, NULL);
		skcipher_request_set_crypt(subreq, req->src, req->dst, head, req->iv);
		/* CTS chains through the walk's IV, which is req->iv at the end. */
		err = hwc_skcipher_walk(drv, ctx, subreq, enc,
					drv->mode == HWC_XTS ? chain : NULL);
		if (err)
			return err;
	}
	scatterwalk_map_and_copy(buf, req->src, head, tail, 0);
	run = hwc_aes_enter(drv->impl);
	if (drv->mode == HWC_XTS)
		(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, buf, buf, tail, chain);
	else
		(enc ? hwc_cts_enc_tail : hwc_cts_dec_tail)(run, &ctx->k1, buf, buf, tail, req->iv);
	hwc_aes_leave(run);
	scatterwalk_map_and_copy(buf, req->dst, head, tail, 1);
	memzero_explicit(buf, sizeof(buf));
	return 0;
}

static int hwc_skcipher_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(tfm);
	const struct hwc_skcipher_drv *drv = hwc_drv(tfm);
	unsigned int len = req->cryptlen;
	u8 tweak[AES_BLOCK_SIZE];
	const struct hwc_aes_impl *run;
	int err;

	switch (drv->mode) {
	case HWC_ECB:
	case HWC_CBC:
		if (len % AES_BLOCK_SIZE)
			return -EINVAL;
		return hwc_skcipher_walk(drv, ctx, req, enc, NULL);
	case HWC_CTR:
		return hwc_skcipher_walk(drv, ctx, req, enc, NULL);
	case HWC_CTS:
		if (len < AES_BLOCK_SIZE)
			return -EINVAL;
		if (len == AES_BLOCK_SIZE)
			return hwc_skcipher_walk(drv, ctx, req, enc, NULL);
		return hwc_skcipher_head_tail(drv, ctx, req, enc, req->iv,
					      (len - 1) / AES_BLOCK_SIZE * AES_BLOCK_SIZE -
					      AES_BLOCK_SIZE);
	case HWC_XTS:
		if (len < AES_BLOCK_SIZE)
			return -EINVAL;
		/* T = E_K2(IV), chained through the whole request; req->iv stays as it was. */
		run = hwc_aes_enter(drv->impl);
		run->ecb_enc(&ctx->k2, tweak, req->iv, 1);
		hwc_aes_leave(run);
		if (len % AES_BLOCK_SIZE)
			err = hwc_skcipher_head_tail(drv, ctx, req, enc, tweak,
						     (len / AES_BLOCK_SIZE - 1) * AES_BLOCK_SIZE);
		else
			err = hwc_skcipher_walk(drv, ctx, req, enc, tweak);
		memzero_explicit(tweak, sizeof(tweak));
		return err;
	default:
		return -EINVAL;
	}
}

static int hwc_skcipher_encrypt(struct skcipher_request *req)
{
	return hwc_skcipher_crypt(req, true);
}

static int hwc_skcipher_decrypt(struct skcipher_request *req)
{
	return hwc_skcipher_crypt(req, false);
}

static int hwc_skcipher_init_tfm(struct crypto_skcipher *tfm)
{
	enum hwc_aes_mode mode = hwc_drv(tfm)->mode;

	if (mode == HWC_XTS || mode == HWC_CTS)
		crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request));
	return 0;
}

static void hwc_skcipher_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(crypto_skcipher_ctx(tfm), sizeof(struct hwc_skcipher_ctx));
}

static void hwc_skcipher_fill(struct hwc_skcipher_drv *drv, const struct hwc_aes_impl *impl,
			      enum hwc_aes_mode mode, int priority)
{
	struct skcipher_alg *alg = &drv->alg;
	unsigned int ksmul = mode == HWC_XTS ? 2 : 1;

	drv->impl = impl;
	drv->mode = mode;
	alg->setkey = hwc_skcipher_setkey;
	alg->encrypt = hwc_skcipher_encrypt;
	alg->decrypt = hwc_skcipher_decrypt;
	alg->init = hwc_skcipher_init_tfm;
	alg->exit = hwc_skcipher_exit_tfm;
	alg->min_keysize = ksmul * AES_MIN_KEY_SIZE;
	alg->max_keysize = ksmul * AES_MAX_KEY_SIZE;
	alg->ivsize = mode == HWC_ECB ? 0 : AES_BLOCK_SIZE;
	alg->chunksize = AES_BLOCK_SIZE;
	alg->base.cra_blocksize = mode == HWC_CTR ? 1 : AES_BLOCK_SIZE;
	alg->base.cra_ctxsize = sizeof(struct hwc_skcipher_ctx);
	alg->base.cra_priority = priority;
	alg->base.cra_module = THIS_MODULE;
	strscpy(alg->base.cra_name, hwc_aes_modes[mode].name, sizeof(alg->base.cra_name));
	snprintf(alg->base.cra_driver_name, sizeof(alg->base.cra_driver_name), "%s-hwcrypt-%s",
		 hwc_aes_modes[mode].driver, impl->impl);
}

int hwc_skcipher_register_all(void)
{
	unsigned int i, m, n = 0;
	int tier = 0, err;

	hwc_skcipher_drvs = kcalloc(hwc_aes_nimpls * HWC_NMODES, sizeof(*hwc_skcipher_drvs),
				    GFP_KERNEL);
	if (!hwc_skcipher_drvs)
		return -ENOMEM;
	for (i = 0; i < hwc_aes_nimpls; i++) {
		const struct hwc_aes_impl *impl = &hwc_aes_impls[i];

		/* Without the instructions nothing registers: the kernel's own drivers serve. */
		if ((impl->features & hwc_cpu_features) != impl->features)
			continue;
		for (m = 0; m < HWC_NMODES; m++) {
			struct hwc_skcipher_drv *drv = &hwc_skcipher_drvs[n];

			hwc_skcipher_fill(drv, impl, m,
					  hwc_priority + HWC_AES_PRIORITY_OFFSET + tier);
			if (hwc_disabled(drv->alg.base.cra_driver_name, impl->impl))
				continue;
			err = crypto_register_skcipher(&drv->alg);
			if (err) {
				pr_err("registering %s failed: %d\n", drv->alg.base.cra_driver_name,
				       err);
				return err;
			}
			hwc_note_registered(&drv->alg.base);
			hwc_skcipher_ndrvs = ++n;
		}
		tier++;
	}
	return 0;
}

void hwc_skcipher_unregister_all(void)
{
	while (hwc_skcipher_ndrvs)
		crypto_unregister_skcipher(&hwc_skcipher_drvs[--hwc_skcipher_ndrvs].alg);
	kfree(hwc_skcipher_drvs);
	hwc_skcipher_drvs = NULL;
}

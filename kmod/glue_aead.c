// SPDX-License-Identifier: GPL-2.0
/* AES-GCM aead drivers: gcm(aes) and rfc4106(gcm(aes)) (IPsec ESP) per tier the CPU supports. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include "glue_aes.h"
#include "hwcrypt.h"

#define HWC_GCM_IV	12
#define HWC_RFC4106_IV	8
#define HWC_RFC4106_SALT 4
/* AAD bytes copied out of the scatterlist per GHASH call. */
#define HWC_AAD_CHUNK	256

struct hwc_aead_drv {
	struct aead_alg alg;
	const struct hwc_aes_impl *impl;
	bool rfc4106;
};

struct hwc_aead_ctx {
	struct hwc_gcm_key key;
	u8 salt[HWC_RFC4106_SALT];
};

static struct hwc_aead_drv *hwc_aead_drvs;
static unsigned int hwc_aead_ndrvs;

static const struct hwc_aead_drv *hwc_aead_drv(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_alg(tfm), struct hwc_aead_drv, alg);
}

static int hwc_aead_setkey(struct crypto_aead *tfm, const u8 *key, unsigned int keylen)
{
	struct hwc_aead_ctx *ctx = crypto_aead_ctx(tfm);

	if (hwc_aead_drv(tfm)->rfc4106) {
		if (keylen < HWC_RFC4106_SALT)
			return -EINVAL;
		keylen -= HWC_RFC4106_SALT;
		memcpy(ctx->salt, key + keylen, HWC_RFC4106_SALT);
	}
	return hwc_gcm_setkey(&ctx->key, key, keylen) ? -EINVAL : 0;
}

static int hwc_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	if (hwc_aead_drv(tfm)->rfc4106)	/* RFC 4106 section 3: 8, 12 or 16 octets */
		return authsize == 8 || authsize == 12 || authsize == 16 ? 0 : -EINVAL;
	/* SP 800-38D 5.2.1.2: 128, 120, 112, 104, 96 bits, and 64 or 32 for some uses */
	return authsize == 4 || authsize == 8 || (authsize >= 12 && authsize <= 16) ? 0 : -EINVAL;
}

/*
 * Decryption runs the fused CTR+GHASH pass straight into dst, then compares tags in constant
 * time; on a mismatch the plaintext written is zeroed before -EBADMSG is returned, so no
 * unauthenticated plaintext is ever left in dst. (One pass instead of a GHASH pass followed by
 * a CTR pass: IPsec decrypts at the speed of encryption.)
 */
static int hwc_aead_crypt(struct aead_request *req, bool enc)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct hwc_aead_ctx *ctx = crypto_aead_ctx(tfm);
	const struct hwc_aead_drv *drv = hwc_aead_drv(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int aadlen = req->assoclen, textlen = req->cryptlen, off, nbytes;
	const struct hwc_aes_impl *run;
	struct hwc_gcm_ctx gc;
	struct skcipher_walk walk;
	u8 iv[HWC_GCM_IV], tag[16], want[16];
	u8 buf[HWC_AAD_CHUNK];
	bool tagged = false;
	int err;

	if (drv->rfc4106) {
		/* The 8-byte explicit IV ends the AAD area (ESP: SPI, seq[, ESN high], IV). */
		if (aadlen != 16 && aadlen != 20)
			return -EINVAL;
		aadlen -= HWC_RFC4106_IV;
		memcpy(iv, ctx->salt, HWC_RFC4106_SALT);
		memcpy(iv + HWC_RFC4106_SALT, req->iv, HWC_RFC4106_IV);
	} else {
		memcpy(iv, req->iv, HWC_GCM_IV);
	}
	if (!enc) {
		if (textlen < authsize)
			return -EINVAL;
		textlen -= authsize;
	}

	hwc_gcm_start(drv->impl, &ctx->key, &gc, iv);
	for (off = 0; off < aadlen; off += nbytes) {
		nbytes = min_t(unsigned int, aadlen - off, sizeof(buf));
		scatterwalk_map_and_copy(buf, req->src, off, nbytes, 0);
		run = hwc_aes_enter(drv->impl);
		hwc_gcm_aad(run, &ctx->key, &gc, buf, nbytes);
		hwc_aes_leave(run);
	}

	err = enc ? skcipher_walk_aead_encrypt(&walk, req, false) :
		    skcipher_walk_aead_decrypt(&walk, req, false);
	while ((nbytes = walk.nbytes) != 0) {
		const u8 *src = walk.src.virt.addr;
		u8 *dst = walk.dst.virt.addr;
		bool last = nbytes == walk.total;

		if (!last)
			nbytes &= ~(AES_BLOCK_SIZE - 1);
		for (off = 0; off < nbytes; ) {
			unsigned int n = min_t(unsigned int, nbytes - off, HWC_AES_SIMD_MAX);

			run = hwc_aes_enter(drv->impl);
			/* The message's last piece and the tag in one call (one reduction fewer). */
			if (last && off + n == nbytes) {
				(enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)
					(run, &ctx->key, &gc, dst + off, src + off, n, tag);
				tagged = true;
			} else {
				(enc ? hwc_gcm_encrypt : hwc_gcm_decrypt)(run, &ctx->key, &gc,
									  dst + off, src + off, n);
			}
			hwc_aes_leave(run);
			off += n;
		}
		err = skcipher_walk_done(&walk, walk.nbytes - nbytes);
	}
	if (err)
		goto out;

	if (!tagged) {
		run = hwc_aes_enter(drv->impl);
		hwc_gcm_final(run, &ctx->key, &gc, tag);
		hwc_aes_leave(run);
	}
	if (enc) {
		scatterwalk_map_and_copy(tag, req->dst, req->assoclen + textlen, authsize, 1);
	} else {
		scatterwalk_map_and_copy(want, req->src, req->assoclen + textlen, authsize, 0);
		if (crypto_memneq(tag, want, authsize)) {
			sg_zero_buffer(req->dst, sg_nents(req->dst), textlen, req->assoclen);
			err = -EBADMSG;
		}
	}
out:
	memzero_explicit(&gc, sizeof(gc));
	memzero_explicit(tag, sizeof(tag));
	memzero_explicit(buf, sizeof(buf));
	return err;
}

static int hwc_aead_encrypt(struct aead_request *req)
{
	return hwc_aead_crypt(req, true);
}

static int hwc_aead_decrypt(struct aead_request *req)
{
	return hwc_aead_crypt(req, false);
}

static void hwc_aead_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(crypto_aead_ctx(tfm), sizeof(struct hwc_aead_ctx));
}

static void hwc_aead_fill(struct hwc_aead_drv *drv, const struct hwc_aes_impl *impl, bool rfc4106,
			  int priority)
{
	struct aead_alg *alg = &drv->alg;

	drv->impl = impl;
	drv->rfc4106 = rfc4106;
	alg->setkey = hwc_aead_setkey;
	alg->setauthsize = hwc_aead_setauthsize;
	alg->encrypt = hwc_aead_encrypt;
	alg->decrypt = hwc_aead_decrypt;
	alg->exit = hwc_aead_exit_tfm;
	alg->ivsize = rfc4106 ? HWC_RFC4106_IV : HWC_GCM_IV;
	alg->maxauthsize = 16;
	alg->chunksize = AES_BLOCK_SIZE;
	alg->base.cra_blocksize = 1;
	alg->base.cra_ctxsize = sizeof(struct hwc_aead_ctx);
	alg->base.cra_priority = priority;
	alg->base.cra_module = THIS_MODULE;
	strscpy(alg->base.cra_name, rfc4106 ? "rfc4106(gcm(aes))" : "gcm(aes)",
		sizeof(alg->base.cra_name));
	snprintf(alg->base.cra_driver_name, sizeof(alg->base.cra_driver_name), "%s-hwcrypt-%s",
		 rfc4106 ? "rfc4106-gcm-aes" : "gcm-aes", impl->impl);
}

int hwc_aead_register_all(void)
{
	unsigned int i, m, n = 0;
	int tier = 0, err;

	hwc_aead_drvs = kcalloc(hwc_aes_nimpls * 2, sizeof(*hwc_aead_drvs), GFP_KERNEL);
	if (!hwc_aead_drvs)
		return -ENOMEM;
	for (i = 0; i < hwc_aes_nimpls; i++) {
		const struct hwc_aes_impl *impl = &hwc_aes_impls[i];
		unsigned int need = impl->features | impl->aead_features;

		if ((need & hwc_cpu_features) != need)
			continue;
		for (m = 0; m < 2; m++) {
			struct hwc_aead_drv *drv = &hwc_aead_drvs[n];

			hwc_aead_fill(drv, impl, m, hwc_priority + HWC_AES_PRIORITY_OFFSET + tier);
			if (hwc_disabled(drv->alg.base.cra_driver_name, impl->impl))
				continue;
			err = crypto_register_aead(&drv->alg);
			if (err) {
				pr_err("registering %s failed: %d\n", drv->alg.base.cra_driver_name,
				       err);
				return err;
			}
			hwc_note_registered(&drv->alg.base);
			hwc_aead_ndrvs = ++n;
		}
		tier++;
	}
	return 0;
}

void hwc_aead_unregister_all(void)
{
	while (hwc_aead_ndrvs)
		crypto_unregister_aead(&hwc_aead_drvs[--hwc_aead_ndrvs].alg);
	kfree(hwc_aead_drvs);
	hwc_aead_drvs = NULL;
}

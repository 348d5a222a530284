// SPDX-License-Identifier: GPL-2.0
/*
 * Drives kmod/glue_aes.c (built for the host over kshim/glue) as the crypto API would: the
 * driver's alg filled by the algorithm's own fill(), a tfm with its context and the request
 * size init() asks for, setkey, and per request the scatterlists and the encrypt/decrypt call.
 * Built with the module's flags, as the glue.
 */
#include <stdlib.h>
#include <string.h>
#include "kshim_glue.h"
#include "hwc_glue.h"
#include "glue_req.h"
#include "kasm.h"

struct glue_req {
	struct hwc_drv drv;
	struct hwc_stat stat;
	bool aead;
	struct crypto_skcipher *stfm;
	struct skcipher_request *sreq;
	struct crypto_aead *atfm;
	struct aead_request areq;
	struct scatterlist src, dst;
};

static void *zalloc64(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);

	if (p)
		memset(p, 0, n);
	return p;
}

struct glue_req *glue_req_new(const char *cra_name, const struct hwc_aes_impl *impl)
{
	const struct hwc_alg *alg = NULL;
	struct glue_req *g;
	unsigned int i;

	for (i = 0; i < hwc_aes_nalgs; i++)
		if (!strcmp(hwc_aes_algs[i].cra_name, cra_name))
			alg = &hwc_aes_algs[i];
	g = alg ? zalloc64(sizeof(*g)) : NULL;
	if (!g)
		return NULL;
	g->drv.desc = alg;
	g->drv.stat = &g->stat;
	/* The tier as the registry sets it; the portable core is a tier of its own here. */
	g->drv.tier = (struct hwc_tier){ impl->impl, impl->features, impl };
	alg->fill(&g->drv);
	g->aead = alg->type == HWC_AEAD;
	if (g->aead) {
		g->atfm = zalloc64(sizeof(*g->atfm) + g->drv.alg.aead.base.cra_ctxsize);
		if (!g->atfm)
			return NULL;
		g->atfm->alg = &g->drv.alg.aead;
		g->atfm->authsize = 16;
		aead_request_set_tfm(&g->areq, g->atfm);
		return g;
	}
	g->stfm = zalloc64(sizeof(*g->stfm) + g->drv.alg.skcipher.base.cra_ctxsize);
	if (!g->stfm)
		return NULL;
	g->stfm->alg = &g->drv.alg.skcipher;
	if (g->drv.alg.skcipher.init && g->drv.alg.skcipher.init(g->stfm))
		return NULL;
	g->sreq = zalloc64(sizeof(*g->sreq) + g->stfm->reqsize);
	if (!g->sreq)
		return NULL;
	skcipher_request_set_tfm(g->sreq, g->stfm);
	return g;
}

/* The tfm's exit (which wipes its key), then the memory. */
void glue_req_free(struct glue_req *g)
{
	if (g->aead) {
		if (g->drv.alg.aead.exit)
			g->drv.alg.aead.exit(g->atfm);
		free(g->atfm);
	} else {
		if (g->drv.alg.skcipher.exit)
			g->drv.alg.skcipher.exit(g->stfm);
		free(g->stfm);
		free(g->sreq);
	}
	free(g);
}

int glue_req_setkey(struct glue_req *g, const hwc_u8 *key, unsigned int keylen)
{
	int err;

	if (!g->aead)
		return g->drv.alg.skcipher.setkey(g->stfm, key, keylen);
	err = g->drv.alg.aead.setkey(g->atfm, key, keylen);
	return err ? err : g->drv.alg.aead.setauthsize(g->atfm, 16);
}

int glue_req_crypt(struct glue_req *g, int enc, hwc_u8 *dst, const hwc_u8 *src,
		   unsigned int len, hwc_u8 *iv)
{
	if (!g->aead) {
		sg_init_one(&g->src, src, len);
		sg_init_one(&g->dst, dst, len);
		skcipher_request_set_crypt(g->sreq, &g->src, &g->dst, len, iv);
		return enc ? g->drv.alg.skcipher.encrypt(g->sreq) :
			     g->drv.alg.skcipher.decrypt(g->sreq);
	}
	sg_init_one(&g->src, src, len + (enc ? 0 : 16));
	sg_init_one(&g->dst, dst, len + (enc ? 16 : 0));
	aead_request_set_ad(&g->areq, 0);
	aead_request_set_crypt(&g->areq, &g->src, &g->dst, len + (enc ? 0 : 16), iv);
	return enc ? g->drv.alg.aead.encrypt(&g->areq) : g->drv.alg.aead.decrypt(&g->areq);
}

/*
 * The kernel side's request, built per call exactly as glue_req_crypt() builds hwcrypt's: the
 * same two one-entry scatterlists (struct kasm_sg has the shim's layout) and request fields, and
 * the mode's entry point called through its pointer. Only the glue each side runs differs.
 */
struct kasm_reqs {
	struct kasm_req req;
	struct kasm_sg src, dst;
	const struct kasm_alg *alg;
	int aead;
};

struct kasm_reqs *kasm_req_new(const struct kasm_alg *alg, int aead, void *ctx)
{
	struct kasm_reqs *k = zalloc64(sizeof(*k));

	if (k) {
		k->alg = alg;
		k->aead = aead;
		k->req.ctx = ctx;
	}
	return k;
}

int kasm_req_crypt(struct kasm_reqs *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		   unsigned int len, hwc_u8 *iv)
{
	if (!k->aead) {
		k->src = (struct kasm_sg){ (hwc_u8 *)src, len, 0 };
		k->dst = (struct kasm_sg){ dst, len, 0 };
		k->req.src = &k->src;
		k->req.dst = &k->dst;
		k->req.cryptlen = len;
		k->req.iv = iv;
		return enc ? k->alg->encrypt(&k->req) : k->alg->decrypt(&k->req);
	}
	k->src = (struct kasm_sg){ (hwc_u8 *)src, len + (enc ? 0 : 16), 0 };
	k->dst = (struct kasm_sg){ dst, len + (enc ? 16 : 0), 0 };
	k->req.assoclen = 0;
	k->req.src = &k->src;
	k->req.dst = &k->dst;
	k->req.cryptlen = len + (enc ? 0 : 16);
	k->req.iv = iv;
	return enc ? k->alg->encrypt(&k->req) : k->alg->decrypt(&k->req);
}

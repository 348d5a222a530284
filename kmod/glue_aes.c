// SPDX-License-Identifier: GPL-2.0
/*
 * AES on this arch's AES tiers: skcipher ecb, cbc, ctr, xts, cts(cbc); aead gcm and
 * rfc4106(gcm) (IPsec ESP). A mode is one row of hwc_aes_algs: names, sizes, and its request
 * function on top of the shared walk (skcipher) or text loop (aead) below.
 */
#include <linux/highmem.h>
#include <linux/kernel.h>
#include <linux/scatterlist.h>
#include <linux/string.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/scatterwalk.h>
#include <crypto/xts.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include "hwc_aes.h"
#include "hwc_glue.h"

/*
 * Bytes per SIMD section. kernel_fpu_begin() holds off preemption and softirqs; a walk step is
 * at most a page already, this also bounds linear buffers handed over whole.
 */
#define HWC_AES_SIMD_MAX	4096
/*
 * An XTS request in one scatterlist entry each way, up to this length, is one SIMD section and
 * one call of the tier, its tweak included. Linux's x86 XTS glue takes such a request whole,
 * whatever its length (xts_crypt() in aesni-intel_glue.c), so cutting it into 4 KiB sections
 * adds a call's fill and drain per 4 KiB that the driver it displaces does not pay (on Zen 5
 * the zmm core ran 16 KiB 11-15% faster as one call than as four). The bound keeps a kernel
 * user's linear buffer from holding off preemption for long (64 KiB at 1 GB/s is 64 us).
 */
#define HWC_XTS_LINEAR_MAX	65536

#define HWC_GCM_IV		12
#define HWC_RFC4106_IV		8
#define HWC_RFC4106_SALT	4
/* AAD bytes copied out of the scatterlist per GHASH call. */
#define HWC_AAD_CHUNK		256

/*
 * The tier to run now: @impl inside a SIMD section, or the portable core where SIMD is not
 * usable. Both read the same key layout, so the choice can change between any two calls of a
 * request. Every caller is a request's path.
 */
static const struct hwc_aes_impl *hwc_aes_enter(const struct hwc_aes_impl *impl)
{
	return hwc_simd_enter_request() ? impl : &hwc_aes_generic;
}

static void hwc_aes_leave(const struct hwc_aes_impl *run)
{
	hwc_simd_leave(run != &hwc_aes_generic);
}

/* ---- skcipher ---- */

/* tfm context: k2 is the XTS tweak key. */
struct hwc_skcipher_ctx {
	struct hwc_aes_key k1, k2;
};

/*
 * One piece of a message on tier @run: whole blocks, except a final partial block in modes
 * whose blocksize is 1. @chain: IV, counter or encrypted tweak, updated for the next piece.
 * Each mode's request functions below pass theirs as a constant, and everything between them
 * and the tier's core is inlined into them: the mode and the direction are fixed when the
 * driver is registered, so no request pays for choosing them (the tier's core is the one
 * indirect call, as the portable core may stand in for it in any section).
 */
typedef void hwc_aes_piece_fn(const struct hwc_aes_impl *run, const struct hwc_skcipher_ctx *ctx,
			      bool enc, u8 *dst, const u8 *src, unsigned int len, u8 *chain);

/* The last 17..32 bytes of a head-and-tail mode (XTS, CTS), on a stack buffer. */
typedef void hwc_aes_tail_fn(const struct hwc_aes_impl *run, const struct hwc_skcipher_ctx *ctx,
			     bool enc, u8 *buf, unsigned int len, u8 *chain, u8 *iv);

/* An skcipher mode: its request functions and sizes. */
struct hwc_skcipher_mode {
	int (*encrypt)(struct skcipher_request *req);
	int (*decrypt)(struct skcipher_request *req);
	unsigned int keys;	/* AES keys in the key: 2 for XTS */
	unsigned int ivsize;
	unsigned int blocksize;	/* cra_blocksize: 1 for stream modes */
};

static const struct hwc_skcipher_mode *hwc_skcipher_mode(const struct hwc_drv *drv)
{
	return drv->desc->data;
}

static const struct hwc_drv *hwc_skcipher_drv(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_alg(tfm), struct hwc_drv, alg.skcipher);
}

/*
 * The bytes of the next SIMD section of @len: at most HWC_AES_SIMD_MAX, whole blocks where
 * more follows, and never fewer than a block left behind (an XTS message that ends on a
 * partial block steals from the whole block before it, in the same call).
 */
static __always_inline unsigned int hwc_aes_section(unsigned int len)
{
	unsigned int n = min_t(unsigned int, len, HWC_AES_SIMD_MAX);

	if (n < len) {
		n &= ~(AES_BLOCK_SIZE - 1);
		if (len - n < AES_BLOCK_SIZE)
			n -= AES_BLOCK_SIZE;
	}
	return n;
}

/* A run of SIMD sections (hwc_aes_section()). */
static __always_inline void hwc_skcipher_run(const struct hwc_drv *drv,
					     const struct hwc_skcipher_ctx *ctx, bool enc,
					     u8 *dst, const u8 *src, unsigned int len, u8 *chain,
					     hwc_aes_piece_fn *piece)
{
	while (len) {
		unsigned int n = hwc_aes_section(len);
		const struct hwc_aes_impl *run;

		run = hwc_aes_enter(drv->tier.ops);
		piece(run, ctx, enc, dst, src, n, chain);
		hwc_aes_leave(run);
		dst += n;
		src += n;
		len -= n;
	}
}

/*
 * Whether @len bytes from the start of @sg lie in its first entry, and so in one run of the
 * direct map (sg_virt()): every page is mapped there where there is no highmem. The linear
 * paths below then need no walk.
 */
static __always_inline bool hwc_sg_linear(struct scatterlist *sg, unsigned int len)
{
	return !IS_ENABLED(CONFIG_HIGHMEM) && sg->length >= len;
}

/*
 * After writing @len bytes at the start of a linear @sg, what the walk does for the pages it
 * wrote: flush_dcache_page() of each (POWER keeps the instruction cache coherent through it).
 * Empty, and the loop compiled away, where the caches need nothing (x86).
 */
static __always_inline void hwc_sg_flush_written(struct scatterlist *sg, unsigned int len)
{
	struct page *page = sg_page(sg) + sg->offset / PAGE_SIZE;
	unsigned int i, n = DIV_ROUND_UP(sg->offset % PAGE_SIZE + len, PAGE_SIZE);

	for (i = 0; i < n; i++)
		flush_dcache_page(page + i);
}

/*
 * Walks @req through @piece. @chain is the IV (the walk's copy, written back to req->iv by the
 * walk) when NULL, else the mode's own chaining value. Every step but the last is cut to whole
 * blocks (@stream: the last may end on a partial one); the walk hands the remainder back in
 * the next step.
 */
static __always_inline int hwc_skcipher_walk(const struct hwc_drv *drv,
					     struct skcipher_request *req, bool enc, u8 *chain,
					     bool stream, hwc_aes_piece_fn *piece)
{
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_walk walk;
	unsigned int nbytes;
	int err;

	/*
	 * Text in one scatterlist entry each way (AF_ALG's pages, a kernel user's buffer): no
	 * walk, and the chaining value updated in req->iv itself, where the walk would leave it.
	 */
	if (req->cryptlen && hwc_sg_linear(req->src, req->cryptlen) &&
	    hwc_sg_linear(req->dst, req->cryptlen)) {
		hwc_skcipher_run(drv, ctx, enc, sg_virt(req->dst), sg_virt(req->src),
				 req->cryptlen, chain ? chain : req->iv, piece);
		hwc_sg_flush_written(req->dst, req->cryptlen);
		return 0;
	}
	err = skcipher_walk_virt(&walk, req, false);
	while ((nbytes = walk.nbytes) != 0) {
		if (nbytes < walk.total || !stream)
			nbytes &= ~(AES_BLOCK_SIZE - 1);
		hwc_skcipher_run(drv, ctx, enc, walk.dst.virt.addr, walk.src.virt.addr, nbytes,
				 chain ? chain : walk.iv, piece);
		err = skcipher_walk_done(&walk, walk.nbytes - nbytes);
	}
	return err;
}

/*
 * Modes that end on a block and a partial one processed together (XTS, CTS), wherever the
 * scatterlists cut them: the first @head bytes go through a subrequest walk (in the request
 * context, so no allocation), the rest (17..32 bytes) through @tail on a stack buffer.
 */
static __always_inline int hwc_skcipher_head_tail(const struct hwc_drv *drv,
						  struct skcipher_request *req, bool enc,
						  u8 *chain, unsigned int head,
						  hwc_aes_piece_fn *piece, hwc_aes_tail_fn *tail)
{
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_request *subreq = skcipher_request_ctx(req);
	unsigned int len = req->cryptlen - head;
	const struct hwc_aes_impl *run;
	u8 buf[2 * AES_BLOCK_SIZE];
	int err;

	if (head) {
		skcipher_request_set_tfm(subreq, crypto_skcipher_reqtfm(req));
		skcipher_request_set_callback(subreq, req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP,
					      NULL, NULL);
		skcipher_request_set_crypt(subreq, req->src, req->dst, head, req->iv);
		err = hwc_skcipher_walk(drv, subreq, enc, chain, false, piece);
		if (err)
			return err;
	}
	scatterwalk_map_and_copy(buf, req->src, head, len, 0);
	run = hwc_aes_enter(drv->tier.ops);
	tail(run, ctx, enc, buf, len, chain, req->iv);
	hwc_aes_leave(run);
	scatterwalk_map_and_copy(buf, req->dst, head, len, 1);
	memzero_explicit(buf, sizeof(buf));
	return 0;
}

static __always_inline void hwc_ecb_piece(const struct hwc_aes_impl *run,
					  const struct hwc_skcipher_ctx *ctx, bool enc, u8 *dst,
					  const u8 *src, unsigned int len, u8 *chain)
{
	(enc ? run->ecb_enc : run->ecb_dec)(&ctx->k1, dst, src, len / AES_BLOCK_SIZE);
}

static __always_inline void hwc_cbc_piece(const struct hwc_aes_impl *run,
					  const struct hwc_skcipher_ctx *ctx, bool enc, u8 *dst,
					  const u8 *src, unsigned int len, u8 *chain)
{
	(enc ? run->cbc_enc : run->cbc_dec)(&ctx->k1, dst, src, len / AES_BLOCK_SIZE, chain);
}

static __always_inline void hwc_ctr_piece(const struct hwc_aes_impl *run,
					  const struct hwc_skcipher_ctx *ctx, bool enc, u8 *dst,
					  const u8 *src, unsigned int len, u8 *chain)
{
	run->ctr(&ctx->k1, dst, src, len, chain);
}

static __always_inline void hwc_xts_piece(const struct hwc_aes_impl *run,
					  const struct hwc_skcipher_ctx *ctx, bool enc, u8 *dst,
					  const u8 *src, unsigned int len, u8 *chain)
{
	(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, dst, src, len, chain);
}

/*
 * A mode's general walk out of line, one function per direction: what hwc_skcipher_lean()
 * leaves to it.
 */
#define HWC_WALK_ANY(mode, stream)							\
static noinline int hwc_##mode##_walk_any_enc(const struct hwc_drv *drv,		\
					      struct skcipher_request *req)		\
{											\
	return hwc_skcipher_walk(drv, req, true, NULL, stream, hwc_##mode##_piece);	\
}											\
static noinline int hwc_##mode##_walk_any_dec(const struct hwc_drv *drv,		\
					      struct skcipher_request *req)		\
{											\
	return hwc_skcipher_walk(drv, req, false, NULL, stream, hwc_##mode##_piece);	\
}
HWC_WALK_ANY(ecb, false)
HWC_WALK_ANY(cbc, false)
HWC_WALK_ANY(ctr, true)
#undef HWC_WALK_ANY

/*
 * One SIMD section of text in one scatterlist entry each way (AF_ALG's pages, a kernel user's
 * buffer up to 4 KiB) on a path of its own, with none of the walk's frame; everything else
 * through the mode's general walk (@any_enc, @any_dec), out of line. The chaining value is
 * req->iv, where the walk would leave it.
 */
static __always_inline int hwc_skcipher_lean(const struct hwc_drv *drv,
					     struct skcipher_request *req, bool enc,
					     hwc_aes_piece_fn *piece,
					     int (*any_enc)(const struct hwc_drv *drv,
							    struct skcipher_request *req),
					     int (*any_dec)(const struct hwc_drv *drv,
							    struct skcipher_request *req))
{
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	unsigned int len = req->cryptlen;
	const struct hwc_aes_impl *run;

	if (!len || len > HWC_AES_SIMD_MAX || !hwc_sg_linear(req->src, len) ||
	    !hwc_sg_linear(req->dst, len))
		return enc ? any_enc(drv, req) : any_dec(drv, req);
	run = hwc_aes_enter(drv->tier.ops);
	piece(run, ctx, enc, sg_virt(req->dst), sg_virt(req->src), len, req->iv);
	hwc_aes_leave(run);
	hwc_sg_flush_written(req->dst, len);
	return 0;
}

/* Each mode's request as it runs in-core: @enc is a constant in every caller. */
static __always_inline int hwc_ecb_crypt(const struct hwc_drv *drv, struct skcipher_request *req,
					 bool enc)
{
	if (req->cryptlen % AES_BLOCK_SIZE)
		return -EINVAL;
	return hwc_skcipher_lean(drv, req, enc, hwc_ecb_piece, hwc_ecb_walk_any_enc,
				 hwc_ecb_walk_any_dec);
}

static __always_inline int hwc_cbc_crypt(const struct hwc_drv *drv, struct skcipher_request *req,
					 bool enc)
{
	if (req->cryptlen % AES_BLOCK_SIZE)
		return -EINVAL;
	return hwc_skcipher_lean(drv, req, enc, hwc_cbc_piece, hwc_cbc_walk_any_enc,
				 hwc_cbc_walk_any_dec);
}

static __always_inline int hwc_ctr_crypt(const struct hwc_drv *drv, struct skcipher_request *req,
					 bool enc)
{
	return hwc_skcipher_lean(drv, req, enc, hwc_ctr_piece, hwc_ctr_walk_any_enc,
				 hwc_ctr_walk_any_dec);
}

static __always_inline void hwc_xts_tail(const struct hwc_aes_impl *run,
					 const struct hwc_skcipher_ctx *ctx, bool enc, u8 *buf,
					 unsigned int len, u8 *chain, u8 *iv)
{
	(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, buf, buf, len, chain);
}

/* An XTS request in general: any length, sections and scatterlists. */
static __always_inline int hwc_xts_crypt_any(const struct hwc_drv *drv,
					     struct skcipher_request *req, bool enc)
{
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	unsigned int len = req->cryptlen;
	const struct hwc_aes_impl *run;
	u8 tweak[AES_BLOCK_SIZE];
	int err = 0;

	/* T = E_K2(IV), chained through the whole request; req->iv stays as it was. */
	run = hwc_aes_enter(drv->tier.ops);
	run->ecb_enc(&ctx->k2, tweak, req->iv, 1);
	/*
	 * Text in one scatterlist entry each way, as dm-crypt's sectors come: no walk, and the
	 * first section is the tweak's.
	 */
	if (hwc_sg_linear(req->src, len) && hwc_sg_linear(req->dst, len)) {
		const u8 *src = sg_virt(req->src);
		u8 *dst = sg_virt(req->dst);
		unsigned int n = hwc_aes_section(len);

		hwc_xts_piece(run, ctx, enc, dst, src, n, tweak);
		hwc_aes_leave(run);
		hwc_skcipher_run(drv, ctx, enc, dst + n, src + n, len - n, tweak, hwc_xts_piece);
		hwc_sg_flush_written(req->dst, len);
	} else {
		hwc_aes_leave(run);
		if (len % AES_BLOCK_SIZE)
			err = hwc_skcipher_head_tail(drv, req, enc, tweak,
						     (len / AES_BLOCK_SIZE - 1) * AES_BLOCK_SIZE,
						     hwc_xts_piece, hwc_xts_tail);
		else
			err = hwc_skcipher_walk(drv, req, enc, tweak, false, hwc_xts_piece);
	}
	memzero_explicit(tweak, sizeof(tweak));
	return err;
}

static noinline int hwc_xts_crypt_any_enc(const struct hwc_drv *drv, struct skcipher_request *req)
{
	return hwc_xts_crypt_any(drv, req, true);
}

static noinline int hwc_xts_crypt_any_dec(const struct hwc_drv *drv, struct skcipher_request *req)
{
	return hwc_xts_crypt_any(drv, req, false);
}

/*
 * Text in one scatterlist entry each way (dm-crypt's sectors), up to HWC_XTS_LINEAR_MAX, takes
 * a path of its own, one SIMD section with none of the general one's frame; everything else
 * goes out of line.
 */
static __always_inline int hwc_xts_crypt(const struct hwc_drv *drv, struct skcipher_request *req,
					 bool enc)
{
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	unsigned int len = req->cryptlen;
	const struct hwc_aes_impl *run;
	u8 tweak[AES_BLOCK_SIZE];

	if (len < AES_BLOCK_SIZE)
		return -EINVAL;
	if (len > HWC_XTS_LINEAR_MAX || !hwc_sg_linear(req->src, len) ||
	    !hwc_sg_linear(req->dst, len))
		return enc ? hwc_xts_crypt_any_enc(drv, req) : hwc_xts_crypt_any_dec(drv, req);
	run = hwc_aes_enter(drv->tier.ops);
	if (run->xts_enc_iv) {
		(enc ? run->xts_enc_iv : run->xts_dec_iv)(&ctx->k1, &ctx->k2, sg_virt(req->dst),
							  sg_virt(req->src), len, req->iv, tweak);
	} else {
		run->ecb_enc(&ctx->k2, tweak, req->iv, 1);
		hwc_xts_piece(run, ctx, enc, sg_virt(req->dst), sg_virt(req->src), len, tweak);
	}
	hwc_aes_leave(run);
	hwc_sg_flush_written(req->dst, len);
	memzero_explicit(tweak, sizeof(tweak));
	return 0;
}

static __always_inline void hwc_cts_tail(const struct hwc_aes_impl *run,
					 const struct hwc_skcipher_ctx *ctx, bool enc, u8 *buf,
					 unsigned int len, u8 *chain, u8 *iv)
{
	(enc ? hwc_cts_enc_tail : hwc_cts_dec_tail)(run, &ctx->k1, buf, buf, len, iv);
}

/* cts(cbc(aes)): the head through CBC, chained through the walk's IV (req->iv at its end). */
static __always_inline int hwc_cts_crypt(const struct hwc_drv *drv, struct skcipher_request *req,
					 bool enc)
{
	unsigned int len = req->cryptlen;

	if (len < AES_BLOCK_SIZE)
		return -EINVAL;
	if (len == AES_BLOCK_SIZE)
		return hwc_skcipher_walk(drv, req, enc, NULL, false, hwc_cbc_piece);
	return hwc_skcipher_head_tail(drv, req, enc, NULL,
				      (len - 1) / AES_BLOCK_SIZE * AES_BLOCK_SIZE - AES_BLOCK_SIZE,
				      hwc_cbc_piece, hwc_cts_tail);
}

static int hwc_skcipher_setkey(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen)
{
	struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(tfm);
	int err;

	if (hwc_skcipher_mode(hwc_skcipher_drv(tfm))->keys == 1)
		return hwc_aes_expand_key(&ctx->k1, key, keylen) ? -EINVAL : 0;
	err = xts_verify_key(tfm, key, keylen);
	if (err)
		return err;
	if (hwc_aes_expand_key(&ctx->k1, key, keylen / 2) ||
	    hwc_aes_expand_key(&ctx->k2, key + keylen / 2, keylen / 2))
		return -EINVAL;
	return 0;
}

typedef int hwc_skcipher_crypt_fn(const struct hwc_drv *drv, struct skcipher_request *req,
				  bool enc);

/*
 * An offload engine may take a prefix of the request (hwc_arch_skcipher_offload()); whatever
 * it leaves, from its first unprocessed byte and with the chaining value it left in req->iv,
 * runs in-core on a subrequest, so an engine's failure is never the caller's.
 */
static __always_inline int hwc_skcipher_crypt(struct skcipher_request *req, bool enc,
					      hwc_skcipher_crypt_fn *crypt)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	const struct hwc_drv *drv = hwc_skcipher_drv(tfm);
	const struct hwc_skcipher_ctx *ctx = crypto_skcipher_ctx(tfm);
	struct skcipher_request *subreq = skcipher_request_ctx(req), *r = req;
	struct scatterlist sg_src[2], sg_dst[2], *src, *dst;
	unsigned int done;
	bool tried;
	int err = 0;

	done = hwc_arch_skcipher_offload(drv, &ctx->k1, req, enc, &tried);
	if (done && done < req->cryptlen) {
		src = scatterwalk_ffwd(sg_src, req->src, done);
		dst = req->dst == req->src ? src : scatterwalk_ffwd(sg_dst, req->dst, done);
		skcipher_request_set_tfm(subreq, tfm);
		skcipher_request_set_callback(subreq, req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP,
					      NULL, NULL);
		skcipher_request_set_crypt(subreq, src, dst, req->cryptlen - done, req->iv);
		r = subreq;
	}
	/* Not after an engine that took it all; an empty request still meets the mode's rules. */
	if (!done || done < req->cryptlen)
		err = crypt(drv, r, enc);
	if (!err) {
		hwc_count(drv, 1, req->cryptlen);
		hwc_count_offload(drv, tried, done, req->cryptlen);
	}
	return err;
}

/*
 * A mode's encrypt and decrypt for its @type (skcipher, aead): the whole request path of the
 * mode, hwc_<type>_crypt() over hwc_<mode>_crypt(), inlined with the direction a constant.
 */
#define HWC_REQ(type, mode)								\
static int hwc_##type##_##mode##_encrypt(struct type##_request *req)			\
{											\
	return hwc_##type##_crypt(req, true, hwc_##mode##_crypt);			\
}											\
static int hwc_##type##_##mode##_decrypt(struct type##_request *req)			\
{											\
	return hwc_##type##_crypt(req, false, hwc_##mode##_crypt);			\
}
#define HWC_SKCIPHER_REQ(mode)	HWC_REQ(skcipher, mode)
HWC_SKCIPHER_REQ(ecb)
HWC_SKCIPHER_REQ(cbc)
HWC_SKCIPHER_REQ(ctr)
HWC_SKCIPHER_REQ(xts)
HWC_SKCIPHER_REQ(cts)

/* Every mode's request context holds a subrequest: for its own framing, or an offload's rest. */
static int hwc_skcipher_init_tfm(struct crypto_skcipher *tfm)
{
	crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request));
	return 0;
}

static void hwc_skcipher_exit_tfm(struct crypto_skcipher *tfm)
{
	memzero_explicit(crypto_skcipher_ctx(tfm), sizeof(struct hwc_skcipher_ctx));
}

static void hwc_skcipher_fill(struct hwc_drv *drv)
{
	const struct hwc_skcipher_mode *mode = hwc_skcipher_mode(drv);
	struct skcipher_alg *alg = &drv->alg.skcipher;

	alg->setkey = hwc_skcipher_setkey;
	alg->encrypt = mode->encrypt;
	alg->decrypt = mode->decrypt;
	alg->init = hwc_skcipher_init_tfm;
	alg->exit = hwc_skcipher_exit_tfm;
	alg->min_keysize = mode->keys * AES_MIN_KEY_SIZE;
	alg->max_keysize = mode->keys * AES_MAX_KEY_SIZE;
	alg->ivsize = mode->ivsize;
	alg->chunksize = AES_BLOCK_SIZE;
	alg->base.cra_blocksize = mode->blocksize;
	alg->base.cra_ctxsize = sizeof(struct hwc_skcipher_ctx);
}

/* ---- aead ---- */

struct hwc_aead_ctx {
	struct hwc_gcm_key key;
	u8 salt[HWC_RFC4106_SALT];
};

/* An aead mode: its key and tag rules and its request functions. */
struct hwc_aead_mode {
	int (*setkey)(struct hwc_aead_ctx *ctx, const u8 *key, unsigned int keylen);
	int (*setauthsize)(unsigned int authsize);
	int (*encrypt)(struct aead_request *req);
	int (*decrypt)(struct aead_request *req);
	unsigned int ivsize;
};

static const struct hwc_aead_mode *hwc_aead_mode(const struct hwc_drv *drv)
{
	return drv->desc->data;
}

static const struct hwc_drv *hwc_aead_drv(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_alg(tfm), struct hwc_drv, alg.aead);
}

static int hwc_gcm_mode_setkey(struct hwc_aead_ctx *ctx, const u8 *key, unsigned int keylen)
{
	return hwc_gcm_setkey(&ctx->key, key, keylen) ? -EINVAL : 0;
}

/* The last 4 key bytes are the salt, the implicit part of the nonce. */
static int hwc_rfc4106_mode_setkey(struct hwc_aead_ctx *ctx, const u8 *key, unsigned int keylen)
{
	if (keylen < HWC_RFC4106_SALT)
		return -EINVAL;
	keylen -= HWC_RFC4106_SALT;
	memcpy(ctx->salt, key + keylen, HWC_RFC4106_SALT);
	return hwc_gcm_mode_setkey(ctx, key, keylen);
}

/* SP 800-38D 5.2.1.2: 128, 120, 112, 104, 96 bits, and 64 or 32 for some uses */
static int hwc_gcm_setauthsize(unsigned int authsize)
{
	return authsize == 4 || authsize == 8 || (authsize >= 12 && authsize <= 16) ? 0 : -EINVAL;
}

/* RFC 4106 section 3: 8, 12 or 16 octets */
static int hwc_rfc4106_setauthsize(unsigned int authsize)
{
	return authsize == 8 || authsize == 12 || authsize == 16 ? 0 : -EINVAL;
}

/*
 * @len bytes of a GCM message's text in SIMD sections; the tag too when this is the message's
 * @last piece (with its last section: one reduction fewer).
 */
static __always_inline void hwc_gcm_sections(const struct hwc_aes_impl *impl,
					     const struct hwc_aead_ctx *ctx,
					     struct hwc_gcm_ctx *gc, u8 *dst, const u8 *src,
					     unsigned int len, bool last, bool enc, u8 tag[16],
					     bool *tagged)
{
	const struct hwc_aes_impl *run;
	unsigned int off, n;

	for (off = 0; off < len; off += n) {
		n = min_t(unsigned int, len - off, HWC_AES_SIMD_MAX);
		run = hwc_aes_enter(impl);
		if (last && off + n == len) {
			(enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)
				(run, &ctx->key, gc, dst + off, src + off, n, tag);
			*tagged = true;
		} else {
			(enc ? hwc_gcm_encrypt : hwc_gcm_decrypt)(run, &ctx->key, gc, dst + off,
								  src + off, n);
		}
		hwc_aes_leave(run);
	}
}

/*
 * The text of a GCM message on @walkreq (the request itself, or a subrequest over the text an
 * offload engine left), into @gc; the tag too when the message's last piece comes by.
 */
static __always_inline int hwc_gcm_text(const struct hwc_aes_impl *impl,
					const struct hwc_aead_ctx *ctx, struct hwc_gcm_ctx *gc,
					struct aead_request *walkreq, bool walk_dec, bool enc,
					u8 tag[16], bool *tagged)
{
	struct skcipher_walk walk;
	unsigned int nbytes;
	int err;

	err = walk_dec ? skcipher_walk_aead_decrypt(&walk, walkreq, false) :
			 skcipher_walk_aead_encrypt(&walk, walkreq, false);
	while ((nbytes = walk.nbytes) != 0) {
		bool last = nbytes == walk.total;

		if (!last)
			nbytes &= ~(AES_BLOCK_SIZE - 1);
		hwc_gcm_sections(impl, ctx, gc, walk.dst.virt.addr, walk.src.virt.addr, nbytes,
				 last, enc, tag, tagged);
		err = skcipher_walk_done(&walk, walk.nbytes - nbytes);
	}
	return err;
}

/*
 * GCM with the 96-bit @iv over @aadlen bytes of AAD at the start of req->src and the text
 * after req->assoclen bytes. Decryption runs the fused CTR+GHASH pass straight into dst, then
 * compares tags in constant time; on a mismatch the plaintext written is zeroed before -EBADMSG
 * is returned, and so is the text written before any other error, so no unauthenticated
 * plaintext is ever left in dst. (One pass instead of a
 * GHASH pass followed by a CTR pass: IPsec decrypts at the speed of encryption.)
 * An offload engine may take the AAD and a prefix of the text first
 * (hwc_arch_gcm_offload()); the rest continues in-core from the state it leaves.
 */
static __always_inline int hwc_gcm_run(const struct hwc_drv *drv, struct aead_request *req,
				       bool enc, const u8 iv[HWC_GCM_IV], unsigned int aadlen)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct hwc_aead_ctx *ctx = crypto_aead_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int textlen = req->cryptlen, off, nbytes;
	const struct hwc_aes_impl *impl = drv->tier.ops, *run;
	struct scatterlist sg_src[2], sg_dst[2];
	struct aead_request subreq;
	struct hwc_gcm_ctx gc;
	u8 tag[16], want[16];
	u8 buf[HWC_AAD_CHUNK];
	bool tagged = false, tried;
	long done;
	int err;

	if (!enc) {
		if (textlen < authsize)
			return -EINVAL;
		textlen -= authsize;
	}

	hwc_gcm_start(impl, &ctx->key, &gc, iv);
	done = hwc_arch_gcm_offload(drv, &ctx->key, &gc, req, enc, aadlen, textlen, tag, &tagged,
				    &tried);
	hwc_count_offload(drv, tried, done < 0 ? 0 : aadlen + done, aadlen + textlen);
	if (done < 0 && hwc_sg_linear(req->src, req->assoclen + textlen) &&
	    hwc_sg_linear(req->dst, req->assoclen + textlen)) {
		/* AAD and text in one scatterlist entry each way: no walk, the AAD hashed in place. */
		const u8 *src = sg_virt(req->src);
		u8 *dst = sg_virt(req->dst);

		for (off = 0; off < aadlen; off += nbytes) {
			nbytes = min_t(unsigned int, aadlen - off, HWC_AES_SIMD_MAX);
			run = hwc_aes_enter(impl);
			hwc_gcm_aad(run, &ctx->key, &gc, src + off, nbytes);
			hwc_aes_leave(run);
		}
		hwc_gcm_sections(impl, ctx, &gc, dst + req->assoclen, src + req->assoclen,
				 textlen, true, enc, tag, &tagged);
		hwc_sg_flush_written(req->dst, req->assoclen + textlen);
		err = 0;
	} else if (done < 0) {
		for (off = 0; off < aadlen; off += nbytes) {
			nbytes = min_t(unsigned int, aadlen - off, sizeof(buf));
			scatterwalk_map_and_copy(buf, req->src, off, nbytes, 0);
			run = hwc_aes_enter(impl);
			hwc_gcm_aad(run, &ctx->key, &gc, buf, nbytes);
			hwc_aes_leave(run);
		}
		err = hwc_gcm_text(impl, ctx, &gc, req, !enc, enc, tag, &tagged);
	} else if (done < textlen) {
		/* the rest of the text, after the engine's part: a subrequest of no AAD over it */
		struct scatterlist *src = scatterwalk_ffwd(sg_src, req->src, req->assoclen + done);

		aead_request_set_tfm(&subreq, tfm);
		subreq.base.flags = req->base.flags;
		aead_request_set_ad(&subreq, 0);
		aead_request_set_crypt(&subreq, src, req->dst == req->src ? src :
				       scatterwalk_ffwd(sg_dst, req->dst, req->assoclen + done),
				       textlen - done, NULL);
		err = hwc_gcm_text(impl, ctx, &gc, &subreq, false, enc, tag, &tagged);
	} else {
		err = 0;
	}
	if (err) {
		/*
		 * A walk that failed partway (no memory for a bounce buffer) has written text it
		 * never authenticated: decryption's plaintext must not stay behind, whatever the
		 * caller does with an error, and encryption's partial output is not kept either.
		 */
		sg_zero_buffer(req->dst, sg_nents(req->dst), textlen, req->assoclen);
		goto out;
	}

	if (!tagged) {
		run = hwc_aes_enter(impl);
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
	/*
	 * The GHASH state and a computed tag would help a forger; buf held only AAD, which
	 * travels in the clear, and a 256-byte wipe per request (a rep stosq here) costs small
	 * requests a sixth of their time.
	 */
	hwc_wipe_words(&gc, sizeof(gc));
	memzero_explicit(tag, sizeof(tag));
	return err;
}

static __always_inline int hwc_gcm_crypt(const struct hwc_drv *drv, struct aead_request *req,
					 bool enc)
{
	return hwc_gcm_run(drv, req, enc, req->iv, req->assoclen);
}

/* The 8-byte explicit IV ends the AAD area (ESP: SPI, seq[, ESN high], IV). */
static __always_inline int hwc_rfc4106_crypt(const struct hwc_drv *drv,
					     struct aead_request *req, bool enc)
{
	const struct hwc_aead_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	u8 iv[HWC_GCM_IV];

	if (req->assoclen != 16 && req->assoclen != 20)
		return -EINVAL;
	memcpy(iv, ctx->salt, HWC_RFC4106_SALT);
	memcpy(iv + HWC_RFC4106_SALT, req->iv, HWC_RFC4106_IV);
	return hwc_gcm_run(drv, req, enc, iv, req->assoclen - HWC_RFC4106_IV);
}

static int hwc_aead_setkey(struct crypto_aead *tfm, const u8 *key, unsigned int keylen)
{
	return hwc_aead_mode(hwc_aead_drv(tfm))->setkey(crypto_aead_ctx(tfm), key, keylen);
}

static int hwc_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return hwc_aead_mode(hwc_aead_drv(tfm))->setauthsize(authsize);
}

typedef int hwc_aead_crypt_fn(const struct hwc_drv *drv, struct aead_request *req, bool enc);

static __always_inline int hwc_aead_crypt(struct aead_request *req, bool enc,
					  hwc_aead_crypt_fn *crypt)
{
	const struct hwc_drv *drv = hwc_aead_drv(crypto_aead_reqtfm(req));
	int err = crypt(drv, req, enc);

	/* A forgery refused is a request served too. */
	if (!err || err == -EBADMSG)
		hwc_count(drv, 1, (u64)req->assoclen + req->cryptlen);
	return err;
}

/* As the skcipher modes'. */
#define HWC_AEAD_REQ(mode)	HWC_REQ(aead, mode)
HWC_AEAD_REQ(gcm)
HWC_AEAD_REQ(rfc4106)

static void hwc_aead_exit_tfm(struct crypto_aead *tfm)
{
	memzero_explicit(crypto_aead_ctx(tfm), sizeof(struct hwc_aead_ctx));
}

static void hwc_aead_fill(struct hwc_drv *drv)
{
	struct aead_alg *alg = &drv->alg.aead;

	alg->setkey = hwc_aead_setkey;
	alg->setauthsize = hwc_aead_setauthsize;
	alg->encrypt = hwc_aead_mode(drv)->encrypt;
	alg->decrypt = hwc_aead_mode(drv)->decrypt;
	alg->exit = hwc_aead_exit_tfm;
	alg->ivsize = hwc_aead_mode(drv)->ivsize;
	alg->maxauthsize = 16;
	alg->chunksize = AES_BLOCK_SIZE;
	alg->base.cra_blocksize = 1;
	alg->base.cra_ctxsize = sizeof(struct hwc_aead_ctx);
}

/* ---- the table ---- */

/* Whether @impl serves @alg: all modes, or those of its list (hwc_aes_impl.modes). */
static bool hwc_aes_impl_serves(const struct hwc_alg *alg, const struct hwc_aes_impl *impl)
{
	const char *const *m;

	if (!impl->modes)
		return true;
	for (m = impl->modes; *m; m++)
		if (!strcmp(*m, alg->cra_name))
			return true;
	return false;
}

/* skcipher modes need a tier's @features; GHASH-based aead modes also its aead_features. */
static bool hwc_aes_tier(const struct hwc_alg *alg, unsigned int i, struct hwc_tier *t)
{
	const struct hwc_aes_impl *impl;

	if (i >= hwc_aes_nimpls)
		return false;
	impl = &hwc_aes_impls[i];
	*t = (struct hwc_tier){ impl->impl, impl->features,
				hwc_aes_impl_serves(alg, impl) ? impl : NULL };
	if (alg->type == HWC_AEAD)
		t->features |= impl->aead_features;
	return true;
}

/*
 * Key sizes timed by priority=auto: AES-128 and AES-256, both (a driver serves every key size,
 * and one may be faster than its peer at one size and slower at the other: hwcrypt's zmm GCM
 * on Intel family 6 model 167 at AES-128 and AES-256). @extra: key bytes beyond the AES keys.
 */
#define HWC_BENCH_KEYS(keys_, extra)							\
	.bench_keylen = { (keys_) * AES_MIN_KEY_SIZE + (extra),			\
			  (keys_) * AES_MAX_KEY_SIZE + (extra) },			\
	.bench_keybits = { 8 * AES_MIN_KEY_SIZE, 8 * AES_MAX_KEY_SIZE }

#define HWC_SKCIPHER(name, drv, mode, keys_, iv, bs) {					\
	.cra_name = name, .driver = drv, .type = HWC_SKCIPHER, .class = HWC_CLASS_AES,	\
	.tier = hwc_aes_tier, .fill = hwc_skcipher_fill,				\
	.data = &(const struct hwc_skcipher_mode){					\
		hwc_skcipher_##mode##_encrypt, hwc_skcipher_##mode##_decrypt,		\
		keys_, iv, bs },							\
	HWC_BENCH_KEYS(keys_, 0),							\
}

#define HWC_AEAD(name, drv, mode, iv, keyextra, assoclen) {				\
	.cra_name = name, .driver = drv, .type = HWC_AEAD, .class = HWC_CLASS_AES,	\
	.tier = hwc_aes_tier, .fill = hwc_aead_fill,					\
	.data = &(const struct hwc_aead_mode){						\
		hwc_##mode##_mode_setkey, hwc_##mode##_setauthsize,			\
		hwc_aead_##mode##_encrypt, hwc_aead_##mode##_decrypt, iv },		\
	HWC_BENCH_KEYS(1, keyextra), .bench_assoclen = assoclen,			\
}

const struct hwc_alg hwc_aes_algs[] = {
	HWC_SKCIPHER("ecb(aes)", "ecb-aes", ecb, 1, 0, AES_BLOCK_SIZE),
	HWC_SKCIPHER("cbc(aes)", "cbc-aes", cbc, 1, AES_BLOCK_SIZE, AES_BLOCK_SIZE),
	HWC_SKCIPHER("ctr(aes)", "ctr-aes", ctr, 1, AES_BLOCK_SIZE, 1),
	HWC_SKCIPHER("xts(aes)", "xts-aes", xts, 2, AES_BLOCK_SIZE, AES_BLOCK_SIZE),
	HWC_SKCIPHER("cts(cbc(aes))", "cts-cbc-aes", cts, 1, AES_BLOCK_SIZE, AES_BLOCK_SIZE),
	/* IPsec's associated data: 8 bytes SPI and sequence number (+ 8 of IV for rfc4106). */
	HWC_AEAD("gcm(aes)", "gcm-aes", gcm, HWC_GCM_IV, 0, 8),
	HWC_AEAD("rfc4106(gcm(aes))", "rfc4106-gcm-aes", rfc4106, HWC_RFC4106_IV,
		 HWC_RFC4106_SALT, 16),
};
const unsigned int hwc_aes_nalgs = ARRAY_SIZE(hwc_aes_algs);

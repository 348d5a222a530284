/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel API that kmod/glue_aes.c uses, for the bench's host build of that very file
 * (selftests/Makefile: build/bench/glue_aes.o), so that hwcrypt's side of `make bench` runs the
 * module's own request code: its walk loops, SIMD sections, XTS tweak section, GCM wipes and
 * indirect calls. Only what one request over a single-entry scatterlist needs, written from the
 * kernel's documented interfaces:
 *
 * - scatterlists have one entry (sg_init_one()); the skcipher walk hands out steps that end
 *   where src or dst crosses a page, as skcipher_walk_virt() maps one page at a time; bounce
 *   buffers (misaligned partial blocks across pages) are not needed by the bench's buffers and
 *   are refused (walk.nbytes 0, -EINVAL).
 * - crypto_simd_usable(), kernel_fpu_begin() and kernel_fpu_end() are out-of-line calls that
 *   do nothing (kshim_glue.c), the same stand-ins as the kernel side's (kernel/kglue.c): each
 *   side pays for the sections its glue opens, neither for their work. The glue is built with
 *   the compat layer as for Linux 7.2 (selftests/Makefile), where its requests do not call
 *   crypto_simd_usable(), as 7.2's own do not.
 * - per-CPU counters are plain counters.
 */
#ifndef HWC_KSHIM_GLUE_H
#define HWC_KSHIM_GLUE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#define EINVAL		22
#define EBADMSG		74
#define PAGE_SIZE	4096UL
#define noinline	__attribute__((__noinline__))

#define __percpu
#define this_cpu_add(var, n)	((var) += (n))
#define this_cpu_inc(var)	((var)++)

/* No kernel configuration on the host (CONFIG_HIGHMEM among the options: 64-bit). */
#define IS_ENABLED(option)	0

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define container_of(p, type, member) \
	((type *)((char *)(p) - offsetof(type, member)))
#define min_t(type, a, b)	((type)(a) < (type)(b) ? (type)(a) : (type)(b))

static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

#define AES_BLOCK_SIZE		16
#define AES_MIN_KEY_SIZE	16
#define AES_MAX_KEY_SIZE	32

/* ---- scatterlists: one entry each ---- */

struct scatterlist {
	u8 *addr;
	unsigned int length;
	unsigned int offset;	/* 0: addr is the entry's start */
};

/* Pages only as flush_dcache_page() sees them: nothing to flush on the host. */
struct page {
	char unused;
};

static inline struct page *sg_page(struct scatterlist *sg)
{
	static struct page page;

	(void)sg;
	return &page;
}

static inline void flush_dcache_page(struct page *page)
{
	(void)page;
}

static inline void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int len)
{
	sg->addr = (u8 *)buf;
	sg->length = len;
	sg->offset = 0;
}

static inline void *sg_virt(struct scatterlist *sg)
{
	return sg->addr;
}

static inline int sg_nents(struct scatterlist *sg)
{
	(void)sg;
	return 1;
}

static inline void sg_zero_buffer(struct scatterlist *sg, unsigned int nents, size_t len,
				  long skip)
{
	(void)nents;
	memset(sg->addr + skip, 0, len);
}

static inline void scatterwalk_map_and_copy(void *buf, struct scatterlist *sg,
					    unsigned int start, unsigned int n, int out)
{
	if (out)
		memcpy(sg->addr + start, buf, n);
	else
		memcpy(buf, sg->addr + start, n);
}

static inline struct scatterlist *scatterwalk_ffwd(struct scatterlist dst[2],
						   struct scatterlist *src, unsigned int len)
{
	dst[0].addr = src->addr + len;
	dst[0].length = src->length - len;
	dst[0].offset = 0;
	return dst;
}

/* ---- transforms and requests ---- */

#define CRYPTO_TFM_REQ_MAY_SLEEP	0x200

struct crypto_alg {
	unsigned int cra_blocksize;
	unsigned int cra_ctxsize;
	const char *cra_name;
	const char *cra_driver_name;
	int cra_priority;
};

struct crypto_async_request {
	u32 flags;
};

struct crypto_skcipher;
struct skcipher_request;

struct skcipher_alg {
	int (*setkey)(struct crypto_skcipher *tfm, const u8 *key, unsigned int keylen);
	int (*encrypt)(struct skcipher_request *req);
	int (*decrypt)(struct skcipher_request *req);
	int (*init)(struct crypto_skcipher *tfm);
	void (*exit)(struct crypto_skcipher *tfm);
	unsigned int min_keysize, max_keysize, ivsize, chunksize;
	struct crypto_alg base;
};

/*
 * The tfm: its algorithm, the request context size, and the context where Linux puts it: the
 * crypto API allocates a tfm with kmalloc (64-byte aligned, or more, at these sizes) and its
 * context follows struct crypto_tfm inside struct crypto_skcipher, 40 bytes in on x86-64 (7.2),
 * aligned to CRYPTO_MINALIGN (8) only. Allocated 64-byte aligned, as the bench does.
 */
#define KSHIM_CTX_OFFSET	40
struct crypto_skcipher {
	struct skcipher_alg *alg;
	unsigned int reqsize;
	u8 pad_[KSHIM_CTX_OFFSET - sizeof(void *) - sizeof(unsigned int)];
	u8 ctx[] __attribute__((aligned(8)));
};

struct skcipher_request {
	unsigned int cryptlen;
	u8 *iv;
	struct scatterlist *src, *dst;
	struct crypto_async_request base;
	struct crypto_skcipher *tfm;
	u8 __ctx[] __attribute__((aligned(64)));
};

static inline void *crypto_skcipher_ctx(struct crypto_skcipher *tfm)
{
	return tfm->ctx;
}

static inline struct crypto_skcipher *crypto_skcipher_reqtfm(struct skcipher_request *req)
{
	return req->tfm;
}

static inline struct skcipher_alg *crypto_skcipher_alg(struct crypto_skcipher *tfm)
{
	return tfm->alg;
}

static inline void crypto_skcipher_set_reqsize(struct crypto_skcipher *tfm, unsigned int n)
{
	tfm->reqsize = n;
}

static inline void *skcipher_request_ctx(struct skcipher_request *req)
{
	return req->__ctx;
}

static inline void skcipher_request_set_tfm(struct skcipher_request *req,
					    struct crypto_skcipher *tfm)
{
	req->tfm = tfm;
}

static inline void skcipher_request_set_callback(struct skcipher_request *req, u32 flags,
						 void *compl, void *data)
{
	(void)compl;
	(void)data;
	req->base.flags = flags;
}

static inline void skcipher_request_set_crypt(struct skcipher_request *req,
					      struct scatterlist *src, struct scatterlist *dst,
					      unsigned int cryptlen, void *iv)
{
	req->src = src;
	req->dst = dst;
	req->cryptlen = cryptlen;
	req->iv = iv;
}

static inline int xts_verify_key(struct crypto_skcipher *tfm, const u8 *key, unsigned int len)
{
	(void)tfm;
	(void)key;
	return len % 2 ? -EINVAL : 0;
}

struct crypto_aead;
struct aead_request;

struct aead_alg {
	int (*setkey)(struct crypto_aead *tfm, const u8 *key, unsigned int keylen);
	int (*setauthsize)(struct crypto_aead *tfm, unsigned int authsize);
	int (*encrypt)(struct aead_request *req);
	int (*decrypt)(struct aead_request *req);
	int (*init)(struct crypto_aead *tfm);
	void (*exit)(struct crypto_aead *tfm);
	unsigned int ivsize, maxauthsize, chunksize;
	struct crypto_alg base;
};

/* The context 40 bytes in, as struct crypto_skcipher's. */
struct crypto_aead {
	struct aead_alg *alg;
	unsigned int authsize;
	u8 pad_[KSHIM_CTX_OFFSET - sizeof(void *) - sizeof(unsigned int)];
	u8 ctx[] __attribute__((aligned(8)));
};

struct aead_request {
	unsigned int assoclen, cryptlen;
	u8 *iv;
	struct scatterlist *src, *dst;
	struct crypto_async_request base;
	struct crypto_aead *tfm;
};

static inline struct crypto_aead *crypto_aead_reqtfm(struct aead_request *req)
{
	return req->tfm;
}

static inline void *crypto_aead_ctx(struct crypto_aead *tfm)
{
	return tfm->ctx;
}

static inline unsigned int crypto_aead_authsize(struct crypto_aead *tfm)
{
	return tfm->authsize;
}

static inline struct aead_alg *crypto_aead_alg(struct crypto_aead *tfm)
{
	return tfm->alg;
}

static inline void aead_request_set_tfm(struct aead_request *req, struct crypto_aead *tfm)
{
	req->tfm = tfm;
}

static inline void aead_request_set_ad(struct aead_request *req, unsigned int assoclen)
{
	req->assoclen = assoclen;
}

static inline void aead_request_set_crypt(struct aead_request *req, struct scatterlist *src,
					  struct scatterlist *dst, unsigned int cryptlen, u8 *iv)
{
	req->src = src;
	req->dst = dst;
	req->cryptlen = cryptlen;
	req->iv = iv;
}

int crypto_memneq(const void *a, const void *b, size_t n);

/* ---- the skcipher walk over one-entry scatterlists (kshim_glue.c) ---- */

struct skcipher_walk {
	union {
		struct {
			void *addr;
		} virt;
	} src, dst;
	unsigned int nbytes, total;
	u8 *iv;
	/* where the walk stands: the next step starts this far into src and dst */
	u8 *in, *out;
};

int skcipher_walk_virt(struct skcipher_walk *walk, struct skcipher_request *req, bool atomic);
int skcipher_walk_aead_encrypt(struct skcipher_walk *walk, struct aead_request *req,
			       bool atomic);
int skcipher_walk_aead_decrypt(struct skcipher_walk *walk, struct aead_request *req,
			       bool atomic);
int skcipher_walk_done(struct skcipher_walk *walk, int left);

/* ---- the other algorithm types hwc_glue.h names (not used by glue_aes.c) ---- */

struct shash_alg {
	struct crypto_alg base;
};

struct akcipher_alg {
	struct crypto_alg base;
};

struct kobject;

/* ---- SIMD sections (kshim_glue.c: out-of-line, no work) ---- */

bool crypto_simd_usable(void);
void kernel_fpu_begin(void);
void kernel_fpu_end(void);

#endif

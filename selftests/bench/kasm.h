/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bench's third column: Linux 7.2's own x86 crypto assembly, assembled at bench time from
 * the cached linux-source-7.2 (kernel.mk) into build/kernel/libkasm.so with kernel/kglue.c,
 * which calls it as the kernel's glue does for one linear buffer. The benchmarks dlopen() it
 * (bench_kasm() in bench_util.c), so they build and run without it ("kernel: n/a").
 */
#ifndef HWC_BENCH_KASM_H
#define HWC_BENCH_KASM_H

#include <stddef.h>

#define KASM_ABI	4
/* Bytes of the opaque key context a caller provides, 64-byte aligned. */
#define KASM_CTX_SIZE	2048

enum { KASM_SHA1, KASM_SHA256, KASM_SHA512, KASM_NHASH };
/* gen_crypt's modes. */
enum { KASM_CTR, KASM_XTS, KASM_CBC, KASM_ECB };

/*
 * A request as a driver receives it, in the layout of the hwcrypt side's kernel shim
 * (kshim/glue/kshim_glue.h): one scatterlist entry each way. The bench builds one per call on
 * both sides (glue_req.c), so neither side's glue is handed bare pointers the other has to read
 * out of a request.
 */
struct kasm_sg {
	unsigned char *addr;
	unsigned int length;
	unsigned int offset;
};

struct kasm_req {
	unsigned int assoclen;		/* aead: 0 */
	unsigned int cryptlen;		/* aead decryption: text and tag */
	unsigned char *iv;		/* ctr, cbc: advanced; xts: as it came */
	struct kasm_sg *src, *dst;
	void *ctx;			/* the tfm's context (KASM_CTX_SIZE bytes) */
};

struct kasm_alg {
	int (*encrypt)(struct kasm_req *req);
	int (*decrypt)(struct kasm_req *req);
};

struct kasm_api {
	unsigned int abi;
	/* The driver Linux 7.2 registers highest on this CPU ("vaes-avx2", ...), NULL: none. */
	const char *aes_tier;
	/* Key setup as the glue's setkey does it; 0, or -1 for a length the tier lacks. */
	int (*xts_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	int (*ctr_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	int (*gcm_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	/*
	 * Each mode's driver entry points, as the crypto API calls them: one request (struct
	 * kasm_req) that the glue reads as 7.2's does. ecb(aes), cbc(aes): the AES-NI asm
	 * (aesni-intel_asm.S) whatever the tier, 7.2 having no VAES code for them (key by
	 * ctr_setkey). gcm: no associated data, 96-bit IV, 16-byte tag after the text (decrypt: -1
	 * for a tag refused).
	 */
	struct kasm_alg ctr, xts, ecb, cbc, gcm;
	/* lib/crypto's sha1()/sha256()/sha512() on the block function 7.2 picks here. */
	const char *sha_tier[KASM_NHASH];
	void (*sha_digest[KASM_NHASH])(const unsigned char *data, size_t len, unsigned char *out);
	/*
	 * lib/crypto/aes.c's portable C (what 7.2's aes-lib runs without usable AES instructions)
	 * in its templates' mode loops (kernel/kaeslib.c), on every CPU: the generic rows' kernel
	 * column. Key as the mode's setkey (XTS: both keys); @iv as req->iv.
	 */
	int (*gen_setkey)(void *ctx, int mode, const unsigned char *key, unsigned int keylen);
	void (*gen_crypt)(const void *ctx, int mode, int enc, unsigned char *dst,
			  const unsigned char *src, unsigned int len, unsigned char iv[16]);
};

/* The library's one export: tiers chosen for @hwc_features (HWC_F_*) and this CPU's model. */
const struct kasm_api *kasm_get(unsigned int hwc_features);

#endif

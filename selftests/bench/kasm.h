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

#define KASM_ABI	3
/* Bytes of the opaque key context a caller provides, 64-byte aligned. */
#define KASM_CTX_SIZE	2048

enum { KASM_SHA1, KASM_SHA256, KASM_SHA512, KASM_NHASH };
/* gen_crypt's modes. */
enum { KASM_CTR, KASM_XTS, KASM_CBC, KASM_ECB };

struct kasm_api {
	unsigned int abi;
	/* The driver Linux 7.2 registers highest on this CPU ("vaes-avx2", ...), NULL: none. */
	const char *aes_tier;
	/* Key setup as the glue's setkey does it; 0, or -1 for a length the tier lacks. */
	int (*xts_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	int (*ctr_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	int (*gcm_setkey)(void *ctx, const unsigned char *key, unsigned int keylen);
	/* One request: @iv is req->iv (XTS encrypts it in place, CTR advances it). */
	void (*xts_enc)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len, unsigned char iv[16]);
	void (*xts_dec)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len, unsigned char iv[16]);
	void (*ctr)(const void *ctx, unsigned char *dst, const unsigned char *src,
		    unsigned int len, unsigned char iv[16]);
	/*
	 * ecb(aes), cbc(aes) on the AES-NI asm (aesni-intel_asm.S), whatever the tier: 7.2 has no
	 * VAES code for them. Key by ctr_setkey; @len a multiple of 16; cbc advances @iv.
	 */
	void (*ecb_enc)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len);
	void (*ecb_dec)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len);
	void (*cbc_enc)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len, unsigned char iv[16]);
	void (*cbc_dec)(const void *ctx, unsigned char *dst, const unsigned char *src,
			unsigned int len, unsigned char iv[16]);
	/* gcm(aes), no associated data, 96-bit IV, 16-byte tag; dec returns 0 iff the tag holds. */
	void (*gcm_enc)(const void *ctx, const unsigned char iv[12], unsigned char *dst,
			const unsigned char *src, unsigned int len, unsigned char tag[16]);
	int (*gcm_dec)(const void *ctx, const unsigned char iv[12], unsigned char *dst,
		       const unsigned char *src, unsigned int len, const unsigned char tag[16]);
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

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bench's hwcrypt side through kmod/glue_aes.c itself (glue_req.c): one driver per
 * algorithm and tier as the registry fills it, its tfm, and one request per call, the way the
 * crypto API calls the module (through the algorithm's encrypt/decrypt pointers).
 */
#ifndef HWC_BENCH_GLUE_REQ_H
#define HWC_BENCH_GLUE_REQ_H

#include "hwc_aes.h"

struct glue_req;

/* A driver of glue_aes.c's @cra_name on tier @impl (hwc_aes_generic too), NULL if none. */
struct glue_req *glue_req_new(const char *cra_name, const struct hwc_aes_impl *impl);
void glue_req_free(struct glue_req *g);
/* The algorithm's setkey (gcm: and a 16-byte tag); 0 or a negative errno. */
int glue_req_setkey(struct glue_req *g, const hwc_u8 *key, unsigned int keylen);
/*
 * One request of @len bytes of text, src and dst one linear buffer each; @iv is req->iv (the
 * glue may change it). gcm: no AAD, encryption writes the tag at dst + len, decryption reads it
 * at src + len. 0, or the glue's negative errno (-EBADMSG for a tag refused).
 */
int glue_req_crypt(struct glue_req *g, int enc, hwc_u8 *dst, const hwc_u8 *src,
		   unsigned int len, hwc_u8 *iv);

struct kasm_alg;
struct kasm_reqs;

/* The same for the kernel side (kasm.h): a request per call on @alg's entry points, tfm context @ctx. */
struct kasm_reqs *kasm_req_new(const struct kasm_alg *alg, int aead, void *ctx);
int kasm_req_crypt(struct kasm_reqs *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		   unsigned int len, hwc_u8 *iv);

#endif

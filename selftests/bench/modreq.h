/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bench's hwcrypt side as the module runs a request (modreq.c): kmod/glue_aes.c's
 * per-request sequence for one linear buffer, built with the module's flags.
 */
#ifndef HWC_BENCH_MODREQ_H
#define HWC_BENCH_MODREQ_H

#include "hwc_aes.h"

/* The skcipher tfm context, as glue_aes.c's struct hwc_skcipher_ctx: k2 is XTS's tweak key. */
struct modreq_ctx {
	struct hwc_aes_key k1, k2;
};

enum { MODREQ_ECB, MODREQ_CBC, MODREQ_CTR, MODREQ_XTS };

/* One skcipher request on tier @tier: 0, or -22 (EINVAL) for a length the mode refuses. */
int modreq_skcipher(const struct hwc_aes_impl *tier, unsigned int mode, int enc,
		    const struct modreq_ctx *ctx, hwc_u8 *dst, const hwc_u8 *src,
		    unsigned int len, hwc_u8 iv[16]);
/*
 * One gcm(aes) request without associated data, 16-byte tag: @tag is written (enc) or checked
 * (dec: 0, or -74 (EBADMSG) with the plaintext zeroed, as the glue does).
 */
int modreq_gcm(const struct hwc_aes_impl *tier, int enc, const struct hwc_gcm_key *key,
	       const hwc_u8 iv[12], hwc_u8 *dst, const hwc_u8 *src, unsigned int len,
	       hwc_u8 tag[16]);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Optional arch hooks, with their no-op defaults. An arch that has one declares it in its
 * hwc_arch.h followed by "#define hwc_arch_unregister hwc_arch_unregister" (as lib/crypto marks
 * its optional arch functions), then includes this header last.
 *
 * hwc_arch_unregister(): undoes whatever hwc_arch_features() set up (an engine found there);
 * called first when the module unloads, and when its init fails after the features.
 *
 * Offload engines (e.g. POWER NX), which the glue asks first and finishes after in-core:
 * hwc_arch_hash_offload(info, tier, state, data, nblocks, tried): compresses a prefix of the
 * @nblocks whole blocks of @data into @state (the cores' host-endian words) off the CPU and
 * returns how many blocks it did; *@tried says whether it tried at all (the glue counts the
 * request as offloaded, fallen back, or in-core).
 * hwc_arch_skcipher_offload(drv, key, req, enc, tried): processes a prefix of @req (whole
 * blocks, or all of it) off the CPU and returns its length in bytes, req->iv holding the
 * chaining value for the rest; the glue runs the rest in-core. It never fails a request.
 * hwc_arch_gcm_offload(drv, key, gc, req, enc, aadlen, textlen, tag, tagged, tried): GCM's
 * AAD (@aadlen bytes at the start of req->src) and a prefix of its @textlen bytes of text off
 * the CPU, from @gc as hwc_gcm_start() left it. Returns -1 when it did nothing (@gc
 * untouched), else the text bytes done (whole blocks, or all) with @gc updated as the in-core
 * code would have left it, and, when it did all of it, the full tag in @tag and *@tagged.
 */
#ifndef HWC_ARCH_HOOKS_H
#define HWC_ARCH_HOOKS_H

#ifndef hwc_arch_unregister
static inline void hwc_arch_unregister(void)
{
}
#endif

#ifndef hwc_arch_hash_offload
struct hwc_hash_info;
struct hwc_tier;
static inline size_t hwc_arch_hash_offload(const struct hwc_hash_info *info,
					   const struct hwc_tier *tier, void *state,
					   const u8 *data, size_t nblocks, bool *tried)
{
	*tried = false;
	return 0;
}
#endif

#ifndef hwc_arch_skcipher_offload
struct hwc_drv;
struct hwc_aes_key;
struct skcipher_request;
static inline unsigned int hwc_arch_skcipher_offload(const struct hwc_drv *drv,
						     const struct hwc_aes_key *k,
						     struct skcipher_request *req, bool enc,
						     bool *tried)
{
	*tried = false;
	return 0;
}
#endif

#ifndef hwc_arch_gcm_offload
struct hwc_gcm_key;
struct hwc_gcm_ctx;
struct aead_request;
static inline long hwc_arch_gcm_offload(const struct hwc_drv *drv, const struct hwc_gcm_key *k,
					struct hwc_gcm_ctx *gc, struct aead_request *req, bool enc,
					unsigned int aadlen, unsigned int textlen, u8 tag[16],
					bool *tagged, bool *tried)
{
	*tried = false;
	return -1;
}
#endif

#endif /* HWC_ARCH_HOOKS_H */

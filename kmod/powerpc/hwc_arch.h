/* SPDX-License-Identifier: GPL-2.0 */
/* POWER side of the glue: when vector code may run, and how a vector section is entered and left. */
#ifndef HWC_ARCH_H
#define HWC_ARCH_H

#include <linux/preempt.h>
#include <linux/uaccess.h>
#include <asm/switch_to.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>

#define HWC_ARCH_NAME "powerpc"

/*
 * The in-tree vmx drivers (p8_aes_*) register AES at 2000 and POWER10's GCM at 2100: AES
 * drivers go to priority= plus 1700 (2200 by default) to rank above both.
 */
#define HWC_ARCH_AES_PRIORITY_OFFSET	1700

/*
 * The cores are little-endian only and need the kernel to manage VSX state: on a big-endian or
 * non-VSX kernel they are not called at all (cpu.c reports no features), and nothing here may
 * reference enable_kernel_vsx(), which such kernels do not have.
 */
#if defined(CONFIG_VSX) && defined(CONFIG_CPU_LITTLE_ENDIAN)
#define HWC_PPC_VEC 1
#else
#define HWC_PPC_VEC 0
#endif

static inline bool hwc_simd_usable(void)
{
	return HWC_PPC_VEC && crypto_simd_usable();
}

/* The same in a skcipher or aead request: this arch has no cheaper answer there. */
static inline bool hwc_simd_usable_in_request(void)
{
	return hwc_simd_usable();
}

/*
 * enable_kernel_vsx() hands the vector registers to the kernel until disable_kernel_vsx(); a
 * fault or a preemption in between would let another user see or clobber them.
 */
static inline void hwc_simd_begin(void)
{
#if HWC_PPC_VEC
	preempt_disable();
	pagefault_disable();
	enable_kernel_vsx();
#endif
}

static inline void hwc_simd_end(void)
{
#if HWC_PPC_VEC
	disable_kernel_vsx();
	pagefault_enable();
	preempt_enable();
#endif
}

/* HWC_F_* bits (hwc_arch_cores.h) of this CPU, read once at load (cpu.c). */
unsigned int hwc_arch_features(void);

/*
 * The NX coprocessor (nx.c): hwc_nx_init() finds it for hwc_arch_features() (HWC_F_NX); the
 * offload hooks route large requests of the in-core drivers to it and are the whole of the
 * "nx" tier's drivers; hwc_arch_unregister() lets it go.
 */
struct hwc_hash_info;
struct hwc_tier;
struct hwc_drv;
struct hwc_aes_key;
struct skcipher_request;
bool hwc_nx_init(void);
size_t hwc_arch_hash_offload(const struct hwc_hash_info *info, const struct hwc_tier *tier,
			     void *state, const u8 *data, size_t nblocks, bool *tried);
#define hwc_arch_hash_offload hwc_arch_hash_offload
unsigned int hwc_arch_skcipher_offload(const struct hwc_drv *drv, const struct hwc_aes_key *k,
				       struct skcipher_request *req, bool enc, bool *tried);
#define hwc_arch_skcipher_offload hwc_arch_skcipher_offload
struct hwc_gcm_key;
struct hwc_gcm_ctx;
struct aead_request;
long hwc_arch_gcm_offload(const struct hwc_drv *drv, const struct hwc_gcm_key *k,
			  struct hwc_gcm_ctx *gc, struct aead_request *req, bool enc,
			  unsigned int aadlen, unsigned int textlen, u8 tag[16], bool *tagged,
			  bool *tried);
#define hwc_arch_gcm_offload hwc_arch_gcm_offload
void hwc_arch_unregister(void);
#define hwc_arch_unregister hwc_arch_unregister

#include "hwc_arch_hooks.h"

#endif /* HWC_ARCH_H */

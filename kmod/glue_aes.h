/* SPDX-License-Identifier: GPL-2.0 */
/* What the AES skcipher and aead glue share: SIMD sections around the cores, and priorities. */
#ifndef HWC_GLUE_AES_H
#define HWC_GLUE_AES_H

#include "hwc_aes.h"
#include "hwc_arch.h"

/*
 * In-tree AES drivers reach 800 on 6.12 and 7.2 (VAES-AVX-512), so AES drivers register at
 * priority= plus this offset (900 by default); each faster tier adds 1. An arch whose in-tree
 * drivers rank higher sets its own offset in hwc_arch.h.
 */
#ifdef HWC_ARCH_AES_PRIORITY_OFFSET
#define HWC_AES_PRIORITY_OFFSET	HWC_ARCH_AES_PRIORITY_OFFSET
#else
#define HWC_AES_PRIORITY_OFFSET	400
#endif

/*
 * Bytes per SIMD section. kernel_fpu_begin() holds off preemption and softirqs; a walk step is
 * at most a page already, this also bounds linear buffers handed over whole.
 */
#define HWC_AES_SIMD_MAX	4096

/*
 * The tier to run now: @impl inside a SIMD section, or the portable core where SIMD is not
 * usable (hard interrupt, or a softirq that interrupted a kernel FPU user). Both read the same
 * key layout, so the choice can change between any two calls of a request.
 */
static inline const struct hwc_aes_impl *hwc_aes_enter(const struct hwc_aes_impl *impl)
{
	if (!hwc_simd_usable())
		return &hwc_aes_generic;
	hwc_simd_begin();
	return impl;
}

static inline void hwc_aes_leave(const struct hwc_aes_impl *run)
{
	if (run != &hwc_aes_generic)
		hwc_simd_end();
}

#endif /* HWC_GLUE_AES_H */

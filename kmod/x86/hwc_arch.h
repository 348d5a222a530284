/* SPDX-License-Identifier: GPL-2.0 */
/* x86 side of the glue: when SIMD may run, and how a SIMD section is entered and left. */
#ifndef HWC_ARCH_H
#define HWC_ARCH_H

#include <asm/fpu/api.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>

#define HWC_ARCH_NAME "x86"

static inline bool hwc_simd_usable(void)
{
	return crypto_simd_usable();
}

static inline void hwc_simd_begin(void)
{
	kernel_fpu_begin();
}

static inline void hwc_simd_end(void)
{
	kernel_fpu_end();
}

unsigned int hwc_arch_features(void);

#endif /* HWC_ARCH_H */

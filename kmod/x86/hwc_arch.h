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

/* The same in a skcipher or aead request (never hard interrupt context). */
static inline bool hwc_simd_usable_in_request(void)
{
	return hwc_compat_x86_request_simd_usable();
}

static inline void hwc_simd_begin(void)
{
	kernel_fpu_begin();
}

static inline void hwc_simd_end(void)
{
	kernel_fpu_end();
}

/* HWC_F_* bits (hwc_arch_cores.h) of this CPU, read once at load (cpu.c). */
unsigned int hwc_arch_features(void);

/* No hwc_arch_unregister() of its own: the default. */
#include "hwc_arch_hooks.h"

#endif /* HWC_ARCH_H */

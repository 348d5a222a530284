/* SPDX-License-Identifier: GPL-2.0 */
/* SPARC side of the glue: when the FPU-register opcodes may run, and how a section is entered. */
#ifndef HWC_ARCH_H
#define HWC_ARCH_H

#include <linux/types.h>

#define HWC_ARCH_NAME "sparc64"

/*
 * No tier uses the FPU registers yet, so there is nothing to enter: the glue only ever takes
 * the portable path. The T4 tiers (AES, SHA, MONTMUL on %f registers) will need the kernel's
 * FPU save around them here, as the in-tree sparc64 crypto code does.
 */
static inline bool hwc_simd_usable(void)
{
	return false;
}

static inline void hwc_simd_begin(void)
{
}

static inline void hwc_simd_end(void)
{
}

/* HWC_F_* bits (hwc_arch_cores.h) of this CPU, read once at load (cpu.c). */
unsigned int hwc_arch_features(void);

/* No hwc_arch_register()/hwc_arch_unregister() of its own: the defaults. */
#include "hwc_arch_hooks.h"

#endif /* HWC_ARCH_H */

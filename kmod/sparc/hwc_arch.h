/* SPDX-License-Identifier: GPL-2.0 */
/* SPARC side of the glue: when the FPU-register opcodes may run, and how a section is entered. */
#ifndef HWC_ARCH_H
#define HWC_ARCH_H

#include <linux/preempt.h>
#include <linux/types.h>
#include <asm/fpumacro.h>
#include <asm/pstate.h>
#include <linux/preempt.h>
#include <asm/visasm.h>

#define HWC_ARCH_NAME "sparc64"

/*
 * The T4 tiers keep their state and data in the FP registers, which belong to whatever the
 * kernel interrupted. The sparc64 kernel lets any context use them after saving the owner's
 * FP state (VISenter: what the in-tree VISEntry does, and what save_and_clear_fpu() calls) and
 * setting FPRS.FEF; afterwards FPRS is cleared (fprs_write(0), as the in-tree glue does), so
 * the owner's next FP use traps and restores its state. Preemption stays off in between: the
 * glue bounds each section (32 blocks).
 */
/*
 * Not in interrupt context: save_and_clear_fpu() saves into the current thread's area, which a
 * section of that thread may be using when the interrupt arrives. There the glue's portable
 * fallback runs.
 */
static inline bool hwc_simd_usable(void)
{
	return !in_interrupt();
}

/* The same in a skcipher or aead request: this arch has no cheaper answer there. */
static inline bool hwc_simd_usable_in_request(void)
{
	return hwc_simd_usable();
}

static inline void hwc_simd_begin(void)
{
	preempt_disable();
	save_and_clear_fpu();
	fprs_write(FPRS_FEF);
}

static inline void hwc_simd_end(void)
{
	fprs_write(0);
	preempt_enable();
}

/* HWC_F_* bits (hwc_arch_cores.h) of this CPU, read once at load (cpu.c). */
unsigned int hwc_arch_features(void);

/* No hwc_arch_unregister() of its own: the default. */
#include "hwc_arch_hooks.h"

#endif /* HWC_ARCH_H */

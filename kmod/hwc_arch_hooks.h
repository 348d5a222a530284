/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Optional arch hooks, with their no-op defaults. An arch that has one declares it in its
 * hwc_arch.h followed by "#define hwc_arch_register hwc_arch_register" (as lib/crypto marks
 * its optional arch functions), then includes this header last.
 *
 * hwc_arch_register(): registers what is not a CPU tier of the implementation tables (an
 * offload engine such as POWER NX); called by the registry after the tables' drivers, with
 * hwc_cpu_features known. 0 or a negative errno; on failure it leaves nothing registered.
 * hwc_arch_unregister(): undoes it; called first when the module unwinds or unloads.
 */
#ifndef HWC_ARCH_HOOKS_H
#define HWC_ARCH_HOOKS_H

#ifndef hwc_arch_register
static inline int hwc_arch_register(void)
{
	return 0;
}
#endif

#ifndef hwc_arch_unregister
static inline void hwc_arch_unregister(void)
{
}
#endif

#endif /* HWC_ARCH_HOOKS_H */

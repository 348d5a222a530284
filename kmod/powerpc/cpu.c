// SPDX-License-Identifier: GPL-2.0
/* POWER CPU features, read once at load from the kernel's CPU feature table. */
#include <linux/cpufeature.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <asm/cputable.h>
#include <asm/cpu_has_feature.h>
#include "hwc_arch_cores.h"
#include "hwc_arch.h"

/*
 * Autoload: udev loads hwcrypt on a CPU with the vector crypto facility (POWER8 and later), the
 * feature every POWER tier needs. module_cpu_feature_match() would do the same but also brings
 * its own module_init(), which main.c has; this is its table without the init.
 */
static const struct cpu_feature hwc_cpu_ids[] __maybe_unused = {
	{ .feature = cpu_feature(PPC_MODULE_FEATURE_VEC_CRYPTO) },
	{}
};
MODULE_DEVICE_TABLE(cpu, hwc_cpu_ids);

/*
 * The kernel's POWER8 drivers (p8_aes_*, p8_ghash) priority=auto races, loaded first when
 * modprobe loads hwcrypt; one that still comes later is raced when it registers (registry.c).
 */
MODULE_SOFTDEP("pre: vmx_crypto");

unsigned int hwc_arch_features(void)
{
	unsigned int f = 0;

	/*
	 * ISA 2.07 alone is not enough: the vector crypto facility is optional in it, and the
	 * kernel (e.g. booted with "novsx") may not provide VSX.
	 */
	if (HWC_PPC_VEC && cpu_has_feature(CPU_FTR_ARCH_207S) && cpu_has_feature(CPU_FTR_VSX) &&
	    (cur_cpu_spec->cpu_user_features2 & PPC_FEATURE2_VEC_CRYPTO))
		f |= HWC_F_P8CRYPTO;
	/* the p8 RSA tier: general registers, no VSX state, any endianness */
	if (cpu_has_feature(CPU_FTR_ARCH_207S))
		f |= HWC_F_ARCH207;
	/* maddld/maddhdu/addex: general registers, no VSX state, any endianness */
	if (cpu_has_feature(CPU_FTR_ARCH_300))
		f |= HWC_F_ARCH300;
	/* not the CPU's, but found at the same time: the registry ranks tiers on these bits */
	if (hwc_nx_init())
		f |= HWC_F_NX;
	return f;
}

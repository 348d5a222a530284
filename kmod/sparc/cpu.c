// SPDX-License-Identifier: GPL-2.0
/*
 * SPARC T4 crypto units, read once at load. The hwcap comes from the sun4v machine description
 * only; the Compatibility Feature Register (%asr26) says which units exist. Both are needed:
 * on a CPU without the crypto hwcap (sun4u, T1, T2) %asr26 is something else (QEMU's T1/T2
 * models return 1 there, the CFR_AES bit), and reading it proves nothing.
 */
#include <linux/kernel.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <asm/elf.h>
#include <asm/pstate.h>
#include "hwc_arch_cores.h"
#include "hwc_arch.h"

static const struct {
	unsigned long cfr;
	unsigned int bit;
} hwc_sparc_units[] = {
	{ CFR_AES, HWC_F_AES },		{ CFR_SHA1, HWC_F_SHA1 },
	{ CFR_SHA256, HWC_F_SHA256 },	{ CFR_SHA512, HWC_F_SHA512 },
	{ CFR_MPMUL, HWC_F_MPMUL },	{ CFR_MONTMUL, HWC_F_MONTMUL },
	{ CFR_MONTSQR, HWC_F_MONTSQR },
};

/*
 * Autoload: the OF tree's cpu nodes of sun4v machines, the only ones with crypto units. The
 * node cannot tell a T4 from a T1 or T2 (the hwcap below can): on those hwcrypt loads and
 * registers what their features allow, today the portable RSA on every one.
 */
static const struct of_device_id hwc_cpu_ids[] __maybe_unused = {
	{ .name = "cpu", .compatible = "sun4v" },
	{}
};
MODULE_DEVICE_TABLE(of, hwc_cpu_ids);

unsigned int hwc_arch_features(void)
{
	unsigned long cfr;
	unsigned int i, f = 0;

	if (!(sparc64_elf_hwcap & HWCAP_SPARC_CRYPTO))
		return 0;
	__asm__ __volatile__("rd %%asr26, %0" : "=r"(cfr));
	for (i = 0; i < ARRAY_SIZE(hwc_sparc_units); i++)
		if (cfr & hwc_sparc_units[i].cfr)
			f |= hwc_sparc_units[i].bit;
	return f;
}

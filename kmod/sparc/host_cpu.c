// SPDX-License-Identifier: GPL-2.0
/*
 * SPARC host side of the tests (kmod/hwc_host_arch.h; not in the module): the names of the
 * HWC_F_* bits, and the crypto hwcap plus the CFR mapped onto them as cpu.c does.
 */
#include <sys/auxv.h>
#include "hwc_host_arch.h"
#include "hwc_arch_cores.h"

const struct hwc_feature_name hwc_feature_names[] = {
	{ HWC_F_AES, "aes" },		{ HWC_F_SHA1, "sha1" },		{ HWC_F_SHA256, "sha256" },
	{ HWC_F_SHA512, "sha512" },	{ HWC_F_MPMUL, "mpmul" },	{ HWC_F_MONTMUL, "montmul" },
	{ HWC_F_MONTSQR, "montsqr" },
};
const unsigned int hwc_nfeature_names = sizeof(hwc_feature_names) / sizeof(hwc_feature_names[0]);

unsigned int hwc_host_cpu_features(void)
{
	/* HWCAP_SPARC_CRYPTO, and the CFR bits in the order of hwc_feature_names. */
	static const unsigned long cfr_bits[] = { 0x1, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400 };
	unsigned long cfr;
	unsigned int i, f = 0;

	if (!(getauxval(AT_HWCAP) & 0x04000000))
		return 0;
	__asm__ __volatile__("rd %%asr26, %0" : "=r"(cfr));
	for (i = 0; i < sizeof(cfr_bits) / sizeof(cfr_bits[0]); i++)
		if (cfr & cfr_bits[i])
			f |= hwc_feature_names[i].bit;
	return f;
}

/* No alternative forms here. */
void hwc_host_pick_forms(const char *mode)
{
	(void)mode;
}

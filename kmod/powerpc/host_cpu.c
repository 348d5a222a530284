// SPDX-License-Identifier: GPL-2.0
/*
 * POWER host side of the tests (kmod/hwc_host_arch.h; not in the module): the names of the
 * HWC_F_* bits, and the kernel's (or qemu-user's) hwcaps mapped onto them as cpu.c does.
 */
#include <stddef.h>
#include <sys/auxv.h>
#include "hwc_host_arch.h"
#include "hwc_arch_cores.h"

const struct hwc_feature_name hwc_feature_names[] = {
	{ HWC_F_P8CRYPTO, "p8crypto" },
	{ HWC_F_ARCH300, "isa300" },
	{ HWC_F_ARCH207, "isa207" },
	{ HWC_F_NX, "nx" },
};
const unsigned int hwc_nfeature_names = sizeof(hwc_feature_names) / sizeof(hwc_feature_names[0]);

unsigned int hwc_host_cpu_features(void)
{
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	unsigned int f = 0;

	/* PPC_FEATURE_HAS_VSX, PPC_FEATURE2_VEC_CRYPTO; the cores are little-endian only. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if ((hw & 0x00000080) && (hw2 & 0x02000000))
		f |= HWC_F_P8CRYPTO;
#else
	(void)hw;
#endif
	/* PPC_FEATURE2_ARCH_2_07 */
	if (hw2 & 0x80000000)
		f |= HWC_F_ARCH207;
	/* PPC_FEATURE2_ARCH_3_00 */
	if (hw2 & 0x00800000)
		f |= HWC_F_ARCH300;
	return f;
}

/* No alternative code forms inside the POWER tiers. */
const struct hwc_host_form hwc_host_forms[] = {
	{ NULL, NULL, 0, NULL, { NULL, NULL }, NULL },
};

void hwc_host_pick_forms(const char *mode)
{
	(void)mode;
}

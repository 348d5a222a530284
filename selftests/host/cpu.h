/* SPDX-License-Identifier: GPL-2.0 */
/* Host-side helpers shared by the host tests and the benchmark: CPU features and block runner. */
#ifndef HWC_HOST_CPU_H
#define HWC_HOST_CPU_H

#include "hwc_core.h"

/* HWC_F_* bits of the CPU running us (cpuid plus the OS's XCR0 for vector state). */
unsigned int hwc_host_cpu_features(void);

/*
 * Features the run may use: the host's, narrowed by "--features MASK" (argv, removed from it)
 * or else the HWC_FEATURES environment variable. MASK is a number (0x.. allowed) or a comma
 * list of names as printed by hwc_host_features_str(); "none" or 0 leaves the generic tier.
 * Exits with status 2 on a malformed mask.
 */
unsigned int hwc_host_select_features(int *argc, char **argv);

/* Writes names of the bits of @f, comma-separated, into @buf. */
const char *hwc_host_features_str(unsigned int f, char *buf, unsigned long size);

/* Runs blocks directly: the host has no SIMD sections to enter. */
void hwc_host_run_blocks(const struct hwc_md_ops *ops, void *state,
			 const hwc_u8 *data, hwc_size nblocks);

#endif

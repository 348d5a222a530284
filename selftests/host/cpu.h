/* SPDX-License-Identifier: GPL-2.0 */
/* Host-side helpers shared by the host tests and the benchmark: CPU features and block runner. */
#ifndef HWC_HOST_CPU_H
#define HWC_HOST_CPU_H

#include "hwc_core.h"
#include "hwc_host_arch.h"

/*
 * Features the run may use: the host's, narrowed by "--features MASK" (argv, removed from it)
 * or else the HWC_FEATURES environment variable. MASK is a number (0x.. allowed) or a comma
 * list of names as printed by hwc_host_features_str(); "none" or 0 leaves the generic tier.
 * Exits with status 2 on a malformed mask.
 */
unsigned int hwc_host_select_features(int *argc, char **argv);

/* Writes names of the bits of @f, comma-separated, into @buf. */
const char *hwc_host_features_str(unsigned int f, char *buf, unsigned long size);

/*
 * "--list-subsets [all]" in argv (removed from it): returns 1 and sets @all. The program then
 * prints the feature subsets to test instead of testing (see hwc_host_print_subsets).
 */
int hwc_host_subsets_arg(int *argc, char **argv, int *all);

/*
 * Prints, one a line as --features takes them, the subsets of @avail (the host's features
 * that the tables use) a subset run should cover: with @all every one; otherwise one per
 * distinct set of satisfied requirements @reqs (a table's features fields), as the union of
 * those requirements, so that no two runs enable the same table entries.
 */
void hwc_host_print_subsets(const unsigned int *reqs, unsigned int nreqs, unsigned int avail,
			    int all);

/* Runs blocks directly: the host has no SIMD sections to enter. */
void hwc_host_run_blocks(const struct hwc_md_ops *ops, void *state,
			 const hwc_u8 *data, hwc_size nblocks);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kmod/<arch>/host_cpu.c gives the host programs (tests, benchmark, libhwcrypt's in-process
 * path; never the module). Declared here, beside the code, so that kmod/ includes nothing from
 * selftests/: the host helpers (selftests/host/cpu.h) include this instead.
 */
#ifndef HWC_HOST_ARCH_H
#define HWC_HOST_ARCH_H

/*
 * The arch's half (kmod/<arch>/host_cpu.c, listed as hwc_arch_host in its cores.mk): a name for
 * each HWC_F_* bit of its tables, and the bits of the CPU running us (cpuid and XCR0, hwcaps).
 */
struct hwc_feature_name {
	unsigned int bit;
	const char *name;
};
extern const struct hwc_feature_name hwc_feature_names[];
extern const unsigned int hwc_nfeature_names;
unsigned int hwc_host_cpu_features(void);

/*
 * The arch's alternative code forms inside a tier (kmod/<arch>/host_cpu.c; the module picks
 * each per CPU at load): @env=1 in the environment selects form 1 for a whole run (host tests),
 * and the benchmark's --forms races the two on the algorithms whose names contain @mode. Form 1
 * needs the HWC_F_* bits @features. Ends with a NULL @env.
 */
struct hwc_host_form {
	const char *env;
	int *form;
	unsigned int features;
	const char *mode;
	const char *names[2];
	/* The module's race input for this form, timed by hwc_host_pick_forms(); NULL: none. */
	void (*race)(void);
};
extern const struct hwc_host_form hwc_host_forms[];

/*
 * For programs that run the cores outside the host tests' fixed choice (libhwcrypt's in-process
 * path): each alternative form of mode @mode that this CPU can run and whose @env is unset,
 * timed against the other as the module times it at load, the faster kept. Call before the
 * cores of @mode run, once (not thread-safe). Arches or forms without a timing routine keep
 * form 0.
 */
void hwc_host_pick_forms(const char *mode);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the host tests: a fixed-seed PRNG so that a failing run replays with --seed, and the
 * check counting every test reports the same way.
 */
#ifndef HWC_TESTUTIL_H
#define HWC_TESTUTIL_H

#include <stddef.h>

/* xorshift64* state: seed it (non-zero) before use. */
extern unsigned long long hwc_test_rng;

unsigned long long hwc_test_rnd64(void);
/* Uniform enough in [0, n) for test lengths; 0 when n is 0. */
size_t hwc_test_rnd_below(size_t n);
void hwc_test_rnd_fill(void *p, size_t n);

/*
 * Checks are counted in groups, one line each ("ok|FAIL <label> <n> checks"), with the first five
 * failures of a group printed with their message; hwc_test_summary() prints the totals (PREFIX
 * first) and returns the exit status.
 */
extern unsigned int hwc_test_npassed, hwc_test_nfailed;
void hwc_test_group_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void hwc_test_group_end(void);
void hwc_test_check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int hwc_test_summary(const char *prefix);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the host tests: a fixed-seed PRNG so that a failing run replays with --seed. */
#ifndef HWC_TESTUTIL_H
#define HWC_TESTUTIL_H

#include <stddef.h>

/* xorshift64* state: seed it (non-zero) before use. */
extern unsigned long long hwc_test_rng;

unsigned long long hwc_test_rnd64(void);
/* Uniform enough in [0, n) for test lengths; 0 when n is 0. */
size_t hwc_test_rnd_below(size_t n);
void hwc_test_rnd_fill(void *p, size_t n);

#endif

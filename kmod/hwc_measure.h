/* SPDX-License-Identifier: GPL-2.0 */
/* priority=auto's race (measure.c), for the registry: at load, and when a peer registers later. */
#ifndef HWC_MEASURE_H
#define HWC_MEASURE_H

#include "hwc_glue.h"

/* Request sizes raced, largest first: 16 KiB, dm-crypt's 4 KiB and 1 KiB, 256 B. */
#define HWC_RACE_NSIZES	4
extern const unsigned int hwc_race_sizes[HWC_RACE_NSIZES];

/* Cases of an algorithm's race: its key sizes times the two directions (hashes: one). */
#define HWC_RACE_NCASES	4
unsigned int hwc_race_ncases(const struct hwc_alg *alg);
/* Case @c's name for dmesg: "256-bit key decrypt", "digest". */
void hwc_race_case_name(const struct hwc_alg *alg, unsigned int c, char *buf, size_t len);

/* MB/s (10^6 bytes per second) of each side per case and size, best of the rounds run. */
struct hwc_race {
	unsigned int ncases;
	u64 ours[HWC_RACE_NCASES][HWC_RACE_NSIZES];
	u64 peer[HWC_RACE_NCASES][HWC_RACE_NSIZES];
};

/**
 * hwc_alternate() - take turns between two sides, the one that goes first alternating
 * @turn: runs side 0 or 1 once (timing itself, in whatever section it needs); 0 or an errno
 * @arg: passed to @turn
 * @rounds: rounds of two turns
 * @budget_ns: no round starts after the first once this much time has gone
 *
 * The one interleaving of the load-time races: priority=auto's driver race below and the x86
 * zmm form choice (x86/cpu.c). May sleep between turns.
 *
 * Return: 0, or the first error a turn returned (no turn runs after it).
 */
int hwc_alternate(int (*turn)(void *arg, unsigned int side), void *arg, unsigned int rounds,
		  u64 budget_ns);

/*
 * Times drivers @ours and @peer of @alg, both allocated by driver name through the crypto API,
 * alternately, a few rounds per case and size, in a bounded time. 0, or a negative errno if
 * either side cannot be allocated, keyed or run (then nothing is known about which is faster).
 */
int hwc_race(const struct hwc_alg *alg, const char *ours, const char *peer, struct hwc_race *r);

/*
 * The driver the kernel picks for @alg's cra_name now (allocating it, so a template the kernel
 * would instantiate counts): its driver name (kstrdup'ed) and priority; NULL when none.
 */
char *hwc_peer(const struct hwc_alg *alg, int *priority);

#endif /* HWC_MEASURE_H */

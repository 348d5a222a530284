/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AES and carry-less multiply units' own limit on this CPU (unitbound_asm.S, unitbound.c), as
 * the bench's bound: what a mode could reach if nothing but its AES rounds (and GHASH
 * multiplies) took issue slots.
 */
#ifndef HWC_BENCH_UNITBOUND_H
#define HWC_BENCH_UNITBOUND_H

struct unit_bound {
	double ghz;		/* core clock under this load, from a chain of 1-cycle adds */
	/* Per width (0: xmm, 1: ymm, 2: zmm), 0 where the CPU lacks it: instructions per ns. */
	double aes[3], clmul[3];
	/* GCM's mix, bytes per ns: AES-128 (10 rounds) and AES-256 (14) + 3 multiplies/vector. */
	double mix128[3], mix256[3];
	/* Best over the widths, in GB/s: AES-128, AES-256 round work and the GCM mixes. */
	double aes128, aes256, gcm128, gcm256;
	int best;		/* the width that gave aes128 */
};

/* Measures the units the CPU has (HWC_F_* @features); best of a few ~10 ms runs each. */
void unit_bound_measure(struct unit_bound *u, unsigned int features);
/* The bound in GB/s for an AES mode of @keybits: 0 where none applies (GCM uses the mix). */
double unit_bound_gbps(const struct unit_bound *u, unsigned int keybits, int gcm);
/*
 * The loop behind the bound of an AES mode of @keybits (@gcm: the mix) at the widest width,
 * for timing it beside the sides in every round: returns it, and in *@bytes the bytes of
 * that mode's work one iteration stands for; NULL where no bound applies.
 */
typedef void unit_bound_fn(unsigned long iters);
unit_bound_fn *unit_bound_loop(const struct unit_bound *u, unsigned int keybits, int gcm,
			       double *bytes);
/* Lines for the table's head (@tsv: as '#' comments) and for the results files. */
void unit_bound_print(const struct unit_bound *u, const char *cpu);

#endif

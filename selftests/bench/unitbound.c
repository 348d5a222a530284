// SPDX-License-Identifier: GPL-2.0
/*
 * The unit bound: this CPU's VAESENC and VPCLMULQDQ throughput (unitbound_asm.S), measured
 * in the bench's own run, as GB/s of AES-128 and AES-256 round work and of GCM's AES+CLMUL
 * mix.
 */
#include <stdio.h>
#include "cpu.h"
#include "hwc_arch_cores.h"
#include "bench_util.h"
#include "unitbound.h"

typedef void unit_fn(unsigned long iters);

unit_fn hwc_unit_aes_x, hwc_unit_aes_y, hwc_unit_aes_z;
unit_fn hwc_unit_clmul_x, hwc_unit_clmul_y, hwc_unit_clmul_z;
unit_fn hwc_unit_mix10_x, hwc_unit_mix10_y, hwc_unit_mix10_z;
unit_fn hwc_unit_mix14_x, hwc_unit_mix14_y, hwc_unit_mix14_z;
unit_fn hwc_unit_clock;

static unit_fn *const aes_fn[3] = { hwc_unit_aes_x, hwc_unit_aes_y, hwc_unit_aes_z };
static unit_fn *const clmul_fn[3] = { hwc_unit_clmul_x, hwc_unit_clmul_y, hwc_unit_clmul_z };
static unit_fn *const mix10_fn[3] = { hwc_unit_mix10_x, hwc_unit_mix10_y, hwc_unit_mix10_z };
static unit_fn *const mix14_fn[3] = { hwc_unit_mix14_x, hwc_unit_mix14_y, hwc_unit_mix14_z };
static const char *const width_name[3] = { "xmm", "ymm", "zmm" };

/*
 * Iterations per second of @fn: doubled until a run takes 10 ms, then the best of 7 such runs
 * (a bound is the most the unit gave: a neighbour's interruption only ever slows a run).
 */
static double rate(unit_fn *fn)
{
	unsigned long n = 1024;
	double t, best = 1e30;
	int i;

	for (;;) {
		t = bench_cpu_now();
		fn(n);
		t = bench_cpu_now() - t;
		if (t > 0.01)
			break;
		n *= 2;
	}
	for (i = 0; i < 7; i++) {
		t = bench_cpu_now();
		fn(n);
		t = bench_cpu_now() - t;
		if (t < best)
			best = t;
	}
	return n / best;
}

void unit_bound_measure(struct unit_bound *u, unsigned int features)
{
	unsigned int need[3] = {
		HWC_F_AESNI | HWC_F_PCLMUL | HWC_F_AVX,
		HWC_F_VAES | HWC_F_VPCLMUL | HWC_F_AVX2,
		HWC_F_VAES | HWC_F_VPCLMUL | HWC_F_AVX512,
	};
	int w;

	*u = (struct unit_bound){ 0 };
	u->ghz = rate(hwc_unit_clock) * 48 / 1e9;
	u->best = -1;
	for (w = 0; w < 3; w++) {
		double bytes = 16 << w;

		if ((features & need[w]) != need[w])
			continue;
		u->aes[w] = rate(aes_fn[w]) * 12 / 1e9;
		u->clmul[w] = rate(clmul_fn[w]) * 12 / 1e9;
		u->mix128[w] = rate(mix10_fn[w]) * 8 * bytes / 1e9;
		u->mix256[w] = rate(mix14_fn[w]) * 8 * bytes / 1e9;
		if (u->aes[w] * bytes / 10 > u->aes128) {
			u->aes128 = u->aes[w] * bytes / 10;
			u->aes256 = u->aes[w] * bytes / 14;
			u->best = w;
		}
		if (u->mix128[w] > u->gcm128)
			u->gcm128 = u->mix128[w];
		if (u->mix256[w] > u->gcm256)
			u->gcm256 = u->mix256[w];
	}
}

double unit_bound_gbps(const struct unit_bound *u, unsigned int keybits, int gcm)
{
	if (gcm)
		return keybits == 128 ? u->gcm128 : keybits == 256 ? u->gcm256 : 0;
	return keybits == 128 ? u->aes128 : keybits == 256 ? u->aes256 : 0;
}

unit_bound_fn *unit_bound_loop(const struct unit_bound *u, unsigned int keybits, int gcm,
			       double *bytes)
{
	double vb;

	if (u->best < 0 || (keybits != 128 && keybits != 256))
		return NULL;
	vb = 16 << u->best;
	if (gcm) {
		*bytes = 8 * vb;
		return keybits == 128 ? mix10_fn[u->best] : mix14_fn[u->best];
	}
	/* 12 rounds of one vector: 12/10 (or 12/14) vectors of the mode's work. */
	*bytes = 12 * vb / (keybits == 128 ? 10 : 14);
	return aes_fn[u->best];
}

void unit_bound_print(const struct unit_bound *u, const char *pfx)
{
	int w;

	printf("%sunit bound on %s: clock %.2f GHz under load (1-cycle add chain)\n", pfx,
	       bench_cpu_name(), u->ghz);
	for (w = 0; w < 3; w++) {
		if (!u->aes[w])
			continue;
		printf("%s  %s: VAESENC %.2f/ns (%.2f/cycle), VPCLMULQDQ %.2f/ns (%.2f/cycle), "
		       "12 independent chains; GCM mix %.1f / %.1f GB/s (AES-128 / AES-256)\n", pfx,
		       width_name[w], u->aes[w], u->aes[w] / u->ghz, u->clmul[w],
		       u->clmul[w] / u->ghz, u->mix128[w], u->mix256[w]);
	}
	if (u->best >= 0)
		printf("%s  bound: AES-128 %.1f GB/s, AES-256 %.1f GB/s (%s round work); GCM mix "
		       "AES-128 %.1f GB/s, AES-256 %.1f GB/s (10 or 14 rounds + 3 VPCLMULQDQ per "
		       "vector)\n", pfx, u->aes128, u->aes256, width_name[u->best], u->gcm128,
		       u->gcm256);
	else
		printf("%s  bound: n/a (no AES-NI with AVX here)\n", pfx);
}

// SPDX-License-Identifier: GPL-2.0
/* Options, timing, best-of runs and result rows shared by the benchmarks. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cpu.h"
#include "bench_util.h"
#include "kasm.h"

void bench_parse(int argc, char **argv, struct bench_opts *o, int keys, const char *usage)
{
	int k;

	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--tsv"))
			o->tsv = 1;
		else if (!strcmp(argv[k], "--plot") && k + 1 < argc)
			o->plot = argv[++k];
		else if (!strcmp(argv[k], "--time") && k + 1 < argc)
			o->target = atof(argv[++k]);
		else if (!strcmp(argv[k], "--repeats") && k + 1 < argc)
			o->repeats = (unsigned int)atoi(argv[++k]);
		else if (!strcmp(argv[k], "--alg") && k + 1 < argc)
			o->only = argv[++k];
		else if (keys && !strcmp(argv[k], "--keys") && k + 1 < argc)
			o->keydir = argv[++k];
		else
			break;
	}
	if (k < argc || o->target <= 0 || !o->repeats) {
		fprintf(stderr, usage, argv[0]);
		exit(2);
	}
}

static double seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double bench_now(void)
{
	return seconds(CLOCK_MONOTONIC);
}

double bench_cpu_now(void)
{
	return seconds(CLOCK_THREAD_CPUTIME_ID);
}

unsigned long bench_calibrate(bench_run_fn *run, void *arg, unsigned int side, double target,
			      unsigned long start, double div, unsigned long max)
{
	unsigned long n = start;
	double t;

	for (;;) {
		t = run(arg, side, n);
		if (t >= target / div || n >= max)
			break;
		n *= 2;
	}
	n = (unsigned long)(n * target / t);
	return n ? n : 1;
}

void bench_best_of(bench_run_fn *run, void *arg, struct bench_side_time *t, unsigned int n,
		   unsigned int repeats)
{
	unsigned int r, j;

	for (j = 0; j < n; j++)
		t[j].best = t[j].second = 1e30;
	/*
	 * A best that no other run comes within 3% of may be luck or a neighbour's pause on
	 * another side: then a few more rounds, up to twice the repeats.
	 */
	for (r = 0; r < 2 * repeats; r++) {
		int settled = 1;

		for (j = 0; j < n; j++) {
			double s = run(arg, j, t[j].iters);

			if (s < t[j].best) {
				t[j].second = t[j].best;
				t[j].best = s;
			} else if (s < t[j].second) {
				t[j].second = s;
			}
			settled &= t[j].second < t[j].best * 1.03;
		}
		if (r + 1 >= repeats && settled)
			break;
	}
}

void bench_intro(const struct bench_table *t, const struct bench_opts *o, unsigned int features,
		 const char *prefix, const char *clock, const char *note)
{
	char fbuf[256], hwc[32], ossl[32];

	if (t->tsv)
		return;
	printf("%sfeatures %s; best of %u-%u runs of ~%.2f s%s each; %sratio = hwcrypt / OpenSSL\n",
	       prefix, hwc_host_features_str(features, fbuf, sizeof(fbuf)), o->repeats,
	       2 * o->repeats, o->target, clock, note);
	if (t->kcol && t->ktier)
		printf("%skernel: Linux 7.2 %s asm, gated against OpenSSL; vs_kernel = hwcrypt / kernel\n",
		       prefix, t->ktier);
	else if (t->kcol)
		printf("%skernel: n/a (no bars against the kernel without it)\n", prefix);
	snprintf(hwc, sizeof(hwc), "hwcrypt %s", t->unit);
	snprintf(ossl, sizeof(ossl), "openssl %s", t->unit);
	if (t->kcol) {
		char kern[32];

		snprintf(kern, sizeof(kern), "kernel %s", t->unit);
		printf("%-*s %*s  %-*s %13s %13s %7s %13s %9s  %s\n", t->wname, t->name, t->wsize,
		       t->size, t->wimpl, "impl", hwc, ossl, "ratio", kern, "vs_kernel", "bar");
		return;
	}
	printf("%-*s %*s  %-*s %13s %13s %7s  %s\n", t->wname, t->name, t->wsize, t->size,
	       t->wimpl, "impl", hwc, ossl, "ratio", "bar");
}

void bench_row(struct bench_table *t, const char *name, unsigned long size, const char *impl,
	       double hwc, double ossl, double bar)
{
	double ratio = hwc / ossl;
	char barbuf[32] = "";

	if (t->tsv) {
		printf("%s\t%lu\t%s\t%.1f\t%.1f\t%.3f\n", name, size, impl, hwc, ossl, ratio);
	} else {
		if (bar) {
			t->nbars++;
			t->nmiss += ratio < bar;
			snprintf(barbuf, sizeof(barbuf), ">=%.2f %s", bar,
				 ratio < bar ? "MISS" : "ok");
		}
		printf("%-*s %*lu  %-*s %13.1f %13.1f %7.3f  %s\n", t->wname, name, t->wsize, size,
		       t->wimpl, impl, hwc, ossl, ratio, barbuf);
	}
	fflush(stdout);
}

void bench_row_k(struct bench_table *t, const char *name, unsigned long size, const char *impl,
		 double hwc, double ossl, double kern, double bar, double kbar)
{
	double ratio = hwc / ossl, vk = kern > 0 ? hwc / kern : 0;
	char barbuf[48] = "", kbuf[16] = "n/a", vbuf[16] = "n/a";

	if (kern > 0) {
		snprintf(kbuf, sizeof(kbuf), "%.1f", kern);
		snprintf(vbuf, sizeof(vbuf), "%.3f", vk);
	}
	if (t->tsv) {
		printf("%s\t%lu\t%s\t%.1f\t%.1f\t%.3f\t%s\t%s\n", name, size, impl, hwc, ossl, ratio,
		       kbuf, vbuf);
		fflush(stdout);
		return;
	}
	if (kbar && kern > 0) {
		t->nbars++;
		t->nmiss += vk < kbar;
		snprintf(barbuf, sizeof(barbuf), ">=%.2f kernel %s", kbar, vk < kbar ? "MISS" : "ok");
	} else if (bar) {
		t->nbars++;
		t->nmiss += ratio < bar;
		snprintf(barbuf, sizeof(barbuf), ">=%.2f openssl %s", bar, ratio < bar ? "MISS" : "ok");
	}
	printf("%-*s %*lu  %-*s %13.1f %13.1f %7.3f %13s %9s  %s\n", t->wname, name, t->wsize, size,
	       t->wimpl, impl, hwc, ossl, ratio, kbuf, vbuf, barbuf);
	fflush(stdout);
}

const struct kasm_api *bench_kasm(unsigned int features, const char **why)
{
	const struct kasm_api *(*get)(unsigned int);
	const struct kasm_api *api;
	char path[PATH_MAX + 32];
	const char *env = getenv("HWC_KASM");
	ssize_t n;
	char *slash;
	void *h;

	if (env && *env) {
		snprintf(path, sizeof(path), "%s", env);
	} else {
		n = readlink("/proc/self/exe", path, PATH_MAX);
		if (n <= 0) {
			*why = "no /proc/self/exe";
			return NULL;
		}
		path[n] = 0;
		slash = strrchr(path, '/');
		snprintf(slash ? slash + 1 : path, sizeof(path) - (size_t)(slash ? slash + 1 - path : 0),
			 "kernel/libkasm.so");
	}
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		*why = "no build/kernel/libkasm.so (linux-source-7.2 absent)";
		return NULL;
	}
	get = (const struct kasm_api *(*)(unsigned int))dlsym(h, "kasm_get");
	api = get ? get(features) : NULL;
	if (!api || api->abi != KASM_ABI) {
		*why = "libkasm.so of another ABI";
		return NULL;
	}
	return api;
}

void bench_bars_summary(const struct bench_table *t, const char *prefix)
{
	if (!t->tsv && t->nbars)
		printf("%sacceptance bars: %u of %u met\n", prefix, t->nbars - t->nmiss, t->nbars);
}

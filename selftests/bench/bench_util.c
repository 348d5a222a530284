// SPDX-License-Identifier: GPL-2.0
/* Options, timing, best-of runs and result rows shared by the benchmarks. */
#include <dlfcn.h>
#ifdef __x86_64__
#include <cpuid.h>
#endif
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
		else if (!strcmp(argv[k], "--rounds") && k + 1 < argc)
			o->rounds = (unsigned int)atoi(argv[++k]);
		else if (!strcmp(argv[k], "--tsv-file") && k + 1 < argc)
			o->tsv_file = argv[++k];
		else if (!strcmp(argv[k], "--no-header"))
			o->no_header = 1;
		else
			break;
	}
	if (!o->rounds)
		o->rounds = 15;
	o->family = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	if (!strncmp(o->family, "bench_", 6))
		o->family += 6;
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

/* The TSV layout every family shares ('-': not measured or no bar). */
static const char tsv_header[] = "family\talg\tbytes\timpl\tpick\tunit\thwcrypt\topenssl\tkernel\t"
	"vs_openssl\tvs_kernel\tvs_kernel_q1\tvs_kernel_q3\thwcrypt_bound\topenssl_bound\t"
	"kernel_bound\tbar_kernel\tbar_bound\tbar_openssl\tbar_floor\n";

void bench_intro(struct bench_table *t, const struct bench_opts *o, unsigned int features,
		 const char *prefix, const char *clock, const char *note)
{
	char fbuf[256], hwc[32], ossl[32];

	if (!t->family)
		t->family = o->family;
	if (!t->opened)
		bench_table_open(t, o);
	/* The header row first, even if this program's filter leaves it no row. */
	if (t->tsvf && ftell(t->tsvf) == 0)
		fputs(tsv_header, t->tsvf);
	if (t->tsv && !t->no_header && !t->header_done) {
		fputs(tsv_header, stdout);
		t->header_done = 1;
	}

	if (t->tsv)
		return;
	printf("%s%s on %s\n", prefix, hwc_host_features_str(features, fbuf, sizeof(fbuf)),
	       bench_cpu_name());
	if (t->paired)
		printf("%s%u paired rounds of ~%.3f s%s per side, sides in rotated order, medians; "
		       "%svs_ossl = hwcrypt / OpenSSL\n", prefix, o->rounds, t->paired, clock, note);
	else
		printf("%sbest of %u-%u runs of ~%.2f s%s each; %svs_ossl = hwcrypt / OpenSSL\n",
		       prefix, o->repeats, 2 * o->repeats, o->target, clock, note);
	if (t->kcol && t->ktier)
		printf("%skernel: Linux 7.2 %s asm, gated against OpenSSL; vs_k = hwcrypt / kernel%s\n",
		       prefix, t->ktier, t->paired ? ", the median of the rounds' ratios [IQR]" : "");
	else if (t->kcol)
		printf("%skernel: n/a (no bars against the kernel without it)\n", prefix);
	snprintf(hwc, sizeof(hwc), "hwcrypt %s", t->unit);
	snprintf(ossl, sizeof(ossl), "openssl %s", t->unit);
	if (t->kcol) {
		char kern[32];

		snprintf(kern, sizeof(kern), "kernel %s", t->unit);
		printf("%-*s %*s  %-*s %12s %12s %6s %12s %6s %-13s %5s %5s  %s\n", t->wname,
		       t->name, t->wsize, t->size, t->wimpl + 1, "impl", hwc, ossl, "vs_ossl", kern,
		       "vs_k", "[q1, q3]", "h/bnd", "k/bnd", "bars");
		return;
	}
	printf("%-*s %*s  %-*s %12s %12s %6s  %s\n", t->wname, t->name, t->wsize, t->size,
	       t->wimpl + 1, "impl", hwc, ossl, "vs_ossl", "bars");
}

void bench_table_open(struct bench_table *t, const struct bench_opts *o)
{
	if (t->opened++)
		return;
	t->no_header = o->no_header;
	if (o->tsv_file) {
		t->tsvf = fopen(o->tsv_file, "a");
		if (!t->tsvf) {
			perror(o->tsv_file);
			exit(2);
		}
	}
}

void bench_verdict(struct bench_table *t, char *buf, unsigned long size, double bar, double v,
		   double lo, double hi)
{
	const char *what = v >= bar ? "ok" : "MISS";

	if (lo && hi && lo < bar && hi >= bar) {
		what = "tie";
		t->ntie++;
	} else {
		t->nbars++;
		t->nmiss += v < bar;
	}
	snprintf(buf, size, ">=%.2f %s", bar, what);
}

static void fmt(char *buf, unsigned long size, const char *f, double v, int have)
{
	if (have)
		snprintf(buf, size, f, v);
	else
		snprintf(buf, size, "-");
}

static void tsv_row(struct bench_table *t, FILE *f, const char *name, unsigned long size,
		    const char *impl, double hwc, double ossl, double kern,
		    const struct bench_extra *x)
{
	char k[24], vk[24], q1[24], q3[24], hb[24], ob[24], kb[24];

	if (!t->header_done && !t->no_header && (f == stdout || ftell(f) == 0))
		fputs(tsv_header, f);
	fmt(k, sizeof(k), "%.1f", kern, kern > 0);
	fmt(vk, sizeof(vk), "%.3f", x->vk, x->vk > 0);
	fmt(q1, sizeof(q1), "%.3f", x->vk_q1, x->vk_q1 > 0);
	fmt(q3, sizeof(q3), "%.3f", x->vk_q3, x->vk_q3 > 0);
	fmt(hb, sizeof(hb), "%.3f", x->hwc_bound, x->hwc_bound >= 0);
	fmt(ob, sizeof(ob), "%.3f", x->ossl_bound, x->ossl_bound >= 0);
	fmt(kb, sizeof(kb), "%.3f", x->kern_bound, x->kern_bound >= 0 && kern > 0);
	fprintf(f, "%s\t%s\t%lu\t%s\t%s\t%s\t%.1f\t%.1f\t%s\t%.3f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		t->family ? t->family : "-", name, size, impl, x->pick ? "1" : "0", t->unit, hwc,
		ossl, k, hwc / ossl, vk, q1, q3, hb, ob, kb,
		x->bar_kernel[0] ? x->bar_kernel : "-", x->bar_bound[0] ? x->bar_bound : "-",
		x->bar_openssl[0] ? x->bar_openssl : "-", x->bar_floor[0] ? x->bar_floor : "-");
	fflush(f);
}

void bench_emit(struct bench_table *t, const char *name, unsigned long size, const char *impl,
		double hwc, double ossl, double kern, const struct bench_extra *x)
{
	char k[24], vk[24], spread[24], hb[16], kb[16], bars[128], pimpl[40];

	if (t->tsvf)
		tsv_row(t, t->tsvf, name, size, impl, hwc, ossl, kern, x);
	if (t->tsv) {
		tsv_row(t, stdout, name, size, impl, hwc, ossl, kern, x);
		t->header_done = 1;
		return;
	}
	t->header_done = 1;
	snprintf(bars, sizeof(bars), "%s%s%s%s%s%s%s%s%s%s%s", x->bar_kernel[0] ? "kernel" : "",
		 x->bar_kernel, x->bar_kernel[0] ? "  " : "", x->bar_bound[0] ? "bound" : "",
		 x->bar_bound, x->bar_bound[0] ? "  " : "", x->bar_openssl[0] ? "openssl" : "",
		 x->bar_openssl, x->bar_openssl[0] ? "  " : "", x->bar_floor[0] ? "MB/s" : "",
		 x->bar_floor);
	/* '*': the tier the module registers on this CPU. */
	snprintf(pimpl, sizeof(pimpl), "%s%s", impl, x->pick ? "*" : "");
	if (!t->kcol) {
		printf("%-*s %*lu  %-*s %12.1f %12.1f %6.3f  %s\n", t->wname, name, t->wsize, size,
		       t->wimpl + 1, pimpl, hwc, ossl, hwc / ossl, bars);
		fflush(stdout);
		return;
	}
	fmt(k, sizeof(k), "%.1f", kern, kern > 0);
	fmt(vk, sizeof(vk), "%.3f", x->vk, x->vk > 0);
	if (x->vk_q1 > 0)
		snprintf(spread, sizeof(spread), "[%.3f,%.3f]", x->vk_q1, x->vk_q3);
	else
		snprintf(spread, sizeof(spread), "%s", "");
	fmt(hb, sizeof(hb), "%.2f", x->hwc_bound, x->hwc_bound >= 0);
	fmt(kb, sizeof(kb), "%.2f", x->kern_bound, x->kern_bound >= 0 && kern > 0);
	printf("%-*s %*lu  %-*s %12.1f %12.1f %6.3f %12s %6s %-13s %5s %5s  %s\n", t->wname, name,
	       t->wsize, size, t->wimpl + 1, pimpl, hwc, ossl, hwc / ossl, k, vk, spread, hb, kb,
	       bars);
	fflush(stdout);
}

static const struct bench_extra no_extra = {
	.hwc_bound = -1, .ossl_bound = -1, .kern_bound = -1,
};

void bench_row(struct bench_table *t, const char *name, unsigned long size, const char *impl,
	       double hwc, double ossl, double bar)
{
	struct bench_extra x = no_extra;

	if (bar)
		bench_verdict(t, x.bar_openssl, sizeof(x.bar_openssl), bar, hwc / ossl, 0, 0);
	bench_emit(t, name, size, impl, hwc, ossl, -1, &x);
}

void bench_row_k(struct bench_table *t, const char *name, unsigned long size, const char *impl,
		 double hwc, double ossl, double kern, double bar, double kbar)
{
	struct bench_extra x = no_extra;

	if (kern > 0)
		x.vk = hwc / kern;
	if (kbar && kern > 0)
		bench_verdict(t, x.bar_kernel, sizeof(x.bar_kernel), kbar, x.vk, 0, 0);
	else if (bar)
		bench_verdict(t, x.bar_openssl, sizeof(x.bar_openssl), bar, hwc / ossl, 0, 0);
	bench_emit(t, name, size, impl, hwc, ossl, kern, &x);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void bench_paired(bench_run_fn *run, void *arg, struct bench_side_time *t, unsigned int n,
		  unsigned int rounds, double *sec)
{
	double v[256];
	unsigned int r, k, j;

	/* One untimed slice each first: the code, its data and the clock settle. */
	for (j = 0; j < n; j++)
		run(arg, j, t[j].iters);
	for (r = 0; r < rounds; r++)
		for (k = 0; k < n; k++) {
			j = (r + k) % n;
			sec[r * n + j] = run(arg, j, t[j].iters) / t[j].iters;
		}
	for (j = 0; j < n; j++) {
		for (r = 0; r < rounds && r < 256; r++)
			v[r] = sec[r * n + j];
		qsort(v, r, sizeof(double), cmp_double);
		t[j].best = v[r / 2] * t[j].iters;
		t[j].second = t[j].best;
	}
}

void bench_paired_ratio(const double *sec, unsigned int n, unsigned int rounds, unsigned int a,
			unsigned int b, double *med, double *q1, double *q3)
{
	double v[256];
	unsigned int r;

	for (r = 0; r < rounds && r < 256; r++)
		v[r] = sec[r * n + b] / sec[r * n + a];
	qsort(v, r, sizeof(double), cmp_double);
	*med = v[r / 2];
	*q1 = v[r / 4];
	*q3 = v[(3 * r) / 4 < r ? (3 * r) / 4 : r - 1];
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
	if (!t->tsv && (t->nbars || t->ntie))
		printf("%sacceptance bars: %u of %u met%s", prefix, t->nbars - t->nmiss, t->nbars,
		       t->ntie ? "" : "\n");
	if (!t->tsv && t->ntie)
		printf("; %u more inside the noise (bar within the paired ratio's IQR: not "
		       "counted)\n", t->ntie);
}

const char *bench_cpu_name(void)
{
	static char name[128];
#ifdef __x86_64__
	unsigned int r[12], a = 0, b = 0, c = 0, d = 0, fam, model, i;
	char vendor[13], *brand = (char *)r;

	if (name[0])
		return name;
	__get_cpuid(0, &a, &b, &c, &d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = 0;
	__get_cpuid(1, &a, &b, &c, &d);
	/* The family and model as the kernel and /proc/cpuinfo number them. */
	fam = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (fam == 0xf)
		fam += (a >> 20) & 0xff;
	if (fam >= 6)
		model |= (a >> 12) & 0xf0;
	memset(r, 0, sizeof(r));
	for (i = 0; i < 3; i++)
		__get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
	while (*brand == ' ')
		brand++;
	snprintf(name, sizeof(name), "%.47s (%s family %u model %u)", brand, vendor, fam, model);
#else
	snprintf(name, sizeof(name), "unknown CPU");
#endif
	return name;
}

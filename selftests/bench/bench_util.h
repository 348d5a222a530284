/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the benchmarks (bench.c, bench_aes.c, bench_rsa.c) share: options, calibration,
 * interleaved best-of runs, and the table/TSV rows with their acceptance bars.
 */
#ifndef HWC_BENCH_UTIL_H
#define HWC_BENCH_UTIL_H

struct bench_opts {
	int tsv;
	const char *plot;	/* only bench.c draws one; the others accept and ignore it */
	double target;		/* seconds per timed run */
	unsigned int repeats;
	const char *only;	/* --alg */
	const char *keydir;	/* --keys, where the caller allows it (else left as set) */
	unsigned int rounds;	/* --rounds: paired rounds (bench_paired()), 15 unless set */
	const char *tsv_file;	/* --tsv-file: the TSV rows appended there too, the table kept */
	int no_header;		/* --no-header: no TSV header row (a later program of one run) */
	const char *family;	/* the program's name after "bench_": the TSV's first column */
};

/*
 * --tsv --plot --time --repeats --alg (--keys if @keys) into @o; anything else prints @usage
 * (a format taking argv[0]) on stderr and exits with 2.
 */
void bench_parse(int argc, char **argv, struct bench_opts *o, int keys, const char *usage);

/* Wall clock (CLOCK_MONOTONIC) and this thread's CPU time, in seconds. */
double bench_now(void);
double bench_cpu_now(void);

/* Times @iters operations of side @side; what each benchmark measures. */
typedef double bench_run_fn(void *arg, unsigned int side, unsigned long iters);

struct bench_side_time {
	unsigned long iters;
	double best, second;	/* seconds for iters operations: fastest two runs */
};

/*
 * Iterations for about @target seconds: @start doubled until a run takes @target / @div
 * (or @start reaches @max), then scaled.
 */
unsigned long bench_calibrate(bench_run_fn *run, void *arg, unsigned int side, double target,
			      unsigned long start, double div, unsigned long max);

/*
 * Runs the @n sides interleaved, so that clock drift or a noisy neighbour hits every side,
 * @repeats rounds and up to twice that while a side's best is not confirmed within 3%.
 */
void bench_best_of(bench_run_fn *run, void *arg, struct bench_side_time *t, unsigned int n,
		   unsigned int repeats);

/*
 * Paired, interleaved rounds: @rounds rounds, each running every side once for its
 * t[j].iters operations, the order rotated by one side per round (round r starts with side
 * r % n), so that no side always follows the same other side's cache and clock state. Fills
 * @sec[r * n + j] with seconds per operation, and t[j].best with the median of those.
 */
void bench_paired(bench_run_fn *run, void *arg, struct bench_side_time *t, unsigned int n,
		  unsigned int rounds, double *sec);
/*
 * Median and quartiles (IQR ends, nearest rank) of the per-round ratios sec[r*n+b] /
 * sec[r*n+a]: side a's speed over side b's, round by round.
 */
void bench_paired_ratio(const double *sec, unsigned int n, unsigned int rounds, unsigned int a,
			unsigned int b, double *med, double *q1, double *q3);

/*
 * One row's figures beyond the three speeds: the paired ratio to the kernel with its spread
 * (vk 0: none), the fraction of the unit bound each side reaches (< 0: n/a), and the verdict
 * of each bar on the row ("" : no bar; e.g. ">=1.00 ok").
 */
struct bench_extra {
	double vk, vk_q1, vk_q3;
	double hwc_bound, ossl_bound, kern_bound;
	int pick;		/* the tier the module would register on this CPU */
	char bar_kernel[24], bar_bound[24], bar_openssl[24];
	char bar_floor[24];	/* an absolute MB/s floor (the portable tier's) */
};

/* Table (or TSV) rows: column widths, and the acceptance bars counted over the rows. */
struct bench_table {
	const char *family;	/* TSV's first column: "hash", "aes", "rsa", "lib" */
	int tsv;
	const char *name, *size, *unit;	/* column titles: "alg", "bytes", "MB/s" */
	int wname, wsize, wimpl;
	/* Nonzero: rows carry Linux 7.2's figure (kernel_MBps, vs_kernel), -1 where it has none. */
	int kcol;
	const char *ktier;	/* for the intro line: the kernel driver measured, NULL: n/a */
	double paired;		/* nonzero: bench_paired() rounds, slices of about this many s */
	unsigned int nbars, nmiss, ntie;
	void *tsvf;		/* FILE *: --tsv-file, the table kept on stdout */
	int no_header, header_done, opened;
};

/* Opens --tsv-file and takes --no-header into @t (call after bench_parse()). */
void bench_table_open(struct bench_table *t, const struct bench_opts *o);
/* A row with all its columns: the one TSV layout of every family, and the table's row. */
void bench_emit(struct bench_table *t, const char *name, unsigned long size, const char *impl,
		double hwc, double ossl, double kern, const struct bench_extra *x);
/*
 * A bar's verdict into @buf: @v reached @bar ("ok"), missed ("MISS"), or, with a spread
 * [@lo, @hi] that holds the bar, neither ("tie": the margin is inside the noise); counted in @t.
 */
void bench_verdict(struct bench_table *t, char *buf, unsigned long size, double bar, double v,
		   double lo, double hi);

/*
 * Also takes the options' TSV settings into @t (bench_table_open(), once; the family from the
 * program's name if @t has none), so that every program gets them.
 * The table's two header lines (nothing in TSV): "@prefix features ...; best of ... runs of
 * ~T s@clock each; @note ratio = ..." and the column titles.
 */
void bench_intro(struct bench_table *t, const struct bench_opts *o, unsigned int features,
		 const char *prefix, const char *clock, const char *note);
/* One row; @bar nonzero: the ratio hwcrypt / OpenSSL must reach it. */
void bench_row(struct bench_table *t, const char *name, unsigned long size, const char *impl,
	       double hwc, double ossl, double bar);
/*
 * A row of a table with the kernel column (t->kcol): @kern MB/s of Linux 7.2's asm, <= 0 for
 * none; @kbar nonzero: hwcrypt / kernel must reach it; else @bar as in bench_row().
 */
void bench_row_k(struct bench_table *t, const char *name, unsigned long size, const char *impl,
		 double hwc, double ossl, double kern, double bar, double kbar);
/* "@prefix acceptance bars: M of N met" after a table that had bars. */
void bench_bars_summary(const struct bench_table *t, const char *prefix);

struct kasm_api;
/*
 * Linux 7.2's assembly for the third column (kasm.h): build/kernel/libkasm.so beside the
 * binary (or $HWC_KASM), with tiers chosen for @features; NULL and a reason in @why if absent.
 */
const struct kasm_api *bench_kasm(unsigned int features, const char **why);

/* "<brand> (<vendor> family F model M)": the CPU every figure is named with. */
const char *bench_cpu_name(void);

#endif

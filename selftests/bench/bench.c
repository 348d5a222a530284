// SPDX-License-Identifier: GPL-2.0
/* Throughput of each hwcrypt hash tier against OpenSSL, one digest per message as a request. */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "bench_util.h"
#include "kasm.h"

static const hwc_size sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define MAXIMPL 8

/*
 * The acceptance bar of the fastest tier: at least Linux 7.2's own code on this CPU, measured
 * in the same run, at every size (issue 13). Without the kernel column there is none.
 */
static double kbar_for(const char *alg)
{
	return !strcmp(alg, "sha1") || !strcmp(alg, "sha256") || !strcmp(alg, "sha512") ? 1.0 : 0;
}

static int kasm_index(const char *alg)
{
	return !strcmp(alg, "sha1") ? KASM_SHA1 : !strcmp(alg, "sha256") ? KASM_SHA256 :
	       !strcmp(alg, "sha512") ? KASM_SHA512 : -1;
}

struct side {
	/* NULL: the OpenSSL side, or the kernel's if kdigest is set */
	const struct hwc_hash_impl *impl;
	struct hwc_md_ops ops;
	void (*kdigest)(const unsigned char *data, size_t len, unsigned char *out);
};

/* Fetched once per algorithm: an EVP_MD from EVP_get_digestbyname() is fetched again per init. */
static EVP_MD *md;
static EVP_MD_CTX *mdctx;
static unsigned char msg[16384] __attribute__((aligned(64)));

/* What a kernel digest() does: init plus finup on a state the caller already owns. */
static struct side sides[MAXIMPL + 2];
static hwc_size cur_len;

/* One digest on one side, as the timed loop makes it. */
static void side_digest(unsigned int side, const unsigned char *data, hwc_size len,
			unsigned char *out)
{
	struct side *s = &sides[side];
	struct hwc_md_state st;

	if (s->impl) {
		hwc_md_init(&s->ops, &st);
		hwc_md_finup(&s->ops, &st, data, len, out);
	} else if (s->kdigest) {
		s->kdigest(data, len, out);
	} else if (!EVP_DigestInit_ex(mdctx, md, NULL) || !EVP_DigestUpdate(mdctx, data, len) ||
		   !EVP_DigestFinal_ex(mdctx, out, NULL)) {
		fprintf(stderr, "OpenSSL digest failed\n");
		exit(1);
	}
}

static double run_side(void *arg, unsigned int side, unsigned long iters)
{
	hwc_size len = cur_len;
	unsigned char out[64];
	unsigned long i;
	double t0 = bench_cpu_now();

	(void)arg;
	for (i = 0; i < iters; i++)
		side_digest(side, msg, len, out);
	return bench_cpu_now() - t0;
}

struct row {
	const char *alg;
	hwc_size bytes;
	const char *impl;
	double hwc, ossl, kern;	/* MB/s; kern 0: no kernel column */
	double kbar;		/* nonzero: acceptance bar applies to this row */
};

static struct row *rows;
static unsigned int nrows;

static void write_plot(const char *svg)
{
	char dat[] = "/tmp/hwc-bench-XXXXXX";
	const char *series[MAXIMPL * 8][2];
	unsigned int i, j, nseries = 0;
	int fd = mkstemp(dat);
	const char *peer = nrows && rows[0].kern > 0 ? "Linux 7.2" : "OpenSSL";
	size_t len;
	FILE *f, *gp;

	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		perror("plot data");
		exit(1);
	}
	/* One gnuplot data block per (alg, impl): rows of a series are contiguous by size. */
	for (i = 0; i < nrows && nseries < sizeof(series) / sizeof(series[0]); i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(rows[j].alg, rows[i].alg) && !strcmp(rows[j].impl, rows[i].impl))
				break;
		if (j < i)
			continue;
		series[nseries][0] = rows[i].alg;
		series[nseries][1] = rows[i].impl;
		fprintf(f, "%s", nseries ? "\n\n" : "");
		for (j = i; j < nrows; j++)
			if (!strcmp(rows[j].alg, rows[i].alg) && !strcmp(rows[j].impl, rows[i].impl))
				fprintf(f, "%zu\t%.1f\t%.1f\t%.3f\n", (size_t)rows[j].bytes, rows[j].hwc,
					rows[j].kern > 0 ? rows[j].kern : rows[j].ossl,
					rows[j].hwc / (rows[j].kern > 0 ? rows[j].kern : rows[j].ossl));
		nseries++;
	}
	fclose(f);

	gp = popen("gnuplot", "w");
	if (!gp) {
		perror("gnuplot");
		exit(1);
	}
	/* SVG unless the name asks for PNG. */
	len = strlen(svg);
	if (len > 4 && !strcmp(svg + len - 4, ".png"))
		fprintf(gp, "set terminal pngcairo size 1300,560 font 'sans,10'\n");
	else
		fprintf(gp, "set terminal svg size 1300,560 dynamic font 'sans,11'\n");
	fprintf(gp, "set output '%s'\n"
		    "set multiplot layout 1,2 title 'hwcrypt vs %s, one digest per message'\n"
		    "set logscale x 2\nset xlabel 'message bytes'\nset grid\n"
		    "set key outside bottom center horizontal maxrows 4 font ',9'\n", svg, peer);
	fprintf(gp, "set ylabel 'hwcrypt / %s throughput'\nplot 1 notitle lc rgb 'black' dt 2", peer);
	for (i = 0; i < nseries; i++)
		fprintf(gp, ", '%s' index %u using 1:4 with linespoints lc %u title '%s %s'", dat, i,
			i + 1, series[i][0], series[i][1]);
	fprintf(gp, "\nset ylabel 'MB/s (dashed: %s)'\nset logscale y\nplot ", peer);
	for (i = 0; i < nseries; i++)
		fprintf(gp, "%s'%s' index %u using 1:2 with linespoints lc %u title '%s %s', "
			"'' index %u using 1:3 with lines dt 2 lc %u notitle", i ? ", " : "", dat, i,
			i + 1, series[i][0], series[i][1], i, i + 1);
	fprintf(gp, "\nunset multiplot\n");
	if (pclose(gp)) {
		fprintf(stderr, "gnuplot failed\n");
		exit(1);
	}
	remove(dat);
}

/*
 * The gate of one side: its digest equal to OpenSSL's one-shot EVP_Digest() (the oracle, not
 * the timed context) at every length to 300 and at the bench sizes; then the sabotage control,
 * one message byte flipped on this side only, must make it fail. NULL: both held.
 */
static const char *gate(unsigned int side)
{
	unsigned char ref[64], got[64];
	unsigned int dlen = EVP_MD_get_size(md);
	hwc_size len;

	for (len = 0; len <= sizeof(msg); len = len < 300 ? len + 1 : len == 300 ? 512 : len * 2) {
		if (!EVP_Digest(msg, len, ref, NULL, md, NULL))
			return "OpenSSL oracle failed";
		side_digest(side, msg, len, got);
		if (memcmp(ref, got, dlen))
			return "differs from OpenSSL";
	}
	if (!EVP_Digest(msg, 1000, ref, NULL, md, NULL))
		return "OpenSSL oracle failed";
	msg[500] ^= 0x01;
	side_digest(side, msg, 1000, got);
	msg[500] ^= 0x01;
	if (!memcmp(ref, got, dlen))
		return "passed the gate with a sabotaged message";
	return NULL;
}

static const char *side_name(unsigned int side)
{
	return sides[side].impl ? sides[side].impl->impl : sides[side].kdigest ? "kernel" :
	       "openssl";
}

/*
 * What the module's <mode>_form=auto does at load (kmod/x86/cpu.c) for a form of this hash's
 * fastest tier (x86: the AVX2 SHA-512 rounds), so that the table shows the code the module
 * would run here: timed against the other on 4 KiB messages, median of AUTO_ROUNDS interleaved
 * rounds of about a millisecond, the faster kept, unless its environment variable fixes it.
 * Said on stderr, which the TSV does not take.
 */
#define AUTO_ROUNDS 101
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void auto_forms(const char *alg, unsigned int pick, unsigned int features)
{
	static double r[AUTO_ROUNDS];
	const struct hwc_host_form *f;
	unsigned char out[64];
	unsigned int q, v;
	unsigned long i;

	for (f = hwc_host_forms; f->env; f++) {
		if (strcmp(alg, f->mode) || getenv(f->env) || (features & f->features) != f->features)
			continue;
		for (q = 0; q < AUTO_ROUNDS; q++) {
			double t[2];

			for (v = 0; v < 2; v++) {
				double t0 = bench_cpu_now();

				*f->form = (int)v;
				for (i = 0; i < 250; i++)
					side_digest(pick, msg, 4096, out);
				t[v] = bench_cpu_now() - t0;
			}
			r[q] = t[0] / t[1];
		}
		qsort(r, AUTO_ROUNDS, sizeof(double), cmp_double);
		*f->form = r[AUTO_ROUNDS / 2] > 1.0;
		fprintf(stderr, "%s form: %s (as the module's %s_form=auto: %s %.3fx %s on 4096-byte "
			"messages, median of %d rounds; %s=0/1 fixes it)\n", f->mode,
			f->names[*f->form], f->mode, f->names[1], r[AUTO_ROUNDS / 2], f->names[0],
			AUTO_ROUNDS, f->env);
	}
}

#define MAXROUNDS 255

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	struct bench_opts o = { .target = 0.1, .repeats = 3 };
	struct bench_table tab = { .family = "hash", .name = "alg", .size = "bytes",
				   .unit = "MB/s", .wname = 15, .wsize = 5, .wimpl = 11 };
	static double sec[(MAXROUNDS + 1) * (MAXIMPL + 2)];
	unsigned int i, j, z, ngated = 0;
	const struct kasm_api *kasm;
	const char *why = NULL;

	bench_parse(argc, argv, &o, 0,
		    "usage: %s [--tsv] [--tsv-file FILE] [--no-header] [--plot FILE.svg]\n"
		    "          [--features MASK] [--time SEC] [--rounds N] [--alg NAME]\n");
	if (o.rounds > MAXROUNDS)
		o.rounds = MAXROUNDS;
	tab.tsv = o.tsv;
	tab.paired = o.target / 5;
	bench_table_open(&tab, &o);
	kasm = bench_kasm(features, &why);
	tab.kcol = 1;
	tab.ktier = kasm ? "lib/crypto/x86" : NULL;
	if (!kasm && !o.tsv)
		fprintf(stderr, "hash kernel: n/a: %s\n", why);

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	mdctx = EVP_MD_CTX_new();
	rows = calloc(hwc_hash_ninfos * NSIZES * MAXIMPL, sizeof(*rows));
	if (!mdctx || !rows)
		return 1;

	bench_intro(&tab, &o, features, "", " of thread CPU time", "");
	for (i = 0; i < hwc_hash_ninfos; i++) {
		const struct hwc_hash_info *info = &hwc_hash_infos[i];
		struct bench_side_time times[MAXIMPL + 1];
		unsigned int nsides = 1, pick, kside = 0;
		char gates[256];
		int ki = kasm_index(info->name);

		if (o.only && strcmp(o.only, info->name))
			continue;
		md = EVP_MD_fetch(NULL, info->name, NULL);
		if (!md) {
			fprintf(stderr, "OpenSSL has no %s\n", info->name);
			return 1;
		}
		memset(sides, 0, sizeof(sides));
		for (j = 0; j < hwc_hash_nimpls && nsides <= MAXIMPL; j++) {
			const struct hwc_hash_impl *impl = &hwc_hash_impls[j];

			if (strcmp(impl->family, info->family) ||
			    (impl->features & features) != impl->features)
				continue;
			sides[nsides].impl = impl;
			sides[nsides].ops = (struct hwc_md_ops){ info, impl, hwc_host_run_blocks };
			nsides++;
		}
		/* Later table entries are the faster tiers: the module registers the last on top. */
		pick = nsides - 1;
		auto_forms(info->name, pick, features);
		if (kasm && ki >= 0 && kasm->sha_tier[ki]) {
			kside = nsides;
			sides[nsides++].kdigest = kasm->sha_digest[ki];
		}
		/* Every side gated, each with its sabotage control, before anything is timed. */
		gates[0] = 0;
		for (j = 0; j < nsides; j++) {
			const char *err = gate(j);

			if (err && j == kside) {
				fprintf(stderr, "%s: Linux 7.2 asm %s: no kernel column\n",
					info->name, err);
				kside = 0;
				nsides--;
				continue;
			}
			if (err) {
				fprintf(stderr, "FAIL %s: %s %s\n", info->name, side_name(j), err);
				return 1;
			}
			snprintf(gates + strlen(gates), sizeof(gates) - strlen(gates), "%s%s",
				 j ? ", " : "", side_name(j));
		}
		ngated += kside != 0;
		fprintf(o.tsv ? stderr : stdout, "gate %s: %s equal to OpenSSL's EVP_Digest at "
			"0..300 bytes and 512..16384; each rejected a message byte flipped on its "
			"side only (sabotage control)\n", info->name, gates);

		for (z = 0; z < NSIZES; z++) {
			hwc_size len = sizes[z];
			double mbps[MAXIMPL + 2];
			unsigned int best = 1;

			cur_len = len;
			for (j = 0; j < nsides; j++)
				times[j].iters = bench_calibrate(run_side, NULL, j, o.target / 5, 16,
								 16, 1ul << 40);
			bench_paired(run_side, NULL, times, nsides, o.rounds, sec);
			for (j = 0; j < nsides; j++) {
				mbps[j] = len * times[j].iters / times[j].best / 1e6;
				if (j && j != kside && mbps[j] > mbps[best])
					best = j;
			}
			for (j = 1; j < nsides; j++) {
				struct bench_extra x = { .hwc_bound = -1, .ossl_bound = -1,
							 .kern_bound = -1 };
				struct row *row;

				if (j == kside)
					continue;
				row = &rows[nrows++];
				row->alg = info->name;
				row->bytes = len;
				row->impl = sides[j].impl->impl;
				row->hwc = mbps[j];
				row->ossl = mbps[0];
				row->kern = kside ? mbps[kside] : 0;
				row->kbar = j == best ? kbar_for(info->name) : 0;
				x.pick = j == pick;
				if (kside)
					bench_paired_ratio(sec, nsides, o.rounds, j, kside, &x.vk,
							   &x.vk_q1, &x.vk_q3);
				if (row->kbar && kside)
					bench_verdict(&tab, x.bar_kernel, sizeof(x.bar_kernel),
						      row->kbar, x.vk, x.vk_q1, x.vk_q3);
				bench_emit(&tab, row->alg, len, row->impl, row->hwc, row->ossl,
					   kside ? row->kern : -1, &x);
			}
		}
		EVP_MD_free(md);
	}
	if (kasm && !o.tsv)
		printf("kernel gate: %u digests equal to OpenSSL at 0..300 bytes and powers of two "
		       "512..16384, each rejecting a sabotaged message\n", ngated);
	bench_bars_summary(&tab, "");
	if (o.plot)
		write_plot(o.plot);
	EVP_MD_CTX_free(mdctx);
	return 0;
}

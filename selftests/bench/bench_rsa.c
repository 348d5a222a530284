// SPDX-License-Identifier: GPL-2.0
/*
 * RSA operations per second of each hwcrypt bignum tier against OpenSSL in the same process:
 * raw private (RSADP) and public (RSAEP) operations, as the kernel's akcipher "rsa" does them.
 * Same options and table/TSV shape as bench.c; in TSV the bytes column carries the key bits.
 *
 * On a CPU with AVX-512 IFMA, OpenSSL 3.0 runs RSA-2048 on its IFMA code, and so does hwcrypt
 * (the ifma tier). The MULX/ADX tier is what a CPU without IFMA gets, and there OpenSSL has no
 * IFMA code either; a second table compares the two on such a CPU: the program runs itself
 * again with OpenSSL's IFMA paths masked by OPENSSL_ia32cap (OpenSSL's documented capability
 * override: CPUID(7).EBX bit 21 cleared) and hwcrypt's ifma tier left out, both timed in that
 * one process as usual. Bars go to the tier the kernel would pick on the CPU of each table (the
 * fastest), and to portable C in the table whose OpenSSL has no IFMA code: portable C is what
 * CPUs without MULX/ADX run, and those have no IFMA (OpenSSL there has at most the AVX2 and MULX
 * code that table runs). Other tiers are shown without one.
 */
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/core_names.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cpu.h"
#include "hwc_arch_cores.h"	/* HWC_F_IFMA: the IFMA comparison is x86 only */
#include "bench_util.h"

static const unsigned int keybits[] = { 2048, 3072, 4096 };
#define NKEYS (sizeof(keybits) / sizeof(keybits[0]))

/* Set in the run that plays a CPU without AVX-512 IFMA (see the head comment). */
#define NOIFMA_ENV "HWC_BENCH_RSA_NO_IFMA"
/* OpenSSL's capability vector, second word: CPUID(7).EBX bit 21 (AVX512IFMA) cleared. */
#define NOIFMA_CAP ":~0x200000"

/*
 * Bars of the RSA issue: the fastest tier of the run (@best), private and public >= 1.0;
 * portable C private >= 0.5 at 2048 and 4096 bits where OpenSSL runs without IFMA
 * (@generic_bar; see the head comment).
 */
static double bar_for(int priv, unsigned int bits, const char *impl, const char *best,
		      int generic_bar)
{
	if (!strcmp(impl, best))
		return !priv || bits == 2048 || bits == 4096 ? 1.0 : 0;
	if (generic_bar && !strcmp(impl, "generic") && priv && (bits == 2048 || bits == 4096))
		return 0.5;
	return 0;
}

/* The second table: this program again, without IFMA on either side. */
static int run_without_ifma(char **argv, unsigned int features)
{
	char names[256], *args[64];
	int argc, status;
	pid_t pid;

	for (argc = 0; argv[argc] && argc < 60; argc++)
		args[argc] = argv[argc];
	/* One header row per run: the first table's. */
	args[argc++] = "--no-header";
	args[argc++] = "--features";
	args[argc++] = (char *)hwc_host_features_str(features & ~HWC_F_IFMA, names, sizeof(names));
	args[argc] = NULL;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		setenv("OPENSSL_ia32cap", NOIFMA_CAP, 1);
		setenv(NOIFMA_ENV, "1", 1);
		execv("/proc/self/exe", args);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}

struct ctx {
	const struct hwc_rsa_key *key;	/* NULL: OpenSSL */
	EVP_PKEY_CTX *pctx;
	int priv;
	unsigned int bytes;
	unsigned char in[1024], out[1100];
	void *ws;
	struct hwc_rsa_blind *bl;	/* kept pair, as the kernel glue keeps one per tfm */
};

static void die(const char *what)
{
	fprintf(stderr, "bench_rsa: %s failed\n", what);
	exit(1);
}

/*
 * Timed in the thread's CPU time, not the wall clock: on a machine shared with other jobs,
 * time spent runnable but not running would otherwise count against whichever side was
 * measured then. Both sides run in this one thread, so the ratio stays like for like.
 */
static double run(void *arg, unsigned int side, unsigned long iters)
{
	struct ctx *c = (struct ctx *)arg + side;
	unsigned char rnd[HWC_RSA_RANDOM_BYTES];
	unsigned long i;
	size_t outlen;
	double t0 = bench_cpu_now();

	for (i = 0; i < iters; i++) {
		if (c->key && c->priv) {
			/* Blinding bytes when a pair is due, as the kernel glue draws them. */
			hwc_size nrnd = hwc_rsa_blind_due(c->bl) ? hwc_rsa_random_bytes(c->key) : 0;

			if ((nrnd && getrandom(rnd, nrnd, 0) != (ssize_t)nrnd) ||
			    hwc_rsa_private(c->key, c->out, c->in, c->bytes, rnd, c->bl, c->ws,
					    NULL))
				die("hwc_rsa_private");
		} else if (c->key) {
			if (hwc_rsa_public(c->key, c->out, c->in, c->bytes, c->ws))
				die("hwc_rsa_public");
		} else {
			outlen = sizeof(c->out);
			if ((c->priv ? EVP_PKEY_decrypt(c->pctx, c->out, &outlen, c->in, c->bytes) :
				       EVP_PKEY_encrypt(c->pctx, c->out, &outlen, c->in, c->bytes)) <= 0)
				die("OpenSSL RSA operation");
		}
	}
	return bench_cpu_now() - t0;
}

static void load_key(struct hwc_rsa_key *key, const struct hwc_bn_impl *bn, EVP_PKEY *pkey)
{
	static unsigned char ws[HWC_RSA_SETKEY_WS_BYTES] __attribute__((aligned(64)));
	const char *names[8] = { OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E,
				 OSSL_PKEY_PARAM_RSA_D, OSSL_PKEY_PARAM_RSA_FACTOR1,
				 OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
				 OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1 };
	unsigned char *buf[8];
	hwc_size len[8];
	struct hwc_rsa_raw raw;
	int i;

	for (i = 0; i < 8; i++) {
		BIGNUM *b = NULL;

		if (!EVP_PKEY_get_bn_param(pkey, names[i], &b))
			die("EVP_PKEY_get_bn_param");
		len[i] = BN_num_bytes(b);
		buf[i] = malloc(len[i]);
		BN_bn2bin(b, buf[i]);
		BN_clear_free(b);
	}
	raw = (struct hwc_rsa_raw){ buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], buf[7],
				    len[0], len[1], len[2], len[3], len[4], len[5], len[6], len[7] };
	if (hwc_rsa_set_key(key, bn, &raw, 1, ws))
		die("hwc_rsa_set_key");
	for (i = 0; i < 8; i++)
		free(buf[i]);
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	/* --plot is accepted: the plot is bench.c's (MB/s of hashes); nothing to add here. */
	struct bench_opts o = { .target = 0.1, .repeats = 3, .keydir = "keys" };
	struct bench_table tab = { .family = "rsa", .name = "op", .size = "bits", .unit = "op/s",
				   .wname = 15, .wsize = 5, .wimpl = 11 };
	const char *only, *best = "generic";
	int noifma = getenv(NOIFMA_ENV) != NULL;
	/* OpenSSL uses IFMA where the CPU has it, whatever --features says (unless masked) */
	int generic_bar = noifma || !(hwc_host_cpu_features() & HWC_F_IFMA);
	unsigned int i, j;
	int priv;
	char path[512];

	bench_parse(argc, argv, &o, 1,
		    "usage: %s [--tsv] [--tsv-file FILE] [--no-header] [--features MASK] [--time SEC]\n"
		    "          [--repeats N] [--alg NAME]\n"
		    "          [--keys DIR]   (--alg: rsa, rsa-private or rsa-public; others skip all)\n");
	only = o.only;
	tab.tsv = o.tsv;
	bench_table_open(&tab, &o);
	if (only && strcmp(only, "rsa") && strcmp(only, "rsa-private") && strcmp(only, "rsa-public"))
		return 0;

	for (j = 0; j < hwc_bn_nimpls; j++)
		if ((hwc_bn_impls[j].features & features) == hwc_bn_impls[j].features)
			best = hwc_bn_impls[j].impl;
	bench_intro(&tab, &o, features, noifma ?
		    "rsa, as on a CPU without AVX-512 IFMA (OpenSSL: OPENSSL_ia32cap=" NOIFMA_CAP
		    "): " : "rsa: ", " CPU time", "");
	for (i = 0; i < NKEYS; i++) {
		EVP_PKEY *pkey;
		FILE *f;

		snprintf(path, sizeof(path), "%s/rsa%u.pem", o.keydir, keybits[i]);
		f = fopen(path, "r");
		if (!f || !(pkey = PEM_read_PrivateKey(f, NULL, NULL, NULL))) {
			fprintf(stderr, "bench_rsa: cannot load %s\n", path);
			return 1;
		}
		fclose(f);
		for (priv = 1; priv >= 0; priv--) {
			const char *op = priv ? "rsa-private" : "rsa-public";
			struct ctx sides[1 + 4];
			unsigned int nsides = 1;
			struct bench_side_time times[1 + 4];

			if (only && strcmp(only, "rsa") && strcmp(only, op))
				continue;
			memset(sides, 0, sizeof(sides));
			sides[0].pctx = EVP_PKEY_CTX_new(pkey, NULL);
			if (!sides[0].pctx ||
			    (priv ? EVP_PKEY_decrypt_init(sides[0].pctx) :
				    EVP_PKEY_encrypt_init(sides[0].pctx)) <= 0 ||
			    EVP_PKEY_CTX_set_rsa_padding(sides[0].pctx, RSA_NO_PADDING) <= 0)
				die("EVP_PKEY_CTX setup");
			for (j = 0; j < hwc_bn_nimpls && nsides < 5; j++) {
				const struct hwc_bn_impl *bn = &hwc_bn_impls[j];
				struct hwc_rsa_key *key;

				if ((bn->features & features) != bn->features)
					continue;
				key = aligned_alloc(64, (sizeof(*key) + 63) & ~63ul);
				load_key(key, bn, pkey);
				sides[nsides].key = key;
				sides[nsides].ws = aligned_alloc(64, (hwc_rsa_ws_bytes(key) + 63) & ~63ul);
				sides[nsides].bl = calloc(1, sizeof(*sides[nsides].bl));
				if (!sides[nsides].ws || !sides[nsides].bl)
					die("allocation");
				nsides++;
			}
			for (j = 0; j < nsides; j++) {
				unsigned int b;

				sides[j].priv = priv;
				sides[j].bytes = keybits[i] / 8;
				/* A fixed message below n: top byte clear. */
				for (b = 0; b < sides[j].bytes; b++)
					sides[j].in[b] = (unsigned char)(b * 167 + 13);
				sides[j].in[0] = 0x3c;
				times[j].iters = bench_calibrate(run, sides, j, o.target, 1, 8, 1ul << 30);
			}
			bench_best_of(run, sides, times, nsides, o.repeats);
			for (j = 1; j < nsides; j++) {
				const char *impl = sides[j].key->bn->impl;
				double hwc = times[j].iters / times[j].best;
				double ossl = times[0].iters / times[0].best;
				double bar = bar_for(priv, keybits[i], impl, best, generic_bar);
				struct bench_extra x = { .hwc_bound = -1, .ossl_bound = -1,
							 .kern_bound = -1 };
				char label[32];

				/* TSV rows have no table header: the second table's say where from. */
				snprintf(label, sizeof(label), "%s%s", impl,
					 noifma && (tab.tsv || tab.tsvf) ? "/no-ifma-cpu" : "");

				/* The module's RSA runs on the last tier the CPU has. */
				x.pick = !strcmp(impl, best);
				if (bar)
					bench_verdict(&tab, x.bar_openssl, sizeof(x.bar_openssl), bar,
						      hwc / ossl, 0, 0);
				bench_emit(&tab, op, keybits[i], label, hwc, ossl, -1, &x);
				hwc_rsa_key_wipe((struct hwc_rsa_key *)sides[j].key);
				free((void *)sides[j].key);
				free(sides[j].ws);
				free(sides[j].bl);
			}
			EVP_PKEY_CTX_free(sides[0].pctx);
		}
		EVP_PKEY_free(pkey);
	}
	bench_bars_summary(&tab, noifma ? "rsa (CPU without IFMA) " : "rsa ");
	if (!noifma && (features & HWC_F_IFMA))
		return run_without_ifma(argv, features);
	return 0;
}

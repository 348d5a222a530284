// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's in-process path (HWCRYPT_BACKEND=process: hwcrypt's cores behind the public
 * API, with its handle and framing costs) next to OpenSSL EVP, one message per operation:
 * sha256, sha512 (digest), aes-128-ctr, aes-256-xts (encrypt), aes-128-gcm (encrypt with 16
 * bytes of AAD and the tag) at 1, 4 and 16 KiB. Keys are set once; each operation takes a new
 * IV, as a caller's message would.
 *
 * Where the kernel serves AF_ALG here (hwcrypt.ko or not: whichever driver the kernel picks),
 * the same calls through HWCRYPT_BACKEND=kernel handles give a third side, and a last table
 * gives each path's time per call: what a caller pays for the socket round trips. Where
 * AF_ALG is refused (this host's kernel has none; af_alg_restrict; seccomp) that side says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "hwcrypt.h"
#include "bench_util.h"
#include "cpu.h"

enum kind { HASH, SKCIPHER, AEAD };

static const struct alg {
	const char *name;	/* row name, OpenSSL's */
	enum kind kind;
	const char *kalg;	/* libhwcrypt's (crypto API) name */
	unsigned int keylen;
} algs[] = {
	{ "sha256", HASH, "sha256", 0 },
	{ "sha512", HASH, "sha512", 0 },
	{ "aes-128-ctr", SKCIPHER, "ctr(aes)", 16 },
	{ "aes-256-xts", SKCIPHER, "xts(aes)", 64 },
	{ "aes-128-gcm", AEAD, "gcm(aes)", 16 },
};

static const unsigned long sizes[] = { 1024, 4096, 16384 };

static unsigned char msg[16384], out[16384 + 16], key[64], iv[16], aad[16];
static const struct alg *cur;
static unsigned long cur_len;
/* [0]: in process, [1]: AF_ALG (NULL where the kernel refused it) */
static struct hwcrypt_hash *hh[2];
static struct hwcrypt_skcipher *hs[2];
static struct hwcrypt_aead *ha[2];
static const EVP_MD *md;
static const EVP_CIPHER *ci;
static EVP_MD_CTX *mdctx;
static EVP_CIPHER_CTX *cctx;

static void die(const char *what)
{
	fprintf(stderr, "bench_lib: %s failed\n", what);
	exit(1);
}

static double run_side(void *arg, unsigned int side, unsigned long iters)
{
	double t0 = bench_cpu_now();
	int n;

	(void)arg;
	for (unsigned long i = 0; i < iters; i++) {
		iv[0] = (unsigned char)i;
		if (side) {
			unsigned int k = side - 1;
			ssize_t r = cur->kind == HASH ?
				hwcrypt_hash_digest(hh[k], msg, cur_len, out, sizeof(out)) :
				cur->kind == SKCIPHER ?
				hwcrypt_skcipher_encrypt(hs[k], iv, 16, msg, cur_len, out,
							 sizeof(out)) :
				hwcrypt_aead_encrypt(ha[k], iv, 12, aad, sizeof(aad), msg, cur_len,
						     out, sizeof(out));

			if (r <= 0)
				die("libhwcrypt");
			continue;
		}
		if (cur->kind == HASH) {
			if (!EVP_DigestInit_ex(mdctx, md, NULL) ||
			    !EVP_DigestUpdate(mdctx, msg, cur_len) ||
			    !EVP_DigestFinal_ex(mdctx, out, NULL))
				die("OpenSSL digest");
			continue;
		}
		if (!EVP_EncryptInit_ex(cctx, NULL, NULL, NULL, iv) ||
		    (cur->kind == AEAD && !EVP_EncryptUpdate(cctx, NULL, &n, aad, sizeof(aad))) ||
		    !EVP_EncryptUpdate(cctx, out, &n, msg, (int)cur_len) ||
		    !EVP_EncryptFinal_ex(cctx, out + n, &n) ||
		    (cur->kind == AEAD &&
		     !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_GET_TAG, 16, out + cur_len)))
			die("OpenSSL cipher");
	}
	return bench_cpu_now() - t0;
}

/* "AMD EPYC ... (family 25 model 1)" from /proc/cpuinfo. */
static void cpu_name(char *buf, size_t len)
{
	char line[256], name[128] = "?", fam[16] = "?", model[16] = "?";
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += 2;
		v[strcspn(v, "\n")] = '\0';
		if (!strncmp(line, "model name", 10) && name[0] == '?')
			snprintf(name, sizeof(name), "%s", v);
		else if (!strncmp(line, "cpu family", 10) && fam[0] == '?')
			snprintf(fam, sizeof(fam), "%s", v);
		else if (!strncmp(line, "model\t", 6) && model[0] == '?')
			snprintf(model, sizeof(model), "%s", v);
	}
	if (f)
		fclose(f);
	snprintf(buf, len, "%s (family %s model %s)", name, fam, model);
}

/*
 * Opens the handles of @cur under @backend into slot @k; nonzero (with the error) if
 * libhwcrypt refuses, which for the kernel backend is AF_ALG's answer on this system.
 */
static int open_handles(unsigned int k, enum hwcrypt_backend backend, struct hwcrypt_path *p)
{
	int err = hwcrypt_backend_set(backend);

	if (err)
		return err;
	if (cur->kind == HASH)
		return (err = hwcrypt_hash_init(&hh[k], cur->kalg, NULL)) ? err :
			hwcrypt_hash_path(hh[k], p);
	if (cur->kind == SKCIPHER)
		return (err = hwcrypt_skcipher_init(&hs[k], cur->kalg, NULL)) ||
			(err = hwcrypt_skcipher_setkey(hs[k], key, cur->keylen)) ? err :
			hwcrypt_skcipher_path(hs[k], p);
	return (err = hwcrypt_aead_init(&ha[k], cur->kalg, NULL)) ||
		(err = hwcrypt_aead_setkey(ha[k], key, cur->keylen)) ? err :
		hwcrypt_aead_path(ha[k], p);
}

static void close_handles(void)
{
	for (unsigned int k = 0; k < 2; k++) {
		hwcrypt_hash_free(hh[k]);
		hwcrypt_skcipher_free(hs[k]);
		hwcrypt_aead_free(ha[k]);
		hh[k] = NULL;
		hs[k] = NULL;
		ha[k] = NULL;
	}
}

/* Per-call times of the last table: [alg][size][openssl, process, AF_ALG], microseconds. */
static double us_call[8][3][3];
/* Seconds per operation of each paired round and side (bench_paired()). */
static double sec[256 * 3];

int main(int argc, char **argv)
{
	struct bench_opts o = { .target = 0.1, .repeats = 3 };
	struct bench_table tab = { .name = "alg", .size = "bytes", .unit = "MB/s",
				   .wname = 11, .wsize = 6, .wimpl = 32 };
	char cpu[256], desc[512], note[640], afalg[256], kwhy[160] = "";
	struct hwcrypt_path p, kp;
	int kernel_any = 0;

	bench_parse(argc, argv, &o, 0,
		    "usage: %s [--tsv] [--time SEC] [--rounds N] [--alg NAME]\n");
	if (o.rounds > 256)
		o.rounds = 256;
	tab.tsv = o.tsv;
	tab.paired = o.target / 5;
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 29 + 1);
	mdctx = EVP_MD_CTX_new();
	cctx = EVP_CIPHER_CTX_new();
	if (!mdctx || !cctx)
		die("OpenSSL contexts");
	cpu_name(cpu, sizeof(cpu));
	hwcrypt_process_describe(desc, sizeof(desc));
	if (hwcrypt_afalg_describe(afalg, sizeof(afalg)) < 0)
		snprintf(afalg, sizeof(afalg), "AF_ALG: ?");
	snprintf(note, sizeof(note), "libhwcrypt in process (public API, one message per call) "
		 "vs OpenSSL EVP on %s; ", cpu);
	if (!o.tsv)
		printf("%s\n%s\n", desc, afalg);
	bench_intro(&tab, &o, hwc_host_cpu_features(), "", " of thread CPU time", note);
	for (size_t a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
		int kernel;

		cur = &algs[a];
		if (o.only && strcmp(o.only, cur->name))
			continue;
		if (cur->kind == HASH) {
			md = EVP_get_digestbyname(cur->name);
			if (!md)
				die(cur->name);
		} else {
			ci = EVP_get_cipherbyname(cur->name);
			if (!ci || !EVP_EncryptInit_ex(cctx, ci, NULL, key, iv))
				die(cur->name);
		}
		if (open_handles(0, HWCRYPT_BACKEND_PROCESS, &p))
			die(cur->kalg);
		kernel = !open_handles(1, HWCRYPT_BACKEND_KERNEL, &kp);
		if (!kernel && !kwhy[0])
			snprintf(kwhy, sizeof(kwhy), "%s", cur->kalg);
		kernel_any |= kernel;
		for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			struct bench_side_time t[3];
			struct bench_extra x = { .hwc_bound = -1, .ossl_bound = -1, .kern_bound = -1 };
			unsigned int nsides = kernel ? 3 : 2;
			double med, q1, q3;
			char impl[40];

			cur_len = sizes[z];
			for (unsigned int s = 0; s < nsides; s++)
				t[s].iters = bench_calibrate(run_side, NULL, s, o.target / 5, 16, 16,
							     1ul << 40);
			bench_paired(run_side, NULL, t, nsides, o.rounds, sec);
			snprintf(impl, sizeof(impl), "process/%s", p.tier);
			/*
			 * The in-process path's promise (issue 34): OpenSSL's speed or better, judged
			 * on the median of the rounds' paired ratios; a bar inside their IQR is a tie.
			 */
			bench_paired_ratio(sec, nsides, o.rounds, 1, 0, &med, &q1, &q3);
			bench_verdict(&tab, x.bar_openssl, sizeof(x.bar_openssl), 1.0, med, q1, q3);
			bench_emit(&tab, cur->name, cur_len, impl,
				   cur_len * t[1].iters / t[1].best / 1e6,
				   cur_len * t[0].iters / t[0].best / 1e6, -1, &x);
			for (unsigned int s = 0; s < 3; s++)
				us_call[a][z][s] = s < nsides ? t[s].best / t[s].iters * 1e6 : -1;
			if (!kernel)
				continue;
			snprintf(impl, sizeof(impl), "afalg/%.33s", kp.driver);
			bench_row(&tab, cur->name, cur_len, impl,
				  cur_len * t[2].iters / t[2].best / 1e6,
				  cur_len * t[0].iters / t[0].best / 1e6, 0);
		}
		close_handles();
	}
	if (o.tsv)
		goto out;
	bench_bars_summary(&tab, "bench_lib ");
	if (!kernel_any) {
		printf("AF_ALG path: n/a here (the kernel backend refused %s: %s)\n", kwhy, afalg);
		goto out;
	}
	printf("\ntime per call, us (AF_ALG: the kernel's chosen driver through libkcapi)\n"
	       "%-11s %6s %10s %10s %10s %12s\n", "alg", "bytes", "openssl", "process", "afalg",
	       "afalg-proc");
	for (size_t a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
		if (o.only && strcmp(o.only, algs[a].name))
			continue;
		for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			double *u = us_call[a][z];

			if (u[2] < 0) {
				printf("%-11s %6lu %10.2f %10.2f %10s %12s\n", algs[a].name, sizes[z],
				       u[0], u[1], "n/a", "n/a");
				continue;
			}
			printf("%-11s %6lu %10.2f %10.2f %10.2f %12.2f\n", algs[a].name, sizes[z],
			       u[0], u[1], u[2], u[2] - u[1]);
		}
	}
out:
	EVP_MD_CTX_free(mdctx);
	EVP_CIPHER_CTX_free(cctx);
	return 0;
}

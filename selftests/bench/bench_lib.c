// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's in-process path (HWCRYPT_BACKEND=process: hwcrypt's cores behind the public
 * API, with its handle and framing costs) next to OpenSSL EVP, one message per operation:
 * sha256, sha512 (digest), aes-128-ctr, aes-256-xts (encrypt), aes-128-gcm (encrypt with 16
 * bytes of AAD and the tag) at 1, 4 and 16 KiB. Keys are set once; each operation takes a new
 * IV, as a caller's message would.
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
static struct hwcrypt_hash *hh;
static struct hwcrypt_skcipher *hs;
static struct hwcrypt_aead *ha;
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
		if (side == 1) {
			ssize_t r = cur->kind == HASH ?
				hwcrypt_hash_digest(hh, msg, cur_len, out, sizeof(out)) :
				cur->kind == SKCIPHER ?
				hwcrypt_skcipher_encrypt(hs, iv, 16, msg, cur_len, out, sizeof(out)) :
				hwcrypt_aead_encrypt(ha, iv, 12, aad, sizeof(aad), msg, cur_len, out,
						     sizeof(out));

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

int main(int argc, char **argv)
{
	struct bench_opts o = { .target = 0.1, .repeats = 3 };
	struct bench_table tab = { .name = "alg", .size = "bytes", .unit = "MB/s",
				   .wname = 11, .wsize = 6, .wimpl = 18 };
	char cpu[256], desc[512], note[640];
	struct hwcrypt_path p;

	bench_parse(argc, argv, &o, 0,
		    "usage: %s [--tsv] [--time SEC] [--repeats N] [--alg NAME]\n");
	tab.tsv = o.tsv;
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 29 + 1);
	if (hwcrypt_backend_set(HWCRYPT_BACKEND_PROCESS))
		die("hwcrypt_backend_set");
	mdctx = EVP_MD_CTX_new();
	cctx = EVP_CIPHER_CTX_new();
	if (!mdctx || !cctx)
		die("OpenSSL contexts");
	cpu_name(cpu, sizeof(cpu));
	hwcrypt_process_describe(desc, sizeof(desc));
	snprintf(note, sizeof(note), "libhwcrypt in process (public API, one message per call) "
		 "vs OpenSSL EVP on %s; ", cpu);
	if (!o.tsv)
		printf("%s\n", desc);
	bench_intro(&tab, &o, hwc_host_cpu_features(), "", " of thread CPU time", note);
	for (size_t a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
		cur = &algs[a];
		if (o.only && strcmp(o.only, cur->name))
			continue;
		hh = NULL;
		hs = NULL;
		ha = NULL;
		if (cur->kind == HASH) {
			md = EVP_get_digestbyname(cur->name);
			if (!md || hwcrypt_hash_init(&hh, cur->kalg, NULL) || hwcrypt_hash_path(hh, &p))
				die(cur->name);
		} else {
			ci = EVP_get_cipherbyname(cur->name);
			if (!ci || !EVP_EncryptInit_ex(cctx, ci, NULL, key, iv))
				die(cur->name);
			if (cur->kind == SKCIPHER ?
			    hwcrypt_skcipher_init(&hs, cur->kalg, NULL) ||
			    hwcrypt_skcipher_setkey(hs, key, cur->keylen) ||
			    hwcrypt_skcipher_path(hs, &p) :
			    hwcrypt_aead_init(&ha, cur->kalg, NULL) ||
			    hwcrypt_aead_setkey(ha, key, cur->keylen) || hwcrypt_aead_path(ha, &p))
				die(cur->kalg);
		}
		for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			struct bench_side_time t[2];
			char impl[32];

			cur_len = sizes[z];
			for (unsigned int s = 0; s < 2; s++)
				t[s].iters = bench_calibrate(run_side, NULL, s, o.target, 16, 16,
							     1ul << 40);
			bench_best_of(run_side, NULL, t, 2, o.repeats);
			snprintf(impl, sizeof(impl), "process/%s", p.tier);
			bench_row(&tab, cur->name, cur_len, impl,
				  cur_len * t[1].iters / t[1].best / 1e6,
				  cur_len * t[0].iters / t[0].best / 1e6, 0);
		}
		hwcrypt_hash_free(hh);
		hwcrypt_skcipher_free(hs);
		hwcrypt_aead_free(ha);
	}
	EVP_MD_CTX_free(mdctx);
	EVP_CIPHER_CTX_free(cctx);
	return 0;
}

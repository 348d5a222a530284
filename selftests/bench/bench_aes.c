// SPDX-License-Identifier: GPL-2.0
/*
 * Throughput of each hwcrypt AES tier against OpenSSL EVP, one message per request: the key is
 * set once (a tfm), each message gets a fresh IV and runs from start to tag as a kernel request
 * does; OpenSSL is timed the same way (EVP init with the IV + update + final (+ tag) on a
 * preallocated context).
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_aes.h"
#include "bench_util.h"

static const hwc_size sizes[] = { 64, 256, 1024, 8192, 16384 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define MAXIMPL 8

enum mode { CTR, XTS, GCM, CBC };

static const struct alg {
	const char *name;	/* OpenSSL's name, "-dec" for decryption */
	const char *ossl;	/* EVP cipher name */
	enum mode mode;
	int enc;
	unsigned int keylen;	/* bytes (XTS: both keys) */
	/* Linux 7.2 VAES-AVX-512 / OpenSSL 3.0 on this CPU (issue 3), per size; 0: no anchor */
	double anchor[NSIZES];
} algs[] = {
	{ "aes-128-ctr", "AES-128-CTR", CTR, 1, 16, { 12.5, 7.43, 3.72, 2.51, 2.39 } },
	{ "aes-128-ctr-dec", "AES-128-CTR", CTR, 0, 16, { 12.5, 7.43, 3.72, 2.51, 2.39 } },
	{ "aes-256-xts", "AES-256-XTS", XTS, 1, 64, { 2.32, 2.63, 2.46, 2.35, 2.31 } },
	{ "aes-256-xts-dec", "AES-256-XTS", XTS, 0, 64, { 2.32, 2.63, 2.46, 2.35, 2.31 } },
	{ "aes-128-gcm", "AES-128-GCM", GCM, 1, 16, { 15.1, 9.05, 5.28, 3.16, 2.97 } },
	{ "aes-128-gcm-dec", "AES-128-GCM", GCM, 0, 16, { 15.1, 9.05, 5.28, 3.16, 2.97 } },
	{ "aes-256-gcm", "AES-256-GCM", GCM, 1, 32, { 14.1, 7.98, 4.75, 3.10, 2.97 } },
	{ "aes-256-gcm-dec", "AES-256-GCM", GCM, 0, 32, { 14.1, 7.98, 4.75, 3.10, 2.97 } },
	{ "aes-128-cbc", "AES-128-CBC", CBC, 1, 16, { 0 } },
	{ "aes-128-cbc-dec", "AES-128-CBC", CBC, 0, 16, { 0 } },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

/*
 * The bars for the fastest tier: 1.05x the anchor at 1, 8 and 16 KiB (ahead of the
 * best kernel code), 0.9x at 64 and 256 bytes; cbc decryption 2.0 and encryption 1.0 at 8 KiB.
 */
static double bar_fastest(const struct alg *a, unsigned int z)
{
	if (a->mode == CBC)
		return sizes[z] == 8192 ? (a->enc ? 1.0 : 2.0) : 0;
	return a->anchor[z] * (sizes[z] >= 1024 ? 1.05 : 0.9);
}

/* The AES-NI tier is all a CPU without VAES gets: at least OpenSSL's speed at 8 KiB. */
static double bar_tier(const struct alg *a, const struct hwc_aes_impl *impl, unsigned int z)
{
	(void)a;
	return !strcmp(impl->impl, "aesni") && sizes[z] == 8192 ? 1.0 : 0;
}

/* Per side: the tier, NULL for the OpenSSL side. */
static const struct hwc_aes_impl *sides[MAXIMPL + 1];
static hwc_size cur_len;

static const struct alg *cur;
static EVP_CIPHER *cipher;
static EVP_CIPHER_CTX *cctx;
#define NIVS 64
static unsigned char key[64], iv0[16], ivs[NIVS][16];
static struct hwc_aes_key k1, k2;
static struct hwc_gcm_key gk;
static unsigned char msg[16384] __attribute__((aligned(64)));
static unsigned char out[16384 + 16] __attribute__((aligned(64)));
/* Decryption input: the message encrypted by OpenSSL, and its GCM tag per size. */
static unsigned char ct[16384] __attribute__((aligned(64)));
static unsigned char ctag[16];

static void die(const char *what)
{
	fprintf(stderr, "%s %s failed\n", cur->name, what);
	exit(1);
}

static void ossl_one(const unsigned char *iv, const unsigned char *in, hwc_size len)
{
	int n1 = 0, n2 = 0;

	if (!EVP_CipherInit_ex(cctx, NULL, NULL, NULL, iv, cur->enc))
		die("EVP init");
	if (cur->mode == GCM && !cur->enc &&
	    !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_SET_TAG, 16, ctag))
		die("EVP set tag");
	if (!EVP_CipherUpdate(cctx, out, &n1, in, (int)len) ||
	    !EVP_CipherFinal_ex(cctx, out + n1, &n2))
		die("EVP update/final");
	if (cur->mode == GCM && cur->enc &&
	    !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_GET_TAG, 16, out + len))
		die("EVP get tag");
}

/* One request on one tier: what the glue runs for a linear buffer. */
static void hwc_one(const struct hwc_aes_impl *impl, const unsigned char *iv,
		    const unsigned char *in, hwc_size len)
{
	unsigned char v[16], tag[16];
	struct hwc_gcm_ctx c;

	switch (cur->mode) {
	case CTR:
		memcpy(v, iv, 16);
		impl->ctr(&k1, out, in, len, v);
		break;
	case CBC:
		memcpy(v, iv, 16);
		(cur->enc ? impl->cbc_enc : impl->cbc_dec)(&k1, out, in, len / 16, v);
		break;
	case XTS:
		impl->ecb_enc(&k2, v, iv, 1);
		(cur->enc ? impl->xts_enc : impl->xts_dec)(&k1, out, in, len, v);
		break;
	case GCM:
		/* As the glue runs a request whose text is one piece: last piece and tag fused. */
		hwc_gcm_start(impl, &gk, &c, iv);
		(cur->enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)(impl, &gk, &c, out, in,
									   len, tag);
		if (cur->enc)
			memcpy(out + len, tag, 16);
		else if (hwc_memneq(tag, ctag, 16))
			die("hwcrypt tag check");
		break;
	}
}

static double run_side(void *arg, unsigned int side, unsigned long iters)
{
	const struct hwc_aes_impl *impl = sides[side];
	const unsigned char *in = cur->enc ? msg : ct;
	const unsigned char *iv;
	hwc_size len = cur_len;
	unsigned long i;
	double t0 = bench_now();

	(void)arg;

	for (i = 0; i < iters; i++) {
		/*
		 * A fresh IV per message, as requests bring, from a table written before the run
		 * (a byte store just before the 16-byte IV load would time a store-forwarding
		 * stall on both sides). Decryption keeps the IV its ciphertext (and GCM tag) was
		 * made with: another would fail the tag.
		 */
		iv = cur->enc ? ivs[i % NIVS] : iv0;
		if (impl)
			hwc_one(impl, iv, in, len);
		else
			ossl_one(iv, in, len);
	}
	return bench_now() - t0;
}

/* Sets the keys of both sides, and for decryption OpenSSL's ciphertext and tag at @len. */
static void prepare(hwc_size len)
{
	int n1 = 0, n2 = 0;

	if (!EVP_CipherInit_ex(cctx, cipher, NULL, key, iv0, 1) ||
	    !EVP_CipherUpdate(cctx, ct, &n1, msg, (int)len) ||
	    !EVP_CipherFinal_ex(cctx, ct + n1, &n2) ||
	    (cur->mode == GCM && !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_GET_TAG, 16, ctag)))
		die("EVP prepare");
	/* The timed side keeps key and cipher; only IV and direction are set per message. */
	if (!EVP_CipherInit_ex(cctx, cipher, NULL, key, iv0, cur->enc))
		die("EVP key");
	if (cur->mode == CBC && !EVP_CIPHER_CTX_set_padding(cctx, 0))
		die("EVP padding");
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	/* --plot is accepted and left to bench.c (hashes). */
	struct bench_opts o = { .target = 0.1, .repeats = 3 };
	struct bench_table tab = { .name = "alg", .size = "bytes", .unit = "MB/s",
				   .wname = 15, .wsize = 6, .wimpl = 11 };
	unsigned int a, i, j, z;
	int nprinted = 0;

	bench_parse(argc, argv, &o, 0,
		    "usage: %s [--tsv] [--plot FILE] [--features MASK] [--time SEC] [--repeats N]\n"
		    "          [--alg NAME]\n");
	tab.tsv = o.tsv;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	for (i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 29 + 101);
	for (i = 0; i < sizeof(iv0); i++)
		iv0[i] = (unsigned char)(i * 17 + 3);
	/* Bytes 0..11 differ: GCM's 96-bit IVs; 32-bit counters far from wrapping. */
	for (i = 0; i < NIVS; i++) {
		memcpy(ivs[i], iv0, 16);
		ivs[i][0] ^= (unsigned char)i;
		ivs[i][5] ^= (unsigned char)(i * 7);
	}
	cctx = EVP_CIPHER_CTX_new();
	if (!cctx)
		return 1;

	for (a = 0; a < NALGS; a++) {
		const struct alg *al = &algs[a];
		struct bench_side_time times[MAXIMPL + 1];
		unsigned int nsides = 1, fastest;

		if (o.only && strcmp(o.only, al->name))
			continue;
		cur = al;
		cipher = EVP_CIPHER_fetch(NULL, al->ossl, NULL);
		if (!cipher) {
			fprintf(stderr, "OpenSSL has no %s\n", al->ossl);
			return 1;
		}
		if (al->mode == XTS) {
			if (hwc_aes_expand_key(&k1, key, al->keylen / 2) ||
			    hwc_aes_expand_key(&k2, key + al->keylen / 2, al->keylen / 2))
				die("setkey");
		} else if (al->mode == GCM) {
			if (hwc_gcm_setkey(&gk, key, al->keylen))
				die("setkey");
		} else if (hwc_aes_expand_key(&k1, key, al->keylen)) {
			die("setkey");
		}
		memset(sides, 0, sizeof(sides));
		sides[nsides++] = &hwc_aes_generic;
		for (j = 0; j < hwc_aes_nimpls && nsides <= MAXIMPL; j++) {
			const struct hwc_aes_impl *impl = &hwc_aes_impls[j];
			unsigned int need = impl->features |
					    (al->mode == GCM ? impl->aead_features : 0);

			if ((need & features) == need)
				sides[nsides++] = impl;
		}
		fastest = nsides - 1;

		if (!nprinted++)
			bench_intro(&tab, &o, features, "AES: ", "", "one request per message; ");
		for (z = 0; z < NSIZES; z++) {
			hwc_size len = sizes[z];

			prepare(len);
			cur_len = len;
			for (j = 0; j < nsides; j++) {
				/* The portable core is slow by design: a shorter run is enough. */
				double t = sides[j] == &hwc_aes_generic ? o.target / 4 : o.target;

				times[j].iters = bench_calibrate(run_side, NULL, j, t, 4, 16, 1ul << 40);
			}
			bench_best_of(run_side, NULL, times, nsides, o.repeats);
			for (j = 1; j < nsides; j++) {
				double hwc = len * times[j].iters / times[j].best / 1e6;
				double ossl = len * times[0].iters / times[0].best / 1e6;
				double bar = bar_tier(al, sides[j], z);

				if (j == fastest && bar_fastest(al, z) > bar)
					bar = bar_fastest(al, z);
				bench_row(&tab, al->name, len, sides[j]->impl, hwc, ossl, bar);
			}
		}
		EVP_CIPHER_free(cipher);
	}
	bench_bars_summary(&tab, "AES ");
	EVP_CIPHER_CTX_free(cctx);
	return 0;
}

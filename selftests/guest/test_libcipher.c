// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's skcipher and aead calls in the guest, with hwcrypt loaded: one-shot and
 * streamed (random pieces) results against OpenSSL EVP (ecb/cbc/ctr/gcm) or the kernel's
 * generic templates (xts, cts), for random keys, IVs, AAD and lengths including 0 and
 * non-multiples of 16; the tag check (-EBADMSG, output zeroed); the documented errors.
 * Where libhwcrypt serves in process (AF_ALG refused: the host, seccomp, af_alg_restrict, or
 * HWCRYPT_BACKEND=process) the driver names select the cores' tier and OpenSSL is the oracle
 * of every mode (xts: 128- and 256-bit keys, as OpenSSL has them; cts: its CBC-CTS in CS3);
 * INFO: lines say which path served each mode. rfc4106(gcm(aes)) against OpenSSL's GCM.
 * Usage: test_libcipher IMPL [SEED]   (IMPL e.g. aesni: drivers <mode>-aes-hwcrypt-IMPL)
 * Prints PASS:/FAIL:/INFO: lines; exit status 1 on any failure.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include "hwcrypt.h"

static int failures;
static unsigned long long rng_state;

static void check(int ok, const char *what, const char *detail)
{
	printf("%s: %s%s%s\n", ok ? "PASS" : "FAIL", what, ok ? "" : ": ", ok ? "" : detail);
	failures += !ok;
}

static unsigned int rnd(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned int)(rng_state >> 33);
}

static void fill(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)rnd();
}

static const EVP_CIPHER *evp(const char *mode, size_t keylen)
{
	int k = (int)keylen * 8;

	if (!strcmp(mode, "ecb"))
		return k == 128 ? EVP_aes_128_ecb() : k == 192 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
	if (!strcmp(mode, "cbc"))
		return k == 128 ? EVP_aes_128_cbc() : k == 192 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
	if (!strcmp(mode, "ctr"))
		return k == 128 ? EVP_aes_128_ctr() : k == 192 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
	return k == 128 ? EVP_aes_128_gcm() : k == 192 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

static int ossl_crypt(const char *mode, const unsigned char *key, size_t keylen,
		      const unsigned char *iv, const unsigned char *in, size_t len, unsigned char *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, f = 0, ok;

	ok = EVP_EncryptInit_ex(c, evp(mode, keylen), NULL, key, iv) &&
	     EVP_CIPHER_CTX_set_padding(c, 0) &&
	     EVP_EncryptUpdate(c, out, &n, in, (int)len) && EVP_EncryptFinal_ex(c, out + n, &f);
	EVP_CIPHER_CTX_free(c);
	return ok && (size_t)(n + f) == len;
}

static int ossl_gcm(const unsigned char *key, size_t keylen, const unsigned char *iv,
		    const unsigned char *aad, size_t aadlen, const unsigned char *in, size_t len,
		    unsigned char *out, size_t taglen)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, f = 0, ok;

	ok = EVP_EncryptInit_ex(c, evp("gcm", keylen), NULL, key, iv) &&
	     (!aadlen || EVP_EncryptUpdate(c, NULL, &n, aad, (int)aadlen)) &&
	     EVP_EncryptUpdate(c, out, &n, in, (int)len) && EVP_EncryptFinal_ex(c, out + n, &f) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, (int)taglen, out + len);
	EVP_CIPHER_CTX_free(c);
	return ok;
}

/* xts and cts(cbc) of OpenSSL, for the in-process path (the kernel's templates are absent). */
static int ossl_xts_cts(const char *mode, const unsigned char *key, size_t keylen,
			const unsigned char *iv, const unsigned char *in, size_t len,
			unsigned char *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	EVP_CIPHER *cts = NULL;
	const EVP_CIPHER *ci;
	OSSL_PARAM params[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	char name[32];
	int n = 0, f = 0, ok;

	if (!strcmp(mode, "xts")) {
		ci = keylen == 32 ? EVP_aes_128_xts() : keylen == 64 ? EVP_aes_256_xts() : NULL;
	} else {
		snprintf(name, sizeof(name), "AES-%zu-CBC-CTS", keylen * 8);
		ci = cts = EVP_CIPHER_fetch(NULL, name, NULL);
		params[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	}
	ok = ci && EVP_EncryptInit_ex2(c, ci, key, iv, params) &&
	     EVP_EncryptUpdate(c, out, &n, in, (int)len) && EVP_EncryptFinal_ex(c, out + n, &f);
	EVP_CIPHER_CTX_free(c);
	EVP_CIPHER_free(cts);
	return ok && (size_t)(n + f) == len;
}

/*
 * Says which path serves a handle (INFO), from its *_path() call's @r and @p, and whether it
 * is the process.
 */
static int in_process(int r, const struct hwcrypt_path *p, const char *alg)
{
	if (r)
		return 0;
	if (p->backend == HWCRYPT_BACKEND_KERNEL)
		printf("INFO: %s: kernel, driver %s (bound as %s%s)\n", alg, p->driver, p->bound,
		       p->by_name ? ", by algorithm name under af_alg_restrict" : "");
	else
		printf("INFO: %s: in process, tier %s (%s)\n", alg, p->tier, p->why ? p->why : "");
	return p->backend == HWCRYPT_BACKEND_PROCESS;
}

static int skcipher_in_process(struct hwcrypt_skcipher *h, const char *alg)
{
	struct hwcrypt_path p;

	return in_process(hwcrypt_skcipher_path(h, &p), &p, alg);
}

/* Streams @in through @h in random pieces; returns the bytes written or a negative errno. */
static ssize_t stream(struct hwcrypt_skcipher *h, int enc, const unsigned char *iv, size_t ivlen,
		      const unsigned char *in, size_t len, unsigned char *out)
{
	size_t off = 0, done = 0;
	ssize_t r;

	r = hwcrypt_skcipher_begin(h, enc, iv, ivlen);
	if (r)
		return r;
	while (off < len) {
		size_t n = rnd() % 3 ? rnd() % 100 : rnd() % 5000;

		if (n > len - off)
			n = len - off;
		r = hwcrypt_skcipher_update(h, in + off, n, out + done, n + 15);
		if (r < 0)
			return r;
		off += n;
		done += (size_t)r;
	}
	r = hwcrypt_skcipher_final(h, out + done, len - done);
	return r < 0 ? r : (ssize_t)(done + (size_t)r);
}

#define MAXLEN (70 * 1024)

static unsigned char pt[MAXLEN], ct[MAXLEN + 16], ref[MAXLEN + 16], back[MAXLEN + 16];

/* One mode: @drv is our driver, @oracle the kernel's generic one for xts/cts (else OpenSSL). */
static void test_mode(const char *mode, const char *alg, const char *drv, const char *oracle)
{
	struct hwcrypt_skcipher *h = NULL, *o = NULL;
	static const size_t fixed[] = { 0, 16, 17, 31, 32, 4096, 4111, 65536 + 13 };
	unsigned char key[64], iv[16];
	char what[160], detail[160];
	int bad_os = 0, bad_st = 0, bad_dec = 0, rounds = 0, xts = !strcmp(mode, "xts");
	int cts = !strcmp(mode, "cts");
	int blockonly = !strcmp(mode, "ecb") || !strcmp(mode, "cbc");
	int chained = blockonly || !strcmp(mode, "ctr");
	size_t keylen;
	ssize_t r;

	char want[96];
	int process;

	r = hwcrypt_skcipher_init(&h, alg, drv);
	process = !r && skcipher_in_process(h, alg);
	snprintf(want, sizeof(want), process ? "%s@process" : "%s", drv);
	snprintf(what, sizeof(what), "%s init with driver %s (%s)", alg, drv,
		 process ? "in process" : "kernel");
	check(r == 0 && !strcmp(hwcrypt_skcipher_driver(h), want), what, hwcrypt_strerror((int)r));
	if (r)
		return;
	if (process)
		oracle = NULL;
	if (oracle && hwcrypt_skcipher_init(&o, alg, oracle)) {
		/* af_alg_restrict refuses driver names: OpenSSL is the oracle then. */
		printf("INFO: %s: oracle %s refused (%s): OpenSSL instead\n", alg, oracle,
		       hwcrypt_strerror(-ENOENT));
		o = NULL;
	}
	/*
	 * What the library learnt from the kernel: block 16 (ctr: a stream mode, 1), chunk 16,
	 * the IV chained between requests for ecb/cbc/ctr and not for xts/cts (ours and the
	 * kernel's generic template alike).
	 */
	snprintf(detail, sizeof(detail), "block %u, chunk %u, chained %d", hwcrypt_skcipher_blocksize(h),
		 hwcrypt_skcipher_chunksize(h), hwcrypt_skcipher_chained(h));
	snprintf(what, sizeof(what), "%s: block %d, chunk 16, IV %s between requests", alg,
		 chained && !blockonly ? 1 : 16, chained ? "chained" : "not chained");
	check(hwcrypt_skcipher_blocksize(h) == (chained && !blockonly ? 1u : 16u) &&
	      hwcrypt_skcipher_chunksize(h) == 16 && hwcrypt_skcipher_chained(h) == chained &&
	      (!o || !hwcrypt_skcipher_chained(o)), what, detail);
	for (size_t t = 0; t < 24; t++) {
		size_t len = t < sizeof(fixed) / sizeof(fixed[0]) ? fixed[t] : rnd() % 5000;

		keylen = (size_t)(16 + 8 * (rnd() % 3)) * (xts ? 2 : 1);
		if (!o && xts && keylen == 48)
			keylen = 64;
		if (blockonly)
			len -= len % 16;
		if ((xts || cts) && len && len < 16)
			len = 16;
		fill(key, keylen);
		fill(iv, 16);
		fill(pt, len);
		if (hwcrypt_skcipher_setkey(h, key, keylen) ||
		    (o && hwcrypt_skcipher_setkey(o, key, keylen))) {
			bad_os++;
			continue;
		}
		if (o)
			r = hwcrypt_skcipher_encrypt(o, iv, 16, pt, len, ref, len) == (ssize_t)len;
		else if ((xts || cts) && !len)
			r = 1;
		else if (xts || cts)
			r = ossl_xts_cts(mode, key, keylen, iv, pt, len, ref);
		else
			r = ossl_crypt(mode, key, keylen, blockonly && !strcmp(mode, "ecb") ? NULL : iv,
				       pt, len, ref);
		if (!r) {
			bad_os++;
			continue;
		}
		rounds++;
		memset(ct, 0x55, sizeof(ct));
		r = hwcrypt_skcipher_encrypt(h, iv, hwcrypt_skcipher_ivsize(h), pt, len, ct, len);
		bad_os += r != (ssize_t)len || memcmp(ct, ref, len);
		memset(ct, 0x55, sizeof(ct));
		r = stream(h, 1, iv, hwcrypt_skcipher_ivsize(h), pt, len, ct);
		bad_st += r != (ssize_t)len || memcmp(ct, ref, len);
		r = stream(h, 0, iv, hwcrypt_skcipher_ivsize(h), ref, len, back);
		bad_dec += r != (ssize_t)len || memcmp(back, pt, len);
		r = hwcrypt_skcipher_decrypt(h, iv, hwcrypt_skcipher_ivsize(h), ref, len, back, len);
		bad_dec += r != (ssize_t)len || memcmp(back, pt, len);
	}
	snprintf(detail, sizeof(detail), "%d of %d differ", bad_os, rounds);
	snprintf(what, sizeof(what), "%s one-shot encrypt == %s (%d messages, 0..70 KiB)", alg,
		 o ? oracle : "OpenSSL", rounds);
	check(!bad_os && rounds > 20, what, detail);
	snprintf(detail, sizeof(detail), "%d differ", bad_st);
	snprintf(what, sizeof(what), "%s streamed encrypt in random pieces == one-shot", alg);
	check(!bad_st, what, detail);
	snprintf(detail, sizeof(detail), "%d differ", bad_dec);
	snprintf(what, sizeof(what), "%s decrypt (streamed and one-shot) restores the plaintext", alg);
	check(!bad_dec, what, detail);

	if (chained) {
		/* Past HWCRYPT_MAX_MESSAGE: only a mode the library found chained streams this. */
		size_t len = 3 * HWCRYPT_MAX_MESSAGE / 2 + (blockonly ? 0 : 5);
		unsigned char *lp = malloc(len), *lr = malloc(len), *lc = malloc(len + 16);

		keylen = 16;
		fill(key, keylen);
		fill(iv, 16);
		r = 0;
		if (lp && lr && lc && !hwcrypt_skcipher_setkey(h, key, keylen)) {
			fill(lp, len);
			r = ossl_crypt(mode, key, keylen, !strcmp(mode, "ecb") ? NULL : iv, lp, len, lr) &&
			    stream(h, 1, iv, hwcrypt_skcipher_ivsize(h), lp, len, lc) == (ssize_t)len &&
			    !memcmp(lc, lr, len);
		}
		snprintf(what, sizeof(what), "%s: %zu bytes streamed in random pieces == OpenSSL", alg,
			 len);
		check(r == 1, what, "differs or failed");
		free(lp);
		free(lr);
		free(lc);
	}

	/* Errors the API documents. */
	snprintf(what, sizeof(what), "%s: key of 17 bytes -> -EINVAL", alg);
	check(hwcrypt_skcipher_setkey(h, key, 17) == -EINVAL, what, "");
	hwcrypt_skcipher_setkey(h, key, xts ? 32 : 16);
	if (hwcrypt_skcipher_ivsize(h)) {
		snprintf(what, sizeof(what), "%s: IV of 12 bytes -> -EINVAL", alg);
		check(hwcrypt_skcipher_encrypt(h, iv, 12, pt, 32, ct, 32) == -EINVAL, what, "");
	}
	if (blockonly) {
		snprintf(what, sizeof(what), "%s: 20 bytes (not whole blocks) -> -EINVAL", alg);
		check(hwcrypt_skcipher_encrypt(h, iv, hwcrypt_skcipher_ivsize(h), pt, 20, ct, 20) == -EINVAL,
		      what, "");
	}
	if (xts || cts) {
		static unsigned char big[HWCRYPT_MAX_MESSAGE + 16];

		snprintf(what, sizeof(what), "%s: 15 bytes -> -EINVAL", alg);
		check(hwcrypt_skcipher_encrypt(h, iv, 16, pt, 15, ct, 15) == -EINVAL, what, "");
		snprintf(what, sizeof(what), "%s: message of HWCRYPT_MAX_MESSAGE bytes works", alg);
		r = hwcrypt_skcipher_encrypt(h, iv, 16, big, HWCRYPT_MAX_MESSAGE, big,
					     HWCRYPT_MAX_MESSAGE);
		check(r == HWCRYPT_MAX_MESSAGE, what, hwcrypt_strerror((int)r));
		snprintf(what, sizeof(what), "%s: one byte more -> -EMSGSIZE", alg);
		check(hwcrypt_skcipher_encrypt(h, iv, 16, big, HWCRYPT_MAX_MESSAGE + 16, big,
					       sizeof(big)) == -EMSGSIZE, what, "");
	}
	hwcrypt_skcipher_free(h);
	hwcrypt_skcipher_free(o);
}

static int aead_in_process(struct hwcrypt_aead *h, const char *alg)
{
	struct hwcrypt_path p;

	return in_process(hwcrypt_aead_path(h, &p), &p, alg);
}

/*
 * rfc4106(gcm(aes)) as IPsec ESP uses it (RFC 4106): key || 4-byte salt, nonce salt || IV,
 * the associated data SPI || seq (8 or 12 bytes) followed by the IV, which AF_ALG takes as
 * the end of the AAD and GHASH skips. OpenSSL's GCM over salt || IV and SPI || seq is the
 * oracle.
 */
static void test_rfc4106(const char *drv)
{
	struct hwcrypt_aead *h = NULL;
	static const size_t tags[] = { 16, 12, 8 };
	unsigned char key[36], iv[12], aad[20];
	char detail[96];
	int bad = 0, bad_dec = 0, bad_tag = 0, rounds = 0;
	ssize_t r;

	r = hwcrypt_aead_init(&h, "rfc4106(gcm(aes))", drv);
	check(r == 0, "rfc4106(gcm(aes)) init with our driver", hwcrypt_strerror((int)r));
	if (r)
		return;
	aead_in_process(h, "rfc4106(gcm(aes))");
	for (size_t t = 0; t < 12; t++) {
		size_t keylen = 16 + 8 * (t % 3), taglen = tags[t % 3];
		size_t aadlen = t % 2 ? 20 : 16, len = t < 2 ? t * 16 : rnd() % 3000;

		fill(key, keylen + 4);
		fill(iv, 12);	/* salt = key tail, copied over iv[0..3] below */
		memcpy(iv, key + keylen, 4);
		fill(aad, aadlen - 8);
		memcpy(aad + aadlen - 8, iv + 4, 8);
		fill(pt, len);
		if (hwcrypt_aead_setkey(h, key, keylen + 4) || hwcrypt_aead_settaglen(h, taglen) ||
		    !ossl_gcm(key, keylen, iv, aad, aadlen - 8, pt, len, ref, taglen)) {
			bad++;
			continue;
		}
		rounds++;
		r = hwcrypt_aead_encrypt(h, iv + 4, 8, aad, aadlen, pt, len, ct, sizeof(ct));
		bad += r != (ssize_t)(len + taglen) || memcmp(ct, ref, len + taglen);
		r = hwcrypt_aead_decrypt(h, iv + 4, 8, aad, aadlen, ref, len + taglen, back,
					 sizeof(back));
		bad_dec += r != (ssize_t)len || memcmp(back, pt, len);
		ref[len] ^= 0x80;
		r = hwcrypt_aead_decrypt(h, iv + 4, 8, aad, aadlen, ref, len + taglen, back,
					 sizeof(back));
		bad_tag += r != -EBADMSG;
	}
	snprintf(detail, sizeof(detail), "%d of %d differ", bad, rounds);
	check(!bad && rounds == 12, "rfc4106(gcm(aes)) encrypt == OpenSSL GCM over salt || IV", detail);
	snprintf(detail, sizeof(detail), "%d differ, %d tags not refused", bad_dec, bad_tag);
	check(!bad_dec && !bad_tag, "rfc4106(gcm(aes)) decrypt, corrupted tag -> -EBADMSG", detail);
	hwcrypt_aead_setkey(h, key, 20);
	check(hwcrypt_aead_encrypt(h, iv + 4, 8, aad, 12, pt, 16, ct, sizeof(ct)) == -EINVAL,
	      "rfc4106(gcm(aes)): associated data of 12 bytes -> -EINVAL", "");
	check(hwcrypt_aead_settaglen(h, 4) == -EINVAL, "rfc4106(gcm(aes)): tag of 4 bytes -> -EINVAL",
	      "");
	hwcrypt_aead_free(h);
}

static void test_gcm(const char *drv)
{
	struct hwcrypt_aead *h = NULL;
	static const size_t fixed[] = { 0, 1, 15, 16, 17, 4096, 65536 + 5 };
	static const size_t tags[] = { 16, 12, 8, 4, 13 };
	unsigned char key[32], iv[12], aad[300];
	char detail[160];
	int bad = 0, bad_st = 0, bad_dec = 0, bad_tag = 0, rounds = 0;
	ssize_t r;

	char want[96];

	r = hwcrypt_aead_init(&h, "gcm(aes)", drv);
	snprintf(want, sizeof(want), !r && aead_in_process(h, "gcm(aes)") ? "%s@process" : "%s",
		 drv);
	check(r == 0 && !strcmp(hwcrypt_aead_driver(h), want), "gcm(aes) init with our driver",
	      hwcrypt_strerror((int)r));
	if (r)
		return;
	for (size_t t = 0; t < 20; t++) {
		size_t len = t < sizeof(fixed) / sizeof(fixed[0]) ? fixed[t] : rnd() % 5000;
		size_t keylen = 16 + 8 * (rnd() % 3), aadlen = t % 3 ? rnd() % 300 : 0;
		size_t taglen = tags[t % 5], off, n;

		fill(key, keylen);
		fill(iv, 12);
		fill(aad, aadlen);
		fill(pt, len);
		if (hwcrypt_aead_setkey(h, key, keylen) || hwcrypt_aead_settaglen(h, taglen) ||
		    !ossl_gcm(key, keylen, iv, aad, aadlen, pt, len, ref, taglen)) {
			bad++;
			continue;
		}
		rounds++;
		r = hwcrypt_aead_encrypt(h, iv, 12, aad, aadlen, pt, len, ct, sizeof(ct));
		bad += r != (ssize_t)(len + taglen) || memcmp(ct, ref, len + taglen);
		/* Streamed: AAD at begin, data in random pieces, everything out at final. */
		memset(ct, 0, sizeof(ct));
		hwcrypt_aead_begin(h, 1, iv, 12, aad, aadlen);
		for (off = 0; off < len; off += n) {
			n = rnd() % 3000;
			n = n > len - off ? len - off : n;
			hwcrypt_aead_update(h, pt + off, n);
		}
		r = hwcrypt_aead_final(h, ct, sizeof(ct));
		bad_st += r != (ssize_t)(len + taglen) || memcmp(ct, ref, len + taglen);
		r = hwcrypt_aead_decrypt(h, iv, 12, aad, aadlen, ref, len + taglen, back, sizeof(back));
		bad_dec += r != (ssize_t)len || memcmp(back, pt, len);
		/* A flipped tag bit: -EBADMSG and nothing of the plaintext in the buffer. */
		ref[len + rnd() % taglen] ^= (unsigned char)(1u << (rnd() % 8));
		memset(back, 0xaa, sizeof(back));
		r = hwcrypt_aead_decrypt(h, iv, 12, aad, aadlen, ref, len + taglen, back, sizeof(back));
		for (off = 0; off < len; off++)
			bad_tag += back[off] != 0;
		bad_tag += r != -EBADMSG;
	}
	snprintf(detail, sizeof(detail), "%d of %d differ", bad, rounds);
	check(!bad && rounds == 20, "gcm(aes) one-shot ciphertext || tag == OpenSSL (tags 4..16, AAD 0..299)",
	      detail);
	snprintf(detail, sizeof(detail), "%d differ", bad_st);
	check(!bad_st, "gcm(aes) streamed encrypt == OpenSSL", detail);
	snprintf(detail, sizeof(detail), "%d differ", bad_dec);
	check(!bad_dec, "gcm(aes) decrypt of OpenSSL's ciphertext", detail);
	snprintf(detail, sizeof(detail), "%d bad", bad_tag);
	check(!bad_tag, "gcm(aes) corrupted tag: -EBADMSG and the output buffer zeroed", detail);

	hwcrypt_aead_settaglen(h, 16);
	check(hwcrypt_aead_settaglen(h, 5) == -EINVAL, "gcm(aes): tag of 5 bytes -> -EINVAL", "");
	check(hwcrypt_aead_setkey(h, key, 20) == -EINVAL, "gcm(aes): key of 20 bytes -> -EINVAL", "");
	hwcrypt_aead_setkey(h, key, 16);
	check(hwcrypt_aead_encrypt(h, iv, 16, NULL, 0, pt, 16, ct, sizeof(ct)) == -EINVAL,
	      "gcm(aes): IV of 16 bytes -> -EINVAL", "");
	check(hwcrypt_aead_encrypt(h, iv, 12, NULL, 0, pt, 16, ct, 16) == -EINVAL,
	      "gcm(aes): output without room for the tag -> -EINVAL", "");
	check(hwcrypt_aead_decrypt(h, iv, 12, NULL, 0, pt, 15, back, sizeof(back)) == -EBADMSG,
	      "gcm(aes): input shorter than the tag -> -EBADMSG", "");
	hwcrypt_aead_free(h);
}

int main(int argc, char **argv)
{
	struct hwcrypt_skcipher *s = NULL;
	static const char *const modes[] = { "ecb", "cbc", "ctr", "xts", "cts" };
	/* hwc.sh: the kernel's own AES cipher, aes-generic or (7.x) aes-lib. */
	const char *aes_generic = getenv("HWC_AES_GENERIC") ? getenv("HWC_AES_GENERIC") : "aes-generic";
	char alg[32], drv[64], gen[64];

	if (argc < 2) {
		fprintf(stderr, "usage: %s IMPL [SEED]\n", argv[0]);
		return 2;
	}
	rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	printf("INFO: seed %llu\n", rng_state);
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		const char *m = modes[i];
		int cts = !strcmp(m, "cts");

		snprintf(alg, sizeof(alg), cts ? "cts(cbc(aes))" : "%s(aes)", m);
		snprintf(drv, sizeof(drv), "%s-aes-hwcrypt-%s", cts ? "cts-cbc" : m, argv[1]);
		snprintf(gen, sizeof(gen), !strcmp(m, "xts") ? "xts(ecb(%s))" : "cts(cbc(%s))",
			 aes_generic);
		test_mode(m, alg, drv, !strcmp(m, "xts") || cts ? gen : NULL);
	}
	snprintf(drv, sizeof(drv), "gcm-aes-hwcrypt-%s", argv[1]);
	test_gcm(drv);
	snprintf(drv, sizeof(drv), "rfc4106-gcm-aes-hwcrypt-%s", argv[1]);
	test_rfc4106(drv);

	snprintf(drv, sizeof(drv), "cbc-aes-hwcrypt-%s", argv[1]);
	check(hwcrypt_skcipher_init(&s, "ctr(aes)", drv) == -EINVAL,
	      "skcipher: driver of another algorithm -> -EINVAL", "");
	if (!hwcrypt_skcipher_init(&s, "ctr(aes)", NULL) && skcipher_in_process(s, "ctr(aes)")) {
		ssize_t r;

		hwcrypt_skcipher_free(s);
		s = NULL;
		r = hwcrypt_skcipher_init(&s, "ctr(nosuch)", NULL);
		check(r == -ENOENT || r == -EAFNOSUPPORT || r == -EPERM || r == -EACCES,
		      "skcipher in process: unknown algorithm -> the kernel's refusal (or -ENOENT)",
		      hwcrypt_strerror((int)r));
		printf("INFO: in process: the kernel's %s exists only in the kernel: not tested\n",
		       aes_generic);
		printf("%d failed\n", failures);
		return failures != 0;
	}
	hwcrypt_skcipher_free(s);
	s = NULL;
	check(hwcrypt_skcipher_init(&s, "ctr(nosuch)", NULL) == -ENOENT,
	      "skcipher: unknown algorithm -> -ENOENT", "");
	{
		char d[512];

		hwcrypt_afalg_describe(d, sizeof(d));
		if (strstr(d, "AF_ALG restricted")) {
			printf("INFO: %s: ctr(%s) is refused by name: not tested\n", d, aes_generic);
			printf("%d failed\n", failures);
			return failures != 0;
		}
	}
	snprintf(gen, sizeof(gen), "ctr(%s)", aes_generic);
	check(hwcrypt_skcipher_init(&s, "ctr(aes)", aes_generic) == 0 &&
	      !strcmp(hwcrypt_skcipher_driver(s), gen),
	      "skcipher: inner driver wrapped in the template (ctr(aes-generic))", "");
	hwcrypt_skcipher_free(s);
	printf("%d failed\n", failures);
	return failures != 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time evidence for the portable AES tier (kmod/generic/aes.c), run under valgrind
 * memcheck (make ct-check): the key and the plaintext are marked undefined before each call, so
 * memcheck reports any branch or memory address that depends on them, in the key schedule and
 * in every mode. Results are declared defined again only after the call, where the caller
 * legitimately receives them, and are compared with OpenSSL's so that a run that computed
 * something else does not count.
 *
 * --plant is the control: the same run plus one S-box table lookup indexed by a key byte, the
 * very thing the bitsliced core exists to avoid. memcheck must report it, or the marking above
 * would prove nothing.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "hwc_aes.h"

#define LEN 100			/* six whole blocks and a partial one: 4 lanes, then 2, then a tail */

static const struct hwc_aes_impl *g = &hwc_aes_generic;
static int bad, runs;

static void secret(const void *p, size_t n)
{
	VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

static void public(const void *p, size_t n)
{
	VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/* The oracle's answer, from the key and text as defined values: it is not under test. */
static void ossl(const char *name, int enc, unsigned char *key, const unsigned char *iv,
		 unsigned char *in, int len, unsigned char *out, unsigned char *tag)
{
	EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int n1 = 0, n2 = 0;

	public(key, 64);
	public(in, len);

	if (!c || !x || !EVP_CipherInit_ex(x, c, NULL, key, iv, enc) ||
	    !EVP_CIPHER_CTX_set_padding(x, 0) || !EVP_CipherUpdate(x, out, &n1, in, len) ||
	    !EVP_CipherFinal_ex(x, out + n1, &n2) ||
	    (tag && !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag))) {
		fprintf(stderr, "ct_aes: OpenSSL %s failed\n", name);
		bad++;
	}
	EVP_CIPHER_CTX_free(x);
	EVP_CIPHER_free(c);
}

static void check(const char *what, unsigned int bits, const unsigned char *got,
		  const unsigned char *want, size_t n)
{
	public(got, n);
	runs++;
	if (memcmp(got, want, n)) {
		printf("FAIL generic %s-%u: differs from OpenSSL\n", what, bits);
		bad++;
	}
}

int main(int argc, char **argv)
{
	static const unsigned char table[256] = { 0x63, 0x7c, 0x77, 0x7b };
	int plant = argc > 1 && !strcmp(argv[1], "--plant");
	static unsigned char key[64];
	unsigned char iv[16], pt[LEN], ct[LEN], want[LEN], got[LEN], v[16], tag[16];
	unsigned char wtag[16], name[32];
	struct hwc_aes_key k1, k2;
	struct hwc_gcm_key gk;
	struct hwc_gcm_ctx gc;
	unsigned int kl, i;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 59 + 17);
	for (i = 0; i < sizeof(iv); i++)
		iv[i] = (unsigned char)(i * 7 + 1);
	for (i = 0; i < LEN; i++)
		pt[i] = (unsigned char)(i * 13 + 5);

	for (kl = 16; kl <= 32; kl += 8) {
		unsigned int bits = kl * 8;

		/* ecb, enc and dec (the first 96 bytes: whole blocks) */
		snprintf((char *)name, sizeof(name), "AES-%u-ECB", bits);
		ossl((char *)name, 1, key, NULL, pt, 96, want, NULL);
		secret(key, kl);
		if (g->expand_key(&k1, key, kl))
			return 2;
		secret(pt, LEN);
		g->ecb_enc(&k1, got, pt, 6);
		check("ecb-enc", bits, got, want, 96);
		memcpy(ct, want, 96);
		secret(ct, 96);
		g->ecb_dec(&k1, got, ct, 6);
		public(pt, LEN);
		check("ecb-dec", bits, got, pt, 96);

		/* cbc */
		snprintf((char *)name, sizeof(name), "AES-%u-CBC", bits);
		ossl((char *)name, 1, key, iv, pt, 96, want, NULL);
		memcpy(v, iv, 16);
		secret(pt, LEN);
		g->cbc_enc(&k1, got, pt, 6, v);
		check("cbc-enc", bits, got, want, 96);
		memcpy(ct, want, 96);
		memcpy(v, iv, 16);
		secret(ct, 96);
		g->cbc_dec(&k1, got, ct, 6, v);
		public(pt, LEN);
		check("cbc-dec", bits, got, pt, 96);

		/* ctr, with the partial block */
		snprintf((char *)name, sizeof(name), "AES-%u-CTR", bits);
		ossl((char *)name, 1, key, iv, pt, LEN, want, NULL);
		memcpy(v, iv, 16);
		secret(pt, LEN);
		g->ctr(&k1, got, pt, LEN, v);
		check("ctr", bits, got, want, LEN);
		public(pt, LEN);

		/* gcm: H and its powers come from the secret key too */
		snprintf((char *)name, sizeof(name), "AES-%u-GCM", bits);
		ossl((char *)name, 1, key, iv, pt, LEN, want, wtag);
		secret(key, kl);
		if (hwc_gcm_setkey(&gk, key, kl))
			return 2;
		secret(pt, LEN);
		hwc_gcm_start(g, &gk, &gc, iv);
		hwc_gcm_encrypt_final(g, &gk, &gc, got, pt, LEN, tag);
		check("gcm-enc", bits, got, want, LEN);
		check("gcm-tag", bits, tag, wtag, 16);
		memcpy(ct, want, LEN);
		secret(ct, LEN);
		hwc_gcm_start(g, &gk, &gc, iv);
		hwc_gcm_decrypt_final(g, &gk, &gc, got, ct, LEN, tag);
		public(pt, LEN);
		check("gcm-dec", bits, got, pt, LEN);
		check("gcm-dec-tag", bits, tag, wtag, 16);
		public(key, sizeof(key));
	}

	/* xts (AES-128 and AES-256 keys), with ciphertext stealing; the encrypted tweak is secret */
	for (kl = 16; kl <= 32; kl += 16) {
		unsigned int bits = kl * 16;

		snprintf((char *)name, sizeof(name), "AES-%u-XTS", kl * 8);
		ossl((char *)name, 1, key, iv, pt, LEN, want, NULL);
		secret(key, 2 * kl);
		if (g->expand_key(&k1, key, kl) || g->expand_key(&k2, key + kl, kl))
			return 2;
		secret(pt, LEN);
		g->ecb_enc(&k2, v, iv, 1);
		g->xts_enc(&k1, got, pt, LEN, v);
		check("xts-enc", bits, got, want, LEN);
		memcpy(ct, want, LEN);
		secret(ct, LEN);
		g->ecb_enc(&k2, v, iv, 1);
		g->xts_dec(&k1, got, ct, LEN, v);
		public(pt, LEN);
		check("xts-dec", bits, got, pt, LEN);
		public(key, sizeof(key));
	}

	if (plant) {
		volatile unsigned char s;

		secret(key, 16);
		s = table[key[0]];
		(void)s;
		public(key, sizeof(key));
	}
	if (!bad)
		printf("ran  generic aes: key schedule, ecb, cbc, ctr, gcm (128/192/256) and xts "
		       "(256/512), %d results equal to OpenSSL, key and text undefined%s\n", runs,
		       plant ? ", plus the planted lookup" : "");
	return bad ? 1 : 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The OpenSSL oracle of test_aes.c, also served to other targets by aes_oracle.c. Includers
 * define enum mode (ECB, CBC, CTR, XTS, CTS) and mode_name[] first.
 */
#ifndef HWC_AES_OSSL_H
#define HWC_AES_OSSL_H

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdio.h>
#include <stdlib.h>

static const EVP_CIPHER *cipher_for(enum mode m, unsigned int keylen)
{
	char name[32];

	if (m == XTS)
		snprintf(name, sizeof(name), "AES-%u-XTS", keylen * 4);
	else if (m == CTS)
		snprintf(name, sizeof(name), "AES-%u-CBC-CTS", keylen * 8);
	else
		snprintf(name, sizeof(name), "AES-%u-%s", keylen * 8,
			 m == ECB ? "ECB" : m == CBC ? "CBC" : "CTR");
	return EVP_CIPHER_fetch(NULL, name, NULL);
}

static void ossl_crypt(enum mode m, int enc, const unsigned char *key, unsigned int keylen,
		       const unsigned char *iv, const unsigned char *in, size_t len,
		       unsigned char *out)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	EVP_CIPHER *c = (EVP_CIPHER *)cipher_for(m, keylen);
	OSSL_PARAM params[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	int n1 = 0, n2 = 0;

	if (m == CTS)
		params[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	if (!ctx || !c || !EVP_CipherInit_ex2(ctx, c, key, iv, enc, params) ||
	    !EVP_CIPHER_CTX_set_padding(ctx, 0) ||
	    !EVP_CipherUpdate(ctx, out, &n1, in, (int)len) ||
	    !EVP_CipherFinal_ex(ctx, out + n1, &n2) || (size_t)(n1 + n2) != len) {
		fprintf(stderr, "OpenSSL %s keylen %u len %zu failed\n", mode_name[m], keylen, len);
		exit(1);
	}
	EVP_CIPHER_free(c);
	EVP_CIPHER_CTX_free(ctx);
}

static void ossl_gcm(int enc, const unsigned char *key, unsigned int keylen,
		     const unsigned char *iv, const unsigned char *aad, size_t aadlen,
		     const unsigned char *in, size_t len, unsigned char *out, unsigned char tag[16])
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *c = keylen == 16 ? EVP_aes_128_gcm() : keylen == 24 ? EVP_aes_192_gcm() :
			      EVP_aes_256_gcm();
	int n = 0;

	if (!ctx || !EVP_CipherInit_ex(ctx, c, NULL, key, iv, 1) ||
	    (aadlen && !EVP_CipherUpdate(ctx, NULL, &n, aad, (int)aadlen)) ||
	    (len && !EVP_CipherUpdate(ctx, out, &n, in, (int)len)) ||
	    !EVP_CipherFinal_ex(ctx, out, &n) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag)) {
		fprintf(stderr, "OpenSSL gcm failed\n");
		exit(1);
	}
	(void)enc;
	EVP_CIPHER_CTX_free(ctx);
}

#endif /* HWC_AES_OSSL_H */

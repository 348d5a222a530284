// SPDX-License-Identifier: GPL-2.0
/* fuzz_afalg: the OpenSSL oracle of hashes, hmac and AES modes as AF_ALG must give them. */
#include "common.h"
#include <openssl/core_names.h>
#include <openssl/params.h>

EVP_MAC *hmac_mac;

void oracle_free(struct fz_oracle *o)
{
	EVP_MD_CTX_free(o->md);
	EVP_MAC_CTX_free(o->mac);
	o->md = NULL;
	o->mac = NULL;
}

void oracle_init(struct fz_oracle *o, const struct fz_target *t, const uint8_t *key,
		 size_t keylen)
{
	static const uint8_t nokey[1];

	oracle_free(o);
	if (t->keyed) {
		OSSL_PARAM p[2];

		p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
							(char *)EVP_MD_get0_name(t->md), 0);
		p[1] = OSSL_PARAM_construct_end();
		o->mac = EVP_MAC_CTX_new(hmac_mac);
		if (!o->mac || !EVP_MAC_init(o->mac, keylen ? key : nokey, keylen, p)) {
			fprintf(stderr, "fuzz_afalg: OpenSSL HMAC init failed\n");
			exit(2);
		}
	} else {
		o->md = EVP_MD_CTX_new();
		if (!o->md || !EVP_DigestInit_ex(o->md, t->md, NULL)) {
			fprintf(stderr, "fuzz_afalg: OpenSSL digest init failed\n");
			exit(2);
		}
	}
}

void oracle_update(struct fz_oracle *o, const uint8_t *p, size_t n)
{
	/*
	 * OpenSSL reads from a bounce copy: under QEMU TCG its AVX2 SHA-512 faulted on input that
	 * ends right before the fuzzer's guard page (the same call is fine on real hardware).
	 */
	static __thread uint8_t bounce[FZ_BIG + 64];
	int ok;

	if (n > FZ_BIG) {
		fprintf(stderr, "fuzz_afalg: oracle input too long\n");
		exit(2);
	}
	memcpy(bounce, p, n);
	ok = o->mac ? EVP_MAC_update(o->mac, bounce, n) : EVP_DigestUpdate(o->md, bounce, n);

	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL update failed\n");
		exit(2);
	}
}

void oracle_final(struct fz_oracle *o, uint8_t *out)
{
	size_t n = 0;
	unsigned int m = 0;
	int ok = o->mac ? EVP_MAC_final(o->mac, out, &n, FZ_MAX_DS) :
			  EVP_DigestFinal_ex(o->md, out, &m);

	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL final failed\n");
		exit(2);
	}
	oracle_free(o);
}

void oracle_dup(struct fz_oracle *dst, const struct fz_oracle *src)
{
	oracle_free(dst);
	if (src->mac)
		dst->mac = EVP_MAC_CTX_dup(src->mac);
	if (src->md) {
		dst->md = EVP_MD_CTX_new();
		if (dst->md)
			EVP_MD_CTX_copy_ex(dst->md, src->md);
	}
	if ((src->mac && !dst->mac) || (src->md && !dst->md)) {
		fprintf(stderr, "fuzz_afalg: OpenSSL dup failed\n");
		exit(2);
	}
}

void digest_oneshot(const struct fz_target *t, const uint8_t *key, size_t keylen,
		    const uint8_t *p, size_t n, uint8_t *out)
{
	struct fz_oracle o = { 0 };

	oracle_init(&o, t, key, keylen);
	oracle_update(&o, p, n);
	oracle_final(&o, out);
}

/* Key lengths the kernel takes: AES 16/24/32 bytes, both halves for xts, plus the salt for rfc4106. */
int cipher_keylen_ok(const struct fz_target *t, size_t n)
{
	size_t mul = t->cmode == FZ_XTS ? 2 : 1, add = t->cmode == FZ_RFC4106 ? 4 : 0;

	return n == 16 * mul + add || n == 24 * mul + add || n == 32 * mul + add;
}

size_t cipher_keylen_pick(const struct fz_target *t, struct fz_rng *r)
{
	return (16 + 8 * rng_below(r, 3)) * (t->cmode == FZ_XTS ? 2 : 1) +
	       (t->cmode == FZ_RFC4106 ? 4 : 0);
}

/* gcm: 4, 8, 12..16 (SP 800-38D 5.2.1.2); rfc4106: 8, 12, 16 (RFC 4106 8.1). */
int cipher_authsize_ok(const struct fz_target *t, unsigned int n)
{
	if (t->cmode == FZ_RFC4106)
		return n == 8 || n == 12 || n == 16;
	return n == 4 || n == 8 || (n >= 12 && n <= 16);
}

/*
 * OpenSSL's @name on @in: whole for skcipher, AAD (@aad bytes of it at @in) and @text after
 * @assoclen bytes for aead, @k the AES key, @n the IV or nonce, @prm the CTS variant. Returns
 * the output length or -EBADMSG.
 */
static long cipher_openssl(const struct fz_target *t, const char *name, const uint8_t *k,
			   const uint8_t *n, const OSSL_PARAM *prm, int enc, unsigned int authsize,
			   size_t assoclen, size_t aad, size_t text, const uint8_t *in, size_t len,
			   uint8_t *out)
{
	EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int o1 = 0, o2 = 0, ok;

	if (!c || !x) {
		fprintf(stderr, "fuzz_afalg: OpenSSL has no %s\n", name);
		exit(2);
	}
	if (t->cmode < FZ_GCM) {
		ok = EVP_CipherInit_ex2(x, c, k, t->cmode == FZ_ECB ? NULL : n, enc, prm) &&
		     EVP_CIPHER_CTX_set_padding(x, 0) &&
		     EVP_CipherUpdate(x, out, &o1, in, (int)len) &&
		     EVP_CipherFinal_ex(x, out + o1, &o2);
		EVP_CIPHER_free(c);
		EVP_CIPHER_CTX_free(x);
		if (!ok) {
			fprintf(stderr, "fuzz_afalg: OpenSSL %s of %zu bytes failed\n", name, len);
			exit(2);
		}
		return (long)len;
	}
	memmove(out, in, assoclen);
	ok = EVP_CipherInit_ex2(x, c, k, n, enc, NULL) &&
	     (!aad || EVP_CipherUpdate(x, NULL, &o1, in, (int)aad)) &&
	     (!text || EVP_CipherUpdate(x, out + assoclen, &o1, in + assoclen, (int)text));
	if (ok && !enc) {
		uint8_t tag[16];

		memcpy(tag, in + assoclen + text, authsize);
		ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_TAG, (int)authsize, tag);
		if (ok && !EVP_CipherFinal_ex(x, out + assoclen + text, &o2)) {
			EVP_CIPHER_free(c);
			EVP_CIPHER_CTX_free(x);
			return -EBADMSG;
		}
	} else if (ok) {
		ok = EVP_CipherFinal_ex(x, out + assoclen + text, &o2) &&
		     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, (int)authsize,
					 out + assoclen + text);
	}
	EVP_CIPHER_free(c);
	EVP_CIPHER_CTX_free(x);
	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL %s failed\n", name);
		exit(2);
	}
	return (long)(assoclen + text + (enc ? authsize : 0));
}

/*
 * What AF_ALG must give for one whole message @in of @len bytes, laid out as algif_skcipher and
 * algif_aead take it (aead: AAD || text [|| tag]) and give it back (aead: AAD || text [|| tag]).
 * Returns the output length, or -EINVAL where the kernel must refuse the lengths, -EBADMSG
 * for a tag that does not verify, FZ_NO_ORACLE (AES-192-XTS: OpenSSL has none).
 */
long cipher_expect(const struct fz_target *t, const uint8_t *key, size_t keylen, int enc,
		   const uint8_t *iv, unsigned int authsize, size_t assoclen,
		   const uint8_t *in, size_t len, uint8_t *out)
{
	static const char *const mname[] = { [FZ_ECB] = "ECB", [FZ_CBC] = "CBC", [FZ_CTR] = "CTR",
					     [FZ_XTS] = "XTS", [FZ_CTS] = "CBC-CTS",
					     [FZ_GCM] = "GCM", [FZ_RFC4106] = "GCM" };
	int aead = t->cmode >= FZ_GCM;
	size_t kl = keylen - (t->cmode == FZ_RFC4106 ? 4 : 0), text = 0, aad = 0;
	uint8_t nonce[12];
	const uint8_t *n = iv;
	char name[32];
	OSSL_PARAM prm[2] = { OSSL_PARAM_END, OSSL_PARAM_END };

	if (!cipher_keylen_ok(t, keylen))
		return -EINVAL;
	switch (t->cmode) {
	case FZ_ECB:
	case FZ_CBC:
		if (len % 16)
			return -EINVAL;
		break;
	case FZ_CTR:
		break;
	case FZ_XTS:
	case FZ_CTS:
		if (len < 16)
			return -EINVAL;
		if (t->cmode == FZ_XTS && keylen == 48)
			return FZ_NO_ORACLE;
		break;
	case FZ_GCM:
	case FZ_RFC4106:
		if (len < assoclen + (enc ? 0 : authsize))
			return -EINVAL;
		if (t->cmode == FZ_RFC4106 && assoclen != 16 && assoclen != 20)
			return -EINVAL;
		text = len - assoclen - (enc ? 0 : authsize);
		aad = t->cmode == FZ_RFC4106 ? assoclen - 8 : assoclen;
		if (t->cmode == FZ_RFC4106) {
			memcpy(nonce, key + kl, 4);
			memcpy(nonce + 4, iv, 8);
			n = nonce;
		}
		break;
	default:
		return -EINVAL;
	}
	if (!aead && !len)
		return 0;
	snprintf(name, sizeof(name), "AES-%zu-%s", kl * 8 / (t->cmode == FZ_XTS ? 2 : 1),
		 mname[t->cmode]);
	if (t->cmode == FZ_CTS)
		prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	return cipher_openssl(t, name, key, n, prm, enc, authsize, assoclen, aad, text, in, len,
			      out);
}

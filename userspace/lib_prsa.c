// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's in-process RSA, where keyctl cannot serve (no asymmetric key type or parser,
 * seccomp, HWCRYPT_BACKEND=process): the constant-time RSA core of hwcrypt.ko
 * (kmod/generic/rsa.c on the fastest bignum tier the CPU has) under PKCS#1 v1.5 (RFC 8017
 * 8.2, 7.2) with the kernel's input rules (hwc_rsa_check_input()). Keys come from the same
 * DER the kernel takes: PKCS#8 PrivateKeyInfo (RFC 5208) and X.509 certificates (RFC 5280),
 * both for rsaEncryption (RFC 8017 A.1). In-process keys get negative serials, which no
 * kernel key has.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "lib_internal.h"
#include "hwc_rsa.h"

/* ---- DER (X.690) walking: definite lengths only, as DER requires */

struct der {
	const uint8_t *p;
	size_t len;
};

/* The next element of @d, of tag @tag, into @out (its contents); 0 or -EBADMSG. */
static int der_take(struct der *d, uint8_t tag, struct der *out)
{
	size_t n, hdr = 2;

	if (d->len < 2 || d->p[0] != tag)
		return -EBADMSG;
	n = d->p[1];
	if (n & 0x80) {
		unsigned int k = n & 0x7f;

		if (!k || k > 3 || d->len < 2 + k)
			return -EBADMSG;
		n = 0;
		for (unsigned int i = 0; i < k; i++)
			n = n << 8 | d->p[2 + i];
		hdr += k;
	}
	if (n > d->len - hdr)
		return -EBADMSG;
	out->p = d->p + hdr;
	out->len = n;
	d->p += hdr + n;
	d->len -= hdr + n;
	return 0;
}

/* AlgorithmIdentifier of rsaEncryption (1.2.840.113549.1.1.1), parameters NULL or absent. */
static int der_rsa_alg(struct der *d)
{
	static const uint8_t oid[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
	struct der alg, o;

	if (der_take(d, 0x30, &alg) || der_take(&alg, 0x06, &o))
		return -EBADMSG;
	return o.len == sizeof(oid) && !memcmp(o.p, oid, sizeof(oid)) ? 0 : -EBADMSG;
}

/* RSAPrivateKey (two-prime, version 0) or RSAPublicKey into @raw. */
static int der_rsa_key(struct der d, struct hwc_rsa_raw *raw, int priv)
{
	struct der seq, v[9];
	int n = priv ? 9 : 2;

	if (der_take(&d, 0x30, &seq))
		return -EBADMSG;
	for (int i = 0; i < n; i++)
		if (der_take(&seq, 0x02, &v[i]))
			return -EBADMSG;
	if (priv && (v[0].len != 1 || v[0].p[0] != 0))
		return -EBADMSG;
	memset(raw, 0, sizeof(*raw));
	if (!priv) {
		raw->n = v[0].p, raw->n_sz = v[0].len;
		raw->e = v[1].p, raw->e_sz = v[1].len;
		return 0;
	}
	raw->n = v[1].p, raw->n_sz = v[1].len;
	raw->e = v[2].p, raw->e_sz = v[2].len;
	raw->d = v[3].p, raw->d_sz = v[3].len;
	raw->p = v[4].p, raw->p_sz = v[4].len;
	raw->q = v[5].p, raw->q_sz = v[5].len;
	raw->dp = v[6].p, raw->dp_sz = v[6].len;
	raw->dq = v[7].p, raw->dq_sz = v[7].len;
	raw->qinv = v[8].p, raw->qinv_sz = v[8].len;
	return 0;
}

/* PKCS#8 PrivateKeyInfo: version, rsaEncryption, OCTET STRING { RSAPrivateKey }. */
static int parse_pkcs8(const uint8_t *der, size_t len, struct hwc_rsa_raw *raw)
{
	struct der d = { der, len }, seq, ver, key;

	if (der_take(&d, 0x30, &seq) || d.len || der_take(&seq, 0x02, &ver) ||
	    der_rsa_alg(&seq) || der_take(&seq, 0x04, &key))
		return -EBADMSG;
	return der_rsa_key(key, raw, 1);
}

/* X.509 Certificate: tbsCertificate's subjectPublicKeyInfo with rsaEncryption. */
static int parse_x509(const uint8_t *der, size_t len, struct hwc_rsa_raw *raw)
{
	struct der d = { der, len }, cert, tbs, skip, spki, bits;

	if (der_take(&d, 0x30, &cert) || der_take(&cert, 0x30, &tbs))
		return -EBADMSG;
	if (tbs.len && tbs.p[0] == 0xa0 && der_take(&tbs, 0xa0, &skip))	/* version */
		return -EBADMSG;
	if (der_take(&tbs, 0x02, &skip) ||	/* serialNumber */
	    der_take(&tbs, 0x30, &skip) ||	/* signature */
	    der_take(&tbs, 0x30, &skip) ||	/* issuer */
	    der_take(&tbs, 0x30, &skip) ||	/* validity */
	    der_take(&tbs, 0x30, &skip) ||	/* subject */
	    der_take(&tbs, 0x30, &spki) || der_rsa_alg(&spki) || der_take(&spki, 0x03, &bits) ||
	    bits.len < 1 || bits.p[0] != 0)
		return -EBADMSG;
	bits.p++;
	bits.len--;
	return der_rsa_key(bits, raw, 0);
}

/* ---- keys */

struct prsa {
	struct hwc_rsa_key key;
	struct hwc_rsa_blind blind;
};

#define MAX_KEYS	256

static struct prsa *keys[MAX_KEYS];
/* One lock for the table and every operation: a key's blinding pair serves one op at a time. */
static pthread_mutex_t keys_lock = PTHREAD_MUTEX_INITIALIZER;

static int32_t serial_of(int slot)
{
	return -1 - slot;
}

/* The key of @serial with keys_lock held, or NULL (unlocked). */
static struct prsa *lookup(int32_t serial)
{
	int slot = -1 - serial;

	if (serial >= 0 || slot >= MAX_KEYS)
		return NULL;
	pthread_mutex_lock(&keys_lock);
	if (keys[slot])
		return keys[slot];
	pthread_mutex_unlock(&keys_lock);
	return NULL;
}

int _hwcrypt_prsa_is(int32_t serial)
{
	return serial < 0;
}

int _hwcrypt_prsa_load(int32_t *serial, const void *der, size_t derlen)
{
	struct hwc_rsa_raw raw;
	struct prsa *k;
	void *ws;
	int priv = 1, slot, ret;

	if (parse_pkcs8(der, derlen, &raw)) {
		priv = 0;
		if (parse_x509(der, derlen, &raw))
			return -EBADMSG;
	}
	k = aligned_alloc(64, (sizeof(*k) + 63) / 64 * 64);
	ws = aligned_alloc(8, HWC_RSA_SETKEY_WS_BYTES);
	if (!k || !ws) {
		free(k);
		free(ws);
		return -ENOMEM;
	}
	memset(k, 0, sizeof(*k));
	ret = hwc_rsa_set_key(&k->key, hwc_bn_best_impl(_hwcrypt_cpu_features()), &raw, priv, ws) ?
		-EBADMSG : 0;
	explicit_bzero(ws, HWC_RSA_SETKEY_WS_BYTES);
	free(ws);
	if (ret) {
		explicit_bzero(k, sizeof(*k));
		free(k);
		return ret;
	}
	pthread_mutex_lock(&keys_lock);
	for (slot = 0; slot < MAX_KEYS && keys[slot]; slot++)
		;
	if (slot < MAX_KEYS)
		keys[slot] = k;
	pthread_mutex_unlock(&keys_lock);
	if (slot == MAX_KEYS) {
		explicit_bzero(k, sizeof(*k));
		free(k);
		return -EDQUOT;
	}
	*serial = serial_of(slot);
	return 0;
}

int _hwcrypt_prsa_unload(int32_t serial)
{
	struct prsa *k = lookup(serial);

	if (!k)
		return -ENOENT;
	keys[-1 - serial] = NULL;
	pthread_mutex_unlock(&keys_lock);
	hwc_rsa_key_wipe(&k->key);
	explicit_bzero(k, sizeof(*k));
	free(k);
	return 0;
}

int _hwcrypt_prsa_size(int32_t serial)
{
	struct prsa *k = lookup(serial);
	int n;

	if (!k)
		return -ENOKEY;
	n = (int)k->key.bytes;
	pthread_mutex_unlock(&keys_lock);
	return n;
}

/* RSADP (with @k locked): out = in^d mod n, key bytes; -EINVAL outside the input range. */
static int private_op(struct prsa *k, uint8_t *out, const uint8_t *in, size_t inlen)
{
	uint8_t rnd[HWC_RSA_RANDOM_BYTES];
	size_t nr = hwc_rsa_random_bytes(&k->key), wsn = hwc_rsa_ws_bytes(&k->key);
	void *ws;
	int r;

	if (!k->key.have_priv)
		return -EOPNOTSUPP;
	if (hwc_rsa_blind_due(&k->blind) && getrandom(rnd, nr, 0) != (ssize_t)nr)
		return -EIO;
	ws = aligned_alloc(8, (wsn + 7) / 8 * 8);
	if (!ws)
		return -ENOMEM;
	r = hwc_rsa_private(&k->key, out, in, inlen, rnd, &k->blind, ws, NULL);
	free(ws);
	explicit_bzero(rnd, sizeof(rnd));
	return r == -HWC_EINVAL ? -EINVAL : r ? -EIO : 0;
}

/* RSAEP (with @k locked). */
static int public_op(struct prsa *k, uint8_t *out, const uint8_t *in, size_t inlen)
{
	size_t wsn = hwc_rsa_ws_bytes(&k->key);
	void *ws = aligned_alloc(8, (wsn + 7) / 8 * 8);
	int r;

	if (!ws)
		return -ENOMEM;
	r = hwc_rsa_public(&k->key, out, in, inlen, ws);
	explicit_bzero(ws, wsn);
	free(ws);
	return r ? -EINVAL : 0;
}

/* DigestInfo DER prefixes of RFC 8017 9.2, note 1. */
static const struct {
	const char *name;
	uint8_t len, prefix[19];
} digest_infos[] = {
	{ "sha1", 15, { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05,
			0x00, 0x04, 0x14 } },
	{ "sha224", 19, { 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
			  0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c } },
	{ "sha256", 19, { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
			  0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20 } },
	{ "sha384", 19, { 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
			  0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30 } },
	{ "sha512", 19, { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
			  0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40 } },
};

/* EMSA-PKCS1-v1_5 (RFC 8017 9.2) of @digest into @em, @k bytes. */
static int emsa_pkcs1(uint8_t *em, size_t k, const char *hash, const uint8_t *digest,
		      size_t dlen)
{
	size_t i, t;

	for (i = 0; i < sizeof(digest_infos) / sizeof(digest_infos[0]); i++)
		if (!strcmp(digest_infos[i].name, hash))
			break;
	if (i == sizeof(digest_infos) / sizeof(digest_infos[0]) ||
	    dlen != (size_t)(digest_infos[i].prefix[digest_infos[i].len - 1]))
		return -EINVAL;
	t = digest_infos[i].len + dlen;
	if (k < t + 11)
		return -EINVAL;
	em[0] = 0x00;
	em[1] = 0x01;
	memset(em + 2, 0xff, k - t - 3);
	em[k - t - 1] = 0x00;
	memcpy(em + k - t, digest_infos[i].prefix, digest_infos[i].len);
	memcpy(em + k - dlen, digest, dlen);
	return 0;
}

/* lookup() for a PKCS#1 v1.5 operation; another encoding is refused before the lock. */
static int op_key(struct prsa **k, int32_t serial, const char *enc)
{
	if (enc && *enc && strcmp(enc, "pkcs1"))
		return -EOPNOTSUPP;
	*k = lookup(serial);
	return *k ? 0 : -ENOKEY;
}

ssize_t _hwcrypt_prsa_sign(int32_t serial, const char *enc, const char *hash,
			   const uint8_t *digest, size_t dlen, uint8_t *sig, size_t siglen)
{
	struct prsa *k;
	uint8_t em[HWC_RSA_MAX_BITS / 8];
	ssize_t r;

	r = op_key(&k, serial, enc);
	if (r)
		return r;
	r = siglen < k->key.bytes ? -EINVAL :
	    !k->key.have_priv ? -EOPNOTSUPP : emsa_pkcs1(em, k->key.bytes, hash, digest, dlen);
	if (!r)
		r = private_op(k, sig, em, k->key.bytes);
	if (!r)
		r = k->key.bytes;
	pthread_mutex_unlock(&keys_lock);
	explicit_bzero(em, sizeof(em));
	return r;
}

int _hwcrypt_prsa_verify(int32_t serial, const char *enc, const char *hash,
			 const uint8_t *digest, size_t dlen, const uint8_t *sig, size_t siglen)
{
	uint8_t em[HWC_RSA_MAX_BITS / 8], got[HWC_RSA_MAX_BITS / 8];
	struct prsa *k;
	int r;

	r = op_key(&k, serial, enc);
	if (r)
		return r;
	r = siglen != k->key.bytes ? -EINVAL : emsa_pkcs1(em, k->key.bytes, hash, digest, dlen);
	if (!r) {
		/* A signature outside 1 < s < n - 1 is no signature of anything. */
		r = public_op(k, got, sig, siglen) ? -EKEYREJECTED :
		    memcmp(got, em, k->key.bytes) ? -EKEYREJECTED : 0;
	}
	pthread_mutex_unlock(&keys_lock);
	return r;
}

ssize_t _hwcrypt_prsa_encrypt(int32_t serial, const char *enc, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen)
{
	uint8_t em[HWC_RSA_MAX_BITS / 8];
	struct prsa *k;
	size_t kb, ps;
	ssize_t r;

	r = op_key(&k, serial, enc);
	if (r)
		return r;
	kb = k->key.bytes;
	if (inlen + 11 > kb || outlen < kb)
		r = -EINVAL;
	if (!r) {
		/* RFC 8017 7.2.1: EM = 0x00 || 0x02 || PS (nonzero random) || 0x00 || M. */
		ps = kb - inlen - 3;
		em[0] = 0x00;
		em[1] = 0x02;
		if (getrandom(em + 2, ps, 0) != (ssize_t)ps)
			r = -EIO;
		/* A zero byte of PS is drawn again: the padding's bytes are uniform on 1..255. */
		for (size_t i = 0; i < ps && !r; i++)
			while (!em[2 + i] && !r)
				if (getrandom(em + 2 + i, 1, 0) != 1)
					r = -EIO;
		em[2 + ps] = 0x00;
		if (inlen)
			memcpy(em + 3 + ps, in, inlen);
	}
	if (!r)
		r = public_op(k, out, em, kb);
	if (!r)
		r = (ssize_t)kb;
	pthread_mutex_unlock(&keys_lock);
	explicit_bzero(em, sizeof(em));
	return r;
}

/* All ones if @a == 0, else zero; no branch. */
static size_t zero_mask(size_t a)
{
	return (size_t)0 - (((a | ((size_t)0 - a)) >> (sizeof(size_t) * 8 - 1)) ^ 1);
}

ssize_t _hwcrypt_prsa_decrypt(int32_t serial, const char *enc, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen)
{
	uint8_t em[HWC_RSA_MAX_BITS / 8];
	struct prsa *k;
	size_t kb, sep = 0, found = 0, good;
	ssize_t r;

	r = op_key(&k, serial, enc);
	if (r)
		return r;
	kb = k->key.bytes;
	r = inlen != kb ? -EINVAL : private_op(k, em, in, inlen);
	pthread_mutex_unlock(&keys_lock);
	if (r)
		goto out;
	/*
	 * RFC 8017 7.2.2 step 3 without a branch or index on the plaintext: the first zero
	 * after byte 2 is found by masks over every byte; one verdict at the end.
	 */
	good = zero_mask(em[0]) & zero_mask(em[1] ^ 0x02);
	for (size_t i = 2; i < kb; i++) {
		size_t z = zero_mask(em[i]) & ~found;

		sep |= z & i;
		found |= z;
	}
	/* At least 8 bytes of padding: the separator at index 10 or later. */
	good &= found & ((size_t)0 - (1 ^ ((sep - 10) >> (sizeof(size_t) * 8 - 1))));
	if (!good || kb - sep - 1 > outlen) {
		r = -EBADMSG;
		goto out;
	}
	r = (ssize_t)(kb - sep - 1);
	memcpy(out, em + sep + 1, (size_t)r);
out:
	explicit_bzero(em, sizeof(em));
	if (r < 0 && out)
		explicit_bzero(out, outlen);
	return r;
}

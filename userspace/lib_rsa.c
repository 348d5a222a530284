// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt RSA: the kernel's asymmetric keys through keyctl, since AF_ALG has no akcipher;
 * in process (lib_prsa.c, negative serials) where keyctl cannot take the key.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <keyutils.h>

#include "lib_internal.h"

/* Key files are certificates or PKCS#8 keys: a few KiB even for 8192-bit RSA. */
#define KEYFILE_MAX	(64 * 1024)

static long kerr(long r)
{
	return r < 0 ? -errno : r;
}

HWCRYPT_EXPORT int hwcrypt_rsa_key_load(int32_t *key, const void *der, size_t derlen,
					const char *desc)
{
	int policy = hwcrypt_backend_get(), err;
	key_serial_t id;

	if (!key || !der || !derlen || derlen > KEYFILE_MAX)
		return -EINVAL;
	if (policy < 0)
		return policy;
	if (policy == HWCRYPT_BACKEND_PROCESS)
		return _hwcrypt_prsa_load(key, der, derlen);
	id = add_key("asymmetric", desc && *desc ? desc : "hwcrypt", der, derlen,
		     KEY_SPEC_PROCESS_KEYRING);
	if (id >= 0) {
		*key = id;
		return 0;
	}
	err = -errno;
	/*
	 * keyctl missing or refused (ENOSYS, EPERM/EACCES from seccomp), or the kernel without
	 * the asymmetric key type or its parser (ENODEV, EBADMSG, EOPNOTSUPP): the same RSA core
	 * in process, if it can read the key; else the kernel's answer stands.
	 */
	if (policy == HWCRYPT_BACKEND_AUTO &&
	    (err == -ENOSYS || err == -EPERM || err == -EACCES || err == -ENODEV ||
	     err == -EBADMSG || err == -EOPNOTSUPP) && !_hwcrypt_prsa_load(key, der, derlen))
		return 0;
	return err;
}

static int b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/*
 * PEM (RFC 7468) to DER in place: the base64 body of the first "-----BEGIN" block.
 * Returns the DER length, or -EBADMSG.
 */
static ssize_t pem_to_der(char *buf, size_t len)
{
	char *p = memmem(buf, len, "-----BEGIN ", 11), *end;
	size_t out = 0;
	unsigned int acc = 0, bits = 0;

	if (!p)
		return -EBADMSG;
	p = memchr(p, '\n', len - (size_t)(p - buf));
	end = p ? memmem(p, len - (size_t)(p - buf), "-----END ", 9) : NULL;
	if (!end)
		return -EBADMSG;
	for (; p < end; p++) {
		int v = b64val((unsigned char)*p);

		if (*p == '=')
			break;
		if (v < 0)
			continue;
		acc = (acc << 6 | (unsigned int)v) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			buf[out++] = (char)(acc >> bits);
		}
	}
	return out ? (ssize_t)out : -EBADMSG;
}

HWCRYPT_EXPORT int hwcrypt_rsa_key_load_file(int32_t *key, const char *path)
{
	const char *base;
	char *buf, desc[80];
	ssize_t n, len = 0;
	int fd, ret;

	if (!key || !path)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = malloc(KEYFILE_MAX + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while ((n = read(fd, buf + len, KEYFILE_MAX + 1 - (size_t)len)) > 0)
		len += n;
	ret = n < 0 ? -errno : 0;
	close(fd);
	if (!ret && (len == 0 || len > KEYFILE_MAX))
		ret = -EINVAL;
	if (!ret && memmem(buf, (size_t)len, "-----BEGIN ", 11)) {
		len = pem_to_der(buf, (size_t)len);
		if (len < 0)
			ret = (int)len;
	}
	if (!ret) {
		base = strrchr(path, '/');
		snprintf(desc, sizeof(desc), "hwcrypt:%s", base ? base + 1 : path);
		ret = hwcrypt_rsa_key_load(key, buf, (size_t)len, desc);
	}
	explicit_bzero(buf, KEYFILE_MAX + 1);
	free(buf);
	return ret;
}

HWCRYPT_EXPORT int hwcrypt_rsa_key_unload(int32_t key)
{
	if (_hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_unload(key);
	if (!key)
		return -EINVAL;
	return (int)kerr(keyctl_unlink(key, KEY_SPEC_PROCESS_KEYRING));
}

/* "enc=pkcs1 hash=sha256": the parameter string keyctl_pkey_*() take. */
#define PARAMS_LEN	96
static int info(char *buf, size_t len, const char *enc, const char *hash)
{
	int n;

	if ((enc && strpbrk(enc, " \t\n=")) || (hash && strpbrk(hash, " \t\n=")))
		return -EINVAL;
	n = snprintf(buf, len, "enc=%s%s%s", enc && *enc ? enc : "pkcs1",
		     hash && *hash ? " hash=" : "", hash && *hash ? hash : "");
	return n < 0 || (size_t)n >= len ? -EINVAL : 0;
}

/*
 * The kernel refuses an output buffer larger than the operation can fill (-EINVAL), so
 * the caller's size is cut to what keyctl_pkey_query() reports for these parameters.
 */
static long clamp_out(int32_t key, const char *params, int op, size_t *outlen)
{
	struct keyctl_pkey_query q;
	size_t max;

	memset(&q, 0, sizeof(q));
	if (keyctl_pkey_query(key, params, &q) < 0)
		return -errno;
	max = op == 's' ? q.max_sig_size : op == 'e' ? q.max_enc_size : q.max_dec_size;
	if (*outlen > max)
		*outlen = max;
	return 0;
}

/* info() and clamp_out() in one, for the operations that write a result. */
static int prepare(int32_t key, char *params, const char *enc, const char *hash, int op,
		   size_t *outlen)
{
	int ret = info(params, PARAMS_LEN, enc, hash);

	return ret ? ret : (int)clamp_out(key, params, op, outlen);
}

HWCRYPT_EXPORT int hwcrypt_rsa_size(int32_t key)
{
	struct keyctl_pkey_query q;

	if (_hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_size(key);
	memset(&q, 0, sizeof(q));
	if (keyctl_pkey_query(key, "enc=pkcs1", &q) < 0)
		return -errno;
	return (int)(q.key_size / 8);
}

/* Digest sizes of the hashes keyctl's pkcs1 encoding knows, to refuse a wrong-length input. */
static int digest_size(const char *hash)
{
	static const struct { const char *name; int size; } t[] = {
		{ "md5", 16 }, { "sha1", 20 }, { "rmd160", 20 }, { "sha224", 28 },
		{ "sha256", 32 }, { "sha384", 48 }, { "sha512", 64 }, { "sha3-256", 32 },
		{ "sha3-384", 48 }, { "sha3-512", 64 }, { "sm3", 32 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(hash, t[i].name))
			return t[i].size;
	return -1;
}

static int check_digest(const char *hash, size_t dlen)
{
	int ds;

	if (!hash || !*hash)
		return -EINVAL;
	ds = digest_size(hash);
	return ds >= 0 && (size_t)ds != dlen ? -EINVAL : 0;
}

HWCRYPT_EXPORT ssize_t hwcrypt_rsa_sign(int32_t key, const char *enc, const char *hash,
					const uint8_t *digest, size_t dlen,
					uint8_t *sig, size_t siglen)
{
	char params[PARAMS_LEN];
	int ret;

	if (!digest || !sig || !dlen)
		return -EINVAL;
	ret = check_digest(hash, dlen);
	if (!ret && _hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_sign(key, enc, hash, digest, dlen, sig, siglen);
	if (!ret)
		ret = prepare(key, params, enc, hash, 's', &siglen);
	if (ret)
		return ret;
	return kerr(keyctl_pkey_sign(key, params, digest, dlen, sig, siglen));
}

HWCRYPT_EXPORT int hwcrypt_rsa_verify(int32_t key, const char *enc, const char *hash,
				      const uint8_t *digest, size_t dlen,
				      const uint8_t *sig, size_t siglen)
{
	char params[PARAMS_LEN];
	long r;
	int ret;

	if (!digest || !sig || !dlen || !siglen)
		return -EINVAL;
	ret = check_digest(hash, dlen);
	if (!ret && _hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_verify(key, enc, hash, digest, dlen, sig, siglen);
	if (!ret)
		ret = info(params, sizeof(params), enc, hash);
	if (ret)
		return ret;
	r = hwcrypt_rsa_size(key);
	if (r < 0)
		return (int)r;
	if ((size_t)r != siglen)
		return -EINVAL;
	r = kerr(keyctl_pkey_verify(key, params, digest, dlen, sig, siglen));
	/*
	 * With lengths and parameters checked above, every refusal is a bad signature, which
	 * kernels report as EKEYREJECTED, EBADMSG or (6.1's pkcs1pad, for a padding that is
	 * not there at all) EINVAL.
	 */
	if (r == -EBADMSG || r == -EINVAL)
		r = -EKEYREJECTED;
	return (int)r;
}

HWCRYPT_EXPORT ssize_t hwcrypt_rsa_encrypt(int32_t key, const char *enc, const uint8_t *in,
					   size_t inlen, uint8_t *out, size_t outlen)
{
	char params[PARAMS_LEN];
	int ret;

	if ((!in && inlen) || !out)
		return -EINVAL;
	if (_hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_encrypt(key, enc, in, inlen, out, outlen);
	ret = prepare(key, params, enc, NULL, 'e', &outlen);
	if (ret)
		return ret;
	return kerr(keyctl_pkey_encrypt(key, params, in, inlen, out, outlen));
}

HWCRYPT_EXPORT ssize_t hwcrypt_rsa_decrypt(int32_t key, const char *enc, const uint8_t *in,
					   size_t inlen, uint8_t *out, size_t outlen)
{
	char params[PARAMS_LEN];
	ssize_t r;
	int ret;

	if (!in || !inlen || !out)
		return -EINVAL;
	if (_hwcrypt_prsa_is(key))
		return _hwcrypt_prsa_decrypt(key, enc, in, inlen, out, outlen);
	ret = prepare(key, params, enc, NULL, 'd', &outlen);
	if (ret)
		return ret;
	r = kerr(keyctl_pkey_decrypt(key, params, in, inlen, out, outlen));
	if (r < 0)
		explicit_bzero(out, outlen);
	return r;
}

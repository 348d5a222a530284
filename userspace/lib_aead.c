// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt AEAD handles: AF_ALG "aead" sockets driven through libkcapi, or hwcrypt's cores
 * in process (lib_process.c) where the kernel does not serve.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <kcapi.h>

#include "lib_internal.h"

struct hwcrypt_aead {
	struct kcapi_handle *kh;
	struct _hwcrypt_paead *soft;	/* in process: crypt() computes here, kh is NULL */
	struct _hwcrypt_route route;
	char *alg;
	char *driver;
	char bound[_HWCRYPT_MAX_NAME];	/* name the socket is bound to, for reopen() */
	int op_open;			/* an operation socket exists: key and tag length fixed */
	uint8_t *key;			/* copy for reopen(), wiped on free */
	size_t keylen;
	unsigned int ivsize;
	unsigned int taglen;
	int keyed;
	int active, enc;
	uint8_t iv[HWCRYPT_MAX_IVSIZE];
	uint8_t *aad;
	size_t aadlen;
	uint8_t *buf;			/* the message, sent to the kernel at final() */
	size_t used, cap;
};

static int kernel_init(void *p, const char *alg, const char *driver)
{
	struct hwcrypt_aead *h = p;
	int ret;

	ret = _hwcrypt_open(&h->kh, &h->alg, &h->driver, h->bound, alg, driver, "aead",
			    kcapi_aead_init, kcapi_aead_destroy, NULL, &h->route.by_name);
	if (ret)
		return ret;
	h->ivsize = kcapi_aead_ivsize(h->kh);
	h->taglen = kcapi_aead_authsize(h->kh);
	if (h->ivsize > HWCRYPT_MAX_IVSIZE || !h->taglen || h->taglen > HWCRYPT_MAX_TAGSIZE)
		return -EOPNOTSUPP;
	return 0;
}

static int process_new(void *p, const char *alg, const char *driver,
		       const struct _hwcrypt_pname **name)
{
	struct hwcrypt_aead *h = p;
	int ret = _hwcrypt_paead_new(&h->soft, alg, driver);

	if (ret)
		return ret;
	h->ivsize = _hwcrypt_paead_ivsize(h->soft);
	h->taglen = _hwcrypt_paead_taglen(h->soft);
	*name = _hwcrypt_pname_of(h->soft);
	return 0;
}

static void free_handle(void *h)
{
	hwcrypt_aead_free(h);
}

static const struct _hwcrypt_handle_ops aead_ops = {
	.type = "aead",
	_HWCRYPT_HANDLE_FIELDS(struct hwcrypt_aead),
	.destroy = kcapi_aead_destroy,
	.kernel = kernel_init,
	.process = process_new,
	.free = free_handle,
};

HWCRYPT_EXPORT int hwcrypt_aead_init(struct hwcrypt_aead **handle, const char *alg,
				     const char *driver)
{
	void *h = NULL;
	int ret = _hwcrypt_handle_init(handle ? &h : NULL, &aead_ops, alg, driver);

	if (!ret)
		*handle = h;
	return ret;
}

struct restore {
	const struct hwcrypt_aead *h;
	int key, taglen;
};

static int restore(struct kcapi_handle *kh, void *arg)
{
	const struct restore *r = arg;

	errno = 0;
	if (r->key && r->h->key &&
	    _hwcrypt_kerr(kcapi_aead_setkey(kh, r->h->key, (uint32_t)r->h->keylen)) < 0)
		return -EIO;
	if (r->taglen && _hwcrypt_kerr(kcapi_aead_settaglen(kh, r->h->taglen)) < 0)
		return -EIO;
	return 0;
}

/*
 * Changing the key or the tag length once an operation socket exists needs a new tfm (see
 * _hwcrypt_reopen()), which gets the other setting again.
 */
static int reopen(struct hwcrypt_aead *h, int restore_key, int restore_taglen)
{
	struct restore r = { h, restore_key, restore_taglen };
	int ret;

	ret = _hwcrypt_reopen(&h->kh, h->bound, kcapi_aead_init, kcapi_aead_destroy, restore, &r);
	if (ret)
		return ret;
	h->op_open = 0;
	return 0;
}

HWCRYPT_EXPORT int hwcrypt_aead_setkey(struct hwcrypt_aead *h, const uint8_t *key, size_t keylen)
{
	uint8_t *copy;
	int ret;

	if (!h || !key || !keylen || keylen > 1024)
		return -EINVAL;
	if (h->active)
		return -EBUSY;
	if (h->soft) {
		ret = _hwcrypt_paead_setkey(h->soft, key, keylen);
		h->keyed = !ret;
		return ret;
	}
	if (h->op_open) {
		ret = reopen(h, 0, 1);
		if (ret)
			return ret;
		h->keyed = 0;
	}
	errno = 0;
	ret = (int)_hwcrypt_kerr(kcapi_aead_setkey(h->kh, key, (uint32_t)keylen));
	if (ret < 0)
		return ret == -ENOKEY || ret == -EOPNOTSUPP ? ret : -EINVAL;
	copy = malloc(keylen);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, key, keylen);
	if (h->key) {
		explicit_bzero(h->key, h->keylen);
		free(h->key);
	}
	h->key = copy;
	h->keylen = keylen;
	h->keyed = 1;
	return 0;
}

HWCRYPT_EXPORT int hwcrypt_aead_settaglen(struct hwcrypt_aead *h, size_t taglen)
{
	int ret;

	if (!h || !taglen || taglen > HWCRYPT_MAX_TAGSIZE)
		return -EINVAL;
	if (h->active)
		return -EBUSY;
	if (h->soft) {
		ret = _hwcrypt_paead_settaglen(h->soft, taglen);
		if (!ret)
			h->taglen = (unsigned int)taglen;
		return ret;
	}
	if (h->op_open) {
		ret = reopen(h, 1, 0);
		if (ret)
			return ret;
	}
	errno = 0;
	ret = (int)_hwcrypt_kerr(kcapi_aead_settaglen(h->kh, (uint32_t)taglen));
	if (ret < 0)
		return -EINVAL;
	h->taglen = (unsigned int)taglen;
	return 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_aead_ivsize(struct hwcrypt_aead *h)
{
	return h ? h->ivsize : 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_aead_taglen(struct hwcrypt_aead *h)
{
	return h ? h->taglen : 0;
}

HWCRYPT_EXPORT const char *hwcrypt_aead_driver(struct hwcrypt_aead *h)
{
	return h ? h->driver : NULL;
}

HWCRYPT_EXPORT int hwcrypt_aead_path(struct hwcrypt_aead *h, struct hwcrypt_path *p)
{
	if (!h)
		return -EINVAL;
	return _hwcrypt_route_path(&h->route, h->driver, h->bound, p);
}

static void reset(struct hwcrypt_aead *h)
{
	if (h->buf)
		explicit_bzero(h->buf, h->used);
	h->used = 0;
	if (h->aad) {
		explicit_bzero(h->aad, h->aadlen);
		free(h->aad);
	}
	h->aad = NULL;
	h->aadlen = 0;
	h->active = 0;
}

HWCRYPT_EXPORT int hwcrypt_aead_begin(struct hwcrypt_aead *h, int encrypt, const uint8_t *iv,
				      size_t ivlen, const void *aad, size_t aadlen)
{
	if (!h || ivlen != h->ivsize || (!iv && ivlen) || (!aad && aadlen))
		return -EINVAL;
	if (aadlen > HWCRYPT_MAX_MESSAGE)
		return -EMSGSIZE;
	if (!h->keyed)
		return -ENOKEY;
	if (h->active)
		return -EBUSY;
	if (aadlen) {
		h->aad = malloc(aadlen);
		if (!h->aad)
			return -ENOMEM;
		memcpy(h->aad, aad, aadlen);
	}
	h->aadlen = aadlen;
	if (ivlen)
		memcpy(h->iv, iv, ivlen);
	h->enc = !!encrypt;
	h->used = 0;
	h->active = 1;
	return 0;
}

HWCRYPT_EXPORT int hwcrypt_aead_update(struct hwcrypt_aead *h, const void *in, size_t inlen)
{
	if (!h || (!in && inlen) || !h->active)
		return -EINVAL;
	if (h->aadlen + h->used + inlen > HWCRYPT_MAX_MESSAGE + HWCRYPT_MAX_TAGSIZE ||
	    h->used + inlen < h->used) {
		reset(h);
		return -EMSGSIZE;
	}
	if (h->used + inlen > h->cap) {
		size_t cap = h->cap ? h->cap : 1024;
		uint8_t *n;

		while (cap < h->used + inlen)
			cap *= 2;
		n = malloc(cap);
		if (!n) {
			reset(h);
			return -ENOMEM;
		}
		if (h->used)
			memcpy(n, h->buf, h->used);
		if (h->buf) {
			explicit_bzero(h->buf, h->cap);
			free(h->buf);
		}
		h->buf = n;
		h->cap = cap;
	}
	if (inlen)
		memcpy(h->buf + h->used, in, inlen);
	h->used += inlen;
	return 0;
}

/*
 * One request: AAD || message (|| tag) in, AAD || result (|| tag) out. On any failure of
 * a decryption the output is wiped: a kernel driver may have written plaintext into it
 * before it compared the tag, and a caller that misses the return value must not find it.
 */
static ssize_t crypt(struct hwcrypt_aead *h, const uint8_t *in, size_t inlen, uint8_t *out,
		     size_t outlen)
{
	struct iovec iniov[1], outiov[2];
	size_t want, got = 0;
	uint8_t *aadout = NULL, spare;
	ssize_t r;

	if (h->enc)
		want = inlen + h->taglen;
	else if (inlen < h->taglen)
		return -EBADMSG;
	else
		want = inlen - h->taglen;
	if (outlen < want || (!out && want))
		return -EINVAL;
	if (h->aadlen + inlen > HWCRYPT_MAX_MESSAGE + HWCRYPT_MAX_TAGSIZE)
		return -EMSGSIZE;
	if (h->soft)
		return _hwcrypt_paead_crypt(h->soft, h->enc, h->iv, h->aad, h->aadlen, in, inlen,
					    out);
	if (h->aadlen) {
		aadout = malloc(h->aadlen);
		if (!aadout)
			return -ENOMEM;
	}
	h->op_open = 1;
	kcapi_aead_setassoclen(h->kh, h->aadlen);
	r = h->enc ? kcapi_aead_stream_init_enc(h->kh, h->iv, NULL, 0)
		   : kcapi_aead_stream_init_dec(h->kh, h->iv, NULL, 0);
	/* AAD then message, in pieces libkcapi can splice (see lib_skcipher.c); one request. */
	for (size_t part = 0, off = 0; r >= 0 && part < 2; ) {
		const uint8_t *src = part ? in : h->aad;
		size_t total = part ? inlen : h->aadlen;
		size_t n = total - off > _HWCRYPT_PIECE ? _HWCRYPT_PIECE : total - off;
		int last = part == 1 && off + n == total;

		iniov[0].iov_base = (void *)(src + off);
		iniov[0].iov_len = n;
		if (n || last)
			r = last ? kcapi_aead_stream_update_last(h->kh, iniov, 1)
				 : kcapi_aead_stream_update(h->kh, iniov, 1);
		off += n;
		if (off == total) {
			part++;
			off = 0;
		}
	}
	while (r >= 0) {
		size_t skip = got < h->aadlen ? h->aadlen - got : 0;
		int n = 0;

		if (skip) {
			outiov[n].iov_base = aadout + got;
			outiov[n++].iov_len = skip;
		}
		outiov[n].iov_base = out + (got > h->aadlen ? got - h->aadlen : 0);
		outiov[n++].iov_len = want - (got > h->aadlen ? got - h->aadlen : 0);
		if (!h->aadlen && !want) {
			/*
			 * AF_ALG runs no request at all for an empty receive buffer: a decryption
			 * of a tag alone would "succeed" unverified. One spare byte makes the
			 * kernel run it (and write nothing there).
			 */
			outiov[0].iov_base = &spare;
			outiov[0].iov_len = 1;
		}
		r = kcapi_aead_stream_op(h->kh, outiov, (size_t)n);
		if (r > 0)
			got += (size_t)r;
		if (r == 0 || got >= h->aadlen + want)
			break;
		if (!h->aadlen && !want)
			break;
	}
	r = _hwcrypt_kerr(r);
	if (r >= 0 && got != h->aadlen + want)
		r = -EIO;
	if (aadout) {
		explicit_bzero(aadout, h->aadlen);
		free(aadout);
	}
	if (r < 0) {
		if (out)
			explicit_bzero(out, outlen < want ? outlen : want);
		return r;
	}
	return (ssize_t)want;
}

HWCRYPT_EXPORT ssize_t hwcrypt_aead_final(struct hwcrypt_aead *h, uint8_t *out, size_t outlen)
{
	ssize_t r;

	if (!h || !h->active)
		return -EINVAL;
	r = crypt(h, h->buf, h->used, out, outlen);
	reset(h);
	return r;
}

static ssize_t oneshot(struct hwcrypt_aead *h, int enc, const uint8_t *iv, size_t ivlen,
		       const void *aad, size_t aadlen, const void *in, size_t inlen,
		       uint8_t *out, size_t outlen)
{
	ssize_t r;

	if (!h || (!in && inlen))
		return -EINVAL;
	r = hwcrypt_aead_begin(h, enc, iv, ivlen, aad, aadlen);
	if (r)
		return r;
	/* The message goes to the kernel from the caller's buffer, without a copy. */
	r = crypt(h, in, inlen, out, outlen);
	reset(h);
	return r;
}

HWCRYPT_EXPORT ssize_t hwcrypt_aead_encrypt(struct hwcrypt_aead *h, const uint8_t *iv,
					    size_t ivlen, const void *aad, size_t aadlen,
					    const void *in, size_t inlen,
					    uint8_t *out, size_t outlen)
{
	return oneshot(h, 1, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

HWCRYPT_EXPORT ssize_t hwcrypt_aead_decrypt(struct hwcrypt_aead *h, const uint8_t *iv,
					    size_t ivlen, const void *aad, size_t aadlen,
					    const void *in, size_t inlen,
					    uint8_t *out, size_t outlen)
{
	return oneshot(h, 0, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

HWCRYPT_EXPORT void hwcrypt_aead_free(struct hwcrypt_aead *h)
{
	if (!h)
		return;
	reset(h);
	if (h->kh)
		kcapi_aead_destroy(h->kh);
	_hwcrypt_paead_free(h->soft);
	_hwcrypt_route_free(&h->route);
	if (h->key) {
		explicit_bzero(h->key, h->keylen);
		free(h->key);
	}
	if (h->buf) {
		explicit_bzero(h->buf, h->cap);
		free(h->buf);
	}
	explicit_bzero(h->iv, sizeof(h->iv));
	free(h->alg);
	free(h->driver);
	free(h);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt symmetric cipher handles: AF_ALG "skcipher" sockets driven through libkcapi, or
 * hwcrypt's cores in process (lib_process.c) where the kernel does not serve.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <kcapi.h>

#include "lib_internal.h"

struct hwcrypt_skcipher {
	struct kcapi_handle *kh;
	struct _hwcrypt_pskc *soft;	/* in process: run() computes here, kh is NULL */
	struct _hwcrypt_route route;
	char *alg;
	char *driver;
	char bound[_HWCRYPT_MAX_NAME];	/* name the socket is bound to, for reopen() */
	int op_open;			/* an operation socket exists: the key is fixed */
	unsigned int ivsize;
	unsigned int blocksize;		/* the kernel's cra_blocksize: 1 for stream modes */
	unsigned int chunk;		/* the kernel's chunksize: the unit a stream is cut into */
	enum { MODE_CHAINED, MODE_STREAM, MODE_WHOLE } mode;
	int keyed;
	int active;			/* between begin() and final() */
	int enc;
	int started;			/* the IV went to the kernel with the first piece */
	int broken;			/* a failed send/receive left the socket in an unknown state */
	uint8_t iv[HWCRYPT_MAX_IVSIZE];
	uint8_t *buf;			/* input held back until more data or final() */
	size_t used, cap;
};

/* Largest chunk and probe key handled here (AES modes: 16; chacha20: 64; xts keys 64). */
#define MAX_UNIT	256u
#define MAX_PROBE_KEY	128u

/* Receives exactly @len bytes of one request into @out. */
static int probe_recv(struct kcapi_handle *kh, uint8_t *out, size_t len)
{
	struct iovec o;
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		o.iov_base = out + got;
		o.iov_len = len - got;
		r = kcapi_cipher_stream_op(kh, &o, 1);
		if (r <= 0)
			return -EIO;
		got += (size_t)r;
	}
	return 0;
}

/*
 * Whether the kernel carries the IV from one request to the next on a socket, so that a
 * stream may be cut into requests of whole chunks. cbc and ctr update the request's IV,
 * xts, cts and chacha20 do not, and no field of /proc/crypto or of the netlink query says
 * which (7.x's "statesize" is extra state a driver exports, 0 for both kinds). So ask the
 * kernel by running it: on a throwaway tfm of the same driver with a fixed key (never the
 * caller's), two chunks as one request must equal them as two requests. Any failure answers
 * "no": one request per message is always correct, only limited to HWCRYPT_MAX_MESSAGE.
 */
static int chains_iv(const char *bound, unsigned int ivsize, unsigned int chunk,
		     unsigned int keylen)
{
	uint8_t key[MAX_PROBE_KEY], iv[HWCRYPT_MAX_IVSIZE], in[2 * MAX_UNIT];
	uint8_t one[2 * MAX_UNIT], two[2 * MAX_UNIT];
	struct kcapi_handle *kh;
	struct iovec iov;
	int same = 0;

	if (keylen > sizeof(key) || chunk > MAX_UNIT || kcapi_cipher_init(&kh, bound, 0))
		return 0;
	/* Distinct bytes: xts in FIPS mode and des3_ede refuse keys with equal parts. */
	for (unsigned int i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 0x3b + 1);
	memset(iv, 0xa5, sizeof(iv));
	memset(in, 0, 2 * chunk);
	if (kcapi_cipher_setkey(kh, key, keylen) < 0)
		goto out;
	iov.iov_base = in;
	iov.iov_len = 2 * chunk;
	if (kcapi_cipher_stream_init_enc(kh, ivsize ? iv : NULL, NULL, 0) < 0 ||
	    kcapi_cipher_stream_update_last(kh, &iov, 1) < 0 || probe_recv(kh, one, 2 * chunk))
		goto out;
	iov.iov_len = chunk;
	if (kcapi_cipher_stream_init_enc(kh, ivsize ? iv : NULL, NULL, 0) < 0 ||
	    kcapi_cipher_stream_update(kh, &iov, 1) < 0 || probe_recv(kh, two, chunk))
		goto out;
	iov.iov_base = in + chunk;
	if (kcapi_cipher_stream_update_last(kh, &iov, 1) < 0 || probe_recv(kh, two + chunk, chunk))
		goto out;
	same = !memcmp(one, two, 2 * chunk);
out:
	kcapi_cipher_destroy(kh);
	explicit_bzero(key, sizeof(key));
	return same;
}

/*
 * A mode that chains its IV is streamed in whole chunks; with a block size above 1 (ecb,
 * cbc) a message is whole blocks, else (ctr) its last piece may be short. A mode that does
 * not (xts and cts steal ciphertext at the end of a message) is one request: held whole
 * until final().
 */
static int mode_of(const struct hwcrypt_skcipher *h, const struct _hwcrypt_props *p)
{
	/* By the bound name: under af_alg_restrict the driver name may not be bound. */
	if (!p->listed || !chains_iv(h->bound, h->ivsize, h->chunk, p->min_keysize))
		return MODE_WHOLE;
	return h->blocksize > 1 ? MODE_CHAINED : MODE_STREAM;
}

static int kernel_init(void *p, const char *alg, const char *driver)
{
	struct hwcrypt_skcipher *h = p;
	struct _hwcrypt_props props;
	int ret;

	ret = _hwcrypt_open(&h->kh, &h->alg, &h->driver, h->bound, alg, driver, "skcipher",
			    kcapi_cipher_init, kcapi_cipher_destroy, &props, &h->route.by_name);
	if (ret)
		return ret;
	h->ivsize = kcapi_cipher_ivsize(h->kh);
	h->blocksize = kcapi_cipher_blocksize(h->kh);
	if (!h->blocksize)
		h->blocksize = props.blocksize ? props.blocksize : 1;
	/* A chunk is whole blocks; older kernels without the field chain per block. */
	h->chunk = props.chunksize && props.chunksize % h->blocksize == 0 ? props.chunksize :
									    h->blocksize;
	if (h->ivsize > HWCRYPT_MAX_IVSIZE || h->blocksize > MAX_UNIT || h->chunk > MAX_UNIT)
		return -EOPNOTSUPP;
	h->mode = mode_of(h, &props);
	return 0;
}

static int process_new(void *p, const char *alg, const char *driver,
		       const struct _hwcrypt_pname **name)
{
	struct hwcrypt_skcipher *h = p;
	int chained, ret = _hwcrypt_pskc_new(&h->soft, alg, driver);

	if (ret)
		return ret;
	_hwcrypt_pskc_sizes(h->soft, &h->ivsize, &h->blocksize, &h->chunk, &chained);
	h->mode = !chained ? MODE_WHOLE : h->blocksize > 1 ? MODE_CHAINED : MODE_STREAM;
	*name = _hwcrypt_pname_of(h->soft);
	return 0;
}

static void free_handle(void *h)
{
	hwcrypt_skcipher_free(h);
}

static const struct _hwcrypt_handle_ops skcipher_ops = {
	.type = "skcipher",
	_HWCRYPT_HANDLE_FIELDS(struct hwcrypt_skcipher),
	.destroy = kcapi_cipher_destroy,
	.kernel = kernel_init,
	.process = process_new,
	.free = free_handle,
};

HWCRYPT_EXPORT int hwcrypt_skcipher_init(struct hwcrypt_skcipher **handle, const char *alg,
					 const char *driver)
{
	void *h = NULL;
	int ret = _hwcrypt_handle_init(handle ? &h : NULL, &skcipher_ops, alg, driver);

	if (!ret)
		*handle = h;
	return ret;
}

/* A new key once an operation socket exists needs a new tfm: see _hwcrypt_reopen(). */
static int reopen(struct hwcrypt_skcipher *h)
{
	int ret;

	ret = _hwcrypt_reopen(&h->kh, h->bound, kcapi_cipher_init, kcapi_cipher_destroy, NULL,
			      NULL);
	if (ret)
		return ret;
	h->op_open = 0;
	h->broken = 0;
	h->keyed = 0;
	return 0;
}

HWCRYPT_EXPORT int hwcrypt_skcipher_setkey(struct hwcrypt_skcipher *h, const uint8_t *key,
					   size_t keylen)
{
	int ret;

	if (!h || !key || !keylen || keylen > 1024)
		return -EINVAL;
	if (h->active)
		return -EBUSY;
	if (h->soft) {
		ret = _hwcrypt_pskc_setkey(h->soft, key, keylen);
		h->keyed = !ret;
		return ret;
	}
	if (h->op_open || h->broken) {
		ret = reopen(h);
		if (ret)
			return ret;
	}
	errno = 0;
	ret = (int)_hwcrypt_kerr(kcapi_cipher_setkey(h->kh, key, (uint32_t)keylen));
	if (ret < 0)
		return ret == -ENOKEY || ret == -EOPNOTSUPP ? ret : -EINVAL;
	h->keyed = 1;
	return 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_skcipher_ivsize(struct hwcrypt_skcipher *h)
{
	return h ? h->ivsize : 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_skcipher_blocksize(struct hwcrypt_skcipher *h)
{
	return h ? h->blocksize : 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_skcipher_chunksize(struct hwcrypt_skcipher *h)
{
	return h ? h->chunk : 0;
}

HWCRYPT_EXPORT int hwcrypt_skcipher_chained(struct hwcrypt_skcipher *h)
{
	return h && h->mode != MODE_WHOLE;
}

HWCRYPT_EXPORT const char *hwcrypt_skcipher_driver(struct hwcrypt_skcipher *h)
{
	return h ? h->driver : NULL;
}

HWCRYPT_EXPORT int hwcrypt_skcipher_path(struct hwcrypt_skcipher *h, struct hwcrypt_path *p)
{
	if (!h)
		return -EINVAL;
	return _hwcrypt_route_path(&h->route, h->driver, h->bound, p);
}

HWCRYPT_EXPORT int hwcrypt_skcipher_begin(struct hwcrypt_skcipher *h, int encrypt,
					  const uint8_t *iv, size_t ivlen)
{
	if (!h || ivlen != h->ivsize || (!iv && ivlen))
		return -EINVAL;
	if (h->broken)
		return -EBADFD;
	if (!h->keyed)
		return -ENOKEY;
	if (h->active)
		return -EBUSY;
	if (ivlen)
		memcpy(h->iv, iv, ivlen);
	h->enc = !!encrypt;
	h->active = 1;
	h->started = 0;
	h->used = 0;
	return 0;
}

/*
 * Sends @len bytes (MSG_MORE unless @last) and receives as many; IV with the first piece.
 * libkcapi moves data with vmsplice() through a pipe of 16 pages, so it gets the data in
 * pieces of at most 32 KiB (page-misaligned: at most 9 pages); the kernel queues them as
 * one request until the receive. A single-request mode must get all of it in one receive.
 */
static ssize_t run(struct hwcrypt_skcipher *h, const uint8_t *in, uint8_t *out, size_t len,
		   int last)
{
	size_t got = 0, sent = 0;
	ssize_t r;

	if (h->soft) {
		(void)last;
		_hwcrypt_pskc_crypt(h->soft, h->enc, h->iv, in, out, len);
		return (ssize_t)len;
	}
	h->op_open = 1;
	if (!h->started) {
		const uint8_t *iv = h->ivsize ? h->iv : NULL;

		r = h->enc ? kcapi_cipher_stream_init_enc(h->kh, iv, NULL, 0)
			   : kcapi_cipher_stream_init_dec(h->kh, iv, NULL, 0);
		if (r < 0)
			goto broken;
		h->started = 1;
	}
	do {
		size_t n = len - sent > _HWCRYPT_PIECE ? _HWCRYPT_PIECE : len - sent;
		struct iovec iov = { .iov_base = (void *)(in + sent), .iov_len = n };

		r = last && sent + n == len ? kcapi_cipher_stream_update_last(h->kh, &iov, 1)
					    : kcapi_cipher_stream_update(h->kh, &iov, 1);
		if (r < 0)
			goto broken;
		sent += n;
	} while (sent < len);
	while (got < len) {
		struct iovec o = { .iov_base = out + got, .iov_len = len - got };

		r = kcapi_cipher_stream_op(h->kh, &o, 1);
		if (r <= 0) {
			r = r ? r : -EIO;
			goto broken;
		}
		got += (size_t)r;
		if (h->mode == MODE_WHOLE && got < len) {
			/* Cut into two requests: the rest would be computed with a wrong tweak. */
			explicit_bzero(out, got);
			r = -EMSGSIZE;
			goto broken;
		}
	}
	return (ssize_t)got;
broken:
	h->broken = 1;
	h->active = 0;
	return _hwcrypt_kerr(r);
}

static int hold(struct hwcrypt_skcipher *h, const uint8_t *in, size_t len)
{
	if (h->used + len > h->cap) {
		size_t cap = h->cap ? h->cap : 256;
		uint8_t *n;

		while (cap < h->used + len)
			cap *= 2;
		n = malloc(cap);
		if (!n)
			return -ENOMEM;
		if (h->used)
			memcpy(n, h->buf, h->used);
		if (h->buf) {
			explicit_bzero(h->buf, h->cap);
			free(h->buf);
		}
		h->buf = n;
		h->cap = cap;
	}
	memcpy(h->buf + h->used, in, len);
	h->used += len;
	return 0;
}

static void fail_stream(struct hwcrypt_skcipher *h)
{
	h->active = 0;
	if (h->buf)
		explicit_bzero(h->buf, h->used);
	h->used = 0;
}

HWCRYPT_EXPORT ssize_t hwcrypt_skcipher_update(struct hwcrypt_skcipher *h, const void *in,
					       size_t inlen, uint8_t *out, size_t outlen)
{
	const uint8_t *p = in;
	size_t done = 0;
	ssize_t r;

	if (!h || (!in && inlen) || (!out && outlen))
		return -EINVAL;
	if (!h->active)
		return -EINVAL;
	if (h->mode == MODE_WHOLE) {
		if (h->used + inlen > HWCRYPT_MAX_MESSAGE || h->used + inlen < h->used) {
			fail_stream(h);
			return -EMSGSIZE;
		}
		r = hold(h, p, inlen);
		if (r)
			fail_stream(h);
		return r;
	}
	if (outlen < inlen + h->used - (inlen + h->used) % h->chunk)
		return -EINVAL;
	/* Complete a held partial chunk first, then whole chunks straight from @in. */
	if (h->used) {
		size_t n = h->chunk - h->used;

		if (n > inlen)
			n = inlen;
		memcpy(h->buf + h->used, p, n);
		h->used += n;
		p += n;
		inlen -= n;
		if (h->used < h->chunk)
			return 0;
		r = run(h, h->buf, out, h->chunk, 0);
		explicit_bzero(h->buf, h->chunk);
		h->used = 0;
		if (r < 0)
			return r;
		done = h->chunk;
	}
	while (inlen >= h->chunk) {
		size_t n = inlen - inlen % h->chunk;

		if (n > _HWCRYPT_CHUNK)
			n = _HWCRYPT_CHUNK - _HWCRYPT_CHUNK % h->chunk;
		r = run(h, p, out + done, n, 0);
		if (r < 0)
			return r;
		done += n;
		p += n;
		inlen -= n;
	}
	if (inlen) {
		if (!h->buf) {
			h->buf = malloc(h->chunk);
			if (!h->buf) {
				fail_stream(h);
				return -ENOMEM;
			}
			h->cap = h->chunk;
		}
		memcpy(h->buf, p, inlen);
		h->used = inlen;
	}
	return (ssize_t)done;
}

HWCRYPT_EXPORT ssize_t hwcrypt_skcipher_final(struct hwcrypt_skcipher *h, uint8_t *out,
					      size_t outlen)
{
	size_t n;
	ssize_t r;

	if (!h || (!out && outlen) || !h->active)
		return -EINVAL;
	n = h->used;
	if (outlen < n)
		return -EINVAL;
	if (h->mode == MODE_CHAINED && n % h->blocksize) {
		/* ecb/cbc take whole blocks only; padding is the caller's choice. */
		fail_stream(h);
		return -EINVAL;
	}
	if (h->mode == MODE_WHOLE && n && n < h->blocksize) {
		fail_stream(h);
		return -EINVAL;
	}
	if (!n) {
		h->active = 0;
		return 0;
	}
	r = run(h, h->buf, out, n, 1);
	explicit_bzero(h->buf, n);
	h->used = 0;
	h->active = 0;
	if (r < 0 && out)
		explicit_bzero(out, n);
	return r;
}

static ssize_t oneshot(struct hwcrypt_skcipher *h, int enc, const uint8_t *iv, size_t ivlen,
		       const void *in, size_t inlen, uint8_t *out, size_t outlen)
{
	ssize_t r, f;

	if (!h || (!in && inlen) || (!out && inlen) || outlen < inlen)
		return -EINVAL;
	if (h->mode == MODE_WHOLE && inlen > HWCRYPT_MAX_MESSAGE)
		return -EMSGSIZE;
	if (h->mode == MODE_CHAINED && inlen % h->blocksize)
		return -EINVAL;
	if (h->mode == MODE_WHOLE && inlen && inlen < h->blocksize)
		return -EINVAL;
	r = hwcrypt_skcipher_begin(h, enc, iv, ivlen);
	if (r)
		return r;
	if (h->mode == MODE_WHOLE && inlen) {
		/* No copy into the hold buffer: the message goes to the kernel as it is. */
		h->used = 0;
		r = run(h, in, out, inlen, 1);
		h->active = 0;
		if (r < 0)
			explicit_bzero(out, inlen);
		return r;
	}
	r = hwcrypt_skcipher_update(h, in, inlen, out, outlen);
	if (r < 0) {
		fail_stream(h);
		return r;
	}
	f = hwcrypt_skcipher_final(h, out + r, outlen - (size_t)r);
	if (f < 0) {
		explicit_bzero(out, inlen);
		return f;
	}
	return r + f;
}

HWCRYPT_EXPORT ssize_t hwcrypt_skcipher_encrypt(struct hwcrypt_skcipher *h, const uint8_t *iv,
						size_t ivlen, const void *in, size_t inlen,
						uint8_t *out, size_t outlen)
{
	return oneshot(h, 1, iv, ivlen, in, inlen, out, outlen);
}

HWCRYPT_EXPORT ssize_t hwcrypt_skcipher_decrypt(struct hwcrypt_skcipher *h, const uint8_t *iv,
						size_t ivlen, const void *in, size_t inlen,
						uint8_t *out, size_t outlen)
{
	return oneshot(h, 0, iv, ivlen, in, inlen, out, outlen);
}

HWCRYPT_EXPORT void hwcrypt_skcipher_free(struct hwcrypt_skcipher *h)
{
	if (!h)
		return;
	if (h->kh)
		kcapi_cipher_destroy(h->kh);
	_hwcrypt_pskc_free(h->soft);
	_hwcrypt_route_free(&h->route);
	if (h->buf) {
		explicit_bzero(h->buf, h->cap);
		free(h->buf);
	}
	explicit_bzero(h->iv, sizeof(h->iv));
	free(h->alg);
	free(h->driver);
	free(h);
}

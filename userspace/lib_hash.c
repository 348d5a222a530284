// SPDX-License-Identifier: GPL-2.0
/* libhwcrypt message digest handles: AF_ALG "hash" sockets driven through libkcapi. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <kcapi.h>

#include "lib_internal.h"

struct hwcrypt_hash {
	struct kcapi_handle *kh;
	char *alg;
	char *driver;		/* NULL when /proc/crypto could not tell */
	char bound[_HWCRYPT_MAX_NAME];	/* name the socket is bound to, for a new key */
	int op_open;		/* an operation socket exists: the key is fixed */
	unsigned int digestsize;
	unsigned int blocksize;
	int streaming;		/* update() sent data that no final() has consumed yet */
};

/* libkcapi takes at most INT_MAX per call; stay far below with a page-aligned piece. */
#define UPDATE_PIECE	(1u << 30)

/*
 * Fills in driver, digest and block size from /proc/crypto. Runs after the bind, when
 * template instances such as hmac(sha256) exist and are listed.
 */
static int describe(struct hwcrypt_hash *h, const char *bound, int explicit_driver)
{
	const struct hwcrypt_alg_info *a;
	struct hwcrypt_alg_list *list;
	int ret = 0;

	if (hwcrypt_alg_list_read(&list, NULL)) {
		if (explicit_driver) {
			h->driver = strdup(bound);
			if (!h->driver)
				return -ENOMEM;
		}
		return 0;
	}
	a = hwcrypt_alg_list_best(list, explicit_driver ? bound : h->alg, "hash");
	if (a && explicit_driver && strcmp(a->name, h->alg) && strcmp(a->driver, h->alg)) {
		/* Bound by driver name, but that driver computes another function. */
		ret = -EINVAL;
		goto out;
	}
	if (a) {
		h->driver = strdup(a->driver);
		if (!h->blocksize)
			h->blocksize = a->blocksize;
		if (!h->digestsize)
			h->digestsize = a->digestsize;
	} else if (explicit_driver) {
		h->driver = strdup(bound);
	}
	if ((a || explicit_driver) && !h->driver)
		ret = -ENOMEM;
out:
	hwcrypt_alg_list_free(list);
	return ret;
}

HWCRYPT_EXPORT int hwcrypt_hash_init(struct hwcrypt_hash **handle, const char *alg,
				     const char *driver)
{
	struct hwcrypt_hash *h;
	int ret;

	if (!handle)
		return -EINVAL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	/* Driver, digest and block size come from describe(), which needs the bound tfm. */
	ret = _hwcrypt_open(&h->kh, &h->alg, NULL, h->bound, alg, driver, "hash", kcapi_md_init,
			    NULL);
	if (ret)
		goto fail;
	h->digestsize = kcapi_md_digestsize(h->kh);
	h->blocksize = kcapi_md_blocksize(h->kh);
	ret = describe(h, h->bound, driver && *driver && strcmp(driver, "best"));
	if (ret)
		goto fail;
	if (!h->digestsize || h->digestsize > HWCRYPT_MAX_DIGESTSIZE) {
		/* Without a digest size final() could not size its read. */
		ret = -EPROTONOSUPPORT;
		goto fail;
	}
	*handle = h;
	return 0;
fail:
	hwcrypt_hash_free(h);
	return ret;
}

HWCRYPT_EXPORT int hwcrypt_hash_setkey(struct hwcrypt_hash *h, const uint8_t *key, size_t keylen)
{
	if (!h || (!key && keylen) || keylen > UINT32_MAX)
		return -EINVAL;
	if (h->streaming)
		return -EBUSY;
	/* libkcapi accepted the operation socket at the first update: see _hwcrypt_reopen(). */
	if (h->op_open) {
		int ret = _hwcrypt_reopen(&h->kh, h->bound, kcapi_md_init, kcapi_md_destroy,
					  NULL, NULL);

		if (ret)
			return ret;
		h->op_open = 0;
	}
	errno = 0;
	return (int)_hwcrypt_kerr(kcapi_md_setkey(h->kh, key, (uint32_t)keylen));
}

HWCRYPT_EXPORT int hwcrypt_hash_update(struct hwcrypt_hash *h, const void *in, size_t inlen)
{
	const uint8_t *p = in;
	ssize_t r;

	if (!h || (!in && inlen))
		return -EINVAL;
	while (inlen) {
		size_t n = inlen < UPDATE_PIECE ? inlen : UPDATE_PIECE;

		h->streaming = 1;
		h->op_open = 1;
		errno = 0;
		r = _hwcrypt_kerr(kcapi_md_update(h->kh, p, n));
		if (r < 0)
			return (int)r;
		p += n;
		inlen -= n;
	}
	return 0;
}

HWCRYPT_EXPORT ssize_t hwcrypt_hash_final(struct hwcrypt_hash *h, uint8_t *out, size_t outlen)
{
	ssize_t r;

	if (!h || !out || outlen < h->digestsize)
		return -EINVAL;
	h->op_open = 1;
	errno = 0;
	r = _hwcrypt_kerr(kcapi_md_final(h->kh, out, h->digestsize));
	h->streaming = 0;
	if (r >= 0 && (size_t)r != h->digestsize)
		return -EIO;
	return r;
}

HWCRYPT_EXPORT ssize_t hwcrypt_hash_digest(struct hwcrypt_hash *h, const void *in, size_t inlen,
					   uint8_t *out, size_t outlen)
{
	ssize_t r;

	if (!h || !out || (!in && inlen) || outlen < h->digestsize)
		return -EINVAL;
	if (h->streaming)
		return -EBUSY;
	/* One send without MSG_MORE only takes up to INT_MAX; stream anything larger. */
	if (inlen > UPDATE_PIECE) {
		r = hwcrypt_hash_update(h, in, inlen);
		if (r < 0) {
			uint8_t scratch[HWCRYPT_MAX_DIGESTSIZE];

			hwcrypt_hash_final(h, scratch, sizeof(scratch));
			return r;
		}
		return hwcrypt_hash_final(h, out, outlen);
	}
	h->op_open = 1;
	errno = 0;
	r = _hwcrypt_kerr(kcapi_md_digest(h->kh, in, inlen, out, h->digestsize));
	if (r >= 0 && (size_t)r != h->digestsize)
		return -EIO;
	return r;
}

HWCRYPT_EXPORT ssize_t hwcrypt_hash_oneshot(const char *alg, const char *driver,
					    const uint8_t *key, size_t keylen,
					    const void *in, size_t inlen,
					    uint8_t *out, size_t outlen)
{
	struct hwcrypt_hash *h;
	ssize_t r;

	r = hwcrypt_hash_init(&h, alg, driver);
	if (r)
		return r;
	if (key)
		r = hwcrypt_hash_setkey(h, key, keylen);
	if (!r)
		r = hwcrypt_hash_digest(h, in, inlen, out, outlen);
	hwcrypt_hash_free(h);
	return r;
}

HWCRYPT_EXPORT unsigned int hwcrypt_hash_digestsize(struct hwcrypt_hash *h)
{
	return h ? h->digestsize : 0;
}

HWCRYPT_EXPORT unsigned int hwcrypt_hash_blocksize(struct hwcrypt_hash *h)
{
	return h ? h->blocksize : 0;
}

HWCRYPT_EXPORT const char *hwcrypt_hash_driver(struct hwcrypt_hash *h)
{
	return h ? h->driver : NULL;
}

HWCRYPT_EXPORT const char *hwcrypt_hash_alg(struct hwcrypt_hash *h)
{
	return h ? h->alg : NULL;
}

HWCRYPT_EXPORT void hwcrypt_hash_free(struct hwcrypt_hash *h)
{
	if (!h)
		return;
	if (h->kh)
		kcapi_md_destroy(h->kh);
	free(h->alg);
	free(h->driver);
	free(h);
}

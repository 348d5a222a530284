// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt message digest handles: AF_ALG "hash" sockets driven through libkcapi, or
 * hwcrypt's cores in process (lib_process.c) where the kernel does not serve.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <kcapi.h>

#include "lib_internal.h"

struct hwcrypt_hash {
	struct kcapi_handle *kh;
	struct _hwcrypt_phash *soft;	/* in process: every call goes here, kh is NULL */
	struct _hwcrypt_route route;
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
	a = _hwcrypt_afalg_best(list, explicit_driver ? bound : h->alg, "hash");
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

static int kernel_init(void *p, const char *alg, const char *driver)
{
	struct hwcrypt_hash *h = p;
	int ret;

	/* Driver, digest and block size come from describe(), which needs the bound tfm. */
	ret = _hwcrypt_open(&h->kh, &h->alg, NULL, h->bound, alg, driver, "hash", kcapi_md_init,
			    kcapi_md_destroy, NULL, &h->route.by_name);
	if (ret)
		return ret;
	h->digestsize = kcapi_md_digestsize(h->kh);
	h->blocksize = kcapi_md_blocksize(h->kh);
	ret = describe(h, h->bound, driver && *driver && strcmp(driver, "best") &&
		       !h->route.by_name);
	if (ret)
		return ret;
	if (!h->digestsize || h->digestsize > HWCRYPT_MAX_DIGESTSIZE)
		/* Without a digest size final() could not size its read. */
		return -EPROTONOSUPPORT;
	return 0;
}

static int process_new(void *p, const char *alg, const char *driver,
		       const struct _hwcrypt_pname **name)
{
	struct hwcrypt_hash *h = p;
	int ret = _hwcrypt_phash_new(&h->soft, alg, driver);

	if (ret)
		return ret;
	h->digestsize = _hwcrypt_phash_digestsize(h->soft);
	h->blocksize = _hwcrypt_phash_blocksize(h->soft);
	*name = _hwcrypt_pname_of(h->soft);
	return 0;
}

static void free_handle(void *h)
{
	hwcrypt_hash_free(h);
}

static const struct _hwcrypt_handle_ops hash_ops = {
	.type = "hash",
	_HWCRYPT_HANDLE_FIELDS(struct hwcrypt_hash),
	.destroy = kcapi_md_destroy,
	.kernel = kernel_init,
	.process = process_new,
	.free = free_handle,
};

HWCRYPT_EXPORT int hwcrypt_hash_init(struct hwcrypt_hash **handle, const char *alg,
				     const char *driver)
{
	void *h = NULL;
	int ret = _hwcrypt_handle_init(handle ? &h : NULL, &hash_ops, alg, driver);

	if (!ret)
		*handle = h;
	return ret;
}

HWCRYPT_EXPORT int hwcrypt_hash_setkey(struct hwcrypt_hash *h, const uint8_t *key, size_t keylen)
{
	if (!h || (!key && keylen) || keylen > UINT32_MAX)
		return -EINVAL;
	if (h->streaming)
		return -EBUSY;
	if (h->soft)
		return _hwcrypt_phash_setkey(h->soft, key, keylen);
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
	if (h->soft) {
		r = _hwcrypt_phash_update(h->soft, in, inlen);
		h->streaming = !r;
		return (int)r;
	}
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
	if (h->soft) {
		h->streaming = 0;
		return _hwcrypt_phash_final(h->soft, out);
	}
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
	if (h->soft) {
		r = _hwcrypt_phash_update(h->soft, in, inlen);
		return r ? r : _hwcrypt_phash_final(h->soft, out);
	}
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

HWCRYPT_EXPORT int hwcrypt_hash_path(struct hwcrypt_hash *h, struct hwcrypt_path *p)
{
	if (!h)
		return -EINVAL;
	return _hwcrypt_route_path(&h->route, h->driver, h->bound, p);
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
	_hwcrypt_phash_free(h->soft);
	_hwcrypt_route_free(&h->route);
	free(h->alg);
	free(h->driver);
	free(h);
}

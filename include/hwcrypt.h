/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libhwcrypt public API: kernel crypto API hashes over AF_ALG (via libkcapi) and /proc/crypto.
 */
#ifndef HWCRYPT_H
#define HWCRYPT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HWCRYPT_VERSION_MAJOR	0
#define HWCRYPT_VERSION_MINOR	1
#define HWCRYPT_VERSION_PATCH	0

/*
 * Longest digest any kernel hash produces (SHA-512, SHA3-512: 64 bytes); a buffer of this
 * size always satisfies hwcrypt_hash_final().
 */
#define HWCRYPT_MAX_DIGESTSIZE	64

/**
 * DOC: Conventions
 *
 * Every function that can fail returns a negative errno value (never sets errno for the
 * caller to read) and 0 or a positive length on success. Lengths are in bytes.
 * hwcrypt_strerror() describes a returned error in the library's terms; the common ones:
 *
 *   -EAFNOSUPPORT      the kernel's AF_ALG socket family, or its "hash" type (algif_hash),
 *                      is not available;
 *   -EPROTONOSUPPORT   the NETLINK_CRYPTO interface (module crypto_user) is not available:
 *                      libkcapi asks it for the digest size of every handle it opens, so
 *                      hashing needs it even though AF_ALG itself is present;
 *   -ENOENT            the kernel knows no algorithm or driver of that name;
 *   -EINVAL            bad argument, e.g. a driver that implements a different algorithm;
 *   -ENOKEY            a keyed hash (hmac(...)) was used before hwcrypt_hash_setkey();
 *   -ENOMEM            out of memory.
 *
 * Naming: algorithms use crypto API names as /proc/crypto shows them in its "name" field
 * ("sha256", "hmac(sha256)"); drivers use the "driver" field (cra_driver_name, e.g.
 * "sha256-hwcrypt-shani", "sha256-generic"). hwcrypt's own drivers are named
 * "<alg>-hwcrypt-<impl>" and are listed with "module : hwcrypt".
 *
 * Handles are not thread-safe: use one handle per thread.
 *
 * libkcapi prints its own diagnostics on stderr by default; libhwcrypt switches that off
 * the first time it opens a handle, because every failure is returned to the caller. Set
 * the environment variable HWCRYPT_DEBUG=1 to get libkcapi's debug log instead.
 */

/**
 * hwcrypt_version() - version string of the library
 *
 * @return a static string "MAJOR.MINOR.PATCH" of the libhwcrypt that is running, which
 *	   may be newer than the HWCRYPT_VERSION_* the caller was compiled against.
 */
const char *hwcrypt_version(void);

/**
 * hwcrypt_strerror() - describe an error returned by a libhwcrypt function
 *
 * @err: [in] negative errno value as returned by libhwcrypt (a positive value is
 *	 treated like its negation)
 *
 * For the errors listed under "Conventions" the text names the kernel interface that is
 * missing (e.g. "AF_ALG interface not available (are af_alg and algif_hash loaded?)"); other
 * values get strerror()'s text.
 *
 * @return a static, NUL-terminated string; never NULL.
 */
const char *hwcrypt_strerror(int err);

/**
 * DOC: Message digest API
 *
 * Unkeyed hashes (SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 of FIPS 180-4, or any other
 * hash the kernel offers) and keyed hashes (HMAC of RFC 2104 / FIPS 198-1, "hmac(...)")
 * computed by the kernel crypto API through an AF_ALG "hash" socket.
 *
 * A handle is bound to one kernel driver for its whole life. Streaming use is
 * hwcrypt_hash_update() any number of times, then hwcrypt_hash_final(); after final
 * the handle starts a new message and may be reused (a key stays set).
 *
 * Kernel requirements: AF_ALG with algif_hash (CONFIG_CRYPTO_USER_API_HASH) and, because
 * libkcapi queries the algorithm at open time, NETLINK_CRYPTO (CONFIG_CRYPTO_USER, module
 * crypto_user, which the kernel auto-loads when it is installed as a module).
 */

/* Opaque hash handle. */
struct hwcrypt_hash;

/**
 * hwcrypt_hash_init() - open a (keyed) message digest handle
 *
 * @handle: [out] the new handle, set only on success
 * @alg: [in] crypto API algorithm name, e.g. "sha256" or "hmac(sha256)"
 * @driver: [in] NULL or "best" to let the kernel pick its highest-priority driver for
 *	    @alg; otherwise a cra_driver_name such as "sha256-hwcrypt-shani". For a template
 *	    algorithm like "hmac(sha256)" either the instance's driver name
 *	    ("hmac(sha256-hwcrypt-shani)") or just the inner driver ("sha256-hwcrypt-shani")
 *	    may be given; the latter is wrapped in the template for you.
 *
 * AF_ALG accepts a driver name where it takes an algorithm name, which is how an explicit
 * driver is bound. An explicit driver must implement @alg: if /proc/crypto lists it under
 * another algorithm name the call fails with -EINVAL rather than hash with the wrong
 * function.
 *
 * Free the handle with hwcrypt_hash_free().
 *
 * @return 0 upon success;
 *	   -EINVAL - @handle or @alg is NULL, a name is longer than 63 characters (the
 *		     limit of struct sockaddr_alg that libkcapi fills in), or @driver does not implement @alg;
 *	   -ENOENT - no such algorithm or driver;
 *	   -EAFNOSUPPORT - AF_ALG or its hash interface is missing;
 *	   -EPROTONOSUPPORT - NETLINK_CRYPTO (crypto_user) is missing;
 *	   -ENOMEM - out of memory;
 *	   another negative errno from the kernel.
 */
int hwcrypt_hash_init(struct hwcrypt_hash **handle, const char *alg, const char *driver);

/**
 * hwcrypt_hash_setkey() - set the key of a keyed message digest
 *
 * @handle: [in] hash handle
 * @key: [in] key bytes
 * @keylen: [in] length of @key in bytes; HMAC accepts any length (keys longer than the
 *	    hash block size are hashed first, as RFC 2104 specifies)
 *
 * Must be called before the first hwcrypt_hash_update(), hwcrypt_hash_final() or
 * hwcrypt_hash_digest() of a keyed algorithm; the kernel keeps a copy, so the caller may
 * wipe @key afterwards. Calling it for an unkeyed hash fails.
 *
 * @return 0 upon success;
 *	   -EINVAL - bad argument, or @keylen does not fit in 32 bits;
 *	   -EBUSY - a streaming operation is in progress on the handle;
 *	   -ENOKEY / -EINVAL / -EOPNOTSUPP - the kernel rejected the key (e.g. the
 *		     algorithm is not keyed).
 */
int hwcrypt_hash_setkey(struct hwcrypt_hash *handle, const uint8_t *key, size_t keylen);

/**
 * hwcrypt_hash_update() - add data to the message being hashed (streaming)
 *
 * @handle: [in] hash handle
 * @in: [in] data; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes, any size (split into pieces libkcapi accepts)
 *
 * The data is handed to the kernel at once (with MSG_MORE, so the kernel keeps the
 * partial state); nothing is buffered in user space.
 *
 * @return 0 upon success;
 *	   -EINVAL - bad argument;
 *	   -ENOKEY - keyed algorithm without key;
 *	   another negative errno from the kernel. After an error the message is lost:
 *	   call hwcrypt_hash_final() to reset the handle or free it.
 */
int hwcrypt_hash_update(struct hwcrypt_hash *handle, const void *in, size_t inlen);

/**
 * hwcrypt_hash_final() - finish the message and return its digest (streaming)
 *
 * @handle: [in] hash handle
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes; must be at least hwcrypt_hash_digestsize()
 *
 * Without a preceding update this is the digest of the empty message. Afterwards the
 * handle is ready for a new message.
 *
 * @return the digest size in bytes upon success;
 *	   -EINVAL - bad argument or @outlen too small (the handle state is unchanged);
 *	   -ENOKEY - keyed algorithm without key;
 *	   another negative errno from the kernel.
 */
ssize_t hwcrypt_hash_final(struct hwcrypt_hash *handle, uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_digest() - hash one buffer with an open handle (one-shot)
 *
 * @handle: [in] hash handle with no streaming operation in progress
 * @in: [in] message; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes; must be at least hwcrypt_hash_digestsize()
 *
 * @return the digest size in bytes upon success;
 *	   -EBUSY - hwcrypt_hash_update() was called without a hwcrypt_hash_final();
 *	   otherwise as hwcrypt_hash_final().
 */
ssize_t hwcrypt_hash_digest(struct hwcrypt_hash *handle, const void *in, size_t inlen,
			    uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_oneshot() - open, (key,) hash one buffer and close in one call
 *
 * @alg: [in] algorithm name as for hwcrypt_hash_init()
 * @driver: [in] driver as for hwcrypt_hash_init(), NULL or "best" for the kernel's choice
 * @key: [in] key for keyed algorithms, NULL for unkeyed ones
 * @keylen: [in] length of @key in bytes (ignored when @key is NULL)
 * @in: [in] message; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes (HWCRYPT_MAX_DIGESTSIZE is always enough)
 *
 * @return the digest size in bytes upon success; a negative errno from
 *	   hwcrypt_hash_init(), hwcrypt_hash_setkey() or hwcrypt_hash_digest() otherwise.
 */
ssize_t hwcrypt_hash_oneshot(const char *alg, const char *driver,
			     const uint8_t *key, size_t keylen,
			     const void *in, size_t inlen, uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_digestsize() - digest size of the handle's algorithm
 *
 * @handle: [in] hash handle
 *
 * @return the digest size in bytes (e.g. 32 for SHA-256), or 0 if @handle is NULL.
 */
unsigned int hwcrypt_hash_digestsize(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_blocksize() - block size of the handle's algorithm
 *
 * @handle: [in] hash handle
 *
 * @return the block size in bytes (64 for SHA-1/224/256, 128 for SHA-384/512), or 0 if
 *	   it is unknown (the driver is not in /proc/crypto) or @handle is NULL.
 */
unsigned int hwcrypt_hash_blocksize(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_driver() - kernel driver (cra_driver_name) that serves the handle
 *
 * @handle: [in] hash handle
 *
 * With an explicit driver this is that driver (template-wrapped, e.g.
 * "hmac(sha256-hwcrypt-shani)"). With "best" it is the entry of /proc/crypto, read
 * right after the socket was bound, that the kernel's own lookup picks: among the
 * non-internal hash entries whose name equals the algorithm and whose selftest passed,
 * the one with the highest priority, the earliest listed on a tie (the kernel lists
 * newest registrations first and keeps the first best it meets); a driver name equal to
 * the algorithm name wins outright, as in the kernel. A driver registered between the
 * bind and the read can make this report differ from the kernel's choice.
 *
 * @return a NUL-terminated string owned by the handle, valid until hwcrypt_hash_free();
 *	   NULL if @handle is NULL or /proc/crypto could not be read for a "best" handle.
 */
const char *hwcrypt_hash_driver(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_alg() - algorithm name the handle was opened for
 *
 * @handle: [in] hash handle
 *
 * @return the @alg given to hwcrypt_hash_init() (owned by the handle), or NULL.
 */
const char *hwcrypt_hash_alg(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_free() - close a hash handle and release its resources
 *
 * @handle: [in] hash handle; NULL is allowed and ignored
 */
void hwcrypt_hash_free(struct hwcrypt_hash *handle);

/**
 * DOC: Algorithm list API
 *
 * A snapshot of /proc/crypto: one entry per registered driver, in the kernel's order.
 */

/* Selftest states as /proc/crypto reports them. */
enum hwcrypt_selftest {
	HWCRYPT_SELFTEST_UNKNOWN = 0,	/* "unknown": not (yet) tested */
	HWCRYPT_SELFTEST_PASSED = 1,	/* "passed" */
};

/*
 * One /proc/crypto entry. Strings are never NULL ("" when the field is absent).
 * The library allocates these; new fields may be appended in later versions.
 */
struct hwcrypt_alg_info {
	const char *name;		/* "name": algorithm, e.g. "sha256" */
	const char *driver;		/* "driver": cra_driver_name */
	const char *module;		/* "module": "kernel" for built-in, "hwcrypt" for ours */
	const char *type;		/* "type": "shash", "ahash", "skcipher", ... */
	const char *selftest_str;	/* "selftest" as printed: "passed", "unknown" */
	int priority;			/* "priority" */
	enum hwcrypt_selftest selftest;
	int internal;			/* "internal : yes": not reachable from AF_ALG */
	int async;			/* "async : yes" */
	unsigned int digestsize;	/* "digestsize" in bytes, 0 if absent */
	unsigned int blocksize;		/* "blocksize" in bytes, 0 if absent */
};

/* Opaque snapshot. */
struct hwcrypt_alg_list;

/**
 * hwcrypt_alg_list_read() - take a snapshot of the registered algorithms
 *
 * @list: [out] the snapshot, set only on success
 * @path: [in] file in /proc/crypto format to read, NULL for "/proc/crypto"
 *
 * Entries without a "name" or "driver" field are skipped.
 *
 * @return 0 upon success;
 *	   -EINVAL - @list is NULL;
 *	   -ENOMEM - out of memory;
 *	   negative errno of open()/read() otherwise (e.g. -ENOENT without procfs).
 */
int hwcrypt_alg_list_read(struct hwcrypt_alg_list **list, const char *path);

/**
 * hwcrypt_alg_list_count() - number of entries in a snapshot
 *
 * @list: [in] snapshot
 *
 * @return the number of entries (0 for NULL).
 */
size_t hwcrypt_alg_list_count(const struct hwcrypt_alg_list *list);

/**
 * hwcrypt_alg_list_get() - one entry of a snapshot
 *
 * @list: [in] snapshot
 * @idx: [in] index, 0 <= @idx < hwcrypt_alg_list_count(), in /proc/crypto order
 *
 * @return the entry, valid until hwcrypt_alg_list_free(); NULL if @idx is out of range.
 */
const struct hwcrypt_alg_info *hwcrypt_alg_list_get(const struct hwcrypt_alg_list *list,
						    size_t idx);

/**
 * hwcrypt_alg_list_best() - the driver the kernel picks for an algorithm name
 *
 * @list: [in] snapshot
 * @name: [in] algorithm name, or a driver name (an exact driver match wins, as in the
 *	  kernel's lookup)
 * @type: [in] NULL for any type; "hash" for message digests (types "shash" and "ahash");
 *	  otherwise an exact /proc/crypto type such as "skcipher"
 *
 * Applies the kernel's rule described at hwcrypt_hash_driver(): internal entries never
 * qualify; entries whose selftest passed are preferred over untested ones; the highest
 * priority wins and the earliest entry wins a tie.
 *
 * @return the entry, or NULL if no entry matches.
 */
const struct hwcrypt_alg_info *hwcrypt_alg_list_best(const struct hwcrypt_alg_list *list,
						     const char *name, const char *type);

/**
 * hwcrypt_alg_list_free() - release a snapshot
 *
 * @list: [in] snapshot; NULL is allowed and ignored
 */
void hwcrypt_alg_list_free(struct hwcrypt_alg_list *list);

#ifdef __cplusplus
}
#endif

#endif /* HWCRYPT_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* Declarations shared by libhwcrypt's source files; nothing here is exported. */
#ifndef HWCRYPT_LIB_INTERNAL_H
#define HWCRYPT_LIB_INTERNAL_H

#include <stddef.h>
#include <sys/types.h>
#include "hwcrypt.h"

/* Everything is built with -fvisibility=hidden; the public API opts back in. */
#define HWCRYPT_EXPORT __attribute__((visibility("default")))

/* sizeof(struct sockaddr_alg.salg_name): libkcapi cuts longer names, so refuse them. */
#define _HWCRYPT_MAX_NAME	64

void _hwcrypt_quiet_kcapi(void);
int _hwcrypt_diagnose(const char *type, const char *name, int err);
int _hwcrypt_bind_name(char *buf, size_t len, const char *alg, const char *driver);
int _hwcrypt_bind_name_typed(char *buf, size_t len, const char *alg, const char *driver,
			     const char *type);
/* What /proc/crypto tells about the serving driver beyond the netlink query of libkcapi. */
struct _hwcrypt_props {
	int listed;			/* the driver's entry was found; else all fields are 0 */
	unsigned int blocksize, ivsize, chunksize, min_keysize;
};

/* hwcrypt_alg_list_best() as an AF_ALG bind sees it (7.2+ skips async algorithms). */
const struct hwcrypt_alg_info *_hwcrypt_afalg_best(const struct hwcrypt_alg_list *list,
						   const char *name, const char *type);
int _hwcrypt_resolve_driver(const char *alg, const char *bound, int explicit_driver,
			    const char *type, char **driver, struct _hwcrypt_props *props);

ssize_t _hwcrypt_kerr(ssize_t r);

struct kcapi_handle;
int _hwcrypt_open(struct kcapi_handle **kh, char **alg_copy, char **driver_out, char *bound,
		  const char *alg, const char *driver, const char *type,
		  int (*init)(struct kcapi_handle **, const char *, uint32_t),
		  void (*destroy)(struct kcapi_handle *), struct _hwcrypt_props *props,
		  int *by_name);
int _hwcrypt_reopen(struct kcapi_handle **kh, const char *bound,
		    int (*init)(struct kcapi_handle **, const char *, uint32_t),
		    void (*destroy)(struct kcapi_handle *),
		    int (*restore)(struct kcapi_handle *, void *), void *arg);

/*
 * Most data one AF_ALG request may carry here: the socket's send and receive buffers
 * (sk_sndbuf, sk_rcvbuf, about 208 KiB by default) must hold a whole xts, cts or aead
 * message, or sendmsg() would wait forever for a recvmsg() that cannot start.
 */
#define _HWCRYPT_CHUNK		(64u * 1024)
/* Largest piece handed to libkcapi's send calls: see run() in lib_skcipher.c. */
#define _HWCRYPT_PIECE		(32u * 1024)

/* ---- lib_backend.c: backend policy, AF_ALG's refusals in words, which path served */

/* What the kernel lets this process do with AF_ALG, as far as it can be seen from here. */
struct _hwcrypt_afalg {
	int restrict_level;		/* /proc/sys/crypto/af_alg_restrict, -1 absent */
	int socket_err;			/* errno of socket(AF_ALG), 0 if it opened */
	int seccomp, seccomp_filters;	/* /proc/self/status */
	int cap_net_admin, cap_sys_admin;	/* effective */
};
void _hwcrypt_afalg_probe(struct _hwcrypt_afalg *a);

/* The text hwcrypt_strerror() gives for the thread's last failure, if it was @err. */
void _hwcrypt_detail_clear(void);
int _hwcrypt_detail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *_hwcrypt_detail_for(int err);
/* Names the policy or interface behind a kernel refusal of @name; returns @err (or socket's). */
int _hwcrypt_explain_refusal(const char *type, const char *name, int err);
int _hwcrypt_kernel_refused(int err);
/* Before the in-process path: @alg's sanity where the kernel path did not check it. */
int _hwcrypt_process_check(const char *alg, int kernel_err);
/* The error when neither path serves (@err from lib_process.c, @kernel_err 0 for "process"). */
int _hwcrypt_process_refused(const char *type, const char *alg, const char *driver, int err,
			     int kernel_err);
int _hwcrypt_restricted(void);

/* Which path serves a handle. */
struct _hwcrypt_route {
	int backend;			/* HWCRYPT_BACKEND_KERNEL or HWCRYPT_BACKEND_PROCESS */
	const char *tier;		/* process: the core tier (static) */
	int by_name;			/* kernel: the driver was bound by algorithm name */
	char *why;			/* process: the kernel's refusal or the policy; may be NULL */
};
void _hwcrypt_route_process(struct _hwcrypt_route *r, const char *tier, int kernel_err);
void _hwcrypt_route_free(struct _hwcrypt_route *r);
int _hwcrypt_route_path(const struct _hwcrypt_route *r, const char *driver, const char *bound,
			struct hwcrypt_path *p);

struct _hwcrypt_pname;
/*
 * What differs between hwcrypt_hash_init(), _skcipher_init() and _aead_init(): the rest,
 * the backend policy and the fallback to the in-process path, is _hwcrypt_handle_init().
 * The offsets name the handle's fields that the fallback fills in or clears.
 */
struct _hwcrypt_handle_ops {
	const char *type;		/* "hash", "skcipher", "aead": for messages */
	size_t size;
	size_t kh, alg, driver, route;	/* offsetof() in the handle */
	void (*destroy)(struct kcapi_handle *kh);
	int (*kernel)(void *h, const char *alg, const char *driver);
	/* The in-process core: its *_new() error, or 0 with the sizes filled in. */
	int (*process)(void *h, const char *alg, const char *driver,
		       const struct _hwcrypt_pname **name);
	void (*free)(void *h);
};
/* The offsets above for a handle type whose fields are named kh, alg, driver and route. */
#define _HWCRYPT_HANDLE_FIELDS(type)							\
	.size = sizeof(type), .kh = offsetof(type, kh), .alg = offsetof(type, alg),	\
	.driver = offsetof(type, driver), .route = offsetof(type, route)
/* @handle NULL: -EINVAL, though the policy is read first (it may set the error's text). */
int _hwcrypt_handle_init(void **handle, const struct _hwcrypt_handle_ops *ops, const char *alg,
			 const char *driver);

/* ---- lib_process.c: the in-process path on hwcrypt's own cores */

/* The CPU features the in-process tiers may use (narrowed by HWCRYPT_CPU_FEATURES). */
unsigned int _hwcrypt_cpu_features(void);

/* First member of every in-process handle, so that one accessor serves all three. */
struct _hwcrypt_pname {
	const char *tier;		/* static */
	char driver[96];
};
const struct _hwcrypt_pname *_hwcrypt_pname_of(const void *p);

/*
 * Each *_new() returns -ENOENT for an algorithm or driver the cores do not implement (or a
 * tier this CPU lacks), -EINVAL for a hwcrypt driver of another algorithm.
 */
struct _hwcrypt_phash;
int _hwcrypt_phash_new(struct _hwcrypt_phash **p, const char *alg, const char *driver);
int _hwcrypt_phash_setkey(struct _hwcrypt_phash *p, const uint8_t *key, size_t keylen);
int _hwcrypt_phash_update(struct _hwcrypt_phash *p, const void *in, size_t len);
int _hwcrypt_phash_final(struct _hwcrypt_phash *p, uint8_t *out);
unsigned int _hwcrypt_phash_digestsize(const struct _hwcrypt_phash *p);
unsigned int _hwcrypt_phash_blocksize(const struct _hwcrypt_phash *p);
void _hwcrypt_phash_free(struct _hwcrypt_phash *p);

struct _hwcrypt_pskc;
int _hwcrypt_pskc_new(struct _hwcrypt_pskc **p, const char *alg, const char *driver);
int _hwcrypt_pskc_setkey(struct _hwcrypt_pskc *p, const uint8_t *key, size_t keylen);
/* ivsize, blocksize, chunk, chained as hwcrypt_skcipher_*() report them. */
void _hwcrypt_pskc_sizes(const struct _hwcrypt_pskc *p, unsigned int *ivsize,
			 unsigned int *blocksize, unsigned int *chunk, int *chained);
/*
 * @len bytes; @iv carries the chaining value from one call to the next (chained modes);
 * xts and cts take a whole message. Lengths are the caller's to check.
 */
int _hwcrypt_pskc_crypt(struct _hwcrypt_pskc *p, int enc, uint8_t *iv, const uint8_t *in,
			uint8_t *out, size_t len);
void _hwcrypt_pskc_free(struct _hwcrypt_pskc *p);

struct _hwcrypt_paead;
int _hwcrypt_paead_new(struct _hwcrypt_paead **p, const char *alg, const char *driver);
int _hwcrypt_paead_setkey(struct _hwcrypt_paead *p, const uint8_t *key, size_t keylen);
int _hwcrypt_paead_settaglen(struct _hwcrypt_paead *p, size_t taglen);
unsigned int _hwcrypt_paead_ivsize(const struct _hwcrypt_paead *p);
unsigned int _hwcrypt_paead_taglen(const struct _hwcrypt_paead *p);
/*
 * One message as AF_ALG takes it (rfc4106: the 8-byte IV ends the AAD). Decryption: @in is
 * text || tag; a wrong tag zeroes @out and returns -EBADMSG. Returns the output length.
 */
ssize_t _hwcrypt_paead_crypt(struct _hwcrypt_paead *p, int enc, const uint8_t *iv,
			     const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen,
			     uint8_t *out);
void _hwcrypt_paead_free(struct _hwcrypt_paead *p);

/* ---- lib_prsa.c: in-process RSA keys (negative serials) and PKCS#1 v1.5 operations */
int _hwcrypt_prsa_is(int32_t serial);
int _hwcrypt_prsa_load(int32_t *serial, const void *der, size_t derlen);
int _hwcrypt_prsa_unload(int32_t serial);
int _hwcrypt_prsa_size(int32_t serial);
ssize_t _hwcrypt_prsa_sign(int32_t serial, const char *enc, const char *hash,
			   const uint8_t *digest, size_t dlen, uint8_t *sig, size_t siglen);
int _hwcrypt_prsa_verify(int32_t serial, const char *enc, const char *hash,
			 const uint8_t *digest, size_t dlen, const uint8_t *sig, size_t siglen);
ssize_t _hwcrypt_prsa_encrypt(int32_t serial, const char *enc, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen);
ssize_t _hwcrypt_prsa_decrypt(int32_t serial, const char *enc, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen);

#endif

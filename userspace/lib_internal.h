/* SPDX-License-Identifier: GPL-2.0 */
/* Declarations shared by libhwcrypt's source files; nothing here is exported. */
#ifndef HWCRYPT_LIB_INTERNAL_H
#define HWCRYPT_LIB_INTERNAL_H

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

int _hwcrypt_resolve_driver(const char *alg, const char *bound, int explicit_driver,
			    const char *type, char **driver, struct _hwcrypt_props *props);

ssize_t _hwcrypt_kerr(ssize_t r);

struct kcapi_handle;
int _hwcrypt_open(struct kcapi_handle **kh, char **alg_copy, char **driver_out, char *bound,
		  const char *alg, const char *driver, const char *type,
		  int (*init)(struct kcapi_handle **, const char *, uint32_t),
		  struct _hwcrypt_props *props);
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

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/* Declarations shared by libhwcrypt's source files; nothing here is exported. */
#ifndef HWCRYPT_LIB_INTERNAL_H
#define HWCRYPT_LIB_INTERNAL_H

#include "hwcrypt.h"

/* Everything is built with -fvisibility=hidden; the public API opts back in. */
#define HWCRYPT_EXPORT __attribute__((visibility("default")))

/* sizeof(struct sockaddr_alg.salg_name): libkcapi cuts longer names, so refuse them. */
#define _HWCRYPT_MAX_NAME	64

void _hwcrypt_quiet_kcapi(void);
int _hwcrypt_diagnose(const char *type, const char *name, int err);
int _hwcrypt_bind_name(char *buf, size_t len, const char *alg, const char *driver);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_afalg's shared parts (see main.c): random numbers, the targets and their OpenSSL oracle,
 * AF_ALG helpers of both the fuzz and the stress mode.
 */
#ifndef FZ_COMMON_H
#define FZ_COMMON_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <openssl/evp.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif
/* The one flag bind() accepts in salg_feat/salg_mask (include/linux/crypto.h). */
#define FZ_ALG_KERN_DRIVER_ONLY 0x00001000u

#define FZ_MAX_TARGETS	64
#define FZ_MAX_PARENTS	3
#define FZ_MAX_CHILDREN	6
#define FZ_BIG		(256 * 1024)	/* data region; sends stay below it */
#define FZ_MAX_DS	64
#define FZ_TRACE	24
#define FZ_NOTE		600	/* one operation's trace (a cipher message notes several calls) */
#define FZ_CMAX		(64 * 1024)	/* a cipher message; far below the socket buffers */
#define FZ_NO_ORACLE	(-1000)	/* valid for the kernel, but OpenSSL has no such cipher */

struct fz_rng {
	uint64_t s;
};

uint64_t rng_next(struct fz_rng *r);
uint32_t rng_below(struct fz_rng *r, uint32_t n);
void rng_fill(struct fz_rng *r, uint8_t *p, size_t n);
size_t rng_len(struct fz_rng *r, size_t max);
void fz_strcpy(void *dst, size_t n, const char *src);
double now(void);

struct fz_target;

/* One /proc/crypto entry, as far as the fuzzer needs it. */
struct fz_proc {
	char name[128], driver[128], module[64], type[64];
	unsigned int digestsize, ivsize, maxauthsize;
};

/* One kind of crypto API algorithm (/proc/crypto "type"), and how it is fuzzed. */
struct fz_type {
	const char *proc_type;		/* as /proc/crypto names it */
	const char *afalg_type;		/* sockaddr_alg salg_type */
	/* Adds the targets of one driver; returns how many. */
	int (*add_targets)(const struct fz_proc *e);
};

/* Cipher targets: which AES mode (the model's rules and the OpenSSL oracle follow from it). */
enum fz_cmode { FZ_ECB = 1, FZ_CBC, FZ_CTR, FZ_XTS, FZ_CTS, FZ_GCM, FZ_RFC4106 };

struct fz_target {
	char bind_name[128];		/* what is bound: the driver, or a template over it */
	char cra_name[128];
	const struct fz_type *type;
	const EVP_MD *md;		/* hash oracle */
	int keyed;			/* hmac, ciphers: needs a key before use */
	unsigned int ds;		/* digest size */
	enum fz_cmode cmode;		/* 0: a hash */
	unsigned int ivsize, maxauth;	/* ciphers: IV bytes; aead: largest tag */
	unsigned long ops, results, errors;	/* fuzz counters */
};

extern struct fz_target targets[FZ_MAX_TARGETS];
extern int ntargets;
extern uint64_t seed;
extern double max_secs;

/* Reads hwcrypt's entries from /proc/crypto; returns the number of drivers without a fuzzer. */
int load_targets(void);

/* Incremental oracle: an EVP digest, or an EVP_MAC HMAC over it. */
struct fz_oracle {
	EVP_MD_CTX *md;
	EVP_MAC_CTX *mac;
};

extern EVP_MAC *hmac_mac;

void oracle_free(struct fz_oracle *o);
void oracle_init(struct fz_oracle *o, const struct fz_target *t, const uint8_t *key,
		 size_t keylen);
void oracle_update(struct fz_oracle *o, const uint8_t *p, size_t n);
void oracle_final(struct fz_oracle *o, uint8_t *out);
void oracle_dup(struct fz_oracle *dst, const struct fz_oracle *src);
void digest_oneshot(const struct fz_target *t, const uint8_t *key, size_t keylen,
		    const uint8_t *p, size_t n, uint8_t *out);
int cipher_keylen_ok(const struct fz_target *t, size_t n);
size_t cipher_keylen_pick(const struct fz_target *t, struct fz_rng *r);
int cipher_authsize_ok(const struct fz_target *t, unsigned int n);
long cipher_expect(const struct fz_target *t, const uint8_t *key, size_t keylen, int enc,
		   const uint8_t *iv, unsigned int authsize, size_t assoclen,
		   const uint8_t *in, size_t len, uint8_t *out);

/* What one sendmsg carries besides data. */
struct fz_ctl {
	int op;			/* ALG_OP_ENCRYPT/DECRYPT, or another value (refused) */
	const uint8_t *iv;	/* NULL: no ALG_SET_IV */
	unsigned int ivlen;
	long assoclen;		/* < 0: no ALG_SET_AEAD_ASSOCLEN */
	int bogus;		/* a SOL_ALG control message of a type sendmsg does not take */
};

ssize_t cipher_sendmsg(struct fz_rng *r, int fd, const uint8_t *data, size_t n,
		       const struct fz_ctl *ctl, int more);

int fuzz(void);
int stress(int nthreads);

#endif /* FZ_COMMON_H */

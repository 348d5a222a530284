/* SPDX-License-Identifier: GPL-2.0 */
/* fuzz_afalg fuzz mode: the model of the sockets, shared by fuzz.c, sockets.c, hash.c, cipher.c. */
#ifndef FZ_FUZZ_H
#define FZ_FUZZ_H

#include "common.h"

/* Fuzz mode: sockets and their model. */

/* The tfm a bound parent socket holds: its algorithm and key. */
struct fz_parent {
	int fd;				/* -1 once closed (children keep the tfm alive) */
	int in_use;
	struct fz_target *t;		/* NULL while unbound */
	uint8_t key[512];
	size_t keylen;
	int has_key;
	unsigned int authsize;		/* aead: the tfm's tag length */
};

struct fz_child {
	int fd;
	struct fz_parent *p;
	int nokey;			/* accepted while the tfm had no key */
	int more;			/* a request is open (last send had MSG_MORE) */
	int result;			/* a finished digest waits to be read */
	int undefined;			/* after a failed send: what recv returns is not defined */
	uint8_t digest[FZ_MAX_DS];	/* expected value of that digest */
	struct fz_oracle o;		/* the open request */
	/* skcipher/aead: what af_alg keeps per socket between messages (ctx->enc, iv, assoclen). */
	int c_enc, c_iv_known;
	uint8_t c_iv[16];
	unsigned int c_assoclen;
};

extern struct fz_parent parents[FZ_MAX_PARENTS];
extern struct fz_child children[FZ_MAX_CHILDREN];
extern struct fz_rng R;
extern unsigned long op_no, max_ops, nfail;
extern unsigned long cnt_valid, cnt_invalid, cnt_compared;
extern int verbose;
extern uint8_t *region;		/* FZ_BIG bytes, followed by a PROT_NONE guard page */
extern long page;
extern uint8_t *guard;

#define FZ_MAYFAIL	(-1)	/* either outcome is fine */
#define FZ_MUSTFAIL	(-2)	/* any errno, but it must fail */

/* ret/errno of a call against what the model says: want_errno 0 = must succeed, an errno = must
 * fail with it, FZ_MAYFAIL or FZ_MUSTFAIL. */
int expect(const char *what, long ret, int err, int want_errno);
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

struct fz_parent *pick_parent(int open_only);
struct fz_child *pick_child(void);
struct fz_child *free_child(void);
int children_of(const struct fz_parent *p, int keyed_only);
void parent_release_if_orphan(struct fz_parent *p);
void close_child(struct fz_child *c);
int child_key_check(struct fz_child *c);
uint8_t *place_at(size_t n);

/* The operations the session loop draws from. */
void op_socket(void);
void op_bind(void);
void op_setkey(void);
void op_authsize(void);
void op_accept(void);
void op_close_child(void);
void op_close_parent(void);
void op_misuse(void);
void op_send(void);
void op_splice(void);
void op_recv(void);
/* One whole message on a skcipher or aead socket (what op_send/splice/recv do there). */
void cipher_msg(struct fz_child *c);

#endif /* FZ_FUZZ_H */

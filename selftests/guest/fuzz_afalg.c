// SPDX-License-Identifier: GPL-2.0
/*
 * AF_ALG fuzzer and stress driver for hwcrypt's drivers, with OpenSSL libcrypto as the oracle.
 *
 * Targets come from /proc/crypto (every entry with "module : hwcrypt"), dispatched by their
 * type through fz_types[]: a type supplies the AF_ALG socket type, the targets it derives from
 * one driver (a hash gives the driver itself, unkeyed, and hmac(driver), keyed) and the oracle.
 * Later types (skcipher, aead, akcipher) add an entry there.
 *
 * Fuzz mode: seeded random sequences of socket/bind/setsockopt/accept/sendmsg (random MSG_MORE
 * splits, zero-length and page-crossing buffers, random control messages)/vmsplice+splice/
 * recvmsg/close, valid and invalid. A model of algif_hash's documented behaviour predicts every
 * outcome: where a result is defined it is compared with OpenSSL, where an error is defined its
 * errno is checked. The run stops at the first mismatch and prints how to replay it exactly.
 *
 * Stress mode (--stress N): N threads, spread over the CPUs, each hashing random messages in
 * random splits through every target in turn, checking each digest against OpenSSL.
 *
 * --del-default-rng: asks the kernel (NETLINK_CRYPTO, CRYPTO_MSG_DELRNG) to free its default RNG,
 * which IPsec's IV generators instantiate on 6.x kernels (an HMAC-SHA512 DRBG: over hwcrypt's
 * sha512 when loaded) and which otherwise keeps hwcrypt in use for good.
 *
 * Usage: fuzz_afalg [--seed N] [--ops N] [--time SEC] [--stress THREADS] [--list] [-v]
 *        fuzz_afalg --del-default-rng
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <linux/cryptouser.h>
#include <linux/netlink.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

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

/* ------------------------------------------------------------------------------------------ */
/* Random numbers: splitmix64, so that a seed replays the same sequence everywhere. */

struct fz_rng {
	uint64_t s;
};

static uint64_t rng_next(struct fz_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint32_t rng_below(struct fz_rng *r, uint32_t n)
{
	return n ? (uint32_t)(rng_next(r) % n) : 0;
}

static void rng_fill(struct fz_rng *r, uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = rng_next(r);
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

/* Lengths that matter to block framing are drawn more often than uniform ones. */
static size_t rng_len(struct fz_rng *r, size_t max)
{
	static const size_t edges[] = { 0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 4095,
					4096, 4097 };
	size_t n;

	switch (rng_below(r, 4)) {
	case 0:
		n = edges[rng_below(r, sizeof(edges) / sizeof(edges[0]))];
		break;
	case 1:
		n = rng_below(r, 300);
		break;
	case 2:
		n = rng_below(r, 9000);
		break;
	default:
		n = rng_below(r, (uint32_t)max + 1);
		break;
	}
	return n > max ? max : n;
}

/* Bounded copy that always terminates (names from /proc/crypto into fixed fields). */
static void fz_strcpy(void *dst, size_t n, const char *src)
{
	size_t l = strnlen(src, n - 1);

	memcpy(dst, src, l);
	((char *)dst)[l] = 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Targets and the oracle. */

struct fz_target;

/* One kind of crypto API algorithm (/proc/crypto "type"), and how it is fuzzed. */
struct fz_type {
	const char *proc_type;		/* as /proc/crypto names it */
	const char *afalg_type;		/* sockaddr_alg salg_type */
	/* Adds the targets of one driver; returns how many. */
	int (*add_targets)(const char *driver, const char *name, unsigned int size);
};

struct fz_target {
	char bind_name[128];		/* what is bound: the driver, or a template over it */
	char cra_name[128];
	const struct fz_type *type;
	const EVP_MD *md;		/* hash oracle */
	int keyed;			/* hmac: needs a key before use */
	unsigned int ds;		/* digest size */
	unsigned long ops, results, errors;	/* fuzz counters */
};

static struct fz_target targets[FZ_MAX_TARGETS];
static int ntargets;

static int hash_add_targets(const char *driver, const char *name, unsigned int size)
{
	const EVP_MD *md = EVP_get_digestbyname(name);
	int k;

	if (!md) {
		fprintf(stderr, "fuzz_afalg: OpenSSL has no digest '%s' (driver %s)\n", name, driver);
		return -1;
	}
	if ((unsigned int)EVP_MD_get_size(md) != size || size > FZ_MAX_DS) {
		fprintf(stderr, "fuzz_afalg: %s: digest size %u, OpenSSL says %d\n", driver, size,
			EVP_MD_get_size(md));
		return -1;
	}
	for (k = 0; k < 2; k++) {
		struct fz_target *t;

		if (ntargets == FZ_MAX_TARGETS)
			return -1;
		t = &targets[ntargets++];
		memset(t, 0, sizeof(*t));
		snprintf(t->bind_name, sizeof(t->bind_name), k ? "hmac(%s)" : "%s", driver);
		snprintf(t->cra_name, sizeof(t->cra_name), k ? "hmac(%s)" : "%s", name);
		t->md = md;
		t->keyed = k;
		t->ds = size;
	}
	return 2;
}

static const struct fz_type fz_types[] = {
	{ "shash", "hash", hash_add_targets },
	{ "ahash", "hash", hash_add_targets },
};

static const struct fz_type *fz_type_find(const char *proc_type)
{
	size_t i;

	for (i = 0; i < sizeof(fz_types) / sizeof(fz_types[0]); i++)
		if (!strcmp(fz_types[i].proc_type, proc_type))
			return &fz_types[i];
	return NULL;
}

/* Reads hwcrypt's entries from /proc/crypto; returns the number of drivers without a fuzzer. */
static int load_targets(void)
{
	char line[256], name[128] = "", driver[128] = "", module[64] = "", type[64] = "";
	unsigned int size = 0;
	int unfuzzed = 0;
	FILE *f = fopen("/proc/crypto", "r");

	if (!f) {
		perror("fuzz_afalg: /proc/crypto");
		exit(2);
	}
	for (;;) {
		char *eof = fgets(line, sizeof(line), f);
		char key[64], val[128];

		if (!eof || line[0] == '\n') {
			if (driver[0] && !strcmp(module, "hwcrypt")) {
				const struct fz_type *ty = fz_type_find(type);
				int i, n;

				if (!ty) {
					printf("fuzz_afalg: no fuzzer for type %s: %s not fuzzed\n", type,
					       driver);
					unfuzzed++;
				} else if ((n = ty->add_targets(driver, name, size)) < 0) {
					exit(2);
				} else {
					for (i = ntargets - n; i < ntargets; i++)
						targets[i].type = ty;
				}
			}
			name[0] = driver[0] = module[0] = type[0] = 0;
			size = 0;
			if (!eof)
				break;
			continue;
		}
		if (sscanf(line, "%63s : %127s", key, val) != 2)
			continue;
		if (!strcmp(key, "name"))
			fz_strcpy(name, sizeof(name), val);
		else if (!strcmp(key, "driver"))
			fz_strcpy(driver, sizeof(driver), val);
		else if (!strcmp(key, "module"))
			fz_strcpy(module, sizeof(module), val);
		else if (!strcmp(key, "type"))
			fz_strcpy(type, sizeof(type), val);
		else if (!strcmp(key, "digestsize"))
			size = (unsigned int)strtoul(val, NULL, 10);
	}
	fclose(f);
	return unfuzzed;
}

/* Incremental oracle: an EVP digest, or an EVP_MAC HMAC over it. */
struct fz_oracle {
	EVP_MD_CTX *md;
	EVP_MAC_CTX *mac;
};

static EVP_MAC *hmac_mac;

static void oracle_free(struct fz_oracle *o)
{
	EVP_MD_CTX_free(o->md);
	EVP_MAC_CTX_free(o->mac);
	o->md = NULL;
	o->mac = NULL;
}

static void oracle_init(struct fz_oracle *o, const struct fz_target *t, const uint8_t *key,
			size_t keylen)
{
	static const uint8_t nokey[1];

	oracle_free(o);
	if (t->keyed) {
		OSSL_PARAM p[2];

		p[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
							(char *)EVP_MD_get0_name(t->md), 0);
		p[1] = OSSL_PARAM_construct_end();
		o->mac = EVP_MAC_CTX_new(hmac_mac);
		if (!o->mac || !EVP_MAC_init(o->mac, keylen ? key : nokey, keylen, p)) {
			fprintf(stderr, "fuzz_afalg: OpenSSL HMAC init failed\n");
			exit(2);
		}
	} else {
		o->md = EVP_MD_CTX_new();
		if (!o->md || !EVP_DigestInit_ex(o->md, t->md, NULL)) {
			fprintf(stderr, "fuzz_afalg: OpenSSL digest init failed\n");
			exit(2);
		}
	}
}

static void oracle_update(struct fz_oracle *o, const uint8_t *p, size_t n)
{
	/*
	 * OpenSSL reads from a bounce copy: under QEMU TCG its AVX2 SHA-512 faulted on input that
	 * ends right before the fuzzer's guard page (the same call is fine on real hardware).
	 */
	static __thread uint8_t bounce[FZ_BIG + 64];
	int ok;

	if (n > FZ_BIG) {
		fprintf(stderr, "fuzz_afalg: oracle input too long\n");
		exit(2);
	}
	memcpy(bounce, p, n);
	ok = o->mac ? EVP_MAC_update(o->mac, bounce, n) : EVP_DigestUpdate(o->md, bounce, n);

	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL update failed\n");
		exit(2);
	}
}

static void oracle_final(struct fz_oracle *o, uint8_t *out)
{
	size_t n = 0;
	unsigned int m = 0;
	int ok = o->mac ? EVP_MAC_final(o->mac, out, &n, FZ_MAX_DS) :
			  EVP_DigestFinal_ex(o->md, out, &m);

	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL final failed\n");
		exit(2);
	}
	oracle_free(o);
}

static void oracle_dup(struct fz_oracle *dst, const struct fz_oracle *src)
{
	oracle_free(dst);
	if (src->mac)
		dst->mac = EVP_MAC_CTX_dup(src->mac);
	if (src->md) {
		dst->md = EVP_MD_CTX_new();
		if (dst->md)
			EVP_MD_CTX_copy_ex(dst->md, src->md);
	}
	if ((src->mac && !dst->mac) || (src->md && !dst->md)) {
		fprintf(stderr, "fuzz_afalg: OpenSSL dup failed\n");
		exit(2);
	}
}

static void digest_oneshot(const struct fz_target *t, const uint8_t *key, size_t keylen,
			   const uint8_t *p, size_t n, uint8_t *out)
{
	struct fz_oracle o = { 0 };

	oracle_init(&o, t, key, keylen);
	oracle_update(&o, p, n);
	oracle_final(&o, out);
}

/* ------------------------------------------------------------------------------------------ */
/* Fuzz mode: sockets and their model. */

/* The tfm a bound parent socket holds: its algorithm and key. */
struct fz_parent {
	int fd;				/* -1 once closed (children keep the tfm alive) */
	int in_use;
	struct fz_target *t;		/* NULL while unbound */
	uint8_t key[512];
	size_t keylen;
	int has_key;
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
};

static struct fz_parent parents[FZ_MAX_PARENTS];
static struct fz_child children[FZ_MAX_CHILDREN];

static struct fz_rng R;
static uint64_t seed;
static unsigned long op_no, max_ops = 20000, nfail;
static unsigned long cnt_valid, cnt_invalid, cnt_compared;
static double max_secs = 60;
static int verbose;
static char trace[FZ_TRACE][200];

static uint8_t *region;		/* FZ_BIG bytes, followed by a PROT_NONE guard page */
static long page;
static uint8_t *guard;

static void note(const char *fmt, ...)
{
	va_list ap;
	char *s = trace[op_no % FZ_TRACE];

	va_start(ap, fmt);
	vsnprintf(s, sizeof(trace[0]), fmt, ap);
	va_end(ap);
	if (verbose)
		printf("op %lu: %s\n", op_no, s);
}

static void fz_fail(const char *fmt, ...)
{
	va_list ap;
	unsigned long i;

	printf("FUZZ-FAIL at op %lu (seed %llu): ", op_no, (unsigned long long)seed);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nlast operations:\n");
	for (i = op_no >= FZ_TRACE ? op_no - FZ_TRACE + 1 : 0; i <= op_no; i++)
		printf("  op %lu: %s\n", i, trace[i % FZ_TRACE]);
	printf("replay: fuzz_afalg --seed %llu --ops %lu -v\n", (unsigned long long)seed, op_no + 1);
	nfail++;
}

#define FZ_MAYFAIL	(-1)	/* either outcome is fine */
#define FZ_MUSTFAIL	(-2)	/* any errno, but it must fail */

/* ret/errno of a call against what the model says: want_errno 0 = must succeed, an errno = must
 * fail with it, FZ_MAYFAIL or FZ_MUSTFAIL. */
static int expect(const char *what, long ret, int err, int want_errno)
{
	if (want_errno == FZ_MUSTFAIL && ret >= 0) {
		fz_fail("%s succeeded (returned %ld), model: must fail", what, ret);
		return -1;
	}
	if (want_errno == 0 && ret < 0) {
		fz_fail("%s failed: %s (model: success)", what, strerror(err));
		return -1;
	}
	if (want_errno > 0 && ret >= 0) {
		fz_fail("%s succeeded (returned %ld), model: %s", what, ret, strerror(want_errno));
		return -1;
	}
	if (want_errno > 0 && err != want_errno) {
		fz_fail("%s failed with %s, model: %s", what, strerror(err), strerror(want_errno));
		return -1;
	}
	return 0;
}

static struct fz_parent *pick_parent(int open_only)
{
	int i = (int)rng_below(&R, FZ_MAX_PARENTS);
	struct fz_parent *p = &parents[i];

	if (!p->in_use || (open_only && p->fd < 0))
		return NULL;
	return p;
}

static struct fz_child *pick_child(void)
{
	struct fz_child *c = &children[rng_below(&R, FZ_MAX_CHILDREN)];

	return c->fd >= 0 ? c : NULL;
}

static struct fz_child *free_child(void)
{
	int i;

	for (i = 0; i < FZ_MAX_CHILDREN; i++)
		if (children[i].fd < 0)
			return &children[i];
	return NULL;
}

static int children_of(const struct fz_parent *p, int keyed_only)
{
	int i, n = 0;

	for (i = 0; i < FZ_MAX_CHILDREN; i++)
		if (children[i].fd >= 0 && children[i].p == p && (!keyed_only || !children[i].nokey))
			n++;
	return n;
}

static void parent_release_if_orphan(struct fz_parent *p)
{
	if (p->fd < 0 && !children_of(p, 0))
		p->in_use = 0;
}

static void op_socket(void)
{
	int i;

	for (i = 0; i < FZ_MAX_PARENTS; i++)
		if (!parents[i].in_use)
			break;
	if (i == FZ_MAX_PARENTS)
		return;
	note("socket(AF_ALG) -> parent %d", i);
	memset(&parents[i], 0, sizeof(parents[i]));
	parents[i].fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (expect("socket", parents[i].fd, errno, 0))
		return;
	parents[i].in_use = 1;
	cnt_valid++;
}

static void op_bind(void)
{
	struct fz_parent *p = pick_parent(1);
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	struct fz_target *t = &targets[rng_below(&R, ntargets)];
	int kind = (int)rng_below(&R, 8), want = 0, r;
	socklen_t len = sizeof(sa);

	if (!p)
		return;
	fz_strcpy((char *)sa.salg_type, sizeof(sa.salg_type), t->type->afalg_type);
	fz_strcpy((char *)sa.salg_name, sizeof(sa.salg_name), t->bind_name);
	switch (kind) {
	case 0:	/* no such algorithm */
		{
			char bad[160];

			snprintf(bad, sizeof(bad), "%s-nosuch", t->bind_name);
			fz_strcpy(sa.salg_name, sizeof(sa.salg_name), bad);
		}
		want = FZ_MUSTFAIL;	/* ENOENT, or EEXIST from a template's name parser */
		break;
	case 1:	/* flags user space may not ask for */
		sa.salg_feat = 1u << rng_below(&R, 32);
		want = sa.salg_feat == FZ_ALG_KERN_DRIVER_ONLY ? FZ_MAYFAIL : EINVAL;
		break;
	case 2:	/* address too short */
		len = (socklen_t)rng_below(&R, sizeof(struct sockaddr_alg) - 64);
		want = EINVAL;
		break;
	default:
		break;
	}
	/* A tfm cannot be swapped under sockets accepted from it. */
	if (want == 0 && children_of(p, 0))
		want = EBUSY;
	note("bind(parent %ld, %s/%s, kind %d, len %u)", (long)(p - parents), sa.salg_type,
	     sa.salg_name, kind, len);
	r = bind(p->fd, (struct sockaddr *)&sa, len);
	if (expect("bind", r, errno, want))
		return;
	if (r == 0) {
		p->t = t;
		p->has_key = 0;
		p->keylen = 0;
	}
	want ? cnt_invalid++ : cnt_valid++;
}

static void op_setkey(void)
{
	struct fz_parent *p = pick_parent(1);
	uint8_t *key = region;
	size_t keylen = rng_below(&R, 4) ? rng_below(&R, 300) : rng_below(&R, 512);
	int kind = (int)rng_below(&R, 10), want = 0, r;

	if (!p)
		return;
	rng_fill(&R, key, keylen);
	if (kind == 0) {		/* key buffer not readable */
		key = guard;
		keylen = keylen ? keylen : 1;
	} else if (kind == 1) {		/* above optmem_max: the socket cannot hold it */
		keylen = 1u << 20;
		key = NULL;
	}
	if (!p->t)
		want = ENOPROTOOPT;			/* unbound */
	else if (children_of(p, 1))
		want = EBUSY;
	else if (kind == 1)
		want = ENOMEM;
	else if (kind == 0)
		want = EFAULT;
	else if (!p->t->keyed)
		want = FZ_MUSTFAIL;			/* a hash without a key */
	note("setsockopt(parent %ld, ALG_SET_KEY, %zu bytes%s)", (long)(p - parents), keylen,
	     kind == 0 ? ", unreadable" : "");
	r = setsockopt(p->fd, SOL_ALG, ALG_SET_KEY, key, (socklen_t)keylen);
	if (expect("setsockopt(ALG_SET_KEY)", r, errno, want))
		return;
	if (r == 0) {
		memcpy(p->key, key, keylen);
		p->keylen = keylen;
		p->has_key = 1;
		cnt_valid++;
	} else {
		cnt_invalid++;
	}
}

/* Keyless sockets of a keyed algorithm come alive once the tfm gets its key. */
static int child_key_check(struct fz_child *c)
{
	if (!c->nokey)
		return 0;
	if (!c->p->has_key)
		return ENOKEY;
	c->nokey = 0;
	return 0;
}

static void child_start(struct fz_child *c)
{
	oracle_init(&c->o, c->p->t, c->p->key, c->p->keylen);
}

static void op_accept(void)
{
	struct fz_child *src = rng_below(&R, 3) ? NULL : pick_child();
	struct fz_parent *p = src ? src->p : pick_parent(1);
	struct fz_child *c = free_child();
	int fd, want = 0, from = src ? src->fd : (p ? p->fd : -1);

	if (!c || from < 0 || !p)
		return;
	if (!p->t)
		want = EINVAL;
	else if (src)
		want = child_key_check(src);
	note("accept(%s %ld)", src ? "child" : "parent",
	     src ? (long)(src - children) : (long)(p - parents));
	fd = accept(from, NULL, 0);
	if (expect("accept", fd, errno, want))
		return;
	if (fd < 0) {
		cnt_invalid++;
		return;
	}
	cnt_valid++;
	c->fd = fd;
	c->p = p;
	c->nokey = p->t->keyed && !p->has_key;
	c->result = 0;
	c->undefined = 0;
	c->more = 0;
	oracle_free(&c->o);
	/* accept() on an open request clones its state (export/import). */
	if (src && src->more) {
		c->more = 1;
		oracle_dup(&c->o, &src->o);
	}
}

/* Places n random bytes in the data region, sometimes ending right at the guard page or
 * straddling a page boundary. */
static uint8_t *place_data(size_t n)
{
	size_t off;

	switch (rng_below(&R, 3)) {
	case 0:
		off = FZ_BIG - n;
		break;
	case 1: {
		size_t edge = (size_t)page * (1 + rng_below(&R, 8)), back = rng_below(&R, n + 1);

		off = back > edge ? 0 : edge - back;
		if (off + n > FZ_BIG)
			off = FZ_BIG - n;
		break;
	}
	default:
		off = rng_below(&R, (uint32_t)(FZ_BIG - n + 1));
		break;
	}
	rng_fill(&R, region + off, n);
	return region + off;
}

/* The model of one send of n bytes (after it succeeded). */
static void model_send(struct fz_child *c, const uint8_t *data, size_t n, int more)
{
	c->undefined = 0;
	if (!c->more) {
		c->result = 0;
		if (!n)
			return;		/* zero-length: no new request */
		child_start(c);
	}
	oracle_update(&c->o, data, n);
	if (!more) {
		oracle_final(&c->o, c->digest);
		c->result = 1;
	}
	c->more = more;
}

/*
 * A sendmsg that faults leaves the socket's state to the kernel version: 6.1's algif_hash keeps
 * the previous finished digest for the next recv, 6.5+ drops it and recv digests an empty
 * request. Either is acceptable; the next recv must only succeed, its bytes are not compared.
 */
static void model_send_failed(struct fz_child *c)
{
	c->undefined = 1;
	c->more = 0;
	c->result = 0;
	oracle_free(&c->o);
}

static void op_send(void)
{
	struct fz_child *c = pick_child();
	int more = rng_below(&R, 3) != 0, kind = (int)rng_below(&R, 12), want, flags;
	size_t n = rng_len(&R, rng_below(&R, 8) ? 20000 : 80000);
	uint8_t *data;
	struct iovec iov[3];
	struct msghdr msg = { .msg_iov = iov };
	union {
		char buf[CMSG_SPACE(64)];
		struct cmsghdr align;
	} cbuf;
	ssize_t r;

	if (!c)
		return;
	want = child_key_check(c);
	data = place_data(n);
	iov[0].iov_base = data;
	iov[0].iov_len = n;
	msg.msg_iovlen = 1;
	if (kind == 0 && n > 2) {	/* the same bytes in three pieces */
		size_t a = rng_below(&R, (uint32_t)n), b = a + rng_below(&R, (uint32_t)(n - a));

		iov[0].iov_len = a;
		iov[1].iov_base = data + a;
		iov[1].iov_len = b - a;
		iov[2].iov_base = data + b;
		iov[2].iov_len = n - b;
		msg.msg_iovlen = 3;
	} else if (kind == 1) {		/* control message of another type: hash ignores it */
		struct cmsghdr *cm;

		memset(&cbuf, 0, sizeof(cbuf));
		msg.msg_control = cbuf.buf;
		msg.msg_controllen = CMSG_SPACE(4);
		cm = CMSG_FIRSTHDR(&msg);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = rng_below(&R, 2) ? ALG_SET_OP : ALG_SET_AEAD_ASSOCLEN;
		cm->cmsg_len = CMSG_LEN(4);
	} else if (kind == 2 && !want) {	/* unreadable buffer */
		iov[0].iov_base = guard;
		n = iov[0].iov_len = 1 + rng_below(&R, 100);
		want = EFAULT;
	}
	flags = more ? MSG_MORE : 0;
	note("sendmsg(child %ld, %zu bytes in %zu iov, %s%s%s)", (long)(c - children), n,
	     (size_t)msg.msg_iovlen, more ? "MSG_MORE" : "final", kind == 1 ? ", cmsg" : "",
	     want == EFAULT ? ", unreadable" : "");
	r = sendmsg(c->fd, &msg, flags);
	if (expect("sendmsg", r, errno, want))
		return;
	if (want == EFAULT) {
		model_send_failed(c);
		cnt_invalid++;
		return;
	}
	if (want) {
		cnt_invalid++;
		return;
	}
	if ((size_t)r != n) {
		fz_fail("sendmsg returned %zd for %zu bytes", r, n);
		return;
	}
	model_send(c, data, n, more);
	c->p->t->ops++;
	cnt_valid++;
}

/* vmsplice the bytes into a pipe, then splice the pipe into the socket. */
static void op_splice(void)
{
	struct fz_child *c = pick_child();
	int more = rng_below(&R, 2), want, pfd[2];
	size_t n = rng_len(&R, 16 * 4096), done = 0;
	uint8_t *data;

	if (!c)
		return;
	want = child_key_check(c);
	if (!n)
		return;		/* splice of nothing never reaches the socket */
	data = place_data(n);
	if (pipe(pfd))
		return;
	fcntl(pfd[1], F_SETPIPE_SZ, 256 * 1024);
	note("vmsplice+splice(child %ld, %zu bytes, %s)", (long)(c - children), n,
	     more ? "SPLICE_F_MORE" : "final");
	while (done < n) {
		struct iovec iov = { data + done, n - done };
		ssize_t w = vmsplice(pfd[1], &iov, 1, 0);

		if (w <= 0) {
			fz_fail("vmsplice: %s", strerror(errno));
			goto out;
		}
		done += (size_t)w;
		if (done < n)
			break;		/* pipe full: splice what fits in one go */
	}
	if (done != n) {
		n = done;		/* model what was queued */
	}
	{
		ssize_t r = splice(pfd[0], NULL, c->fd, NULL, n, more ? SPLICE_F_MORE : 0);

		if (expect("splice", r, errno, want))
			goto out;
		if (want) {
			cnt_invalid++;
			goto out;
		}
		if ((size_t)r != n) {
			fz_fail("splice moved %zd of %zu bytes", r, n);
			goto out;
		}
	}
	model_send(c, data, n, more);
	c->p->t->ops++;
	cnt_valid++;
out:
	close(pfd[0]);
	close(pfd[1]);
}

static void op_recv(void)
{
	struct fz_child *c = pick_child();
	uint8_t want_d[FZ_MAX_DS], *buf;
	size_t len, ds;
	int kind = (int)rng_below(&R, 10), want;
	struct iovec iov[2];
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 1 };
	ssize_t r;

	if (!c)
		return;
	want = child_key_check(c);
	ds = c->p->t->ds;
	len = rng_below(&R, 4) ? ds : rng_below(&R, (uint32_t)ds + 16);
	/* The digest straddles the guard page boundary or a page boundary. */
	buf = rng_below(&R, 2) ? guard - len : region + page - rng_below(&R, (uint32_t)len + 1);
	iov[0].iov_base = buf;
	iov[0].iov_len = len;
	if (kind == 0 && !want && len) {
		iov[0].iov_base = guard;
		want = EFAULT;
	} else if (kind == 1 && len > 1) {
		iov[0].iov_len = len / 2;
		iov[1].iov_base = buf + len / 2;
		iov[1].iov_len = len - len / 2;
		msg.msg_iovlen = 2;
	}
	note("recvmsg(child %ld, %zu bytes%s)", (long)(c - children), len,
	     want == EFAULT ? ", unwritable" : "");
	memset(buf, 0xa5, want == EFAULT ? 0 : len);
	r = recvmsg(c->fd, &msg, 0);
	if (expect("recvmsg", r, errno, want))
		return;
	if (want && want != EFAULT) {
		cnt_invalid++;
		return;
	}
	/* What the socket had to give: the finished digest, the open request, or an empty one. */
	if (c->result) {
		memcpy(want_d, c->digest, ds);
	} else if (c->more) {
		oracle_final(&c->o, want_d);
	} else {
		digest_oneshot(c->p->t, c->p->key, c->p->keylen, NULL, 0, want_d);
	}
	c->result = 0;
	c->more = 0;
	oracle_free(&c->o);
	if (want == EFAULT || c->undefined) {
		c->undefined = 0;
		cnt_invalid++;
		return;
	}
	if ((size_t)r != (len < ds ? len : ds)) {
		fz_fail("recvmsg returned %zd, wanted %zu", r, len < ds ? len : ds);
		return;
	}
	if (len < ds && !(msg.msg_flags & MSG_TRUNC)) {
		fz_fail("recvmsg of %zu < %zu bytes without MSG_TRUNC", len, ds);
		return;
	}
	if (memcmp(buf, want_d, (size_t)r)) {
		fz_fail("digest of %s differs from OpenSSL", c->p->t->bind_name);
		return;
	}
	c->p->t->results++;
	cnt_compared++;
	cnt_valid++;
}

static void op_close_child(void)
{
	struct fz_child *c = pick_child();

	if (!c)
		return;
	note("close(child %ld)", (long)(c - children));
	close(c->fd);
	c->fd = -1;
	oracle_free(&c->o);
	parent_release_if_orphan(c->p);
	cnt_valid++;
}

static void op_close_parent(void)
{
	struct fz_parent *p = pick_parent(1);

	if (!p)
		return;
	note("close(parent %ld)", (long)(p - parents));
	close(p->fd);
	p->fd = -1;
	parent_release_if_orphan(p);
	cnt_valid++;
}

/* Calls that are wrong for the socket they are made on. */
static void op_misuse(void)
{
	struct fz_parent *p = pick_parent(1);
	struct fz_child *c = pick_child();
	uint8_t b[64] = { 0 };
	int r;

	switch (rng_below(&R, 5)) {
	case 0:
		if (!p)
			return;
		note("send on parent %ld", (long)(p - parents));
		r = (int)send(p->fd, b, sizeof(b), 0);
		expect("send on a parent socket", r, errno, FZ_MUSTFAIL);
		break;
	case 1:
		if (!p)
			return;
		note("recv on parent %ld", (long)(p - parents));
		r = (int)recv(p->fd, b, sizeof(b), MSG_DONTWAIT);
		expect("recv on a parent socket", r, errno, FZ_MUSTFAIL);
		break;
	case 2:
		if (!c)
			return;
		note("setsockopt(ALG_SET_KEY) on child %ld", (long)(c - children));
		r = setsockopt(c->fd, SOL_ALG, ALG_SET_KEY, b, 16);
		expect("setkey on an accepted socket", r, errno, FZ_MUSTFAIL);
		break;
	case 3:
		if (!p)
			return;
		note("setsockopt(ALG_SET_AEAD_AUTHSIZE) on parent %ld", (long)(p - parents));
		r = setsockopt(p->fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16);
		expect("authsize on a hash", r, errno, children_of(p, 1) ? EBUSY : ENOPROTOOPT);
		break;
	default:
		if (!c)
			return;
		note("bind on child %ld", (long)(c - children));
		{
			struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
						   .salg_name = "sha256" };

			r = bind(c->fd, (struct sockaddr *)&sa, sizeof(sa));
			expect("bind on an accepted socket", r, errno, FZ_MUSTFAIL);
		}
		break;
	}
	cnt_invalid++;
}

static void close_all(void)
{
	int i;

	for (i = 0; i < FZ_MAX_CHILDREN; i++) {
		if (children[i].fd >= 0)
			close(children[i].fd);
		children[i].fd = -1;
		oracle_free(&children[i].o);
	}
	for (i = 0; i < FZ_MAX_PARENTS; i++) {
		if (parents[i].in_use && parents[i].fd >= 0)
			close(parents[i].fd);
		parents[i].in_use = 0;
		parents[i].fd = -1;
	}
}

/* A crash of the fuzzer itself still says where it was and how to replay it. */
static void on_crash(int sig)
{
	signal(sig, SIG_DFL);
	fz_fail("fuzzer killed by signal %d", sig);
	raise(sig);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A session starts with a bound (and keyed) socket on one target, so that most operations
 * reach a driver, then runs random operations. */
static void session_start(struct fz_target *t)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	struct fz_parent *p = &parents[0];

	memset(p, 0, sizeof(*p));
	fz_strcpy((char *)sa.salg_type, sizeof(sa.salg_type), t->type->afalg_type);
	fz_strcpy((char *)sa.salg_name, sizeof(sa.salg_name), t->bind_name);
	note("session on %s", t->bind_name);
	p->fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (expect("socket", p->fd, errno, 0))
		return;
	p->in_use = 1;
	if (expect("bind", bind(p->fd, (struct sockaddr *)&sa, sizeof(sa)), errno, 0))
		return;
	p->t = t;
	if (t->keyed && rng_below(&R, 4)) {
		p->keylen = rng_below(&R, 200);
		rng_fill(&R, p->key, p->keylen);
		if (expect("setkey", setsockopt(p->fd, SOL_ALG, ALG_SET_KEY, p->key,
						(socklen_t)p->keylen), errno, 0))
			return;
		p->has_key = 1;
	}
}

static int fuzz(void)
{
	static void (*const ops[])(void) = {
		op_send, op_send, op_send, op_send, op_send, op_send, op_recv, op_recv, op_recv,
		op_splice, op_splice, op_accept, op_accept, op_setkey, op_bind, op_socket,
		op_close_child, op_close_parent, op_misuse,
	};
	double t0 = now();
	unsigned long session_ops = 0, sessions = 0;
	int i;

	for (i = 0; i < FZ_MAX_CHILDREN; i++)
		children[i].fd = -1;
	for (i = 0; i < FZ_MAX_PARENTS; i++)
		parents[i].fd = -1;
	signal(SIGSEGV, on_crash);
	signal(SIGBUS, on_crash);
	for (op_no = 0; op_no < max_ops && !nfail; op_no++) {
		if (session_ops == 0) {
			close_all();
			session_start(&targets[sessions++ % (unsigned long)ntargets]);
			session_ops = 20 + rng_below(&R, 100);
			continue;
		}
		session_ops--;
		snprintf(trace[op_no % FZ_TRACE], sizeof(trace[0]), "(nothing to do)");
		ops[rng_below(&R, sizeof(ops) / sizeof(ops[0]))]();
		if ((op_no & 63) == 0 && now() - t0 > max_secs) {
			op_no++;
			break;
		}
	}
	close_all();
	printf("fuzz_afalg: seed %llu: %lu operations (%lu valid, %lu invalid, %lu digests "
	       "compared with OpenSSL) in %lu sessions, %.1fs%s\n",
	       (unsigned long long)seed, op_no, cnt_valid, cnt_invalid, cnt_compared, sessions,
	       now() - t0, nfail ? ", FAILED" : "");
	for (i = 0; i < ntargets; i++)
		printf("  %-32s %6lu data ops %6lu digests checked\n", targets[i].bind_name,
		       targets[i].ops, targets[i].results);
	return nfail ? 1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Stress mode. */

struct stress_arg {
	int id;
	double until;
	unsigned long digests;
	int failed;
};

static int ncpus;

static int afalg_open(const struct fz_target *t, const uint8_t *key, size_t keylen, int *tfm)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd;

	fz_strcpy((char *)sa.salg_type, sizeof(sa.salg_type), t->type->afalg_type);
	fz_strcpy((char *)sa.salg_name, sizeof(sa.salg_name), t->bind_name);
	*tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (*tfm < 0 || bind(*tfm, (struct sockaddr *)&sa, sizeof(sa)))
		return -1;
	if (t->keyed && setsockopt(*tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)keylen))
		return -1;
	fd = accept(*tfm, NULL, 0);
	return fd;
}

static void *stress_thread(void *arg)
{
	struct stress_arg *a = arg;
	struct fz_rng r = { seed + (uint64_t)a->id * 0x1234567ULL };
	size_t bufsz = 70000;
	uint8_t *buf = malloc(bufsz), key[100], want[FZ_MAX_DS], got[FZ_MAX_DS];
	cpu_set_t set;
	int k = a->id;

	CPU_ZERO(&set);
	CPU_SET(a->id % ncpus, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	while (buf && now() < a->until && !a->failed) {
		const struct fz_target *t = &targets[k++ % ntargets];
		size_t n = rng_len(&r, bufsz), done = 0, keylen = rng_below(&r, sizeof(key));
		int tfm = -1, fd;

		rng_fill(&r, buf, n);
		rng_fill(&r, key, keylen);
		fd = afalg_open(t, key, keylen, &tfm);
		if (fd < 0) {
			printf("stress %d: %s: AF_ALG setup failed: %s\n", a->id, t->bind_name,
			       strerror(errno));
			a->failed = 1;
			break;
		}
		do {
			size_t piece = rng_below(&r, 3) ? rng_len(&r, n - done) : n - done;
			int more = done + piece < n;

			if (send(fd, buf + done, piece, more ? MSG_MORE : 0) != (ssize_t)piece) {
				printf("stress %d: %s: send: %s\n", a->id, t->bind_name, strerror(errno));
				a->failed = 1;
				break;
			}
			done += piece;
		} while (done < n);
		if (!a->failed && read(fd, got, t->ds) != (ssize_t)t->ds) {
			printf("stress %d: %s: read: %s\n", a->id, t->bind_name, strerror(errno));
			a->failed = 1;
		}
		close(fd);
		close(tfm);
		if (a->failed)
			break;
		digest_oneshot(t, key, keylen, buf, n, want);
		if (memcmp(want, got, t->ds)) {
			printf("stress %d: %s: digest of %zu bytes differs from OpenSSL\n", a->id,
			       t->bind_name, n);
			a->failed = 1;
		}
		a->digests++;
	}
	free(buf);
	return NULL;
}

static int stress(int nthreads)
{
	pthread_t th[64];
	struct stress_arg args[64];
	unsigned long total = 0;
	int i, failed = 0;
	double t0 = now();

	if (nthreads < 1 || nthreads > 64)
		nthreads = 4;
	ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpus < 1)
		ncpus = 1;
	for (i = 0; i < nthreads; i++) {
		args[i] = (struct stress_arg){ .id = i, .until = t0 + max_secs };
		pthread_create(&th[i], NULL, stress_thread, &args[i]);
	}
	for (i = 0; i < nthreads; i++) {
		pthread_join(th[i], NULL);
		total += args[i].digests;
		failed |= args[i].failed;
	}
	printf("fuzz_afalg: stress seed %llu: %d threads on %d cpus, %lu digests over %d targets "
	       "checked against OpenSSL in %.1fs%s\n", (unsigned long long)seed, nthreads, ncpus,
	       total, ntargets, now() - t0, failed ? ", FAILED" : "");
	return failed;
}

static int del_default_rng(void)
{
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
		char pad[64];
	} ack;
	struct nlmsghdr req = { .nlmsg_len = NLMSG_LENGTH(0), .nlmsg_type = CRYPTO_MSG_DELRNG,
				.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK, .nlmsg_seq = 1 };
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO);

	if (fd < 0) {
		perror("fuzz_afalg: NETLINK_CRYPTO (crypto_user)");
		return 2;
	}
	if (sendto(fd, &req, req.nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    recv(fd, &ack, sizeof(ack), 0) < (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr))) {
		perror("fuzz_afalg: CRYPTO_MSG_DELRNG");
		close(fd);
		return 2;
	}
	close(fd);
	if (ack.h.nlmsg_type == NLMSG_ERROR && ack.e.error) {
		printf("fuzz_afalg: default RNG not freed: %s\n", strerror(-ack.e.error));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int i, list = 0, nthreads = 0, unfuzzed;

	seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
			max_ops = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--time") && i + 1 < argc)
			max_secs = strtod(argv[++i], NULL);
		else if (!strcmp(argv[i], "--stress") && i + 1 < argc)
			nthreads = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--del-default-rng"))
			return del_default_rng();
		else if (!strcmp(argv[i], "--list"))
			list = 1;
		else if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else {
			fprintf(stderr, "usage: fuzz_afalg [--seed N] [--ops N] [--time SEC] "
				"[--stress THREADS] [--list] [-v]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	hmac_mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (!hmac_mac) {
		fprintf(stderr, "fuzz_afalg: OpenSSL has no HMAC\n");
		return 2;
	}
	unfuzzed = load_targets();
	if (list) {
		for (i = 0; i < ntargets; i++)
			printf("%s %s %s\n", targets[i].type->proc_type, targets[i].bind_name,
			       targets[i].cra_name);
		return 0;
	}
	if (!ntargets) {
		printf("fuzz_afalg: no hwcrypt drivers in /proc/crypto\n");
		return 3;
	}
	page = sysconf(_SC_PAGESIZE);
	region = mmap(NULL, FZ_BIG + (size_t)page, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED || mprotect(region + FZ_BIG, (size_t)page, PROT_NONE)) {
		perror("fuzz_afalg: mmap");
		return 2;
	}
	guard = region + FZ_BIG;
	R.s = seed;
	printf("fuzz_afalg: seed %llu, %d targets%s\n", (unsigned long long)seed, ntargets,
	       unfuzzed ? " (some drivers have no fuzzer yet, see above)" : "");
	return nthreads ? stress(nthreads) : fuzz();
}

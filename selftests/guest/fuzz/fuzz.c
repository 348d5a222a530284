// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_afalg fuzz mode: the model's sockets, the trace and reporting of mismatches, and the
 * session loop that draws the operations (hash.c, cipher.c, sockets.c).
 */
#include "fuzz.h"
#include <signal.h>

struct fz_parent parents[FZ_MAX_PARENTS];
struct fz_child children[FZ_MAX_CHILDREN];
struct fz_rng R;
unsigned long op_no, max_ops = 20000, nfail;
unsigned long cnt_valid, cnt_invalid, cnt_compared;
int verbose;
static char trace[FZ_TRACE][FZ_NOTE];
static unsigned long noted_op = (unsigned long)-1;

uint8_t *region;		/* FZ_BIG bytes, followed by a PROT_NONE guard page */
long page;
uint8_t *guard;

void note(const char *fmt, ...)
{
	va_list ap;
	char *s = trace[op_no % FZ_TRACE];
	size_t used = 0;

	/* Later calls of the same operation append. */
	if (noted_op == op_no && !strstr(s, "(nothing to do)")) {
		used = strlen(s);
		if (used + 4 < sizeof(trace[0])) {
			memcpy(s + used, " | ", 4);
			used += 3;
		}
	}
	noted_op = op_no;
	va_start(ap, fmt);
	vsnprintf(s + used, sizeof(trace[0]) - used, fmt, ap);
	va_end(ap);
	if (verbose)
		printf("op %lu: %s\n", op_no, s + used);
}

void fz_fail(const char *fmt, ...)
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

/* ret/errno of a call against what the model says: want_errno 0 = must succeed, an errno = must
 * fail with it, FZ_MAYFAIL or FZ_MUSTFAIL. */
int expect(const char *what, long ret, int err, int want_errno)
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

struct fz_parent *pick_parent(int open_only)
{
	int i = (int)rng_below(&R, FZ_MAX_PARENTS);
	struct fz_parent *p = &parents[i];

	if (!p->in_use || (open_only && p->fd < 0))
		return NULL;
	return p;
}

struct fz_child *pick_child(void)
{
	struct fz_child *c = &children[rng_below(&R, FZ_MAX_CHILDREN)];

	return c->fd >= 0 ? c : NULL;
}

struct fz_child *free_child(void)
{
	int i;

	for (i = 0; i < FZ_MAX_CHILDREN; i++)
		if (children[i].fd < 0)
			return &children[i];
	return NULL;
}

int children_of(const struct fz_parent *p, int keyed_only)
{
	int i, n = 0;

	for (i = 0; i < FZ_MAX_CHILDREN; i++)
		if (children[i].fd >= 0 && children[i].p == p && (!keyed_only || !children[i].nokey))
			n++;
	return n;
}

void parent_release_if_orphan(struct fz_parent *p)
{
	if (p->fd < 0 && !children_of(p, 0))
		p->in_use = 0;
}

void close_child(struct fz_child *c)
{
	close(c->fd);
	c->fd = -1;
	oracle_free(&c->o);
	parent_release_if_orphan(c->p);
}

/* Keyless sockets of a keyed algorithm come alive once the tfm gets its key. */
int child_key_check(struct fz_child *c)
{
	if (!c->nokey)
		return 0;
	if (!c->p->has_key)
		return ENOKEY;
	c->nokey = 0;
	return 0;
}

/* Places n random bytes in the data region, sometimes ending right at the guard page or
 * straddling a page boundary. */
uint8_t *place_at(size_t n)
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
	return region + off;
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
	p->authsize = t->maxauth;
	if (t->keyed && rng_below(&R, 4)) {
		p->keylen = t->cmode ? cipher_keylen_pick(t, &R) : rng_below(&R, 200);
		rng_fill(&R, p->key, p->keylen);
		if (expect("setkey", setsockopt(p->fd, SOL_ALG, ALG_SET_KEY, p->key,
						(socklen_t)p->keylen), errno, 0))
			return;
		p->has_key = 1;
	}
	/* A cipher session starts with a socket ready for messages (they are the slow part). */
	if (t->cmode && p->has_key) {
		struct fz_child *c = &children[0];

		c->fd = accept(p->fd, NULL, 0);
		if (expect("accept", c->fd, errno, 0))
			return;
		c->p = p;
		c->nokey = 0;
		c->result = c->undefined = c->more = 0;
		c->c_enc = 0;
		c->c_iv_known = 1;
		memset(c->c_iv, 0, sizeof(c->c_iv));
		c->c_assoclen = 0;
	}
}

int fuzz(void)
{
	static void (*const ops[])(void) = {
		op_send, op_send, op_send, op_send, op_send, op_send, op_recv, op_recv, op_recv,
		op_splice, op_splice, op_accept, op_accept, op_setkey, op_bind, op_socket,
		op_close_child, op_close_parent, op_misuse, op_authsize,
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
	printf("fuzz_afalg: seed %llu: %lu operations (%lu valid, %lu invalid, %lu results "
	       "compared with OpenSSL) in %lu sessions, %.1fs%s\n",
	       (unsigned long long)seed, op_no, cnt_valid, cnt_invalid, cnt_compared, sessions,
	       now() - t0, nfail ? ", FAILED" : "");
	for (i = 0; i < ntargets; i++)
		printf("  %-32s %6lu messages %6lu results checked\n", targets[i].bind_name,
		       targets[i].ops, targets[i].results);
	return nfail ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/* fuzz_afalg fuzz mode: socket, bind, setkey, authsize, accept, close and misuse, with their model. */
#include "fuzz.h"

void op_socket(void)
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

void op_bind(void)
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
		p->authsize = t->maxauth;
	}
	want ? cnt_invalid++ : cnt_valid++;
}

void op_setkey(void)
{
	struct fz_parent *p = pick_parent(1);
	uint8_t *key = region;
	size_t keylen = rng_below(&R, 4) ? rng_below(&R, 300) : rng_below(&R, 512);
	int kind = (int)rng_below(&R, 10), want = 0, r;

	if (!p)
		return;
	if (p->t && p->t->cmode && rng_below(&R, 4))
		keylen = cipher_keylen_pick(p->t, &R);
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
	else if (p->t->cmode && !cipher_keylen_ok(p->t, keylen))
		want = EINVAL;
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
		/*
		 * A key the driver refused leaves the tfm needing one (CRYPTO_TFM_NEED_KEY); a
		 * skcipher key outside min..max keysize is refused before that and changes nothing.
		 */
		size_t mul = p->t && p->t->cmode == FZ_XTS ? 2 : 1;

		if (want == EINVAL && (p->t->cmode >= FZ_GCM ||
				       (keylen >= 16 * mul && keylen <= 32 * mul)))
			p->has_key = 0;
		cnt_invalid++;
	}
}

/* setsockopt(ALG_SET_AEAD_AUTHSIZE) on an aead parent: valid and invalid tag lengths. */
void op_authsize(void)
{
	static const unsigned int valid[] = { 4, 8, 12, 13, 14, 15, 16 };
	struct fz_parent *p = pick_parent(1);
	unsigned int n;
	int want, r;

	if (!p || !p->t || !p->t->maxauth)
		return;
	n = rng_below(&R, 3) ? valid[rng_below(&R, 7)] : rng_below(&R, 40);
	want = children_of(p, 1) ? EBUSY : cipher_authsize_ok(p->t, n) ? 0 : EINVAL;
	note("setsockopt(parent %ld, ALG_SET_AEAD_AUTHSIZE, %u)", (long)(p - parents), n);
	r = setsockopt(p->fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, n);
	if (expect("setsockopt(ALG_SET_AEAD_AUTHSIZE)", r, errno, want))
		return;
	if (!r)
		p->authsize = n;
	want ? cnt_invalid++ : cnt_valid++;
}

void op_accept(void)
{
	struct fz_child *src = rng_below(&R, 3) ? NULL : pick_child();
	struct fz_parent *p = src ? src->p : pick_parent(1);
	struct fz_child *c = free_child();
	int fd, want = 0, from = src ? src->fd : (p ? p->fd : -1);

	if (!c || from < 0 || !p)
		return;
	if (!p->t)
		want = EINVAL;
	else if (src && p->t->cmode)
		want = FZ_MUSTFAIL;	/* algif_skcipher/aead sockets do not accept */
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
	c->c_enc = 0;
	c->c_iv_known = 1;
	memset(c->c_iv, 0, sizeof(c->c_iv));
	c->c_assoclen = 0;
	oracle_free(&c->o);
	/* accept() on an open request clones its state (export/import). */
	if (src && src->more) {
		c->more = 1;
		oracle_dup(&c->o, &src->o);
	}
}

void op_close_child(void)
{
	struct fz_child *c = pick_child();

	if (!c)
		return;
	note("close(child %ld)", (long)(c - children));
	close_child(c);
	cnt_valid++;
}

void op_close_parent(void)
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
void op_misuse(void)
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
		if (p->t && p->t->maxauth)
			return;		/* valid there: op_authsize */
		note("setsockopt(ALG_SET_AEAD_AUTHSIZE) on parent %ld", (long)(p - parents));
		r = setsockopt(p->fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16);
		expect("authsize on a hash or skcipher", r, errno,
		       children_of(p, 1) ? EBUSY : ENOPROTOOPT);
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

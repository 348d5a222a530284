// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_afalg fuzz mode: sendmsg, splice and recvmsg on an accepted socket. A hash socket's model
 * (algif_hash) is here; a skcipher or aead socket takes a whole message instead (cipher.c).
 */
#include "fuzz.h"

/* 1: a hash socket, whose operation goes on; 0: none, or a cipher socket, which takes a whole
 * message instead (cipher_msg). */
static int hash_child(struct fz_child *c)
{
	if (!c)
		return 0;
	if (c->p->t->cmode) {
		cipher_msg(c);
		return 0;
	}
	return 1;
}

static void child_start(struct fz_child *c)
{
	oracle_init(&c->o, c->p->t, c->p->key, c->p->keylen);
}

static uint8_t *place_data(size_t n)
{
	uint8_t *p = place_at(n);

	rng_fill(&R, p, n);
	return p;
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

void op_send(void)
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

	if (!hash_child(c))
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
void op_splice(void)
{
	struct fz_child *c = pick_child();
	int more = rng_below(&R, 2), want, pfd[2];
	size_t n = rng_len(&R, 16 * 4096), done = 0;
	uint8_t *data;

	if (!hash_child(c))
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

void op_recv(void)
{
	struct fz_child *c = pick_child();
	uint8_t want_d[FZ_MAX_DS], *buf;
	size_t len, ds;
	int kind = (int)rng_below(&R, 10), want;
	struct iovec iov[2];
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 1 };
	ssize_t r;

	if (!hash_child(c))
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

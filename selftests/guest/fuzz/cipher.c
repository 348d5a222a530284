// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_afalg fuzz mode: skcipher and aead sockets. One operation is one whole message: control messages (valid, or
 * refused ones first), the data in random MSG_MORE pieces through sendmsg (1-3 iovecs, page-
 * crossing buffers) and vmsplice+splice, recvmsg calls in between where their result is defined
 * (ecb/cbc/ctr: the completed blocks so far; otherwise -EAGAIN), then the output in one or more
 * recvmsg calls (ecb/cbc/ctr: any split into whole blocks chains through the IV), into buffers
 * at page and guard-page edges, sometimes unwritable, too short or too long. All recvmsg calls
 * use MSG_DONTWAIT: algif_skcipher/aead loop until the buffer is full and would otherwise wait
 * for data that never comes. Where af_alg leaves the socket in a state that depends on the
 * kernel version (a partial xts/cts request, a short aead buffer, a refused aead length), the
 * socket is closed after the call. The socket's op, IV and assoclen carry over to a message
 * sent without control messages, and the model follows them.
 */
#include "fuzz.h"

static uint8_t cm_in[FZ_CMAX + 64], cm_want[FZ_CMAX + 64], cm_tmp[FZ_CMAX + 64],
	       cm_pt[FZ_CMAX + 64];

/* recvmsg of up to @k bytes (MSG_DONTWAIT) into a buffer at a page or guard-page edge, or into
 * the unwritable guard page. */
static ssize_t cipher_recv(struct fz_child *c, size_t k, int unwritable, uint8_t **bufp)
{
	size_t edge = (size_t)page * (1 + rng_below(&R, 4)), back = rng_below(&R, (uint32_t)k + 1);
	uint8_t *buf = rng_below(&R, 2) ? guard - k : region + (back > edge ? 0 : edge - back);
	struct iovec iov[2] = { { buf, k } };
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 1 };

	if (unwritable) {
		iov[0].iov_base = guard;
	} else if (k > 1 && !rng_below(&R, 3)) {
		iov[0].iov_len = k / 2;
		iov[1] = (struct iovec){ buf + k / 2, k - k / 2 };
		msg.msg_iovlen = 2;
	}
	if (!unwritable)
		memset(buf, 0xa5, k);
	*bufp = buf;
	return recvmsg(c->fd, &msg, MSG_DONTWAIT);
}

static void be128_add(uint8_t ctr[16], uint64_t n)
{
	int i;

	for (i = 15; i >= 0 && n; i--) {
		n += ctr[i];
		ctr[i] = (uint8_t)n;
		n >>= 8;
	}
}

/* Checks @r bytes at @buf against the model's @want; 0 if equal. */
static int cipher_compare(struct fz_child *c, const char *what, const uint8_t *buf,
			  const uint8_t *want, size_t n)
{
	if (memcmp(buf, want, n)) {
		size_t i = 0;

		while (buf[i] == want[i])
			i++;
		fz_fail("%s: %s of %s differs from OpenSSL at byte %zu of %zu", c->p->t->bind_name,
			what, c->c_enc ? "encryption" : "decryption", i, n);
		return -1;
	}
	c->p->t->results++;
	cnt_compared++;
	return 0;
}

/* One message in the making: what cipher_msg()'s steps share. */
struct fz_msg {
	struct fz_child *c;
	struct fz_parent *p;
	struct fz_target *t;
	int aead, chained, taint, first, enc, ctl;
	unsigned int as;		/* the tfm's tag length */
	size_t len, assoclen, text, sent, done, corrupt, cut;
	uint8_t iv[16];
	struct fz_ctl cc;
	long exp;			/* cipher_expect() of the whole message */
};

/* aead input: AAD || text, or a real sealed message to open, sometimes altered or cut. */
static void msg_aead_input(struct fz_msg *m)
{
	const struct fz_target *t = m->t;

	if (m->ctl == 0)
		m->assoclen = m->c->c_assoclen;
	else if (t->cmode == FZ_RFC4106)
		m->assoclen = rng_below(&R, 8) ? 16 + 4 * rng_below(&R, 2) : rng_below(&R, 40);
	else
		m->assoclen = rng_below(&R, 3) ? rng_below(&R, 48) : rng_below(&R, 2000);
	m->text = rng_len(&R, 20000);
	m->len = m->assoclen + m->text;
	rng_fill(&R, cm_in, m->len + 16);
	memcpy(cm_pt, cm_in + m->assoclen, m->text);
	if (m->enc)
		return;
	/* A real message to open (from the oracle), sometimes altered or cut. */
	m->exp = cipher_expect(t, m->p->key, m->p->keylen, 1, m->iv, m->as, m->assoclen, cm_in,
			       m->len, cm_want);
	if (m->exp >= 0)
		memcpy(cm_in, cm_want, (size_t)m->exp);
	m->len += m->as;
	if (!rng_below(&R, 4)) {
		m->corrupt = rng_below(&R, (uint32_t)m->len);
		cm_in[m->corrupt] ^= (uint8_t)(1u << rng_below(&R, 8));
	}
	if (!rng_below(&R, 12)) {
		m->len = rng_below(&R, (uint32_t)m->len + 1);
		m->cut = 1;
	}
}

/* Direction, IV, control messages and the input of the message, and what it must give. */
static void msg_prepare(struct fz_msg *m)
{
	struct fz_child *c = m->c;
	const struct fz_target *t = m->t;

	/* ctl 0: no control message (op, IV, assoclen of the last one stand); 1: no IV; else all. */
	m->ctl = (int)rng_below(&R, 10);
	if ((m->ctl == 0 && !c->c_iv_known) || (m->ctl == 1 && (!c->c_iv_known || !t->ivsize)))
		m->ctl = 2;
	m->enc = m->ctl == 0 ? c->c_enc : (int)rng_below(&R, 2);
	rng_fill(&R, m->iv, t->ivsize);
	if (m->ctl <= 1)
		memcpy(m->iv, c->c_iv, t->ivsize);
	if (m->aead) {
		msg_aead_input(m);
	} else {
		m->len = rng_len(&R, 60000);
		if ((t->cmode == FZ_ECB || t->cmode == FZ_CBC) && rng_below(&R, 8))
			m->len &= ~(size_t)15;
		rng_fill(&R, cm_in, m->len);
	}
	m->exp = cipher_expect(t, m->p->key, m->p->keylen, m->enc, m->iv, m->as, m->assoclen,
			       cm_in, m->len, cm_want);
	note("message on child %ld: %s %zu bytes (assoclen %zu, authsize %u, control %d)%s",
	     (long)(c - children), m->enc ? "encrypt" : "decrypt", m->len, m->assoclen, m->as,
	     m->ctl, m->corrupt != (size_t)-1 ? ", one bit flipped" : "");
	m->cc.op = m->enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	if (m->ctl >= 2 && t->ivsize) {
		m->cc.iv = m->iv;
		m->cc.ivlen = t->ivsize;
	}
	if (m->ctl >= 1 && m->aead && (m->assoclen || rng_below(&R, 2)))
		m->cc.assoclen = (long)m->assoclen;
}

/* Control messages sendmsg must refuse before it touches the socket; -1: stop. */
static int msg_bad_ctl(struct fz_msg *m)
{
	struct fz_ctl bad = m->cc;
	ssize_t r;

	if (!m->ctl || rng_below(&R, 6))
		return 0;
	switch (rng_below(&R, 3)) {
	case 0:
		bad.iv = m->iv;
		bad.ivlen = m->t->ivsize ? m->t->ivsize + 1 - 2 * rng_below(&R, 2) :
			    1 + rng_below(&R, 16);
		break;
	case 1:
		bad.op = 2 + (int)rng_below(&R, 100);
		break;
	default:
		bad.bogus = rng_below(&R, 2) ? ALG_SET_KEY : ALG_SET_AEAD_AUTHSIZE;
		break;
	}
	r = cipher_sendmsg(&R, m->c->fd, cm_in, m->len, &bad, 1);
	if (expect("sendmsg with a bad control message", r, errno, EINVAL))
		return -1;
	cnt_invalid++;
	return 0;
}

/* vmsplice+splice of one piece; 1 if it went that way (*r its result), 0 if the pipe took
 * less (send it instead), -1 without a pipe. */
static int msg_splice_piece(int fd, uint8_t *d, size_t piece, int last, ssize_t *r)
{
	int pfd[2], spliced = 0;
	struct iovec v = { d, piece };

	if (pipe(pfd))
		return -1;
	fcntl(pfd[1], F_SETPIPE_SZ, 256 * 1024);
	if (vmsplice(pfd[1], &v, 1, 0) == (ssize_t)piece) {
		*r = splice(pfd[0], NULL, fd, NULL, piece, last ? 0 : SPLICE_F_MORE);
		spliced = 1;
	}
	close(pfd[0]);
	close(pfd[1]);
	return spliced;
}

/* recvmsg while the message is open: 0 go on sending, 1 the socket is tainted, -1 stop. */
static int msg_recv_open(struct fz_msg *m)
{
	const struct fz_target *t = m->t;
	size_t avail = m->sent - m->done, k = rng_below(&R, (uint32_t)avail + 33), q;
	uint8_t *buf;
	ssize_t r;

	note("recvmsg(child %ld, %zu bytes) with %zu of %zu sent", (long)(m->c - children), k,
	     m->sent, m->len);
	r = cipher_recv(m->c, k, 0, &buf);
	if (!k) {
		if (expect("recvmsg of 0 bytes", r, errno, 0))
			return -1;
	} else if (!m->chained && !m->aead) {
		m->taint = 1;	/* a partial xts/cts request: not defined */
		return 1;
	} else if (m->aead || avail < 16) {
		/* aead waits for the whole message; skcipher for a block. */
		if (expect("recvmsg of an open message", r, errno, EAGAIN))
			return -1;
	} else if ((k < avail ? k : avail) < 16) {
		/* 6.1 runs an empty request (0), later kernels refuse it. */
		if (r > 0) {
			fz_fail("recvmsg of %zu < 16 bytes returned %zd", k, r);
			return -1;
		}
	} else {
		q = (k < avail ? k : avail) & ~(size_t)15;
		if (r != (ssize_t)q) {
			fz_fail("recvmsg(%zu) of an open message with %zu bytes queued "
				"returned %zd (%s), wanted %zu", k, avail, r,
				r < 0 ? strerror(errno) : "ok", q);
			return -1;
		}
		cipher_expect(t, m->p->key, m->p->keylen, m->enc, m->iv, m->as, 0, cm_in,
			      m->done + q, cm_tmp);
		if (cipher_compare(m->c, "a request of an open message", buf, cm_tmp + m->done, q))
			return -1;
		m->done += q;
	}
	cnt_valid++;
	return 0;
}

/* The data in random MSG_MORE pieces (sendmsg or splice), with recvmsg calls in between. */
static int msg_send(struct fz_msg *m)
{
	ssize_t r;

	for (;;) {
		size_t left = m->len - m->sent, piece = rng_below(&R, 3) ? rng_len(&R, left) : left;
		int last = (piece == left && rng_below(&R, 4)) || (!left && !m->first), rc;
		uint8_t *d = place_at(piece);
		int spliced = 0;

		memcpy(d, cm_in + m->sent, piece);
		if (!m->first && piece && !rng_below(&R, 4)) {
			spliced = msg_splice_piece(m->c->fd, d, piece, last, &r);
			if (spliced < 0)
				return -1;
		}
		if (!spliced)
			r = cipher_sendmsg(&R, m->c->fd, d, piece, m->first && m->ctl ? &m->cc : NULL,
					   !last);
		if (expect(spliced ? "splice" : "sendmsg", r, errno, 0))
			return -1;
		if ((size_t)r != piece) {
			fz_fail("sending %zu bytes moved %zd", piece, r);
			return -1;
		}
		cnt_valid++;
		m->sent += piece;
		m->first = 0;
		if (last)
			return 0;
		if (rng_below(&R, 6))
			continue;
		rc = msg_recv_open(m);
		if (rc)
			return rc < 0 ? -1 : 0;
	}
}

/* A send after the last piece, before the output is read, is refused. */
static int msg_send_after(struct fz_msg *m)
{
	ssize_t r;

	if (m->taint || m->len <= m->done || rng_below(&R, 10))
		return 0;
	r = cipher_sendmsg(&R, m->c->fd, region, 1 + rng_below(&R, 100), NULL,
			   (int)rng_below(&R, 2));
	if (expect("sendmsg while a finished message waits", r, errno, EINVAL))
		return -1;
	cnt_invalid++;
	return 0;
}

/* The last bytes of a chained message, or the whole of it: 1 done, -1 stop. */
static int msg_read_rest(struct fz_msg *m, size_t k, size_t rem, ssize_t r, const uint8_t *buf)
{
	if (m->exp < 0 && rem % 16) {
		if (expect("recvmsg of a message that is not whole blocks", r, errno, EINVAL))
			return -1;
		cnt_invalid++;
		m->c->c_iv_known = 0;
		return 1;
	}
	if (r != (ssize_t)rem) {
		fz_fail("recvmsg(%zu) of the last %zu bytes returned %zd (%s)", k, rem, r,
			r < 0 ? strerror(errno) : "ok");
		return -1;
	}
	cipher_expect(m->t, m->p->key, m->p->keylen, m->enc, m->iv, m->as, 0, cm_in, m->len,
		      cm_tmp);
	if (cipher_compare(m->c, "the last request", buf, cm_tmp + m->done, rem))
		return -1;
	m->done = m->len;
	cnt_valid++;
	return 1;
}

/* ecb/cbc/ctr output in recvmsg calls of whole blocks (chained through the IV); -1: stop. */
static int msg_read_chained(struct fz_msg *m)
{
	uint8_t *buf;
	ssize_t r;

	while (!m->taint) {
		size_t rem = m->len - m->done, k;
		int bad = !rng_below(&R, 16) && rem;	/* nothing queued: nothing to fault on */

		if (!rem && m->len)
			break;
		k = rng_below(&R, 3) ? rem : rng_below(&R, (uint32_t)rem + 40);
		if (!k)
			k = rem ? rem : 16;
		note("recvmsg(child %ld, %zu bytes%s), %zu of %zu read", (long)(m->c - children), k,
		     bad ? ", unwritable" : "", m->done, m->len);
		r = cipher_recv(m->c, k, bad, &buf);
		if (bad) {
			if (expect("recvmsg into an unwritable buffer", r, errno, EFAULT))
				return -1;
			cnt_invalid++;
			continue;
		}
		if (!m->len) {
			if (expect("recvmsg of an empty message", r, errno, 0))
				return -1;
			if (r) {
				fz_fail("an empty message gave %zd bytes", r);
				return -1;
			}
			cnt_valid++;
			break;
		}
		if (k >= rem)
			return msg_read_rest(m, k, rem, r, buf) < 0 ? -1 : 0;
		if (k < 16) {
			/* Refused, or (6.1) an empty request that leaves the data unreachable. */
			if (r > 0) {
				fz_fail("recvmsg of %zu < 16 bytes returned %zd", k, r);
				return -1;
			}
			m->taint = 1;
			break;
		}
		if (r != (ssize_t)(k & ~(size_t)15)) {
			fz_fail("recvmsg(%zu) with %zu bytes left returned %zd (%s)", k, rem, r,
				r < 0 ? strerror(errno) : "ok");
			return -1;
		}
		cipher_expect(m->t, m->p->key, m->p->keylen, m->enc, m->iv, m->as, 0, cm_in,
			      m->done + (size_t)r, cm_tmp);
		if (cipher_compare(m->c, "a request", buf, cm_tmp + m->done, (size_t)r))
			return -1;
		m->done += (size_t)r;
		cnt_valid++;
	}
	return 0;
}

/* An aead result read into @k < @outlen bytes (the rest stays queued); -1: stop. */
static int msg_read_cut(struct fz_msg *m, size_t k, size_t outlen, ssize_t r, const uint8_t *buf)
{
	size_t less = outlen - k;
	long exp;

	m->taint = 1;	/* the rest stays queued */
	if (!m->enc) {
		if (expect("recvmsg of a cut decryption", r, errno, FZ_MUSTFAIL))
			return -1;
	} else if (m->text < less) {
		if (expect("recvmsg into a buffer short of the AAD", r, errno, EINVAL))
			return -1;
	} else {
		/* The text is cut to what the buffer holds, and sealed as such. */
		exp = cipher_expect(m->t, m->p->key, m->p->keylen, 1, m->iv, m->as, m->assoclen,
				    cm_in, m->len - less, cm_tmp);
		m->exp = exp;
		if (exp >= 0 && r != exp) {
			fz_fail("recvmsg(%zu) of a %zu-byte result returned %zd (%s)", k, outlen, r,
				r < 0 ? strerror(errno) : "ok");
			return -1;
		}
		if (exp < 0 && expect("recvmsg of a cut encryption", r, errno, (int)-exp))
			return -1;
		if (exp >= 0 && cipher_compare(m->c, "a cut message", buf, cm_tmp, (size_t)r))
			return -1;
	}
	return 0;
}

/* The whole result of a message as the model has it; -1: stop. */
static int msg_check_whole(struct fz_msg *m, size_t k, ssize_t r, const uint8_t *buf)
{
	if (m->exp == FZ_NO_ORACLE) {
		if (r != (ssize_t)m->len) {
			fz_fail("recvmsg returned %zd (%s), wanted %zu", r,
				r < 0 ? strerror(errno) : "ok", m->len);
			return -1;
		}
	} else if (m->exp < 0) {
		if (expect("recvmsg", r, errno, (int)-m->exp))
			return -1;
		cnt_invalid++;
		/* No plaintext of an unauthentic message reaches the buffer. */
		if (m->exp == -EBADMSG && !m->cut && m->text >= 16 &&
		    (m->corrupt < m->assoclen || m->corrupt >= m->assoclen + m->text) &&
		    !memcmp(buf + m->assoclen, cm_pt, m->text)) {
			fz_fail("%s: the plaintext of a message with a bad tag reached the buffer",
				m->t->bind_name);
			return -1;
		}
		return 0;
	} else {
		if (r != m->exp) {
			fz_fail("recvmsg(%zu) returned %zd (%s), wanted %ld", k, r,
				r < 0 ? strerror(errno) : "ok", m->exp);
			return -1;
		}
		m->c->c_enc = m->enc;
		if (cipher_compare(m->c, "the message", buf, cm_want, (size_t)m->exp))
			return -1;
	}
	cnt_valid++;
	return 0;
}

/* xts/cts/aead output in one recvmsg, into buffers too short, too long or unwritable. */
static int msg_read_whole(struct fz_msg *m)
{
	size_t len = m->len, as = m->as;
	size_t outlen = !m->aead ? len : m->enc ? len + as : len >= as ? len - as : 0, k = outlen;
	int shape = (int)rng_below(&R, 12), bad = !rng_below(&R, 16);
	int scant = m->aead && len < m->assoclen + (m->enc ? 0 : as);
	uint8_t *buf;
	ssize_t r;

	if (bad && outlen) {
		note("recvmsg(child %ld, unwritable)", (long)(m->c - children));
		r = cipher_recv(m->c, outlen, 1, &buf);
		if (expect("recvmsg into an unwritable buffer", r, errno, scant ? EINVAL : EFAULT))
			return -1;
		cnt_invalid++;
	}
	if (shape < 3)
		k = outlen + 1 + rng_below(&R, 64);
	else if (shape == 3 && outlen > 1 && !scant)
		k = 1 + rng_below(&R, (uint32_t)outlen - 1);
	if (!k)
		k = 1;
	note("recvmsg(child %ld, %zu bytes) of a %zu-byte result", (long)(m->c - children), k,
	     outlen);
	r = cipher_recv(m->c, k, 0, &buf);
	if (scant) {
		/* Less than the AAD (and tag): refused, the data stays queued. */
		if (expect("recvmsg of a message shorter than AAD and tag", r, errno, EINVAL))
			return -1;
		cnt_invalid++;
		m->taint = 1;
	} else if (k < outlen && !m->aead) {
		m->taint = 1;	/* a partial xts/cts request: not defined */
	} else if (k < outlen) {
		if (msg_read_cut(m, k, outlen, r, buf))
			return -1;
	} else if (msg_check_whole(m, k, r, buf)) {
		return -1;
	}
	m->done = len;
	return 0;
}

/* What the socket keeps for a message sent without control messages. */
static void msg_keep_state(struct fz_msg *m)
{
	struct fz_child *c = m->c;
	const struct fz_target *t = m->t;
	size_t len = m->len;

	c->c_enc = m->enc;
	if (m->ctl)
		c->c_assoclen = m->cc.assoclen >= 0 ? (unsigned int)m->cc.assoclen : 0;
	if (!m->chained || m->done != len || (m->exp < 0 && len)) {
		c->c_iv_known = 0;
	} else if (t->cmode == FZ_CBC && len) {
		memcpy(c->c_iv, (m->enc ? cm_want : cm_in) + len - 16, 16);
		c->c_iv_known = 1;
	} else if (t->cmode == FZ_CTR) {
		memcpy(c->c_iv, m->iv, 16);
		be128_add(c->c_iv, (len + 15) / 16);
		c->c_iv_known = 1;
	} else if (m->ctl >= 2) {
		memcpy(c->c_iv, m->iv, t->ivsize);
		c->c_iv_known = 1;
	}
}

/* One message on a skcipher or aead socket; see the comment at the top of this file. */
void cipher_msg(struct fz_child *c)
{
	struct fz_msg m = {
		.c = c, .p = c->p, .t = c->p->t, .first = 1, .corrupt = (size_t)-1,
		.cc = { .op = ALG_OP_ENCRYPT, .assoclen = -1 },
	};
	int want = child_key_check(c);
	ssize_t r;

	m.aead = m.t->cmode >= FZ_GCM;
	m.chained = m.t->cmode <= FZ_CTR;
	m.as = m.p->authsize;
	if (want) {
		note("sendmsg(child %ld) before the tfm has a key", (long)(c - children));
		r = cipher_sendmsg(&R, c->fd, region, 16, &m.cc, 0);
		if (!expect("sendmsg on a keyless socket", r, errno, want))
			cnt_invalid++;
		return;
	}
	msg_prepare(&m);
	if (msg_bad_ctl(&m) || msg_send(&m))
		return;
	m.t->ops++;
	if (msg_send_after(&m))
		return;
	if (!m.taint && m.chained && msg_read_chained(&m))
		return;
	if (!m.taint && !m.chained && msg_read_whole(&m))
		return;
	if (m.taint) {
		note("close(child %ld): its state is not defined now", (long)(c - children));
		close_child(c);
		return;
	}
	msg_keep_state(&m);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * In-guest AF_ALG tests of hwcrypt's AES drivers against OpenSSL: random keys, IVs, AAD and
 * sizes, data sent in random sendmsg pieces (many-entry scatterlists), and bad input.
 * Prints "PASS name" / "FAIL name: why" lines for 60-aes-afalg.sh.
 * Usage: test_aes_afalg IMPL [ITERATIONS [skcipher | modes=DRV,... [inplace]]]   (IMPL: aesni,
 * vaes-avx2, ...; skcipher: no aead drivers; modes=ecb-aes,gcm-aes,...: only those drivers;
 * inplace: every request in place, see kernel_inplace())
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <kcapi.h>
#include <linux/if_alg.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MAXLEN 60000

static unsigned int nfail;
static unsigned long long rs;

static unsigned long long rnd(void)
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 0x2545f4914f6cdd1dULL;
}

static void fill(unsigned char *p, size_t n)
{
	while (n--)
		*p++ = (unsigned char)rnd();
}

static void result(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		printf("PASS %s\n", name);
		return;
	}
	nfail++;
	printf("FAIL %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

enum mode { ECB, CBC, CTR, XTS, CTS };
static const struct {
	const char *drv, *ossl;
	size_t ksmul, minlen;
	int blocks;
} modes[] = {
	[ECB] = { "ecb-aes", "ECB", 1, 16, 1 },
	[CBC] = { "cbc-aes", "CBC", 1, 16, 1 },
	[CTR] = { "ctr-aes", "CTR", 1, 1, 0 },
	[XTS] = { "xts-aes", "XTS", 2, 16, 0 },
	[CTS] = { "cts-cbc-aes", "CBC-CTS", 1, 16, 0 },
};

static int ossl_skcipher(enum mode m, int enc, const unsigned char *key, size_t keylen,
			 const unsigned char *iv, const unsigned char *in, size_t len,
			 unsigned char *out)
{
	char name[40];
	EVP_CIPHER *c;
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	OSSL_PARAM p[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	int n1 = 0, n2 = 0, ok;

	snprintf(name, sizeof(name), "AES-%zu-%s", keylen * 8 / modes[m].ksmul, modes[m].ossl);
	c = EVP_CIPHER_fetch(NULL, name, NULL);
	if (m == CTS)
		p[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	ok = c && ctx && EVP_CipherInit_ex2(ctx, c, key, iv, enc, p) &&
	     EVP_CIPHER_CTX_set_padding(ctx, 0) &&
	     EVP_CipherUpdate(ctx, out, &n1, in, (int)len) && EVP_CipherFinal_ex(ctx, out + n1, &n2);
	EVP_CIPHER_free(c);
	EVP_CIPHER_CTX_free(ctx);
	return ok ? 0 : -1;
}

/* Sends @in in random pieces (each its own sendmsg, so its own scatterlist entry), reads once. */
static ssize_t kernel_skcipher(struct kcapi_handle *h, int enc, const unsigned char *iv,
			       const unsigned char *in, size_t len, unsigned char *out)
{
	struct iovec iov;
	size_t off = 0;
	ssize_t r;

	iov.iov_base = NULL;
	iov.iov_len = 0;
	r = enc ? kcapi_cipher_stream_init_enc(h, iv, NULL, 0) :
		  kcapi_cipher_stream_init_dec(h, iv, NULL, 0);
	if (r < 0)
		return r;
	while (off < len) {
		size_t n = (rnd() & 3) ? 1 + rnd() % 700 : 1 + rnd() % (len - off);

		if (n > len - off)
			n = len - off;
		iov.iov_base = (void *)(in + off);
		iov.iov_len = n;
		r = off + n < len ? kcapi_cipher_stream_update(h, &iov, 1) :
				    kcapi_cipher_stream_update_last(h, &iov, 1);
		if (r < 0)
			return r;
		off += n;
	}
	iov.iov_base = out;
	iov.iov_len = len;
	return kcapi_cipher_stream_op(h, &iov, 1);
}

/*
 * One request in place: @buf's @inlen bytes go into a memfd whose pages are spliced into the
 * operation socket (the kernel's source list holds the page cache's own pages), and the
 * @outlen bytes of the result are received into a shared mapping of the same memfd (the
 * destination list holds the same pages): the same bytes through two scatterlists, as
 * zero-copy AF_ALG users get. Seen so on Debian's 6.12 (a request left half-written there is
 * caught); on 6.1 the data evidently reaches the cipher copied, as vmspliced data did.
 * @type "skcipher" or "aead" (@taglen, @assoclen); @iv of @ivlen bytes, NULL for a mode
 * without one (AF_ALG refuses an IV of the wrong size). @buf gets the memfd's first @outlen bytes whatever the outcome, so
 * a caller sees what a failed request left. Returns the bytes read, or -errno.
 */
static ssize_t kernel_inplace(const char *type, const char *drv, const unsigned char *key,
			      size_t kl, size_t taglen, size_t assoclen, int enc,
			      const unsigned char *iv, size_t ivlen, unsigned char *buf, size_t inlen,
			      size_t outlen)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	union {
		char b[2 * CMSG_SPACE(sizeof(__u32)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
		struct cmsghdr align;
	} cbuf;
	struct msghdr msg = { .msg_control = cbuf.b, .msg_controllen = sizeof(cbuf.b) };
	size_t size = (inlen > outlen ? inlen : outlen) + 1, got = 0, used;
	int tfm, op = -1, mfd = -1, p[2] = { -1, -1 };
	unsigned char *map = MAP_FAILED;
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;
	loff_t pos = 0;
	ssize_t r, n;

	memset(&cbuf, 0, sizeof(cbuf));
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", drv);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		return -errno;
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)kl) ||
	    (taglen && setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, (socklen_t)taglen)))
		goto fail;
	op = accept(tfm, NULL, 0);
	mfd = memfd_create("hwc-inplace", 0);
	if (op < 0 || mfd < 0 || ftruncate(mfd, (off_t)size) || pipe(p) ||
	    fcntl(p[1], F_SETPIPE_SZ, 1 << 20) < 0)
		goto fail;
	map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	if (map == MAP_FAILED)
		goto fail;
	memcpy(map, buf, inlen);

	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(__u32));
	*(__u32 *)CMSG_DATA(cm) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	used = CMSG_SPACE(sizeof(__u32));
	if (iv) {
		cm = CMSG_NXTHDR(&msg, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_IV;
		cm->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + 16);
		aiv = (struct af_alg_iv *)CMSG_DATA(cm);
		aiv->ivlen = (__u32)ivlen;
		memcpy(aiv->iv, iv, ivlen);
		used += CMSG_SPACE(sizeof(struct af_alg_iv) + 16);
	}
	if (taglen) {
		cm = CMSG_NXTHDR(&msg, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		cm->cmsg_len = CMSG_LEN(sizeof(__u32));
		*(__u32 *)CMSG_DATA(cm) = (__u32)assoclen;
		used += CMSG_SPACE(sizeof(__u32));
	}
	msg.msg_controllen = used;
	/* the whole request in one pipe (1 MiB): one splice in, one out, then no MSG_MORE */
	if (sendmsg(op, &msg, inlen ? MSG_MORE : 0) < 0)
		goto fail;
	if (inlen && (splice(mfd, &pos, p[1], NULL, inlen, 0) != (ssize_t)inlen ||
		      splice(p[0], NULL, op, NULL, inlen, 0) != (ssize_t)inlen))
		goto fail;
	while (got < outlen) {
		n = read(op, map + got, outlen - got);
		if (n <= 0) {
			r = n < 0 ? -errno : -EIO;
			goto out;
		}
		got += (size_t)n;
	}
	r = (ssize_t)got;
	goto out;
fail:
	r = -errno;
out:
	if (map != MAP_FAILED) {
		memcpy(buf, map, outlen);
		munmap(map, size);
	}
	if (p[0] >= 0) {
		close(p[0]);
		close(p[1]);
	}
	if (mfd >= 0)
		close(mfd);
	if (op >= 0)
		close(op);
	close(tfm);
	return r;
}

static unsigned char in[MAXLEN + 64], out[MAXLEN + 64], want[MAXLEN + 64], back[MAXLEN + 64];
static int inplace;

static void test_skcipher(const char *impl, enum mode m, unsigned int iters)
{
	static const size_t keylens[3] = { 16, 24, 32 };
	char drv[64], name[160];
	unsigned int i, bad = 0;
	char why[200] = "";

	snprintf(drv, sizeof(drv), "%s-hwcrypt-%s", modes[m].drv, impl);
	for (i = 0; i < iters; i++) {
		struct kcapi_handle *h;
		size_t kl = keylens[rnd() % 3] * modes[m].ksmul, len;
		unsigned char key[64], iv[16];
		ssize_t r1, r2;

		if (m == XTS && kl == 48)
			kl = 64;	/* OpenSSL has no XTS-AES-192 */
		len = (rnd() & 1) ? rnd() % 600 : rnd() % MAXLEN;
		if (modes[m].blocks)
			len &= ~(size_t)15;
		if (len < modes[m].minlen)
			len = modes[m].minlen;
		fill(key, kl);
		fill(iv, 16);
		fill(in, len);
		if (kcapi_cipher_init(&h, drv, 0)) {
			snprintf(why, sizeof(why), "cannot allocate %s", drv);
			bad++;
			break;
		}
		if (kcapi_cipher_setkey(h, key, (uint32_t)kl) || ossl_skcipher(m, 1, key, kl, iv, in, len, want)) {
			snprintf(why, sizeof(why), "setkey/OpenSSL failed, keylen %zu", kl);
			bad++;
			kcapi_cipher_destroy(h);
			break;
		}
		if (inplace) {
			memcpy(out, in, len);
			memcpy(back, want, len);
			r1 = kernel_inplace("skcipher", drv, key, kl, 0, 0, 1, m == ECB ? NULL : iv,
					    16, out, len, len);
			r2 = kernel_inplace("skcipher", drv, key, kl, 0, 0, 0, m == ECB ? NULL : iv,
					    16, back, len, len);
		} else {
			r1 = kernel_skcipher(h, 1, iv, in, len, out);
			r2 = kernel_skcipher(h, 0, iv, want, len, back);
		}
		kcapi_cipher_destroy(h);
		if (r1 != (ssize_t)len || memcmp(out, want, len) || r2 != (ssize_t)len ||
		    memcmp(back, in, len)) {
			if (!bad)
				snprintf(why, sizeof(why), "keylen %zu length %zu: enc %zd dec %zd, %s", kl,
					 len, r1, r2, memcmp(out, want, len) ? "ciphertext differs" :
					 "plaintext differs");
			bad++;
		}
	}
	snprintf(name, sizeof(name), "%s-vs-openssl-%s-x%u", drv,
		 inplace ? "in-place" : "random-splits", iters);
	result(!bad, name, "%u bad, first: %s", bad, why);
}

/*
 * Decrypts @ct (@outlen bytes and the tag) into @pt: through libkcapi, or in place
 * (kernel_inplace(), @pt receiving what the request left in the buffer).
 */
static ssize_t aead_dec(struct kcapi_handle *h, const char *drv, const unsigned char *key,
			size_t kl, size_t taglen, size_t assoclen, const unsigned char *iv,
			const unsigned char *ct, unsigned char *pt, size_t outlen)
{
	if (!inplace)
		return kcapi_aead_decrypt(h, ct, outlen + taglen, iv, pt, outlen,
					  KCAPI_ACCESS_SENDMSG);
	memcpy(pt, ct, outlen + taglen);
	/* rfc4106's IV is the explicit 8 bytes, gcm's the 12-byte nonce */
	return kernel_inplace("aead", drv, key, kl, taglen, assoclen, 0, iv,
			      strncmp(drv, "rfc4106", 7) ? 12 : 8, pt, outlen + taglen, outlen);
}

static int ossl_gcm(const unsigned char *key, size_t kl, const unsigned char *iv,
		    const unsigned char *aad, size_t al, const unsigned char *pt, size_t len,
		    unsigned char *ct, unsigned char *tag, size_t taglen)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *c = kl == 16 ? EVP_aes_128_gcm() : kl == 24 ? EVP_aes_192_gcm() :
			      EVP_aes_256_gcm();
	int n = 0, ok;

	ok = ctx && EVP_EncryptInit_ex(ctx, c, NULL, key, iv) &&
	     (!al || EVP_EncryptUpdate(ctx, NULL, &n, aad, (int)al)) &&
	     (!len || EVP_EncryptUpdate(ctx, ct, &n, pt, (int)len)) &&
	     EVP_EncryptFinal_ex(ctx, ct, &n) &&
	     EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, (int)taglen, tag);
	EVP_CIPHER_CTX_free(ctx);
	return ok ? 0 : -1;
}

/*
 * One AEAD round trip. rfc4106: @key has the 4-byte salt at its end, the AAD area is
 * aad || explicit IV (8 bytes) as ESP lays it out, and the nonce is salt || IV.
 */
static void test_aead(const char *impl, int rfc4106, unsigned int iters)
{
	static const size_t keylens[3] = { 16, 24, 32 };
	static const size_t gcm_tags[] = { 4, 8, 12, 13, 14, 15, 16 }, esp_tags[] = { 8, 12, 16 };
	char drv[64], name[160], why[200] = "";
	unsigned int i, bad = 0;

	snprintf(drv, sizeof(drv), "%s-hwcrypt-%s", rfc4106 ? "rfc4106-gcm-aes" : "gcm-aes", impl);
	for (i = 0; i < iters; i++) {
		struct kcapi_handle *h;
		size_t kl = keylens[rnd() % 3], len = (rnd() & 1) ? rnd() % 600 : rnd() % 30000;
		size_t taglen = rfc4106 ? esp_tags[rnd() % 3] : gcm_tags[rnd() % 7];
		size_t al = rfc4106 ? ((rnd() & 1) ? 8 : 12) : ((rnd() & 1) ? rnd() % 40 : rnd() % 2000);
		size_t assoclen = al + (rfc4106 ? 8 : 0);
		unsigned char key[36], nonce[12], tag[16];
		const unsigned char *kiv;
		ssize_t r1, r2, r3;
		int ok;

		fill(key, kl + 4);
		fill(nonce, 12);
		fill(in, assoclen + len);
		if (rfc4106) {
			memcpy(nonce, key + kl, 4);
			memcpy(in + al, nonce + 4, 8);	/* the explicit IV closes the AAD area */
		}
		kiv = rfc4106 ? nonce + 4 : nonce;
		if (ossl_gcm(key, kl, nonce, in, al, in + assoclen, len, want + assoclen, tag, taglen)) {
			snprintf(why, sizeof(why), "OpenSSL failed");
			bad++;
			break;
		}
		memcpy(want, in, assoclen);
		memcpy(want + assoclen + len, tag, taglen);
		if (kcapi_aead_init(&h, drv, 0)) {
			snprintf(why, sizeof(why), "cannot allocate %s", drv);
			bad++;
			break;
		}
		ok = !kcapi_aead_setkey(h, key, (uint32_t)(kl + (rfc4106 ? 4 : 0))) &&
		     !kcapi_aead_settaglen(h, (uint32_t)taglen);
		kcapi_aead_setassoclen(h, assoclen);
		memset(out, 0xaa, assoclen + len + taglen);
		if (inplace) {
			memcpy(out, in, assoclen + len);
			r1 = kernel_inplace("aead", drv, key, kl + (rfc4106 ? 4 : 0), taglen,
					    assoclen, 1, kiv, rfc4106 ? 8 : 12, out, assoclen + len,
					    assoclen + len + taglen);
		} else {
			r1 = kcapi_aead_encrypt(h, in, assoclen + len, kiv, out,
						assoclen + len + taglen,
						(rnd() & 1) ? KCAPI_ACCESS_SENDMSG :
							      KCAPI_ACCESS_VMSPLICE);
		}
		ok = ok && r1 == (ssize_t)(assoclen + len + taglen) &&
		     !memcmp(out + assoclen, want + assoclen, len + taglen);
		r2 = aead_dec(h, drv, key, kl + (rfc4106 ? 4 : 0), taglen, assoclen, kiv, want,
			      back, assoclen + len);
		ok = ok && r2 == (ssize_t)(assoclen + len) &&
		     !memcmp(back + assoclen, in + assoclen, len);
		/* A flipped tag bit: -EBADMSG and none of the plaintext in the output buffer. */
		want[assoclen + len + rnd() % taglen] ^= (unsigned char)(1u << (rnd() % 8));
		memset(back, 0x55, assoclen + len);
		r3 = aead_dec(h, drv, key, kl + (rfc4106 ? 4 : 0), taglen, assoclen, kiv, want,
			      back, assoclen + len);
		ok = ok && r3 == -EBADMSG && (len < 8 || memcmp(back + assoclen, in + assoclen, len));
		kcapi_aead_destroy(h);
		if (!ok) {
			if (!bad)
				snprintf(why, sizeof(why),
					 "keylen %zu len %zu aad %zu tag %zu: enc %zd dec %zd forged %zd", kl,
					 len, assoclen, taglen, r1, r2, r3);
			bad++;
		}
	}
	snprintf(name, sizeof(name), "%s-vs-openssl-%srandom-x%u-incl-forged-tag", drv,
		 inplace ? "in-place-" : "", iters);
	result(!bad, name, "%u bad, first: %s", bad, why);
}

static void test_bad_input(const char *impl)
{
	unsigned char key[64] = { 1 }, iv[16] = { 2 }, buf[64] = { 3 }, o[64];
	struct kcapi_handle *h;
	char drv[64], name[160];
	ssize_t r;
	int e;

	snprintf(drv, sizeof(drv), "cbc-aes-hwcrypt-%s", impl);
	if (!kcapi_cipher_init(&h, drv, 0)) {
		e = kcapi_cipher_setkey(h, key, 15);
		snprintf(name, sizeof(name), "%s-setkey-15-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		e = kcapi_cipher_setkey(h, key, 33);
		snprintf(name, sizeof(name), "%s-setkey-33-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_cipher_setkey(h, key, 16);
		r = kcapi_cipher_encrypt(h, buf, 20, iv, o, 20, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-20-bytes-EINVAL", drv);
		result(r == -EINVAL, name, "got %zd", r);
		kcapi_cipher_destroy(h);
	}
	snprintf(drv, sizeof(drv), "xts-aes-hwcrypt-%s", impl);
	if (!kcapi_cipher_init(&h, drv, 0)) {
		e = kcapi_cipher_setkey(h, key, 48 + 1);
		snprintf(name, sizeof(name), "%s-setkey-49-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		e = kcapi_cipher_setkey(h, key, 16);
		snprintf(name, sizeof(name), "%s-setkey-16-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_cipher_setkey(h, key, 32);
		r = kcapi_cipher_encrypt(h, buf, 15, iv, o, 15, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-15-bytes-EINVAL", drv);
		result(r == -EINVAL, name, "got %zd", r);
		/* No IV sent: AF_ALG uses its zero IV; must simply work (or be refused), no oops. */
		r = kcapi_cipher_encrypt(h, buf, 32, NULL, o, 32, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-no-iv-handled", drv);
		result(r == 32 || r < 0, name, "got %zd", r);
		kcapi_cipher_destroy(h);
	}
	snprintf(drv, sizeof(drv), "gcm-aes-hwcrypt-%s", impl);
	if (!kcapi_aead_init(&h, drv, 0)) {
		e = kcapi_aead_setkey(h, key, 20);
		snprintf(name, sizeof(name), "%s-setkey-20-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_aead_setkey(h, key, 16);
		e = kcapi_aead_settaglen(h, 2);
		snprintf(name, sizeof(name), "%s-tag-2-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		e = kcapi_aead_settaglen(h, 10);
		snprintf(name, sizeof(name), "%s-tag-10-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_aead_settaglen(h, 16);
		/* Decrypting less than a tag, and AAD longer than the message. */
		kcapi_aead_setassoclen(h, 0);
		r = kcapi_aead_decrypt(h, buf, 8, iv, o, 8, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-decrypt-shorter-than-tag-fails", drv);
		result(r < 0, name, "got %zd", r);
		kcapi_aead_setassoclen(h, 48);
		r = kcapi_aead_encrypt(h, buf, 32, iv, o, 64, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-aad-longer-than-message-fails", drv);
		result(r < 0, name, "got %zd", r);
		kcapi_aead_destroy(h);
	}
	snprintf(drv, sizeof(drv), "rfc4106-gcm-aes-hwcrypt-%s", impl);
	if (!kcapi_aead_init(&h, drv, 0)) {
		e = kcapi_aead_setkey(h, key, 16);
		snprintf(name, sizeof(name), "%s-setkey-without-salt-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_aead_setkey(h, key, 20);
		e = kcapi_aead_settaglen(h, 4);
		snprintf(name, sizeof(name), "%s-tag-4-bytes-EINVAL", drv);
		result(e == -EINVAL, name, "got %d", e);
		kcapi_aead_settaglen(h, 16);
		kcapi_aead_setassoclen(h, 12);
		r = kcapi_aead_encrypt(h, buf, 44, iv, o, 60, KCAPI_ACCESS_SENDMSG);
		snprintf(name, sizeof(name), "%s-assoclen-12-EINVAL", drv);
		result(r == -EINVAL, name, "got %zd", r);
		kcapi_aead_destroy(h);
	}
}

/* fscrypt's filename mode: cts(cbc(aes)) through the API name, vs OpenSSL's CS3. */
static void test_cts_by_name(void)
{
	struct kcapi_handle *h;
	unsigned char key[32], iv[16];
	unsigned int i, bad = 0;
	size_t len;

	for (i = 0; i < 50; i++) {
		len = 16 + rnd() % 100;
		fill(key, 32);
		fill(iv, 16);
		fill(in, len);
		if (kcapi_cipher_init(&h, "cts(cbc(aes))", 0)) {
			bad++;
			break;
		}
		kcapi_cipher_setkey(h, key, 32);
		ossl_skcipher(CTS, 1, key, 32, iv, in, len, want);
		if (kcapi_cipher_encrypt(h, in, len, iv, out, len, KCAPI_ACCESS_SENDMSG) != (ssize_t)len ||
		    memcmp(out, want, len))
			bad++;
		kcapi_cipher_destroy(h);
	}
	result(!bad, "cts(cbc(aes))-by-name-vs-openssl-cs3-x50", "%u bad", bad);
}

int main(int argc, char **argv)
{
	const char *impl = argc > 1 ? argv[1] : "aesni";
	unsigned int iters = argc > 2 ? (unsigned int)atoi(argv[2]) : 200;
	enum mode m;

	rs = (unsigned long long)time(NULL) | 1;
	printf("INFO seed %llu\n", rs);
	/*
	 * "modes=ecb-aes,gcm-aes,...": only these drivers of the tier (one that serves some modes,
	 * as an offload engine's), without the bad-input and cts-by-name rounds.
	 */
	if (argc > 3 && !strncmp(argv[3], "modes=", 6)) {
		char list[256];

		snprintf(list, sizeof(list), ",%s,", argv[3] + 6);
		if (argc > 4 && strcmp(argv[4], "inplace")) {
			fprintf(stderr, "test_aes_afalg: unknown option '%s' (inplace?)\n", argv[4]);
			return 2;
		}
		inplace = argc > 4;
		for (m = ECB; m <= CTS; m++) {
			char key[32];

			snprintf(key, sizeof(key), ",%s,", modes[m].drv);
			if (strstr(list, key))
				test_skcipher(impl, m, iters);
		}
		if (strstr(list, ",gcm-aes,"))
			test_aead(impl, 0, iters);
		if (strstr(list, ",rfc4106-gcm-aes,"))
			test_aead(impl, 1, iters);
		return nfail ? 1 : 0;
	}
	for (m = ECB; m <= CTS; m++)
		test_skcipher(impl, m, iters);
	/* "skcipher": a tier whose aead drivers this CPU lacks (hwc_aes_impl.aead_features). */
	if (argc <= 3 || strcmp(argv[3], "skcipher")) {
		test_aead(impl, 0, iters);
		test_aead(impl, 1, iters);
	}
	test_bad_input(impl);
	test_cts_by_name();
	return nfail ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * AF_ALG fuzzer and stress driver for hwcrypt's drivers, with OpenSSL libcrypto as the oracle.
 *
 * Targets come from /proc/crypto (every entry with "module : hwcrypt"), dispatched by their
 * type through fz_types[]: a type supplies the AF_ALG socket type, the targets it derives from
 * one driver (a hash gives the driver itself, unkeyed, and hmac(driver), keyed; a skcipher or
 * aead gives the driver) and the oracle. akcipher (rsa) has no AF_ALG interface in mainline.
 *
 * Fuzz mode: seeded random sequences of socket/bind/setsockopt(key, authsize)/accept/sendmsg
 * (random MSG_MORE splits, zero-length and page-crossing buffers, random control messages: op,
 * IV, assoclen, valid and refused)/vmsplice+splice/recvmsg/close, valid and invalid. A model of
 * af_alg's behaviour (algif_hash, algif_skcipher, algif_aead) predicts every outcome: where a
 * result is defined it is compared with OpenSSL, where an error is defined its errno is checked.
 * The run stops at the first mismatch and prints how to replay it exactly.
 *
 * Stress mode (--stress N): N threads, spread over the CPUs, each running random messages in
 * random splits through every target in turn (hashes, hmac, ciphers with fresh keys, aead
 * sealed and opened again), checking each result against OpenSSL.
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
#define FZ_NOTE		600	/* one operation's trace (a cipher message notes several calls) */

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

static struct fz_target targets[FZ_MAX_TARGETS];
static int ntargets;

static int hash_add_targets(const struct fz_proc *e)
{
	const char *driver = e->driver, *name = e->name;
	unsigned int size = e->digestsize;
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

/* skcipher and aead drivers: the driver itself is the one target (AES modes only). */
static int cipher_add_targets(const struct fz_proc *e)
{
	static const struct {
		const char *name;
		enum fz_cmode m;
		unsigned int ivsize;
	} known[] = {
		{ "ecb(aes)", FZ_ECB, 0 }, { "cbc(aes)", FZ_CBC, 16 }, { "ctr(aes)", FZ_CTR, 16 },
		{ "xts(aes)", FZ_XTS, 16 }, { "cts(cbc(aes))", FZ_CTS, 16 },
		{ "gcm(aes)", FZ_GCM, 12 }, { "rfc4106(gcm(aes))", FZ_RFC4106, 8 },
	};
	struct fz_target *t;
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(known[i].name, e->name))
			break;
	if (i == sizeof(known) / sizeof(known[0])) {
		fprintf(stderr, "fuzz_afalg: %s: no model for %s\n", e->driver, e->name);
		return -1;
	}
	if (e->ivsize != known[i].ivsize ||
	    (known[i].m >= FZ_GCM && e->maxauthsize != 16)) {
		fprintf(stderr, "fuzz_afalg: %s: ivsize %u maxauthsize %u, expected %u and 16\n",
			e->driver, e->ivsize, e->maxauthsize, known[i].ivsize);
		return -1;
	}
	if (ntargets == FZ_MAX_TARGETS)
		return -1;
	t = &targets[ntargets++];
	memset(t, 0, sizeof(*t));
	fz_strcpy(t->bind_name, sizeof(t->bind_name), e->driver);
	fz_strcpy(t->cra_name, sizeof(t->cra_name), e->name);
	t->keyed = 1;
	t->cmode = known[i].m;
	t->ivsize = known[i].ivsize;
	t->maxauth = known[i].m >= FZ_GCM ? 16 : 0;
	return 1;
}

static const struct fz_type fz_types[] = {
	{ "shash", "hash", hash_add_targets },
	{ "ahash", "hash", hash_add_targets },
	{ "skcipher", "skcipher", cipher_add_targets },
	{ "aead", "aead", cipher_add_targets },
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
	char line[256];
	struct fz_proc e = { 0 };
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
			if (e.driver[0] && !strcmp(e.module, "hwcrypt")) {
				const struct fz_type *ty = fz_type_find(e.type);
				int i, n;

				if (!ty) {
					printf("fuzz_afalg: no fuzzer for type %s: %s not fuzzed\n",
					       e.type, e.driver);
					unfuzzed++;
				} else if ((n = ty->add_targets(&e)) < 0) {
					exit(2);
				} else {
					for (i = ntargets - n; i < ntargets; i++)
						targets[i].type = ty;
				}
			}
			memset(&e, 0, sizeof(e));
			if (!eof)
				break;
			continue;
		}
		if (sscanf(line, "%63s : %127s", key, val) != 2)
			continue;
		if (!strcmp(key, "name"))
			fz_strcpy(e.name, sizeof(e.name), val);
		else if (!strcmp(key, "driver"))
			fz_strcpy(e.driver, sizeof(e.driver), val);
		else if (!strcmp(key, "module"))
			fz_strcpy(e.module, sizeof(e.module), val);
		else if (!strcmp(key, "type"))
			fz_strcpy(e.type, sizeof(e.type), val);
		else if (!strcmp(key, "digestsize"))
			e.digestsize = (unsigned int)strtoul(val, NULL, 10);
		else if (!strcmp(key, "ivsize"))
			e.ivsize = (unsigned int)strtoul(val, NULL, 10);
		else if (!strcmp(key, "maxauthsize"))
			e.maxauthsize = (unsigned int)strtoul(val, NULL, 10);
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

/* Key lengths the kernel takes: AES 16/24/32 bytes, both halves for xts, plus the salt for rfc4106. */
static int cipher_keylen_ok(const struct fz_target *t, size_t n)
{
	size_t mul = t->cmode == FZ_XTS ? 2 : 1, add = t->cmode == FZ_RFC4106 ? 4 : 0;

	return n == 16 * mul + add || n == 24 * mul + add || n == 32 * mul + add;
}

static size_t cipher_keylen_pick(const struct fz_target *t, struct fz_rng *r)
{
	return (16 + 8 * rng_below(r, 3)) * (t->cmode == FZ_XTS ? 2 : 1) +
	       (t->cmode == FZ_RFC4106 ? 4 : 0);
}

/* gcm: 4, 8, 12..16 (SP 800-38D 5.2.1.2); rfc4106: 8, 12, 16 (RFC 4106 8.1). */
static int cipher_authsize_ok(const struct fz_target *t, unsigned int n)
{
	if (t->cmode == FZ_RFC4106)
		return n == 8 || n == 12 || n == 16;
	return n == 4 || n == 8 || (n >= 12 && n <= 16);
}

#define FZ_NO_ORACLE	(-1000)	/* valid for the kernel, but OpenSSL has no such cipher */

/*
 * What AF_ALG must give for one whole message @in of @len bytes, laid out as algif_skcipher and
 * algif_aead take it (aead: AAD || text [|| tag]) and give it back (aead: AAD || text [|| tag]).
 * Returns the output length, or -EINVAL where the kernel must refuse the lengths, -EBADMSG
 * for a tag that does not verify, FZ_NO_ORACLE (AES-192-XTS: OpenSSL has none).
 */
static long cipher_expect(const struct fz_target *t, const uint8_t *key, size_t keylen, int enc,
			  const uint8_t *iv, unsigned int authsize, size_t assoclen,
			  const uint8_t *in, size_t len, uint8_t *out)
{
	static const char *const mname[] = { [FZ_ECB] = "ECB", [FZ_CBC] = "CBC", [FZ_CTR] = "CTR",
					     [FZ_XTS] = "XTS", [FZ_CTS] = "CBC-CTS",
					     [FZ_GCM] = "GCM", [FZ_RFC4106] = "GCM" };
	int aead = t->cmode >= FZ_GCM;
	size_t kl = keylen - (t->cmode == FZ_RFC4106 ? 4 : 0), text = 0, aad = 0;
	uint8_t nonce[12];
	const uint8_t *k = key, *n = iv;
	char name[32];
	EVP_CIPHER *c;
	EVP_CIPHER_CTX *x;
	OSSL_PARAM prm[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	int o1 = 0, o2 = 0, ok;

	if (!cipher_keylen_ok(t, keylen))
		return -EINVAL;
	switch (t->cmode) {
	case FZ_ECB:
	case FZ_CBC:
		if (len % 16)
			return -EINVAL;
		break;
	case FZ_CTR:
		break;
	case FZ_XTS:
	case FZ_CTS:
		if (len < 16)
			return -EINVAL;
		if (t->cmode == FZ_XTS && keylen == 48)
			return FZ_NO_ORACLE;
		break;
	case FZ_GCM:
	case FZ_RFC4106:
		if (len < assoclen + (enc ? 0 : authsize))
			return -EINVAL;
		if (t->cmode == FZ_RFC4106 && assoclen != 16 && assoclen != 20)
			return -EINVAL;
		text = len - assoclen - (enc ? 0 : authsize);
		aad = t->cmode == FZ_RFC4106 ? assoclen - 8 : assoclen;
		if (t->cmode == FZ_RFC4106) {
			memcpy(nonce, key + kl, 4);
			memcpy(nonce + 4, iv, 8);
			n = nonce;
		}
		break;
	default:
		return -EINVAL;
	}
	if (!aead && !len)
		return 0;
	snprintf(name, sizeof(name), "AES-%zu-%s", kl * 8 / (t->cmode == FZ_XTS ? 2 : 1),
		 mname[t->cmode]);
	if (t->cmode == FZ_CTS)
		prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	c = EVP_CIPHER_fetch(NULL, name, NULL);
	x = EVP_CIPHER_CTX_new();
	if (!c || !x) {
		fprintf(stderr, "fuzz_afalg: OpenSSL has no %s\n", name);
		exit(2);
	}
	if (!aead) {
		ok = EVP_CipherInit_ex2(x, c, k, t->cmode == FZ_ECB ? NULL : n, enc, prm) &&
		     EVP_CIPHER_CTX_set_padding(x, 0) &&
		     EVP_CipherUpdate(x, out, &o1, in, (int)len) &&
		     EVP_CipherFinal_ex(x, out + o1, &o2);
		EVP_CIPHER_free(c);
		EVP_CIPHER_CTX_free(x);
		if (!ok) {
			fprintf(stderr, "fuzz_afalg: OpenSSL %s of %zu bytes failed\n", name, len);
			exit(2);
		}
		return (long)len;
	}
	memmove(out, in, assoclen);
	ok = EVP_CipherInit_ex2(x, c, k, n, enc, NULL) &&
	     (!aad || EVP_CipherUpdate(x, NULL, &o1, in, (int)aad)) &&
	     (!text || EVP_CipherUpdate(x, out + assoclen, &o1, in + assoclen, (int)text));
	if (ok && !enc) {
		uint8_t tag[16];

		memcpy(tag, in + assoclen + text, authsize);
		ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_TAG, (int)authsize, tag);
		if (ok && !EVP_CipherFinal_ex(x, out + assoclen + text, &o2)) {
			EVP_CIPHER_free(c);
			EVP_CIPHER_CTX_free(x);
			return -EBADMSG;
		}
	} else if (ok) {
		ok = EVP_CipherFinal_ex(x, out + assoclen + text, &o2) &&
		     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, (int)authsize,
					 out + assoclen + text);
	}
	EVP_CIPHER_free(c);
	EVP_CIPHER_CTX_free(x);
	if (!ok) {
		fprintf(stderr, "fuzz_afalg: OpenSSL %s failed\n", name);
		exit(2);
	}
	return (long)(assoclen + text + (enc ? authsize : 0));
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

static struct fz_parent parents[FZ_MAX_PARENTS];
static struct fz_child children[FZ_MAX_CHILDREN];

static void cipher_msg(struct fz_child *c);

static struct fz_rng R;
static uint64_t seed;
static unsigned long op_no, max_ops = 20000, nfail;
static unsigned long cnt_valid, cnt_invalid, cnt_compared;
static double max_secs = 60;
static int verbose;
static char trace[FZ_TRACE][FZ_NOTE];
static unsigned long noted_op = (unsigned long)-1;

static uint8_t *region;		/* FZ_BIG bytes, followed by a PROT_NONE guard page */
static long page;
static uint8_t *guard;

static void note(const char *fmt, ...)
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
		p->authsize = t->maxauth;
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

/* Places n random bytes in the data region, sometimes ending right at the guard page or
 * straddling a page boundary. */
static uint8_t *place_at(size_t n)
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
	if (c->p->t->cmode) {
		cipher_msg(c);
		return;
	}
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
	if (c->p->t->cmode) {
		cipher_msg(c);
		return;
	}
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
	if (c->p->t->cmode) {
		cipher_msg(c);
		return;
	}
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

/* ------------------------------------------------------------------------------------------ */
/*
 * skcipher and aead sockets. One operation is one whole message: control messages (valid, or
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
#define FZ_CMAX		(64 * 1024)	/* a message; far below the socket buffers */

static uint8_t cm_in[FZ_CMAX + 64], cm_want[FZ_CMAX + 64], cm_tmp[FZ_CMAX + 64],
	       cm_pt[FZ_CMAX + 64];

/* What one sendmsg carries besides data. */
struct fz_ctl {
	int op;			/* ALG_OP_ENCRYPT/DECRYPT, or another value (refused) */
	const uint8_t *iv;	/* NULL: no ALG_SET_IV */
	unsigned int ivlen;
	long assoclen;		/* < 0: no ALG_SET_AEAD_ASSOCLEN */
	int bogus;		/* a SOL_ALG control message of a type sendmsg does not take */
};

/* sendmsg of @n bytes in one to three iovecs, with @ctl's control messages if given. */
static ssize_t cipher_sendmsg(struct fz_rng *r, int fd, const uint8_t *data, size_t n,
			      const struct fz_ctl *ctl, int more)
{
	union {
		char buf[CMSG_SPACE(4) * 3 + CMSG_SPACE(sizeof(struct af_alg_iv) + 32)];
		struct cmsghdr align;
	} cb;
	struct iovec iov[3] = { { (void *)data, n } };
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 1 };
	struct cmsghdr *cm;
	size_t clen = 0;

	if (n > 2 && !rng_below(r, 3)) {
		size_t a = rng_below(r, (uint32_t)n), b = a + rng_below(r, (uint32_t)(n - a));

		iov[0].iov_len = a;
		iov[1] = (struct iovec){ (void *)(data + a), b - a };
		iov[2] = (struct iovec){ (void *)(data + b), n - b };
		msg.msg_iovlen = 3;
	}
	if (ctl) {
		memset(&cb, 0, sizeof(cb));
		msg.msg_control = cb.buf;
		msg.msg_controllen = sizeof(cb.buf);
		cm = CMSG_FIRSTHDR(&msg);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_OP;
		cm->cmsg_len = CMSG_LEN(4);
		memcpy(CMSG_DATA(cm), &ctl->op, 4);
		clen += CMSG_SPACE(4);
		if (ctl->iv) {
			struct af_alg_iv *v;

			cm = CMSG_NXTHDR(&msg, cm);
			cm->cmsg_level = SOL_ALG;
			cm->cmsg_type = ALG_SET_IV;
			cm->cmsg_len = CMSG_LEN(sizeof(*v) + ctl->ivlen);
			v = (struct af_alg_iv *)CMSG_DATA(cm);
			v->ivlen = ctl->ivlen;
			memcpy(v->iv, ctl->iv, ctl->ivlen);
			clen += CMSG_SPACE(sizeof(*v) + ctl->ivlen);
		}
		if (ctl->assoclen >= 0) {
			uint32_t a = (uint32_t)ctl->assoclen;

			cm = CMSG_NXTHDR(&msg, cm);
			cm->cmsg_level = SOL_ALG;
			cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
			cm->cmsg_len = CMSG_LEN(4);
			memcpy(CMSG_DATA(cm), &a, 4);
			clen += CMSG_SPACE(4);
		}
		if (ctl->bogus) {
			cm = CMSG_NXTHDR(&msg, cm);
			cm->cmsg_level = SOL_ALG;
			cm->cmsg_type = ctl->bogus;
			cm->cmsg_len = CMSG_LEN(4);
			clen += CMSG_SPACE(4);
		}
		msg.msg_controllen = clen;
	}
	return sendmsg(fd, &msg, more ? MSG_MORE : 0);
}

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

static void close_child(struct fz_child *c)
{
	close(c->fd);
	c->fd = -1;
	oracle_free(&c->o);
	parent_release_if_orphan(c->p);
}

/* One message on a skcipher or aead socket; see the comment at the top of this part. */
static void cipher_msg(struct fz_child *c)
{
	struct fz_parent *p = c->p;
	struct fz_target *t = p->t;
	int aead = t->cmode >= FZ_GCM, chained = t->cmode <= FZ_CTR, taint = 0, first = 1;
	int want = child_key_check(c), enc, ctl;
	unsigned int as = p->authsize;
	size_t len, assoclen = 0, text = 0, sent = 0, done = 0, corrupt = (size_t)-1, cut = 0;
	uint8_t iv[16], *buf;
	struct fz_ctl cc = { .op = ALG_OP_ENCRYPT, .assoclen = -1 };
	long exp;
	ssize_t r;

	if (want) {
		note("sendmsg(child %ld) before the tfm has a key", (long)(c - children));
		r = cipher_sendmsg(&R, c->fd, region, 16, &cc, 0);
		if (!expect("sendmsg on a keyless socket", r, errno, want))
			cnt_invalid++;
		return;
	}
	/* ctl 0: no control message (op, IV, assoclen of the last one stand); 1: no IV; else all. */
	ctl = (int)rng_below(&R, 10);
	if ((ctl == 0 && !c->c_iv_known) || (ctl == 1 && (!c->c_iv_known || !t->ivsize)))
		ctl = 2;
	enc = ctl == 0 ? c->c_enc : (int)rng_below(&R, 2);
	rng_fill(&R, iv, t->ivsize);
	if (ctl <= 1)
		memcpy(iv, c->c_iv, t->ivsize);
	if (aead) {
		if (ctl == 0)
			assoclen = c->c_assoclen;
		else if (t->cmode == FZ_RFC4106)
			assoclen = rng_below(&R, 8) ? 16 + 4 * rng_below(&R, 2) : rng_below(&R, 40);
		else
			assoclen = rng_below(&R, 3) ? rng_below(&R, 48) : rng_below(&R, 2000);
		text = rng_len(&R, 20000);
		len = assoclen + text;
		rng_fill(&R, cm_in, len + 16);
		memcpy(cm_pt, cm_in + assoclen, text);
		if (!enc) {
			/* A real message to open (from the oracle), sometimes altered or cut. */
			exp = cipher_expect(t, p->key, p->keylen, 1, iv, as, assoclen, cm_in, len,
					    cm_want);
			if (exp >= 0)
				memcpy(cm_in, cm_want, (size_t)exp);
			len += as;
			if (!rng_below(&R, 4)) {
				corrupt = rng_below(&R, (uint32_t)len);
				cm_in[corrupt] ^= (uint8_t)(1u << rng_below(&R, 8));
			}
			if (!rng_below(&R, 12)) {
				len = rng_below(&R, (uint32_t)len + 1);
				cut = 1;
			}
		}
	} else {
		len = rng_len(&R, 60000);
		if ((t->cmode == FZ_ECB || t->cmode == FZ_CBC) && rng_below(&R, 8))
			len &= ~(size_t)15;
		rng_fill(&R, cm_in, len);
	}
	exp = cipher_expect(t, p->key, p->keylen, enc, iv, as, assoclen, cm_in, len, cm_want);
	note("message on child %ld: %s %zu bytes (assoclen %zu, authsize %u, control %d)%s",
	     (long)(c - children), enc ? "encrypt" : "decrypt", len, assoclen, as, ctl,
	     corrupt != (size_t)-1 ? ", one bit flipped" : "");
	cc.op = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	if (ctl >= 2 && t->ivsize) {
		cc.iv = iv;
		cc.ivlen = t->ivsize;
	}
	if (ctl >= 1 && aead && (assoclen || rng_below(&R, 2)))
		cc.assoclen = (long)assoclen;

	/* Control messages sendmsg must refuse before it touches the socket. */
	if (ctl && !rng_below(&R, 6)) {
		struct fz_ctl bad = cc;

		switch (rng_below(&R, 3)) {
		case 0:
			bad.iv = iv;
			bad.ivlen = t->ivsize ? t->ivsize + 1 - 2 * rng_below(&R, 2) :
				    1 + rng_below(&R, 16);
			break;
		case 1:
			bad.op = 2 + (int)rng_below(&R, 100);
			break;
		default:
			bad.bogus = rng_below(&R, 2) ? ALG_SET_KEY : ALG_SET_AEAD_AUTHSIZE;
			break;
		}
		r = cipher_sendmsg(&R, c->fd, cm_in, len, &bad, 1);
		if (expect("sendmsg with a bad control message", r, errno, EINVAL))
			return;
		cnt_invalid++;
	}

	for (;;) {
		size_t left = len - sent, piece = rng_below(&R, 3) ? rng_len(&R, left) : left;
		int last = (piece == left && rng_below(&R, 4)) || (!left && !first);
		uint8_t *d = place_at(piece);
		int spliced = 0;

		memcpy(d, cm_in + sent, piece);
		if (!first && piece && !rng_below(&R, 4)) {
			int pfd[2];
			struct iovec v = { d, piece };

			if (pipe(pfd))
				return;
			fcntl(pfd[1], F_SETPIPE_SZ, 256 * 1024);
			/* A pipe that took less than the piece: sendmsg it instead. */
			if (vmsplice(pfd[1], &v, 1, 0) == (ssize_t)piece) {
				r = splice(pfd[0], NULL, c->fd, NULL, piece, last ? 0 : SPLICE_F_MORE);
				spliced = 1;
			}
			close(pfd[0]);
			close(pfd[1]);
		}
		if (!spliced)
			r = cipher_sendmsg(&R, c->fd, d, piece, first && ctl ? &cc : NULL, !last);
		if (expect(spliced ? "splice" : "sendmsg", r, errno, 0))
			return;
		if ((size_t)r != piece) {
			fz_fail("sending %zu bytes moved %zd", piece, r);
			return;
		}
		cnt_valid++;
		sent += piece;
		first = 0;
		if (last)
			break;
		if (rng_below(&R, 6))
			continue;
		/* recvmsg while the message is open. */
		{
			size_t avail = sent - done, k = rng_below(&R, (uint32_t)avail + 33), q;

			note("recvmsg(child %ld, %zu bytes) with %zu of %zu sent", (long)(c - children),
			     k, sent, len);
			r = cipher_recv(c, k, 0, &buf);
			if (!k) {
				if (expect("recvmsg of 0 bytes", r, errno, 0))
					return;
			} else if (!chained && !aead) {
				taint = 1;	/* a partial xts/cts request: not defined */
				break;
			} else if (aead || avail < 16) {
				/* aead waits for the whole message; skcipher for a block. */
				if (expect("recvmsg of an open message", r, errno, EAGAIN))
					return;
			} else if ((k < avail ? k : avail) < 16) {
				/* 6.1 runs an empty request (0), later kernels refuse it. */
				if (r > 0) {
					fz_fail("recvmsg of %zu < 16 bytes returned %zd", k, r);
					return;
				}
			} else {
				q = (k < avail ? k : avail) & ~(size_t)15;
				if (r != (ssize_t)q) {
					fz_fail("recvmsg(%zu) of an open message with %zu bytes queued "
						"returned %zd (%s), wanted %zu", k, avail, r,
						r < 0 ? strerror(errno) : "ok", q);
					return;
				}
				cipher_expect(t, p->key, p->keylen, enc, iv, as, 0, cm_in, done + q,
					      cm_tmp);
				if (cipher_compare(c, "a request of an open message", buf,
						   cm_tmp + done, q))
					return;
				done += q;
			}
			cnt_valid++;
		}
	}
	t->ops++;

	/* A send after the last piece, before the output is read, is refused. */
	if (!taint && len > done && !rng_below(&R, 10)) {
		r = cipher_sendmsg(&R, c->fd, region, 1 + rng_below(&R, 100), NULL,
				   (int)rng_below(&R, 2));
		if (expect("sendmsg while a finished message waits", r, errno, EINVAL))
			return;
		cnt_invalid++;
	}

	while (!taint && chained) {
		size_t rem = len - done, k;
		int bad = !rng_below(&R, 16) && rem;	/* nothing queued: nothing to fault on */

		if (!rem && len)
			break;
		k = rng_below(&R, 3) ? rem : rng_below(&R, (uint32_t)rem + 40);
		if (!k)
			k = rem ? rem : 16;
		note("recvmsg(child %ld, %zu bytes%s), %zu of %zu read", (long)(c - children), k,
		     bad ? ", unwritable" : "", done, len);
		r = cipher_recv(c, k, bad, &buf);
		if (bad) {
			if (expect("recvmsg into an unwritable buffer", r, errno, EFAULT))
				return;
			cnt_invalid++;
			continue;
		}
		if (!len) {
			if (expect("recvmsg of an empty message", r, errno, 0))
				return;
			if (r) {
				fz_fail("an empty message gave %zd bytes", r);
				return;
			}
			cnt_valid++;
			break;
		}
		if (k >= rem) {
			if (exp < 0 && rem % 16) {
				if (expect("recvmsg of a message that is not whole blocks", r, errno,
					   EINVAL))
					return;
				cnt_invalid++;
				c->c_iv_known = 0;
				break;
			}
			if (r != (ssize_t)rem) {
				fz_fail("recvmsg(%zu) of the last %zu bytes returned %zd (%s)", k, rem,
					r, r < 0 ? strerror(errno) : "ok");
				return;
			}
			cipher_expect(t, p->key, p->keylen, enc, iv, as, 0, cm_in, len, cm_tmp);
			if (cipher_compare(c, "the last request", buf, cm_tmp + done, rem))
				return;
			done = len;
			cnt_valid++;
			break;
		}
		if (k < 16) {
			/* Refused, or (6.1) an empty request that leaves the data unreachable. */
			if (r > 0) {
				fz_fail("recvmsg of %zu < 16 bytes returned %zd", k, r);
				return;
			}
			taint = 1;
			break;
		}
		if (r != (ssize_t)(k & ~(size_t)15)) {
			fz_fail("recvmsg(%zu) with %zu bytes left returned %zd (%s)", k, rem, r,
				r < 0 ? strerror(errno) : "ok");
			return;
		}
		cipher_expect(t, p->key, p->keylen, enc, iv, as, 0, cm_in, done + (size_t)r, cm_tmp);
		if (cipher_compare(c, "a request", buf, cm_tmp + done, (size_t)r))
			return;
		done += (size_t)r;
		cnt_valid++;
	}

	if (!taint && !chained) {
		size_t outlen = !aead ? len : enc ? len + as : len >= as ? len - as : 0, k = outlen;
		int shape = (int)rng_below(&R, 12), bad = !rng_below(&R, 16);
		int scant = aead && len < assoclen + (enc ? 0 : as);

		if (bad && outlen) {
			note("recvmsg(child %ld, unwritable)", (long)(c - children));
			r = cipher_recv(c, outlen, 1, &buf);
			if (expect("recvmsg into an unwritable buffer", r, errno,
				   scant ? EINVAL : EFAULT))
				return;
			cnt_invalid++;
		}
		if (shape < 3)
			k = outlen + 1 + rng_below(&R, 64);
		else if (shape == 3 && outlen > 1 && !scant)
			k = 1 + rng_below(&R, (uint32_t)outlen - 1);
		if (!k)
			k = 1;
		note("recvmsg(child %ld, %zu bytes) of a %zu-byte result", (long)(c - children), k,
		     outlen);
		r = cipher_recv(c, k, 0, &buf);
		if (scant) {
			/* Less than the AAD (and tag): refused, the data stays queued. */
			if (expect("recvmsg of a message shorter than AAD and tag", r, errno, EINVAL))
				return;
			cnt_invalid++;
			taint = 1;
		} else if (k < outlen && !aead) {
			taint = 1;	/* a partial xts/cts request: not defined */
		} else if (k < outlen) {
			size_t less = outlen - k;

			taint = 1;	/* the rest stays queued */
			if (!enc) {
				if (expect("recvmsg of a cut decryption", r, errno, FZ_MUSTFAIL))
					return;
			} else if (text < less) {
				if (expect("recvmsg into a buffer short of the AAD", r, errno, EINVAL))
					return;
			} else {
				/* The text is cut to what the buffer holds, and sealed as such. */
				exp = cipher_expect(t, p->key, p->keylen, 1, iv, as, assoclen, cm_in,
						    len - less, cm_tmp);
				if (exp >= 0 && r != exp) {
					fz_fail("recvmsg(%zu) of a %zu-byte result returned %zd (%s)",
						k, outlen, r, r < 0 ? strerror(errno) : "ok");
					return;
				}
				if (exp < 0 && expect("recvmsg of a cut encryption", r, errno,
						      (int)-exp))
					return;
				if (exp >= 0 &&
				    cipher_compare(c, "a cut message", buf, cm_tmp, (size_t)r))
					return;
			}
		} else if (exp == FZ_NO_ORACLE) {
			if (r != (ssize_t)len) {
				fz_fail("recvmsg returned %zd (%s), wanted %zu", r,
					r < 0 ? strerror(errno) : "ok", len);
				return;
			}
			cnt_valid++;
		} else if (exp < 0) {
			if (expect("recvmsg", r, errno, (int)-exp))
				return;
			cnt_invalid++;
			/* No plaintext of an unauthentic message reaches the buffer. */
			if (exp == -EBADMSG && !cut && text >= 16 &&
			    (corrupt < assoclen || corrupt >= assoclen + text) &&
			    !memcmp(buf + assoclen, cm_pt, text)) {
				fz_fail("%s: the plaintext of a message with a bad tag reached the "
					"buffer", t->bind_name);
				return;
			}
		} else {
			if (r != exp) {
				fz_fail("recvmsg(%zu) returned %zd (%s), wanted %ld", k, r,
					r < 0 ? strerror(errno) : "ok", exp);
				return;
			}
			c->c_enc = enc;
			if (cipher_compare(c, "the message", buf, cm_want, (size_t)exp))
				return;
			cnt_valid++;
		}
		done = len;
	}

	if (taint) {
		note("close(child %ld): its state is not defined now", (long)(c - children));
		close_child(c);
		return;
	}
	/* What the socket keeps for a message sent without control messages. */
	c->c_enc = enc;
	if (ctl)
		c->c_assoclen = cc.assoclen >= 0 ? (unsigned int)cc.assoclen : 0;
	if (!chained || done != len || (exp < 0 && len)) {
		c->c_iv_known = 0;
	} else if (t->cmode == FZ_CBC && len) {
		memcpy(c->c_iv, (enc ? cm_want : cm_in) + len - 16, 16);
		c->c_iv_known = 1;
	} else if (t->cmode == FZ_CTR) {
		memcpy(c->c_iv, iv, 16);
		be128_add(c->c_iv, (len + 15) / 16);
		c->c_iv_known = 1;
	} else if (ctl >= 2) {
		memcpy(c->c_iv, iv, t->ivsize);
		c->c_iv_known = 1;
	}
}

/* setsockopt(ALG_SET_AEAD_AUTHSIZE) on an aead parent: valid and invalid tag lengths. */
static void op_authsize(void)
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

static int fuzz(void)
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

/*
 * One message through a skcipher/aead target with a fresh random key, checked against OpenSSL;
 * an aead result is opened again. 0, or -1 after printing why.
 */
static int stress_cipher(int id, const struct fz_target *t, struct fz_rng *r, uint8_t *in,
			 uint8_t *out, uint8_t *want)
{
	uint8_t key[68], iv[16];
	size_t keylen = cipher_keylen_pick(t, r), assoclen = 0, len, k;
	struct fz_ctl ctl = { .op = ALG_OP_ENCRYPT, .iv = iv, .ivlen = t->ivsize, .assoclen = -1 };
	int tfm = -1, fd, pass, enc;
	long exp;

	if (t->cmode == FZ_XTS && keylen == 48)
		keylen = 64;	/* OpenSSL has no AES-192-XTS */
	rng_fill(r, key, keylen);
	rng_fill(r, iv, t->ivsize);
	if (t->cmode >= FZ_GCM) {
		assoclen = t->cmode == FZ_RFC4106 ? 16 + 4 * rng_below(r, 2) : rng_below(r, 64);
		ctl.assoclen = (long)assoclen;
	}
	len = assoclen + 16 + rng_below(r, 16384);
	if (t->cmode == FZ_ECB || t->cmode == FZ_CBC)
		len &= ~(size_t)15;
	rng_fill(r, in, len);
	fd = afalg_open(t, key, keylen, &tfm);
	if (fd < 0) {
		printf("stress %d: %s: AF_ALG setup failed: %s\n", id, t->bind_name, strerror(errno));
		close(tfm);
		return -1;
	}
	for (pass = 0; pass < (t->cmode >= FZ_GCM ? 2 : 1); pass++) {
		ssize_t n;
		size_t done = 0;

		enc = !pass;
		ctl.op = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
		exp = cipher_expect(t, key, keylen, enc, iv, t->maxauth, assoclen, in, len, want);
		if (exp < 0) {
			printf("stress %d: %s: OpenSSL refused %zu bytes (%ld)\n", id, t->bind_name,
			       len, exp);
			break;
		}
		do {
			size_t piece = rng_below(r, 3) ? len - done : rng_below(r, (uint32_t)(len - done) + 1);

			n = cipher_sendmsg(r, fd, in + done, piece, done ? NULL : &ctl,
					   done + piece < len);
			if (n != (ssize_t)piece) {
				printf("stress %d: %s: send: %s\n", id, t->bind_name,
				       n < 0 ? strerror(errno) : "short");
				exp = -1;
				break;
			}
			done += piece;
		} while (done < len);
		if (exp < 0)
			break;
		for (k = 0; k < (size_t)exp; k += (size_t)n) {
			n = read(fd, out + k, (size_t)exp - k);
			if (n <= 0) {
				printf("stress %d: %s: read: %s\n", id, t->bind_name,
				       n < 0 ? strerror(errno) : "end of data");
				exp = -1;
				break;
			}
		}
		if (exp >= 0 && memcmp(out, want, (size_t)exp)) {
			printf("stress %d: %s: %s of %zu bytes differs from OpenSSL\n", id,
			       t->bind_name, enc ? "encryption" : "decryption", len);
			exp = -1;
		}
		if (exp < 0)
			break;
		/* The sealed message, opened in the second pass. */
		memcpy(in, out, (size_t)exp);
		len = (size_t)exp;
	}
	close(fd);
	close(tfm);
	return exp < 0 ? -1 : 0;
}

static void *stress_thread(void *arg)
{
	struct stress_arg *a = arg;
	struct fz_rng r = { seed + (uint64_t)a->id * 0x1234567ULL };
	size_t bufsz = 70000;
	uint8_t *buf = malloc(bufsz), key[100], want[FZ_MAX_DS], got[FZ_MAX_DS];
	uint8_t *cbuf = malloc(3 * FZ_CMAX);
	cpu_set_t set;
	int k = a->id;

	CPU_ZERO(&set);
	CPU_SET(a->id % ncpus, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	while (buf && cbuf && now() < a->until && !a->failed) {
		const struct fz_target *t = &targets[k++ % ntargets];
		size_t n = rng_len(&r, bufsz), done = 0, keylen = rng_below(&r, sizeof(key));
		int tfm = -1, fd;

		if (t->cmode) {
			if (stress_cipher(a->id, t, &r, cbuf, cbuf + FZ_CMAX, cbuf + 2 * FZ_CMAX))
				a->failed = 1;
			else
				a->digests++;
			continue;
		}
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
	free(cbuf);
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
	printf("fuzz_afalg: stress seed %llu: %d threads on %d cpus, %lu digests and messages over "
	       "%d targets checked against OpenSSL in %.1fs%s\n", (unsigned long long)seed, nthreads, ncpus,
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

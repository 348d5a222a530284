// SPDX-License-Identifier: GPL-2.0
/* fuzz_afalg: seeded random numbers, the targets from /proc/crypto, timing, cipher sendmsg. */
#include "common.h"

uint64_t seed;
double max_secs = 60;
struct fz_target targets[FZ_MAX_TARGETS];
int ntargets;

uint64_t rng_next(struct fz_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint32_t rng_below(struct fz_rng *r, uint32_t n)
{
	return n ? (uint32_t)(rng_next(r) % n) : 0;
}

void rng_fill(struct fz_rng *r, uint8_t *p, size_t n)
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
size_t rng_len(struct fz_rng *r, size_t max)
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
void fz_strcpy(void *dst, size_t n, const char *src)
{
	size_t l = strnlen(src, n - 1);

	memcpy(dst, src, l);
	((char *)dst)[l] = 0;
}

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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
int load_targets(void)
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

/* sendmsg of @n bytes in one to three iovecs, with @ctl's control messages if given. */
ssize_t cipher_sendmsg(struct fz_rng *r, int fd, const uint8_t *data, size_t n,
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

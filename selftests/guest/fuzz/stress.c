// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_afalg stress mode (--stress N): N threads, spread over the CPUs, each running random
 * messages in random splits through every target in turn, checked against OpenSSL.
 */
#include "common.h"
#include <pthread.h>
#include <sched.h>

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

int stress(int nthreads)
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

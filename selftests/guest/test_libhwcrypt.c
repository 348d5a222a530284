// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt in the guest, with hwcrypt loaded: FIPS 180-4 and RFC 4231 vectors through the
 * library's one-shot, streaming and HMAC calls on each driver named on the command line, the
 * driver the library reports, and the errors the API documents; HMAC keys set again on a used
 * handle against OpenSSL's HMAC().
 * Runs on whichever path libhwcrypt takes (HWCRYPT_BACKEND): the kernel's drivers in a guest,
 * hwcrypt's cores in process where AF_ALG is refused (the host, seccomp, af_alg_restrict),
 * and says which served each driver (INFO: lines); then the policy "kernel" and its error.
 * Usage: test_libhwcrypt DRIVER...   (e.g. sha256-hwcrypt-shani sha512-hwcrypt-avx2)
 * Prints PASS:/FAIL:/INFO: lines; exit status 1 on any failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sys/socket.h>
#include <unistd.h>
#include "hwcrypt.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

static int failures;

static void check(int ok, const char *drv, const char *what)
{
	printf("%s: %s: %s\n", ok ? "PASS" : "FAIL", drv, what);
	failures += !ok;
}

static void hex(const uint8_t *p, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", p[i]);
}

/*
 * Says which path serves @h; in process checks what hwcrypt_hash_path() reports against the
 * driver asked for (its tier, "@process" appended to its name). Returns 1 in process.
 */
static int check_path_hash(struct hwcrypt_hash *h, const char *drv)
{
	struct hwcrypt_path p;
	char want[128];

	if (hwcrypt_hash_path(h, &p)) {
		check(0, drv, "hwcrypt_hash_path");
		return 0;
	}
	if (p.backend == HWCRYPT_BACKEND_KERNEL) {
		printf("INFO: %s: kernel, driver %s (bound as %s%s)\n", drv, p.driver, p.bound,
		       p.by_name ? ", by algorithm name under af_alg_restrict" : "");
		return 0;
	}
	printf("INFO: %s: in process, tier %s (%s)\n", drv, p.tier, p.why ? p.why : "");
	snprintf(want, sizeof(want), "%s@process", drv);
	check(p.backend == HWCRYPT_BACKEND_PROCESS && !strcmp(p.driver, want) &&
	      !strcmp(p.tier, strstr(drv, "-hwcrypt-") + 9), drv,
	      "in process: the driver's tier serves, named DRIVER@process");
	return 1;
}

struct vec {
	const char *alg;
	const char *abc;	/* FIPS 180-4 example "abc" */
	const char *million_a;	/* one million 'a' */
	const char *hmac_tc2;	/* RFC 4231 test case 2 (key "Jefe"); sha1: RFC 2202 case 2 */
};

static const struct vec vecs[] = {
	{ "sha1", "a9993e364706816aba3e25717850c26c9cd0d89d",
	  "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
	  "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
	{ "sha224", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
	  "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
	  "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
	{ "sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	  "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
	{ "sha384", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
	  "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
	  "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649" },
	{ "sha512", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	  "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
	  "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
};

/*
 * A new key on a handle that already computed something: the kernel keeps the key of a tfm
 * fixed while an operation socket exists, so the library must switch tfms underneath.
 * Keys: short, one block long (no hashing), longer than a block (hashed first).
 */
static void test_rekey(const char *drv, const char *hmac_alg, const char *hmac_drv,
		       const char *alg)
{
	static const size_t keylens[] = { 4, 64, 128, 200, 20 };
	const EVP_MD *md_oracle = EVP_get_digestbyname(alg);
	struct hwcrypt_hash *h;
	uint8_t key[200], msg[300], md[HWCRYPT_MAX_DIGESTSIZE], ref[EVP_MAX_MD_SIZE];
	unsigned int reflen = 0;
	char what[96];
	ssize_t r;
	int ok;

	if (!md_oracle) {
		check(0, drv, "OpenSSL knows the digest");
		return;
	}
	for (size_t i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 31 + 7);
	if (hwcrypt_hash_init(&h, hmac_alg, hmac_drv)) {
		check(0, drv, "hmac handle for rekeying");
		return;
	}
	for (size_t k = 0; k < sizeof(keylens) / sizeof(keylens[0]); k++) {
		size_t klen = keylens[k], mlen = 37 + 50 * k;

		for (size_t i = 0; i < klen; i++)
			key[i] = (uint8_t)(i ^ (k * 0x5b) ^ 0xa5);
		HMAC(md_oracle, key, (int)klen, msg, mlen, ref, &reflen);
		r = hwcrypt_hash_setkey(h, key, klen);
		snprintf(what, sizeof(what), "HMAC key %zu (%zu bytes)%s: setkey", k + 1, klen,
			 k ? " on a used handle" : "");
		check(r == 0, drv, what);
		/* Alternately one-shot and streamed, so that both leave the handle used. */
		if (k % 2 == 0) {
			r = hwcrypt_hash_digest(h, msg, mlen, md, sizeof(md));
		} else {
			ok = !hwcrypt_hash_update(h, msg, 5) &&
			     !hwcrypt_hash_update(h, msg + 5, mlen - 5);
			r = ok ? hwcrypt_hash_final(h, md, sizeof(md)) : -1;
		}
		snprintf(what, sizeof(what), "HMAC key %zu (%zu bytes)%s: %s equals OpenSSL", k + 1,
			 klen, k ? " on a used handle" : "", k % 2 ? "streamed" : "one-shot");
		check(r > 0 && (unsigned int)r == reflen && !memcmp(md, ref, reflen), drv, what);
	}
	hwcrypt_hash_free(h);
}

static void test_driver(const char *drv)
{
	const struct vec *v = NULL;
	struct hwcrypt_hash *h = NULL;
	uint8_t md[HWCRYPT_MAX_DIGESTSIZE];
	char s[2 * HWCRYPT_MAX_DIGESTSIZE + 1], hmac_drv[128];
	static char million[1000000];
	ssize_t r;

	for (size_t i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++)
		if (!strncmp(drv, vecs[i].alg, strlen(vecs[i].alg)) && drv[strlen(vecs[i].alg)] == '-')
			v = &vecs[i];
	if (!v) {
		check(0, drv, "no vectors for this driver's algorithm");
		return;
	}
	memset(million, 'a', sizeof(million));

	r = hwcrypt_hash_init(&h, v->alg, drv);
	check(r == 0, drv, "hwcrypt_hash_init with explicit driver");
	if (r)
		return;
	if (!check_path_hash(h, drv))
		check(!strcmp(hwcrypt_hash_driver(h), drv), drv, "hwcrypt_hash_driver names it");
	r = hwcrypt_hash_digest(h, "abc", 3, md, sizeof(md));
	hex(md, r > 0 ? (size_t)r : 0, s);
	check(r > 0 && !strcmp(s, v->abc), drv, "FIPS 180-4 \"abc\" one-shot");
	/* Streaming in uneven pieces exercises the partial-block path of the driver. */
	for (size_t off = 0, step = 1; off < sizeof(million); off += step, step = step * 7 % 1000 + 1)
		hwcrypt_hash_update(h, million + off, off + step > sizeof(million) ? sizeof(million) - off : step);
	r = hwcrypt_hash_final(h, md, sizeof(md));
	hex(md, r > 0 ? (size_t)r : 0, s);
	check(r > 0 && !strcmp(s, v->million_a), drv, "FIPS 180-4 million 'a' streamed in uneven pieces");
	check(hwcrypt_hash_final(h, md, 1) == -EINVAL, drv, "final into a too short buffer: -EINVAL");
	hwcrypt_hash_free(h);

	snprintf(hmac_drv, sizeof(hmac_drv), "hmac(%s)", drv);
	char hmac_alg[64];
	snprintf(hmac_alg, sizeof(hmac_alg), "hmac(%s)", v->alg);
	r = hwcrypt_hash_oneshot(hmac_alg, hmac_drv, (const uint8_t *)"Jefe", 4,
				 "what do ya want for nothing?", 28, md, sizeof(md));
	hex(md, r > 0 ? (size_t)r : 0, s);
	check(r > 0 && !strcmp(s, v->hmac_tc2), drv, "HMAC (RFC 4231/2202 case 2) over the hmac template");
	r = hwcrypt_hash_init(&h, hmac_alg, hmac_drv);
	check(r == 0, drv, "hmac handle");
	if (!r) {
		check(hwcrypt_hash_digest(h, "x", 1, md, sizeof(md)) == -ENOKEY, drv,
		      "hmac without a key: -ENOKEY");
		hwcrypt_hash_free(h);
	}
	test_rekey(drv, hmac_alg, hmac_drv, v->alg);
}

/*
 * The policy "kernel": the kernel's handle or its refusal as the error, in words. Where this
 * process cannot open an AF_ALG socket, exactly that errno.
 */
static void test_policy_kernel(void)
{
	struct hwcrypt_hash *h = NULL;
	char what[200];
	int fd, sock_err = 0, r;

	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0)
		sock_err = errno;
	else
		close(fd);
	check(hwcrypt_backend_set(HWCRYPT_BACKEND_KERNEL) == 0, "api", "hwcrypt_backend_set(KERNEL)");
	r = hwcrypt_hash_init(&h, "sha256", NULL);
	if (sock_err) {
		snprintf(what, sizeof(what), "policy kernel, socket(AF_ALG) fails with %s: init "
			 "returns -%s (\"%s\")", strerrorname_np(sock_err), strerrorname_np(sock_err),
			 hwcrypt_strerror(r));
		check(r == -sock_err && strstr(hwcrypt_strerror(r), "AF_ALG") &&
		      (sock_err != EPERM || strstr(hwcrypt_strerror(r), "seccomp")), "api", what);
	} else if (r) {
		snprintf(what, sizeof(what), "policy kernel: sha256 refused with %d (\"%s\")", r,
			 hwcrypt_strerror(r));
		check(r == -ENOENT && strstr(hwcrypt_strerror(r), "af_alg_restrict"), "api", what);
	} else {
		struct hwcrypt_path p;

		check(!hwcrypt_hash_path(h, &p) && p.backend == HWCRYPT_BACKEND_KERNEL, "api",
		      "policy kernel: sha256 served by the kernel");
		hwcrypt_hash_free(h);
	}
	hwcrypt_backend_set(HWCRYPT_BACKEND_PROCESS);
	r = hwcrypt_hash_init(&h, "sha256", NULL);
	check(r == 0, "api", "policy process: sha256 in process");
	if (!r) {
		struct hwcrypt_path p;

		check(!hwcrypt_hash_path(h, &p) && p.backend == HWCRYPT_BACKEND_PROCESS && p.tier,
		      "api", "policy process: hwcrypt_hash_path says process and a tier");
		hwcrypt_hash_free(h);
	}
	r = hwcrypt_hash_init(&h, "md5", NULL);
	check(r == -ENOENT && strstr(hwcrypt_strerror(r), "in-process"), "api",
	      "policy process: md5 (no core) -> -ENOENT, said so");
	check(hwcrypt_backend_set((enum hwcrypt_backend)7) == -EINVAL, "api",
	      "hwcrypt_backend_set(7) -> -EINVAL");
	hwcrypt_backend_set(HWCRYPT_BACKEND_AUTO);
}

int main(int argc, char **argv)
{
	struct hwcrypt_hash *h = NULL;
	struct hwcrypt_path p;
	char desc[512];
	int process, r;

	hwcrypt_afalg_describe(desc, sizeof(desc));
	printf("INFO: %s\n", desc);
	hwcrypt_process_describe(desc, sizeof(desc));
	printf("INFO: %s\n", desc);
	printf("INFO: backend policy %s\n", hwcrypt_backend_name(hwcrypt_backend_get()));
	for (int i = 1; i < argc; i++)
		test_driver(argv[i]);
	/* Which path the API checks take: that of a plain sha256. */
	r = hwcrypt_hash_init(&h, "sha256", NULL);
	process = !r && !hwcrypt_hash_path(h, &p) && p.backend == HWCRYPT_BACKEND_PROCESS;
	hwcrypt_hash_free(h);
	if (process) {
		/* Only hwcrypt's own drivers exist in process. */
		check(hwcrypt_hash_init(&h, "sha256", "sha1-hwcrypt-shani") == -EINVAL, "api",
		      "in process: hwcrypt driver of another algorithm: -EINVAL");
		r = hwcrypt_hash_init(&h, "no-such-alg", NULL);
		check(r == -ENOENT || r == -EAFNOSUPPORT || r == -EPERM || r == -EACCES, "api",
		      "in process: unknown algorithm: the kernel's refusal (or -ENOENT)");
		r = hwcrypt_hash_init(&h, "sha256", "sha256-hwcrypt-none");
		check(r == -ENOENT || r == -EAFNOSUPPORT || r == -EPERM || r == -EACCES, "api",
		      "in process: unknown driver: the kernel's refusal (or -ENOENT)");
	} else {
		/* hwc.sh: the kernel's own sha1 driver, sha1-generic or (7.x) sha1-lib. */
		const char *sha1_generic = getenv("HWC_SHA1_GENERIC");

		int restricted = access("/proc/sys/crypto/af_alg_restrict", F_OK) == 0 &&
				 hwcrypt_hash_init(&h, "sha1", "sha1-hwcrypt-none") == -ENOENT &&
				 strstr(hwcrypt_strerror(-ENOENT), "af_alg_restrict");

		r = hwcrypt_hash_init(&h, "sha256", sha1_generic ? sha1_generic : "sha1-generic");
		/* Under af_alg_restrict the driver name is refused before its algorithm is seen. */
		check(r == -EINVAL || (restricted && r == -ENOENT), "api",
		      "driver of another algorithm: -EINVAL (af_alg_restrict: -ENOENT)");
		check(hwcrypt_hash_init(&h, "no-such-alg", NULL) == -ENOENT, "api",
		      "unknown algorithm: -ENOENT");
		check(hwcrypt_hash_init(&h, "sha256", "sha256-hwcrypt-none") == -ENOENT, "api",
		      "unknown driver: -ENOENT");
	}
	test_policy_kernel();
	printf("%d failed\n", failures);
	return failures != 0;
}

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
 *
 * Files: common.c (random numbers, targets, cipher sendmsg), oracle.c (OpenSSL), fuzz.c (the
 * model's state and session loop), sockets.c, hash.c, cipher.c (the operations and their model),
 * stress.c, main.c (options, --del-default-rng).
 */
#include "fuzz.h"
#include <sys/mman.h>
#include <linux/cryptouser.h>
#include <linux/netlink.h>

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

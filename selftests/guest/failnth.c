// SPDX-License-Identifier: GPL-2.0
/*
 * Systematic fault injection driver (selftests/guest/85-faults.sh): makes the Nth fault-injection
 * point (failslab, fail_page_alloc) hit by this thread fail, through /proc/thread-self/fail-nth,
 * during exactly one operation:
 *   failnth N load MODULE.ko [PARAMS]   finit_module
 *   failnth N alg TYPE NAME KEYLEN      AF_ALG socket/bind (tfm allocation)/setkey/accept/
 *                                       send/recv; the digest must equal an unfaulted run's
 * N = 0 arms nothing. Prints "rc=<errno or 0> injected=<0|1> calls=<points passed>"; exits 0
 * unless the outcome is wrong (success with a wrong result) or the tool itself failed (2).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#define ARM_BIG 1000000u

static int nth_fd;

static void arm(unsigned int n)
{
	char b[32];
	int l = snprintf(b, sizeof(b), "%u", n);

	if (pwrite(nth_fd, b, (size_t)l, 0) != l) {
		perror("failnth: write fail-nth");
		exit(2);
	}
}

/* Points left before the armed one; 0 once it fired (or when nothing was armed). */
static unsigned int disarm(void)
{
	char b[32] = "";
	unsigned int left;

	if (pread(nth_fd, b, sizeof(b) - 1, 0) < 0) {
		perror("failnth: read fail-nth");
		exit(2);
	}
	left = (unsigned int)strtoul(b, NULL, 10);
	arm(0);
	return left;
}

/* One AF_ALG digest of a fixed message; returns 0 or an errno. */
static int afalg_digest(const char *type, const char *name, unsigned int keylen, unsigned char *out,
			int *outlen)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	unsigned char key[256], msg[300];
	int tfm, op = -1, err = 0;
	ssize_t r;

	memset(key, 0x5a, sizeof(key));
	memset(msg, 0xc3, sizeof(msg));
	strncpy((char *)sa.salg_type, type, sizeof(sa.salg_type) - 1);
	strncpy((char *)sa.salg_name, name, sizeof(sa.salg_name) - 1);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		return errno;
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (keylen && setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, keylen)) ||
	    (op = accept(tfm, NULL, 0)) < 0 ||
	    send(op, msg, 100, MSG_MORE) != 100 || send(op, msg + 100, 200, 0) != 200) {
		err = errno;
	} else if ((r = read(op, out, 64)) <= 0) {
		err = r < 0 ? errno : EIO;
	} else {
		*outlen = (int)r;
	}
	if (op >= 0)
		close(op);
	close(tfm);
	return err;
}

int main(int argc, char **argv)
{
	unsigned int n, left;
	int rc;

	if (argc < 4) {
		fprintf(stderr, "usage: failnth N load MODULE [PARAMS] | failnth N alg TYPE NAME KEYLEN\n");
		return 2;
	}
	n = (unsigned int)strtoul(argv[1], NULL, 0);
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0) {
		perror("failnth: /proc/thread-self/fail-nth");
		return 2;
	}
	if (!strcmp(argv[2], "load")) {
		int fd = open(argv[3], O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			perror("failnth: module");
			return 2;
		}
		arm(n ? n : ARM_BIG);
		rc = syscall(SYS_finit_module, fd, argc > 4 ? argv[4] : "", 0) ? errno : 0;
		left = disarm();
		printf("rc=%d injected=%d calls=%u\n", rc, n && !left, n ? n - left : ARM_BIG - left);
		return 0;
	}
	if (!strcmp(argv[2], "alg") && argc == 6) {
		unsigned char ref[64], got[64];
		int reflen = 0, gotlen = 0;
		unsigned int keylen = (unsigned int)strtoul(argv[5], NULL, 0);

		rc = afalg_digest(argv[3], argv[4], keylen, ref, &reflen);
		if (rc) {
			printf("failnth: unfaulted %s failed: %s\n", argv[4], strerror(rc));
			return 2;
		}
		arm(n ? n : ARM_BIG);
		rc = afalg_digest(argv[3], argv[4], keylen, got, &gotlen);
		left = disarm();
		printf("rc=%d injected=%d calls=%u\n", rc, n && !left, n ? n - left : ARM_BIG - left);
		if (!rc && (gotlen != reflen || memcmp(ref, got, (size_t)reflen))) {
			printf("failnth: %s succeeded under fault %u with a wrong digest\n", argv[4], n);
			return 1;
		}
		return 0;
	}
	fprintf(stderr, "failnth: unknown mode %s\n", argv[2]);
	return 2;
}

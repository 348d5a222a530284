// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD model of Linux 7.3's crypto.af_alg_restrict for kernels that predate it, so that
 * libhwcrypt's answers to it (binding the algorithm name where a driver name is refused, the
 * in-process path, the errors) are tested on the 6.1/6.12 guests. HWC_AF_ALG_RESTRICT=N:
 *   reads of /proc/sys/crypto/af_alg_restrict (open, open64, openat, access) see "N";
 *   N >= 2: socket(AF_ALG, ...) fails with EAFNOSUPPORT;
 *   N == 1: bind() of an AF_ALG socket fails with ENOENT unless the exact salg_name is on the
 *           type's allowlist, and, for entries the kernel reserves, the caller has
 *           CAP_NET_ADMIN or CAP_SYS_ADMIN in its effective set (the kernel asks for
 *           CAP_NET_ADMIN in the initial user namespace; a guest test runs there).
 * The model of the rule, written from its description (docs/library.md, crypto/algif_*.c's lists),
 * not the kernel's code; a real 7.3 guest remains the reference.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <sys/mman.h>
#include <sys/socket.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

#define RESTRICT_FILE "/proc/sys/crypto/af_alg_restrict"

static int level(void)
{
	const char *v = getenv("HWC_AF_ALG_RESTRICT");

	return v && *v ? atoi(v) : -1;
}

static const struct {
	const char *type, *name;
	int privileged;
} allow[] = {
	{ "hash", "sha1", 0 },
	{ "hash", "md4", 1 },		{ "hash", "md5", 1 },
	{ "hash", "sha224", 1 },	{ "hash", "sha256", 1 },
	{ "hash", "sha384", 1 },	{ "hash", "sha512", 1 },
	{ "hash", "hmac(md5)", 1 },	{ "hash", "hmac(sha1)", 1 },
	{ "hash", "hmac(sha224)", 1 },	{ "hash", "hmac(sha256)", 1 },
	{ "hash", "hmac(sha384)", 1 },	{ "hash", "hmac(sha512)", 1 },
	{ "hash", "cmac(aes)", 1 },
	{ "skcipher", "ecb(aes)", 1 },	{ "skcipher", "cbc(aes)", 1 },
	{ "skcipher", "ctr(aes)", 1 },
	{ "skcipher", "xts(aes)", 0 },	{ "skcipher", "hctr2(aes)", 0 },
	{ "skcipher", "adiantum(xchacha12,aes)", 0 },
	{ "skcipher", "adiantum(xchacha20,aes)", 0 },
	{ "aead", "ccm(aes)", 1 },
};

static int privileged(void)
{
	char line[256];
	unsigned long long caps = 0;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "CapEff:", 7))
			caps = strtoull(line + 7, NULL, 16);
	fclose(f);
	return (caps >> 12 & 1) || (caps >> 21 & 1);
}

int socket(int domain, int type, int protocol)
{
	static int (*real)(int, int, int);

	if (!real)
		real = (int (*)(int, int, int))dlsym(RTLD_NEXT, "socket");
	if (domain == AF_ALG && level() >= 2) {
		errno = EAFNOSUPPORT;
		return -1;
	}
	return real(domain, type, protocol);
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);
	const struct sockaddr_alg *sa = (const struct sockaddr_alg *)addr;

	if (!real)
		real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
	if (addr && addr->sa_family == AF_ALG && level() == 1) {
		size_t i;

		for (i = 0; i < sizeof(allow) / sizeof(allow[0]); i++)
			if (!strcmp((const char *)sa->salg_type, allow[i].type) &&
			    !strcmp((const char *)sa->salg_name, allow[i].name))
				break;
		if (i == sizeof(allow) / sizeof(allow[0]) || (allow[i].privileged && !privileged())) {
			errno = ENOENT;
			return -1;
		}
	}
	return real(fd, addr, len);
}

/* A descriptor reading "N\n", for the sysctl file the kernel would have. */
static int fake_sysctl(void)
{
	char buf[16];
	int fd = memfd_create("af_alg_restrict", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%d\n", level());
	if (write(fd, buf, strlen(buf)) < 0 || lseek(fd, 0, SEEK_SET) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

#define OPEN_WRAPPER(fn, ...)							\
	do {									\
		static int (*real)();						\
		va_list ap;							\
		mode_t mode = 0;						\
										\
		if (!real)							\
			real = (int (*)())dlsym(RTLD_NEXT, #fn);		\
		if (level() >= 0 && !strcmp(path, RESTRICT_FILE))		\
			return fake_sysctl();					\
		if (flags & (O_CREAT | O_TMPFILE)) {				\
			va_start(ap, flags);					\
			mode = va_arg(ap, mode_t);				\
			va_end(ap);						\
		}								\
		return real(__VA_ARGS__, flags, mode);				\
	} while (0)

int open(const char *path, int flags, ...)
{
	OPEN_WRAPPER(open, path);
}

int open64(const char *path, int flags, ...)
{
	OPEN_WRAPPER(open64, path);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	OPEN_WRAPPER(openat, dirfd, path);
}

int access(const char *path, int mode)
{
	static int (*real)(const char *, int);

	if (!real)
		real = (int (*)(const char *, int))dlsym(RTLD_NEXT, "access");
	if (level() >= 0 && !strcmp(path, RESTRICT_FILE))
		return 0;
	return real(path, mode);
}

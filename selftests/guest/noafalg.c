// SPDX-License-Identifier: GPL-2.0
/*
 * Runs a command under a seccomp filter that refuses socket(AF_ALG, ...) with EPERM (or the
 * errno given), as container runtimes and sandboxes do, so that libhwcrypt's behaviour there
 * can be tested on any kernel; with --keys add_key() and keyctl() too (Docker's default
 * profile refuses both). Every other system call is allowed.
 * Usage: noafalg [--errno EPERM|EACCES] [--keys] COMMAND [ARG]...
 * Limits: socket() only (a libc that reaches sockets through socketcall(), as on 32-bit x86,
 * is not covered); the filter does not check the syscall ABI (a test harness, not a sandbox).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* The low 32 bits of the first argument (the domain, an int). */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ARG0_LO (offsetof(struct seccomp_data, args[0]) + 4)
#else
#define ARG0_LO offsetof(struct seccomp_data, args[0])
#endif

int main(int argc, char **argv)
{
	int err = EPERM, first = 1, keys = 0;

	while (first < argc && argv[first][0] == '-') {
		if (!strcmp(argv[first], "--keys")) {
			keys = 1;
			first++;
			continue;
		}
		if (strcmp(argv[first], "--errno") || first + 1 >= argc)
			break;
		if (!strcmp(argv[first + 1], "EPERM"))
			err = EPERM;
		else if (!strcmp(argv[first + 1], "EACCES"))
			err = EACCES;
		else {
			fprintf(stderr, "noafalg: --errno takes EPERM or EACCES\n");
			return 2;
		}
		first += 2;
	}
	if (first >= argc || argv[first][0] == '-') {
		fprintf(stderr, "usage: noafalg [--errno EPERM|EACCES] [--keys] COMMAND [ARG]...\n");
		return 2;
	}
	/* Without --keys the add_key/keyctl tests compare with a number no syscall has. */
	unsigned int add_key_nr = keys ? __NR_add_key : ~0u, keyctl_nr = keys ? __NR_keyctl : ~0u;
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, add_key_nr, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, keyctl_nr, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_LO),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_ALG, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (unsigned int)err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	/* Unprivileged filters need no_new_privs; it also keeps setuid programs from escaping. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0)) {
		perror("noafalg: seccomp");
		return 1;
	}
	execvp(argv[first], argv + first);
	fprintf(stderr, "noafalg: %s: %s\n", argv[first], strerror(errno));
	return 127;
}

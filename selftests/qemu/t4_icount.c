// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of selftests/qemu/t4-icount.sh: REPS compressions of one LEN-byte message (whole
 * blocks, 8-byte aligned, as a request's data mostly is) by hwcrypt's T4 core or by Linux's
 * own T4 code (arch/sparc/crypto/sha*_asm.S, assembled at test time), for counting dynamic
 * instructions under qemu-sparc64. The state is reset before each compression.
 *
 * Usage: t4_icount hwcrypt|linux sha1|sha256|sha512 LEN REPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hwc_arch_cores.h"

void sha1_sparc64_transform(void *digest, const void *data, unsigned int rounds);
void sha256_sparc64_transform(void *digest, const void *data, unsigned int rounds);
void sha512_sparc64_transform(void *digest, const void *data, unsigned int rounds);

static unsigned long long buf[16384 / 8];

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		unsigned int bsize;
		hwc_hash_blocks_fn *hwc;
		void (*kern)(void *, const void *, unsigned int);
	} algs[] = {
		{ "sha1", 64, hwc_sha1_blocks_t4, sha1_sparc64_transform },
		{ "sha256", 64, hwc_sha256_blocks_t4, sha256_sparc64_transform },
		{ "sha512", 128, hwc_sha512_blocks_t4, sha512_sparc64_transform },
	};
	unsigned long long st[8], sum = 0;
	unsigned long len, reps, i, a;
	int hwc;

	if (argc != 5)
		goto usage;
	hwc = strcmp(argv[1], "hwcrypt") == 0;
	if (!hwc && strcmp(argv[1], "linux"))
		goto usage;
	for (a = 0; a < 3 && strcmp(argv[2], algs[a].name); a++)
		;
	len = strtoul(argv[3], NULL, 0);
	reps = strtoul(argv[4], NULL, 0);
	if (a == 3 || len > sizeof(buf) || len % algs[a].bsize)
		goto usage;
	memset(buf, 0x5a, sizeof(buf));
	for (i = 0; i < reps; i++) {
		memset(st, (int)i, sizeof(st));
		if (hwc)
			algs[a].hwc(st, (const hwc_u8 *)buf, len / algs[a].bsize);
		else
			algs[a].kern(st, buf, len / algs[a].bsize);
		sum += st[0];
	}
	/* The result is used: the loop cannot be dropped. */
	return sum == 1 ? 3 : 0;
usage:
	fprintf(stderr, "usage: t4_icount hwcrypt|linux sha1|sha256|sha512 LEN REPS (LEN <= 16384, whole blocks)\n");
	return 2;
}

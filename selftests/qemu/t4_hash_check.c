// SPDX-License-Identifier: GPL-2.0
/*
 * Validation of the emulated SPARC T4 hash opcodes (selftests/qemu/t4-crypto.patch), run under
 * qemu-sparc64. Reads vectors "alg hex-digest message-file" (digests computed by OpenSSL on the
 * host: `openssl dgst -r` output with the alg prepended) on stdin and checks each two ways:
 *   op      the bare opcode (.word encoding) on a state/block loaded here, padding done here;
 *   kernel  Linux's own T4 code (arch/sparc/crypto/sha*_asm.S from linux-source, assembled at
 *           test time by t4-validate.sh, never committed), which ran on real T4 hardware; its
 *           data pointer is misaligned on every other vector to reach its faligndata path.
 * Also checks AT_HWCAP's HWCAP_SPARC_CRYPTO and the CFR (rd %asr26) bits of SHA1/256/512.
 *
 * Usage: t4_hash_check [--no-crypto]  < vectors
 *   --no-crypto  the CPU model has no crypto: expect HWCAP_SPARC_CRYPTO clear, run nothing
 * Exit 0 when every digest matches, 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include "t4_vec.h"

#ifndef HWCAP_SPARC_CRYPTO
#define HWCAP_SPARC_CRYPTO 0x04000000
#endif
#define CFR_SHA1 0x20
#define CFR_SHA256 0x40
#define CFR_SHA512 0x80

void sha1_sparc64_transform(uint32_t *digest, const uint8_t *data, unsigned int rounds);
void sha256_sparc64_transform(uint32_t *digest, const uint8_t *data, unsigned int rounds);
void sha512_sparc64_transform(uint64_t *digest, const uint8_t *data, unsigned int rounds);

/* The state words are native (big-endian) integers, as the opcodes and the kernel code keep them. */
static void op_sha1(uint32_t *st, const uint64_t *blk)
{
	__asm__ volatile("ldd [%0+0], %%f0\n\tldd [%0+8], %%f2\n\tld [%0+16], %%f4\n\t"
			 "ldd [%1+0], %%f8\n\tldd [%1+8], %%f10\n\tldd [%1+16], %%f12\n\t"
			 "ldd [%1+24], %%f14\n\tldd [%1+32], %%f16\n\tldd [%1+40], %%f18\n\t"
			 "ldd [%1+48], %%f20\n\tldd [%1+56], %%f22\n\t"
			 ".word 0x81b02820\n\t" /* sha1 */
			 "std %%f0, [%0+0]\n\tstd %%f2, [%0+8]\n\tst %%f4, [%0+16]\n\t"
			 : : "r"(st), "r"(blk)
			 : "memory", "f0", "f1", "f2", "f3", "f4", "f8", "f9", "f10", "f11", "f12",
			   "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23");
}

static void op_sha256(uint32_t *st, const uint64_t *blk)
{
	__asm__ volatile("ldd [%0+0], %%f0\n\tldd [%0+8], %%f2\n\tldd [%0+16], %%f4\n\t"
			 "ldd [%0+24], %%f6\n\t"
			 "ldd [%1+0], %%f8\n\tldd [%1+8], %%f10\n\tldd [%1+16], %%f12\n\t"
			 "ldd [%1+24], %%f14\n\tldd [%1+32], %%f16\n\tldd [%1+40], %%f18\n\t"
			 "ldd [%1+48], %%f20\n\tldd [%1+56], %%f22\n\t"
			 ".word 0x81b02840\n\t" /* sha256 */
			 "std %%f0, [%0+0]\n\tstd %%f2, [%0+8]\n\tstd %%f4, [%0+16]\n\t"
			 "std %%f6, [%0+24]\n\t"
			 : : "r"(st), "r"(blk)
			 : "memory", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10",
			   "f11", "f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21",
			   "f22", "f23");
}

static void op_sha512(uint64_t *st, const uint64_t *blk)
{
	__asm__ volatile("ldd [%0+0], %%f0\n\tldd [%0+8], %%f2\n\tldd [%0+16], %%f4\n\t"
			 "ldd [%0+24], %%f6\n\tldd [%0+32], %%f8\n\tldd [%0+40], %%f10\n\t"
			 "ldd [%0+48], %%f12\n\tldd [%0+56], %%f14\n\t"
			 "ldd [%1+0], %%f16\n\tldd [%1+8], %%f18\n\tldd [%1+16], %%f20\n\t"
			 "ldd [%1+24], %%f22\n\tldd [%1+32], %%f24\n\tldd [%1+40], %%f26\n\t"
			 "ldd [%1+48], %%f28\n\tldd [%1+56], %%f30\n\tldd [%1+64], %%f32\n\t"
			 "ldd [%1+72], %%f34\n\tldd [%1+80], %%f36\n\tldd [%1+88], %%f38\n\t"
			 "ldd [%1+96], %%f40\n\tldd [%1+104], %%f42\n\tldd [%1+112], %%f44\n\t"
			 "ldd [%1+120], %%f46\n\t"
			 ".word 0x81b02860\n\t" /* sha512 */
			 "std %%f0, [%0+0]\n\tstd %%f2, [%0+8]\n\tstd %%f4, [%0+16]\n\t"
			 "std %%f6, [%0+24]\n\tstd %%f8, [%0+32]\n\tstd %%f10, [%0+40]\n\t"
			 "std %%f12, [%0+48]\n\tstd %%f14, [%0+56]\n\t"
			 : : "r"(st), "r"(blk)
			 : "memory", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10",
			   "f11", "f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21",
			   "f22", "f23", "f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31", "f32",
			   "f34", "f36", "f38", "f40", "f42", "f44", "f46");
}

static unsigned long rd_cfr(void)
{
	unsigned long v;

	__asm__ volatile(".word 0x91468000\n\tmov %%o0, %0" : "=r"(v) : : "o0"); /* rd %asr26, %o0 */
	return v;
}

struct alg {
	const char *name;
	unsigned int bsize, dsize, lenbytes, cfr;
	uint64_t iv[8];
};

/* FIPS 180-4 5.3: initial hash values. */
static const struct alg algs[] = {
	{ "sha1", 64, 20, 8, CFR_SHA1,
	  { 0x67452301efcdab89ULL, 0x98badcfe10325476ULL, 0xc3d2e1f000000000ULL } },
	{ "sha256", 64, 32, 8, CFR_SHA256,
	  { 0x6a09e667bb67ae85ULL, 0x3c6ef372a54ff53aULL, 0x510e527f9b05688cULL,
	    0x1f83d9ab5be0cd19ULL } },
	{ "sha512", 128, 64, 16, CFR_SHA512,
	  { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL } },
};

static size_t pad(const struct alg *a, const uint8_t *msg, size_t len, uint8_t *out)
{
	size_t total = (len + 1 + a->lenbytes + a->bsize - 1) / a->bsize * a->bsize;
	uint64_t bits = (uint64_t)len * 8;
	size_t i;

	memcpy(out, msg, len);
	memset(out + len, 0, total - len);
	out[len] = 0x80;
	for (i = 0; i < 8; i++)
		out[total - 1 - i] = bits >> (8 * i);
	return total / a->bsize;
}

#define MAXMSG 8192
static uint64_t blkbuf[(MAXMSG + 256) / 8 + 1];

int main(int argc, char **argv)
{
	static uint8_t msg[MAXMSG];
	unsigned long hwcap = getauxval(AT_HWCAP), cfr;
	char line[1024];
	unsigned int nvec[3] = { 0 }, bad = 0, n = 0;
	size_t i;

	if (argc > 1 && strcmp(argv[1], "--no-crypto") == 0) {
		printf("t4_hash_check: HWCAP_SPARC_CRYPTO %s\n", hwcap & HWCAP_SPARC_CRYPTO ? "set" : "clear");
		return hwcap & HWCAP_SPARC_CRYPTO ? 1 : 0;
	}
	if (!(hwcap & HWCAP_SPARC_CRYPTO)) {
		printf("t4_hash_check: HWCAP_SPARC_CRYPTO clear (hwcap %#lx)\n", hwcap);
		return 1;
	}
	cfr = rd_cfr();
	printf("t4_hash_check: hwcap %#lx cfr %#lx\n", hwcap, cfr);
	for (i = 0; i < 3; i++) {
		if (!(cfr & algs[i].cfr)) {
			printf("t4_hash_check: CFR lacks %s\n", algs[i].name);
			bad++;
		}
	}

	while (fgets(line, sizeof(line), stdin)) {
		char name[16], path[512], hdig[160];
		uint8_t want[64], got[2][64];
		size_t len, dlen, nblk, b;
		const struct alg *a = NULL;
		uint8_t *data;
		int k;

		/* openssl dgst -r marks binary input with '*' before the file name */
		if (sscanf(line, "%15s %159s *%511s", name, hdig, path) != 3)
			continue;
		for (i = 0; i < 3; i++)
			if (strcmp(name, algs[i].name) == 0)
				a = &algs[i], nvec[i]++;
		if (!a || t4_readmsg(path, msg, sizeof(msg), &len) || t4_unhex(hdig, want, 64, &dlen) ||
		    dlen != a->dsize) {
			printf("t4_hash_check: bad vector line: %.60s\n", line);
			return 1;
		}
		for (k = 0; k < 2; k++) {
			uint64_t st[8];
			/* The kernel path gets a misaligned copy on every other vector. */
			unsigned int off = k == 1 && (n & 1) ? 1 + n % 7 : 0;

			data = (uint8_t *)blkbuf + off;
			nblk = pad(a, msg, len, data);
			memcpy(st, a->iv, sizeof(st));
			if (k == 0) {
				for (b = 0; b < nblk; b++) {
					const uint64_t *blk = blkbuf + b * a->bsize / 8;

					if (a->cfr == CFR_SHA1)
						op_sha1((uint32_t *)st, blk);
					else if (a->cfr == CFR_SHA256)
						op_sha256((uint32_t *)st, blk);
					else
						op_sha512(st, blk);
				}
			} else if (a->cfr == CFR_SHA1) {
				sha1_sparc64_transform((uint32_t *)st, data, nblk);
			} else if (a->cfr == CFR_SHA256) {
				sha256_sparc64_transform((uint32_t *)st, data, nblk);
			} else {
				sha512_sparc64_transform(st, data, nblk);
			}
			memcpy(got[k], st, a->dsize);
		}
		for (k = 0; k < 2; k++) {
			if (memcmp(got[k], want, a->dsize)) {
				if (bad < 10)
					printf("t4_hash_check: %s %s mismatch, len %zu\n", a->name,
					       k ? "kernel" : "op", len);
				bad++;
			}
		}
		n++;
	}
	printf("t4_hash_check: sha1 %u, sha256 %u, sha512 %u vectors, op and kernel asm: %u mismatches\n",
	       nvec[0], nvec[1], nvec[2], bad);
	return bad || !n ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of selftests/qemu/t4-icount.sh: REPS compressions of one LEN-byte message (whole
 * blocks, 8-byte aligned, as a request's data mostly is) by hwcrypt's T4 core or by Linux's
 * own T4 code (arch/sparc/crypto/sha*_asm.S, aes_asm.S, assembled at test time), for counting
 * dynamic instructions under qemu-sparc64. The state is reset before each compression.
 * AES: REPS requests of LEN bytes, each as the glues make it: hwcrypt's core call, or Linux's
 * load_{en,de}crypt_keys_<bits> and then its bulk routine (aes_glue.c's sequence for one
 * linear buffer).
 *
 * Usage: t4_icount hwcrypt|linux sha1|sha256|sha512 LEN REPS
 *        t4_icount hwcrypt|linux aes128|aes192|aes256 ecb-enc|ecb-dec|cbc-enc|cbc-dec|ctr|xts-enc|gcm-enc
 *                  LEN REPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hwc_arch_cores.h"

void sha1_sparc64_transform(void *digest, const void *data, unsigned int rounds);
void sha256_sparc64_transform(void *digest, const void *data, unsigned int rounds);
void sha512_sparc64_transform(void *digest, const void *data, unsigned int rounds);

static unsigned long long buf[16384 / 8];

#define KDECL(b)								\
	void aes_sparc64_load_encrypt_keys_##b(const void *key);			\
	void aes_sparc64_load_decrypt_keys_##b(const void *key);			\
	void aes_sparc64_ecb_encrypt_##b(const void *key, const void *in, void *out,	\
					 unsigned int len);				\
	void aes_sparc64_ecb_decrypt_##b(const void *key, const void *in, void *out,	\
					 unsigned int len);				\
	void aes_sparc64_cbc_encrypt_##b(const void *key, const void *in, void *out,	\
					 unsigned int len, void *iv);			\
	void aes_sparc64_cbc_decrypt_##b(const void *key, const void *in, void *out,	\
					 unsigned int len, void *iv);			\
	void aes_sparc64_ctr_crypt_##b(const void *key, const void *in, void *out,	\
				       unsigned int len, void *iv);
KDECL(128)
KDECL(192)
KDECL(256)
void aes_sparc64_key_expand(const void *in_key, void *output_key, unsigned int key_len);

struct kaes {
	void (*load_enc)(const void *), (*load_dec)(const void *);
	void (*ecb_enc)(const void *, const void *, void *, unsigned int);
	void (*ecb_dec)(const void *, const void *, void *, unsigned int);
	void (*cbc_enc)(const void *, const void *, void *, unsigned int, void *);
	void (*cbc_dec)(const void *, const void *, void *, unsigned int, void *);
	void (*ctr)(const void *, const void *, void *, unsigned int, void *);
};
#define KAES(b)									\
	{ aes_sparc64_load_encrypt_keys_##b, aes_sparc64_load_decrypt_keys_##b,	\
	  aes_sparc64_ecb_encrypt_##b, aes_sparc64_ecb_decrypt_##b,			\
	  aes_sparc64_cbc_encrypt_##b, aes_sparc64_cbc_decrypt_##b, aes_sparc64_ctr_crypt_##b }
static const struct kaes kaes[3] = { KAES(128), KAES(192), KAES(256) };

/*
 * xts-enc and gcm-enc have no in-tree T4 peer: the linux side runs what the templates would
 * call underneath (ecb-aes-sparc64 for xts, ctr-aes-sparc64 for gcm's CTR half), a lower
 * bound of the templates' cost, which add their tweak or GHASH passes in C on top.
 */
static const char *const aes_modes[] = { "ecb-enc", "ecb-dec", "cbc-enc", "cbc-dec", "ctr",
					 "xts-enc", "gcm-enc" };

/*
 * Linux's routines use %g7 (the thread pointer in a process) as scratch, as the kernel allows:
 * it is kept around the loop, which touches no thread-local data. %g2/%g3 are call-clobbered.
 */
static int aes_main(int hwc, unsigned int bits, int mode, unsigned long len, unsigned long reps)
{
	static unsigned long long ek[30], iv[2], out[16384 / 8];
	static struct hwc_gcm_key gk;
	static struct hwc_gcm_ctx gc;
	struct hwc_aes_key *kp = &gk.aes;
	const struct kaes *ka = &kaes[(bits - 128) / 64];
	unsigned long long key[4] = { 1, 2, 3, 4 }, sum = 0;
	const unsigned long long *kend = ek + (bits / 32 + 7) * 2;
	unsigned long i;
	void *tp;

	hwc_gcm_setkey(&gk, (const hwc_u8 *)key, bits / 8);
	__asm__ __volatile__("mov %%g7, %0" : "=r"(tp));
	aes_sparc64_key_expand(key, ek, bits / 8);
	for (i = 0; i < reps; i++) {
		iv[0] = iv[1] = i;
		if (hwc) {
			switch (mode) {
			case 0: hwc_aes_ecb_enc_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len / 16); break;
			case 1: hwc_aes_ecb_dec_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len / 16); break;
			case 2: hwc_aes_cbc_enc_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len / 16, (hwc_u8 *)iv); break;
			case 3: hwc_aes_cbc_dec_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len / 16, (hwc_u8 *)iv); break;
			case 4: hwc_aes_ctr_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len, (hwc_u8 *)iv); break;
			case 5: hwc_aes_xts_enc_t4(kp, (hwc_u8 *)out, (const hwc_u8 *)buf, len, (hwc_u8 *)iv); break;
			default:
				memset(&gc, 0, sizeof(gc));
				gc.ctr[15] = 2;
				hwc_gcm_enc_t4(&gk, &gc, (hwc_u8 *)out, (const hwc_u8 *)buf, len);
				break;
			}
		} else {
			switch (mode) {
			case 0: ka->load_enc(ek); ka->ecb_enc(ek, buf, out, len); break;
			case 1: ka->load_dec(ek); ka->ecb_dec(kend, buf, out, len); break;
			case 2: ka->load_enc(ek); ka->cbc_enc(ek, buf, out, len, iv); break;
			case 3: ka->load_dec(ek); ka->cbc_dec(kend, buf, out, len, iv); break;
			case 5: ka->load_enc(ek); ka->ecb_enc(ek, buf, out, len); break;
			default: ka->load_enc(ek); ka->ctr(ek, buf, out, len, iv); break;
			}
		}
		sum += out[1];
	}
	__asm__ __volatile__("mov %0, %%g7" : : "r"(tp));
	return sum == 1 ? 3 : 0;
}

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

	if (argc < 2)
		goto usage;
	hwc = strcmp(argv[1], "hwcrypt") == 0;
	if (!hwc && strcmp(argv[1], "linux"))
		goto usage;
	if (argc == 6 && !strncmp(argv[2], "aes", 3)) {
		unsigned int bits = (unsigned int)strtoul(argv[2] + 3, NULL, 10);
		int m;

		for (m = 0; m < 7 && strcmp(argv[3], aes_modes[m]); m++)
			;
		len = strtoul(argv[4], NULL, 0);
		reps = strtoul(argv[5], NULL, 0);
		if (m == 7 || (bits != 128 && bits != 192 && bits != 256) || !len ||
		    len > sizeof(buf) || len % 16)
			goto usage;
		memset(buf, 0x5a, sizeof(buf));
		return aes_main(hwc, bits, m, len, reps);
	}
	if (argc != 5)
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
	fprintf(stderr, "usage: t4_icount hwcrypt|linux sha1|sha256|sha512 LEN REPS (LEN <= 16384, whole blocks)\n"
			"       t4_icount hwcrypt|linux aes128|aes192|aes256 ecb-enc|ecb-dec|cbc-enc|cbc-dec|ctr|xts-enc|gcm-enc LEN REPS\n");
	return 2;
}

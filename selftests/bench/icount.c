// SPDX-License-Identifier: GPL-2.0
/*
 * Workload for instruction counting under qemu-user (scripts/icount-ppc64le.sh): REPS digests
 * of one LEN-byte message by an hwcrypt tier or by OpenSSL EVP, nothing else after setup.
 *
 *   icount --maps                      prints the executable ranges of this program and libcrypto
 *   icount ALG IMPL|openssl LEN REPS   sha256/sha512 ...; IMPL as in hwc_hash_impls[] ("p8")
 *                                      aes-128-ctr, aes-128-gcm, aes-128-xts, aes-128-ecb,
 *                                      aes-128-cbc-dec; IMPL as in hwc_aes_impls[]
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_aes.h"

static unsigned char msg[1 << 16] __attribute__((aligned(64)));
static unsigned char ct[1 << 16] __attribute__((aligned(64)));

/* Executable mappings of the program itself and of libcrypto: what the count is filtered to. */
static int print_maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];

	if (!f)
		return 1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perm[8], path[400] = "";

		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %399s", &lo, &hi, perm, path) < 3)
			continue;
		if (perm[2] == 'x' && (strstr(path, "libcrypto") || strstr(path, "/libc.") || strstr(path, "icount")))
			printf("0x%lx..0x%lx %s\n", lo, hi - 1, path);
	}
	fclose(f);
	return 0;
}

/*
 * The block modes without a counter (len a multiple of 16): XTS-AES-128 encryption (32-byte key,
 * tweak from the IV), ECB encryption, CBC decryption; EVP without padding on one context.
 */
static int aes_block_run(const char *alg, const char *side, unsigned long len, unsigned long reps)
{
	static const unsigned char key[32] = "0123456789abcdefFEDCBA9876543210";
	int xts = !strcmp(alg, "aes-128-xts"), ecb = !strcmp(alg, "aes-128-ecb");
	int cbc = !strcmp(alg, "aes-128-cbc-dec"), outl;
	unsigned char iv[16];
	unsigned long i;
	unsigned int k;

	if ((!xts && !ecb && !cbc) || len % 16)
		return 2;
	if (!strcmp(side, "openssl")) {
		EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
		const EVP_CIPHER *c = xts ? EVP_aes_128_xts() : ecb ? EVP_aes_128_ecb() : EVP_aes_128_cbc();

		if (!ctx || !EVP_CipherInit_ex(ctx, c, NULL, key, NULL, !cbc))
			return 1;
		EVP_CIPHER_CTX_set_padding(ctx, 0);
		for (i = 0; i < reps; i++) {
			memset(iv, (int)i, 16);
			EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, !cbc);
			EVP_CipherUpdate(ctx, ct, &outl, msg, (int)len);
			EVP_CipherFinal_ex(ctx, ct + outl, &outl);
		}
		EVP_CIPHER_CTX_free(ctx);
	} else {
		const struct hwc_aes_impl *impl = NULL;
		struct hwc_aes_key k1, k2;

		for (k = 0; k < hwc_aes_nimpls; k++)
			if (!strcmp(hwc_aes_impls[k].impl, side))
				impl = &hwc_aes_impls[k];
		if (!impl || hwc_aes_expand_key(&k1, key, 16) || hwc_aes_expand_key(&k2, key + 16, 16))
			return 2;
		for (i = 0; i < reps; i++) {
			memset(iv, (int)i, 16);
			if (xts) {
				impl->ecb_enc(&k2, iv, iv, 1);
				impl->xts_enc(&k1, ct, msg, len, iv);
			} else if (ecb) {
				impl->ecb_enc(&k1, ct, msg, len / 16);
			} else {
				impl->cbc_dec(&k1, ct, msg, len / 16, iv);
			}
		}
	}
	for (k = 0; k < 16 && k < len; k++)
		printf("%02x", ct[k]);
	for (k = len >= 16 ? (unsigned int)len - 16 : 0; k < len; k++)
		printf("%02x", ct[k]);
	printf("\n");
	return 0;
}

/*
 * REPS encryptions of one message under one key, set once (as a tfm's setkey): a fresh IV per
 * message (CTR: the whole counter block; GCM: 96-bit IV, 16 bytes of AAD, tag), the same calls
 * a kernel request makes, against EVP's init-with-IV + update + final on one context.
 */
static int aes_run(const char *alg, const char *side, unsigned long len, unsigned long reps)
{
	static const unsigned char key[16] = "0123456789abcde", aad[16] = "fedcba9876543210";
	unsigned char iv[16], tag[16];
	int gcm = !strcmp(alg, "aes-128-gcm"), outl;
	unsigned long i;
	unsigned int k;

	if (!gcm && strcmp(alg, "aes-128-ctr"))
		return aes_block_run(alg, side, len, reps);
	if (!strcmp(side, "openssl")) {
		EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

		if (!ctx || !EVP_EncryptInit_ex(ctx, gcm ? EVP_aes_128_gcm() : EVP_aes_128_ctr(), NULL,
						key, NULL))
			return 1;
		for (i = 0; i < reps; i++) {
			memset(iv, (int)i, 16);
			EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, iv);
			if (gcm)
				EVP_EncryptUpdate(ctx, NULL, &outl, aad, 16);
			EVP_EncryptUpdate(ctx, ct, &outl, msg, (int)len);
			EVP_EncryptFinal_ex(ctx, ct + outl, &outl);
			if (gcm)
				EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
		}
		EVP_CIPHER_CTX_free(ctx);
	} else {
		const struct hwc_aes_impl *impl = NULL;
		struct hwc_gcm_key gk;
		struct hwc_gcm_ctx c;

		for (k = 0; k < hwc_aes_nimpls; k++)
			if (!strcmp(hwc_aes_impls[k].impl, side))
				impl = &hwc_aes_impls[k];
		if (!impl || hwc_gcm_setkey(&gk, key, 16))
			return 2;
		for (i = 0; i < reps; i++) {
			memset(iv, (int)i, 16);
			if (gcm) {
				hwc_gcm_start(impl, &gk, &c, iv);
				hwc_gcm_aad(impl, &gk, &c, aad, 16);
				hwc_gcm_encrypt(impl, &gk, &c, ct, msg, len);
				hwc_gcm_final(impl, &gk, &c, tag);
			} else {
				impl->ctr(&gk.aes, ct, msg, len, iv);
			}
		}
	}
	/* The last ciphertext's first and last block (and GCM's tag): comparable across sides. */
	for (k = 0; k < 16 && k < len; k++)
		printf("%02x", ct[k]);
	for (k = len >= 16 ? (unsigned int)len - 16 : 0; k < len; k++)
		printf("%02x", ct[k]);
	if (gcm)
		for (k = 0; k < 16; k++)
			printf("%02x", tag[k]);
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char out[64];
	const struct hwc_hash_info *info = NULL;
	const struct hwc_hash_impl *impl = NULL;
	unsigned long len, reps, i;
	unsigned int k;

	if (argc == 2 && !strcmp(argv[1], "--maps"))
		return print_maps();
	if (argc != 5) {
		fprintf(stderr, "usage: %s --maps | ALG IMPL|openssl LEN REPS\n", argv[0]);
		return 2;
	}
	len = strtoul(argv[3], NULL, 0);
	reps = strtoul(argv[4], NULL, 0);
	if (len > sizeof(msg))
		return 2;
	for (i = 0; i < len; i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	if (!strncmp(argv[1], "aes-", 4))
		return aes_run(argv[1], argv[2], len, reps);
	for (k = 0; k < hwc_hash_ninfos; k++)
		if (!strcmp(hwc_hash_infos[k].name, argv[1]))
			info = &hwc_hash_infos[k];
	if (!info)
		return 2;

	if (!strcmp(argv[2], "openssl")) {
		/* As bench.c times OpenSSL: init + update + final on a preallocated context. */
		const EVP_MD *md = EVP_get_digestbyname(argv[1]);
		EVP_MD_CTX *ctx = EVP_MD_CTX_new();

		if (!md || !ctx)
			return 1;
		for (i = 0; i < reps; i++) {
			EVP_DigestInit_ex(ctx, md, NULL);
			EVP_DigestUpdate(ctx, msg, len);
			EVP_DigestFinal_ex(ctx, out, NULL);
		}
		EVP_MD_CTX_free(ctx);
	} else {
		struct hwc_md_ops ops;
		struct hwc_md_state st;

		for (k = 0; k < hwc_hash_nimpls; k++)
			if (!strcmp(hwc_hash_impls[k].impl, argv[2]) &&
			    !strcmp(hwc_hash_impls[k].family, info->family))
				impl = &hwc_hash_impls[k];
		if (!impl)
			return 2;
		ops = (struct hwc_md_ops){ info, impl, hwc_host_run_blocks };
		/* What a kernel digest() does: init plus finup. */
		for (i = 0; i < reps; i++) {
			hwc_md_init(&ops, &st);
			hwc_md_finup(&ops, &st, msg, len, out);
		}
	}
	for (k = 0; k < info->digestsize; k++)
		printf("%02x", out[k]);
	printf("\n");
	return 0;
}

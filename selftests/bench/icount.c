// SPDX-License-Identifier: GPL-2.0
/*
 * Workload for instruction counting under qemu-user (scripts/icount-ppc64le.sh): REPS digests
 * of one LEN-byte message by an hwcrypt tier or by OpenSSL EVP, nothing else after setup.
 *
 *   icount --maps                      prints the executable ranges of this program and libcrypto
 *   icount --rsa-tiers                 the hwc_bn_impls[] this CPU has, one a line
 *   icount ALG IMPL|openssl LEN REPS   sha256/sha512 ...; IMPL as in hwc_hash_impls[] ("p8")
 *                                      aes-128-ctr, aes-128-gcm, aes-128-xts, aes-128-ecb,
 *                                      aes-128-cbc-dec; IMPL as in hwc_aes_impls[]
 *   icount rsa-private IMPL|openssl BITS REPS
 *                                      REPS private ops (CRT, blinded) with keys/rsaBITS.pem;
 *                                      IMPL as in hwc_bn_impls[]; OpenSSL: EVP_PKEY_decrypt,
 *                                      no padding, same key and input
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_aes.h"
#include "hwc_rsa.h"

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

/* A key's numbers as hwc_rsa_set_key() takes them, from the OpenSSL key itself. */
static int rsa_load(struct hwc_rsa_key *key, const struct hwc_bn_impl *bn, EVP_PKEY *pkey)
{
	static unsigned char ws[HWC_RSA_SETKEY_WS_BYTES] __attribute__((aligned(64)));
	static const char *const names[8] = {
		OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
		OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2,
		OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
		OSSL_PKEY_PARAM_RSA_COEFFICIENT1 };
	static unsigned char buf[8][1024];
	hwc_size len[8];
	struct hwc_rsa_raw raw;
	int i;

	for (i = 0; i < 8; i++) {
		BIGNUM *b = NULL;

		if (!EVP_PKEY_get_bn_param(pkey, names[i], &b) || BN_num_bytes(b) > 1024)
			return -1;
		len[i] = BN_bn2bin(b, buf[i]);
		BN_clear_free(b);
	}
	raw = (struct hwc_rsa_raw){ buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], buf[7],
				    len[0], len[1], len[2], len[3], len[4], len[5], len[6], len[7] };
	return hwc_rsa_set_key(key, bn, &raw, 1, ws);
}

/*
 * REPS private operations on one fixed input below n, key set once: hwc_rsa_private() with
 * blinding bytes per op (a fixed-seed generator here: the count, not the secrecy, is
 * measured) and a kept blinding pair, as the kernel glue keeps one per tfm, against
 * EVP_PKEY_decrypt without padding on one context (OpenSSL keeps its pair too).
 */
static int rsa_run(const char *side, unsigned int bits, unsigned long reps)
{
	static unsigned char in[1024], out[1024], rnd[HWC_RSA_RANDOM_BYTES];
	static struct hwc_rsa_key key;
	static struct hwc_rsa_blind bl;
	unsigned int bytes = bits / 8, k;
	unsigned long i, seed = 0x9e3779b97f4a7c15ul;
	char path[64];
	EVP_PKEY *pkey;
	FILE *f;

	snprintf(path, sizeof(path), "keys/rsa%u.pem", bits);
	f = fopen(path, "r");
	if (!f || !(pkey = PEM_read_PrivateKey(f, NULL, NULL, NULL)) || bytes > sizeof(in))
		return 2;
	fclose(f);
	for (k = 0; k < bytes; k++)
		in[k] = (unsigned char)(k * 167 + 13);
	in[0] = 0x3c;
	if (!strcmp(side, "openssl")) {
		EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new(pkey, NULL);
		size_t outlen;

		if (!pctx || EVP_PKEY_decrypt_init(pctx) <= 0 ||
		    EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_NO_PADDING) <= 0)
			return 1;
		for (i = 0; i < reps; i++) {
			outlen = sizeof(out);
			if (EVP_PKEY_decrypt(pctx, out, &outlen, in, bytes) <= 0)
				return 1;
		}
		EVP_PKEY_CTX_free(pctx);
	} else {
		const struct hwc_bn_impl *bn = NULL;
		void *ws;

		for (k = 0; k < hwc_bn_nimpls; k++)
			if (!strcmp(hwc_bn_impls[k].impl, side))
				bn = &hwc_bn_impls[k];
		if (!bn || rsa_load(&key, bn, pkey))
			return 2;
		ws = aligned_alloc(64, (hwc_rsa_ws_bytes(&key) + 63) & ~63ul);
		if (!ws)
			return 1;
		for (i = 0; i < reps; i++) {
			for (k = 0; k < hwc_rsa_random_bytes(&key); k++) {
				seed = seed * 6364136223846793005ul + 1442695040888963407ul;
				rnd[k] = (unsigned char)(seed >> 56);
			}
			if (hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL))
				return 1;
		}
		hwc_rsa_key_wipe(&key);
		hwc_memzero_explicit(&bl, sizeof(bl));
		free(ws);
	}
	EVP_PKEY_free(pkey);
	/* The last result's first and last 16 bytes: the same on every side. */
	for (k = 0; k < 16; k++)
		printf("%02x", out[k]);
	for (k = bytes - 16; k < bytes; k++)
		printf("%02x", out[k]);
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
	if (argc == 2 && !strcmp(argv[1], "--rsa-tiers")) {
		unsigned int f = hwc_host_cpu_features();

		for (k = 0; k < hwc_bn_nimpls; k++)
			if ((hwc_bn_impls[k].features & f) == hwc_bn_impls[k].features)
				printf("%s\n", hwc_bn_impls[k].impl);
		return 0;
	}
	if (argc != 5) {
		fprintf(stderr, "usage: %s --maps | ALG IMPL|openssl LEN REPS\n", argv[0]);
		return 2;
	}
	len = strtoul(argv[3], NULL, 0);
	reps = strtoul(argv[4], NULL, 0);
	if (!strcmp(argv[1], "rsa-private"))
		return rsa_run(argv[2], (unsigned int)len, reps);
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

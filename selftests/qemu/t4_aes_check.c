// SPDX-License-Identifier: GPL-2.0
/*
 * Validation of the emulated SPARC T4 AES opcodes (aes_kexpand0/1/2, aes_eround01/23(_l),
 * aes_dround01/23(_l) of selftests/qemu/t4-crypto.patch), run under qemu-sparc64 with Linux's
 * own T4 AES code (arch/sparc/crypto/aes_asm.S from linux-source, assembled at test time by
 * t4-validate.sh, never committed), which ran on real T4 hardware. Its routines are called as
 * arch/sparc/crypto/aes_glue.c calls them: key expansion once, the key schedule loaded into the
 * FP registers by load_{en,de}crypt_keys_<bits> right before each bulk call (nothing in
 * between touches the FP registers), decryption from the end of the schedule.
 *
 * Reads "aes-<bits>-<ecb|cbc|ctr> key-hex iv-hex *plaintext-file *ciphertext-file" lines (the
 * ciphertexts from `openssl enc -nopad` on the host) on stdin and checks, for each:
 *   enc   the bulk routine of the mode on the whole plaintext (IV chaining written back);
 *   dec   ecb/cbc: the bulk decryption on the whole ciphertext;
 *   block ecb: aes_sparc64_{en,de}crypt_<bits> block by block (the single-block cipher).
 * Also checks the CFR (rd %asr26) AES bit.
 *
 * Usage: t4_aes_check < vectors
 * Exit 0 when every output matches, 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "t4_vec.h"

#define CFR_AES 0x01
#define MAXMSG 8192

/* The kernel's routines, through t4_aes_wrap.S (w_<name>: the process's globals kept). */
#define DECL(b)                                                                                 \
	void w_aes_sparc64_encrypt_##b(const uint64_t *key, const uint32_t *in, uint32_t *out); \
	void w_aes_sparc64_decrypt_##b(const uint64_t *key, const uint32_t *in, uint32_t *out); \
	void w_aes_sparc64_load_encrypt_keys_##b(const uint64_t *key);                         \
	void w_aes_sparc64_load_decrypt_keys_##b(const uint64_t *key);                         \
	void w_aes_sparc64_ecb_encrypt_##b(const uint64_t *key, const uint64_t *in, uint64_t *out, \
					   unsigned int len);                                   \
	void w_aes_sparc64_ecb_decrypt_##b(const uint64_t *key, const uint64_t *in, uint64_t *out, \
					   unsigned int len);                                   \
	void w_aes_sparc64_cbc_encrypt_##b(const uint64_t *key, const uint64_t *in, uint64_t *out, \
					   unsigned int len, uint64_t *iv);                     \
	void w_aes_sparc64_cbc_decrypt_##b(const uint64_t *key, const uint64_t *in, uint64_t *out, \
					   unsigned int len, uint64_t *iv);                     \
	void w_aes_sparc64_ctr_crypt_##b(const uint64_t *key, const uint64_t *in, uint64_t *out,   \
					 unsigned int len, uint64_t *iv);
DECL(128)
DECL(192)
DECL(256)
void w_aes_sparc64_key_expand(const uint32_t *in_key, uint64_t *output_key, unsigned int key_len);

typedef void blk_fn(const uint64_t *, const uint32_t *, uint32_t *);
typedef void load_fn(const uint64_t *);
typedef void bulk_fn(const uint64_t *, const uint64_t *, uint64_t *, unsigned int);
typedef void chain_fn(const uint64_t *, const uint64_t *, uint64_t *, unsigned int, uint64_t *);

struct kalg {
	unsigned int bits, explen;
	blk_fn *enc1, *dec1;
	load_fn *load_enc, *load_dec;
	bulk_fn *ecb_enc, *ecb_dec;
	chain_fn *cbc_enc, *cbc_dec, *ctr;
};

#define KALG(b, x)                                                                           \
	{ b, x, w_aes_sparc64_encrypt_##b, w_aes_sparc64_decrypt_##b,                         \
	  w_aes_sparc64_load_encrypt_keys_##b, w_aes_sparc64_load_decrypt_keys_##b,           \
	  w_aes_sparc64_ecb_encrypt_##b, w_aes_sparc64_ecb_decrypt_##b,                       \
	  w_aes_sparc64_cbc_encrypt_##b, w_aes_sparc64_cbc_decrypt_##b,                       \
	  w_aes_sparc64_ctr_crypt_##b }

/* Expanded schedule lengths in bytes, as aes_glue.c's aes_set_key sets them. */
static const struct kalg kalgs[] = { KALG(128, 0xb0), KALG(192, 0xd0), KALG(256, 0xf0) };

static unsigned long rd_cfr(void)
{
	unsigned long v;

	__asm__ volatile(".word 0x91468000\n\tmov %%o0, %0" : "=r"(v) : : "o0"); /* rd %asr26, %o0 */
	return v;
}

static uint64_t pt[MAXMSG / 8], ct[MAXMSG / 8], got[MAXMSG / 8];

int main(void)
{
	unsigned long cfr = rd_cfr();
	unsigned int bad = 0, benc = 0, bdec = 0, n = 0, nenc = 0, ndec = 0, nblk = 0;
	char line[2048];

	printf("t4_aes_check: cfr %#lx\n", cfr);
	if (!(cfr & CFR_AES)) {
		printf("t4_aes_check: CFR lacks AES\n");
		bad++;
	}
	while (fgets(line, sizeof(line), stdin)) {
		char alg[32], mode[8], hkey[80], hiv[40], ppath[512], cpath[512];
		uint64_t key[4], iv[2], ivc[2], ek[30];
		size_t klen, ivlen, plen, clen, i;
		const struct kalg *k = NULL;
		unsigned int bits;

		if (sscanf(line, "%31s %79s %39s *%511s *%511s", alg, hkey, hiv, ppath, cpath) != 5)
			continue;
		if (sscanf(alg, "aes-%u-%7s", &bits, mode) != 2)
			goto malformed;
		for (i = 0; i < 3; i++)
			if (kalgs[i].bits == bits)
				k = &kalgs[i];
		if (!k || t4_unhex(hkey, (unsigned char *)key, sizeof(key), &klen) ||
		    klen != bits / 8 || t4_unhex(hiv, (unsigned char *)iv, sizeof(iv), &ivlen) ||
		    ivlen != 16 || t4_readmsg(ppath, (unsigned char *)pt, sizeof(pt), &plen) ||
		    t4_readmsg(cpath, (unsigned char *)ct, sizeof(ct), &clen) || plen != clen ||
		    !plen || plen % 16)
			goto malformed;

		memset(ek, 0, sizeof(ek));
		w_aes_sparc64_key_expand((const uint32_t *)key, ek, klen);

		memcpy(ivc, iv, 16);
		memset(got, 0, plen);
		if (strcmp(mode, "ecb") == 0) {
			k->load_enc(ek);
			k->ecb_enc(ek, pt, got, plen);
		} else if (strcmp(mode, "cbc") == 0) {
			k->load_enc(ek);
			k->cbc_enc(ek, pt, got, plen, ivc);
		} else if (strcmp(mode, "ctr") == 0) {
			k->load_enc(ek);
			k->ctr(ek, pt, got, plen, ivc);
		} else {
			goto malformed;
		}
		nenc++;
		if (memcmp(got, ct, plen)) {
			if (bad < 20)
				printf("t4_aes_check: %s enc mismatch, len %zu\n", alg, plen);
			bad++, benc++;
		}

		if (strcmp(mode, "ctr") != 0) {
			memcpy(ivc, iv, 16);
			memset(got, 0, plen);
			k->load_dec(ek);
			if (mode[0] == 'e')
				k->ecb_dec(ek + k->explen / 8, ct, got, plen);
			else
				k->cbc_dec(ek + k->explen / 8, ct, got, plen, ivc);
			ndec++;
			if (memcmp(got, pt, plen)) {
				if (bad < 20)
					printf("t4_aes_check: %s dec mismatch, len %zu\n", alg, plen);
				bad++, bdec++;
			}
		}

		if (mode[0] == 'e') {
			unsigned int e = 0, d = 0;

			for (i = 0; i < plen / 8; i += 2) {
				uint32_t o[4];

				k->enc1(ek, (const uint32_t *)&pt[i], o);
				e |= memcmp(o, &ct[i], 16);
				k->dec1(ek, (const uint32_t *)&ct[i], o);
				d |= memcmp(o, &pt[i], 16);
			}
			nblk++;
			if (e && bad < 20)
				printf("t4_aes_check: %s block enc mismatch, len %zu\n", alg, plen);
			if (d && bad < 20)
				printf("t4_aes_check: %s block dec mismatch, len %zu\n", alg, plen);
			bad += !!e + !!d;
			benc += !!e;
			bdec += !!d;
		}
		n++;
		continue;
malformed:
		printf("t4_aes_check: bad vector line: %.60s\n", line);
		return 1;
	}
	printf("t4_aes_check: %u vectors: %u bulk enc, %u bulk dec, %u block-by-block; "
	       "%u mismatches (%u encryption, %u decryption)\n", n, nenc, ndec, nblk, bad, benc, bdec);
	return bad || !n ? 1 : 0;
}

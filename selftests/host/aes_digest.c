// SPDX-License-Identifier: GPL-2.0
/*
 * The portable AES tier on fixed inputs, every mode and key size over lengths that take one to
 * four lanes and partial blocks, folded into one FNV-1a digest per key size. Built natively and
 * for other arches (make generic-aes-xarch) it shows that a big-endian or other CPU's fallback
 * computes what the natively tested one (test_aes, against OpenSSL) computes, where no OpenSSL
 * of that arch is at hand. Needs nothing but libc.
 */
#include <stdio.h>
#include <string.h>
#include "hwc_aes.h"

static unsigned long long fnv(unsigned long long h, const unsigned char *p, size_t n)
{
	while (n--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

int main(void)
{
	static const size_t lens[] = { 16, 17, 48, 63, 64, 65, 100, 128, 999 };
	static unsigned char key[64], in[1000], out[1000], v[16], iv[16], tag[16];
	static struct hwc_aes_key k1;
	static struct hwc_gcm_key gk;
	static struct hwc_gcm_ctx c;
	const struct hwc_aes_impl *g = &hwc_aes_generic;
	unsigned int kl, i;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 7 + 3);
	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(i * 13 + 1);
	for (i = 0; i < sizeof(iv); i++)
		iv[i] = (unsigned char)(i * 5 + 250);
	for (kl = 16; kl <= 32; kl += 8) {
		unsigned long long h = 0xcbf29ce484222325ULL;

		if (g->expand_key(&k1, key, kl) || hwc_gcm_setkey(&gk, key, kl))
			return 1;
		/* ek and the AESDEC tiers' dk, both from this file (nr: host byte order). */
		h = fnv(fnv(h, k1.ek, sizeof(k1.ek)), k1.dk, sizeof(k1.dk));
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			size_t n = lens[i], nb = n / 16;

			g->ecb_enc(&k1, out, in, nb);
			h = fnv(h, out, nb * 16);
			g->ecb_dec(&k1, out, in, nb);
			h = fnv(h, out, nb * 16);
			memcpy(v, iv, 16);
			g->cbc_enc(&k1, out, in, nb, v);
			h = fnv(fnv(h, out, nb * 16), v, 16);
			memcpy(v, iv, 16);
			g->cbc_dec(&k1, out, in, nb, v);
			h = fnv(fnv(h, out, nb * 16), v, 16);
			/* A counter about to carry out of its low 64 bits. */
			memcpy(v, iv, 16);
			memset(v + 8, 0xff, 7);
			g->ctr(&k1, out, in, n, v);
			h = fnv(fnv(h, out, n), v, 16);
			memcpy(v, iv, 16);
			g->xts_enc(&k1, out, in, n, v);
			h = fnv(h, out, n);
			memcpy(v, iv, 16);
			g->xts_dec(&k1, out, in, n, v);
			h = fnv(h, out, n);
			hwc_gcm_start(g, &gk, &c, iv);
			hwc_gcm_aad(g, &gk, &c, in, n % 37);
			hwc_gcm_encrypt_final(g, &gk, &c, out, in, n, tag);
			h = fnv(fnv(h, out, n), tag, 16);
			hwc_gcm_start(g, &gk, &c, iv);
			hwc_gcm_decrypt_final(g, &gk, &c, out, in, n, tag);
			h = fnv(fnv(h, out, n), tag, 16);
		}
		printf("AES-%u %016llx\n", kl * 8, h);
	}
	return 0;
}

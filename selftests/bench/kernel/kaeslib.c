// SPDX-License-Identifier: GPL-2.0
/*
 * The generic rows' kernel column: Linux 7.2's own portable AES, the C that its aes-lib cipher
 * runs where AES instructions are absent or unusable (lib/crypto/aes.c, aes_encrypt_generic()
 * and aes_decrypt_generic(): 32-bit tables, prefetched). kernel.mk cuts that part of the cached
 * linux-source-7.2 (from the S-box to the arch hook) into build/kernel/kaes_body.c at bench time
 * and this file compiles it over the few kernel definitions it needs; nothing of the kernel is
 * committed.
 *
 * The modes are those of the kernel's templates over a single-block cipher, as
 * ctr(aes-lib), xts(ecb(aes-lib)), cbc(aes-lib) and ecb(aes-lib) run them: CTR one block of
 * keystream at a time then the XOR and a big-endian increment (crypto/ctr.c), XTS as a tweak
 * pass, an ECB pass and a second tweak pass with ciphertext stealing at the end
 * (crypto/xts.c), CBC decryption block by block. The templates' per-block indirect call and
 * their walk over pages are left out here: each is a few nanoseconds against a table AES block
 * of hundreds, and leaving them out can only make the kernel's figure higher.
 */
#include <stddef.h>
#include <string.h>
#include "../kasm.h"

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

#define ____cacheline_aligned	__attribute__((aligned(64)))
#define __alias(sym)		__attribute__((alias(#sym)))
#ifndef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#endif
#define __maybe_unused		__attribute__((unused))
#define EXPORT_SYMBOL(sym)	extern int kaes_no_exports
#define L1_CACHE_BYTES		64
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define EINVAL			22
#define AES_BLOCK_SIZE		16
#define AES_KEYSIZE_128		16
#define AES_KEYSIZE_192		24
#define AES_KEYSIZE_256		32

struct crypto_aes_ctx {
	u32 key_enc[60];
	u32 key_dec[60];
	u32 key_length;
};

static inline u32 ror32(u32 w, unsigned int s)
{
	return w >> (s & 31) | w << ((-s) & 31);
}

static inline u32 rol32(u32 w, unsigned int s)
{
	return w << (s & 31) | w >> ((-s) & 31);
}

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return v;	/* x86: little-endian */
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, 4);
}

static inline int aes_check_keylen(unsigned int len)
{
	return len == AES_KEYSIZE_128 || len == AES_KEYSIZE_192 || len == AES_KEYSIZE_256 ?
	       0 : -EINVAL;
}

#include "kaes_body.c"

/* The tfm contexts: the cipher's (ctr, cbc, ecb) and xts's pair of cipher keys. */
struct kaes_ctx {
	struct crypto_aes_ctx data, tweak;
};

static int nrounds(const struct crypto_aes_ctx *k)
{
	return 6 + (int)k->key_length / 4;
}

static void enc1(const struct crypto_aes_ctx *k, u8 *out, const u8 *in)
{
	aes_encrypt_generic(k->key_enc, nrounds(k), out, in);
}

static void dec1(const struct crypto_aes_ctx *k, u8 *out, const u8 *in)
{
	aes_decrypt_generic(k->key_dec, nrounds(k), out, in);
}

static int kaes_setkey(void *ctx, int mode, const unsigned char *key, unsigned int keylen)
{
	struct kaes_ctx *c = ctx;

	if (mode != KASM_XTS)
		return aes_expandkey(&c->data, key, keylen) ? -1 : 0;
	if (keylen % 2 || aes_expandkey(&c->data, key, keylen / 2) ||
	    aes_expandkey(&c->tweak, key + keylen / 2, keylen / 2))
		return -1;
	return 0;
}

static void xor16(u8 *d, const u8 *a, const u8 *b)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		d[i] = a[i] ^ b[i];
}

/* The next tweak: multiplied by x in XTS's little-endian convention, without a branch. */
static void xts_next(u8 t[16])
{
	u64 lo, hi, carry;

	memcpy(&lo, t, 8);
	memcpy(&hi, t + 8, 8);
	carry = hi >> 63;
	hi = hi << 1 | lo >> 63;
	lo = lo << 1 ^ ((0 - carry) & 0x87);
	memcpy(t, &lo, 8);
	memcpy(t + 8, &hi, 8);
}

static void xts_tweak_pass(u8 *dst, const u8 *src, unsigned int nblocks, const u8 t0[16])
{
	u8 t[16];
	unsigned int i;

	memcpy(t, t0, 16);
	for (i = 0; i < nblocks; i++, xts_next(t))
		xor16(dst + 16 * i, src + 16 * i, t);
}

static void xts(const struct kaes_ctx *c, int enc, u8 *dst, const u8 *src, unsigned int len,
		u8 iv[16])
{
	unsigned int tail = len % 16, nb = len / 16 - (tail ? 1 : 0), i;
	u8 t[16], tlast[16], tnext[16], b[16];

	enc1(&c->tweak, t, iv);
	xts_tweak_pass(dst, src, nb, t);
	for (i = 0; i < nb; i++)
		(enc ? enc1 : dec1)(&c->data, dst + 16 * i, dst + 16 * i);
	xts_tweak_pass(dst, dst, nb, t);
	if (!tail)
		return;
	/* Ciphertext stealing over the last full block and the partial one. */
	memcpy(tlast, t, 16);
	for (i = 0; i < nb; i++)
		xts_next(tlast);
	memcpy(tnext, tlast, 16);
	xts_next(tnext);
	src += 16 * nb;
	dst += 16 * nb;
	xor16(b, src, enc ? tlast : tnext);
	(enc ? enc1 : dec1)(&c->data, b, b);
	xor16(b, b, enc ? tlast : tnext);
	memcpy(dst + 16, b, tail);
	memcpy(b, src + 16, tail);
	xor16(b, b, enc ? tnext : tlast);
	(enc ? enc1 : dec1)(&c->data, b, b);
	xor16(dst, b, enc ? tnext : tlast);
}

static void kaes_crypt(const void *ctx, int mode, int enc, unsigned char *dst,
		       const unsigned char *src, unsigned int len, unsigned char iv[16])
{
	const struct kaes_ctx *c = ctx;
	u8 ks[16], prev[16], cur[16];
	unsigned int i, n;
	int j;

	switch (mode) {
	case KASM_CTR:
		for (; len; len -= n, src += n, dst += n) {
			n = len < 16 ? len : 16;
			enc1(&c->data, ks, iv);
			for (i = 0; i < n; i++)
				dst[i] = src[i] ^ ks[i];
			for (j = 15; j >= 0 && !++iv[j]; j--)
				;
		}
		return;
	case KASM_XTS:
		xts(c, enc, dst, src, len, iv);
		return;
	case KASM_CBC:
		for (; len >= 16; len -= 16, src += 16, dst += 16) {
			if (enc) {
				xor16(iv, iv, src);
				enc1(&c->data, dst, iv);
				memcpy(iv, dst, 16);
				continue;
			}
			memcpy(cur, src, 16);
			dec1(&c->data, prev, cur);
			xor16(dst, prev, iv);
			memcpy(iv, cur, 16);
		}
		return;
	case KASM_ECB:
		for (; len >= 16; len -= 16, src += 16, dst += 16)
			(enc ? enc1 : dec1)(&c->data, dst, src);
		return;
	}
}

/* For kglue.c's kasm_get(). */
void kaes_fill(struct kasm_api *api)
{
	_Static_assert(sizeof(struct kaes_ctx) <= KASM_CTX_SIZE, "KASM_CTX_SIZE");
	api->gen_setkey = kaes_setkey;
	api->gen_crypt = kaes_crypt;
}

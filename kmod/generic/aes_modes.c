// SPDX-License-Identifier: GPL-2.0
/* Mode framing shared by every AES tier: GCM key setup, start, AAD, lengths and tag; CTS tails. */
#include "../hwc_aes.h"
#include "../hwc_bytes.h"

/*
 * Everything here is plain C, so setkey needs no SIMD section: the powers of H come from the
 * portable multiply and are then put in the form the carry-less tiers consume (hwc_aes.h).
 */
int hwc_gcm_setkey(struct hwc_gcm_key *k, const hwc_u8 *key, unsigned int keylen)
{
	hwc_u8 p[16];
	hwc_u64 hi, lo, m;
	int i;

	if (hwc_aes_expand_key(&k->aes, key, keylen))
		return -1;
	__builtin_memset(p, 0, 16);
	hwc_aes_encrypt_block(&k->aes, k->h, p);
	__builtin_memcpy(p, k->h, 16);
	for (i = HWC_GCM_NPOW - 1; i >= 0; i--) {
		/* p = H^(NPOW - i); multiply by x^-1: shift toward x^-1, x^0 wraps to x^127+x^6+x+1. */
		hi = hwc_get_be64(p);
		lo = hwc_get_be64(p + 8);
		m = -(hi >> 63);
		hi = (hi << 1) | (lo >> 63);
		lo <<= 1;
		hi ^= 0xc200000000000000ULL & m;
		lo ^= 1 & m;
		hwc_put_le64(k->hpow[i], lo);
		hwc_put_le64(k->hpow[i] + 8, hi);
		k->hkar[i] = lo ^ hi;
		hwc_gf128_mul(p, k->h);
	}
	hwc_memzero_explicit(p, sizeof(p));
	return 0;
}

/*
 * J0 and the first counter are written as two 64-bit words each, the way the SIMD tiers read
 * them back (ld128_halves): a wider load of narrower stores would stall store forwarding on
 * every request.
 */
void hwc_gcm_start(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		   struct hwc_gcm_ctx *c, const hwc_u8 iv[12])
{
	hwc_u64 w0, w1, zero = 0;
	hwc_u32 v;

	(void)impl;
	(void)k;
	__builtin_memcpy(&w0, iv, 8);
	__builtin_memcpy(&v, iv + 8, 4);
	/* Second word: IV bytes 8..11, then the big-endian 32-bit counter 1 (J0) or 2. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	w1 = v | (1ULL << 56);
#else
	w1 = ((hwc_u64)v << 32) | 1;
#endif
	__builtin_memcpy(c->y, &zero, 8);
	__builtin_memcpy(c->y + 8, &zero, 8);
	__builtin_memcpy(c->j0, &w0, 8);
	__builtin_memcpy(c->j0 + 8, &w1, 8);
	__builtin_memcpy(c->ctr, &w0, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	w1 ^= 3ULL << 56;
#else
	w1 ^= 3;
#endif
	__builtin_memcpy(c->ctr + 8, &w1, 8);
	c->aadlen = c->textlen = 0;
}

void hwc_gcm_aad(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		 struct hwc_gcm_ctx *c, const hwc_u8 *aad, hwc_size len)
{
	hwc_size full = len / 16, tail = len % 16;
	hwc_u8 blk[16];

	impl->ghash(k, c->y, aad, full);
	if (tail) {
		__builtin_memset(blk, 0, 16);
		__builtin_memcpy(blk, aad + 16 * full, tail);
		impl->ghash(k, c->y, blk, 1);
	}
	c->aadlen += len;
}

void hwc_gcm_encrypt(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		     struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len)
{
	impl->gcm_enc(k, c, dst, src, len);
	c->textlen += len;
}

void hwc_gcm_decrypt(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		     struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len)
{
	impl->gcm_dec(k, c, dst, src, len);
	c->textlen += len;
}

/*
 * The message state wiped where the fused calls end: inline word stores, as a request of a
 * few dozen cycles notices a call or a rep stosq.
 */
static inline void wipe_ctx(struct hwc_gcm_ctx *c)
{
	hwc_wipe_words(c, sizeof(*c));
}

void hwc_gcm_encrypt_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
			   struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
			   hwc_u8 tag[16])
{
	if (!impl->gcm_enc_final) {
		hwc_gcm_encrypt(impl, k, c, dst, src, len);
		hwc_gcm_final(impl, k, c, tag);
		return;
	}
	c->textlen += len;
	impl->gcm_enc_final(k, c, dst, src, len, tag);
	wipe_ctx(c);
}

void hwc_gcm_decrypt_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
			   struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
			   hwc_u8 tag[16])
{
	if (!impl->gcm_dec_final) {
		hwc_gcm_decrypt(impl, k, c, dst, src, len);
		hwc_gcm_final(impl, k, c, tag);
		return;
	}
	c->textlen += len;
	impl->gcm_dec_final(k, c, dst, src, len, tag);
	wipe_ctx(c);
}

void hwc_gcm_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		   struct hwc_gcm_ctx *c, hwc_u8 tag[16])
{
	hwc_u8 blk[16], ek0[16];
	int i;

	if (impl->gcm_final) {
		impl->gcm_final(k, c, tag);
		hwc_memzero_explicit(c, sizeof(*c));
		return;
	}
	hwc_put_be64(blk, c->aadlen * 8);
	hwc_put_be64(blk + 8, c->textlen * 8);
	impl->ghash(k, c->y, blk, 1);
	impl->ecb_enc(&k->aes, ek0, c->j0, 1);
	for (i = 0; i < 16; i++)
		tag[i] = c->y[i] ^ ek0[i];
	hwc_memzero_explicit(ek0, sizeof(ek0));
	hwc_memzero_explicit(c, sizeof(*c));
}

void hwc_cts_enc_tail(const struct hwc_aes_impl *impl, const struct hwc_aes_key *k,
		      hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 iv[16])
{
	hwc_size d = len - 16;
	hwc_u8 cprev[16], pad[16];

	impl->cbc_enc(k, cprev, src, 1, iv);
	__builtin_memset(pad, 0, 16);
	__builtin_memcpy(pad, src + 16, d);
	impl->cbc_enc(k, pad, pad, 1, iv);
	__builtin_memcpy(dst, pad, 16);
	__builtin_memcpy(dst + 16, cprev, d);
	hwc_memzero_explicit(pad, sizeof(pad));
}

void hwc_cts_dec_tail(const struct hwc_aes_impl *impl, const struct hwc_aes_key *k,
		      hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 iv[16])
{
	hwc_size d = len - 16, i;
	hwc_u8 dd[16], cc[16], pn[16];

	/* D(C_n) = C_{n-1} ^ (P_n || 0): its tail restores the stolen bytes of C_{n-1}. */
	impl->ecb_dec(k, dd, src, 1);
	__builtin_memcpy(cc, dd, 16);
	for (i = 0; i < d; i++) {
		pn[i] = dd[i] ^ src[16 + i];
		cc[i] = src[16 + i];
	}
	impl->cbc_dec(k, dst, cc, 1, iv);
	__builtin_memcpy(dst + 16, pn, d);
	hwc_memzero_explicit(dd, sizeof(dd));
	hwc_memzero_explicit(pn, sizeof(pn));
}

int hwc_memneq(const void *a, const void *b, hwc_size n)
{
	const hwc_u8 *x = a, *y = b;
	hwc_u64 wx, wy, r = 0;
	hwc_size i = 0;

	/*
	 * Word by word (a tag is two words); the empty asm hides the running value from the
	 * optimiser after every step, so it can neither stop early nor branch on the bytes.
	 */
	for (; i + 8 <= n; i += 8) {
		__builtin_memcpy(&wx, x + i, 8);
		__builtin_memcpy(&wy, y + i, 8);
		r |= wx ^ wy;
		__asm__("" : "+r"(r));
	}
	for (; i < n; i++) {
		r |= (hwc_u64)(x[i] ^ y[i]);
		__asm__("" : "+r"(r));
	}
	return r != 0;
}

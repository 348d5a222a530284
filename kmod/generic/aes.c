// SPDX-License-Identifier: GPL-2.0
/*
 * Portable constant-time AES (FIPS 197) and GHASH (SP 800-38D), the fallback of every SIMD tier.
 *
 * No table is indexed by data: the S-box is computed as the GF(2^8) inverse (x^254) followed by
 * the affine map, eight bytes at a time in 64-bit words (SWAR), and GHASH multiplies with masks
 * instead of branches. Slow by design; the SIMD tiers carry the load.
 */
#include "../hwc_aes.h"

#define M01 0x0101010101010101ULL
#define M7F 0x7f7f7f7f7f7f7f7fULL

static hwc_u64 load64(const hwc_u8 *p)
{
	hwc_u64 w = 0;
	int i;

	for (i = 7; i >= 0; i--)
		w = (w << 8) | p[i];
	return w;
}

static void store64(hwc_u8 *p, hwc_u64 w)
{
	int i;

	for (i = 0; i < 8; i++, w >>= 8)
		p[i] = (hwc_u8)w;
}

/* Each byte times x modulo x^8 + x^4 + x^3 + x + 1. */
static hwc_u64 xt(hwc_u64 a)
{
	return ((a & M7F) << 1) ^ (((a >> 7) & M01) * 0x1b);
}

static hwc_u64 gmul(hwc_u64 a, hwc_u64 b)
{
	hwc_u64 r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= a & (((b >> i) & M01) * 0xff);
		a = xt(a);
	}
	return r;
}

/* Squaring is linear over GF(2): bit i of each byte contributes x^2i reduced. */
static hwc_u64 gsq(hwc_u64 a)
{
	static const hwc_u8 sq[8] = { 0x01, 0x04, 0x10, 0x40, 0x1b, 0x6c, 0xab, 0x9a };
	hwc_u64 r = 0;
	int i;

	for (i = 0; i < 8; i++)
		r ^= ((a >> i) & M01) * sq[i];
	return r;
}

/* a^254, the multiplicative inverse (0 maps to 0), of every byte. */
static hwc_u64 ginv(hwc_u64 a)
{
	hwc_u64 a2 = gsq(a), a3 = gmul(a2, a), a12 = gsq(gsq(a3));
	hwc_u64 a15 = gmul(a12, a3);
	hwc_u64 a240 = gsq(gsq(gsq(gsq(a15))));

	return gmul(gmul(a240, a12), a2);
}

static hwc_u64 rotl8(hwc_u64 b, int k)
{
	return ((b << k) & (M01 * ((0xffu << k) & 0xff))) | ((b >> (8 - k)) & (M01 * ((1u << k) - 1)));
}

static hwc_u64 sub_bytes(hwc_u64 a)
{
	hwc_u64 b = ginv(a);

	return b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4) ^ (M01 * 0x63);
}

static hwc_u64 inv_sub_bytes(hwc_u64 s)
{
	return ginv(rotl8(s, 1) ^ rotl8(s, 3) ^ rotl8(s, 6) ^ (M01 * 0x05));
}

/* Rotations of the four bytes of each column (32-bit lane): result byte i = byte i + k. */
static hwc_u64 rot1(hwc_u64 w)
{
	return ((w >> 8) & 0x00ffffff00ffffffULL) | ((w << 24) & 0xff000000ff000000ULL);
}

static hwc_u64 rot2(hwc_u64 w)
{
	return ((w >> 16) & 0x0000ffff0000ffffULL) | ((w << 16) & 0xffff0000ffff0000ULL);
}

static hwc_u64 mix_columns(hwc_u64 a)
{
	hwc_u64 a1 = rot1(a);

	/* b0 = 2a0 + 3a1 + a2 + a3 */
	return xt(a ^ a1) ^ a1 ^ rot2(a) ^ rot1(rot2(a));
}

static hwc_u64 inv_mix_columns(hwc_u64 a)
{
	hwc_u64 x2 = xt(a), x4 = xt(x2), x8 = xt(x4);

	/* b0 = 14a0 + 11a1 + 13a2 + 9a3 */
	return (x8 ^ x4 ^ x2) ^ rot1(x8 ^ x2 ^ a) ^ rot2(x8 ^ x4 ^ a) ^ rot1(rot2(x8 ^ a));
}

/* State in FIPS order (byte r + 4c is row r, column c); two columns per word. */
static void shift_rows(hwc_u8 s[16])
{
	hwc_u8 t[16];
	int r, c;

	for (c = 0; c < 4; c++)
		for (r = 0; r < 4; r++)
			t[r + 4 * c] = s[r + 4 * ((c + r) & 3)];
	__builtin_memcpy(s, t, 16);
}

static void inv_shift_rows(hwc_u8 s[16])
{
	hwc_u8 t[16];
	int r, c;

	for (c = 0; c < 4; c++)
		for (r = 0; r < 4; r++)
			t[r + 4 * ((c + r) & 3)] = s[r + 4 * c];
	__builtin_memcpy(s, t, 16);
}

static void xor16(hwc_u8 *d, const hwc_u8 *a, const hwc_u8 *b)
{
	int i;

	for (i = 0; i < 16; i++)
		d[i] = a[i] ^ b[i];
}

void hwc_aes_encrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16])
{
	hwc_u8 s[16];
	hwc_u64 w0, w1;
	unsigned int r;

	xor16(s, in, k->ek);
	for (r = 1; r <= k->nr; r++) {
		store64(s, sub_bytes(load64(s)));
		store64(s + 8, sub_bytes(load64(s + 8)));
		shift_rows(s);
		if (r < k->nr) {
			w0 = mix_columns(load64(s));
			w1 = mix_columns(load64(s + 8));
			store64(s, w0);
			store64(s + 8, w1);
		}
		xor16(s, s, k->ek + 16 * r);
	}
	__builtin_memcpy(out, s, 16);
	hwc_memzero_explicit(s, sizeof(s));
}

/* Equivalent inverse cipher: the same round shape as AESDEC, with dk[]. */
void hwc_aes_decrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16])
{
	hwc_u8 s[16];
	hwc_u64 w0, w1;
	unsigned int r;

	xor16(s, in, k->dk);
	for (r = 1; r <= k->nr; r++) {
		inv_shift_rows(s);
		w0 = inv_sub_bytes(load64(s));
		w1 = inv_sub_bytes(load64(s + 8));
		if (r < k->nr) {
			w0 = inv_mix_columns(w0);
			w1 = inv_mix_columns(w1);
		}
		store64(s, w0);
		store64(s + 8, w1);
		xor16(s, s, k->dk + 16 * r);
	}
	__builtin_memcpy(out, s, 16);
	hwc_memzero_explicit(s, sizeof(s));
}

int hwc_aes_expand_key(struct hwc_aes_key *k, const hwc_u8 *key, unsigned int keylen)
{
	unsigned int nk = keylen / 4, nw, i, j;
	hwc_u8 rcon = 1, t[8];
	hwc_u8 *w = k->ek;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	k->nr = nk + 6;
	nw = 4 * (k->nr + 1);
	__builtin_memcpy(w, key, keylen);
	for (i = nk; i < nw; i++) {
		__builtin_memcpy(t, w + 4 * (i - 1), 4);
		if (i % nk == 0 || (nk > 6 && i % nk == 4)) {
			if (i % nk == 0) {	/* RotWord */
				hwc_u8 b = t[0];

				t[0] = t[1];
				t[1] = t[2];
				t[2] = t[3];
				t[3] = b;
			}
			t[4] = t[5] = t[6] = t[7] = 0;
			store64(t, sub_bytes(load64(t)));
			if (i % nk == 0) {
				t[0] ^= rcon;
				rcon = (hwc_u8)((rcon << 1) ^ ((rcon >> 7) * 0x1b));
			}
		}
		for (j = 0; j < 4; j++)
			w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
	}
	__builtin_memcpy(k->dk, k->ek + 16 * k->nr, 16);
	for (i = 1; i < k->nr; i++) {
		const hwc_u8 *e = k->ek + 16 * (k->nr - i);

		store64(k->dk + 16 * i, inv_mix_columns(load64(e)));
		store64(k->dk + 16 * i + 8, inv_mix_columns(load64(e + 8)));
	}
	__builtin_memcpy(k->dk + 16 * k->nr, k->ek, 16);
	hwc_memzero_explicit(t, sizeof(t));
	return 0;
}

void hwc_aes_ecb_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size nblocks)
{
	for (; nblocks; nblocks--, src += 16, dst += 16)
		hwc_aes_encrypt_block(k, dst, src);
}

void hwc_aes_ecb_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size nblocks)
{
	for (; nblocks; nblocks--, src += 16, dst += 16)
		hwc_aes_decrypt_block(k, dst, src);
}

void hwc_aes_cbc_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size nblocks, hwc_u8 iv[16])
{
	hwc_u8 t[16];

	for (; nblocks; nblocks--, src += 16, dst += 16) {
		xor16(t, src, iv);
		hwc_aes_encrypt_block(k, iv, t);
		__builtin_memcpy(dst, iv, 16);
	}
}

void hwc_aes_cbc_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size nblocks, hwc_u8 iv[16])
{
	hwc_u8 c[16], p[16];

	/* In place is allowed: keep the ciphertext block before overwriting it. */
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		__builtin_memcpy(c, src, 16);
		hwc_aes_decrypt_block(k, p, c);
		xor16(dst, p, iv);
		__builtin_memcpy(iv, c, 16);
	}
	hwc_memzero_explicit(p, sizeof(p));
}

static void ctr128_inc(hwc_u8 ctr[16])
{
	unsigned int carry = 1;
	int i;

	for (i = 15; i >= 0; i--) {
		carry += ctr[i];
		ctr[i] = (hwc_u8)carry;
		carry >>= 8;
	}
}

void hwc_aes_ctr_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 ctr[16])
{
	hwc_u8 ks[16];
	hwc_size i, n;

	while (len) {
		n = len < 16 ? len : 16;
		hwc_aes_encrypt_block(k, ks, ctr);
		ctr128_inc(ctr);
		for (i = 0; i < n; i++)
			dst[i] = src[i] ^ ks[i];
		src += n;
		dst += n;
		len -= n;
	}
	hwc_memzero_explicit(ks, sizeof(ks));
}

void hwc_xts_mul_alpha(hwc_u8 t[16])
{
	hwc_u8 carry = t[15] >> 7;
	int i;

	for (i = 15; i > 0; i--)
		t[i] = (hwc_u8)((t[i] << 1) | (t[i - 1] >> 7));
	t[0] = (hwc_u8)((t[0] << 1) ^ (0x87 & -carry));
}

static void xts_block(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		      const hwc_u8 t[16])
{
	hwc_u8 x[16];

	xor16(x, src, t);
	if (enc)
		hwc_aes_encrypt_block(k, x, x);
	else
		hwc_aes_decrypt_block(k, x, x);
	xor16(dst, x, t);
	hwc_memzero_explicit(x, sizeof(x));
}

static void xts_generic(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
	hwc_size tail = len % 16, full = len / 16 - (tail ? 1 : 0);
	hwc_u8 cc[16], pp[16], t2[16];

	for (; full; full--, src += 16, dst += 16) {
		xts_block(k, enc, dst, src, tweak);
		hwc_xts_mul_alpha(tweak);
	}
	if (!tail)
		return;
	/* Stealing: the last full block and the partial one; decryption swaps the tweak order. */
	__builtin_memcpy(t2, tweak, 16);
	hwc_xts_mul_alpha(t2);
	xts_block(k, enc, cc, src, enc ? tweak : t2);
	__builtin_memcpy(pp, src + 16, tail);
	__builtin_memcpy(pp + tail, cc + tail, 16 - tail);
	__builtin_memcpy(dst + 16, cc, tail);
	xts_block(k, enc, dst, pp, enc ? t2 : tweak);
	hwc_memzero_explicit(cc, sizeof(cc));
	hwc_memzero_explicit(pp, sizeof(pp));
}

static void xts_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size len, hwc_u8 tweak[16])
{
	xts_generic(k, 1, dst, src, len, tweak);
}

static void xts_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size len, hwc_u8 tweak[16])
{
	xts_generic(k, 0, dst, src, len, tweak);
}

static hwc_u64 load_be64(const hwc_u8 *p)
{
	hwc_u64 w = 0;
	int i;

	for (i = 0; i < 8; i++)
		w = (w << 8) | p[i];
	return w;
}

static void store_be64(hwc_u8 *p, hwc_u64 w)
{
	int i;

	for (i = 7; i >= 0; i--, w >>= 8)
		p[i] = (hwc_u8)w;
}

/* SP 800-38D Algorithm 1, with the bit tests turned into masks. */
void hwc_gf128_mul(hwc_u8 x[16], const hwc_u8 y[16])
{
	hwc_u64 x0 = load_be64(x), x1 = load_be64(x + 8);
	hwc_u64 v0 = load_be64(y), v1 = load_be64(y + 8);
	hwc_u64 z0 = 0, z1 = 0, m;
	int i;

	for (i = 0; i < 128; i++) {
		m = -(((i < 64 ? x0 >> (63 - i) : x1 >> (127 - i))) & 1);
		z0 ^= v0 & m;
		z1 ^= v1 & m;
		m = -(v1 & 1);
		v1 = (v1 >> 1) | (v0 << 63);
		v0 = (v0 >> 1) ^ (0xe100000000000000ULL & m);
	}
	store_be64(x, z0);
	store_be64(x + 8, z1);
}

void hwc_ghash_generic(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
			  hwc_size nblocks)
{
	for (; nblocks; nblocks--, src += 16) {
		xor16(y, y, src);
		hwc_gf128_mul(y, k->h);
	}
}

static void inc32(hwc_u8 ctr[16])
{
	unsigned int carry = 1;
	int i;

	for (i = 15; i >= 12; i--) {
		carry += ctr[i];
		ctr[i] = (hwc_u8)carry;
		carry >>= 8;
	}
}

static void gcm_generic(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
			const hwc_u8 *src, hwc_size len)
{
	hwc_u8 ks[16], blk[16];
	hwc_size i, n;

	while (len) {
		n = len < 16 ? len : 16;
		hwc_aes_encrypt_block(&k->aes, ks, c->ctr);
		inc32(c->ctr);
		__builtin_memset(blk, 0, 16);
		for (i = 0; i < n; i++) {
			hwc_u8 in = src[i];

			dst[i] = in ^ ks[i];
			blk[i] = enc ? dst[i] : in;
		}
		hwc_ghash_generic(k, c->y, blk, 1);
		src += n;
		dst += n;
		len -= n;
	}
	hwc_memzero_explicit(ks, sizeof(ks));
}

void hwc_gcm_enc_generic(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			    const hwc_u8 *src, hwc_size len)
{
	gcm_generic(k, c, 1, dst, src, len);
}

void hwc_gcm_dec_generic(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			    const hwc_u8 *src, hwc_size len)
{
	gcm_generic(k, c, 0, dst, src, len);
}

const struct hwc_aes_impl hwc_aes_generic = {
	.impl = "generic",
	.features = 0,
	.expand_key = hwc_aes_expand_key,
	.ecb_enc = hwc_aes_ecb_enc_generic,
	.ecb_dec = hwc_aes_ecb_dec_generic,
	.cbc_enc = hwc_aes_cbc_enc_generic,
	.cbc_dec = hwc_aes_cbc_dec_generic,
	.ctr = hwc_aes_ctr_generic,
	.xts_enc = xts_enc_generic,
	.xts_dec = xts_dec_generic,
	.ghash = hwc_ghash_generic,
	.gcm_enc = hwc_gcm_enc_generic,
	.gcm_dec = hwc_gcm_dec_generic,
};

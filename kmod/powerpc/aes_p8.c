// SPDX-License-Identifier: GPL-2.0
/*
 * AES on POWER8 vector crypto (Power ISA 2.07 vcipher/vncipher, vpmsumd): eight independent
 * blocks in flight for the parallel modes, GCM with CTR and GHASH in one pass and one GHASH
 * reduction per eight blocks against the precomputed H^1..H^8.
 *
 * The crypto instructions see a register as a big-endian byte string (byte 0 most significant).
 * On little-endian every block is therefore byte-reversed on load and store (ld/st below), after
 * which its 128-bit value is the block read as a big-endian integer: the AES state in the
 * order vcipher expects, the CTR counter as the crypto API defines it, and the GHASH operand in
 * exactly the form the x86 tier gets from a byte-swapped load, so the stored key powers of
 * hwc_aes.h serve unchanged (their little-endian bytes load as the same 128-bit value).
 *
 * vncipher is InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns: it takes the encryption
 * round keys unchanged, last first, so decryption reads ek[] and leaves dk[] (AESDEC's) alone.
 */
#include "hwc_arch_cores.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <altivec.h>

#define AI static inline __attribute__((always_inline))

typedef __vector unsigned char v8;
typedef __vector unsigned int v32;
typedef __vector unsigned long long v64;
typedef __vector unsigned __int128 v128;

/* Big-endian element order: one load (or store) and one permute on little-endian POWER8. */
AI v64 ld(const void *p)
{
	return (v64)vec_xl_be(0, (const unsigned char *)p);
}

AI void st(void *p, v64 x)
{
	vec_xst_be((v8)x, 0, (unsigned char *)p);
}

/* Block j of a group: the offset goes in an index register, the base pointer moves once. */
AI v64 ldj(const hwc_u8 *p, unsigned int j)
{
	return (v64)vec_xl_be((long)(16 * j), (const unsigned char *)p);
}

AI void stj(hwc_u8 *p, unsigned int j, v64 x)
{
	vec_xst_be((v8)x, (long)(16 * j), (unsigned char *)p);
}

/*
 * Round keys in registers. Every mode body is instantiated once per key size (NR_DISPATCH) so
 * that nr is a constant: the round loops unroll and the keys stay in vector registers.
 */
struct rks {
	v64 k[HWC_AES_MAX_ROUNDS + 1];
	unsigned int nr;
};

AI void load_keys(struct rks *r, const struct hwc_aes_key *key, const unsigned int nr)
{
	unsigned int i;

	r->nr = nr;
#pragma GCC unroll 15
	for (i = 0; i <= nr; i++)
		r->k[i] = ld(key->ek + 16 * i);
}

#define NR_DISPATCH(nr, call)							\
	do {									\
		if ((nr) == 10)							\
			call(10);						\
		else if ((nr) == 12)						\
			call(12);						\
		else								\
			call(14);						\
	} while (0)

/*
 * One block (@enc constant at every call): the decryption rounds are vncipher on the encryption
 * schedule, run from its last round key down.
 */
AI v64 crypt1(const struct rks *r, v64 b, const int enc)
{
	unsigned int i;

	b ^= r->k[enc ? 0 : r->nr];
#pragma GCC unroll 14
	for (i = 1; i < r->nr; i++)
		b = enc ? __builtin_crypto_vcipher(b, r->k[i]) :
			  __builtin_crypto_vncipher(b, r->k[r->nr - i]);
	return enc ? __builtin_crypto_vcipherlast(b, r->k[r->nr]) :
		     __builtin_crypto_vncipherlast(b, r->k[0]);
}

/* Eight blocks, each round key loaded once for all of them. */
AI void crypt8(const struct rks *r, v64 b[8], const int enc)
{
	unsigned int i, j;

#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] ^= r->k[enc ? 0 : r->nr];
#pragma GCC unroll 14
	for (i = 1; i < r->nr; i++) {
		v64 k = r->k[enc ? i : r->nr - i];
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = enc ? __builtin_crypto_vcipher(b[j], k) :
				     __builtin_crypto_vncipher(b[j], k);
	}
#pragma GCC unroll 8
	for (j = 0; j < 8; j++)
		b[j] = enc ? __builtin_crypto_vcipherlast(b[j], r->k[r->nr]) :
			     __builtin_crypto_vncipherlast(b[j], r->k[0]);
}

/*
 * The last 1..15 bytes of a counter-mode stream, XORed with the keystream block @ks through a
 * zero-padded copy so that nothing is read or written past the caller's buffers. Returns the
 * output and leaves in @in the input, each zero-padded to a block, as GHASH takes a partial
 * block.
 */
AI v64 xor_partial(hwc_u8 *dst, const hwc_u8 *src, hwc_size len, v64 ks, v64 *in)
{
	hwc_u8 t[16];
	v64 out;

	__builtin_memset(t, 0, 16);
	__builtin_memcpy(t, src, len);
	*in = ld(t);
	st(t, ks ^ *in);
	__builtin_memcpy(dst, t, len);
	__builtin_memset(t + len, 0, 16 - len);
	out = ld(t);
	hwc_memzero_explicit(t, sizeof(t));
	return out;
}

AI void ecb(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n,
	    const int enc, const unsigned int nr)
{
	struct rks r;
	v64 b[8];
	unsigned int j;

	load_keys(&r, k, nr);
	for (; n >= 8; n -= 8, src += 128, dst += 128) {
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = ldj(src, j);
		crypt8(&r, b, enc);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			stj(dst, j, b[j]);
	}
	for (; n; n--, src += 16, dst += 16)
		st(dst, crypt1(&r, ld(src), enc));
}

AI void cbc_enc(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n,
		 hwc_u8 iv[16], const unsigned int nr)
{
	struct rks r;
	v64 c = ld(iv);

	load_keys(&r, k, nr);
	for (; n; n--, src += 16, dst += 16) {
		c = crypt1(&r, c ^ ld(src), 1);
		st(dst, c);
	}
	st(iv, c);
}

AI void cbc_dec(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n,
		 hwc_u8 iv[16], const unsigned int nr)
{
	struct rks r;
	v64 prev = ld(iv), c[8], b[8];
	unsigned int j;

	load_keys(&r, k, nr);
	for (; n >= 8; n -= 8, src += 128, dst += 128) {
		/* All ciphertext is read before any plaintext is written: in place is allowed. */
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = c[j] = ldj(src, j);
		crypt8(&r, b, 0);
		st(dst, b[0] ^ prev);
#pragma GCC unroll 8
		for (j = 1; j < 8; j++)
			stj(dst, j, b[j] ^ c[j - 1]);
		prev = c[7];
	}
	for (; n; n--, src += 16, dst += 16) {
		v64 x = ld(src);

		st(dst, crypt1(&r, x, 0) ^ prev);
		prev = x;
	}
	st(iv, prev);
}

/* ISA 2.07 adds quadwords (vadduqm): the full 128-bit counter carries for free. */
AI v64 add128(v64 c, unsigned int j)
{
	return (v64)vec_add((v128)c, (v128){ j });
}

AI void ctr_crypt(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
		   hwc_u8 ctr[16], const unsigned int nr)
{
	struct rks r;
	v64 c = ld(ctr), b[8];
	unsigned int j;

	load_keys(&r, k, nr);
	for (; len >= 128; len -= 128, src += 128, dst += 128) {
		b[0] = c;
#pragma GCC unroll 8
		for (j = 1; j < 8; j++)
			b[j] = add128(b[j - 1], 1);
		c = add128(b[7], 1);
		crypt8(&r, b, 1);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			stj(dst, j, b[j] ^ ldj(src, j));
	}
	for (; len; ) {
		v64 ks = crypt1(&r, c, 1);

		c = add128(c, 1);
		if (len >= 16) {
			st(dst, ks ^ ld(src));
			src += 16;
			dst += 16;
			len -= 16;
		} else {
			v64 in;

			xor_partial(dst, src, len, ks, &in);
			len = 0;
		}
	}
	st(ctr, c);
}

void hwc_aes_ecb_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n)
{
#define ECB_ENC(nr) ecb(k, dst, src, n, 1, nr)
	NR_DISPATCH(k->nr, ECB_ENC);
}

void hwc_aes_ecb_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n)
{
#define ECB_DEC(nr) ecb(k, dst, src, n, 0, nr)
	NR_DISPATCH(k->nr, ECB_DEC);
}

void hwc_aes_cbc_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size n, hwc_u8 iv[16])
{
#define CBC_ENC(nr) cbc_enc(k, dst, src, n, iv, nr)
	NR_DISPATCH(k->nr, CBC_ENC);
}

void hwc_aes_cbc_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size n, hwc_u8 iv[16])
{
#define CBC_DEC(nr) cbc_dec(k, dst, src, n, iv, nr)
	NR_DISPATCH(k->nr, CBC_DEC);
}

void hwc_aes_ctr_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size len, hwc_u8 ctr[16])
{
#define CTR(nr) ctr_crypt(k, dst, src, len, ctr, nr)
	NR_DISPATCH(k->nr, CTR);
}

/*
 * T * alpha on the byte-reversed tweak: IEEE 1619 numbers tweaks little-endian, so each byte
 * shifts left by one and takes the top bit of the byte before it; byte 0 (element 15 here) takes
 * the top bit of byte 15 as the reduction 0x87.
 */
AI v64 xts_next(v64 t)
{
	const v8 rot = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0 };
	const v8 fold = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0x87 };
	v8 x = (v8)t;
	v8 top = (v8)vec_sra((__vector signed char)x, vec_splats((unsigned char)7));

	return (v64)(vec_add(x, x) ^ (vec_perm(top, top, rot) & fold));
}

AI void xts_crypt(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
		  hwc_size len, hwc_u8 tweak[16], const unsigned int nr)
{
	struct rks r;
	hwc_size tail = len % 16, full = len / 16 - (tail ? 1 : 0);
	v64 t = ld(tweak), tw[8], b[8];
	unsigned int j;

	load_keys(&r, k, nr);
	for (; full >= 8; full -= 8, src += 128, dst += 128) {
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			tw[j] = t;
			b[j] = ldj(src, j) ^ t;
			t = xts_next(t);
		}
		crypt8(&r, b, enc);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			stj(dst, j, b[j] ^ tw[j]);
	}
	for (; full; full--, src += 16, dst += 16) {
		v64 x = ld(src) ^ t;

		x = crypt1(&r, x, enc);
		st(dst, x ^ t);
		t = xts_next(t);
	}
	if (tail) {
		/* Ciphertext stealing; decryption uses the two last tweaks in swapped order. */
		v64 t2 = xts_next(t), ta = enc ? t : t2, tb = enc ? t2 : t, cc;
		hwc_u8 buf[32];

		cc = ld(src) ^ ta;
		cc = crypt1(&r, cc, enc) ^ ta;
		st(buf, cc);
		__builtin_memcpy(buf + 16, buf, tail);
		__builtin_memcpy(buf, src + 16, tail);
		cc = ld(buf) ^ tb;
		cc = crypt1(&r, cc, enc) ^ tb;
		st(buf, cc);
		__builtin_memcpy(dst, buf, 16 + tail);
		hwc_memzero_explicit(buf, sizeof(buf));
		t = t2;
	}
	st(tweak, t);
}

void hwc_aes_xts_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
#define XTS_ENC(nr) xts_crypt(k, 1, dst, src, len, tweak, nr)
	NR_DISPATCH(k->nr, XTS_ENC);
}

void hwc_aes_xts_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
#define XTS_DEC(nr) xts_crypt(k, 0, dst, src, len, tweak, nr)
	NR_DISPATCH(k->nr, XTS_DEC);
}

/*
 * GHASH. A block X (reversed, bit 127 = x^0) times a stored power P = [Ph:Pl] is the 256-bit
 * [hi:lo] = Xh*Ph << 128 ^ (Xh*Pl ^ Xl*Ph) << 64 ^ Xl*Pl. vpmsumd sums the products of the two
 * doubleword pairs, so each part is one instruction against a form of P: [0:Pl] gives Xl*Pl,
 * [Ph:0] gives Xh*Ph, [Pl:Ph] gives the middle term.
 *
 * lxvd2x on little-endian loads each doubleword of the stored power as a little-endian integer
 * into big-endian doubleword order, i.e. exactly [Pl:Ph]; the two other forms are one permute
 * each. The powers are read per use (the AES round keys keep the registers).
 */
struct gpow {
	v64 pl, pm, ph;
};

AI struct gpow gpow_load(const struct hwc_gcm_key *k, unsigned int i)
{
	const v64 zero = { 0, 0 };
	struct gpow p;

	/* volatile: loop-invariant, the compiler would hoist all 24 forms and spill them. */
	__asm__ volatile("lxvd2x %x0,%y1" : "=v"(p.pm) : "Z"(*(const hwc_u8 (*)[16])k->hpow[i]));
	/* Little-endian elements: element 0 is the low doubleword, here Ph. */
	p.pl = vec_mergel(p.pm, zero);	/* [0 : Pl] */
	p.ph = vec_mergeh(zero, p.pm);	/* [Ph : 0] */
	return p;
}

/* The two doublewords exchanged (a rotation by 8 bytes reads the same in either byte order). */
AI v64 swap64(v64 x)
{
	return vec_sld(x, x, 8);
}

struct gacc {
	v64 lo, mid, hi;
};

AI void gmul_first(struct gacc *a, v64 x, const struct gpow p)
{
	a->lo = __builtin_crypto_vpmsumd(x, p.pl);
	a->mid = __builtin_crypto_vpmsumd(x, p.pm);
	a->hi = __builtin_crypto_vpmsumd(x, p.ph);
}

/* Keeps @v in a register as computed: no reassociation or constant folding through it. */
#define PIN(v) __asm__("" : "+v"(v))

/*
 * Each product goes into its sum at once (PIN): left alone, the compiler computes all 24 before
 * summing and spills them.
 */
AI void gmul_acc(struct gacc *a, v64 x, const struct gpow p)
{
	a->lo ^= __builtin_crypto_vpmsumd(x, p.pl);
	a->mid ^= __builtin_crypto_vpmsumd(x, p.pm);
	a->hi ^= __builtin_crypto_vpmsumd(x, p.ph);
	PIN(a->lo);
	PIN(a->mid);
	PIN(a->hi);
}

/*
 * Folds the 256-bit [hi:lo] = [D3:D2:D1:D0] (bit j = coefficient of x^(255-j)) into 128 bits
 * with x^128 = x^7 + x^2 + x + 1, one doubleword at a time: D0 becomes D0 * (x + x^2 + x^7)
 * (one vpmsumd with 0xc2 << 56, landing one doubleword up) plus D0 itself two doublewords up;
 * then the same for the new D1. The swaps line each doubleword up with where it lands.
 */
AI v64 ghash_reduce(const struct gacc *a)
{
	const v64 zero = { 0, 0 }, poly = { 0xc200000000000000ULL, 0 };
	v64 lo = a->lo ^ vec_mergeh(zero, a->mid);	/* [mid.lo : 0] */
	v64 hi = a->hi ^ vec_mergel(a->mid, zero);	/* [0 : mid.hi] */
	v64 u;

	u = swap64(lo) ^ __builtin_crypto_vpmsumd(lo, poly);
	return hi ^ swap64(u) ^ __builtin_crypto_vpmsumd(u, poly);
}

/* y absorbs one block x: (y ^ x) * H. */
AI v64 ghash1(const struct hwc_gcm_key *k, v64 y, v64 x)
{
	struct gacc a;

	gmul_first(&a, y ^ x, gpow_load(k, HWC_GCM_NPOW - 1));
	return ghash_reduce(&a);
}

/* y absorbs eight blocks: sum of b_j * H^(8-j), y folded into b_0, one reduction. */
AI v64 ghash8(const struct hwc_gcm_key *k, v64 y, const v64 b[8])
{
	struct gacc a;
	unsigned int j;

	gmul_first(&a, y ^ b[0], gpow_load(k, HWC_GCM_NPOW - 8));
#pragma GCC unroll 8
	for (j = 1; j < 8; j++)
		gmul_acc(&a, b[j], gpow_load(k, HWC_GCM_NPOW - 8 + j));
	return ghash_reduce(&a);
}

void hwc_ghash_p8(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n)
{
	v64 acc = ld(y), b[8];
	unsigned int j;

	for (; n >= 8; n -= 8, src += 128) {
#pragma GCC unroll 8
		for (j = 0; j < 8; j++)
			b[j] = ldj(src, j);
		acc = ghash8(k, acc, b);
	}
	for (; n; n--, src += 16)
		acc = ghash1(k, acc, ld(src));
	st(y, acc);
}

/*
 * CTR (inc32) and GHASH of the same eight blocks in one loop body. Decryption hashes its input,
 * so its multiplications are independent of the AES rounds beside them; encryption hashes the
 * ciphertext once the rounds are done, which an out-of-order core overlaps with the next
 * group's rounds. Either way a group needs only its own eight block registers beside the keys.
 */
AI void gcm_crypt(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
		  const hwc_u8 *src, hwc_size len, const unsigned int nr)
{
	struct rks r;
	v64 ctr = ld(c->ctr), y = ld(c->y), b[8], x[8];
	v32 one = { 1, 0, 0, 0 };
	unsigned int j;

	/* One increment register: folded, ctr + 1 + 1 ... become seven constants, spilled. */
	PIN(one);
	load_keys(&r, &k->aes, nr);
	for (; len >= 128; len -= 128, src += 128, dst += 128) {
		/* inc32: only the low 32-bit word counts, and it wraps. */
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			b[j] = ctr;
			ctr = (v64)((v32)ctr + one);
		}
		if (!enc) {
#pragma GCC unroll 8
			for (j = 0; j < 8; j++)
				x[j] = ldj(src, j);
			y = ghash8(k, y, x);
			/* Read the input again below rather than hold it in eight registers. */
			__asm__ volatile("" ::: "memory");
		}
		crypt8(&r, b, 1);
#pragma GCC unroll 8
		for (j = 0; j < 8; j++) {
			b[j] ^= ldj(src, j);
			stj(dst, j, b[j]);
		}
		if (enc)
			y = ghash8(k, y, b);
	}
	for (; len; ) {
		v64 ks = crypt1(&r, ctr, 1), in, out;

		ctr = (v64)((v32)ctr + one);
		if (len >= 16) {
			in = ld(src);
			out = ks ^ in;
			st(dst, out);
			src += 16;
			dst += 16;
			len -= 16;
		} else {
			out = xor_partial(dst, src, len, ks, &in);
			len = 0;
		}
		y = ghash1(k, y, enc ? out : in);
	}
	st(c->ctr, ctr);
	st(c->y, y);
}

void hwc_gcm_enc_p8(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len)
{
#define GCM_ENC(nr) gcm_crypt(k, c, 1, dst, src, len, nr)
	NR_DISPATCH(k->aes.nr, GCM_ENC);
}

void hwc_gcm_dec_p8(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len)
{
#define GCM_DEC(nr) gcm_crypt(k, c, 0, dst, src, len, nr)
	NR_DISPATCH(k->aes.nr, GCM_DEC);
}
#endif

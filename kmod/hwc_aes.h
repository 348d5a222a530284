/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface of hwcrypt's freestanding AES cores (FIPS 197, SP 800-38A/D/E). Like hwc_core.h it
 * includes no kernel or libc header: the same sources build into hwcrypt.ko and the host tests.
 *
 * Every tier shares one key layout, so a key expanded once in setkey serves the SIMD tier and
 * the portable C fallback alike (the glue picks per request, by whether SIMD is usable).
 * Structures carry no alignment attribute: the crypto API only guarantees CRYPTO_MINALIGN for
 * tfm contexts, and the cores use unaligned loads.
 */
#ifndef HWC_AES_H
#define HWC_AES_H

#include "hwc_core.h"

#define HWC_AES_BLOCK		16
#define HWC_AES_MAX_ROUNDS	14
/*
 * GHASH key powers kept per GCM key: enough for the widest tier's aggregated reduction (32
 * blocks), and one more so that a message's last 32 blocks and its length block share one.
 */
#define HWC_GCM_NPOW		33

struct hwc_aes_key {
	/* FIPS 197 round keys 0..nr, bytes in the order of the standard's w[] words. */
	hwc_u8 ek[(HWC_AES_MAX_ROUNDS + 1) * 16];
	/*
	 * Equivalent inverse cipher (FIPS 197 5.3.5), the form AESDEC consumes: dk[0] = ek[nr],
	 * dk[i] = InvMixColumns(ek[nr - i]) for 0 < i < nr, dk[nr] = ek[0].
	 */
	hwc_u8 dk[(HWC_AES_MAX_ROUNDS + 1) * 16];
	hwc_u32 nr;			/* 10, 12 or 14 */
};

struct hwc_gcm_key {
	struct hwc_aes_key aes;
	/*
	 * hpow[i] = H^(HWC_GCM_NPOW - i) * x^-1 in GF(2^128), as the little-endian 128-bit integer
	 * of the byte-reversed block (bit 127 = coefficient of x^0): the form in which a
	 * carry-less multiply of a byte-reversed block needs no one-bit realignment. Descending,
	 * so that the n blocks of an aggregated step find H^n..H^1 at hpow[NPOW - n] onwards.
	 */
	hwc_u8 hpow[HWC_GCM_NPOW][16];
	/* hkar[i] = low 64 bits ^ high 64 bits of hpow[i] (Karatsuba middle operand). */
	hwc_u64 hkar[HWC_GCM_NPOW];
	hwc_u8 h[16];			/* H = E_K(0^128) as a block, for the portable GHASH */
};

/* Running state of one GCM message. */
struct hwc_gcm_ctx {
	hwc_u8 y[16];			/* GHASH accumulator, as a block */
	hwc_u8 ctr[16];			/* next counter block (inc32 of J0 onwards) */
	hwc_u8 j0[16];
	hwc_u64 aadlen, textlen;	/* bytes */
};

/*
 * One implementation tier. Lengths are bytes unless named nblocks. Chained values (iv, ctr,
 * tweak, GHASH state) are in-out so that a request can be fed in pieces.
 *
 * - ctr: any length; a final partial block consumes a whole counter value. The counter is the
 *   full 128-bit big-endian block (the crypto API's ctr(aes)).
 * - xts: @tweak is the already encrypted tweak T (E_K2(IV)); len >= 16. If len is not a
 *   multiple of 16 the call ends the message with ciphertext stealing (IEEE 1619 5.3.2) and
 *   the tweak it leaves is meaningless. Pieces before the last must be whole blocks.
 * - xts_enc_iv/xts_dec_iv (optional, NULL: ecb_enc of @iv under @k2 into @tweak, then
 *   xts_enc/xts_dec): a message's first piece with its tweak made in the same call, T kept in a
 *   register for a short message; @tweak as xts_enc leaves it.
 * - gcm_enc/gcm_dec: CTR (inc32) and GHASH of the ciphertext in one pass; any length, but only
 *   the last piece of a message may be a partial block.
 * - ghash: whole blocks into @y.
 * - gcm_final (optional, NULL: ghash + ecb_enc): GHASH of the length block and E_K(J0) in one
 *   call, the full 16-byte tag into @tag; leaves @c for the framing to wipe.
 * - gcm_enc_final/gcm_dec_final (optional, NULL: gcm_enc/gcm_dec then gcm_final): the last
 *   piece of the text (any length, c->textlen already counting it) and the tag in one call,
 *   so that the length block joins the last aggregated reduction.
 */
struct hwc_aes_impl {
	const char *impl;		/* "generic", "aesni", "vaes-avx2", "vaes-avx512" */
	unsigned int features;		/* HWC_F_* all required */
	/*
	 * HWC_F_* the ghash/gcm entries need on top of @features. A CPU with @features but not
	 * these gets the tier's skcipher drivers only (QEMU's TCG has VAES without VPCLMULQDQ).
	 */
	unsigned int aead_features;
	/*
	 * NULL: the tier serves every mode its functions allow. Else the cra_names it serves, NULL
	 * terminated: an offload engine's tier names the modes the engine runs, not those its
	 * in-core fallback could.
	 */
	const char *const *modes;
	/* 0 or -1 (bad length). Plain C in every tier: setkey need not enter a SIMD section. */
	int (*expand_key)(struct hwc_aes_key *k, const hwc_u8 *key, unsigned int keylen);
	void (*ecb_enc)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks);
	void (*ecb_dec)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks);
	void (*cbc_enc)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks, hwc_u8 iv[16]);
	void (*cbc_dec)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks, hwc_u8 iv[16]);
	void (*ctr)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
		    hwc_u8 ctr[16]);
	void (*xts_enc)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16]);
	void (*xts_dec)(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16]);
	void (*xts_enc_iv)(const struct hwc_aes_key *k, const struct hwc_aes_key *k2, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16], hwc_u8 tweak[16]);
	void (*xts_dec_iv)(const struct hwc_aes_key *k, const struct hwc_aes_key *k2, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16], hwc_u8 tweak[16]);
	void (*ghash)(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
		      hwc_size nblocks);
	void (*gcm_enc)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			const hwc_u8 *src, hwc_size len);
	void (*gcm_dec)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			const hwc_u8 *src, hwc_size len);
	void (*gcm_final)(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, hwc_u8 tag[16]);
	void (*gcm_enc_final)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			      const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
	void (*gcm_dec_final)(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			      const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
};

/*
 * A tier names its cores by one suffix, hwc_aes_<op>_<tier>, hwc_ghash_<tier>, hwc_gcm_<op>_<tier>;
 * these declare a group of them and fill the matching members of its struct hwc_aes_impl
 * entry, so that an arch names each tier once (arch/x86/crypto/aesni-intel_glue.c declares its
 * assembler by suffix alike):
 *   HWC_AES_MODES_*: ecb_enc, ecb_dec, cbc_enc, cbc_dec, ctr
 *   HWC_AES_XTS_*: xts_enc, xts_dec
 *   HWC_AES_XTS_IV_*: xts_enc_iv, xts_dec_iv (the optional fused ones)
 *   HWC_GCM_*: ghash, gcm_enc, gcm_dec
 *   HWC_GCM_FINAL_*: gcm_final, gcm_enc_final, gcm_dec_final (the optional fused ones)
 *   HWC_AES_TIER_INIT: MODES, XTS and GCM, a tier that runs every mode on its own cores, and
 *   expand_key (hwc_aes_expand_key is every tier's key schedule)
 */
#define HWC_AES_MODES_DECLARE(tier)								\
void hwc_aes_ecb_enc_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size nblocks);							\
void hwc_aes_ecb_dec_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size nblocks);							\
void hwc_aes_cbc_enc_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size nblocks, hwc_u8 iv[16]);					\
void hwc_aes_cbc_dec_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size nblocks, hwc_u8 iv[16]);					\
void hwc_aes_ctr_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,		\
		     hwc_size len, hwc_u8 ctr[16])
#define HWC_AES_XTS_DECLARE(tier)								\
void hwc_aes_xts_enc_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size len, hwc_u8 tweak[16]);					\
void hwc_aes_xts_dec_##tier(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,	\
			 hwc_size len, hwc_u8 tweak[16])
#define HWC_AES_XTS_IV_DECLARE(tier)								\
void hwc_aes_xts_enc_iv_##tier(const struct hwc_aes_key *k, const struct hwc_aes_key *k2,	\
			    hwc_u8 *dst, const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16], \
			    hwc_u8 tweak[16]);							\
void hwc_aes_xts_dec_iv_##tier(const struct hwc_aes_key *k, const struct hwc_aes_key *k2,	\
			    hwc_u8 *dst, const hwc_u8 *src, hwc_size len, const hwc_u8 iv[16], \
			    hwc_u8 tweak[16])
#define HWC_GCM_DECLARE(tier)									\
void hwc_ghash_##tier(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,		\
		   hwc_size nblocks);								\
void hwc_gcm_enc_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
		     const hwc_u8 *src, hwc_size len);						\
void hwc_gcm_dec_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
		     const hwc_u8 *src, hwc_size len)
#define HWC_GCM_FINAL_DECLARE(tier)								\
void hwc_gcm_final_##tier(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c,		\
		       hwc_u8 tag[16]);								\
void hwc_gcm_enc_final_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
			   const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);			\
void hwc_gcm_dec_final_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
			   const hwc_u8 *src, hwc_size len, hwc_u8 tag[16])

#define HWC_AES_MODES_INIT(tier)								\
	.ecb_enc = hwc_aes_ecb_enc_##tier,							\
	.ecb_dec = hwc_aes_ecb_dec_##tier,							\
	.cbc_enc = hwc_aes_cbc_enc_##tier,							\
	.cbc_dec = hwc_aes_cbc_dec_##tier,							\
	.ctr = hwc_aes_ctr_##tier
#define HWC_AES_XTS_INIT(tier)									\
	.xts_enc = hwc_aes_xts_enc_##tier,							\
	.xts_dec = hwc_aes_xts_dec_##tier
#define HWC_AES_XTS_IV_INIT(tier)								\
	.xts_enc_iv = hwc_aes_xts_enc_iv_##tier,						\
	.xts_dec_iv = hwc_aes_xts_dec_iv_##tier
#define HWC_GCM_INIT(tier)									\
	.ghash = hwc_ghash_##tier,								\
	.gcm_enc = hwc_gcm_enc_##tier,								\
	.gcm_dec = hwc_gcm_dec_##tier
#define HWC_GCM_FINAL_INIT(tier)								\
	.gcm_final = hwc_gcm_final_##tier,							\
	.gcm_enc_final = hwc_gcm_enc_final_##tier,						\
	.gcm_dec_final = hwc_gcm_dec_final_##tier
#define HWC_AES_TIER_INIT(tier)									\
	.expand_key = hwc_aes_expand_key,							\
	HWC_AES_MODES_INIT(tier),								\
	HWC_AES_XTS_INIT(tier),									\
	HWC_GCM_INIT(tier)

/*
 * Defines a tier's gcm_enc and gcm_dec on one static function that takes the direction after
 * the message state: @crypt(k, c, enc, dst, src, len), enc 1 to encrypt, 0 to decrypt.
 */
#define HWC_GCM_DEFINE(tier, crypt)								\
void hwc_gcm_enc_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
			const hwc_u8 *src, hwc_size len)					\
{												\
	crypt(k, c, 1, dst, src, len);								\
}												\
												\
void hwc_gcm_dec_##tier(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,	\
			const hwc_u8 *src, hwc_size len)					\
{												\
	crypt(k, c, 0, dst, src, len);								\
}

/* The tiers of this arch, portable first, faster later (<arch>/aes_impls.c). */
extern const struct hwc_aes_impl hwc_aes_impls[];
extern const unsigned int hwc_aes_nimpls;
extern const struct hwc_aes_impl hwc_aes_generic;

/* Portable constant-time core (generic/aes.c). */
int hwc_aes_expand_key(struct hwc_aes_key *k, const hwc_u8 *key, unsigned int keylen);
void hwc_aes_encrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16]);
void hwc_aes_decrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16]);
/*
 * Its block modes, as hwc_aes_generic has them: the in-core half of tiers that are not CPU
 * instructions (an offload engine's tier falls back to these).
 */
HWC_AES_MODES_DECLARE(generic);
HWC_GCM_DECLARE(generic);
/* T * alpha in GF(2^128) as IEEE 1619 numbers tweaks (little-endian, x^128 = x^7+x^2+x+1). */
void hwc_xts_mul_alpha(hwc_u8 t[16]);
/* GF(2^128) product in GCM's bit order (SP 800-38D 6.3), constant time. */
void hwc_gf128_mul(hwc_u8 x[16], const hwc_u8 y[16]);

/* Mode framing shared by all tiers (generic/aes_modes.c). */

/* Sets the GCM key: AES key schedule, H and its powers; 0 or -1 on a bad key length. */
int hwc_gcm_setkey(struct hwc_gcm_key *k, const hwc_u8 *key, unsigned int keylen);
/* Starts a message with a 96-bit IV (J0 = IV || 0^31 || 1). */
void hwc_gcm_start(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		   struct hwc_gcm_ctx *c, const hwc_u8 iv[12]);
/* AAD in pieces, all whole blocks but the last; before any text. */
void hwc_gcm_aad(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		 struct hwc_gcm_ctx *c, const hwc_u8 *aad, hwc_size len);
void hwc_gcm_encrypt(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		     struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len);
void hwc_gcm_decrypt(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		     struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len);
/*
 * The last piece of the text and the full 16-byte tag in one call (what the two calls above
 * do, faster on tiers that fuse them). Wipes the message state.
 */
void hwc_gcm_encrypt_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
			   struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
			   hwc_u8 tag[16]);
void hwc_gcm_decrypt_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
			   struct hwc_gcm_ctx *c, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,
			   hwc_u8 tag[16]);
/* The full 16-byte tag; callers truncate. Wipes the message state. */
void hwc_gcm_final(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k,
		   struct hwc_gcm_ctx *c, hwc_u8 tag[16]);

/*
 * cts(cbc(aes)) as the kernel defines it (CBC-CS3: the last two blocks always swapped) for the
 * final 16 < len <= 32 bytes of a message whose earlier blocks went through cbc_enc/cbc_dec
 * with the same @iv. Leaves in @iv the CBC chaining value after the last (padded) block.
 */
void hwc_cts_enc_tail(const struct hwc_aes_impl *impl, const struct hwc_aes_key *k,
		      hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 iv[16]);
void hwc_cts_dec_tail(const struct hwc_aes_impl *impl, const struct hwc_aes_key *k,
		      hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 iv[16]);

/* Constant-time comparison of @n bytes: 0 when equal. */
int hwc_memneq(const void *a, const void *b, hwc_size n);

#endif /* HWC_AES_H */

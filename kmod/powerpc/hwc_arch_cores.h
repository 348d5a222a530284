/* SPDX-License-Identifier: GPL-2.0 */
/*
 * POWER's side of the core interface: the CPU features its tiers need and the tiers themselves.
 * Freestanding like hwc_core.h (the same cores build into hwcrypt.ko and the host tests), and
 * found by the fixed name through -I<arch dir>, as the kernel-side hwc_arch.h is.
 */
#ifndef HWC_ARCH_CORES_H
#define HWC_ARCH_CORES_H

#include "../hwc_aes.h"
#include "../hwc_rsa.h"

/*
 * HWC_F_* bits of the implementation tables' features fields, set by cpu.c (the kernel's CPU
 * feature table) and host_cpu.c (AT_HWCAP/AT_HWCAP2), which also names them.
 */
/* POWER ISA 2.07 (POWER8) vector crypto: vcipher, vpmsumd, vshasigma; VSX usable, little-endian. */
#define HWC_F_P8CRYPTO	(1u << 0)
/* POWER ISA 3.0 (POWER9): maddld/maddhdu, addex. General-purpose registers only. */
#define HWC_F_ARCH300	(1u << 1)
/*
 * POWER ISA 2.07 (POWER8) and later. The RSA tier's mulld/mulhdu/adde are older than that; the
 * bit names the CPUs whose pipelines its sequences were written for. General registers only.
 */
#define HWC_F_ARCH207	(1u << 2)
/*
 * The NX symmetric-crypto coprocessor (PAPR H_COP_OP), found by the kernel side only (nx.c):
 * not a CPU feature, but the tables' tiers ask for it the same way.
 */
#define HWC_F_NX	(1u << 3)

/* The vector crypto tiers, little-endian only. */
void hwc_sha256_blocks_p8(void *state, const hwc_u8 *data, hwc_size nblocks);
void hwc_sha512_blocks_p8(void *state, const hwc_u8 *data, hwc_size nblocks);

/* AES (aes_p8.c): ecb, cbc, ctr, xts, GHASH and GCM. */
void hwc_aes_ecb_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n);
void hwc_aes_ecb_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n);
void hwc_aes_cbc_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size n, hwc_u8 iv[16]);
void hwc_aes_cbc_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size n, hwc_u8 iv[16]);
void hwc_aes_ctr_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size len, hwc_u8 ctr[16]);
void hwc_aes_xts_enc_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16]);
void hwc_aes_xts_dec_p8(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16]);
void hwc_ghash_p8(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n);
void hwc_gcm_enc_p8(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len);
void hwc_gcm_dec_p8(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		    const hwc_u8 *src, hwc_size len);

/* Montgomery arithmetic on mulld/mulhdu with addc/adde/addze (bignum_p8.c), any endianness. */
void hwc_bn_mul_p8(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   hwc_u64 n0, unsigned int nl, hwc_u64 *t);
void hwc_bn_sqr_p8(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		   unsigned int nl, hwc_u64 *t);
void hwc_bn_redc_p8(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl);

/* Montgomery arithmetic on maddld/maddhdu/addex (bignum_p9.c), any endianness. */
void hwc_bn_mul_p9(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   hwc_u64 n0, unsigned int nl, hwc_u64 *t);
void hwc_bn_sqr_p9(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		   unsigned int nl, hwc_u64 *t);
void hwc_bn_redc_p9(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl);

#endif /* HWC_ARCH_CORES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86's side of the core interface: the CPU features its tiers need and the tiers themselves.
 * Freestanding like hwc_core.h (the same cores build into hwcrypt.ko and the host tests), and
 * found by the fixed name through -I<arch dir>, as the kernel-side hwc_arch.h is.
 */
#ifndef HWC_ARCH_CORES_H
#define HWC_ARCH_CORES_H

#include "../hwc_aes.h"
#include "../hwc_rsa.h"

/*
 * HWC_F_* bits of the implementation tables' features fields. cpu.c (boot_cpu_has() and XCR0)
 * and host_cpu.c (cpuid and XCR0) map the CPU onto them; host_cpu.c also names them.
 * Vector-state bits (AVX and above) are set only if the OS saves those registers.
 */
#define HWC_F_SSE41	(1u << 0)
#define HWC_F_SHANI	(1u << 1)
#define HWC_F_AVX	(1u << 2)
#define HWC_F_AVX2	(1u << 3)
#define HWC_F_BMI2	(1u << 4)
#define HWC_F_AESNI	(1u << 5)
#define HWC_F_PCLMUL	(1u << 6)
#define HWC_F_VAES	(1u << 7)
#define HWC_F_VPCLMUL	(1u << 8)
/* AVX-512 F + BW + VL, and the zmm policy (cpu.c's zmm= parameter) allows zmm code. */
#define HWC_F_AVX512	(1u << 9)
#define HWC_F_ADX	(1u << 10)
/* AVX-512 IFMA (vpmadd52luq/huq) with AVX512F; zmm code like HWC_F_AVX512, same policy. */
#define HWC_F_IFMA	(1u << 11)

/* Callable only when the CPU has the features of their table entry. */
void hwc_sha1_blocks_shani(void *state, const hwc_u8 *data, hwc_size nblocks);
void hwc_sha256_blocks_shani(void *state, const hwc_u8 *data, hwc_size nblocks);
void hwc_sha512_blocks_avx2(void *state, const hwc_u8 *data, hwc_size nblocks);
/*
 * Which rounds hwc_sha512_blocks_avx2 runs: 0 narrow (fewest operations a round, the next
 * pair's schedule pipelined: four-ALU cores), 1 wide (shorter chain between rounds, each pair
 * scheduled in its own rounds: six-ALU cores). Set before any request and not changed while
 * one runs: the kernel module times both at load (x86/cpu.c), the host tests run both.
 */
extern int hwc_sha512_wide;

/* AES-NI tier: ecb, cbc, ctr, xts (aes_ni_modes.c), GHASH and GCM (gcm_ni.c). */
void hwc_aes_ecb_enc_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n);
void hwc_aes_ecb_dec_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n);
void hwc_aes_cbc_enc_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			   hwc_size n, hwc_u8 iv[16]);
void hwc_aes_cbc_dec_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			   hwc_size n, hwc_u8 iv[16]);
void hwc_aes_ctr_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		       hwc_size len, hwc_u8 ctr[16]);
void hwc_aes_xts_enc_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			   hwc_size len, hwc_u8 tweak[16]);
void hwc_aes_xts_dec_aesni(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			   hwc_size len, hwc_u8 tweak[16]);
void hwc_ghash_aesni(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n);
void hwc_gcm_enc_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		       const hwc_u8 *src, hwc_size len);
void hwc_gcm_dec_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
		       const hwc_u8 *src, hwc_size len);
void hwc_gcm_final_aesni(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c, hwc_u8 tag[16]);
void hwc_gcm_enc_final_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
void hwc_gcm_dec_final_aesni(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
/* GHASH and fused GCM of the VAES tiers (gcm_vaes_avx2.c, gcm_vaes_avx512.c on gcm_vaes.h). */
void hwc_ghash_vaes_avx2(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src, hwc_size n);
void hwc_gcm_enc_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len);
void hwc_gcm_final_vaes_avx2(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c,
			     hwc_u8 tag[16]);
void hwc_gcm_dec_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			   const hwc_u8 *src, hwc_size len);
void hwc_gcm_enc_final_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				 hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
void hwc_gcm_dec_final_vaes_avx2(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				 hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
void hwc_ghash_vaes_avx512(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
			   hwc_size n);
void hwc_gcm_enc_vaes_avx512(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len);
void hwc_gcm_final_vaes_avx512(const struct hwc_gcm_key *k, const struct hwc_gcm_ctx *c,
			       hwc_u8 tag[16]);
void hwc_gcm_dec_vaes_avx512(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, hwc_u8 *dst,
			     const hwc_u8 *src, hwc_size len);
void hwc_gcm_enc_final_vaes_avx512(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				   hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);
void hwc_gcm_dec_final_vaes_avx512(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c,
				   hwc_u8 *dst, const hwc_u8 *src, hwc_size len, hwc_u8 tag[16]);

/* VAES skcipher modes (aes_vaes_avx2.c, aes_vaes_avx512.c on the body in aes_modes.h): ymm (VAES + AVX2) and zmm (VAES + AVX-512) tiers. */
void hwc_aes_ecb_enc_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n);
void hwc_aes_ecb_dec_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n);
void hwc_aes_cbc_enc_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n, hwc_u8 iv[16]);
void hwc_aes_cbc_dec_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n, hwc_u8 iv[16]);
void hwc_aes_ctr_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			 hwc_size len, hwc_u8 ctr[16]);
void hwc_aes_xts_enc_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size len, hwc_u8 tweak[16]);
void hwc_aes_xts_dec_vaes_avx2(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size len, hwc_u8 tweak[16]);
void hwc_aes_ecb_enc_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n);
void hwc_aes_ecb_dec_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n);
void hwc_aes_cbc_enc_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n, hwc_u8 iv[16]);
void hwc_aes_cbc_dec_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size n, hwc_u8 iv[16]);
void hwc_aes_ctr_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			 hwc_size len, hwc_u8 ctr[16]);
/*
 * How the zmm XTS main loop advances its tweaks: 0 by shifts and adds (any AVX-512 CPU), 1 by
 * one VPCLMULQDQ per register (needs HWC_F_VPCLMUL). Set before any request and not changed
 * while one runs: the kernel module times both at load (x86/cpu.c), the host tests run both.
 */
extern int hwc_xts_zmm_clmul;
/*
 * How the zmm GCM bulk loop multiplies in GHASH: 0 Karatsuba (three VPCLMULQDQ a block), 1
 * schoolbook (four, no operand preparation). The same rules as hwc_xts_zmm_clmul.
 */
extern int hwc_gcm_zmm_schoolbook;
void hwc_aes_xts_enc_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size len, hwc_u8 tweak[16]);
void hwc_aes_xts_dec_vaes_avx512(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size len, hwc_u8 tweak[16]);

/* MULX/ADX Montgomery arithmetic (bignum_adx.c): general-purpose registers only. */
void hwc_bn_mul_adx(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		    hwc_u64 n0, unsigned int nl, hwc_u64 *t);
void hwc_bn_sqr_adx(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		    unsigned int nl, hwc_u64 *t);
void hwc_bn_redc_adx(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl);

/* AVX-512 IFMA: the exponentiation in radix 2^52 (bignum_ifma.c). */
int hwc_bn_modexp2_ifma(const struct hwc_bn_exp2 *x, unsigned int count, unsigned int e1limbs,
			unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
			const struct hwc_rsa_yield *y);
hwc_size hwc_bn_modexp2_ifma_ws_limbs(unsigned int nl, unsigned int ebits);

#endif /* HWC_ARCH_CORES_H */

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
hwc_hash_blocks_fn hwc_sha1_blocks_shani;
hwc_hash_blocks_fn hwc_sha256_blocks_shani;
hwc_hash_blocks_fn hwc_sha512_blocks_avx2;
/* The same rounds, the message schedule on AVX-512VL (zmm policy as HWC_F_AVX512). */
hwc_hash_blocks_fn hwc_sha512_blocks_avx512;
/*
 * Which rounds hwc_sha512_blocks_avx2 and _avx512 run: 0 narrow (fewest operations a round, the next
 * pair's schedule pipelined: four-ALU cores), 1 wide (shorter chain between rounds, each pair
 * scheduled in its own rounds: six-ALU cores). Set before any request and not changed while
 * one runs: the kernel module times both at load (x86/cpu.c), the host tests run both.
 */
extern int hwc_sha512_wide;

/* AES-NI tier: ecb, cbc, ctr, xts (aes_ni_modes.c), GHASH and GCM (gcm_ni.c). */
HWC_AES_MODES_DECLARE(aesni);
HWC_AES_XTS_DECLARE(aesni);
HWC_GCM_DECLARE(aesni);
HWC_GCM_FINAL_DECLARE(aesni);
/* GHASH and fused GCM of the VAES tiers (gcm_vaes_avx2.c, gcm_vaes_avx512.c on gcm_vaes.h). */
HWC_GCM_DECLARE(vaes_avx2);
HWC_GCM_FINAL_DECLARE(vaes_avx2);
HWC_GCM_DECLARE(vaes_avx512);
HWC_GCM_FINAL_DECLARE(vaes_avx512);
HWC_AES_XTS_IV_DECLARE(vaes_avx512);

/*
 * VAES skcipher modes (aes_vaes_avx2.c, aes_vaes_avx512.c on the body in aes_modes.h): ymm
 * (VAES + AVX2) and zmm (VAES + AVX-512) tiers.
 */
HWC_AES_MODES_DECLARE(vaes_avx2);
HWC_AES_XTS_DECLARE(vaes_avx2);
HWC_AES_MODES_DECLARE(vaes_avx512);
HWC_AES_XTS_DECLARE(vaes_avx512);
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

/* MULX/ADX Montgomery arithmetic (bignum_adx.c): general-purpose registers only. */
HWC_BN_MONT_DECLARE(adx);

/* AVX-512 IFMA: the exponentiation in radix 2^52 (bignum_ifma.c). */
int hwc_bn_modexp2_ifma(const struct hwc_bn_exp2 *x, unsigned int count, unsigned int e1limbs,
			unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
			const struct hwc_rsa_yield *y);
hwc_size hwc_bn_modexp2_ifma_ws_limbs(unsigned int nl, unsigned int ebits);

#endif /* HWC_ARCH_CORES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SPARC's side of the core interface: the CPU features its tiers need and the tiers themselves
 * (the T4 hash, AES and Montgomery opcodes). Freestanding like hwc_core.h, and found by the fixed
 * name through -I<arch dir>, as the kernel-side hwc_arch.h is.
 */
#ifndef HWC_ARCH_CORES_H
#define HWC_ARCH_CORES_H

#include "../hwc_aes.h"
#include "../hwc_rsa.h"

/*
 * HWC_F_* bits of the implementation tables' features fields: the T4 crypto units, each set
 * only when the kernel reports the crypto hwcap and the CFR register has the unit (cpu.c).
 */
#define HWC_F_AES	(1u << 0)
#define HWC_F_SHA1	(1u << 1)
#define HWC_F_SHA256	(1u << 2)
#define HWC_F_SHA512	(1u << 3)
#define HWC_F_MPMUL	(1u << 4)
#define HWC_F_MONTMUL	(1u << 5)
#define HWC_F_MONTSQR	(1u << 6)

/*
 * T4 hash tiers (sha_t4.c): whole blocks on the sha1/sha256/sha512 opcodes, any alignment of
 * @data; @state 8-byte aligned (a struct hwc_md_state's h, as every caller passes). They use
 * the FP registers: callers in the kernel run them between hwc_simd_begin() and hwc_simd_end().
 */
hwc_hash_blocks_fn hwc_sha1_blocks_t4;
hwc_hash_blocks_fn hwc_sha256_blocks_t4;
hwc_hash_blocks_fn hwc_sha512_blocks_t4;

/*
 * T4 AES tier (aes_t4.c): the AES round opcodes, GHASH on the VIS3 xmulx/xmulxhi. Any alignment
 * of the data (misaligned buffers go through an aligned bounce buffer). The key is
 * hwc_aes_expand_key's: ek serves both directions, dk is unused. Callers in the kernel run
 * them between hwc_simd_begin() and hwc_simd_end().
 */
HWC_AES_MODES_DECLARE(t4);
HWC_AES_XTS_DECLARE(t4);
HWC_GCM_DECLARE(t4);

/*
 * T4 Montgomery tier (bignum_t4.c): the exponentiation on MONTMUL/MONTSQR for moduli of up to
 * 32 limbs (struct hwc_bn_impl's modexp2 hook), and one bare opcode for the emulator's check.
 */
int hwc_bn_modexp2_t4(const struct hwc_bn_exp2 *x, unsigned int count, unsigned int e1limbs,
		      unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
		      const struct hwc_rsa_yield *y);
int hwc_bn_mul_t4_raw(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		      hwc_u64 n0, unsigned int nl, int sqr);

#endif /* HWC_ARCH_CORES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SPARC's side of the core interface: the CPU features its tiers need and the tiers themselves
 * (the T4 hash opcodes; AES and Montgomery tiers come here). Freestanding like hwc_core.h, and found by the fixed
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
 * @data. They use the FP registers: callers in the kernel run them between hwc_simd_begin()
 * and hwc_simd_end().
 */
void hwc_sha1_blocks_t4(void *state, const hwc_u8 *data, hwc_size nblocks);
void hwc_sha256_blocks_t4(void *state, const hwc_u8 *data, hwc_size nblocks);
void hwc_sha512_blocks_t4(void *state, const hwc_u8 *data, hwc_size nblocks);

#endif /* HWC_ARCH_CORES_H */

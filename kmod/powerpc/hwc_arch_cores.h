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
hwc_hash_blocks_fn hwc_sha256_blocks_p8;
hwc_hash_blocks_fn hwc_sha512_blocks_p8;

/* AES (aes_p8.c): ecb, cbc, ctr, xts, GHASH and GCM. */
HWC_AES_MODES_DECLARE(p8);
HWC_AES_XTS_DECLARE(p8);
HWC_GCM_DECLARE(p8);

/* Montgomery arithmetic on mulld/mulhdu with addc/adde/addze (bignum_p8.c), any endianness. */
HWC_BN_MONT_DECLARE(p8);

/* Montgomery arithmetic on maddld/maddhdu/addex (bignum_p9.c), any endianness. */
HWC_BN_MONT_DECLARE(p9);

#endif /* HWC_ARCH_CORES_H */

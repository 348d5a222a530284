/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SPARC's side of the core interface: the CPU features its tiers need and the tiers themselves
 * (none yet: T4 opcode tiers come here). Freestanding like hwc_core.h, and found by the fixed
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

#endif /* HWC_ARCH_CORES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every cra_name and driver name hwcrypt can register on SPARC, one HWC_ALIAS() each; see
 * x86/hwc_aliases.h for why the list is kept by hand and what checks it. No opcode tier yet:
 * only the constant-time portable RSA, which registers on every CPU.
 */
HWC_ALIAS("rsa")
HWC_ALIAS("rsa-hwcrypt-generic")

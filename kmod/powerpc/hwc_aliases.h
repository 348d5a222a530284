/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every cra_name and driver name hwcrypt can register on POWER (little-endian: the vector tiers
 * exist only there), one HWC_ALIAS() each; see x86/hwc_aliases.h for why the list is kept by
 * hand and what checks it. No SHA-1: no POWER instruction helps it.
 */
HWC_ALIAS("sha224")
HWC_ALIAS("sha224-hwcrypt-p8")
HWC_ALIAS("sha256")
HWC_ALIAS("sha256-hwcrypt-p8")
HWC_ALIAS("sha384")
HWC_ALIAS("sha384-hwcrypt-p8")
HWC_ALIAS("sha512")
HWC_ALIAS("sha512-hwcrypt-p8")
HWC_ALIAS("ecb(aes)")
HWC_ALIAS("ecb-aes-hwcrypt-p8")
HWC_ALIAS("cbc(aes)")
HWC_ALIAS("cbc-aes-hwcrypt-p8")
HWC_ALIAS("ctr(aes)")
HWC_ALIAS("ctr-aes-hwcrypt-p8")
HWC_ALIAS("xts(aes)")
HWC_ALIAS("xts-aes-hwcrypt-p8")
HWC_ALIAS("cts(cbc(aes))")
HWC_ALIAS("cts-cbc-aes-hwcrypt-p8")
HWC_ALIAS("gcm(aes)")
HWC_ALIAS("gcm-aes-hwcrypt-p8")
HWC_ALIAS("rfc4106(gcm(aes))")
HWC_ALIAS("rfc4106-gcm-aes-hwcrypt-p8")
HWC_ALIAS("rsa")
HWC_ALIAS("rsa-hwcrypt-p9")
HWC_ALIAS("rsa-hwcrypt-p8")
HWC_ALIAS("rsa-hwcrypt-generic")

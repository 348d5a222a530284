/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every cra_name and driver name hwcrypt can register on SPARC, one HWC_ALIAS() each; see
 * x86/hwc_aliases.h for why the list is kept by hand and what checks it. The T4 hash and AES
 * opcodes, RSA on the T4 MONTMUL/MONTSQR opcodes, and the constant-time portable RSA, which
 * registers on every CPU.
 */
HWC_ALIAS("sha1")
HWC_ALIAS("sha1-hwcrypt-t4")
HWC_ALIAS("sha224")
HWC_ALIAS("sha224-hwcrypt-t4")
HWC_ALIAS("sha256")
HWC_ALIAS("sha256-hwcrypt-t4")
HWC_ALIAS("sha384")
HWC_ALIAS("sha384-hwcrypt-t4")
HWC_ALIAS("sha512")
HWC_ALIAS("sha512-hwcrypt-t4")
HWC_ALIAS("ecb(aes)")
HWC_ALIAS("ecb-aes-hwcrypt-t4")
HWC_ALIAS("cbc(aes)")
HWC_ALIAS("cbc-aes-hwcrypt-t4")
HWC_ALIAS("ctr(aes)")
HWC_ALIAS("ctr-aes-hwcrypt-t4")
HWC_ALIAS("xts(aes)")
HWC_ALIAS("xts-aes-hwcrypt-t4")
HWC_ALIAS("cts(cbc(aes))")
HWC_ALIAS("cts-cbc-aes-hwcrypt-t4")
HWC_ALIAS("gcm(aes)")
HWC_ALIAS("gcm-aes-hwcrypt-t4")
HWC_ALIAS("rfc4106(gcm(aes))")
HWC_ALIAS("rfc4106-gcm-aes-hwcrypt-t4")
HWC_ALIAS("rsa")
HWC_ALIAS("rsa-hwcrypt-t4")
HWC_ALIAS("rsa-hwcrypt-generic")

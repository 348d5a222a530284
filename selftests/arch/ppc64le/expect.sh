# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034
# ppc64le expectations of the guest oracle (sourced by selftests/guest/hwc.sh after lib.sh).

# POWER has no feature flags in /proc/cpuinfo: AT_HWCAP2 (type 26) from the auxiliary vector
# (od's own): hwc_ppc_hwcap2 MASK; PPC_FEATURE2_VEC_CRYPTO = 0x02000000.
hwc_ppc_hwcap2() {
	_hwc_cap2=$(od -An -v -tx8 /proc/self/auxv | awk '{ for (i = 1; i <= NF; i++) v[n++] = $i }
		END { for (i = 0; i < n; i += 2) if (v[i] ~ /^0*1a$/) print v[i + 1] }')
	[ -n "$_hwc_cap2" ] && [ $((0x$_hwc_cap2 & $1)) != 0 ]
}

hwc_ppc_vec_crypto() {
	hwc_ppc_hwcap2 0x02000000
}

hwc_expected_hash_drivers() {
	hwc_ppc_vec_crypto && echo sha224-hwcrypt-p8 sha256-hwcrypt-p8 sha384-hwcrypt-p8 sha512-hwcrypt-p8
	return 0
}

# The NX coprocessor's tier (kmod/powerpc/nx.c): where the guest has the device node.
hwc_nx_present() {
	[ -d /proc/device-tree/ibm,platform-facilities/ibm,sym-encryption-v1 ]
}

hwc_expected_offload_drivers() {
	hwc_nx_present || return 0
	echo sha224-hwcrypt-nx sha256-hwcrypt-nx sha384-hwcrypt-nx sha512-hwcrypt-nx
	echo ecb-aes-hwcrypt-nx cbc-aes-hwcrypt-nx ctr-aes-hwcrypt-nx gcm-aes-hwcrypt-nx
	echo rfc4106-gcm-aes-hwcrypt-nx
}

hwc_aes_impls() {
	hwc_ppc_vec_crypto && echo p8
	return 0
}

hwc_aes_tier_has_aead() {
	return 0
}

# The in-tree vmx drivers sit at 2000 and 2100, so kmod/powerpc/hwc_arch.h raises the AES offset.
hwc_aes_priority_offset() {
	echo 1700
}

# POWER9 and later (PPC_FEATURE2_ARCH_3_00 = 0x00800000 in AT_HWCAP2): the maddld/addex tier, as
# kmod/powerpc/cpu.c picks it on CPU_FTR_ARCH_300; POWER8 (PPC_FEATURE2_ARCH_2_07 = 0x80000000,
# CPU_FTR_ARCH_207S) the mulld/adde one; else the portable constant-time one.
hwc_expected_rsa_drivers() {
	if hwc_ppc_hwcap2 0x00800000; then
		echo rsa-hwcrypt-p9
	elif hwc_ppc_hwcap2 0x80000000; then
		echo rsa-hwcrypt-p8
	else
		echo rsa-hwcrypt-generic
	fi
}

# pseries under QEMU's x-vof firmware has a blank NVRAM, which the kernel reports as corrupt.
HWC_ARCH_DMESG_IGNORE='nvram corruption detected'

# Whether the CPU's modalias must load hwcrypt (kmod/powerpc/cpu.c's device table).
hwc_autoload_expected() {
	hwc_ppc_vec_crypto
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# sparc64 expectations of the guest oracle (sourced by selftests/guest/hwc.sh after lib.sh),
# from the guest's own /proc/cpuinfo: its "cpucaps" line names the T4 crypto units (the CFR
# bits) only where the kernel set HWCAP_SPARC_CRYPTO. The guest is QEMU's sun4u: on the default
# CPU (UltraSPARC IIi) nothing; with the project's T4 QEMU and -cpu TI-UltraSparc-IIi,+crypto
# the test kernel's patch sets the hwcap and cpucaps lists aes, sha1, sha256, sha512, mpmul,
# montmul, montsqr.

# hwc_sparc_cap NAME: /proc/cpuinfo's cpucaps lists NAME.
hwc_sparc_cap() {
	grep -m1 '^cpucaps' /proc/cpuinfo | sed 's/^[^:]*: *//' | tr ',' '\n' | grep -qx "$1"
}

hwc_expected_hash_drivers() {
	if hwc_sparc_cap sha1; then
		echo sha1-hwcrypt-t4
	fi
	if hwc_sparc_cap sha256; then
		echo sha224-hwcrypt-t4 sha256-hwcrypt-t4
	fi
	if hwc_sparc_cap sha512; then
		echo sha384-hwcrypt-t4 sha512-hwcrypt-t4
	fi
}

# The T4 AES unit (cpucaps "aes"): the t4 tier, all modes.
hwc_aes_impls() {
	! hwc_sparc_cap aes || echo t4
	return 0
}

# GCM's GHASH needs only VIS3's xmulx, which every CPU with the AES unit has.
hwc_aes_tier_has_aead() {
	return 0
}

hwc_aes_priority_offset() {
	echo 400
}

# RSA on every CPU (the portable tier is constant-time, unlike the kernel's rsa-generic); the
# registry keeps the best tier: t4 where the Montgomery units are.
hwc_expected_rsa_drivers() {
	if hwc_sparc_cap montmul && hwc_sparc_cap montsqr; then
		echo rsa-hwcrypt-t4
	else
		echo rsa-hwcrypt-generic
	fi
}

# Whether the CPU's modalias must load hwcrypt: the sparc table matches sun4v cpu nodes of the
# OF tree, not the CPU modalias this guest (sun4u) has, if any.
hwc_autoload_expected() {
	return 1
}

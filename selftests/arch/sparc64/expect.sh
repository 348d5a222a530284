# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# sparc64 expectations of the guest oracle (sourced by selftests/guest/hwc.sh after lib.sh). The
# guest is QEMU's sun4u (UltraSPARC IIi): no T4 crypto opcodes (the kernel sets
# HWCAP_SPARC_CRYPTO only from a sun4v machine description), so hwcrypt registers nothing. When
# kmod/sparc gains tiers, these name them for a CPU whose /proc/cpuinfo lists the opcodes.

hwc_expected_hash_drivers() {
	return 0
}

hwc_aes_impls() {
	return 0
}

hwc_aes_tier_has_aead() {
	return 0
}

hwc_aes_priority_offset() {
	echo 400
}

hwc_expected_rsa_drivers() {
	echo rsa-hwcrypt-generic
}

# Whether the CPU's modalias must load hwcrypt: the sparc table matches sun4v cpu nodes of the
# OF tree, not the CPU modalias this guest (sun4u) has, if any.
hwc_autoload_expected() {
	return 1
}

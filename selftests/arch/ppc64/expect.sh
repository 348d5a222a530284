# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # the HWC_ARCH_* settings are read by hwc.sh
# ppc64 (big-endian) expectations of the guest oracle (sourced by selftests/guest/hwc.sh): this
# guest validates the NX model with Linux's own NX driver, then loads hwcrypt, whose only
# drivers here are the NX coprocessor's tier (the vector tiers are little-endian only).

hwc_ppc_vec_crypto() {
	return 1
}

hwc_nx_present() {
	[ -d /proc/device-tree/ibm,platform-facilities/ibm,sym-encryption-v1 ]
}

hwc_expected_offload_drivers() {
	hwc_nx_present || return 0
	echo sha224-hwcrypt-nx sha256-hwcrypt-nx sha384-hwcrypt-nx sha512-hwcrypt-nx
	echo ecb-aes-hwcrypt-nx cbc-aes-hwcrypt-nx ctr-aes-hwcrypt-nx gcm-aes-hwcrypt-nx
	echo rfc4106-gcm-aes-hwcrypt-nx
}

hwc_expected_hash_drivers() {
	return 0
}

hwc_aes_impls() {
	return 0
}

hwc_aes_tier_has_aead() {
	return 1
}

hwc_aes_priority_offset() {
	echo 0
}

hwc_expected_rsa_drivers() {
	return 0
}

# The kernel's own drivers this guest must have, self-tested (12-peers): Linux's NX driver on
# the functions the coprocessor node's ibm,max-sync-cop advertises (big-endian words: function
# code, mode, n, then n triplets; this guest is big-endian, so od reads them as they are).
hwc_expected_peer_drivers() {
	_nx=/proc/device-tree/ibm,platform-facilities/ibm,sym-encryption-v1
	[ -f "$_nx/ibm,max-sync-cop" ] || return 0
	# shellcheck disable=SC2020 # spaces and newlines both become one newline
	od -An -v -tu4 "$_nx/ibm,max-sync-cop" | tr -s ' \n' '\n\n' | sed '/^$/d' | {
		while read -r fc && read -r mode && read -r n; do
			case $fc/$mode in
			0/0) echo ecb-aes-nx ;;
			0/1) echo cbc-aes-nx ;;
			0/4) echo gcm-aes-nx rfc4106-gcm-aes-nx ;;
			0/7) echo rfc3686-ctr-aes-nx ;;
			2/0) echo sha256-nx sha512-nx ;;
			esac
			while [ "$n" -gt 0 ] && read -r _ && read -r _ && read -r _; do
				n=$((n - 1))
			done
		done
	}
}

# pseries under QEMU's x-vof firmware has a blank NVRAM, which the kernel reports as corrupt.
HWC_ARCH_DMESG_IGNORE='nvram corruption detected'

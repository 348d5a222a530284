# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# ppc64 (big-endian) expectations of the guest oracle (sourced by selftests/guest/hwc.sh): this
# guest validates the NX model with Linux's own NX driver; hwcrypt registers nothing here yet.

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
# the functions the model advertises, where the device tree has the coprocessor.
hwc_expected_peer_drivers() {
	if [ -d /proc/device-tree/ibm,platform-facilities/ibm,sym-encryption-v1 ]; then
		echo ecb-aes-nx cbc-aes-nx rfc3686-ctr-aes-nx gcm-aes-nx rfc4106-gcm-aes-nx sha256-nx sha512-nx
	fi
}

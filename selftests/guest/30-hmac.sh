#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's hmac template instantiates over hwcrypt's drivers, and its output over AF_ALG
# equals OpenSSL's HMAC for keys shorter than, equal to and longer than a block.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
hwc_load_clean

dir=$(scratch_dir)
head -c 100003 /dev/urandom >"$dir/msg"
for drv in $(hwc_expected_hash_drivers); do
	alg=${drv%%-*}
	# Shorter than, equal to and longer than the block (HMAC hashes a longer key first).
	case $alg in sha384 | sha512) bs=128 ;; *) bs=64 ;; esac
	for klen in 1 32 $bs $((bs + 8)); do
		head -c "$klen" /dev/urandom >"$dir/key"
		key=$(od -An -v -tx1 <"$dir/key" | tr -d ' \n')
		want=$(openssl dgst -"$alg" -mac HMAC -macopt "hexkey:$key" -r "$dir/msg" | cut -d' ' -f1)
		# kcapi-dgst 1.4.0 reads at most 32 key bytes from --keyfd: longer keys only via our CLI.
		if [ "$klen" -le 32 ]; then
			got=$(kcapi-dgst -c "hmac($drv)" --keyfd 3 --hex <"$dir/msg" 3<"$dir/key" 2>&1)
			check_eq "kcapi-dgst hmac($drv) key $klen bytes == openssl" "$want" "$got"
		fi
		got=$("$HWC_CLI" dgst -a "$alg" --driver "hmac($drv)" --hmac "$key" "$dir/msg" 2>&1 | cut -d' ' -f1)
		check_eq "hwcrypt dgst --hmac hmac($drv) key $klen bytes == openssl" "$want" "$got"
	done
	check_eq "hmac($drv) instance selftest" passed "$(crypto_field "hmac($drv)" selftest)"
done
rm -rf "$dir"
hwc_rmmod

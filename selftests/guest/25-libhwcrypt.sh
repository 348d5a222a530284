#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# libhwcrypt's own calls on hwcrypt's drivers (test_libhwcrypt.c, built on the host).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
prog=$HWC_REPO/selftests/build/test_libhwcrypt
if [ ! -x "$prog" ]; then
	fail "test_libhwcrypt" "$prog not built (make -C selftests guest-progs)"
	exit 0
fi
hwc_load_clean
# shellcheck disable=SC2046 # one argument per driver
"$prog" $(hwc_expected_hash_drivers) >/tmp/libtest.out 2>&1
rc=$?
while IFS= read -r line; do
	case "$line" in
	PASS:*) pass "${line#PASS: }" ;;
	FAIL:*) fail "${line#FAIL: }" ;;
	esac
done </tmp/libtest.out
[ $rc = 0 ] || fail "test_libhwcrypt exit status" "$rc"

# skcipher/aead calls on the AES drivers, against OpenSSL and the kernel's generic templates.
cprog=$HWC_REPO/selftests/build/test_libcipher
# The first AES tier (aesni on x86, p8 on POWER) has every skcipher and aead driver.
cimpl=$(hwc_aes_impls | head -n 1)
if [ -z "$cimpl" ]; then
	skip "test_libcipher" "no AES tier of hwcrypt for this CPU"
elif [ ! -x "$cprog" ]; then
	fail "test_libcipher" "$cprog not built (make -C selftests guest-progs)"
else
	modprobe crypto_user 2>/dev/null
	seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	"$cprog" "$cimpl" "$seed" >/tmp/libcipher.out 2>&1
	rc=$?
	while IFS= read -r line; do
		case "$line" in
		PASS:*) pass "${line#PASS: }" ;;
		FAIL:*) fail "${line#FAIL: }" "seed $seed" ;;
		INFO:*) info "${line#INFO: }" ;;
		esac
	done </tmp/libcipher.out
	[ $rc = 0 ] || fail "test_libcipher exit status" "$rc (replay: test_libcipher $cimpl $seed)"
fi
hwc_rmmod

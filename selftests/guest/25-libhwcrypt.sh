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
"$prog" $(hwc_expected_hash_drivers) >/tmp/libtest.out 2>&1
rc=$?
while IFS= read -r line; do
	case "$line" in
	PASS:*) pass "${line#PASS: }" ;;
	FAIL:*) fail "${line#FAIL: }" ;;
	esac
done </tmp/libtest.out
[ $rc = 0 ] || fail "test_libhwcrypt exit status" "$rc"
hwc_rmmod

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hwcrypt's AES skcipher/aead drivers over AF_ALG: self-tested, the kernel's choice, equal to
# OpenSSL for random keys/IVs/AAD/sizes in random sendmsg pieces; bad input refused cleanly.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

prog=$HWC_REPO/selftests/build/test_aes_afalg
impls=$(hwc_aes_impls)
if [ -z "$impls" ]; then
	skip "aes" "no AES tier of hwcrypt for this CPU"
	exit 0
fi
[ -x "$prog" ] || { fail "test program" "$prog missing (make -C selftests guest-progs)"; exit 0; }
check_cmd "insmod" hwc_load_clean
modprobe crypto_user 2>/dev/null

# Every tier this CPU gets (its drivers all registered), not only the kernel's choice.
# shellcheck disable=SC2086,SC2116 # echo joins the list with single spaces
info "AES tiers: $(echo $impls)"
for impl in $impls; do
	for drv in $(hwc_aes_drivers "$impl"); do
		check_eq "$drv selftest" passed "$(crypto_field "$drv" selftest)"
	done
done
for alg in "ecb(aes)" "cbc(aes)" "ctr(aes)" "xts(aes)" "gcm(aes)" "rfc4106(gcm(aes))"; do
	choice=$(hwc_kernel_choice "$alg")
	case $choice in
	*-hwcrypt-*) pass "kernel's choice for $alg is $choice" ;;
	*) fail "kernel's choice for $alg" "$choice" ;;
	esac
done

for impl in $impls; do
	what=all
	hwc_aes_tier_has_aead "$impl" || what=skcipher
	"$prog" "$impl" 120 "$what" >/tmp/aes-afalg.log 2>&1
	rc=$?
	while read -r st name rest; do
		case $st in
		PASS) pass "$name" ;;
		FAIL) fail "${name%:}" "$rest" ;;
		INFO) info "$name $rest" ;;
		esac
	done </tmp/aes-afalg.log
	grep -q '^PASS' /tmp/aes-afalg.log || fail "test_aes_afalg $impl" "exit $rc: $(tail -n 3 /tmp/aes-afalg.log)"
done
check_cmd "rmmod" hwc_rmmod

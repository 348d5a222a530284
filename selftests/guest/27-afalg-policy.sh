#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# libhwcrypt where the kernel restricts or refuses AF_ALG: its library tests (test_libhwcrypt,
# test_libcipher: every result against OpenSSL on whichever path serves) as they are (the
# kernel serves), under a seccomp filter refusing socket(AF_ALG) with EPERM (noafalg: in
# process), and where the kernel has crypto.af_alg_restrict (Linux 7.3) at levels 0, 1, 2 as
# root and as an unprivileged user. Which path served each case is recorded as info.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
B=$HWC_REPO/selftests/build
for p in test_libhwcrypt test_libcipher noafalg; do
	if [ ! -x "$B/$p" ]; then
		fail "$p" "$B/$p not built (make -C selftests guest-progs)"
		exit 0
	fi
done
hwc_load_clean
modprobe crypto_user 2>/dev/null
cimpl=$(hwc_aes_impls | head -n 1)
RESTRICT=/proc/sys/crypto/af_alg_restrict

# run_lib LABEL WANT [PREFIX]: both programs (after the PREFIX words), PASS/FAIL lines as
# results; WANT (kernel, process or any) is the path every handle must take.
run_lib() {
	label=$1 want=$2 pre=${3:-}
	for prog in test_libhwcrypt test_libcipher; do
		if [ $prog = test_libhwcrypt ]; then
			args=$(hwc_expected_hash_drivers)
		elif [ -n "$cimpl" ]; then
			args="$cimpl 1"
		else
			skip "$label: test_libcipher" "no AES tier of hwcrypt for this CPU"
			continue
		fi
		# shellcheck disable=SC2086 # prefix and arguments are word lists
		$pre "$B/$prog" $args >/tmp/afalg.out 2>&1
		rc=$?
		while IFS= read -r line; do
			case "$line" in
			PASS:*) pass "$label: ${line#PASS: }" ;;
			FAIL:*) fail "$label: ${line#FAIL: }" ;;
			INFO:*) info "$label: ${line#INFO: }" ;;
			esac
		done </tmp/afalg.out
		[ $rc = 0 ] || fail "$label: $prog exit status" "$rc"
		paths=$(grep -E '^INFO: [^ ]+: (kernel|in process)' /tmp/afalg.out |
			sed -E 's/^INFO: [^ ]+: (kernel|in process).*/\1/' | sort -u | tr '\n' ' ')
		case $want in
		kernel) check_eq "$label: $prog: every handle served by the kernel" "kernel " "$paths" ;;
		process) check_eq "$label: $prog: every handle served in process" "in process " "$paths" ;;
		*) info "$label: $prog: paths taken: $paths" ;;
		esac
	done
}

run_lib "AF_ALG as is" kernel
run_lib "seccomp denies socket(AF_ALG)" process "$B/noafalg"
check_cmd "seccomp: test_libhwcrypt names the filter" \
	sh -c "'$B/noafalg' '$B/test_libhwcrypt' | grep -q 'AF_ALG denied (EPERM).*seccomp filter'"

if [ ! -e "$RESTRICT" ]; then
	skip "af_alg_restrict levels 0/1/2" "$RESTRICT absent (kernel $(uname -r) predates it)"
else
	old=$(cat "$RESTRICT")
	user="setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all"
	for level in 0 1 2; do
		if ! echo $level >"$RESTRICT"; then
			fail "af_alg_restrict=$level" "cannot write $RESTRICT"
			continue
		fi
		case $level in 0) w=kernel ;; 1) w=any ;; 2) w=process ;; esac
		run_lib "af_alg_restrict=$level, root" $w
		if command -v setpriv >/dev/null; then
			run_lib "af_alg_restrict=$level, uid 65534" $w "$user"
		else
			skip "af_alg_restrict=$level, unprivileged" "no setpriv"
		fi
	done
	echo "$old" >"$RESTRICT"
fi
hwc_rmmod

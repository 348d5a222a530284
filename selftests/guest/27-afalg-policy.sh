#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# libhwcrypt where the kernel restricts or refuses AF_ALG: its library tests (test_libhwcrypt,
# test_libcipher: every result against OpenSSL on whichever path serves) as they are (the
# kernel serves), under a seccomp filter refusing socket(AF_ALG) with EPERM (noafalg: in
# process), and where the kernel has crypto.af_alg_restrict (Linux 7.3) at levels 0, 1, 2 as
# root and as an unprivileged user. Which path served each case is recorded as info.
# $w, $pre, $user: option and command-prefix word lists; $(hwc_expected_hash_drivers): one
# argument per driver.
# shellcheck disable=SC2046,SC2086
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

# RSA: keyctl (rsa-hwcrypt-*) and the same core in process (HWCRYPT_BACKEND=process, and
# under a seccomp filter refusing add_key/keyctl) sign byte-identically (PKCS#1 v1.5 is deterministic) and each
# verifies and decrypts the other's output; the request counter shows the kernel's share.
if hwc_load_pkcs8; then
	rd=$(scratch_dir)
	drv=$(hwc_expected_drivers | tr ' ' '\n' | grep '^rsa-hwcrypt-')
	hwc_rsa_key_files "$HWC_REPO/selftests/keys/rsa2048.pem" "$rd"
	cert=$HWC_REPO/selftests/keys/rsa2048-cert.der
	head -c 3000 /dev/urandom >"$rd/msg"
	head -c 64 /dev/urandom >"$rd/secret"
	ops0=$(cat "/sys/module/hwcrypt/drivers/$drv/requests")
	"$HWC_CLI" rsa sign -k "$rd/key.der" -hash sha256 -in "$rd/msg" -out "$rd/sk"
	HWCRYPT_BACKEND=process "$HWC_CLI" rsa sign -k "$rd/key.der" -hash sha256 -in "$rd/msg" \
		-out "$rd/sp"
	check_cmd "rsa2048: sign by keyctl ($drv) == sign in process" cmp "$rd/sk" "$rd/sp"
	"$B/noafalg" --keys "$HWC_CLI" rsa sign -k "$rd/key.der" -hash sha256 -in "$rd/msg" \
		-out "$rd/ss"
	check_cmd "rsa2048: seccomp refusing add_key/keyctl (auto): in process, == keyctl's" \
		cmp "$rd/sk" "$rd/ss"
	check_cmd "rsa2048: in process verifies keyctl's signature" \
		env HWCRYPT_BACKEND=process "$HWC_CLI" rsa verify -k "$cert" -in "$rd/msg" -sigfile "$rd/sk"
	HWCRYPT_BACKEND=process "$HWC_CLI" rsa encrypt -k "$cert" -in "$rd/secret" -out "$rd/ct"
	"$HWC_CLI" rsa decrypt -k "$rd/key.der" -in "$rd/ct" -out "$rd/back"
	check_cmd "rsa2048: keyctl decrypts what the process encrypted" cmp "$rd/secret" "$rd/back"
	# At least: the crypto manager may self-test a pkcs1pad instance it (re)creates.
	dn=$(($(cat "/sys/module/hwcrypt/drivers/$drv/requests") - ops0))
	if [ "$dn" -ge 2 ]; then
		pass "rsa2048: $drv did the keyctl side (requests +$dn, >= 2)"
	else
		fail "rsa2048: $drv did the keyctl side" "requests +$dn, want >= 2"
	fi
else
	skip "rsa keyctl vs in process" "no pkcs8_key_parser"
fi

user="setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all"
command -v setpriv >/dev/null || user=

# restrict_cli LEVEL PREFIX: the CLI under that level (real or modelled) as root or not.
restrict_cli() {
	lv=$1 who=$2 pre=$3
	d=$(mktemp -d)
	chmod 755 "$d"
	head -c 5000 /dev/urandom >"$d/msg"
	chmod 644 "$d/msg"
	want=$(sha256sum <"$d/msg" | cut -d' ' -f1)
	# shellcheck disable=SC2086 # prefix words
	got=$($pre "$HWC_CLI" dgst -v -a sha256 "$d/msg" 2>"$d/err" | cut -d' ' -f1)
	check_eq "af_alg_restrict=$lv, $who: hwcrypt dgst sha256 == sha256sum" "$want" "$got"
	info "af_alg_restrict=$lv, $who: hwcrypt -v: $(cat "$d/err")"
	# shellcheck disable=SC2086
	HWCRYPT_BACKEND=kernel $pre "$HWC_CLI" dgst -a sha256 "$d/msg" >"$d/out" 2>"$d/err"
	rc=$?
	case $lv,$who in
	1,root) check_eq "af_alg_restrict=1, root: policy kernel serves sha256" "0" "$rc" ;;
	1,*) check_cmd "af_alg_restrict=1, $who: policy kernel: exit 1, nothing on stdout, the sysctl and CAP_NET_ADMIN named" \
		sh -c "[ $rc = 1 ] && [ ! -s '$d/out' ] && grep -q 'af_alg_restrict=1.*CAP_NET_ADMIN' '$d/err'" ;;
	2,*) check_cmd "af_alg_restrict=2, $who: policy kernel: exit 1, nothing on stdout, the sysctl named" \
		sh -c "[ $rc = 1 ] && [ ! -s '$d/out' ] && grep -q 'af_alg_restrict=2' '$d/err'" ;;
	esac
	info "af_alg_restrict=$lv, $who, HWCRYPT_BACKEND=kernel: $(cat "$d/err")"
	rm -rf "$d"
}

# restrict_paths LEVEL WHO LOG: what each level must do to hwcrypt's hash drivers (bound by
# driver name under level 0 only; by algorithm name at level 1 where allowed; else in process).
restrict_paths() {
	case $1,$2 in
	1,root)
		check_cmd "af_alg_restrict=1, root: sha256-hwcrypt-shani bound by algorithm name, proved by /proc/crypto" \
			grep -q 'INFO: sha256-hwcrypt-shani: kernel, driver sha256-hwcrypt-shani (bound as sha256, by algorithm name' "$3" ;;
	1,*)
		check_cmd "af_alg_restrict=1, $2: sha1 (unprivileged on the allowlist) by algorithm name in the kernel" \
			grep -q 'INFO: sha1-hwcrypt-shani: kernel, driver sha1-hwcrypt-shani (bound as sha1, by algorithm name' "$3"
		check_cmd "af_alg_restrict=1, $2: sha256 in process, saying it needs CAP_NET_ADMIN" \
			grep -q 'INFO: sha256-hwcrypt-shani: in process, tier shani (kernel: .*CAP_NET_ADMIN' "$3" ;;
	2,*)
		check_cmd "af_alg_restrict=2, $2: in process, the sysctl named" \
			grep -q 'INFO: sha256-hwcrypt-shani: in process, tier shani (kernel: AF_ALG unavailable (EAFNOSUPPORT): disabled by sysctl crypto.af_alg_restrict=2' "$3" ;;
	esac
}

if [ ! -e "$RESTRICT" ]; then
	skip "af_alg_restrict levels 0/1/2" "$RESTRICT absent (kernel $(uname -r) predates it)"
	# The model of it instead (afalg_restrict.so, LD_PRELOAD): the same runs.
	model="env LD_PRELOAD=$B/afalg_restrict.so"
	if [ ! -e "$B/afalg_restrict.so" ]; then
		fail "af_alg_restrict model" "$B/afalg_restrict.so not built (make -C selftests guest-progs)"
	elif ! hwc_expected_hash_drivers | grep -qw sha256-hwcrypt-shani; then
		skip "af_alg_restrict model" "no SHA-NI on this CPU: the checks name sha*-hwcrypt-shani"
	else
		for level in 1 2; do
			case $level in 1) w=any ;; 2) w=process ;; esac
			for who in root uid65534; do
				pre="$model HWC_AF_ALG_RESTRICT=$level"
				if [ $who != root ]; then
					[ -n "$user" ] || { skip "model level $level, $who" "no setpriv"; continue; }
					pre="$user $pre"
				fi
				run_lib "af_alg_restrict=$level (model), $who" $w "$pre"
				# shellcheck disable=SC2086
				$pre "$B/test_libhwcrypt" $(hwc_expected_hash_drivers) >/tmp/afalg.paths 2>&1
				restrict_paths $level $who /tmp/afalg.paths
				restrict_cli $level $who "$pre"
			done
		done
	fi
else
	old=$(cat "$RESTRICT")
	for level in 0 1 2; do
		if ! echo $level >"$RESTRICT"; then
			fail "af_alg_restrict=$level" "cannot write $RESTRICT"
			continue
		fi
		case $level in 0) w=kernel ;; 1) w=any ;; 2) w=process ;; esac
		run_lib "af_alg_restrict=$level, root" $w
		"$B/test_libhwcrypt" $(hwc_expected_hash_drivers) >/tmp/afalg.paths 2>&1
		restrict_paths $level root /tmp/afalg.paths
		restrict_cli $level root ""
		if [ -n "$user" ]; then
			run_lib "af_alg_restrict=$level, uid 65534" $w "$user"
			# shellcheck disable=SC2086
			$user "$B/test_libhwcrypt" $(hwc_expected_hash_drivers) >/tmp/afalg.paths 2>&1
			restrict_paths $level uid65534 /tmp/afalg.paths
			restrict_cli $level uid65534 "$user"
		else
			skip "af_alg_restrict=$level, unprivileged" "no setpriv"
		fi
	done
	echo "$old" >"$RESTRICT"
fi
hwc_rmmod

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The in-kernel fuzzer (selftests/kfuzz/hwc_kfuzz.c; hwc_kfuzz.ko is built beside the module):
# random requests on every hwcrypt skcipher, aead and shash driver, each compared byte for byte
# (output, output IV, return code, guard bytes around the scatterlists) with the kernel's own
# generic construction of the same algorithm (ctr(aes-generic), gcm_base(ctr(aes-lib),ghash-lib),
# sha256-generic, ...): scatterlists of up to four entries at any offset, in place and out of
# place, some requests with bottom halves off and (hashes) in hardirq context (the no-SIMD
# fallback), tampered AEAD inputs; and RSA from threads sharing one tfm against rsa-generic.
# A control run flips output bytes (sabotage=1) and must fail. make test: 20000 operations or 60 s;
# HWC_FULL=1 (make test-full): 250000 or 600 s. On a kernel with fault injection (the 7.2 debug
# kernel), a second run makes allocations inside hwcrypt's requests fail (failslab and
# fail_page_alloc, task-filtered to the fuzzer while it is inside a hwcrypt call): each request
# then matches the reference or fails with ENOMEM, a failed decryption leaves no plaintext in
# dst, and some ENOMEM must have happened. HWC_KFUZZ_SEED=N replays a seed; HWC_KFUZZ_ARGS adds
# module parameters (trace=1 logs each cipher request's shape before it runs).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
ko=${HWC_MODULE%/*}/hwc_kfuzz.ko
if [ ! -f "$ko" ]; then
	fail "kfuzz" "$ko missing (scripts/build-module.sh builds it beside hwcrypt.ko)"
	exit 0
fi
hwc_load_clean

# TYPE:DRIVER of every hwcrypt driver a caller can allocate.
list=$(awk '
	$1 == "name" { t = ""; d = ""; m = ""; i = "" }
	$1 == "driver" { d = $3 } $1 == "module" { m = $3 } $1 == "internal" { i = $3 }
	$1 == "type" { t = $3 }
	/^$/ { if (m == "hwcrypt" && i != "yes") print t ":" d; m = "" }
	END { if (m == "hwcrypt" && i != "yes") print t ":" d }' /proc/crypto | sort -u)
fuzzable=$(printf '%s\n' "$list" | grep -E '^(skcipher|aead|shash|akcipher):' | paste -sd, -)
other=$(printf '%s\n' "$list" | grep -vE '^(skcipher|aead|shash|akcipher):' | paste -sd' ' -)
[ -z "$other" ] || fail "kfuzz" "hwcrypt drivers of a type the fuzzer has no model for: $other"
if [ -z "$fuzzable" ]; then
	skip "kfuzz" "no hwcrypt driver on this CPU"
	hwc_rmmod
	exit 0
fi
dir=$(scratch_dir)
key=$dir/rsa2048.der
openssl rsa -in "$HWC_REPO/selftests/keys/rsa2048.pem" -traditional -outform DER -out "$key" 2>/dev/null ||
	fail "kfuzz" "cannot make the RSA key (openssl rsa -traditional)"

if [ -n "${HWC_FULL:-}" ]; then ops=250000 secs=600; else ops=20000 secs=60; fi

# kfuzz_run NAME SEED [PARAMS]: loads the fuzzer (it runs inside insmod), reports its summary.
kfuzz_run() {
	_name=$1 _seed=$2
	shift 2
	_mark="hwc-kfuzz-$_seed-$$-$(cut -d' ' -f1 /proc/uptime)"
	echo "$_mark" >/dev/kmsg
	# shellcheck disable=SC2086 # HWC_KFUZZ_ARGS: words
	_out=$(insmod "$ko" drivers="$fuzzable" seed="$_seed" ops="$ops" secs="$secs" rsa_key="$key" \
		"$@" ${HWC_KFUZZ_ARGS:-} 2>&1)
	_rc=$?
	[ -z "$_out" ] || info "insmod: $_out"
	_log=$(dmesg | sed -n "/$_mark/,\$p" | grep 'hwc_kfuzz:' | sed 's/^\[[ 0-9.]*\] //')
	printf '%s\n' "$_log" | grep -v ': [0-9]* operations$' | sed "s/^/INFO: $HWC_TEST: /" | head -n 40
	_sum=$(printf '%s\n' "$_log" | grep -E 'hwc_kfuzz: (PASS|FAILED) seed' | tail -n 1)
	if [ "$_rc" = 0 ] && printf '%s' "$_sum" | grep -q 'PASS seed'; then
		pass "$_name: ${_sum#*PASS }"
		rmmod hwc_kfuzz
		return 0
	fi
	fail "$_name (seed $_seed, replay: HWC_KFUZZ_SEED=$_seed)" \
		"insmod exit $_rc: $(printf '%s\n' "$_log" | grep -m3 'FAIL\|cannot\|no reference')"
	grep -q '^hwc_kfuzz ' /proc/modules && rmmod hwc_kfuzz
	return 1
}

seed=${HWC_KFUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
kfuzz_run "kfuzz" "$seed"

# The control: the same comparisons with a byte of hwcrypt's output flipped now and then.
_mark="hwc-kfuzz-control-$$"
echo "$_mark" >/dev/kmsg
if insmod "$ko" drivers="$fuzzable" seed="$seed" ops=400 secs=60 sabotage=1 rsa_key="$key" \
	rsa_threads=1 rsa_ops=1 >/dev/null 2>&1; then
	fail "kfuzz control" "a run with flipped output bytes passed"
	rmmod hwc_kfuzz
elif dmesg | sed -n "/$_mark/,\$p" | grep -q 'hwc_kfuzz: FAIL seed .*differs'; then
	pass "kfuzz control: flipped output bytes are reported"
else
	fail "kfuzz control" "the sabotaged run failed without reporting a difference"
fi

# Allocation failures inside hwcrypt's requests (kernels with fault injection only).
debugfs_mount
fs=/sys/kernel/debug/failslab fp=/sys/kernel/debug/fail_page_alloc
if [ -d $fs ] && [ -d $fp ]; then
	for f in $fs $fp; do
		echo 0 >"$f/verbose"
		echo Y >"$f/task-filter"
		echo N >"$f/ignore-gfp-wait"
		echo 1 >"$f/interval"
		echo -1 >"$f/times"
		echo 20 >"$f/probability"
	done
	echo 0 >$fp/min-order
	echo N >$fp/ignore-gfp-highmem
	[ -n "${HWC_FULL:-}" ] || ops=5000
	if kfuzz_run "kfuzz, allocations failing inside requests" "$((seed + 1))" fault=1; then
		n=$(dmesg | grep 'hwc_kfuzz: PASS' | tail -n 1 | sed -n 's/.* \([0-9]*\) -ENOMEM under faults.*/\1/p')
		if [ "${n:-0}" -gt 0 ]; then
			pass "kfuzz: $n requests failed with ENOMEM inside hwcrypt, none with a wrong result"
		else
			fail "kfuzz: fault injection" "no allocation inside a hwcrypt request failed"
		fi
	fi
	for f in $fs $fp; do
		echo 0 >"$f/probability"
		echo N >"$f/task-filter"
	done
else
	skip "kfuzz, allocations failing inside requests" "kernel without failslab/fail_page_alloc"
fi
check_cmd "rmmod after kfuzz" hwc_rmmod
rm -rf "$dir"

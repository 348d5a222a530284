#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Runs the guest suite on each named kernel (max CPU: SHA-NI + AVX2), then once on a CPU model
# without SHA-NI and AVX2, where hwcrypt must load and register nothing.
# Usage: scripts/test-guests.sh 6.1 6.12
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
rc=0
summary=()
run() {
	local label=$1
	shift
	echo "=== guest: $label"
	local log
	log=$(mktemp)
	# dm-crypt, IPsec and RSA under TCG take minutes each: bound the whole VM, and each script.
	# The debug kernel (KASAN, lockdep, full self-tests on every load) runs the whole suite in
	# about an hour under TCG: its limits are wider unless set.
	local vt=2400 tt=900
	[ "$label" != "${label#7.2-debug}" ] && vt=9000 tt=2400
	"$top/scripts/vm.sh" --timeout "${HWC_VM_TIMEOUT:-$vt}" --test-timeout "${HWC_TEST_TIMEOUT:-$tt}" \
		"$@" 2>&1 | tee "$log"
	local r=${PIPESTATUS[0]}
	summary+=("$label: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1) (exit $r)")
	rm -f "$log"
	[ "$r" = 0 ] || rc=1
}
# The debug kernel's whole suite takes over an hour in one TCG guest, which keeps about one core
# busy: two guests at once, each with every other test, use both cores of a 2-core machine.
run_split() {
	local label=$1 la lb pa pb ra rb
	shift
	local all=() ta=() tb=() i
	mapfile -t all < <(cd "$top/selftests/guest" && ls [0-9][0-9]-*.sh)
	for i in "${!all[@]}"; do
		if [ $((i % 2)) = 0 ]; then ta+=("${all[i]%.sh}"); else tb+=("${all[i]%.sh}"); fi
	done
	echo "=== guest: $label, in two guests at once: [a] ${ta[*]} [b] ${tb[*]}"
	la=$(mktemp)
	lb=$(mktemp)
	{ "$top/scripts/vm.sh" --timeout "${HWC_VM_TIMEOUT:-9000}" --test-timeout "${HWC_TEST_TIMEOUT:-2400}" \
		"$@" --tests "$(IFS=,; echo "${ta[*]}")" 2>&1; echo "rc=$?" >"$la.rc"; } |
		sed -u 's/^/[a] /' | tee "$la" &
	pa=$!
	{ "$top/scripts/vm.sh" --timeout "${HWC_VM_TIMEOUT:-9000}" --test-timeout "${HWC_TEST_TIMEOUT:-2400}" \
		"$@" --tests "$(IFS=,; echo "${tb[*]}")" 2>&1; echo "rc=$?" >"$lb.rc"; } |
		sed -u 's/^/[b] /' | tee "$lb" &
	pb=$!
	wait "$pa" "$pb"
	ra=$(sed -n 's/^rc=//p' "$la.rc" 2>/dev/null)
	rb=$(sed -n 's/^rc=//p' "$lb.rc" 2>/dev/null)
	summary+=("$label [a]: $(grep -E '^\[a\] [0-9]+ passed, [0-9]+ failed' "$la" | tail -n 1 | cut -c5-) (exit ${ra:-?})")
	summary+=("$label [b]: $(grep -E '^\[b\] [0-9]+ passed, [0-9]+ failed' "$lb" | tail -n 1 | cut -c5-) (exit ${rb:-?})")
	rm -f "$la" "$lb" "$la.rc" "$lb.rc"
	[ "${ra:-1}" = 0 ] && [ "${rb:-1}" = 0 ] || rc=1
}
for k in "$@"; do
	abi=$("$top/scripts/kernels.sh" "$k") || exit 1
	if [ "$k" = 7.2-debug ] && [ -z "${HWC_DEBUG_TESTS:-}" ] && [ "${HWC_DEBUG_SPLIT:-1}" = 1 ]; then
		run_split "$k ($abi) -cpu max" --kernel "$k" --module "$top/build/kmod/$abi/hwcrypt.ko"
		continue
	fi
	# HWC_DEBUG_TESTS: the tests the slow debug kernel runs (make test: a subset; default all).
	# HWC_GUEST_TESTS: the tests the Debian kernels run (make test: all but the slowest; default all).
	sel=()
	[ "$k" != 7.2-debug ] && [ -n "${HWC_GUEST_TESTS:-}" ] && sel=(--tests "$HWC_GUEST_TESTS")
	[ "$k" = 7.2-debug ] && [ -n "${HWC_DEBUG_TESTS:-}" ] && sel=(--tests "$HWC_DEBUG_TESTS")
	run "$k ($abi) -cpu max" --kernel "$k" --module "$top/build/kmod/$abi/hwcrypt.ko" "${sel[@]}"
done
first=${1:-6.1}
abi=$("$top/scripts/kernels.sh" "$first") || exit 1
# Westmere has AES-NI and PCLMULQDQ; without them it is a CPU hwcrypt has nothing for.
run "$first ($abi) -cpu Westmere,-aes,-pclmulqdq (no SHA-NI, AVX2, AES-NI)" --kernel "$first" \
	--cpu Westmere,-aes,-pclmulqdq \
	--tests 00-boot,10-module --module "$top/build/kmod/$abi/hwcrypt.ko"
echo "=== guest summary"
printf '%s\n' "${summary[@]}"
exit $rc

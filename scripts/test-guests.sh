#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Runs the guest suite on each named kernel of one architecture (on the profile's default CPU, or
# KERNEL:CPU), then once on the profile's CPU model without hwcrypt's instructions (x86_64:
# Westmere without AES-NI), where hwcrypt must load and register nothing.
# Usage: scripts/test-guests.sh [--arch ARCH] KERNEL[:CPU]...   e.g. 6.1 6.12, --arch ppc64le 6.1:power8
# HWC_GUEST_TESTS: vm.sh's --tests (default all; make test: quick); HWC_SPLIT=0: no split. HWC_VM_TIMEOUT and
# HWC_TEST_TIMEOUT override the profile's suite limits.
set -uo pipefail
profile_exit=1
# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh" "$@"
shift "$profile_nargs"
tests=${HWC_GUEST_TESTS:-all}
# Guests run this many at a time (HWC_GUEST_JOBS; default: one per core). A TCG guest running
# the suite keeps about one host core busy, so on a 2-core machine two at once halve the wall time
# of make test; each guest's output is printed whole when it ends, in the order the runs finish.
jobs_max=${HWC_GUEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs_max" -ge 1 ] 2>/dev/null || jobs_max=1
rc=0
summary=() qsummary=() why=()
# why_failed LABEL LOG: the lines that say why a run failed, kept for the end of the output
# (CI shows its tail): the failed checks, vm.sh's verdicts, and any panic or oops.
why_failed() {
	why+=("--- why $1 failed:")
	mapfile -t -O "${#why[@]}" why < <(grep -E '^(\[[ab]\] )?(FAIL: |vm\.sh: )|Kernel panic|BUG:|Oops|WARNING:|Call Trace|hwc-init:|qemu-system' "$2" |
		grep -v ': OK in ' | tail -n 12)
}
queue_label=() queue_args=()
# run LABEL VM-ARGS...: queues one guest run with this kernel's suite limits; run_queue starts them.
run() {
	queue_label+=("$1")
	shift
	queue_args+=("$(printf '%q ' --arch "$arch" --timeout "${HWC_VM_TIMEOUT:-$suite_timeout}" \
		--test-timeout "${HWC_TEST_TIMEOUT:-$suite_test_timeout}" "$@")")
}
# One queued run. A run that ended with no result and nothing from the kernel in its log (QEMU
# or the guest's init gone before the runner finished, no FAIL, oops, BUG, WARNING or panic)
# runs once more: under TCG on a loaded 2-core host such an end has come from the emulation, not
# from what is tested. The retry is said in the log and in the summary.
run_one() {
	local first r
	eval "set -- ${queue_args[$1]}"
	first=$(mktemp)
	"$repo/scripts/vm.sh" "$@" 2>&1 | tee "$first"
	r=${PIPESTATUS[0]}
	if [ "$r" != 0 ] && ! grep -qE '^[0-9]+ passed, [0-9]+ failed' "$first" &&
		! grep -qE '^FAIL: |Kernel panic|BUG:|Oops|WARNING:|Call Trace' "$first"; then
		echo "test-guests: RETRIED: the run ended without a result or a kernel report (exit $r:" \
			"$(grep -E '^vm\.sh: |hwc-init:|HWC-RESULT' "$first" | grep -v ': OK in ' | tail -n 3 |
				paste -sd'|' -)); once more"
		"$repo/scripts/vm.sh" "$@" 2>&1
		r=$?
	fi
	rm -f "$first"
	return "$r"
}
run_done() {
	local i=$1 r=$2 log=$3
	qsummary[i]="${queue_label[i]}: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1) (exit $r)"
	grep -q '^test-guests: RETRIED: ' "$log" && qsummary[i]+=" (run twice: $(grep -m1 '^test-guests: RETRIED: ' "$log" | cut -c23-))"
	[ "$r" = 0 ] || { rc=1; why_failed "${queue_label[i]}" "$log"; }
}
run_queue() {
	local n=${#queue_label[@]} next=0 running=0 i r pid
	declare -A job_of=()
	if [ "$jobs_max" = 1 ] || [ "$n" -le 1 ]; then
		for ((i = 0; i < n; i++)); do
			echo "=== guest: ${queue_label[i]}"
			run_one "$i" 2>&1 | tee "$dir_logs/$i.log"
			run_done "$i" "${PIPESTATUS[0]}" "$dir_logs/$i.log"
		done
		return
	fi
	echo "=== guest: $n runs, $jobs_max at a time (HWC_GUEST_JOBS); each log follows its run's end"
	while [ "$next" -lt "$n" ] || [ "$running" -gt 0 ]; do
		while [ "$next" -lt "$n" ] && [ "$running" -lt "$jobs_max" ]; do
			echo "=== guest: started ${queue_label[next]}"
			run_one "$next" >"$dir_logs/$next.log" 2>&1 &
			job_of[$!]=$next
			next=$((next + 1)) running=$((running + 1))
		done
		pid=
		wait -n -p pid
		r=$?
		[ -n "$pid" ] || continue
		i=${job_of[$pid]}
		unset "job_of[$pid]"
		running=$((running - 1))
		echo "=== guest: ${queue_label[i]} (exit $r)"
		cat "$dir_logs/$i.log"
		run_done "$i" "$r" "$dir_logs/$i.log"
	done
}
dir_logs=$(mktemp -d)
trap 'rm -rf "$dir_logs"' EXIT
# A kernel whose whole suite takes over an hour in one TCG guest (suite_split) keeps about one
# core busy: two guests at once, each with every other test, use both cores of a 2-core machine.
# Their logs: build/vm/last-<abi>-a.log and -b.log.
run_split() {
	local label=$1 la lb pa pb ra rb
	shift
	local all=() ta=() tb=() i
	mapfile -t all < <(cd "$repo/selftests/guest" && ls [0-9][0-9]-*.sh)
	for i in "${!all[@]}"; do
		if [ $((i % 2)) = 0 ]; then ta+=("${all[i]%.sh}"); else tb+=("${all[i]%.sh}"); fi
	done
	echo "=== guest: $label, in two guests at once: [a] ${ta[*]} [b] ${tb[*]}"
	la=$(mktemp)
	lb=$(mktemp)
	{ HWC_VM_TAG=a "$repo/scripts/vm.sh" --arch "$arch" --timeout "${HWC_VM_TIMEOUT:-$suite_timeout}" \
		--test-timeout "${HWC_TEST_TIMEOUT:-$suite_test_timeout}" \
		"$@" --tests "$(IFS=,; echo "${ta[*]}")" 2>&1; echo "rc=$?" >"$la.rc"; } |
		sed -u 's/^/[a] /' | tee "$la" &
	pa=$!
	{ HWC_VM_TAG=b "$repo/scripts/vm.sh" --arch "$arch" --timeout "${HWC_VM_TIMEOUT:-$suite_timeout}" \
		--test-timeout "${HWC_TEST_TIMEOUT:-$suite_test_timeout}" \
		"$@" --tests "$(IFS=,; echo "${tb[*]}")" 2>&1; echo "rc=$?" >"$lb.rc"; } |
		sed -u 's/^/[b] /' | tee "$lb" &
	pb=$!
	wait "$pa" "$pb"
	ra=$(sed -n 's/^rc=//p' "$la.rc" 2>/dev/null)
	rb=$(sed -n 's/^rc=//p' "$lb.rc" 2>/dev/null)
	summary+=("$label [a]: $(grep -E '^\[a\] [0-9]+ passed, [0-9]+ failed' "$la" | tail -n 1 | cut -c5-) (exit ${ra:-?})")
	summary+=("$label [b]: $(grep -E '^\[b\] [0-9]+ passed, [0-9]+ failed' "$lb" | tail -n 1 | cut -c5-) (exit ${rb:-?})")
	[ "${ra:-1}" = 0 ] || why_failed "$label [a]" "$la"
	[ "${rb:-1}" = 0 ] || why_failed "$label [b]" "$lb"
	rm -f "$la" "$lb" "$la.rc" "$lb.rc"
	[ "${ra:-1}" = 0 ] && [ "${rb:-1}" = 0 ] || rc=1
}
# The runs that take make test's selection from SLOW (a profile's own quick_tests, as the debug
# kernel's, do not): SLOW's "once" tests are dealt out among them.
shares=0
for kc in "$@"; do
	profile_load "$arch"
	profile_resolve "${kc%%:*}"
	[ -n "$quick_tests" ] || shares=$((shares + 1))
done
first='' share=0
for kc in "$@"; do
	k=${kc%%:*} cpu=
	[ "$k" = "$kc" ] || cpu=${kc#*:}
	# The suite limits and split of this kernel (the profile may widen them for a slow kernel).
	profile_load "$arch"
	abi=$("$repo/scripts/kernels.sh" --arch "$arch" "$k") || exit 1
	profile_resolve "$k"
	: "${first:=$k}"
	cpu_args=() label="$k ($abi) -cpu ${cpu:-${default_cpu:-default}}"
	[ -n "$cpu" ] && cpu_args=(--cpu "$cpu")
	if [ "$suite_split" = 1 ] && [ "$tests" = all ] && [ "${HWC_SPLIT:-1}" = 1 ]; then
		run_split "$label" --kernel "$k" "${cpu_args[@]}" --module "$repo/build/kmod/$abi/hwcrypt.ko"
		continue
	fi
	sel=$tests
	if [ "$tests" = quick ] && [ -z "$quick_tests" ] && [ "$shares" -gt 1 ]; then
		sel=quick:$share/$shares
		share=$((share + 1))
	fi
	run "$label" --kernel "$k" "${cpu_args[@]}" --module "$repo/build/kmod/$abi/hwcrypt.ko" --tests "$sel"
done
if [ -n "$first" ] && [ -n "$negative_cpu" ]; then
	profile_load "$arch"
	abi=$("$repo/scripts/kernels.sh" --arch "$arch" "$first") || exit 1
	run "$first ($abi) -cpu $negative_cpu (none of hwcrypt's instructions)" --kernel "$first" \
		--cpu "$negative_cpu" --tests 00-boot,10-module --module "$repo/build/kmod/$abi/hwcrypt.ko"
fi
run_queue
[ "${#why[@]}" = 0 ] || printf '%s\n' "=== guest failures (each run's log is above)" "${why[@]}"
echo "=== guest summary"
printf '%s\n' "${summary[@]}" "${qsummary[@]}"
exit $rc

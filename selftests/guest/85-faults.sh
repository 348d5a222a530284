#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fault injection (kernels with CONFIG_FAULT_INJECTION, FAILSLAB, FAIL_PAGE_ALLOC: 7.2-debug):
# the Nth slab or page allocation made for one operation fails (/proc/thread-self/fail-nth, via
# selftests/guest/failnth.c) during module load, tfm allocation and key setting. A load either
# succeeds with every driver registered or fails with an errno and leaves nothing registered;
# AF_ALG either gives the right digest or an errno; nothing leaks (kmemleak).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
tool=$HWC_REPO/selftests/build/failnth
[ -x "$tool" ] || { fail "faults" "$tool missing (make guest-progs)"; exit 0; }
debugfs_mount
fs=/sys/kernel/debug/failslab fp=/sys/kernel/debug/fail_page_alloc
if [ ! -d $fs ] || [ ! -d $fp ] || [ ! -e /proc/self/fail-nth ]; then
	skip "faults" "kernel without failslab/fail_page_alloc/fail-nth"
	exit 0
fi
module_loaded && hwc_rmmod
# fail-nth counts the points that pass each facility's own filters: let GFP_KERNEL and order-0
# allocations through to them, and keep the failures quiet (no stack dump per failure).
for f in $fs $fp; do
	echo 0 >"$f/probability"
	echo 0 >"$f/verbose"
	echo N >"$f/ignore-gfp-wait"
done
echo 0 >$fp/min-order
echo N >$fp/ignore-gfp-highmem
# The kernel's cryptomgr WARNs when it cannot start a self-test's thread (crypto_schedule_test)
# and leaves the test's larval to time out: its reaction, which no driver can prevent. Keep
# injection out of cryptomgr's notifier (cryptomgr_schedule_test, often inlined into it).
# hwcrypt copes with such a larval all the same (hwc_wait_tested in kmod/main.c).
reject=$(awk '$2 ~ /^[tT]$/ { print $1, $3 }' /proc/kallsyms | sort |
	awk '$2 ~ /^cryptomgr_(notify|schedule_test)$/ { if (!s) s = $1; e = ""; next }
		s && e == "" { e = $1 } END { if (s && e) print "0x" s, "0x" e }')
if [ -n "$reject" ]; then
	for f in $fs $fp; do
		echo "${reject% *}" >"$f/reject-start"
		echo "${reject#* }" >"$f/reject-end"
	done
	info "faults: no injection in cryptomgr_notify ($reject)"
else
	fail "faults" "cryptomgr_notify not found in /proc/kallsyms"
fi
# Points per sweep, and seconds per phase: a successful load waits for the self-tests.
if [ -n "${HWC_FULL:-}" ]; then spread=120 tail=160 budget=900; else spread=25 tail=40 budget=180; fi
expected=$(hwc_expected_drivers | tr ' ' '\n' | sort | tr '\n' ' ')
d=$(scratch_dir)
start=$(dmesg | wc -l)

# points N_TOTAL: which of the points 1..N_TOTAL to fail, in the order to try them (a phase
# stops at its time budget): the last $tail from the end backwards (hwcrypt's own init and
# registration come last in a load), then $spread spread over the rest.
points() {
	total=$1
	lo=$((total > tail ? total - tail : 0))
	step=$((lo / spread + 1))
	seq "$total" -1 $((lo + 1))
	seq 1 $step $lo
}
# in_budget START: the phase that began at START still has time.
in_budget() {
	[ $(($(date +%s) - $1)) -lt "$budget" ]
}

# --- module load
out=$("$tool" 0 load "$HWC_MODULE")
calls=${out##*calls=}
case "$calls" in '' | *[!0-9]*) calls=0 ;; esac
if [ "${out%% *}" = rc=0 ] && [ "$calls" -gt 0 ]; then
	pass "unfaulted load passes $calls fault-injection points"
else
	fail "unfaulted load passes fault-injection points" "$out"
fi
module_loaded && hwc_rmmod
bad=0 ok=0 failed=0 t0=$(date +%s)
for n in $(points "$calls"); do
	in_budget "$t0" || break
	out=$("$tool" "$n" load "$HWC_MODULE")
	case "$out" in
	rc=0\ *)
		got=$(hwc_proc_drivers | tr '\n' ' ')
		if [ "$got" != "$expected" ]; then
			echo "fault $n: load succeeded with drivers '$got', want '$expected'" >>"$d/bad"
			bad=$((bad + 1))
		fi
		ok=$((ok + 1))
		hwc_rmmod 2>>"$d/bad" || { echo "fault $n: rmmod after load failed" >>"$d/bad"; bad=$((bad + 1)); } ;;
	rc=*)
		failed=$((failed + 1))
		if module_loaded || [ -n "$(hwc_proc_drivers)" ]; then
			echo "fault $n: load failed ($out) but left: $(hwc_proc_drivers | tr '\n' ' ')" >>"$d/bad"
			bad=$((bad + 1))
			module_loaded && hwc_rmmod
		fi ;;
	*) echo "fault $n: $out" >>"$d/bad"; bad=$((bad + 1)) ;;
	esac
done
info "module load: $((ok + failed)) faulted loads ($failed failed cleanly, $ok survived the fault)"
check_eq "faulted loads: registered all or nothing" 0 "$bad"
[ "$bad" = 0 ] || head -n 5 "$d/bad" | sed 's/^/INFO: faults: /'

# --- tfm allocation, setkey, requests, on every driver and hmac over it
hwc_load_clean
bad=0 runs=0
# The hash targets the fuzzer knows (each driver, and hmac over it), each with its share of time.
fuzz=$HWC_REPO/selftests/build/fuzz_afalg
"$fuzz" --list | awk '$1 ~ /hash$/ { print $2 }' >"$d/targets"
share=$((budget / ($(wc -l <"$d/targets") + 1) + 1))
while read -r target; do
	case "$target" in hmac*) keys="20 200" ;; *) keys=0 ;; esac
	for klen in $keys; do
		out=$("$tool" 0 alg hash "$target" "$klen")
		calls=${out##*calls=}
		case "$calls" in
		'' | *[!0-9]*) echo "unfaulted $target: $out" >>"$d/bad"; bad=$((bad + 1)); continue ;;
		esac
		t0=$(date +%s)
		for n in $(points "$calls"); do
			[ $(($(date +%s) - t0)) -lt "$share" ] || break
			runs=$((runs + 1))
			out=$("$tool" "$n" alg hash "$target" "$klen") || { echo "fault $n $target: $out" >>"$d/bad"; bad=$((bad + 1)); }
		done
	done
done <"$d/targets"
check_eq "$runs faulted AF_ALG tfm/setkey/digest runs: right digest or an errno" 0 "$bad"
[ "$bad" = 0 ] || tail -n 5 "$d/bad" | sed 's/^/INFO: faults: /'
check_cmd "rmmod after the faulted runs" hwc_rmmod
check_cmd "load after the faulted runs" hwc_insmod
check_eq "every driver registered" "$expected" "$(hwc_proc_drivers | tr '\n' ' ')"
check_cmd "rmmod" hwc_rmmod
kmemleak_check "no leak from hwcrypt after the faulted loads and requests"

# Allocation failure reports (warn_alloc: a header, a stack trace, the memory state) are what the
# injection provokes; anything else in this window fails. The window is then cleared from the
# kernel log (saved to $HWC_OUT) so that run.sh's final check does not see the expected traces.
dmesg | tail -n +"$((start + 1))" >"$d/dmesg"
[ -n "${HWC_OUT:-}" ] && cp "$d/dmesg" "$HWC_OUT/dmesg-85-faults.txt"
left=$(awk '/allocation failure|vmalloc error|allocation failed|FAULT_INJECTION/ { skip = 1 }
	skip && /<\/TASK>/ { skip = 0; next } !skip' "$d/dmesg" | grep -E "$HWC_DMESG_BAD")
check_eq "no kernel complaint beyond the injected allocation failures" "" "$left"
if [ -z "$left" ] && dmesg | grep -qE "$HWC_DMESG_BAD"; then
	# Only the expected reports remain: drop the log (the window is saved above, the part before
	# it was clean or is reported by the next line's check on the whole log).
	before=$(dmesg | head -n "$start" | grep -E "$HWC_DMESG_BAD")
	if [ -z "$before" ]; then
		dmesg -C
	fi
fi
rm -rf "$d"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In-guest test runner: runs the selected selftests/guest/NN-*.sh in order, then checks dmesg.
#
# Started by the guest /init (scripts/mkinitramfs.sh) in the chroot of the guest root. Selection in
# HWC_TESTS: "all" or a comma-separated list of script names. Ends with the lines
# "N passed, N failed" and "HWC-RESULT: rc=R ..." that scripts/vm.sh looks for; exits R.
dir=$(cd "$(dirname "$0")" && pwd)
export HWC_RESULTS=/tmp/hwc-results
export HWC_DMESG_IGNORE=/tmp/hwc-dmesg-ignore
: >"$HWC_RESULTS"
# CPU vulnerability notices ("...: WARNING: See .../hw-vuln/...") are about the CPU model, not us.
echo 'hw-vuln/' >"$HWC_DMESG_IGNORE"
export HWC_TEST=run
. "$dir/lib.sh"
export HWC_REPO HWC_MODULE HWC_ARCH
# The architecture's own benign kernel messages (its expect.sh's HWC_ARCH_DMESG_IGNORE).
HWC_ARCH_DMESG_IGNORE=
if [ -f "$HWC_ARCH_DIR/expect.sh" ]; then
	# shellcheck source=selftests/arch/x86_64/expect.sh
	. "$HWC_ARCH_DIR/expect.sh"
else
	fail "arch profile" "no $HWC_ARCH_DIR/expect.sh"
fi
[ -n "$HWC_ARCH_DMESG_IGNORE" ] && printf '%s\n' "$HWC_ARCH_DMESG_IGNORE" >>"$HWC_DMESG_IGNORE"

# Failure of a test script as a whole, reported under the script's name.
script_fail() {
	(HWC_TEST=$1 && fail "script" "$2")
}

count() {
	grep -cx "$1" "$HWC_RESULTS"
}

# Debian's release-candidate kernels name themselves "7.3-amd64"; libkcapi 1.4 refuses to work on
# a release without three numbers (its AF_ALG calls fail with "Could not parse kernel version").
# The tests are about the kernel side: libkcapi is shown "7.3.0-amd64" (guest/uname3.c).
case "$(uname -r)" in
[0-9]*.[0-9]*.[0-9]*) ;;
*)
	shim=$HWC_REPO/selftests/build/uname3.so
	if [ -f "$shim" ]; then
		export LD_PRELOAD="$shim"
		(HWC_TEST=run && info "release $(uname -r): libkcapi's users see it as major.minor.0 ($shim)")
	else
		(HWC_TEST=run && fail "uname shim" "$shim missing (make -C selftests guest-progs)")
	fi ;;
esac

# 7.3 restricts AF_ALG by default (af_alg_restrict=1: allowlisted algorithm names only, never a
# driver name): the suite's kernel-path tests bind hwcrypt's drivers by name, so the run starts
# at 0; 27-afalg-policy tests levels 1 and 2 (and what the library does there) itself.
if [ -w /proc/sys/crypto/af_alg_restrict ]; then
	(HWC_TEST=run && info "af_alg_restrict was $(cat /proc/sys/crypto/af_alg_restrict) at boot; the run sets 0")
	echo 0 >/proc/sys/crypto/af_alg_restrict
fi

if [ -z "${HWC_TESTS:-}" ] || [ "$HWC_TESTS" = all ]; then
	list=$(cd "$dir" && ls [0-9][0-9]-*.sh 2>/dev/null)
else
	list=$(echo "$HWC_TESTS" | tr ',' '\n' | sort)
fi

info "kernel $(uname -r), cpu ${HWC_CPU:-?}, $(nproc) cpus, module ${HWC_MODULE:-none}, guest up $(cut -d" " -f1 /proc/uptime)s"
for t in $list; do
	name=${t%.sh}
	if [ ! -f "$dir/$t" ]; then
		script_fail "$name" "$dir/$t not found"
		continue
	fi
	before=$(wc -l <"$HWC_RESULTS")
	t0=$(date +%s)
	if [ -x "$dir/$t" ]; then
		HWC_TEST=$name timeout -k 10 "${HWC_TEST_TIMEOUT:-300}" "$dir/$t" </dev/null
	else
		HWC_TEST=$name timeout -k 10 "${HWC_TEST_TIMEOUT:-300}" sh "$dir/$t" </dev/null
	fi
	rc=$?
	after=$(wc -l <"$HWC_RESULTS")
	case $rc in
	0) [ "$after" -gt "$before" ] || script_fail "$name" "reported no results" ;;
	124 | 137) script_fail "$name" "timed out after ${HWC_TEST_TIMEOUT:-300}s" ;;
	*) script_fail "$name" "exit status $rc" ;;
	esac
	info "$name took $(($(date +%s) - t0))s"
done

# Debug kernels: leaks of hwcrypt's allocations anywhere in the run fail it.
if [ -e /sys/kernel/debug/kmemleak ] || { debugfs_mount && [ -e /sys/kernel/debug/kmemleak ]; }; then
	(HWC_TEST=run && kmemleak_check "kmemleak: no leak from hwcrypt")
fi

# Kernel-side trouble that no test noticed still fails the run: warnings, oopses, failing
# crypto self-tests (the crypto manager tests every algorithm at registration), KASAN/UBSAN/
# KFENCE/lockdep reports on debug kernels (lib.sh: HWC_DMESG_BAD).
bad=$HWC_DMESG_BAD
# The full log goes to the host (build/vm/run-<abi>/out/dmesg.txt): the console runs with "quiet".
[ -n "${HWC_OUT:-}" ] && dmesg >"$HWC_OUT/dmesg.txt" 2>&1
hits=$(dmesg 2>&1 | grep -E "$bad")
if [ -s "$HWC_DMESG_IGNORE" ] && [ -n "$hits" ]; then
	hits=$(printf '%s\n' "$hits" | grep -Ev -f "$HWC_DMESG_IGNORE")
fi
if [ -n "$hits" ]; then
	printf '%s\n' "$hits" | head -n 40 | sed 's/^/dmesg: /'
	fail "dmesg clean" "$(printf '%s\n' "$hits" | wc -l) suspicious kernel log lines (above)"
else
	pass "dmesg clean"
fi

npass=$(count pass)
nfail=$(count fail)
nskip=$(count skip)
echo "$nskip skipped"
echo "$npass passed, $nfail failed"
rc=0
[ "$nfail" = 0 ] || rc=1
echo "HWC-RESULT: rc=$rc passed=$npass failed=$nfail skipped=$nskip"
exit $rc

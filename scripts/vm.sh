#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boots a Debian kernel in QEMU (TCG) with the host root over 9p and runs selftests/guest in it.
set -euo pipefail

usage() {
	cat <<'EOU'
Usage: scripts/vm.sh [options]
  --arch x86_64|ppc64le   guest architecture (default x86_64); ppc64le: scripts/vm-ppc64le.sh --help
  --kernel 6.1|6.12|ABI   kernel to boot (default 6.1): newest /boot/vmlinuz-6.1*-amd64 or
                          /boot/vmlinuz-6.12*, or an exact ABI such as 6.1.0-57-amd64;
                          7.2-debug: the cached build of scripts/build-debug-kernel.sh (all
                          drivers built in; module default build/kmod/7.2-debug/hwcrypt.ko)
  --cpu MODEL             QEMU CPU model (default max: SHA-NI, AVX2, no AVX-512).
                          Westmere: no SHA-NI, no AVX/AVX2 (negative tests);
                          Haswell-noTSX: AVX2 without SHA-NI
  --tests LIST            comma/space separated names or globs of selftests/guest/NN-*.sh:
                          "00", "boot", "00-boot", "00-boot.sh", "[1-3]*" (default: all)
  --timeout SEC           hard limit for the whole VM run, QEMU is killed after it (default 600,
                          2400 for 7.2-debug)
  --test-timeout SEC      limit per test script inside the guest (default 300, 900 for 7.2-debug)
  --module PATH           module for tests, given to them as $HWC_MODULE
                          (default build/kmod/<abi>/hwcrypt.ko; if that does not exist, module
                          tests skip; an explicitly given PATH must exist)
  --smp N                 guest CPUs (default 2)
  --mem MB                guest memory (default 1024, 2048 for 7.2-debug)
  --append "k=v ..."      extra kernel command line words (k=v words reach /init as environment)
  --shell                 interactive shell in the guest instead of tests (serial on stdio)
  -v, --verbose           stream the whole serial console, not only result lines
Results: PASS/FAIL/SKIP/INFO lines are printed; the full serial log is kept in
build/vm/last-<abi>.log, and what tests write to $HWC_OUT (/run/hwc/out in the guest) appears in
build/vm/run-<abi>/out (the guest's whole dmesg is saved there as dmesg.txt).
Exit status: 0 all passed, 1 a failure, missing result marker or timeout, 2 usage/setup error.
EOU
}

die() { echo "vm.sh: $*" >&2; exit 2; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
# --arch ppc64le: POWER guests have their own harness (same options, output and exit codes).
prev=
for a in "$@"; do
	[ "$prev" = --arch ] && [ "$a" != x86_64 ] && exec "$repo/scripts/vm-$a.sh" "$@"
	prev=$a
done
kernel=6.1 cpu=max tests=all timeout='' test_timeout='' module='' smp=2 mem=
append='' shell=0 verbose=0
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) shift 2 ;;
	--kernel) kernel=${2:?}; shift 2 ;;
	--cpu) cpu=${2:?}; shift 2 ;;
	--tests) tests=${2:?}; shift 2 ;;
	--timeout) timeout=${2:?}; shift 2 ;;
	--test-timeout) test_timeout=${2:?}; shift 2 ;;
	--module) module=${2:?}; shift 2 ;;
	--smp) smp=${2:?}; shift 2 ;;
	--mem) mem=${2:?}; shift 2 ;;
	--append) append=${2?}; shift 2 ;;
	--shell) shell=1; shift ;;
	-v|--verbose) verbose=1; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
# The debug kernel (KASAN, lockdep, full self-tests) runs several times slower under TCG.
dbg=0
[ "$kernel" = 7.2-debug ] && dbg=1
[ -n "$timeout" ] || timeout=$([ "$dbg" = 1 ] && echo 2400 || echo 600)
[ -n "$test_timeout" ] || test_timeout=$([ "$dbg" = 1 ] && echo 900 || echo 300)
[ -n "$mem" ] || mem=$([ "$dbg" = 1 ] && echo 2048 || echo 1024)
for n in "$timeout" "$test_timeout" "$smp" "$mem"; do
	[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "not a positive number: $n"
done

case "$kernel" in
# Newest plain amd64 flavour of the series (not -rt- or -cloud-).
6.1 | 6.12) vmlinuz=$(printf '%s\n' /boot/vmlinuz-"$kernel".*-amd64 | grep -Ev -- '-(rt|cloud)-amd64$' |
	sort -V | tail -n 1) ;;
7.2-debug) kobj=$("$repo/scripts/build-debug-kernel.sh" --check) ||
	die "7.2-debug is not built: run scripts/build-debug-kernel.sh"
	vmlinuz=$kobj/arch/x86/boot/bzImage ;;
*) vmlinuz=/boot/vmlinuz-$kernel ;;
esac
[ -n "$vmlinuz" ] && [ -f "$vmlinuz" ] || die "no kernel image for '$kernel' in /boot"
if [ "$dbg" = 1 ]; then
	# Named like its module directory build/kmod/7.2-debug; the guest reports its uname -r.
	abi=7.2-debug
	uname_r=$(cat "$kobj/include/config/kernel.release")
else
	abi=${vmlinuz#/boot/vmlinuz-}
	uname_r=$abi
	[ -d "/lib/modules/$abi/kernel" ] || die "no /lib/modules/$abi for $vmlinuz"
fi
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (scripts/install-deps.sh)"

# The guest shell splits the kernel command line at whitespace and treats quotes specially.
safe() { [[ "$1" =~ ^[][A-Za-z0-9_.,/+:=*?@%-]*$ ]] || die "unsupported character in '$1'"; }

# Resolve test selection on the host so that a typo fails before a boot.
testdir=$repo/selftests/guest
selected=()
if [ "$shell" = 0 ]; then
	if [ "$tests" = all ]; then
		pats=('[0-9][0-9]-*')
	else
		IFS=', ' read -r -a pats <<<"$tests"
	fi
	declare -A have=()
	for p in "${pats[@]}"; do
		[ -n "$p" ] || continue
		p=${p%.sh}
		found=0
		# "00", "boot", "00-boot", "00-boot.sh" and globs like "[1-3]*" all name 00-boot.sh.
		for f in "$testdir"/$p.sh "$testdir"/$p-*.sh "$testdir"/[0-9][0-9]-$p.sh; do
			[ -f "$f" ] || continue
			b=${f##*/}
			[[ "$b" =~ ^[0-9][0-9]-.*\.sh$ ]] || continue
			found=1
			[ -n "${have[$b]:-}" ] && continue
			have[$b]=1
			selected+=("$b")
		done
		[ "$found" = 1 ] || die "no test matches '$p' in $testdir"
	done
	mapfile -t selected < <(printf '%s\n' "${selected[@]}" | sort)
fi

cache=$repo/build/vm
mkdir -p "$cache"
# Private per-run directory and log, renamed to run-<abi> and last-<abi>.log at the end: several
# runs (two kernels, two engineers) may share one checkout.
rundir=$(mktemp -d "$cache/run-$abi.XXXXXX")
mkdir -p "$rundir/out"
chmod 755 "$rundir"
trap 'rm -rf "$rundir"' EXIT

# The module is copied into the per-run share: its host path may be hidden in the guest (/tmp is a
# tmpfs there) and a copy cannot change under a running test.
# An explicit --module must exist (a CI run must not pass by skipping); the default may be absent.
if [ -n "$module" ]; then
	[ -f "$module" ] || die "--module $module: no such file"
	module=$(cd "$(dirname "$module")" && pwd -P)/${module##*/}
else
	module=$repo/build/kmod/$abi/hwcrypt.ko
fi
guest_module=/run/hwc/missing/${module##*/}
if [ -f "$module" ]; then
	cp "$module" "$rundir/${module##*/}"
	guest_module=/run/hwc/${module##*/}
elif [ "$shell" = 0 ]; then
	echo "vm.sh: note: $module does not exist; module tests will skip" >&2
fi

initrd=$("$repo/scripts/mkinitramfs.sh" "$abi" "$cache/initramfs-$abi.cpio.gz" $([ "$dbg" = 1 ] && echo --builtin))

tests_arg=all
[ "${#selected[@]}" -gt 0 ] && tests_arg=$(IFS=,; echo "${selected[*]}")
mode='test'
[ "$shell" = 1 ] && mode=shell
for v in "$repo" "$tests_arg" "$guest_module" "$uname_r"; do safe "$v"; done
cmdline="console=ttyS0 quiet panic=-1 HWC_MODE=$mode HWC_ABI=$uname_r HWC_REPO=$repo"
cmdline+=" HWC_TESTS=$tests_arg HWC_MODULE=$guest_module HWC_TEST_TIMEOUT=$test_timeout HWC_CPU=$cpu"
# Full self-tests of a new algorithm must finish within the crypto API's 60 s larval wait, or the
# first user kills the test: under TCG with KASAN, 100 random vectors per AEAD mode do not.
[ "$dbg" = 1 ] && cmdline+=" cryptomgr.fuzz_iterations=20"
# A debug kernel's reports outgrow its 128 KiB log before run.sh saves it.
[ "$dbg" = 1 ] && cmdline+=" log_buf_len=8M"
# make test-full: guest tests run their long variants.
[ -n "${HWC_FULL:-}" ] && cmdline+=" HWC_FULL=1"
[ -n "$append" ] && cmdline+=" $append"

qemu=(qemu-system-x86_64 -accel tcg -cpu "$cpu" -smp "$smp" -m "$mem" -no-reboot -nic none
	-kernel "$vmlinuz" -initrd "$initrd" -append "$cmdline"
	-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on"
	-virtfs "local,path=$repo,mount_tag=repo,security_model=none,readonly=on"
	-virtfs "local,path=$rundir,mount_tag=hwcrun,security_model=none")

keep_rundir() {
	rm -rf "$cache/run-$abi"
	mv "$rundir" "$cache/run-$abi" 2>/dev/null || true
	trap - EXIT
}

if [ "$shell" = 1 ]; then
	echo "vm.sh: shell on the serial console; Ctrl-A X quits QEMU, 'exit' powers off" >&2
	rc=0
	"${qemu[@]}" -nographic || rc=$?
	keep_rundir
	exit "$rc"
fi

log=$rundir/serial.log
echo "vm.sh: $abi, -cpu $cpu, -smp $smp, tests: $tests_arg, module: $module"
start=$(date +%s.%N)
set +e
# stdin from /dev/null: nothing here may wait for input (CI).
timeout -k 10 "$timeout" "${qemu[@]}" -display none -vga none -monitor none -serial stdio \
	</dev/null 2>&1 | sed -u 's/\r//g' | tee "$log" |
	if [ "$verbose" = 1 ]; then
		cat
	else
		grep --line-buffered -E '^(PASS|FAIL|SKIP|INFO|dmesg): |^[0-9]+ skipped$|^[0-9]+ passed, [0-9]+ failed|HWC-RESULT:|Kernel panic|hwc-init:|qemu-system'
	fi
status=("${PIPESTATUS[@]}")
set -e
end=$(date +%s.%N)
qrc=${status[0]}
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')

fail=0
if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
	echo "vm.sh: TIMEOUT after ${timeout}s: QEMU killed" >&2
	fail=1
elif [ "$qrc" != 0 ]; then
	echo "vm.sh: QEMU exited with status $qrc" >&2
	fail=1
fi
marker=$(grep -o 'HWC-RESULT: rc=[0-9]*' "$log" | tail -n 1 || true)
if [ -z "$marker" ]; then
	echo "vm.sh: no HWC-RESULT marker in the serial log" >&2
	fail=1
elif [ "${marker#HWC-RESULT: rc=}" != 0 ]; then
	fail=1
fi
if grep -q '^FAIL: ' "$log"; then
	fail=1
fi
mv -f "$log" "$cache/last-$abi.log"
log=$cache/last-$abi.log
keep_rundir
# Result lines were streamed already; the raw tail helps when the guest never got to the end.
if [ "$fail" = 1 ] && [ "$verbose" = 0 ] && { [ -z "$marker" ] || [ "$qrc" != 0 ]; }; then
	echo "---- last 60 lines of $log ----" >&2
	tail -n 60 "$log" >&2
	echo "----" >&2
fi
echo "vm.sh: $abi -cpu $cpu: $([ "$fail" = 0 ] && echo OK || echo FAILED) in ${secs}s (log: $log)"
exit "$fail"

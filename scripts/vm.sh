#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boots a guest kernel in QEMU (TCG) and runs selftests/guest in it, for any architecture with a
# profile in selftests/arch/<arch>/vm.conf (emulator, machine, console, kernels, guest root).
set -euo pipefail

# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh"

usage() {
	cat <<EOU
Usage: scripts/vm.sh [options]
  --arch ARCH             guest architecture: $(profile_arches | tr '\n' ' ')(default x86_64)
  --kernel NAME           kernel to boot (default 6.1), resolved by the profile:
                          x86_64: Debian's 5.10, 6.1, 6.12, 7.2 or 7.3 from
                          scripts/fetch-amd64.sh (fetched on first use; never the host's own),
                          an exact ABI such as 6.1.0-57-amd64, or 7.2-debug: the cached build of
                          scripts/build-debug-kernel.sh (all drivers built in; module default
                          build/kmod/7.2-debug/hwcrypt.ko);
                          ppc64le: Debian's ppc64el 6.1 or 6.12 from scripts/fetch-ppc64el.sh;
                          sparc64: 6.1 from scripts/build-sparc64-kernel.sh; ppc64 (big-endian,
                          the NX model's validation): 6.1 from scripts/build-test-kernel.sh
  --cpu MODEL             QEMU CPU model (default from the profile: x86_64 max: SHA-NI, AVX2, no
                          AVX-512; ppc64le power8). x86_64 Westmere: no SHA-NI, no AVX/AVX2
                          (negative tests); Haswell-noTSX: AVX2 without SHA-NI; ppc64le power9,
                          power10
  --tests LIST            comma/space separated names or globs of selftests/guest/NN-*.sh:
                          "00", "boot", "00-boot", "00-boot.sh", "[1-3]*" (default: all);
                          "quick": make test's selection, every test but those that
                          selftests/guest/SLOW leaves to make test-full here; "quick:I/N":
                          the same for run I (from 0) of N kernels, with SLOW's "once" tests
                          dealt out among the N runs
  --timeout SEC           hard limit for the whole VM run, QEMU is killed after it (default from
                          the profile: x86_64 600, 2400 for 7.2-debug; ppc64le 900)
  --test-timeout SEC      limit per test script inside the guest (default 300, 900 for 7.2-debug)
  --module PATH           module for tests, given to them as \$HWC_MODULE
                          (default build/kmod/<abi>/hwcrypt.ko, from scripts/build-module.sh; if
                          that does not exist, module tests skip; an explicitly given PATH must
                          exist)
  --smp N                 guest CPUs (default x86_64 2, ppc64le 1)
  --mem MB                guest memory (default 1024, 2048 for 7.2-debug)
  --append "k=v ..."      extra kernel command line words (k=v words reach /init as environment)
  --shell                 interactive shell in the guest instead of tests (serial on stdio)
  -v, --verbose           stream the whole serial console, not only result lines
Results: PASS/FAIL/SKIP/INFO lines are printed; the full serial log is kept in
build/vm/last-<abi>.log (last-<abi>-<cpu>.log for a CPU other than the profile's default,
-<HWC_VM_TAG> after either where that is set), and
what tests write to \$HWC_OUT (/run/hwc/out in the guest) appears in build/vm/run-<abi>/out (the
guest's whole dmesg is saved there as dmesg.txt; not for a profile without a 9p guest root).
Exit status: 0 all passed, 1 a failure, missing result marker or timeout, 2 usage/setup error.
EOU
}

die() { echo "vm.sh: $*" >&2; exit 2; }

arch=x86_64 kernel=6.1 cpu=- tests=all timeout='' test_timeout='' module='' smp='' mem=''
append='' shell=0 verbose=0
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=${2:?}; shift 2 ;;
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
profile_load "$arch"
profile_resolve "$kernel"
[ "$cpu" != - ] || cpu=$default_cpu
: "${timeout:=$default_timeout}" "${test_timeout:=$default_test_timeout}" "${smp:=$default_smp}" "${mem:=$default_mem}"
for n in "$timeout" "$test_timeout" "$smp" "$mem"; do
	[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "not a positive number: $n"
done
command -v "$qemu_bin" >/dev/null || die "$qemu_bin missing (scripts/install-deps.sh)"
if [ -n "$guest_build" ] && [ -n "$guest_root" ]; then
	for d in userspace selftests; do
		[ -d "$guest_build/$d" ] || die "$guest_build/$d missing (scripts/build-guest-$arch.sh)"
		# Mount points in the guest for the cross builds (a native build may not have made them).
		mkdir -p "$repo/$d/build"
	done
fi

# The guest shell splits the kernel command line at whitespace and treats quotes specially.
safe() { [[ "$1" =~ ^[][A-Za-z0-9_.,/+:=*?@%-]*$ ]] || die "unsupported character in '$1'"; }

# Resolve test selection on the host so that a typo fails before a boot.
testdir=$repo/selftests/guest
selected=()
if [ "$shell" = 0 ]; then
	excluded=()
	if [[ "$tests" == quick* ]] && [ -n "$quick_tests" ]; then
		tests=$quick_tests
	elif [[ "$tests" =~ ^quick(:([0-9]+)/([0-9]+))?$ ]]; then
		# selftests/guest/SLOW: "NN-name[@tag,...]  reason" lines, a tag an arch or "once"; no
		# arch tag: every arch. quick:I/N (run I of N kernels, from 0): the "once" entries are
		# dealt out in turn, the Kth to run K mod N, and left out of the others.
		share=${BASH_REMATCH[2]:-0} shares=${BASH_REMATCH[3]:-1}
		[ "$share" -lt "$shares" ] || die "--tests $tests: run $share of $shares"
		once=0
		while read -r t _; do
			case "$t" in '' | '#'*) continue ;; esac
			case "$t" in
			*@*)
				tags=",${t#*@},"
				if [[ "$tags" == *",once,"* ]]; then
					once=$((once + 1))
					[ $(((once - 1) % shares)) = "$share" ] && continue
					# Left out here whatever its arch tags say.
					excluded+=("${t%%@*}")
					continue
				fi
				[[ "$tags" == *",$arch,"* ]] || continue ;;
			esac
			excluded+=("${t%%@*}")
		done <"$testdir/SLOW"
		tests=all
	fi
	if [ "$tests" = all ]; then
		pats=('[0-9][0-9]-*')
	else
		IFS=', ' read -r -a pats <<<"$tests"
	fi
	declare -A have=()
	for t in "${excluded[@]}"; do
		[ -f "$testdir/$t.sh" ] || die "selftests/guest/SLOW names $t, which does not exist"
		have[$t.sh]=1
	done
	for p in "${pats[@]}"; do
		[ -n "$p" ] || continue
		p=${p%.sh}
		found=0
		# "00", "boot", "00-boot", "00-boot.sh" and globs like "[1-3]*" all name 00-boot.sh.
		# shellcheck disable=SC2231 # $p is a pattern
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
	[ "${#selected[@]}" -gt 0 ] || die "no test selected"
	mapfile -t selected < <(printf '%s\n' "${selected[@]}" | sort)
fi

cache=$repo/build/vm
mkdir -p "$cache"
# Runs on a CPU other than the profile's default keep their own log and output directory (no
# commas: the path goes into a -virtfs option).
tag=$abi
[ "$cpu" = "$default_cpu" ] || tag=$abi-${cpu//[^A-Za-z0-9_.+-]/_}
# HWC_VM_TAG: a suffix of their own for runs of the same kernel at once (test-guests.sh's split
# halves), so that neither's log and output overwrite the other's.
[ -z "${HWC_VM_TAG:-}" ] || tag=$tag-${HWC_VM_TAG//[^A-Za-z0-9_.+-]/_}
# Private per-run directory and log, renamed to run-<tag> and last-<tag>.log at the end: several
# runs (two kernels, two engineers) may share one checkout.
rundir=$(mktemp -d "$cache/run-$tag.XXXXXX")
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
# The test module built beside it (scripts/build-module.sh) goes along: 52-kfuzz loads it from
# the directory of $HWC_MODULE.
kfuzz_module=${module%/*}/hwc_kfuzz.ko
if [ -f "$module" ]; then
	cp "$module" "$rundir/${module##*/}"
	[ ! -f "$kfuzz_module" ] || cp "$kfuzz_module" "$rundir/"
	guest_module=/run/hwc/${module##*/}
elif [ "$shell" = 0 ]; then
	echo "vm.sh: note: $module does not exist; module tests will skip" >&2
fi

initrd=$("$repo/scripts/mkinitramfs.sh" --arch "$arch" "$kernel" "$cache/initramfs-$arch-$abi.cpio.gz")
if [ -z "$guest_root" ]; then
	# No 9p: the guest scripts, this arch's expectations and the module go into the image (the
	# kernel unpacks concatenated archives in turn).
	pack=$rundir/pack
	mkdir -p "$pack$repo/selftests" "$pack/run/hwc"
	cp -r "$repo/selftests/guest" "$pack$repo/selftests/"
	mkdir -p "$pack$repo/selftests/arch"
	cp -r "$repo/selftests/arch/$arch" "$pack$repo/selftests/arch/"
	[ -f "$module" ] && cp "$module" "$pack/run/hwc/"
	[ -f "$module" ] && [ -f "$kfuzz_module" ] && cp "$kfuzz_module" "$pack/run/hwc/"
	# The profile's cross-built programs, where the guest scripts look for them (as the 9p
	# profiles mount them there).
	for d in userspace selftests; do
		if [ -n "$guest_build" ] && [ -d "$guest_build/$d" ]; then
			mkdir -p "$pack$repo/$d/build"
			cp -r "$guest_build/$d/." "$pack$repo/$d/build/"
		fi
	done
	cat "$initrd" >"$rundir/initrd"
	# The kernel reads an uncompressed cpio only at a 4-byte aligned offset (anything else it
	# takes for a compressed archive with a bad magic): zeros up to the next multiple of 4.
	# shellcheck disable=SC2094 # the size is read before the append starts
	head -c $(((4 - $(stat -c %s "$rundir/initrd") % 4) % 4)) /dev/zero >>"$rundir/initrd"
	(cd "$pack" && find . -print0 | LC_ALL=C sort -z | cpio -o -0 -H newc -R 0:0 --quiet) >>"$rundir/initrd"
	initrd=$rundir/initrd
fi

tests_arg=all
[ "${#selected[@]}" -gt 0 ] && tests_arg=$(IFS=,; echo "${selected[*]}")
mode='test'
[ "$shell" = 1 ] && mode=shell
for v in "$repo" "$tests_arg" "$guest_module" "$uname_r" "$cpu" "$arch"; do safe "$v"; done
cmdline="console=$console quiet panic=-1 HWC_MODE=$mode HWC_ABI=$uname_r HWC_REPO=$repo HWC_ARCH=$arch"
cmdline+=" HWC_TESTS=$tests_arg HWC_MODULE=$guest_module HWC_TEST_TIMEOUT=$test_timeout HWC_CPU=${cpu:-default}"
[ -n "$cmdline_extra" ] && cmdline+=" $cmdline_extra"
# make test-full: guest tests run their long variants.
[ -n "${HWC_FULL:-}" ] && cmdline+=" HWC_FULL=1"
[ -n "$append" ] && cmdline+=" $append"

qemu=("$qemu_bin" "${qemu_args[@]}" ${cpu:+-cpu "$cpu"} -smp "$smp" -m "$mem"
	-kernel "$kimage" -initrd "$initrd" -append "$cmdline")
if [ -n "$guest_root" ]; then
	qemu+=(-virtfs "local,path=$guest_root,mount_tag=guestroot,security_model=none,readonly=on"
		-virtfs "local,path=$repo,mount_tag=repo,security_model=none,readonly=on"
		-virtfs "local,path=$rundir,mount_tag=hwcrun,security_model=none")
	[ -n "$guest_build" ] &&
		qemu+=(-virtfs "local,path=$guest_build,mount_tag=guestbuild,security_model=none,readonly=on")
	# A kernel fetched into a cache: its modules over the guest root's /lib/modules, for the
	# guest's modprobe (mkinitramfs.sh's /init mounts it). A host that never had a kernel
	# package installed (a container image) has no /lib/modules to mount on: the empty
	# directory is made here, as the read-only guest root cannot.
	if [ -n "$modroot" ] && [ "$modroot" != / ]; then
		[ -d "$guest_root/lib/modules" ] || mkdir -p "$guest_root/lib/modules" ||
			die "no $guest_root/lib/modules for the guest's modules to be mounted on (mkdir -p it as root)"
		qemu+=(-virtfs "local,path=$(realpath "$modroot/lib/modules"),mount_tag=guestmods,security_model=none,readonly=on")
	fi
fi

keep_rundir() {
	rm -rf "$cache/run-$tag" "$rundir/pack" "$rundir/initrd"
	mv "$rundir" "$cache/run-$tag" 2>/dev/null || true
	trap - EXIT
}

if [ "$shell" = 1 ]; then
	echo "vm.sh: shell on the serial console; Ctrl-A X quits QEMU, 'exit' powers off" >&2
	rc=0
	"${qemu[@]}" "${qemu_shell_args[@]}" || rc=$?
	keep_rundir
	exit "$rc"
fi

log=$rundir/serial.log
# A guest whose firmware cannot power off (sun4u's OpenBIOS may stop at its prompt instead) is
# stopped 30 s after the runner's result marker.
watch_marker() {
	until grep -q 'HWC-RESULT:' "$log" 2>/dev/null; do sleep 5; done
	sleep 30
	local pid
	pid=$(cat "$rundir/qemu.pid" 2>/dev/null) && kill -0 "$pid" 2>/dev/null || return 0
	: >"$rundir/qemu.stopped"
	kill "$pid"
}
watch_marker &
watcher=$!
echo "vm.sh: $abi, -cpu ${cpu:-default}, -smp $smp, tests: $tests_arg, module: $module"
start=$(date +%s.%N)
set +e
# stdin from /dev/null: nothing here may wait for input (CI).
timeout -k 10 "$timeout" "${qemu[@]}" "${qemu_batch_args[@]}" -pidfile "$rundir/qemu.pid" \
	</dev/null 2>&1 | sed -u 's/\r//g' | tee "$log" |
	if [ "$verbose" = 1 ]; then
		cat
	else
		grep --line-buffered -E '^(PASS|FAIL|SKIP|INFO|dmesg): |^[0-9]+ skipped$|^[0-9]+ passed, [0-9]+ failed|HWC-RESULT:|Kernel panic|hwc-init:|qemu-system'
	fi
status=("${PIPESTATUS[@]}")
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
set -e
end=$(date +%s.%N)
qrc=${status[0]}
if [ -f "$rundir/qemu.stopped" ]; then
	echo "vm.sh: the guest did not power off: QEMU stopped after the result marker" >&2
	qrc=0
fi
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
mv -f "$log" "$cache/last-$tag.log"
log=$cache/last-$tag.log
# The fuzzers' passing runs, one line each, appended across runs for scripts/fuzz-count.sh
# (make test-full's total; it starts the ledger afresh).
sed -n 's/^PASS: \(50-fuzz\|52-kfuzz\): .* \([0-9][0-9]*\) operations.*/\1 \2/p' "$log" |
	sed "s|\$| $tag|" >>"$cache/fuzz-ops.log"
keep_rundir
# Result lines were streamed already; the raw tail helps when the guest never got to the end.
if [ "$fail" = 1 ] && [ "$verbose" = 0 ] && { [ -z "$marker" ] || [ "$qrc" != 0 ]; }; then
	echo "---- last 60 lines of $log ----" >&2
	tail -n 60 "$log" >&2
	echo "----" >&2
fi
echo "vm.sh: $abi -cpu ${cpu:-default}: $([ "$fail" = 0 ] && echo OK || echo FAILED) in ${secs}s (log: $log)"
exit "$fail"

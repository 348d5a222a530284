#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boots a Debian ppc64el kernel under qemu-system-ppc64 (pseries, TCG) and runs selftests/guest.
# Called by `scripts/vm.sh --arch ppc64le ...`; results, markers and exit codes as vm.sh's.
set -euo pipefail

usage() {
	cat <<'EOU'
Usage: scripts/vm.sh --arch ppc64le [options]
  --kernel 6.1|6.12       Debian ppc64el kernel fetched by scripts/fetch-ppc64el.sh (default 6.1)
  --cpu MODEL             power8 (default), power9, power10
  --tests LIST            as vm.sh (default: all)
  --timeout SEC           hard limit for the whole VM run (default 900)
  --test-timeout SEC      limit per test script inside the guest (default 300)
  --module PATH           module for the tests (default build/kmod/<abi>/hwcrypt.ko, from
                          scripts/build-module-ppc64le.sh)
  --smp N, --mem MB       guest CPUs (default 1) and memory (default 1024)
  --append "k=v ..."      extra kernel command line words
  --shell                 interactive shell in the guest instead of tests
  -v, --verbose           stream the whole console
The guest's root is Debian's ppc64el userland (busybox, libc, OpenSSL, libkcapi, kcapi-tools)
extracted by fetch-ppc64el.sh, shared read-only over 9p; the repository is shared at its host
path with build/ppc64le/{userspace,selftests} (scripts/build-guest-ppc64le.sh) mounted over
userspace/build and selftests/build, so the guest scripts find POWER binaries where they look.
EOU
}

die() { echo "vm.sh: $*" >&2; exit 2; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
kernel=6.1 cpu=power8 tests=all timeout=900 test_timeout=300 module='' smp=1 mem=1024
append='' shell=0 verbose=0
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) [ "${2:-}" = ppc64le ] || die "--arch: only ppc64le here"; shift 2 ;;
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
for n in "$timeout" "$test_timeout" "$smp" "$mem"; do
	[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "not a positive number: $n"
done
command -v qemu-system-ppc64 >/dev/null || die "qemu-system-ppc64 missing (scripts/install-deps.sh)"

cache=$("$repo/scripts/fetch-ppc64el.sh" --print-root)
[ -f "$cache/k-$kernel/abi" ] || "$repo/scripts/fetch-ppc64el.sh" >/dev/null
[ -f "$cache/k-$kernel/abi" ] || die "no ppc64el kernel '$kernel' (scripts/fetch-ppc64el.sh knows 6.1, 6.12)"
abi=$(cat "$cache/k-$kernel/abi")
kroot=$cache/k-$kernel
vmlinux=$kroot/boot/vmlinux-$abi
userroot=$cache/user
[ -f "$vmlinux" ] || die "no $vmlinux"
for d in userspace selftests; do
	[ -d "$repo/build/ppc64le/$d" ] || die "build/ppc64le/$d missing (scripts/build-guest-ppc64le.sh)"
	# Mount points in the guest for the POWER builds (the x86 build may not have made them).
	mkdir -p "$repo/$d/build"
done

safe() { [[ "$1" =~ ^[][A-Za-z0-9_.,/+:=*?@%-]*$ ]] || die "unsupported character in '$1'"; }

# Test selection, resolved on the host as vm.sh does.
testdir=$repo/selftests/guest
selected=()
if [ "$shell" = 0 ]; then
	if [ "$tests" = all ]; then pats=('[0-9][0-9]-*'); else IFS=', ' read -r -a pats <<<"$tests"; fi
	declare -A have=()
	for p in "${pats[@]}"; do
		[ -n "$p" ] || continue
		p=${p%.sh}
		found=0
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

vmcache=$repo/build/vm
mkdir -p "$vmcache"
rundir=$(mktemp -d "$vmcache/run-$abi-$cpu.XXXXXX")
mkdir -p "$rundir/out"
chmod 755 "$rundir"
trap 'rm -rf "$rundir"' EXIT

if [ -n "$module" ]; then
	[ -f "$module" ] || die "--module $module: no such file"
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

# Initramfs: busybox, the modules for 9p and AF_ALG, and an /init that mounts the shares and
# runs the suite in a chroot of the ppc64el userland. Cached by a key over its inputs.
initrd=$vmcache/initramfs-$abi.cpio.gz
# Required: 9p and AF_ALG. Optional (loaded when modular, built-ins skipped; failures only logged):
# algorithms and templates tests may instantiate, which a guest without modprobe cannot autoload.
required=(virtio_pci 9pnet_virtio 9p crypto_user af_alg algif_hash algif_skcipher algif_aead)
optional=(sha512_generic sha3_generic sha1_powerpc md5_ppc cryptd crypto_simd ecb cbc cts ctr xts gcm
	ccm gf128mul ghash_generic aes_generic vmx_crypto drbg jitterentropy_rng pkcs8_key_parser
	loop dm_mod dm_crypt)
plan=()
declare -A seen=()
for m in "${required[@]}" "${optional[@]}"; do
	req=0
	for r in "${required[@]}"; do [ "$r" = "$m" ] && req=1; done
	deps=$(modprobe -d "$kroot" -S "$abi" --show-depends "$m" 2>/dev/null) || continue
	while read -r kind path _; do
		[ "$kind" = insmod ] && [ -z "${seen[$path]:-}" ] || continue
		seen[$path]=1
		plan+=("$req $path")
	done <<<"$deps"
done
key=$({ sha256sum "$0" "$userroot/bin/busybox"; echo "$abi"; printf '%s\n' "${plan[@]}"; } |
	sha256sum | cut -d' ' -f1)
if [ ! -f "$initrd" ] || [ "$(cat "$initrd.key" 2>/dev/null)" != "$key" ]; then
	stage=$(mktemp -d)
	mkdir -p "$stage"/{bin,dev,proc,sys,mnt,lib/modules}
	cp "$userroot/bin/busybox" "$stage/bin/busybox"
	for rp in "${plan[@]}"; do
		p=${rp#* }
		f=$stage/lib/modules/$(basename "${p%.xz}")
		case "$p" in *.xz) xz -dc "$p" >"$f" ;; *) cp "$p" "$f" ;; esac
		echo "${rp%% *} ${f#"$stage"/}" >>"$stage/modules.load"
	done
	cat >"$stage/init" <<'EOS'
#!/bin/busybox sh
# Guest /init for scripts/vm-ppc64le.sh; parameters arrive as HWC_* environment words.
/bin/busybox --install -s /bin
export PATH=/bin
die() {
	echo "hwc-init: $*"
	echo "HWC-RESULT: rc=2 init-failed"
	poweroff -f
	sleep 5
}
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r req m; do
	out=$(insmod "/$m" 2>&1) && continue
	[ "$req" = 1 ] && die "insmod $m failed: $out"
	echo "hwc-init: optional module ${m##*/} not loaded: $out" >/dev/kmsg
done </modules.load
o=trans=virtio,version=9p2000.L,msize=262144
# Root: a tmpfs with the read-only ppc64el userland bound in, so that the repository's host path
# can be created in it.
mkdir -p /ur
mount -t 9p -o ro,$o userroot /ur || die "cannot mount the ppc64el userland"
mount -t tmpfs -o mode=755 tmpfs /mnt || die "mount /mnt"
for d in bin sbin lib lib64 usr etc; do
	[ -d "/ur/$d" ] || continue
	mkdir -p "/mnt/$d" && mount --bind "/ur/$d" "/mnt/$d" || die "bind $d"
done
mkdir -p /mnt/proc /mnt/sys /mnt/dev /mnt/tmp /mnt/run /mnt/root
mount -t proc proc /mnt/proc && mount -t sysfs sysfs /mnt/sys && mount -t devtmpfs devtmpfs /mnt/dev ||
	die "mount /mnt/{proc,sys,dev}"
mount -t tmpfs -o mode=1777 tmpfs /mnt/tmp || die "mount /mnt/tmp"
mount -t tmpfs -o mode=755 tmpfs /mnt/run || die "mount /mnt/run"
mkdir -p /mnt/dev/pts /mnt/dev/shm /mnt/run/hwc /mnt/run/ppcbuild
mount -t devpts devpts /mnt/dev/pts
mount -t tmpfs tmpfs /mnt/dev/shm
# After the tmpfs mounts: a repository below /tmp needs its mount point inside that tmpfs.
mkdir -p "/mnt$HWC_REPO"
mount -t 9p -o ro,$o repo "/mnt$HWC_REPO" || die "cannot mount repo"
mount -t 9p -o ro,$o ppcbuild /mnt/run/ppcbuild || die "cannot mount build/ppc64le"
mount --bind /mnt/run/ppcbuild/userspace "/mnt$HWC_REPO/userspace/build" &&
	mount --bind /mnt/run/ppcbuild/selftests "/mnt$HWC_REPO/selftests/build" ||
	die "cannot put build/ppc64le over userspace/build and selftests/build"
mount -t 9p -o $o hwcrun /mnt/run/hwc || die "cannot mount run dir"
export HOME=/root TERM=${TERM:-linux} LANG=C
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
export HWC_OUT=/run/hwc/out
mkdir -p /mnt/run/hwc/out
if [ "$HWC_MODE" = shell ]; then
	setsid cttyhack chroot /mnt /bin/sh -c "cd '$HWC_REPO'; exec /bin/sh -i"
else
	chroot /mnt /bin/sh -c "cd '$HWC_REPO' && exec /bin/sh selftests/guest/run.sh"
	rc=$?
	[ "$rc" -le 1 ] || echo "HWC-RESULT: rc=$rc runner-aborted"
fi
sync
poweroff -f
sleep 5
EOS
	chmod 755 "$stage/init"
	tmp=$(mktemp "$initrd.XXXXXX")
	(cd "$stage" && find . -print0 | LC_ALL=C sort -z | cpio -o -0 -H newc -R 0:0 --quiet) |
		gzip -1 >"$tmp"
	rm -rf "$stage"
	chmod 644 "$tmp"
	mv "$tmp" "$initrd"
	echo "$key" >"$initrd.key"
fi

tests_arg=all
[ "${#selected[@]}" -gt 0 ] && tests_arg=$(IFS=,; echo "${selected[*]}")
mode=test
[ "$shell" = 1 ] && mode=shell
for v in "$repo" "$tests_arg" "$guest_module" "$abi" "$cpu"; do safe "$v"; done
cmdline="console=hvc0 quiet panic=-1 HWC_MODE=$mode HWC_ABI=$abi HWC_REPO=$repo"
cmdline+=" HWC_TESTS=$tests_arg HWC_MODULE=$guest_module HWC_TEST_TIMEOUT=$test_timeout HWC_CPU=$cpu"
[ -n "$append" ] && cmdline+=" $append"

# x-vof: QEMU's minimal firmware, /init in ~3 s instead of SLOF's ~10. The cap-* settings only
# silence TCG's warnings about speculation mitigations it cannot emulate.
qemu=(qemu-system-ppc64 -accel tcg -cpu "$cpu" -smp "$smp" -m "$mem" -no-reboot -nodefaults
	-M pseries,x-vof=on,usb=off,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
	-kernel "$vmlinux" -initrd "$initrd" -append "$cmdline"
	-virtfs "local,path=$userroot,mount_tag=userroot,security_model=none,readonly=on"
	-virtfs "local,path=$repo,mount_tag=repo,security_model=none,readonly=on"
	-virtfs "local,path=$repo/build/ppc64le,mount_tag=ppcbuild,security_model=none,readonly=on"
	-virtfs "local,path=$rundir,mount_tag=hwcrun,security_model=none")

keep_rundir() {
	rm -rf "$vmcache/run-$abi-$cpu"
	mv "$rundir" "$vmcache/run-$abi-$cpu" 2>/dev/null || true
	trap - EXIT
}

if [ "$shell" = 1 ]; then
	rc=0
	"${qemu[@]}" -display none -serial mon:stdio || rc=$?
	keep_rundir
	exit "$rc"
fi

log=$rundir/serial.log
echo "vm.sh: $abi, -cpu $cpu, -smp $smp, tests: $tests_arg, module: $module"
start=$(date +%s.%N)
set +e
timeout -k 10 "$timeout" "${qemu[@]}" -display none -monitor none -serial stdio </dev/null 2>&1 |
	sed -u 's/\r//g' | tee "$log" |
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
if [ -z "$marker" ] || [ "${marker#HWC-RESULT: rc=}" != 0 ]; then
	[ -z "$marker" ] && echo "vm.sh: no HWC-RESULT marker in the serial log" >&2
	fail=1
fi
grep -q '^FAIL: ' "$log" && fail=1
mv -f "$log" "$vmcache/last-$abi-$cpu.log"
log=$vmcache/last-$abi-$cpu.log
keep_rundir
if [ "$fail" = 1 ] && [ "$verbose" = 0 ] && { [ -z "$marker" ] || [ "$qrc" != 0 ]; }; then
	echo "---- last 60 lines of $log ----" >&2
	tail -n 60 "$log" >&2
	echo "----" >&2
fi
echo "vm.sh: $abi -cpu $cpu: $([ "$fail" = 0 ] && echo OK || echo FAILED) in ${secs}s (log: $log)"
exit "$fail"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Smoke test of the sparc64 test kernel (scripts/build-sparc64-kernel.sh): boots it on
# qemu-system-sparc64 -M sun4u with an initramfs of its static busybox, runs a few busybox
# commands, builds a trivial module against the kernel's O= tree and loads/unloads it, and
# fails on BUG/WARNING/Oops/Call Trace in the kernel log.
#
# Usage: selftests/qemu/sparc64-boot.sh [EXTRA.ko ...]   extra modules are insmod'ed too
#   QEMU_SYSTEM=<qemu-system-sparc64>  default: the one on PATH (Debian's)
#   QEMU_CPU=<cpu model and features>  default: qemu's sun4u default
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/sparc64-boot
kdir=$("$top/scripts/build-sparc64-kernel.sh")
qemu=${QEMU_SYSTEM:-qemu-system-sparc64}
K=(ARCH=sparc64 CROSS_COMPILE=sparc64-linux-gnu-)
rm -rf "$out"
mkdir -p "$out/hello" "$out/root/bin" "$out/root/lib/test"

# The module: proves that an external module builds against the cached tree and loads.
cat >"$out/hello/hello.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
static int __init hello_init(void)
{
	pr_info("hwc-hello: loaded\n");
	return 0;
}
static void __exit hello_exit(void)
{
	pr_info("hwc-hello: unloaded\n");
}
module_init(hello_init);
module_exit(hello_exit);
MODULE_LICENSE("GPL");
EOF
echo 'obj-m := hwc_hello.o
hwc_hello-y := hello.o' >"$out/hello/Kbuild"
make -C "$kdir" M="$out/hello" "${K[@]}" modules >"$out/hello/build.log" 2>&1 || {
	cat "$out/hello/build.log" >&2
	exit 1
}
cp "$out/hello/hwc_hello.ko" "$@" "$out/root/lib/test/"

cp "$kdir/busybox" "$out/root/bin/busybox"
cat >"$out/root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
echo "HWC-BOOT: /init reached"
uname -a
grep -E '^(cpu|type)' /proc/cpuinfo
echo abc | sha256sum
ls /lib/test
for m in /lib/test/*.ko; do
	n=$(basename "$m" .ko)
	insmod "$m" && echo "HWC-BOOT: insmod $n ok" || echo "HWC-BOOT: insmod $n FAILED"
done
lsmod
for m in /lib/test/*.ko; do
	n=$(basename "$m" .ko)
	rmmod "$n" && echo "HWC-BOOT: rmmod $n ok" || echo "HWC-BOOT: rmmod $n FAILED"
done
grep -c . /proc/crypto >/dev/null && echo "HWC-BOOT: /proc/crypto has $(grep -c '^name' /proc/crypto) algorithms, $(grep -c 'selftest.*passed' /proc/crypto) self-tests passed"
if dmesg | grep -E 'BUG|WARNING|Oops|Call Trace'; then echo "HWC-BOOT: kernel log NOT clean"; else echo "HWC-BOOT: kernel log clean"; fi
dmesg | grep hwc-hello
echo "HWC-BOOT: done"
poweroff -f
EOF
chmod +x "$out/root/init"
mkdir -p "$out/root/proc" "$out/root/sys" "$out/root/dev"
(cd "$out/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/initrd.cpio.gz"

t0=$(date +%s)
cpu=()
[ -n "${QEMU_CPU:-}" ] && cpu=(-cpu "$QEMU_CPU")
timeout 600 "$qemu" -M sun4u "${cpu[@]}" -m 1024 -nographic -no-reboot -kernel "$kdir/vmlinux" \
	-initrd "$out/initrd.cpio.gz" -append "console=ttyS0 rdinit=/init" </dev/null \
	>"$out/console.log" 2>&1 || true
secs=$(($(date +%s) - t0))
grep -a 'HWC-BOOT\|hwc-hello' "$out/console.log" || true
fail=0
for want in '/init reached' 'insmod hwc_hello ok' 'rmmod hwc_hello ok' 'kernel log clean' 'HWC-BOOT: done'; do
	grep -aq "$want" "$out/console.log" || { echo "sparc64-boot: missing '$want' (log: $out/console.log)"; fail=1; }
done
grep -aq 'FAILED' "$out/console.log" && fail=1
echo "sparc64-boot: $([ $fail = 0 ] && echo PASS || echo FAIL) in ${secs}s (kernel $kdir, $("$qemu" --version | head -n 1))"
exit "$fail"

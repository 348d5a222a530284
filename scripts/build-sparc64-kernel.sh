#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds the sparc64 test kernel for qemu-system-sparc64 -M sun4u guests: Debian's
# linux-source-6.1 (bookworm), sparc64_defconfig plus the options hwcrypt's guest tests need
# (listed below), cross-compiled with gcc-sparc64-linux-gnu. Also builds a static sparc64
# busybox from Debian's busybox source package (Debian has no sparc64 binary packages).
# Cached in $HWC_CACHE/sparc64-6.1-<source version>-<hash of the resolved .config>/:
#   vmlinux         the kernel qemu boots (-kernel vmlinux)
#   Module.symvers  and the rest of an O= build tree: external modules build with
#                   make -C <dir> M=<module dir> ARCH=sparc64 CROSS_COMPILE=sparc64-linux-gnu- modules
#   busybox         static sparc64 busybox (for the guest's initramfs)
#   .config         the resolved configuration
# The kernel carries one test-only patch of the project's, selftests/qemu/sun4u-t4-hwcap.patch:
# on sun4u it sets HWCAP_SPARC_CRYPTO when the CPU's %asr26 is a CFR naming crypto units (the
# patched QEMU's crypto=on models), which Linux otherwise takes only from a sun4v machine
# description. It changes nothing on a CPU without the opcodes. The patched source is a
# hard-linked copy of the unpacked linux-source (the patched files unlinked first), keyed by the
# patch's hash; the build directory's key covers the patch too.
#
# Usage: scripts/build-sparc64-kernel.sh [--check]  prints the build directory
#   --check    build nothing: print the directory and exit 0 if the build is cached, exit 1 if not
#   --busybox  build (or find) only the static busybox and print its path
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
K=(ARCH=sparc64 CROSS_COMPILE=sparc64-linux-gnu-)
check=0
[ "${1:-}" = --check ] && check=1
kpatch=$top/selftests/qemu/sun4u-t4-hwcap.patch
phash=$(sha256sum "$kpatch" | cut -c1-12)

# On top of sparc64_defconfig: "NAME" enables NAME (=y), "-NAME" disables it. Everything the
# guest needs is built in, so the initramfs carries no modules. The build fails if an option
# does not survive olddefconfig. The in-tree sparc64 crypto drivers are built in: they register
# only where HWCAP_SPARC_CRYPTO is set, and are the in-kernel peers hwcrypt's drivers displace.
# The defconfig's modules (=m) are dropped and so are the subsystems an initramfs guest on the
# serial console never touches (disks, USB, framebuffers, sound, tracing, IP networking and
# network devices, sun4v logical domains): more than half the build time on the 2
# shared cores. NET stays for AF_ALG; the guest's root is the initramfs (no 9p, no virtio).
frag() {
	cat <<'EOF'
-ATA
-SCSI
-MD
-USB_SUPPORT
-SOUND
-FB
-DRM
-HID
-INPUT_MISC
-ETHERNET
-IPV6
-EXT2_FS
-EXT3_FS
-EXT4_FS
-KPROBES
-PROFILING
-FTRACE
-BLK_DEV_IO_TRACE
-UPROBE_EVENTS
-INET
-WIRELESS
-NETDEVICES
-WLAN
-I2C
-HWMON
-HUGETLBFS
-SUN_LDOMS
MODULES
MODULE_UNLOAD
PRINTK_TIME
KALLSYMS
KALLSYMS_ALL
DEBUG_KERNEL
BLK_DEV_INITRD
RD_GZIP
DEVTMPFS
DEVTMPFS_MOUNT
PROC_FS
SYSFS
TMPFS
SERIAL_SUNSU
SERIAL_SUNSU_CONSOLE
PCI
NET
UNIX
KEYS
CRYPTO
CRYPTO_USER
CRYPTO_USER_API_HASH
CRYPTO_USER_API_SKCIPHER
CRYPTO_USER_API_AEAD
CRYPTO_USER_API_RNG
CRYPTO_MANAGER
-CRYPTO_MANAGER_DISABLE_TESTS
CRYPTO_MANAGER_EXTRA_TESTS
CRYPTO_AES
CRYPTO_GCM
CRYPTO_GHASH
CRYPTO_XTS
CRYPTO_CTR
CRYPTO_CBC
CRYPTO_ECB
CRYPTO_CTS
CRYPTO_HMAC
CRYPTO_SHA1
CRYPTO_SHA256
CRYPTO_SHA512
CRYPTO_RSA
CRYPTO_SHA1_SPARC64
CRYPTO_SHA256_SPARC64
CRYPTO_SHA512_SPARC64
CRYPTO_AES_SPARC64
EOF
}

if [ "$check" = 1 ]; then
	# No download and no config run: the newest complete build of the current option list.
	want=$({ frag; cat "$kpatch"; } | sha256sum | cut -c1-16)
	for d in $(ls -d "$cache"/sparc64-6.1-* 2>/dev/null | grep -E -- '-[0-9a-f]{12}$' | sort -V -r); do
		if [ -f "$d/.hwc-built" ] && [ "$(cat "$d/.hwc-fragment" 2>/dev/null)" = "$want" ]; then
			echo "$d"
			exit 0
		fi
	done
	exit 1
fi

for p in sparc64-linux-gnu-gcc make flex bison bc; do
	command -v "$p" >/dev/null || {
		echo "build-sparc64-kernel: $p missing (apt-get install gcc-sparc64-linux-gnu flex bison bc libelf-dev)" >&2
		exit 1
	}
done
# Static sparc64 busybox from Debian's source package, built with the cross compiler and
# Debian's own "static" configuration. Cached by busybox version; copied into the kernel dir.
build_busybox() {
	local bdir bver bsrc blog
	[ -f /usr/sparc64-linux-gnu/lib/libc.a ] || {
		echo "build-sparc64-kernel: no sparc64 libc (apt-get install libc6-dev-sparc64-cross)" >&2
		return 1
	}
	bver=$(apt-cache showsrc busybox 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | head -n 1)
	if [ -z "$bver" ]; then
		echo "build-sparc64-kernel: no busybox source in apt (deb-src missing: scripts/install-deps.sh adds it)" >&2
		return 1
	fi
	# No epoch in the path: make cannot build in a directory whose name has a colon.
	bdir=$cache/busybox-sparc64-${bver#*:}
	exec 8>"$bdir.lock"
	flock 8
	if [ ! -f "$bdir/.hwc-built" ]; then
		rm -rf "$bdir"
		mkdir -p "$bdir"
		blog=$bdir/build.log
		(cd "$bdir" && apt-get source -q "busybox=$bver") >"$blog" 2>&1 || {
			tail -n 20 "$blog" >&2
			return 1
		}
		bsrc=$(ls -d "$bdir"/busybox-*/ | head -n 1)
		cp "$bsrc/debian/config/pkg/static" "$bsrc/.config"
		if ! (cd "$bsrc" &&
			make CROSS_COMPILE=sparc64-linux-gnu- oldconfig </dev/null &&
			nice -n 10 make CROSS_COMPILE=sparc64-linux-gnu- -j2 busybox) >>"$blog" 2>&1; then
			tail -n 30 "$blog" >&2
			echo "build-sparc64-kernel: busybox build failed (log: $blog)" >&2
			return 1
		fi
		file "$bsrc/busybox" | grep -q 'SPARC V9.*statically linked' || {
			echo "build-sparc64-kernel: $bsrc/busybox is not a static sparc64 binary" >&2
			return 1
		}
		cp "$bsrc/busybox" "$bdir/busybox"
		rm -rf "$bsrc" "$bdir"/busybox_*
		touch "$bdir/.hwc-built"
	fi
	flock -u 8
	echo "$bdir/busybox"
}

if [ "${1:-}" = --busybox ]; then
	mkdir -p "$cache"
	build_busybox
	exit
fi

tarball=/usr/src/linux-source-6.1.tar.xz
[ -f "$tarball" ] || { echo "build-sparc64-kernel: $tarball missing (apt-get install linux-source-6.1)" >&2; exit 1; }
ver=$(dpkg-query -W -f '${Version}' linux-source-6.1)
mkdir -p "$cache"

# The unpacked source is shared (read-only for O= builds); unpack it once, under a lock.
src=$cache/linux-source-6.1-$ver
exec 9>"$cache/.linux-source-6.1.lock"
flock 9
if [ ! -f "$src/.hwc-unpacked" ]; then
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar xf "$tarball" -C "$src.tmp" --strip-components=1
	touch "$src.tmp/.hwc-unpacked"
	mv "$src.tmp" "$src"
fi
# The test kernel's source: the pristine tree stays as it is for whoever else builds from it.
psrc=$src-hwc-$phash
if [ ! -f "$psrc/.hwc-patched" ]; then
	rm -rf "$psrc" "$psrc.tmp"
	cp -al "$src" "$psrc.tmp"
	rm -f "$psrc.tmp/.hwc-unpacked"
	sed -n 's#^+++ b/##p' "$kpatch" | while read -r f; do
		if [ -f "$psrc.tmp/$f" ]; then
			cp "$psrc.tmp/$f" "$psrc.tmp/$f.hwc-unlink"
			mv -f "$psrc.tmp/$f.hwc-unlink" "$psrc.tmp/$f"
		fi
	done
	patch -s -p1 -d "$psrc.tmp" <"$kpatch" || {
		echo "build-sparc64-kernel: $kpatch does not apply to linux-source-6.1 $ver" >&2
		exit 1
	}
	touch "$psrc.tmp/.hwc-patched"
	mv "$psrc.tmp" "$psrc"
fi
flock -u 9
src=$psrc

# Resolve the config in a scratch tree: the cache key is the resolved .config.
cfg=$(mktemp -d "$cache/sparc64-cfg.XXXXXX")
trap 'rm -rf "$cfg"' EXIT
make -C "$src" O="$cfg" "${K[@]}" sparc64_defconfig >/dev/null
sed -i 's/^\(CONFIG_[A-Za-z0-9_]*\)=m$/# \1 is not set/' "$cfg/.config"
args=()
while read -r opt; do
	case "$opt" in -*) args+=(-d "${opt#-}") ;; *) args+=(-e "$opt") ;; esac
done < <(frag)
"$src/scripts/config" --file "$cfg/.config" "${args[@]}"
make -C "$src" O="$cfg" "${K[@]}" olddefconfig >/dev/null
missing=()
while read -r opt; do
	case "$opt" in
	-*) grep -q "^CONFIG_${opt#-}=y" "$cfg/.config" && missing+=("$opt") ;;
	*) grep -q "^CONFIG_$opt=y" "$cfg/.config" || missing+=("$opt") ;;
	esac
done < <(frag)
if [ "${#missing[@]}" -gt 0 ]; then
	echo "build-sparc64-kernel: options not as requested after olddefconfig: ${missing[*]}" >&2
	exit 1
fi
hash=$({ grep -v '^#' "$cfg/.config"; cat "$kpatch"; } | sha256sum | cut -c1-12)
obj=$cache/sparc64-6.1-$ver-$hash
if [ -f "$obj/.hwc-built" ]; then
	echo "$obj"
	exit 0
fi


# An interrupted build of the same config resumes (make is incremental); anything else restarts.
if ! cmp -s "$cfg/.config" "$obj/.config"; then
	rm -rf "$obj"
	mkdir -p "$obj"
	cp "$cfg/.config" "$obj/.config"
fi
log=$obj/build.log
t0=$(date +%s)
echo "build-sparc64-kernel: building Linux $ver sparc64 in $obj (about 15 min on 2 cores)" >&2
if ! nice -n 10 make -C "$src" O="$obj" "${K[@]}" -j2 vmlinux modules >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "build-sparc64-kernel: build failed (log: $log)" >&2
	exit 1
fi
bb=$(build_busybox)
cp "$bb" "$obj/busybox"
echo "$(($(date +%s) - t0))" >"$obj/.hwc-build-seconds"
{ frag; cat "$kpatch"; } | sha256sum | cut -c1-16 >"$obj/.hwc-fragment"
touch "$obj/.hwc-built"
echo "build-sparc64-kernel: done in $(cat "$obj/.hwc-build-seconds")s" >&2
echo "$obj"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds a test kernel that Debian ships no package for, from Debian's linux-source-6.1
# (bookworm), cross-compiled: the architecture's defconfig plus the options and test-only patches
# its profile selftests/arch/<arch>/kernel.conf lists (sparc64: the sun4u guests; ppc64: the
# big-endian pseries kernel that validates the NX model with Linux's own NX driver). Also builds
# a static busybox of that architecture from Debian's busybox source package (Debian has no
# sparc64 or ppc64 binary packages here).
# Cached in $HWC_CACHE/<arch>-6.1-<source version>-<hash of the resolved .config + patches>/:
#   vmlinux         the kernel qemu boots (the profile's tk_image)
#   Module.symvers  and the rest of an O= build tree: external modules build with
#                   make -C <dir> M=<module dir> ARCH=<karch> CROSS_COMPILE=<cross> modules
#   busybox         static busybox (for the guest's initramfs)
#   .config         the resolved configuration
# Patched sources are hard-linked copies of the unpacked linux-source (the patched files unlinked
# first), keyed by the patches' hash.
#
# Usage: scripts/build-test-kernel.sh --arch ARCH [--check|--busybox]  prints the build directory
#   --check    build nothing: print the directory and exit 0 if the build is cached, exit 1 if not
#   --busybox  build (or find) only the static busybox and print its path
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
arch='' mode=build
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=${2:?--arch needs a value}; shift ;;
	--check) mode=check ;;
	--busybox) mode=busybox ;;
	*) echo "usage: build-test-kernel.sh --arch ARCH [--check|--busybox]" >&2; exit 2 ;;
	esac
	shift
done
conf=$top/selftests/arch/$arch/kernel.conf
{ [ -n "$arch" ] && [ -f "$conf" ]; } || { echo "build-test-kernel: no kernel profile $conf" >&2; exit 2; }
me="build-test-kernel ($arch)"
tk_patches=()
# shellcheck source=selftests/arch/sparc64/kernel.conf
. "$conf"
K=(ARCH="$tk_karch" CROSS_COMPILE="$tk_cross")
phash=$(cat /dev/null "${tk_patches[@]}" | sha256sum | cut -c1-12)

if [ "$mode" = check ]; then
	# No download and no config run: the newest complete build of the current option list.
	want=$({ tk_frag; cat /dev/null "${tk_patches[@]}"; } | sha256sum | cut -c1-16)
	# shellcheck disable=SC2010 # our own names (versions, hashes): no whitespace or newlines
	for d in $(ls -d "$cache/$arch"-6.1-* 2>/dev/null | grep -E -- '-[0-9a-f]{12}$' | sort -V -r); do
		if [ -f "$d/.hwc-built" ] && [ "$(cat "$d/.hwc-fragment" 2>/dev/null)" = "$want" ]; then
			echo "$d"
			exit 0
		fi
	done
	exit 1
fi

for p in "${tk_cross}gcc" make flex bison bc; do
	command -v "$p" >/dev/null || { echo "$me: $p missing (scripts/install-deps.sh)" >&2; exit 1; }
done
# Static busybox from Debian's source package, built with the cross compiler and Debian's own
# "static" configuration. Cached by busybox version; copied into the kernel dir.
build_busybox() {
	local bdir bver bsrc blog
	[ -f "$tk_libc" ] || { echo "$me: no $tk_libc (apt-get install $tk_libc_pkg)" >&2; return 1; }
	bver=$(apt-cache showsrc busybox 2>/dev/null | awk '/^Version:/ {print $2}' | sort -V | head -n 1)
	if [ -z "$bver" ]; then
		echo "$me: no busybox source in apt (deb-src missing: scripts/install-deps.sh adds it)" >&2
		return 1
	fi
	# No epoch in the path: make cannot build in a directory whose name has a colon.
	bdir=$cache/busybox-$arch-${bver#*:}
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
		# shellcheck disable=SC2012 # our own names (versions, hashes): no whitespace or newlines
		bsrc=$(ls -d "$bdir"/busybox-*/ | head -n 1)
		cp "$bsrc/debian/config/pkg/static" "$bsrc/.config"
		if ! (cd "$bsrc" &&
			make CROSS_COMPILE="$tk_cross" oldconfig </dev/null &&
			nice -n 10 make CROSS_COMPILE="$tk_cross" -j"$(nproc)" busybox) >>"$blog" 2>&1; then
			tail -n 30 "$blog" >&2
			echo "$me: busybox build failed (log: $blog)" >&2
			return 1
		fi
		file "$bsrc/busybox" | grep -Eq "$tk_busybox_magic" || {
			echo "$me: $bsrc/busybox is not a static $arch binary" >&2
			return 1
		}
		cp "$bsrc/busybox" "$bdir/busybox"
		rm -rf "$bsrc" "$bdir"/busybox_*
		touch "$bdir/.hwc-built"
	fi
	flock -u 8
	echo "$bdir/busybox"
}

if [ "$mode" = busybox ]; then
	mkdir -p "$cache"
	build_busybox
	exit
fi

tarball=/usr/src/linux-source-6.1.tar.xz
[ -f "$tarball" ] || { echo "$me: $tarball missing (apt-get install linux-source-6.1)" >&2; exit 1; }
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
if [ "${#tk_patches[@]}" -gt 0 ]; then
	psrc=$src-hwc-$phash
	if [ ! -f "$psrc/.hwc-patched" ]; then
		rm -rf "$psrc" "$psrc.tmp"
		cp -al "$src" "$psrc.tmp"
		rm -f "$psrc.tmp/.hwc-unpacked"
		for kpatch in "${tk_patches[@]}"; do
			sed -n 's#^+++ b/##p' "$kpatch" | while read -r f; do
				if [ -f "$psrc.tmp/$f" ]; then
					cp "$psrc.tmp/$f" "$psrc.tmp/$f.hwc-unlink"
					mv -f "$psrc.tmp/$f.hwc-unlink" "$psrc.tmp/$f"
				fi
			done
			patch -s -p1 -d "$psrc.tmp" <"$kpatch" || {
				echo "$me: $kpatch does not apply to linux-source-6.1 $ver" >&2
				exit 1
			}
		done
		touch "$psrc.tmp/.hwc-patched"
		mv "$psrc.tmp" "$psrc"
	fi
	src=$psrc
fi
flock -u 9

# Resolve the config in a scratch tree: the cache key is the resolved .config.
cfg=$(mktemp -d "$cache/$arch-cfg.XXXXXX")
trap 'rm -rf "$cfg"' EXIT
make -C "$src" O="$cfg" "${K[@]}" "$tk_defconfig" >/dev/null
sed -i 's/^\(CONFIG_[A-Za-z0-9_]*\)=m$/# \1 is not set/' "$cfg/.config"
args=()
while read -r opt; do
	case "$opt" in -*) args+=(-d "${opt#-}") ;; *) args+=(-e "$opt") ;; esac
done < <(tk_frag)
"$src/scripts/config" --file "$cfg/.config" "${args[@]}"
make -C "$src" O="$cfg" "${K[@]}" olddefconfig >/dev/null
missing=()
while read -r opt; do
	case "$opt" in
	-*) grep -q "^CONFIG_${opt#-}=y" "$cfg/.config" && missing+=("$opt") ;;
	*) grep -q "^CONFIG_$opt=y" "$cfg/.config" || missing+=("$opt") ;;
	esac
done < <(tk_frag)
if [ "${#missing[@]}" -gt 0 ]; then
	echo "$me: options not as requested after olddefconfig: ${missing[*]}" >&2
	exit 1
fi
[ "${HWC_TK_CONFIG_ONLY:-0}" = 1 ] && { echo "$me: configuration resolves"; exit 0; }
hash=$({ grep -v '^#' "$cfg/.config"; cat /dev/null "${tk_patches[@]}"; } | sha256sum | cut -c1-12)
obj=$cache/$arch-6.1-$ver-$hash
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
echo "$me: building Linux $ver $arch in $obj (about $tk_minutes min on 2 cores)" >&2
if ! nice -n 10 make -C "$src" O="$obj" "${K[@]}" -j"${HWC_MAKE_JOBS:-$(nproc)}" "$tk_image" modules >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "$me: build failed (log: $log)" >&2
	exit 1
fi
bb=$(build_busybox)
cp "$bb" "$obj/busybox"
echo "$(($(date +%s) - t0))" >"$obj/.hwc-build-seconds"
{ tk_frag; cat /dev/null "${tk_patches[@]}"; } | sha256sum | cut -c1-16 >"$obj/.hwc-fragment"
touch "$obj/.hwc-built"
echo "$me: done in $(cat "$obj/.hwc-build-seconds")s" >&2
echo "$obj"

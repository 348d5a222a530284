#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Fetches (never installs) Debian's amd64 kernels that the x86_64 guests boot, into a cache: the
# host's installed kernels, /boot, /vmlinuz links and apt state stay as they were.
#
# Usage: scripts/fetch-amd64.sh [--print-root] [SERIES...]   (default: every series below)
# Result, under ${HWC_AMD64_CACHE:-/var/cache/hwcrypt/amd64}, k-<series>/ for
#   5.10   bullseye(-security)    image; module build tree in the bullseye chroot (gcc-10)
#   6.1    bookworm(-security)    image + headers + linux-kbuild-6.1: built on the host (gcc-12)
#   6.12   bookworm-backports     image + headers + kbuild: built on the host (its config: gcc-12)
#   7.2    sid                    image; module build tree in the sid chroot (gcc-16)
#   7.3    experimental           image (+ its split binary/modules packages); sid chroot
# with vmlinuz (a link to the image), lib/modules/<abi> (depmod run) and abi. The chroot-built series take
# the exact ABI and version whose headers scripts/build-chroot.sh installed, so the module's
# vermagic always matches the kernel booted. Idempotent: a stamp per directory records the
# packages it was made from.
set -euo pipefail

here=$(dirname "${BASH_SOURCE[0]}")
cache=${HWC_AMD64_CACHE:-/var/cache/hwcrypt/amd64}
if [ "${1:-}" = --print-root ]; then
	echo "$cache"
	exit 0
fi
die() { echo "fetch-amd64: $*" >&2; exit 1; }

# shellcheck source=scripts/debcache.sh
. "$here/debcache.sh"
debcache_setup amd64 "$cache" bullseye bullseye-security bookworm bookworm-security \
	bookworm-backports sid experimental

# series -> chroot release (empty: headers fetched here and built against on the host)
declare -A chroot_of=([5.10]=bullseye [6.1]='' [6.12]='' [7.2]=sid [7.3]=sid)
declare -A pattern_of=(
	[5.10]='^linux-image-5\.10\.0-[0-9]+-amd64$'
	[6.1]='^linux-image-6\.1\.0-[0-9]+-amd64$'
	[6.12]='^linux-image-6\.12\.[0-9]+\+deb12-amd64$'
	[7.2]='^linux-image-7\.2\.[0-9]+\+deb[0-9]+-amd64$'
	[7.3]='^linux-image-7\.3[-.0-9]*-amd64$')

kernel() {
	local series=$1 rel abi ver img debs=() p dir root kbuild hdr
	[ -n "${pattern_of[$series]+x}" ] || die "unknown series '$series' (${!pattern_of[*]})"
	rel=${chroot_of[$series]}
	dir=$cache/k-$series
	if [ -n "$rel" ]; then
		root=$("$here/build-chroot.sh" "$rel") || die "no $rel chroot"
		abi=$("$here/build-chroot.sh" --abi "$rel" "$series") || die "no $series headers in the $rel chroot"
		# shellcheck disable=SC2016 # dpkg-query's format, not a shell expansion
		ver=$(chroot "$root" dpkg-query -W -f '${Version}' "linux-headers-$abi")
		img=linux-image-$abi
	else
		img=$(debcache_search "${pattern_of[$series]}" | tail -n 1)
		[ -n "$img" ] || die "no image matching ${pattern_of[$series]}"
		abi=${img#linux-image-}
		ver=$(debcache_ver "$img")
	fi
	debs+=("$(debcache_fetch "$img=$ver")")
	# 7.2 on split the image into these (linux-base: System.map, modules.builtin); older
	# series have none.
	for p in "linux-binary-$abi" "linux-modules-$abi" "linux-base-$abi"; do
		apt-cache "${papt[@]}" show "$p=$ver" >/dev/null 2>&1 && debs+=("$(debcache_fetch "$p=$ver")")
	done
	if [ -z "$rel" ]; then
		# 6.1 names its kbuild after the series, 6.12 after the full version.
		case "$series" in
		6.1) kbuild=linux-kbuild-6.1 ;;
		*) kbuild=linux-kbuild-${abi%-amd64} ;;
		esac
		debs+=("$(debcache_fetch "linux-headers-$abi=$ver")")
		debs+=("$(debcache_fetch "linux-headers-${abi%-amd64}-common=$ver")")
		debs+=("$(debcache_fetch "$kbuild=$ver")")
	fi
	debcache_extract "$dir" "${debs[@]}"
	if [ -z "$rel" ]; then
		hdr=$dir/usr/src/linux-headers-$abi
		# The arch headers include the common ones by their installed path: point it into the cache.
		sed -i "s|^include /usr/src/linux-headers-|include $dir/usr/src/linux-headers-|" "$hdr/Makefile"
	fi
	# 7.2 on install the image and modules below /usr/lib/modules/<abi> (merged /usr): one
	# layout for the profile, lib/modules/<abi> and vmlinuz.
	[ -e "$dir/lib" ] || [ ! -d "$dir/usr/lib/modules" ] || ln -s usr/lib "$dir/lib"
	for p in "$dir/boot/vmlinuz-$abi" "$dir/lib/modules/$abi/vmlinuz"; do
		[ -f "$p" ] && ln -sfn "${p#"$dir"/}" "$dir/vmlinuz" && break
	done
	[ -f "$dir/vmlinuz" ] || die "$img=$ver has no boot/vmlinuz-$abi nor lib/modules/$abi/vmlinuz"
	debcache_kernel "$dir" "$abi"
	echo "fetch-amd64: $series: $abi ($ver) in $dir${rel:+ (module build tree in the $rel chroot)}"
}

[ $# -gt 0 ] || set -- 5.10 6.1 6.12 7.2 7.3
for s in "$@"; do kernel "$s"; done

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Fetches (never installs) Debian's ppc64el kernels, headers, libcrypto and busybox into a cache.
#
# Usage: scripts/fetch-ppc64el.sh [--print-root]
# Result, under ${HWC_PPC_CACHE:-/var/cache/hwcrypt/ppc64el}:
#   k-6.1/, k-6.12/   image + headers (+ the amd64 linux-kbuild of the same version) extracted;
#                     KDIR = k-<v>/usr/src/linux-headers-<abi>, kernel = k-<v>/boot/vmlinux-<abi>,
#                     k-<v>/abi holds <abi>
#   user/             libssl3 + libssl-dev + libc6 + libkcapi + libkeyutils (ppc64el) and
#                     busybox-static extracted:
#                     the sysroot of the cross-built host tests and of the guest userland
# Idempotent: a stamp per directory records the package versions it was made from.
#
# The ppc64el packages come from a private apt configuration (its own lists in the cache): adding
# ppc64el to dpkg's architectures would make every `apt-get update` on this machine fetch the
# ppc64el index of bookworm-security as well, whose mirror copy is often mid-sync and fails.
set -euo pipefail

cache=${HWC_PPC_CACHE:-/var/cache/hwcrypt/ppc64el}
if [ "${1:-}" = --print-root ]; then
	echo "$cache"
	exit 0
fi

# shellcheck source=scripts/debcache.sh
. "$(dirname "${BASH_SOURCE[0]}")/debcache.sh"
debcache_setup ppc64el,amd64 "$cache" bookworm bookworm-backports

# A kernel series: newest ppc64el image of the series, its headers, the common headers and the
# amd64 linux-kbuild of the same version (the headers' scripts/ and tools/ link into it, and they
# must be host binaries).
kernel() {
	local series=$1 pattern=$2 img abi ver dir debs=() hdr kbuild
	img=$(debcache_search "$pattern" | tail -n 1)
	[ -n "$img" ] || { echo "fetch-ppc64el: no ppc64el image matching $pattern" >&2; exit 1; }
	abi=${img#linux-image-}
	ver=$(debcache_ver "$img")
	dir=$cache/k-$series
	# 6.1 names it after the series, 6.12 after the full version.
	case "$abi" in
	6.1.*) kbuild=linux-kbuild-6.1 ;;
	*) kbuild=linux-kbuild-${abi%-powerpc64le} ;;
	esac
	debs+=("$(debcache_fetch "$img=$ver")")
	debs+=("$(debcache_fetch "linux-headers-$abi=$ver")")
	# The common headers are Architecture: all (an :amd64 qualifier finds nothing).
	debs+=("$(debcache_fetch "linux-headers-${abi%-powerpc64le}-common=$ver")")
	debs+=("$(debcache_fetch "$kbuild:amd64=$ver")")
	debcache_extract "$dir" "${debs[@]}"
	hdr=$dir/usr/src/linux-headers-$abi
	# The arch headers include the common ones by their installed path: point it into the cache.
	sed -i "s|^include /usr/src/linux-headers-|include $dir/usr/src/linux-headers-|" "$hdr/Makefile"
	# The image carries no modules.dep; vm.sh's initramfs needs it.
	debcache_kernel "$dir" "$abi"
	echo "fetch-ppc64el: $series: $abi ($ver) in $dir"
}

kernel 6.1 '^linux-image-6\.1\.0-[0-9]+-powerpc64le$'
kernel 6.12 '^linux-image-6\.12\.[0-9.]+\+deb12-powerpc64le$'

user=()
# Runtime of the guest userland (the guest's root over 9p) and sysroot of the cross builds.
# coreutils gives the sha224sum/sha384sum busybox lacks (the tests' oracle), keyutils keyctl,
# libkeyutils-dev libhwcrypt's RSA. New packages go at the end: extract() then adds them to a
# populated cache in place.
for p in libc6 libssl3 libssl-dev openssl libkcapi1 libkcapi-dev kcapi-tools busybox-static \
	coreutils libacl1 libattr1 libgmp10 libselinux1 libpcre2-8-0 keyutils libkeyutils1 \
	libkeyutils-dev; do
	user+=("$(debcache_fetch "$p=$(debcache_ver "$p:ppc64el")")")
done
debcache_extract "$cache/user" "${user[@]}"
# qemu-user's -L prefix is applied to the path it opens, not to absolute symlinks inside the
# tree (lib64/ld64.so.2 -> /lib/...): make those relative to the tree.
find "$cache/user" -type l -lname '/*' | while read -r l; do
	t=$(readlink "$l")
	ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$cache/user$t")" "$l"
done
# busybox provides the shell and tools of the guest tests: one link per applet that no package
# file already provides (its applet list comes from running it under qemu-user).
if [ ! -e "$cache/user/bin/sh" ]; then
	for a in $(qemu-ppc64le-static -cpu power8 "$cache/user/bin/busybox" --list); do
		for d in bin usr/bin sbin usr/sbin; do [ -e "$cache/user/$d/$a" ] && continue 2; done
		ln -s busybox "$cache/user/bin/$a"
	done
fi
echo "fetch-ppc64el: user: libc6, OpenSSL, libkcapi, libkeyutils, kcapi-tools, busybox in $cache/user"

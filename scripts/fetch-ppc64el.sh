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

apt_dir=$cache/apt
mkdir -p "$apt_dir"/{lists/partial,archives/partial,etc,state} "$cache/debs"
: >"$apt_dir/state/status"
cat >"$apt_dir/etc/sources.list" <<'EOS'
deb [arch=ppc64el signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb [arch=ppc64el signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-backports main
EOS
papt=(-o APT::Architecture=ppc64el -o APT::Architectures::=ppc64el
	-o Dir::State="$apt_dir/state" -o Dir::State::Lists="$apt_dir/lists"
	-o Dir::State::status="$apt_dir/state/status" -o Dir::Cache="$apt_dir"
	-o Dir::Etc::SourceList="$apt_dir/etc/sources.list" -o Dir::Etc::SourceParts=/dev/null
	-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null
	-o Debug::NoLocking=1 -o APT::Sandbox::User=root -q)

# Lists older than a day are refreshed; a failed refresh with usable old lists is only a warning.
if [ -z "$(find "$apt_dir/lists" -maxdepth 1 -name '*_Packages*' -mtime -1 2>/dev/null)" ]; then
	apt-get "${papt[@]}" update >"$apt_dir/update.log" 2>&1 || {
		ls "$apt_dir/lists"/*_Packages* >/dev/null 2>&1 || { cat "$apt_dir/update.log" >&2; exit 1; }
		echo "fetch-ppc64el: apt update failed, using older lists" >&2
	}
fi

pver() { apt-cache "${papt[@]}" show "$1" 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -V | tail -n 1; }
hver() { apt-cache show "$1" 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -V | tail -n 1; }

# Downloads NAME=VERSION with the ppc64el (p) or the host's (h) apt into debs/ unless present.
fetch() {
	local which=$1 spec=$2 name=${2%%=*} ver=${2#*=} f
	f=$(ls "$cache/debs/${name}_${ver//:/%3a}_"*.deb 2>/dev/null | head -n 1 || true)
	if [ -z "$f" ]; then
		if [ "$which" = p ]; then
			(cd "$cache/debs" && apt-get "${papt[@]}" download "$spec" >/dev/null)
		else
			(cd "$cache/debs" && apt-get -q -o APT::Sandbox::User=root download "$spec" >/dev/null)
		fi
		f=$(ls "$cache/debs/${name}_${ver//:/%3a}_"*.deb | head -n 1)
	fi
	echo "$f"
}

# Extracts the given .debs into DIR (fresh) unless DIR's stamp already lists exactly them.
# When the stamp lists a leading part of them (packages appended to a list below), only the
# new ones are extracted into DIR in place: the cache is shared, and a guest or build running
# from DIR must not see it disappear.
extract() {
	local dir=$1 stamp old d
	shift
	stamp=$(printf '%s\n' "${@##*/}")
	if [ -f "$dir/.stamp" ]; then
		old=$(cat "$dir/.stamp")
		[ "$old" = "$stamp" ] && return 0
		if [ -n "$old" ] && [ "${stamp#"$old"$'\n'}" != "$stamp" ]; then
			for d in "$@"; do
				case $'\n'"$old"$'\n' in *$'\n'"${d##*/}"$'\n'*) continue ;; esac
				dpkg-deb -x "$d" "$dir"
			done
			echo "$stamp" >"$dir/.stamp.new"
			mv "$dir/.stamp.new" "$dir/.stamp"
			return 0
		fi
	fi
	rm -rf "$dir.new"
	mkdir -p "$dir.new"
	for d in "$@"; do dpkg-deb -x "$d" "$dir.new"; done
	echo "$stamp" >"$dir.new/.stamp"
	rm -rf "$dir"
	mv "$dir.new" "$dir"
}

# A kernel series: newest ppc64el image of the series, its headers, the common headers and the
# amd64 linux-kbuild of the same version (the headers' scripts/ and tools/ link into it, and they
# must be host binaries).
kernel() {
	local series=$1 pattern=$2 img abi ver dir debs=() hdr kbuild
	img=$(apt-cache "${papt[@]}" search --names-only "$pattern" | awk '{ print $1 }' | sort -V | tail -n 1)
	[ -n "$img" ] || { echo "fetch-ppc64el: no ppc64el image matching $pattern" >&2; exit 1; }
	abi=${img#linux-image-}
	ver=$(pver "$img")
	# 6.1 names it after the series, 6.12 after the full version.
	case "$abi" in
	6.1.*) kbuild=linux-kbuild-6.1 ;;
	*) kbuild=linux-kbuild-${abi%-powerpc64le} ;;
	esac
	[ "$(hver "$kbuild")" = "$ver" ] || apt-cache show "$kbuild=$ver" >/dev/null 2>&1 || {
		echo "fetch-ppc64el: host apt has no $kbuild=$ver (amd64) for $abi" >&2
		exit 1
	}
	debs+=("$(fetch p "$img=$ver")")
	debs+=("$(fetch p "linux-headers-$abi=$ver")")
	debs+=("$(fetch h "linux-headers-${abi%-powerpc64le}-common=$ver")")
	debs+=("$(fetch h "$kbuild=$ver")")
	dir=$cache/k-$series
	extract "$dir" "${debs[@]}"
	hdr=$dir/usr/src/linux-headers-$abi
	# The arch headers include the common ones by their installed path: point it into the cache.
	sed -i "s|^include /usr/src/linux-headers-|include $dir/usr/src/linux-headers-|" "$hdr/Makefile"
	# The image carries no modules.dep; vm.sh's initramfs needs it.
	depmod -b "$dir" "$abi"
	echo "$abi" >"$dir/abi"
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
	user+=("$(fetch p "$p=$(pver "$p")")")
done
extract "$cache/user" "${user[@]}"
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

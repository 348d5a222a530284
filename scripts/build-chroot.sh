#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A debootstrap'd Debian release in which hwcrypt is built as that release's DKMS would build it:
# its own compiler, its real linux-headers-* and linux-kbuild-* packages installed, dkms.
#   bullseye  Linux 5.10, gcc-10: the compiler of bullseye's kernels (amd64 only: the mirrors
#             reachable here carry no ppc64el packages of bullseye)
#   sid       Linux 7.2 (sid) and 7.3 (experimental), whose headers name gcc-16 and whose
#             kbuild tools need a newer glibc than bookworm's
# Cached in /var/cache/hwcrypt/chroot-<release>-<hash>/, keyed by the recipe part of this script
# (a new package list is a new chroot); prints that directory. --check: print it if built, else fail.
# `--abi RELEASE SERIES` prints the installed headers' ABI of a series (5.10, 7.2, 7.3).
# The host's own apt state, kernels and boot files are not touched: everything is in the chroot.
# Here, not at its line: a change below the recipe marker would be a new chroot. `[ a ] && [ b ] ||
# die` means die when either test fails.
# shellcheck disable=SC2015
set -euo pipefail
self=$(readlink -f "${BASH_SOURCE[0]}")
# The key: what makes the chroot (the recipe, from its marker below on), not the lookups above it.
hash=$(sed -n '/^# --- recipe ---$/,$p' "$self" | sha256sum | cut -c1-12)

die() { echo "build-chroot: $*" >&2; exit 1; }

mode=build
case "${1:-}" in
--check) mode=check; shift ;;
--abi) mode=abi; shift ;;
esac
rel=${1:?usage: build-chroot.sh [--check|--abi] bullseye|sid [SERIES]}
case "$rel" in bullseye | sid) ;; *) die "unknown release '$rel' (bullseye, sid)" ;; esac
root=/var/cache/hwcrypt/chroot-$rel-$hash

if [ "$mode" = abi ]; then
	[ -f "$root/done" ] || exit 1
	series=${2:?series}
	# The newest plain flavour of the series (not -rt-, -cloud-) whose headers are there.
	(cd "$root/usr/src" && printf '%s\n' linux-headers-"$series"-amd64 linux-headers-"$series"[.-]*-amd64) |
		while read -r h; do if [ -d "$root/usr/src/$h" ]; then echo "$h"; fi; done |
		sed 's/^linux-headers-//' | grep -Ev -- '-(rt|cloud)-' | sort -V | tail -n 1 | grep . ||
		exit 1
	exit 0
fi
# shellcheck source=scripts/debcache.sh
. "$(dirname "$self")/debcache.sh"
# --- recipe ---
if [ -f "$root/done" ]; then
	echo "$root"
	exit 0
fi
[ "$mode" = build ] || exit 1
[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot)"

mkdir -p /var/cache/hwcrypt
exec 9>"$root.lock"
flock 9
if [ -f "$root/done" ]; then
	echo "$root"
	exit 0
fi
command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap >&2

mirror=$(debian_mirror) || exit 1
smirror=${mirror%/debian}/debian-security

tmp=$root.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
log=$tmp.log
echo "build-chroot: $rel into $root (debootstrap and packages: a few minutes, once)" >&2
base=build-essential,make,kmod,dkms,libelf-dev,bc,xz-utils,zstd,ca-certificates,file
debootstrap --variant=minbase --include="$base" "$rel" "$tmp" "$mirror" >"$log" 2>&1 ||
	{ tail -n 30 "$log" >&2; die "debootstrap $rel failed (log $log)"; }

inside() { chroot "$tmp" env DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }
case "$rel" in
bullseye)
	printf 'deb %s bullseye main\ndeb %s bullseye-security main\n' "$mirror" "$smirror" \
		>"$tmp/etc/apt/sources.list" ;;
sid)
	# 7.3 is in experimental, which apt takes packages from only when asked by name (NotAutomatic).
	printf 'deb %s sid main\ndeb %s experimental main\n' "$mirror" "$mirror" >"$tmp/etc/apt/sources.list" ;;
esac
# The host's apt settings (a mirror's Valid-Until policy for one) hold in the chroot too.
cp /etc/apt/apt.conf.d/* "$tmp/etc/apt/apt.conf.d/" 2>/dev/null || true
inside apt-get update -q >>"$log" 2>&1 || { tail -n 20 "$log" >&2; die "apt-get update in $rel failed"; }

# The newest plain amd64 headers of a series, by exact package name.
newest() {
	inside apt-cache search --names-only "$1" | awk '{ print $1 }' | sort -V | tail -n 1
}
pkgs=()
case "$rel" in
bullseye)
	h510=$(newest '^linux-headers-5\.10\.0-[0-9]+-amd64$')
	[ -n "$h510" ] || die "no linux-headers-5.10.0-*-amd64 in bullseye"
	pkgs+=("$h510" gcc-10)
	;;
sid)
	h72=$(newest '^linux-headers-7\.2\.[0-9]+\+deb[0-9]+-amd64$')
	h73=$(newest '^linux-headers-7\.3[-.0-9]*-amd64$')
	[ -n "$h72" ] && [ -n "$h73" ] || die "no 7.2 or 7.3 amd64 headers in sid/experimental"
	pkgs+=("$h72" "$h73/experimental")
	;;
esac
inside apt-get install -y -q --no-install-recommends "${pkgs[@]}" >>"$log" 2>&1 ||
	{ tail -n 30 "$log" >&2; die "installing ${pkgs[*]} in $rel failed (log $log)"; }

inside apt-get clean
mv "$tmp" "$root"
mv "$log" "$root/build.log"
date -u +%FT%TZ >"$root/done"
echo "$root"

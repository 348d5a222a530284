#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Static sparc64 libcrypto and libkcapi for the sparc64 guest's AF_ALG test programs (the guest
# is busybox-only and Debian has no sparc64 port here): Debian's openssl and libkcapi source
# packages, cross-built with sparc64-linux-gnu-gcc against libc6-dev-sparc64-cross.
# Installed into $HWC_CACHE/sparc64-libs-<openssl version>-<libkcapi version>-<recipe hash>/:
#   include/ (openssl/, kcapi.h)  lib/libcrypto.a  lib/libkcapi.a
# OpenSSL is configured without assembly: it is the tests' oracle, and its sparcv9 code would
# run the T4 opcodes of the same emulator that hwcrypt's drivers run on.
#
# Usage: scripts/build-sparc64-libs.sh [--check]  prints the install directory
#   --check  build nothing: print the directory and exit 0 if it is cached, exit 1 if not
set -euo pipefail
cache=${HWC_CACHE:-/var/cache/hwcrypt}
cross=sparc64-linux-gnu-
me=build-sparc64-libs
# Linked into static programs: nothing loaded at run time (no-dso, no-module, no-engine) and no
# name lookups (no-sock: static glibc cannot resolve names).
ossl_conf=(linux64-sparcv9 no-shared no-asm no-dso no-engine no-sock no-tests no-module
	--cross-compile-prefix="$cross" --libdir=lib)
kcapi_conf=(--host=sparc64-linux-gnu --enable-static --disable-shared --disable-werror)
recipe=$({ echo "${ossl_conf[*]}"; echo "${kcapi_conf[*]}"; echo v1; } | sha256sum | cut -c1-12)

if [ "${1:-}" = --check ]; then
	# No apt query: the newest complete build of this recipe.
	# shellcheck disable=SC2012 # our own names (versions, hashes): no whitespace or newlines
	for d in $(ls -d "$cache"/sparc64-libs-*-"$recipe" 2>/dev/null | sort -V -r); do
		[ -f "$d/.hwc-built" ] && { echo "$d"; exit 0; }
	done
	exit 1
fi
[ $# = 0 ] || { echo "usage: build-sparc64-libs.sh [--check]" >&2; exit 2; }
for p in "${cross}gcc" "${cross}ar" make perl autoreconf libtoolize apt-get; do
	command -v "$p" >/dev/null || { echo "$me: $p missing (scripts/install-deps.sh)" >&2; exit 1; }
done
[ -f /usr/sparc64-linux-gnu/lib/libc.a ] ||
	{ echo "$me: no static sparc64 libc (apt-get install libc6-dev-sparc64-cross)" >&2; exit 1; }

# src_version PKG BINARY: the source version of the installed BINARY when apt has that source,
# else the newest source of the same upstream series (x.y), else the oldest apt has (bookworm's:
# sid's sources are there too).
src_version() {
	local have all series v
	all=$(apt-cache showsrc "$1" 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -V -u)
	[ -n "$all" ] || { echo "$me: no $1 source in apt (deb-src: scripts/install-deps.sh)" >&2; return 1; }
	have=$(dpkg-query -W -f '${source:Version}' "$2" 2>/dev/null || true)
	if [ -n "$have" ] && grep -qxF "$have" <<<"$all"; then
		echo "$have"
		return
	fi
	series=$(sed -E 's/^([0-9]+:)?([0-9]+\.[0-9]+)\..*/\2/' <<<"$have")
	v=$(grep -E "^([0-9]+:)?${series//./\\.}\\." <<<"$all" | tail -n 1 || true)
	[ -n "$have" ] && [ -n "$v" ] && { echo "$v"; return; }
	head -n 1 <<<"$all"
}
ossl_ver=$(src_version openssl libssl3)
kcapi_ver=$(src_version libkcapi libkcapi1)
# No epoch in the path: make cannot build in a directory whose name has a colon.
out=$cache/sparc64-libs-${ossl_ver#*:}-${kcapi_ver#*:}-$recipe
if [ -f "$out/.hwc-built" ]; then
	echo "$out"
	exit 0
fi
mkdir -p "$cache"
exec 9>"$out.lock"
flock 9
if [ -f "$out/.hwc-built" ]; then
	echo "$out"
	exit 0
fi
rm -rf "$out"
mkdir -p "$out/src"
log=$out/build.log
t0=$(date +%s)
echo "$me: building static openssl $ossl_ver and libkcapi $kcapi_ver for sparc64 in $out (about 15 min on 2 cores)" >&2
fail() {
	tail -n 30 "$log" >&2
	echo "$me: $* (log: $log)" >&2
	exit 1
}
# fetch PKG VERSION: the unpacked source's directory. This machine's mirror has served a .dsc
# and its upstream tarball without the Debian diff (libkcapi 1.4.0-1): then the upstream tarball
# alone, once its SHA-256 matches the .dsc (the library builds from upstream's autotools files).
fetch() {
	local d=$out/src/$1 dsc orig sum
	mkdir -p "$d"
	if (cd "$d" && apt-get source -q "$1=$2") >>"$log" 2>&1; then
		find "$d" -mindepth 1 -maxdepth 1 -type d | head -n 1
		return
	fi
	dsc=$(find "$d" -name "${1}_*.dsc" | head -n 1)
	orig=$(find "$d" -name "${1}_*.orig.tar.*" ! -name '*.asc' | head -n 1)
	{ [ -n "$dsc" ] && [ -n "$orig" ]; } || fail "apt-get source $1=$2 failed"
	sum=$(sha256sum "$orig" | cut -d' ' -f1)
	grep -q "^ $sum [0-9]* ${orig##*/}\$" "$dsc" || fail "${orig##*/}: checksum not the one in ${dsc##*/}"
	echo "$me: $1 $2: the mirror lacks its Debian diff; building upstream's ${orig##*/}" | tee -a "$log" >&2
	mkdir -p "$d/upstream"
	tar xf "$orig" -C "$d/upstream" --strip-components=1 || fail "cannot unpack $orig"
	echo "$d/upstream"
}
: >"$log"
osrc=$(fetch openssl "$ossl_ver")
ksrc=$(fetch libkcapi "$kcapi_ver")
# OpenSSL: the libraries and headers only (build_libs, install_dev), no programs or manuals.
(cd "$osrc" && ./Configure "${ossl_conf[@]}" --prefix="$out" --openssldir="$out/ssl" &&
	nice -n 10 make -j"$(nproc)" build_libs && make install_dev) >>"$log" 2>&1 ||
	fail "openssl build failed"
# libkcapi: the library alone (its tools are not configured in by default).
(cd "$ksrc" && autoreconf -fi && ./configure "${kcapi_conf[@]}" --prefix="$out" &&
	nice -n 10 make -j"$(nproc)" && make install) >>"$log" 2>&1 ||
	fail "libkcapi build failed"
for a in libcrypto.a libkcapi.a; do
	[ -f "$out/lib/$a" ] || fail "$a not installed"
	# grep -c reads to the end: grep -q would leave objdump to die of SIGPIPE under pipefail.
	[ "$("${cross}objdump" -f "$out/lib/$a" 2>/dev/null | grep -c 'file format elf64-sparc$')" -gt 0 ] ||
		fail "$a is not sparc64"
done
rm -rf "${out:?}/src" "${out:?}/bin" "$out/share" "$out/ssl" "$out/lib/pkgconfig" "$out"/lib/*.la "$out/lib/libssl.a"
echo "$(($(date +%s) - t0))" >"$out/.hwc-build-seconds"
touch "$out/.hwc-built"
echo "$me: done in $(cat "$out/.hwc-build-seconds")s" >&2
echo "$out"

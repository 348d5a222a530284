#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Cross-builds hwcrypt.ko for Debian's ppc64el kernels (headers extracted by fetch-ppc64el.sh)
# into build/kmod/<abi>/ (a copy of Kbuild + kmod/), with W=1 and warnings fatal.
# Usage: scripts/build-module-ppc64le.sh 6.1 6.12
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=$("$top/scripts/fetch-ppc64el.sh" --print-root)
for series in "$@"; do
	[ -f "$cache/k-$series/abi" ] || "$top/scripts/fetch-ppc64el.sh" >/dev/null
	abi=$(cat "$cache/k-$series/abi")
	kdir=$cache/k-$series/usr/src/linux-headers-$abi
	out=$top/build/kmod/$abi
	mkdir -p "$out"
	rm -rf "$out/kmod"
	cp -r "$top/Kbuild" "$top/kmod" "$out/"
	log=$out/build.log
	if ! make -C "$kdir" M="$out" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- W=1 \
		modules >"$log" 2>&1; then
		cat "$log"
		echo "build-module-ppc64le: $abi: build failed" >&2
		exit 1
	fi
	if grep -E 'warning:|error:' "$log"; then
		echo "build-module-ppc64le: $abi: compiler warnings (W=1) are errors here" >&2
		exit 1
	fi
	cp "$out/kmod/hwcrypt.ko" "$out/hwcrypt.ko"
	echo "build-module-ppc64le: $abi: $out/hwcrypt.ko (W=1, no warnings)"
done

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds hwcrypt.ko for each named kernel into build/kmod/<abi>/ (a copy of Kbuild + kmod/,
# so that builds for several kernels never share object files), with W=1 and warnings fatal.
# Usage: scripts/build-module.sh 6.1 6.12 7.2-debug ...
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
for name in "$@"; do
	abi=$("$top/scripts/kernels.sh" "$name")
	kdir=/lib/modules/$abi/build
	[ "$abi" = 7.2-debug ] && kdir=$("$top/scripts/build-debug-kernel.sh" --check)
	out=$top/build/kmod/$abi
	mkdir -p "$out"
	rm -rf "$out/kmod"
	cp -r "$top/Kbuild" "$top/kmod" "$out/"
	log=$out/build.log
	if ! make -C "$kdir" M="$out" W=1 modules >"$log" 2>&1; then
		cat "$log"
		echo "build-module: $abi: build failed" >&2
		exit 1
	fi
	if grep -E 'warning:|error:' "$log"; then
		echo "build-module: $abi: compiler warnings (W=1) are errors here" >&2
		exit 1
	fi
	cp "$out/kmod/hwcrypt.ko" "$out/hwcrypt.ko"
	echo "build-module: $abi: $out/hwcrypt.ko (W=1, no warnings)"
done

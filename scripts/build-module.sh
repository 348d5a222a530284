#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds hwcrypt.ko for each named kernel of an architecture (its profile selftests/arch/<arch>/
# vm.conf resolves the name to a build tree and gives ARCH=/CROSS_COMPILE=) into build/kmod/<abi>/
# (a copy of Kbuild + kmod/, so that builds for several kernels never share object files), with
# W=1 and warnings fatal; HWC_MAKE_JOBS parallel jobs (default: one per core).
# Usage: scripts/build-module.sh [--arch ARCH] KERNEL...   e.g. 6.1 6.12 7.2-debug
set -euo pipefail
profile_exit=1
# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh" "$@"
shift "$profile_nargs"
for name in "$@"; do
	profile_resolve "$name"
	[ -d "$kdir" ] || profile_die "$abi: no module build tree $kdir"
	out=$repo/build/kmod/$abi
	mkdir -p "$out"
	rm -rf "$out/kmod"
	cp -r "$repo/Kbuild" "$repo/kmod" "$out/"
	log=$out/build.log
	if ! make -j"${HWC_MAKE_JOBS:-$(nproc)}" -C "$kdir" M="$out" "${kmake_args[@]}" W=1 modules >"$log" 2>&1; then
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

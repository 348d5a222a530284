#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds hwcrypt.ko for each named kernel of an architecture (its profile selftests/arch/<arch>/
# vm.conf resolves the name to a build tree and gives ARCH=/CROSS_COMPILE=) into build/kmod/<abi>/
# (a copy of Kbuild + kmod/, so that builds for several kernels never share object files), with
# W=1 and warnings fatal; HWC_MAKE_JOBS parallel jobs (default: one per core). Beside it, the test
# module hwc_kfuzz.ko (selftests/kfuzz/, the in-kernel fuzzer of 52-kfuzz; never installed). A kernel whose
# profile names a chroot (kchroot: its release's compiler and kbuild tools, scripts/build-chroot.sh)
# is built inside it, on a copy of the sources there.
# Usage: scripts/build-module.sh [--arch ARCH] KERNEL...   e.g. 6.1 6.12 7.2-debug
set -euo pipefail
profile_exit=1
# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh" "$@"
shift "$profile_nargs"
for name in "$@"; do
	profile_resolve "$name"
	[ "$kchroot" != missing ] || profile_die "$abi: its chroot is not built (scripts/build-chroot.sh)"
	[ -d "$kdir" ] || profile_die "$abi: no module build tree $kdir"
	out=$repo/build/kmod/$abi
	mkdir -p "$out"
	rm -rf "$out/kmod" "$out/kfuzz"
	cp -r "$repo/Kbuild" "$repo/kmod" "$out/"
	cp -r "$repo/selftests/kfuzz" "$out/kfuzz"
	log=$out/build.log
	run=() m=$out k=$kdir
	if [ -n "$kchroot" ]; then
		m=/tmp/hwcrypt-$abi
		rm -rf "$kchroot$m"
		mkdir -p "$kchroot$m"
		cp -r "$out/Kbuild" "$out/kmod" "$out/kfuzz" "$kchroot$m/"
		# objtool reads /proc: a private mount namespace gives the chroot one for this build
		# alone (nothing stays mounted in the cache).
		# shellcheck disable=SC2016 # $0 and $@ are the inner shell's
		run=(unshare -m sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$kchroot"
			env LC_ALL=C PATH=/usr/sbin:/usr/bin:/sbin:/bin)
		k=${kdir#"$kchroot"}
	fi
	if ! { "${run[@]}" make -j"${HWC_MAKE_JOBS:-$(nproc)}" -C "$k" M="$m" "${kmake_args[@]}" W=1 modules &&
		"${run[@]}" make -C "$k" M="$m/kfuzz" "${kmake_args[@]}" W=1 modules; } >"$log" 2>&1; then
		cat "$log"
		echo "build-module: $abi: build failed" >&2
		exit 1
	fi
	if grep -E 'warning:|error:' "$log"; then
		echo "build-module: $abi: compiler warnings (W=1) are errors here" >&2
		exit 1
	fi
	if [ -n "$kchroot" ]; then
		cp -r "$kchroot$m/kmod/." "$out/kmod/"
		cp -r "$kchroot$m/kfuzz/." "$out/kfuzz/"
		rm -rf "${kchroot:?}$m"
	fi
	cp "$out/kmod/hwcrypt.ko" "$out/hwcrypt.ko"
	cp "$out/kfuzz/hwc_kfuzz.ko" "$out/hwc_kfuzz.ko"
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"/\1/p' "$kdir/.config" 2>/dev/null || true)
	echo "build-module: $abi: $out/hwcrypt.ko (W=1, no warnings; ${cc:-compiler unknown}${kchroot:+, in ${kchroot##*/}})"
done

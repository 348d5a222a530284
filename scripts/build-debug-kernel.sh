#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds the Linux 7.2 debug test kernel (full crypto self-tests, KASAN, UBSAN, lockdep,
# atomic-sleep/preempt checks, KFENCE, kmemleak, fault injection) from Debian sid's
# linux-source-7.2 with the small config in scripts/debug-7.2.config, and caches it in
# $HWC_CACHE/debug-7.2-<source version>-<hash of the resolved .config>/ (an O= build tree:
# bzImage, vmlinux, Module.symvers, so that external modules build against it with M=).
#
# Usage: scripts/build-debug-kernel.sh [--check]  prints the build directory
#   --check  build nothing: print the directory and exit 0 if the build is cached, exit 1 if not
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
frag=$top/scripts/debug-7.2.config
check=0
[ "${1:-}" = --check ] && check=1

if [ "$check" = 1 ]; then
	# No download and no config run: the newest complete build of the current fragment.
	want=$(sha256sum "$frag" | cut -c1-16)
	# shellcheck disable=SC2012 # our own names (versions, hashes): no whitespace or newlines
	for d in $(ls -d "$cache"/debug-7.2-* 2>/dev/null | sort -V -r); do
		if [ -f "$d/.hwc-built" ] && [ "$(cat "$d/.hwc-fragment")" = "$want" ]; then
			echo "$d"
			exit 0
		fi
	done
	exit 1
fi

src=$("$top/scripts/fetch-linux-7.2.sh")
ver=${src##*/linux-source-7.2-}

# Resolve the config in a scratch tree first: the cache key is the resolved .config, so a
# change of the fragment that changes nothing reuses the build.
cfg=$(mktemp -d "$cache/debug-cfg.XXXXXX")
trap 'rm -rf "$cfg"' EXIT
make -C "$src" O="$cfg" ARCH=x86_64 allnoconfig >/dev/null
args=()
while read -r opt; do
	case "$opt" in '' | '#'*) continue ;; -*) args+=(-d "${opt#-}") ;; *) args+=(-e "$opt") ;; esac
done <"$frag"
"$src/scripts/config" --file "$cfg/.config" "${args[@]}"
make -C "$src" O="$cfg" ARCH=x86_64 olddefconfig >/dev/null
missing=()
while read -r opt; do
	case "$opt" in
	'' | '#'*) ;;
	-*) grep -q "^CONFIG_${opt#-}=y" "$cfg/.config" && missing+=("$opt") ;;
	*) grep -q "^CONFIG_$opt=y" "$cfg/.config" || missing+=("$opt") ;;
	esac
done <"$frag"
if [ "${#missing[@]}" -gt 0 ]; then
	echo "build-debug-kernel: options not as requested after olddefconfig: ${missing[*]}" >&2
	exit 1
fi
hash=$(grep -v '^#' "$cfg/.config" | sha256sum | cut -c1-12)
obj=$cache/debug-7.2-$ver-$hash
if [ -f "$obj/.hwc-built" ]; then
	echo "$obj"
	exit 0
fi

rm -rf "$obj"
mkdir -p "$obj"
cp "$cfg/.config" "$obj/.config"
log=$obj/build.log
t0=$(date +%s)
echo "build-debug-kernel: building Linux $ver debug kernel in $obj (about 10 min on 2 cores)" >&2
if ! make -C "$src" O="$obj" ARCH=x86_64 -j"$(($(nproc) + 1))" bzImage modules >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "build-debug-kernel: build failed (log: $log)" >&2
	exit 1
fi
echo "$(($(date +%s) - t0))" >"$obj/.hwc-build-seconds"
sha256sum "$frag" | cut -c1-16 >"$obj/.hwc-fragment"
touch "$obj/.hwc-built"
echo "build-debug-kernel: done in $(cat "$obj/.hwc-build-seconds")s" >&2
echo "$obj"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Compile-checks hwcrypt against Linux 7.2 (Debian sid's linux-source-7.2, prepared with
# modules_prepare; headers of 7.2 need gcc-16, which bookworm lacks). The tree is cached in
# $HWC_CACHE (default /var/cache/hwcrypt) keyed by the source package version.
# modules_prepare leaves no Module.symvers, so modpost's unresolved-symbol notes are expected;
# compiler warnings (W=1) fail the check.
#
# Usage: scripts/build-7.2.sh [--arch sparc64]
#   --arch sparc64  cross-built for sparc64 (sparc64_defconfig, bookworm's sparc64-linux-gnu-gcc),
#                   in its own cached tree
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
arch=x86_64
case "${1:-}" in
'') ;;
--arch) arch=${2:?--arch needs x86_64 or sparc64} ;;
*) echo "usage: build-7.2.sh [--arch sparc64]" >&2; exit 2 ;;
esac
case $arch in
x86_64) kmake=() suffix= ;;
sparc64) kmake=(ARCH=sparc64 CROSS_COMPILE=sparc64-linux-gnu-) suffix=-sparc64 ;;
*) echo "build-7.2: unknown arch $arch" >&2; exit 2 ;;
esac
src=$("$top/scripts/fetch-linux-7.2.sh")
ver=${src##*/linux-source-7.2-}
obj=$cache/build-7.2$suffix-$ver
if [ ! -f "$obj/.hwc-prepared" ]; then
	rm -rf "$obj"
	make -C "$src" O="$obj" "${kmake[@]}" "${arch}_defconfig" >/dev/null
	"$src/scripts/config" --file "$obj/.config" -e MODULES -e CRYPTO_HMAC -e CRYPTO_SHA1 \
		-e CRYPTO_SHA256 -e CRYPTO_SHA512 -e CRYPTO_USER_API_HASH
	make -C "$src" O="$obj" "${kmake[@]}" olddefconfig >/dev/null
	make -C "$src" O="$obj" "${kmake[@]}" -j"$(nproc)" modules_prepare >/dev/null
	touch "$obj/.hwc-prepared"
fi

out=$top/build/kmod/7.2$suffix
rm -rf "$out"
mkdir -p "$out"
cp -r "$top/Kbuild" "$top/kmod" "$out/"
log=$out/build.log
if ! make -j"$(nproc)" -C "$obj" M="$out" "${kmake[@]}" W=1 KBUILD_MODPOST_WARN=1 modules >"$log" 2>&1; then
	cat "$log"
	echo "build-7.2: build against $ver failed" >&2
	exit 1
fi
if grep -E '(warning|error):' "$log" | grep -v 'undefined!'; then
	echo "build-7.2: compiler warnings against $ver" >&2
	exit 1
fi
grep -q COMPAT_HAVE_SHASH_BLOCK_ONLY "$out/kmod/.glue_sha.o.cmd" ||
	{ echo "build-7.2: compat probe missed CRYPTO_AHASH_ALG_BLOCK_ONLY" >&2; exit 1; }
echo "build-7.2: hwcrypt.ko ($arch) builds against Linux $ver with W=1 and no compiler warnings"

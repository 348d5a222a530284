#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds qemu-system-ppc64 with the model of the POWER NX symmetric-crypto coprocessor: Debian's
# qemu source package (sid's 10.2, with Debian's own patches) plus selftests/qemu/nx/nx-crypto.patch
# (hw/ppc/spapr_nx.c: `-device spapr-nx-crypto`, the ibm,sym-encryption-v1 node and H_COP_OP).
# The model's negative control is a property of the same binary (sabotage=on: the scatter/gather
# entries' length read from the wrong field), so there is one build. Installed into
# $HWC_CACHE/qemu-nx-<qemu version>-<hash of patch + configure line>/bin/qemu-system-ppc64;
# firmware (vof.bin, slof.bin) from Debian's qemu-system-ppc. The build tree is kept in
# $HWC_CACHE/qemu-nx-build-<qemu version>/ (scripts/qemu-build-lib.sh).
#
# Usage: scripts/build-qemu-nx.sh [--check]  prints the install directory
#   --check  build nothing: print the directory and exit 0 if it is cached, exit 1 if not
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
qver=1:10.2.2+ds-1
ver=${qver#*:}
patch=$top/selftests/qemu/nx/nx-crypto.patch
# virtfs: the little-endian guests (selftests/arch/ppc64le/) take their root over 9p.
conf=(--python=/usr/bin/python3 --target-list=ppc64-softmmu --without-default-features --enable-fdt=system
	--enable-virtfs --enable-attr --disable-docs --disable-werror --disable-download --disable-install-blobs
	--firmwarepath=/usr/share/qemu)
check=0
for a in "$@"; do
	case $a in
	--check) check=1 ;;
	*) echo "usage: build-qemu-nx.sh [--check]" >&2; exit 2 ;;
	esac
done

hash=$({ cat "$patch"; echo "${conf[*]}"; } | sha256sum | cut -c1-12)
out=$cache/qemu-nx-$ver-$hash
if [ -f "$out/.hwc-built" ]; then
	echo "$out"
	exit 0
fi
[ "$check" = 1 ] && exit 1

# shellcheck source=scripts/qemu-build-lib.sh
. "$top/scripts/qemu-build-lib.sh"
qb_name=build-qemu-nx qb_qver=$qver qb_tree=$cache/qemu-nx-build-$ver qb_conf=("${conf[@]}")
t0=$(date +%s)
qb_source
qb_apply "$patch"
qb_configure
echo "build-qemu-nx: building qemu $ver ppc64-softmmu in $qb_tree/build" >&2
qb_ninja qemu-system-ppc64
rm -rf "$out"
mkdir -p "$out/bin"
cp "$qb_tree/build/qemu-system-ppc64" "$out/bin/"
echo "$(($(date +%s) - t0))" >"$out/.hwc-build-seconds"
touch "$out/.hwc-built"
echo "build-qemu-nx: done in $(cat "$out/.hwc-build-seconds")s" >&2
echo "$out"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds QEMU with the SPARC T4 crypto opcodes: Debian's qemu source package (sid's 10.2, with
# Debian's own patches) plus the project's patch selftests/qemu/t4-crypto.patch, sparc64 targets
# only. Installed into $HWC_CACHE/qemu-t4-<qemu version>-<hash of patch + configure line>/:
#   bin/qemu-sparc64          linux-user emulator (host tests, emulator validation)
#   bin/qemu-system-sparc64   system emulator (guests; firmware from Debian's openbios-sparc)
#   sabotage/qemu-sparc64     the same linux-user emulator with selftests/qemu/sabotage.patch on
#                             top (one helper broken on purpose): the validation must fail on it
# The build tree is kept in $HWC_CACHE/qemu-t4-build-<qemu version>/ (source under git at the
# pristine Debian state): a change of the patch rebuilds only the files it touches.
#
# Usage: scripts/build-qemu-t4.sh [--check] [--user]  prints the install directory
#   --check  build nothing: print the directory and exit 0 if it is cached, exit 1 if not
#   --user   only the linux-user emulators (bin/ and sabotage/qemu-sparc64: the validation and
#            the host tests), not qemu-system-sparc64
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${HWC_CACHE:-/var/cache/hwcrypt}
qver=1:10.2.2+ds-1
ver=${qver#*:}
patch=$top/selftests/qemu/t4-crypto.patch
sabotage=$top/selftests/qemu/sabotage.patch
# shellcheck disable=SC2054 # the comma separates the two targets of one option
conf=(--python=/usr/bin/python3 --target-list=sparc64-softmmu,sparc64-linux-user --without-default-features
	--disable-docs --disable-werror --disable-download --disable-install-blobs
	--firmwarepath=/usr/share/qemu)
check=0 user=0
for a in "$@"; do
	case $a in
	--check) check=1 ;;
	--user) user=1 ;;
	*) echo "usage: build-qemu-t4.sh [--check] [--user]" >&2; exit 2 ;;
	esac
done

hash=$({ cat "$patch" "$sabotage"; echo "${conf[*]}"; } | sha256sum | cut -c1-12)
out=$cache/qemu-t4-$ver-$hash
# .hwc-user-built: qemu-sparc64 and its sabotaged twin are there; .hwc-built: the system emulator too.
if [ -f "$out/.hwc-built" ] || { [ "$user" = 1 ] && [ -f "$out/.hwc-user-built" ]; }; then
	echo "$out"
	exit 0
fi
[ "$check" = 1 ] && exit 1

# shellcheck source=scripts/qemu-build-lib.sh
. "$top/scripts/qemu-build-lib.sh"
qb_name=build-qemu-t4 qb_qver=$qver qb_tree=$cache/qemu-t4-build-$ver qb_conf=("${conf[@]}")
t0=$(date +%s)
qb_source
qb_apply "$patch"
qb_configure
echo "build-qemu-t4: building qemu $ver sparc64 in $qb_tree/build (first build: qemu-sparc64 took 53 min on 2 heavily shared cores)" >&2
if [ ! -f "$out/.hwc-user-built" ]; then
	rm -rf "$out"
	mkdir -p "$out/bin" "$out/sabotage"
	# linux-user first, and its sabotaged twin (the same tree with the sabotage patch on top): they
	# are what the emulator validation and the host tests need; the system emulator comes last.
	qb_ninja qemu-sparc64
	cp "$qb_tree/build/qemu-sparc64" "$out/bin/"
	if [ -s "$sabotage" ]; then
		qb_apply "$patch" "$sabotage"
		qb_ninja qemu-sparc64
		cp "$qb_tree/build/qemu-sparc64" "$out/sabotage/"
		# Back to the patch alone: the files the sabotage touched are newer than their objects.
		qb_apply "$patch"
	fi
	touch "$out/.hwc-user-built"
fi
if [ "$user" = 1 ]; then
	echo "$out"
	exit 0
fi
qb_ninja qemu-system-sparc64
cp "$qb_tree/build/qemu-system-sparc64" "$out/bin/"
echo "$(($(date +%s) - t0))" >"$out/.hwc-build-seconds"
touch "$out/.hwc-built"
echo "build-qemu-t4: done in $(cat "$out/.hwc-build-seconds")s" >&2
echo "$out"

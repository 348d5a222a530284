#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Maps a test kernel name (6.1, 6.12, or a full ABI like 6.1.0-57-amd64) to the installed ABI.
# Usage: scripts/kernels.sh NAME  -> prints the ABI (e.g. 6.12.117+deb12-amd64; 7.2-debug as is)
set -euo pipefail
name=${1:?kernel name}
case "$name" in
# The debug kernel has no /boot entry: it lives in the cache of scripts/build-debug-kernel.sh.
7.2-debug)
	"$(dirname "$0")/build-debug-kernel.sh" --check >/dev/null ||
		{ echo "kernels.sh: 7.2-debug is not built (scripts/build-debug-kernel.sh)" >&2; exit 1; }
	echo 7.2-debug
	exit 0 ;;
*-amd64) abi=$name ;;
*) abi=$(ls /boot | sed -n 's/^vmlinuz-//p' | grep -E "^${name//./\\.}[.-]" | grep -- '-amd64$' | sort -V | tail -n 1) ;;
esac
if [ -z "$abi" ] || [ ! -e "/boot/vmlinuz-$abi" ] || [ ! -d "/lib/modules/$abi/build" ]; then
	echo "kernels.sh: no installed kernel image + headers for '$name' (run scripts/install-deps.sh)" >&2
	exit 1
fi
echo "$abi"

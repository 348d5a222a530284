#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Maps a test kernel name (6.1, 6.12, 7.2-debug or an exact ABI) to the ABI that names its module
# directory build/kmod/<abi>, through the architecture's profile (selftests/arch/<arch>/vm.conf).
# Usage: scripts/kernels.sh [--arch ARCH] NAME  -> prints the ABI (e.g. 6.12.117+deb12-amd64)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
. "$repo/scripts/profile.sh"
arch=x86_64
if [ "${1:-}" = --arch ]; then
	arch=${2:?--arch ARCH}
	shift 2
fi
profile_die() { echo "kernels.sh: $*" >&2; exit 1; }
profile_load "$arch"
profile_resolve "${1:?kernel name}"
[ -d "$kdir" ] || profile_die "no module build tree $kdir for '$1' (scripts/install-deps.sh)"
echo "$abi"

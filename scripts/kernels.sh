#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Maps a test kernel name (6.1, 6.12, 7.2-debug or an exact ABI) to the ABI that names its module
# directory build/kmod/<abi>, through the architecture's profile (selftests/arch/<arch>/vm.conf).
# Usage: scripts/kernels.sh [--arch ARCH] [--kdir] NAME  -> prints the ABI (e.g. 6.12.117+deb12-amd64),
# or with --kdir the module build tree (inside the kernel's chroot, if it has one).
set -euo pipefail
profile_exit=1
# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh" "$@"
shift "$profile_nargs"
what=abi
[ "${1:-}" != --kdir ] || { what=kdir; shift; }
profile_resolve "${1:?kernel name}"
[ -d "$kdir" ] || profile_die "no module build tree $kdir for '$1' (scripts/install-deps.sh)"
echo "${!what}"

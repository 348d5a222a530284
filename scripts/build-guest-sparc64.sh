#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Cross-builds, statically, the guest test programs the busybox-only sparc64 guest runs:
# test_aes_afalg (60-aes-afalg) and fuzz_afalg (50-fuzz), the same sources as on x86, against the
# static libcrypto and libkcapi of scripts/build-sparc64-libs.sh, into build/sparc64/selftests.
# vm.sh (selftests/arch/sparc64/vm.conf: guest_build) packs them into the initramfs at
# selftests/build, where the guest scripts look for them.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
libs=$("$top/scripts/build-sparc64-libs.sh" --check) ||
	{ echo "build-guest-sparc64: static sparc64 libraries not cached (make sparc64-cache)" >&2; exit 1; }
cc=sparc64-linux-gnu-gcc
out=$top/build/sparc64/selftests
mkdir -p "$out"
# build PROG SOURCES... -- LIBS...: rebuilt when a source, a header beside the first source, a
# library or this script is newer.
build() {
	local prog=$out/$1 srcs=() f new=0
	shift
	while [ "$1" != -- ]; do srcs+=("$1"); shift; done
	shift
	for f in "${srcs[@]}" "${srcs[0]%/*}"/*.h "$libs"/lib/*.a "$0"; do
		[ -e "$f" ] || continue
		[ "$prog" -nt "$f" ] || new=1
	done
	[ "$new" = 1 ] || return 0
	$cc -static -O2 -g -Wall -Wextra -I"$libs/include" -o "$prog" "${srcs[@]}" -L"$libs/lib" "$@"
	file "$prog" | grep -q 'SPARC V9.*statically linked' ||
		{ echo "build-guest-sparc64: $prog is not a static sparc64 program" >&2; exit 1; }
}
build test_aes_afalg "$top/selftests/guest/test_aes_afalg.c" -- -lkcapi -lcrypto -lpthread
build fuzz_afalg "$top"/selftests/guest/fuzz/*.c -- -lcrypto -lpthread
echo "build-guest-sparc64: test_aes_afalg fuzz_afalg in $out (libraries: $libs)"

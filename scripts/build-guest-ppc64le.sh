#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Cross-builds the userland the ppc64le guest tests run: libhwcrypt + the hwcrypt CLI into
# build/ppc64le/userspace and every selftests/guest/*.c program into build/ppc64le/selftests,
# against the ppc64el sysroot of fetch-ppc64el.sh. vm.sh (selftests/arch/ppc64le: guest_build) mounts these
# over userspace/build and selftests/build in the guest, so the guest scripts run unchanged.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
root=$("$top/scripts/fetch-ppc64el.sh" --print-root)/user
# A cache made before libkeyutils-dev joined the sysroot lacks keyutils.h: fetch adds it.
{ [ -e "$root/usr/include/kcapi.h" ] && [ -e "$root/usr/include/keyutils.h" ]; } ||
	"$top/scripts/fetch-ppc64el.sh" >/dev/null
cc=powerpc64le-linux-gnu-gcc
lib=$root/usr/lib/powerpc64le-linux-gnu
inc="-I$root/usr/include -I$root/usr/include/powerpc64le-linux-gnu"
# libkeyutils1 lives in /lib, not /usr/lib: the CLI's link must find it behind libhwcrypt.so.
ld="-L$lib -Wl,-rpath-link,$lib -Wl,-rpath-link,$root/lib/powerpc64le-linux-gnu"
out=$top/build/ppc64le

make -s -C "$top/userspace" B="$out/userspace" CC="$cc" AR=powerpc64le-linux-gnu-ar \
	KCAPI_CFLAGS="$inc" KCAPI_LIBS="$ld -lkcapi" KCAPI_STATIC_LIBS="$ld -lkcapi" LDFLAGS="$ld" \
	KEYUTILS_CFLAGS= KEYUTILS_LIBS=-lkeyutils KEYUTILS_STATIC_LIBS=-lkeyutils \
	"$out/userspace/hwcrypt" "$out/userspace/libhwcrypt.a"

mkdir -p "$out/selftests"
for src in "$top"/selftests/guest/*.c; do
	prog=$out/selftests/$(basename "$src" .c)
	# The af_alg_restrict model and the uname shim are LD_PRELOAD objects, not programs.
	if [ "$(basename "$src")" = afalg_restrict.c ] || [ "$(basename "$src")" = uname3.c ]; then
		# shellcheck disable=SC2086 # inc and ld are lists of compiler and linker options
		[ "$prog.so" -nt "$src" ] ||
			$cc -O2 -g -Wall -Wextra -shared -fPIC $inc -o "$prog.so" "$src" $ld -ldl
		continue
	fi
	[ "$prog" -nt "$src" ] && [ "$prog" -nt "$out/userspace/libhwcrypt.a" ] && continue
	# Each program takes what it needs from these; the static archive only contributes if used.
	# shellcheck disable=SC2086 # inc and ld are lists of compiler and linker options
	$cc -O2 -g -Wall -Wextra -mcpu=power8 -I"$top/include" $inc -o "$prog" "$src" $ld \
		"$out/userspace/libhwcrypt.a" -lkcapi -lkeyutils -lcrypto -lpthread
done
# shellcheck disable=SC2012 # program names: no whitespace
echo "build-guest-ppc64le: $(ls "$out/selftests" | tr '\n' ' ')and the CLI in $out"

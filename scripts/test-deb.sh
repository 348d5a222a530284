#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The Debian packages as a user gets them: built by `make deb` (unless --no-build), lintian with
# no error (its warnings and notes are printed), and each package's contents: the files it must
# ship, the module sources exactly as the tree has them (no objects), the dependencies and
# triggers that make DKMS build hwcrypt and put it into the initramfs, a library with symbols
# and no CLI rpath, a pkg-config file for the install paths.
# With --dkms, DKMS also builds the packaged source for the newest installed 6.1 kernel headers,
# in a private dkms tree under build/deb/ (nothing is installed).
# Usage: scripts/test-deb.sh [--no-build] [--dkms]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/build/deb
build=1 dkms=0
for a in "$@"; do
	case $a in
	--no-build) build=0 ;;
	--dkms) dkms=1 ;;
	*) echo "Usage: $0 [--no-build] [--dkms]" >&2; exit 2 ;;
	esac
done
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$repo/dkms.conf")
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)

npass=0 nfail=0
pass() { echo "PASS: test-deb: $1"; npass=$((npass + 1)); }
fail() { echo "FAIL: test-deb: $1${2:+: $2}"; nfail=$((nfail + 1)); }
check() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name"; fi
}

if [ "$build" = 1 ]; then
	log=$repo/build/deb-build.log
	mkdir -p "$repo/build"
	if ! make -C "$repo" --no-print-directory deb >"$log" 2>&1; then
		tail -n 40 "$log"
		echo "test-deb: make deb failed (log: $log)" >&2
		exit 1
	fi
	pass "make deb"
fi
dkms_deb=$out/hwcrypt-dkms_${version}_all.deb
lib_deb=$out/libhwcrypt0_${version}_$arch.deb
dev_deb=$out/libhwcrypt-dev_${version}_$arch.deb
cli_deb=$out/hwcrypt_${version}_$arch.deb
for d in "$dkms_deb" "$lib_deb" "$dev_deb" "$cli_deb"; do
	[ -f "$d" ] || { echo "test-deb: $d missing (make deb)" >&2; exit 1; }
done

# lintian: errors fail; everything else is shown.
lint=$(lintian --pedantic --fail-on error "$out/hwcrypt_${version}_$arch.changes" 2>&1) && lrc=0 || lrc=$?
lint=$(grep -v '^running with root privileges' <<<"$lint" || true)
[ -z "$lint" ] || while IFS= read -r l; do echo "lintian: $l"; done <<<"$lint"
if [ "$lrc" = 0 ]; then pass "lintian: no errors"; else fail "lintian: no errors" "exit $lrc"; fi

contents() { dpkg-deb -c "$1" | awk '{ print $6 }' | sed 's|^\./|/|'; }
has_files() {
	local deb=$1 f list
	shift
	list=$(contents "$deb")
	for f in "$@"; do
		grep -qxF "$f" <<<"$list" || { echo "missing $f"; return 1; }
	done
}

# hwcrypt-dkms: the DKMS source, exactly the tree's kmod/ plus the Kbuild entry points.
src=/usr/src/hwcrypt-$version
check "hwcrypt-dkms: dkms.conf, Kbuild, boot hooks" has_files "$dkms_deb" "$src/dkms.conf" \
	"$src/Kbuild" "$src/kmod/Kbuild" /usr/share/initramfs-tools/hooks/hwcrypt \
	/usr/share/initramfs-tools/scripts/init-top/hwcrypt \
	/usr/lib/dracut/modules.d/90hwcrypt/module-setup.sh \
	/usr/lib/dracut/modules.d/90hwcrypt/hwcrypt-load.sh \
	/usr/lib/dracut/dracut.conf.d/50-hwcrypt.conf
want=$(cd "$repo" && find kmod -type f \( -name '*.c' -o -name '*.h' -o -name '*.mk' -o -name Kbuild \
	-o -name '*.include' -o -name '*.sh' \) ! -name hwc_aliases_gen.h | sort)
got=$(contents "$dkms_deb" | sed -n "s|^$src/\(kmod/.*[^/]\)$|\1|p" | sort)
if [ "$want" = "$got" ]; then
	pass "hwcrypt-dkms: kmod/ sources as in the tree ($(wc -l <<<"$want") files)"
else
	fail "hwcrypt-dkms: kmod/ sources as in the tree" "$(diff <(echo "$want") <(echo "$got") | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
fi
objs=$(contents "$dkms_deb" | grep -E '\.(o|ko|cmd|mod|mod\.c)$|modules\.order|Module\.symvers|hwc_aliases_gen\.h' || true)
if [ -z "$objs" ]; then pass "hwcrypt-dkms: no build products"; else fail "hwcrypt-dkms: no build products" "$objs"; fi
check "hwcrypt-dkms: dkms.conf is the tree's" cmp -s "$repo/dkms.conf" \
	<(dpkg-deb --fsys-tarfile "$dkms_deb" | tar -xO ".$src/dkms.conf")
check "hwcrypt-dkms: depends on dkms" grep -q '^dkms\b' <(dpkg-deb -f "$dkms_deb" Depends | tr ',' '\n' | sed 's/^ *//')
check "hwcrypt-dkms: postinst runs DKMS" grep -q 'common.postinst' <(dpkg-deb -I "$dkms_deb" postinst)
check "hwcrypt-dkms: prerm removes it from DKMS" grep -q 'dkms remove' <(dpkg-deb -I "$dkms_deb" prerm)
check "hwcrypt-dkms: triggers update-initramfs" grep -qx 'activate-noawait update-initramfs' \
	<(dpkg-deb -I "$dkms_deb" triggers)
modes=$(dpkg-deb -c "$dkms_deb" | awk '$6 ~ /hooks\/hwcrypt$|init-top\/hwcrypt$|module-setup.sh$/ { print $1 }' | sort -u)
check "hwcrypt-dkms: hooks are executable" test "$modes" = "-rwxr-xr-x"

# libhwcrypt0, libhwcrypt-dev, hwcrypt.
lib=/usr/lib/$multiarch
check "libhwcrypt0: the shared library" has_files "$lib_deb" "$lib/libhwcrypt.so.0"
check "libhwcrypt0: symbols and shlibs" grep -q 'HWCRYPT_0.1@HWCRYPT_0.1' <(dpkg-deb -I "$lib_deb" symbols)
check "libhwcrypt-dev: header, .so, .a, .pc" has_files "$dev_deb" /usr/include/hwcrypt.h \
	"$lib/libhwcrypt.so" "$lib/libhwcrypt.a" "$lib/pkgconfig/hwcrypt.pc"
pc=$(dpkg-deb --fsys-tarfile "$dev_deb" | tar -xO ".$lib/pkgconfig/hwcrypt.pc")
check "libhwcrypt-dev: pkg-config paths" grep -qx "libdir=$lib" <<<"$pc"
check "libhwcrypt-dev: pkg-config version" grep -qx "Version: $version" <<<"$pc"
check "hwcrypt: the CLI and its manual" has_files "$cli_deb" /usr/bin/hwcrypt /usr/share/man/man1/hwcrypt.1.gz
check "hwcrypt: depends on libhwcrypt0" grep -q 'libhwcrypt0' <(dpkg-deb -f "$cli_deb" Depends)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$cli_deb" "$tmp"
if readelf -d "$tmp/usr/bin/hwcrypt" | grep -qE 'RPATH|RUNPATH'; then
	fail "hwcrypt: no rpath in the CLI"
else
	pass "hwcrypt: no rpath in the CLI"
fi
dpkg-deb -x "$lib_deb" "$tmp"
check "hwcrypt: the packaged CLI runs on the packaged library" \
	env LD_LIBRARY_PATH="$tmp$lib" "$tmp/usr/bin/hwcrypt" --version

if [ "$dkms" = 1 ]; then
	# Debian 12's kernel, fetched into the cache (scripts/fetch-amd64.sh), not the host's own.
	kver=$("$(dirname "$0")/kernels.sh" 6.1)
	ksrc=$("$(dirname "$0")/kernels.sh" --kdir 6.1)
	d=$out/dkms
	rm -rf "$d"
	mkdir -p "$d/root" "$d/tree"
	dpkg-deb -x "$dkms_deb" "$d/root"
	dk=(--dkmstree "$d/tree" --sourcetree "$d/root/usr/src")
	if dkms add "${dk[@]}" "hwcrypt/$version" >"$d/log" 2>&1 &&
		dkms build "${dk[@]}" "hwcrypt/$version" -k "$kver" --kernelsourcedir "$ksrc" >>"$d/log" 2>&1; then
		ko=$(find "$d/tree" -name 'hwcrypt.ko*' | head -n 1)
		check "dkms build for $kver: hwcrypt.ko with its CPU aliases" \
			grep -q '^cpu:type:' <(modinfo -F alias "$ko")
	else
		tail -n 20 "$d/log"
		fail "dkms build for $kver" "log: $d/log"
	fi
fi

echo "test-deb: $npass passed, $nfail failed"
[ "$nfail" = 0 ]

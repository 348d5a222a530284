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

for p in meson ninja git cc python3 dpkg-source; do
	command -v "$p" >/dev/null || { echo "build-qemu-t4: $p missing (scripts/install-deps.sh)" >&2; exit 1; }
done
mkdir -p "$cache"
tree=$cache/qemu-t4-build-$ver
exec 9>"$tree.lock"
flock 9
t0=$(date +%s)
if [ ! -f "$tree/.hwc-src" ]; then
	rm -rf "$tree"
	mkdir -p "$tree"
	echo "build-qemu-t4: fetching Debian's qemu $qver source" >&2
	(cd "$tree" && apt-get source -q "qemu=$qver") >"$tree/fetch.log" 2>&1 || {
		tail -n 20 "$tree/fetch.log" >&2
		echo "build-qemu-t4: apt-get source failed (deb-src for sid missing? scripts/install-deps.sh)" >&2
		exit 1
	}
	src=$(ls -d "$tree"/qemu-*/ | head -n 1)
	mv "$src" "$tree/src"
	rm -f "$tree"/qemu_*
	git -C "$tree/src" init -q
	git -C "$tree/src" config gc.auto 0
	git -C "$tree/src" add -A -f
	git -C "$tree/src" -c user.name=hwcrypt -c user.email=hwcrypt@invalid commit -q -m "Debian qemu $qver"
	touch "$tree/.hwc-src"
fi

# Back to Debian's state, then the given patches. A file whose content comes out as it was keeps
# its old mtime, so that ninja rebuilds (and meson reconfigures) only for what really changed.
apply() {
	local p f prev=$tree/prev
	rm -rf "$prev"
	mkdir -p "$prev"
	(cd "$tree/src" && { git diff --name-only; git ls-files --others --exclude-standard; } |
		while read -r f; do
			mkdir -p "$prev/$(dirname "$f")"
			cp -p "$f" "$prev/$f"
		done)
	git -C "$tree/src" checkout -q -f HEAD
	git -C "$tree/src" clean -q -f -d
	for p in "$@"; do
		[ -s "$p" ] || continue
		git -C "$tree/src" apply --whitespace=nowarn "$p" || {
			echo "build-qemu-t4: $p does not apply to qemu $ver" >&2
			exit 1
		}
	done
	(cd "$prev" && find . -type f | while read -r f; do
		if cmp -s "$f" "$tree/src/$f"; then
			touch -r "$f" "$tree/src/$f"
		fi
	done)
	rm -rf "$prev"
}

log=$tree/build.log
apply "$patch"
if [ ! -f "$tree/build/build.ninja" ]; then
	rm -rf "$tree/build"
	mkdir -p "$tree/build"
	echo "build-qemu-t4: configuring: ${conf[*]}" >&2
	(cd "$tree/build" && ../src/configure "${conf[@]}") >"$log" 2>&1 || {
		tail -n 30 "$log" >&2
		echo "build-qemu-t4: configure failed (log: $log)" >&2
		exit 1
	}
fi
echo "build-qemu-t4: building qemu $ver sparc64 in $tree/build (first build: qemu-sparc64 took 53 min on 2 heavily shared cores)" >&2
ninja_build() {
	nice -n 10 ninja -C "$tree/build" -j2 "$@" >>"$log" 2>&1 || {
		tail -n 40 "$log" >&2
		echo "build-qemu-t4: build of $* failed (log: $log)" >&2
		exit 1
	}
}
if [ ! -f "$out/.hwc-user-built" ]; then
	rm -rf "$out"
	mkdir -p "$out/bin" "$out/sabotage"
	# linux-user first, and its sabotaged twin (the same tree with the sabotage patch on top): they
	# are what the emulator validation and the host tests need; the system emulator comes last.
	ninja_build qemu-sparc64
	cp "$tree/build/qemu-sparc64" "$out/bin/"
	if [ -s "$sabotage" ]; then
		apply "$patch" "$sabotage"
		ninja_build qemu-sparc64
		cp "$tree/build/qemu-sparc64" "$out/sabotage/"
		# Back to the patch alone: the files the sabotage touched are newer than their objects.
		apply "$patch"
	fi
	touch "$out/.hwc-user-built"
fi
if [ "$user" = 1 ]; then
	echo "$out"
	exit 0
fi
ninja_build qemu-system-sparc64
cp "$tree/build/qemu-system-sparc64" "$out/bin/"
echo "$(($(date +%s) - t0))" >"$out/.hwc-build-seconds"
touch "$out/.hwc-built"
echo "build-qemu-t4: done in $(cat "$out/.hwc-build-seconds")s" >&2
echo "$out"

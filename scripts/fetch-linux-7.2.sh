#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Fetches Debian sid's linux-source-7.2 (architecture all) once and unpacks it into
# $HWC_CACHE/linux-source-7.2-<debian version>; prints that directory. Shared by build-7.2.sh
# (compile check) and build-debug-kernel.sh (the debug test kernel).
set -euo pipefail
cache=${HWC_CACHE:-/var/cache/hwcrypt}
mkdir -p "$cache"
cd "$cache"

if ! ls linux-source-7.2_*_all.deb >/dev/null 2>&1; then
	apt-get download linux-source-7.2 >/dev/null
fi
# shellcheck disable=SC2012 # Debian package file names: no whitespace
deb=$(ls linux-source-7.2_*_all.deb | sort -V | tail -n 1)
ver=${deb#linux-source-7.2_}
ver=${ver%_all.deb}
src=$cache/linux-source-7.2-$ver
if [ ! -f "$src/Makefile" ]; then
	rm -rf "$src" deb-x
	dpkg-deb -x "$deb" deb-x
	mkdir -p "$src"
	tar xf deb-x/usr/src/linux-source-7.2.tar.xz -C "$src" --strip-components=1
	rm -rf deb-x
fi
echo "$src"

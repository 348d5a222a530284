#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install everything hwcrypt's build, VM harness, tests and benchmark need on Debian 12 (bookworm).
# Idempotent: a second run only checks. Must run as root (CI runs it as root).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
stamp=/var/lib/hwcrypt-deps.stamp
want_ver=10
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want_ver" ] && [ "${HWCRYPT_DEPS_FORCE:-0}" = 0 ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: must run as root (apt)" >&2
	exit 1
fi

# bookworm-backports carries QEMU 10.0 (SHA-NI under TCG) and the 6.12 kernel; sid carries
# linux-source-7.2. sid is pinned below everything so that nothing is upgraded from it by accident.
src=/etc/apt/sources.list.d/hwcrypt.sources
if [ ! -f "$src" ]; then
	cat >"$src" <<'EOS'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
	cat >/etc/apt/preferences.d/hwcrypt-sid <<'EOS'
Package: *
Pin: release n=sid
Pin-Priority: 50
EOS
fi


# Source packages (apt-get source): busybox, openssl and libkcapi for the sparc64 guest, qemu for
# the T4 emulator.
srcsrc=/etc/apt/sources.list.d/hwcrypt-src.sources
if [ ! -f "$srcsrc" ]; then
	cat >"$srcsrc" <<'EOS'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-backports sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
fi

apt-get update -q

base_pkgs=(
	build-essential bc bison flex libelf-dev kmod cpio xz-utils zstd file
	busybox-static keyutils libkeyutils-dev
	libkcapi-dev libkcapi1 kcapi-tools
	libssl-dev openssl pkg-config gnuplot-nox dkms
	cryptsetup-bin valgrind
	gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
	gcc-sparc64-linux-gnu libc6-dev-sparc64-cross linux-source-6.1 autoconf automake libtool
	gcc-powerpc64-linux-gnu libc6-dev-ppc64-cross
	python3-venv python3-distlib libglib2.0-dev zlib1g-dev libpixman-1-dev ninja-build git dpkg-dev
	libfdt-dev device-tree-compiler libattr1-dev
	linux-image-amd64 linux-headers-amd64
	debhelper dh-dkms lintian fakeroot initramfs-tools debootstrap
)
apt-get install -y -q --no-install-recommends "${base_pkgs[@]}"

# QEMU from backports: 7.2 in bookworm has no SHA-NI under TCG.
# POWER guests and user-mode runs (x-vof firmware, power10 model): from backports as well.
apt-get install -y -q --no-install-recommends -t bookworm-backports qemu-system-x86 \
	qemu-system-ppc qemu-user-static
# sparc64 guests (sun4u, openbios firmware); meson >= 1.5 and pycotap to build the T4 and NX
# QEMUs from sid's source (libfdt and dtc above: the pseries machine and its device trees).
apt-get install -y -q --no-install-recommends -t bookworm-backports qemu-system-sparc meson \
	python3-pycotap

# Newest 6.12 from bookworm-backports, by exact name so that the 6.1 meta packages stay put.
v612=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9.]+\+deb12-amd64$' |
	awk '{print $1}' | sed 's/^linux-image-//' | sort -V | tail -n 1)
if [ -z "$v612" ]; then
	echo "install-deps: no linux-image-6.12.*+deb12-amd64 in the apt sources" >&2
	exit 1
fi
apt-get install -y -q --no-install-recommends "linux-image-$v612" "linux-headers-$v612"

# Debian's ppc64el kernels, headers and userland, extracted (never installed) into a cache.
"$(dirname "$0")/fetch-ppc64el.sh"

echo "$want_ver" >"$stamp"
echo "install-deps: done (6.1: $(ls /lib/modules | grep -v 6.12 | sort -V | tail -n1), 6.12: $v612)"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install everything hwcrypt's build, VM harness, tests and benchmark need on Debian 12 (bookworm).
# Idempotent: a second run only checks. Must run as root (CI runs it as root).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
stamp=/var/lib/hwcrypt-deps.stamp
want_ver=14
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
	debhelper dh-dkms lintian fakeroot initramfs-tools debootstrap
	sparse shellcheck coccinelle
	# pahole: the BTF of modules built against kernels with CONFIG_DEBUG_INFO_BTF_MODULES (6.12.118 on)
	dwarves
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

# The guests' kernels are fetched into /var/cache/hwcrypt, never installed on the host: its
# kernels, /boot, /vmlinuz links and boot loader stay as they were. 5.10, 7.2 and 7.3 are built
# against in debootstrap'd bullseye and sid chroots with their releases' compilers (a few minutes
# each, once; cached by release and script hash).
"$(dirname "$0")/build-chroot.sh" bullseye >/dev/null
"$(dirname "$0")/build-chroot.sh" sid >/dev/null
"$(dirname "$0")/fetch-amd64.sh"

# Debian's ppc64el kernels, headers and userland, extracted (never installed) into a cache.
"$(dirname "$0")/fetch-ppc64el.sh"

echo "$want_ver" >"$stamp"
echo "install-deps: done (guest kernels: $(cat /var/cache/hwcrypt/amd64/k-*/abi | tr '\n' ' '))"

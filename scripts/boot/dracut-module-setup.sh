#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2154 # kernel, moddir: set by dracut
# dracut module "hwcrypt" (installed as /usr/lib/dracut/modules.d/90hwcrypt/module-setup.sh):
# hwcrypt.ko in the initramfs, and the loader (hwcrypt-load.sh) as a pre-udev hook, which runs
# before udev and so before systemd-cryptsetup or the crypt module open the root volume.

check() {
	# Only kernels hwcrypt is built for.
	modinfo -k "$kernel" hwcrypt >/dev/null 2>&1 || return 1
	return 0
}

depends() {
	return 0
}

installkernel() {
	hostonly='' instmods hwcrypt
}

install() {
	inst_multiple cat modprobe
	inst_hook pre-udev 40 "$moddir/hwcrypt-load.sh"
}

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Loads hwcrypt early in the initramfs, before cryptsetup opens the root volume (dm-crypt binds
# its cipher when the table is loaded: a module that comes later serves the volume only from the
# next boot on). It loads hwcrypt only where udev would: when the CPU's modalias resolves to it
# (its CPU-feature device table), and not when modprobe.d or the command line blacklists it
# (-b). hwcrypt.<param>= words of the command line reach it through modprobe.
# initramfs-tools runs it as scripts/init-top/hwcrypt; dracut sources it as a pre-udev hook, so
# it exits only when asked for its prerequisites and leaves no variables behind.
case "${1:-}" in
prereqs)
	exit 0
	;;
esac

hwc_modalias=$(cat /sys/devices/system/cpu/modalias 2>/dev/null)
if [ -n "$hwc_modalias" ] && [ ! -d /sys/module/hwcrypt ]; then
	hwc_mods=$(modprobe -R "$hwc_modalias" 2>/dev/null)
	# shellcheck disable=SC2086,SC2116 # echo joins modprobe's lines into one spaced list
	case " $(echo $hwc_mods) " in
	*" hwcrypt "*)
		# The kernel's own modules for this CPU first (those in the initramfs; udev would load
		# them later): priority=auto races hwcrypt against the drivers loaded when it loads.
		for hwc_mod in $hwc_mods; do
			[ "$hwc_mod" = hwcrypt ] || modprobe -b -q "$hwc_mod"
		done
		modprobe -b -q hwcrypt
		;;
	esac
fi
unset hwc_modalias hwc_mods hwc_mod

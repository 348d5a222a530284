#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dm-crypt on hwcrypt: LUKS2 (plain dm-crypt where there is no cryptsetup) aes-xts-plain64 with a
# 512-bit key on a loop device; 64 MiB of
# random data written and read back through xts-aes-hwcrypt-*, then the volume reopened with the
# kernel's own implementation (and the reverse) reads the same bytes.
# shellcheck disable=SC2015 # `cond && pass || fail`: pass only reports, it cannot fail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

if [ -z "$(hwc_best_aes_impl)" ]; then
	skip "dm-crypt" "no AES tier of hwcrypt for this CPU"
	exit 0
fi
# A guest userland without cryptsetup (ppc64le's) gets a plain dm-crypt table (no LUKS header)
# set up by selftests/guest/dmplain.c with the same cipher and key size.
dmplain=$HWC_REPO/selftests/build/dmplain
if command -v cryptsetup >/dev/null; then
	backend=luks
elif [ -x "$dmplain" ]; then
	backend=plain
else
	fail "cryptsetup" "not installed (scripts/install-deps.sh)"
	exit 0
fi
# No udev in the guest: libdevmapper creates the nodes itself.
export DM_DISABLE_UDEV=1
modprobe loop 2>/dev/null
modprobe dm_mod 2>/dev/null
modprobe dm_crypt 2>/dev/null

d=/tmp/dmcrypt
mkdir -p $d
img=$d/disk.img
# 64 MiB of data after the 16 MiB LUKS2 header.
truncate -s 96M $img
# busybox's losetup has no --show.
loop=$(losetup -f --show $img 2>/dev/null) || { loop=$(losetup -f) && losetup "$loop" $img; } ||
	{ fail "losetup" "no loop device"; exit 0; }
head -c 64 /dev/urandom >$d/key
# dd, not head -c 64M: busybox's head takes no size suffix.
dd if=/dev/urandom of=$d/data1 bs=1M count=64 2>/dev/null
dd if=/dev/urandom of=$d/data2 bs=1M count=64 2>/dev/null

check_cmd "insmod" hwc_load_clean
if [ $backend = luks ]; then
	check_cmd "luksFormat aes-xts-plain64 512-bit" cryptsetup luksFormat --type luks2 --batch-mode \
		--cipher aes-xts-plain64 --key-size 512 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
		--key-file "$d/key" "$loop"
else
	info "no cryptsetup: plain dm-crypt aes-xts-plain64 512-bit over $loop"
fi

open_vol() {
	if [ $backend = luks ]; then
		cryptsetup open --type luks2 --key-file "$d/key" "$loop" hwcdm
	else
		# No udev: the /dev/mapper name is a link to the node the kernel made.
		_node=$("$dmplain" create hwcdm aes-xts-plain64 "$(od -An -v -tx1 $d/key | tr -d ' \n')" \
			"$loop" $((64 * 2048))) && ln -sf "$_node" /dev/mapper/hwcdm
	fi
}
close_vol() {
	if [ $backend = luks ]; then
		cryptsetup close hwcdm
	else
		"$dmplain" remove hwcdm && rm -f /dev/mapper/hwcdm
	fi
}
# Reads the 64 MiB back and compares with FILE.
same_as() {
	dd if=/dev/mapper/hwcdm bs=1M count=64 iflag=direct 2>/dev/null | cmp -s - "$1"
}
xts_refcnt() {
	crypto_field "$(hwc_kernel_choice 'xts(aes)')" refcnt
}

check_cmd "open with hwcrypt loaded" open_vol
drv=$(hwc_kernel_choice "xts(aes)")
case $drv in
*-hwcrypt-*) pass "xts(aes) resolves to $drv" ;;
*) fail "xts(aes) resolves to hwcrypt" "$drv" ;;
esac
ref=$(crypto_field "$drv" refcnt)
info "$drv refcnt $ref, /sys/module/hwcrypt/refcnt $(cat /sys/module/hwcrypt/refcnt)"
# dm-crypt allocates one tfm per CPU; each holds the algorithm and the module.
[ "${ref:-0}" -gt 1 ] && pass "dm-crypt holds $drv (refcnt $ref)" || fail "dm-crypt holds $drv" "refcnt $ref"
[ "$(cat /sys/module/hwcrypt/refcnt)" -gt 0 ] && pass "dm-crypt holds the hwcrypt module" ||
	fail "dm-crypt holds the hwcrypt module" "refcnt $(cat /sys/module/hwcrypt/refcnt)"
check_fails "rmmod refused while the volume is open" hwc_rmmod
check_cmd "write 64 MiB through hwcrypt" dd if=$d/data1 of=/dev/mapper/hwcdm bs=1M oflag=direct
check_cmd "read back through hwcrypt equals" same_as $d/data1
check_cmd "close" close_vol
check_cmd "rmmod hwcrypt" hwc_rmmod

check_cmd "reopen with the kernel's implementation" open_vol
drv=$(hwc_kernel_choice "xts(aes)")
case $drv in
*-hwcrypt-*) fail "kernel's own xts(aes) after rmmod" "$drv" ;;
*) pass "kernel's own xts(aes) after rmmod: $drv" ;;
esac
check_cmd "kernel's implementation reads what hwcrypt wrote" same_as $d/data1
check_cmd "write 64 MiB through the kernel's implementation" \
	dd if=$d/data2 of=/dev/mapper/hwcdm bs=1M oflag=direct
check_cmd "close" close_vol

check_cmd "insmod again" hwc_insmod
check_cmd "reopen with hwcrypt" open_vol
case $(hwc_kernel_choice "xts(aes)") in
*-hwcrypt-*) pass "xts(aes) is hwcrypt's again" ;;
*) fail "xts(aes) is hwcrypt's again" "$(hwc_kernel_choice 'xts(aes)')" ;;
esac
check_cmd "hwcrypt reads what the kernel's implementation wrote" same_as $d/data2
check_cmd "close" close_vol
check_cmd "rmmod" hwc_rmmod
losetup -d "$loop"
rm -rf $d

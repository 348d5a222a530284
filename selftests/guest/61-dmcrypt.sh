#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dm-crypt on hwcrypt: LUKS2 aes-xts-plain64 with a 512-bit key on a loop device; 64 MiB of
# random data written and read back through xts-aes-hwcrypt-*, then the volume reopened with the
# kernel's own implementation (and the reverse) reads the same bytes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

if [ -z "$(hwc_expected_aes_impl)" ]; then
	skip "dm-crypt" "no AES tier of hwcrypt for this CPU"
	exit 0
fi
command -v cryptsetup >/dev/null || { fail "cryptsetup" "not installed (scripts/install-deps.sh)"; exit 0; }
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
loop=$(losetup -f --show $img) || { fail "losetup" "no loop device"; exit 0; }
head -c 64 /dev/urandom >$d/key
head -c 64M /dev/urandom >$d/data1
head -c 64M /dev/urandom >$d/data2

check_cmd "insmod" hwc_load_clean
check_cmd "luksFormat aes-xts-plain64 512-bit" cryptsetup luksFormat --type luks2 --batch-mode \
	--cipher aes-xts-plain64 --key-size 512 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
	--key-file $d/key $loop

open_vol() {
	cryptsetup open --type luks2 --key-file $d/key $loop hwcdm
}
close_vol() {
	cryptsetup close hwcdm
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

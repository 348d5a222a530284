#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What `make demo` shows: hwcrypt loaded, `hwcrypt list`, and real files hashed through
# hwcrypt's drivers, checked against sha256sum/sha512sum.
# shellcheck disable=SC2012,SC2086 # $files: program paths from /usr/bin, none with whitespace
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
hwc_load_clean

info "dmesg: $(dmesg | grep 'hwcrypt: ' | tail -n 1)"
"$HWC_CLI" list | while IFS= read -r line; do info "list: $line"; done

files="/boot/vmlinuz-$(uname -r) $(ls /usr/bin/* | head -n 40 | tr '\n' ' ')"
for alg in sha256 sha512; do
	drv=$(hwc_kernel_choice "$alg")
	info "$alg: the kernel picks $drv"
	"$HWC_CLI" dgst -a "$alg" /boot/vmlinuz-"$(uname -r)" | while IFS= read -r line; do info "dgst: $line"; done
	"${alg}sum" $files >/tmp/demo.sums 2>/dev/null
	n=$(wc -l </tmp/demo.sums)
	check_cmd "hwcrypt dgst -c on ${alg}sum of $n real files ($drv)" "$HWC_CLI" dgst -a "$alg" -c /tmp/demo.sums
done
hwc_rmmod

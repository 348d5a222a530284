#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `hwcrypt dgst` through AF_ALG on hwcrypt's drivers is byte-identical to coreutils' sha*sum on
# real files (the kernel image, block-boundary lengths, 1 MiB+1), in -c mode, and fails cleanly.
# $files: paths without whitespace, one argument each; set -- $(...): the fields of one line.
# shellcheck disable=SC2046,SC2086
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

if [ ! -x "$HWC_CLI" ]; then
	fail "hwcrypt CLI" "$HWC_CLI not built"
	exit 0
fi
hwc_load_clean

dir=$(scratch_dir)
for n in 0 1 55 56 63 64 65 111 112 127 128 129 4096 1048577; do
	head -c "$n" /dev/urandom >"$dir/len$n"
done
files="$dir/len0 $dir/len1 $dir/len55 $dir/len56 $dir/len63 $dir/len64 $dir/len65 $dir/len111 \
$dir/len112 $dir/len127 $dir/len128 $dir/len129 $dir/len4096 $dir/len1048577"
kimg=/boot/vmlinuz-$(uname -r)
[ -r "$kimg" ] && files="$files $kimg"

for drv in $(hwc_expected_hash_drivers); do
	alg=${drv%%-*}
	want=$("${alg}sum" $files)
	got=$("$HWC_CLI" dgst -a "$alg" $files 2>&1)
	check_eq "dgst -a $alg (kernel's choice: $(hwc_kernel_choice "$alg")) == ${alg}sum" "$want" "$got"
	got=$("$HWC_CLI" dgst -a "$alg" --driver "$drv" $files 2>&1)
	check_eq "dgst -a $alg --driver $drv == ${alg}sum" "$want" "$got"
	got=$("$HWC_CLI" dgst -a "$alg" --driver "$drv" - <"$dir/len1048577" 2>&1)
	check_eq "dgst $drv of stdin" "$("${alg}sum" - <"$dir/len1048577")" "$got"
	"${alg}sum" $files >"$dir/sums.$alg"
	check_cmd "dgst -c of ${alg}sum output" "$HWC_CLI" dgst -a "$alg" --driver "$drv" -c "$dir/sums.$alg"
done

# Every driver in "list --all"; plain "list" shows only the kernel's pick (the fastest tier).
for drv in $(hwc_expected_drivers); do
	check_cmd "hwcrypt list --all shows $drv as hwcrypt's" sh -c "'$HWC_CLI' list --all | grep -w -- '$drv' | grep -qw yes"
done
for impl in $(hwc_best_aes_impl); do
	check_cmd "hwcrypt list shows xts-aes-hwcrypt-$impl" sh -c "'$HWC_CLI' list | grep -w -- 'xts-aes-hwcrypt-$impl' | grep -qw yes"
done

# Statistics, when the module exports them (/sys/module/hwcrypt/drivers/<driver>/): list adds
# REQUESTS, BYTES and PLACEMENT as the files have them, and a dgst counts in its driver's.
st=/sys/module/hwcrypt/drivers
drv=$(hwc_expected_hash_drivers | tr " " "\n" | grep -m 1 .)
if [ -d "$st" ] && [ -n "$drv" ]; then
	r0=$(cat "$st/$drv/requests")
	"$HWC_CLI" dgst -a "${drv%%-*}" --driver "$drv" "$dir/len4096" >/dev/null
	r1=$(cat "$st/$drv/requests")
	check_eq "hwcrypt list: statistics columns" "HWCRYPT REQUESTS BYTES PLACEMENT" \
		"$("$HWC_CLI" list --all | head -n 1 | awk '{ print $5, $6, $7, $8 }')"
	set -- $(cat "$st/$drv/requests" "$st/$drv/bytes" "$st/$drv/placement")
	want=$*
	set -- $("$HWC_CLI" list --all | awk -v d="$drv" '$2 == d')
	shift 5
	check_eq "hwcrypt list --all: $drv's requests, bytes, placement as in $st" "$want" "$*"
	check_cmd "dgst --driver $drv counts in $st/$drv/requests ($r0 -> $r1)" [ "$r1" -gt "$r0" ]
else
	skip "hwcrypt list statistics" "no $st or no hash driver of ours (module without statistics)"
fi

# Error paths: one line on stderr, non-zero exit, no kernel complaint.
echo corrupt >"$dir/bad.sum"
printf '%064d  %s\n' 0 "$dir/len1" >>"$dir/bad.sum"
check_fails "dgst -c detects a wrong digest" "$HWC_CLI" dgst -a sha256 -c "$dir/bad.sum"
check_fails "dgst of a missing file fails" "$HWC_CLI" dgst -a sha256 "$dir/does-not-exist"
check_fails "dgst of an unknown algorithm fails" "$HWC_CLI" dgst -a sha999 "$dir/len1"
check_fails "dgst with an unknown driver fails" "$HWC_CLI" dgst -a sha256 --driver nope-hwcrypt-x "$dir/len1"
err=$("$HWC_CLI" dgst -a sha999 "$dir/len1" 2>&1 >/dev/null | wc -l)
check_eq "unknown algorithm: exactly one stderr line" 1 "$err"
rm -rf "$dir"
hwc_rmmod

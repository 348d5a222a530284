#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# While an AF_ALG socket holds a hwcrypt tfm, rmmod is refused; once it is closed, rmmod works.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
hwc_load_clean

# shellcheck disable=SC2046 # one argument per driver
set -- $(hwc_expected_drivers)
drv=${1:-}
if [ -z "$drv" ]; then
	skip "rmmod while busy" "no hwcrypt driver on this CPU"
	hwc_rmmod
	exit 0
fi
dir=$(scratch_dir)
mkfifo "$dir/fifo"
"$HWC_CLI" dgst -a "${drv%%-*}" --driver "$drv" - <"$dir/fifo" >"$dir/out" 2>&1 &
holder=$!
exec 3>"$dir/fifo"
printf 'abc' >&3
# The CLI binds its socket before it reads: wait until the refcount shows it.
i=0
while [ "$(cat /sys/module/hwcrypt/refcnt)" = 0 ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
check_eq "refcount held by the AF_ALG socket" 1 "$([ "$(cat /sys/module/hwcrypt/refcnt)" -gt 0 ] && echo 1)"
check_fails "rmmod refused while a socket is bound" hwc_rmmod
check_cmd "module still loaded" module_loaded
exec 3>&-
wait $holder
check_eq "digest of the held socket" "$(printf abc | "${drv%%-*}sum")" "$(cat "$dir/out")"
check_cmd "rmmod once idle" hwc_rmmod
rm -rf "$dir"

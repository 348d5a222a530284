#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hardening of what local users and administrators can reach (issue 36): out-of-range module
# parameters are refused at insmod with a message and nothing else; the traffic counters in
# /sys/module/hwcrypt are root's alone; `hwcrypt dgst` takes an HMAC key from a file (or
# stdin), equal to OpenSSL's HMAC, and a key given as --hmac HEX does not stay readable in
# /proc/PID/cmdline while the command runs.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
module_loaded && hwc_rmmod

# insmod PARAM=VALUE must fail, leave no module behind and say why in dmesg.
refused() {
	dmesg -C
	if hwc_insmod "$1" >/dev/null 2>&1; then
		fail "insmod $1 refused" "it loaded"
		hwc_rmmod
		return
	fi
	if module_loaded; then
		fail "insmod $1 refused" "module present after the failed load"
		return
	fi
	check_cmd "insmod $1 refused, with its reason in dmesg" \
		sh -c "dmesg | grep -F '${1%%=*}=${1#*=} refused'"
}
refused priority=2147483647
refused priority=-1
refused priority=1000001
case $HWC_ARCH in
ppc64le | ppc64)
	refused nx_busy_tries=0
	refused nx_busy_tries=4294967295
	;;
esac
check_cmd "insmod priority=1000000 (the largest) loads" hwc_insmod priority=1000000
module_loaded && hwc_rmmod

hwc_load_clean
D=/sys/module/hwcrypt/drivers
# shellcheck disable=SC2012 # driver names: no whitespace
drv=$(ls "$D" | head -n 1)
# One request, so that a counter has something to show.
kcapi-dgst -c sha256 --hex </dev/null >/dev/null 2>&1
nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}
check_cmd "$drv/requests: readable by root" cat "$D/$drv/requests"
# util-linux's setpriv drops to uid 65534; busybox's (the ppc64el guest root) has no --reuid, and
# a helper that always fails would pass every "unreadable" check below: those need it working.
if [ "$(nobody id -u 2>/dev/null)" != 65534 ]; then
	skip "counters as an unprivileged user" "no setpriv --reuid here (busybox's lacks it)"
else
	for f in requests bytes offload_requests offload_bytes fallback_requests fallback_bytes; do
		check_fails "$drv/$f: unreadable by an unprivileged user" nobody cat "$D/$drv/$f"
	done
	check_cmd "$drv/cra_name: readable by an unprivileged user" nobody cat "$D/$drv/cra_name"
	check_cmd "$drv/placement: readable by an unprivileged user" nobody cat "$D/$drv/placement"
	if [ -d /sys/module/hwcrypt/nx ]; then
		for f in calls busy errors; do
			check_fails "nx/$f: unreadable by an unprivileged user" \
				nobody cat "/sys/module/hwcrypt/nx/$f"
		done
	fi
fi

dir=$(scratch_dir)
head -c 70001 /dev/urandom >"$dir/msg"
for alg in sha256 sha512; do
	for klen in 16 200; do
		head -c "$klen" /dev/urandom >"$dir/key"
		hex=$(od -An -v -tx1 <"$dir/key" | tr -d ' \n')
		want=$(openssl dgst -"$alg" -mac HMAC -macopt "hexkey:$hex" -r "$dir/msg" | cut -d' ' -f1)
		got=$("$HWC_CLI" dgst -a "$alg" --keyfile "$dir/key" "$dir/msg" 2>&1 | cut -d' ' -f1)
		check_eq "dgst -a $alg --keyfile (key $klen bytes) == openssl" "$want" "$got"
		got=$("$HWC_CLI" dgst -a "$alg" --keyfile - "$dir/msg" <"$dir/key" 2>&1 | cut -d' ' -f1)
		check_eq "dgst -a $alg --keyfile - (key $klen bytes) == openssl" "$want" "$got"
		got=$("$HWC_CLI" dgst -a "$alg" --hmac "$hex" "$dir/msg" 2>&1 | cut -d' ' -f1)
		check_eq "dgst -a $alg --hmac HEX (key $klen bytes) == openssl" "$want" "$got"
	done
done
check_fails "dgst --keyfile with a missing file fails" "$HWC_CLI" dgst --keyfile "$dir/none" "$dir/msg"
check_fails "dgst --hmac with an odd number of digits fails" "$HWC_CLI" dgst --hmac abc "$dir/msg"

# The command blocks on a FIFO while its arguments are read from /proc.
mkfifo "$dir/fifo"
"$HWC_CLI" dgst --hmac "$hex" "$dir/fifo" >"$dir/out" 2>&1 &
pid=$!
i=0
# wait until it has opened the FIFO (past argument parsing)
# shellcheck disable=SC2010 # the targets of the fd links are what is read
while [ $i -lt 100 ] && ! ls -l "/proc/$pid/fd" 2>/dev/null | grep -q fifo; do
	sleep 0.1
	i=$((i + 1))
done
if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "$hex"; then
	fail "--hmac HEX: the key is not left in /proc/PID/cmdline" "$(tr '\0' ' ' <"/proc/$pid/cmdline")"
else
	pass "--hmac HEX: the key is not left in /proc/PID/cmdline"
fi
cat "$dir/msg" >"$dir/fifo"
wait $pid
want=$(openssl dgst -sha256 -mac HMAC -macopt "hexkey:$hex" -r "$dir/msg" | cut -d' ' -f1)
check_eq "dgst --hmac HEX over a FIFO == openssl" "$want" "$(cut -d' ' -f1 "$dir/out")"
rm -rf "$dir"
hwc_rmmod

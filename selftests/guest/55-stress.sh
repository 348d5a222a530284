#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Concurrency stress: AF_ALG threads on every CPU run every hwcrypt hash, hmac() over it,
# skcipher and aead driver (results checked against OpenSSL) while IPsec ESP with cbc(aes) and
# hmac(sha256) (softirq context) and dm-crypt with ESSIV over sha256 run; rmmod is refused
# throughout. Then load/unload cycles while idle. HWC_FULL=1 runs longer.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
fuzz=$HWC_REPO/selftests/build/fuzz_afalg
[ -x "$fuzz" ] || { fail "stress" "$fuzz missing (make guest-progs)"; exit 0; }
for m in veth xfrm_user esp4 authenc loop dm_mod dm_crypt essiv; do modprobe $m 2>/dev/null; done
check_cmd "insmod" hwc_load_clean
if ! cpu_has sha_ni; then
	skip "stress" "no SHA-NI: sha256 is not hwcrypt's on this CPU"
	hwc_rmmod
	exit 0
fi
if [ -n "${HWC_FULL:-}" ]; then secs=120; else secs=30; fi
d=$(scratch_dir)
# Who holds hwcrypt: module refcount and the drivers with users (a driver's own entry counts 1).
holders() {
	info "$1: module refcnt $(cat /sys/module/hwcrypt/refcnt); drivers in use: $(awk '$1 == "driver" { d = $3 } $1 == "module" { m = $3 } $1 == "refcnt" && m == "hwcrypt" && $3 > 1 { print d "=" $3 }' /proc/crypto | tr '\n' ' ')"
}
A=10.232.0.1
B=10.232.0.2

# --- IPsec: ESP transport, cbc(aes) + hmac(sha256), between two namespaces over veth.
net_up() {
	ip netns add hwcsa && ip netns add hwcsb &&
	ip link add hwcsva netns hwcsa type veth peer name hwcsvb netns hwcsb &&
	ip -n hwcsa addr add $A/24 dev hwcsva && ip -n hwcsb addr add $B/24 dev hwcsvb &&
	ip -n hwcsa link set hwcsva up && ip -n hwcsb link set hwcsvb up || return 1
	ek=0x$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
	ak=0x$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
	for ns in hwcsa hwcsb; do
		for dir in "$A $B 0x2001" "$B $A 0x2002"; do
			# shellcheck disable=SC2086 # $dir is "SRC DST SPI"
			set -- $dir
			ip -n "$ns" xfrm state add src "$1" dst "$2" proto esp spi "$3" mode transport \
				enc 'cbc(aes)' "$ek" auth-trunc 'hmac(sha256)' "$ak" 128 || return 1
		done
	done
	ip -n hwcsa xfrm policy add src $A dst $B dir out tmpl src $A dst $B proto esp mode transport &&
	ip -n hwcsa xfrm policy add src $B dst $A dir in tmpl src $B dst $A proto esp mode transport &&
	ip -n hwcsb xfrm policy add src $B dst $A dir out tmpl src $B dst $A proto esp mode transport &&
	ip -n hwcsb xfrm policy add src $A dst $B dir in tmpl src $A dst $B proto esp mode transport
}
net_down() {
	# Flushed SAs free their tfms now; a deleted namespace would free them much later.
	for ns in hwcsa hwcsb; do
		ip -n $ns xfrm policy flush 2>/dev/null
		ip -n $ns xfrm state flush 2>/dev/null
	done
	ip netns del hwcsa 2>/dev/null
	ip netns del hwcsb 2>/dev/null
}
if net_up 2>"$d/net.err"; then
	pass "ESP SAs with hmac(sha256) set up"
	net=1
else
	fail "ESP SAs with hmac(sha256) set up" "$(tail -n 1 "$d/net.err")"
	net=0
fi
if [ $net = 1 ]; then
	lib=$(awk '$1 == "name" { n = $3 } $1 == "driver" && n == "hmac(sha256)" && $3 !~ /^hmac\(/ { print $3 }' /proc/crypto | head -n 1)
	if grep -q 'hmac(sha256-hwcrypt-' /proc/crypto; then
		pass "the SAs' hmac(sha256) runs on hwcrypt ($(grep -o 'hmac(sha256-hwcrypt-[a-z0-9]*)' /proc/crypto | head -n 1))"
	elif [ -n "$lib" ]; then
		# 7.2 registers its own hmac(sha256) (hmac-sha256-lib): the lookup finds it and never
		# instantiates the hmac template over hwcrypt's sha256.
		skip "the SAs' hmac(sha256) runs on hwcrypt" "this kernel serves hmac(sha256) with its own $lib"
	else
		fail "the SAs' hmac(sha256) runs on hwcrypt" "no hmac(sha256-hwcrypt-*) instance in /proc/crypto"
	fi
fi

# --- dm-crypt: plain mode (no KDF), aes-cbc-essiv:sha256: ESSIV hashes the key with sha256.
export DM_DISABLE_UDEV=1
truncate -s 24M "$d/disk"
dm=0
if loop=$(losetup -f --show "$d/disk" 2>"$d/dm.err") &&
	head -c 32 /dev/urandom >"$d/key" &&
	cryptsetup open --type plain --cipher aes-cbc-essiv:sha256 --key-size 256 \
		--key-file "$d/key" "$loop" hwcstress 2>>"$d/dm.err"; then
	pass "dm-crypt aes-cbc-essiv:sha256 opened"
	dm=1
else
	fail "dm-crypt aes-cbc-essiv:sha256 opened" "$(tail -n 1 "$d/dm.err")"
fi

# hmac() instances are created (and self-tested: minutes on the debug kernel) on first use:
# create them all first, so that the stress time goes to hashing.
for t in $("$fuzz" --list | awk '$2 ~ /^hmac\(/ { print $2 }'); do
	"$HWC_REPO/selftests/build/failnth" 0 alg hash "$t" 20 >/dev/null
done
holders "before the stress"
# --- everything at once
"$fuzz" --stress 4 --time "$secs" >"$d/stress.log" 2>&1 &
spid=$!
# rmmod attempts all through the stress: each must be refused.
(
	busy=0 refused=0
	while kill -0 $spid 2>/dev/null; do
		busy=$((busy + 1))
		hwc_rmmod 2>/dev/null || refused=$((refused + 1))
		echo "$busy $refused" >"$d/rmmod"
		sleep 1
	done
) &
rpid=$!
if [ $net = 1 ]; then
	ip netns exec hwcsa busybox ping -q -i 0.05 -w "$secs" $B >"$d/ping.log" 2>&1 &
	ppid=$!
	head -c 1M /dev/urandom >"$d/net.data"
	# Receiver: busybox nc with stdin a FIFO held open (it stops at EOF on stdin); sender:
	# bash's /dev/tcp, which closes the connection after the last byte.
	mkfifo "$d/hold"
	ip netns exec hwcsb busybox nc -l -p 5002 <"$d/hold" >"$d/net.recv" &
	npid=$!
	exec 9>"$d/hold"
	wait_listen hwcsb 5002
	ip netns exec hwcsa bash -c "cat '$d/net.data' >/dev/tcp/$B/5002"
	t0=$(date +%s)
	while kill -0 $npid 2>/dev/null && [ "$(wc -c <"$d/net.recv")" -lt 1048576 ] &&
		[ $(($(date +%s) - t0)) -lt 60 ]; do
		sleep 1
	done
	exec 9>&-
	kill $npid 2>/dev/null
	wait $npid 2>/dev/null
	check_eq "1 MiB over ESP arrive intact" "$(wc -c <"$d/net.data") $(sha256sum <"$d/net.data" | cut -d' ' -f1)" \
		"$(wc -c <"$d/net.recv") $(sha256sum <"$d/net.recv" | cut -d' ' -f1)"
fi
if [ $dm = 1 ]; then
	head -c 8M /dev/urandom >"$d/dm.data"
	i=0
	while [ $i = 0 ] || { kill -0 $spid 2>/dev/null && [ $i -lt 3 ]; }; do
		dd if="$d/dm.data" of=/dev/mapper/hwcstress bs=1M oflag=direct 2>/dev/null
		got=$(dd if=/dev/mapper/hwcstress bs=1M count=8 iflag=direct 2>/dev/null | sha256sum | cut -d' ' -f1)
		[ "$got" = "$(sha256sum <"$d/dm.data" | cut -d' ' -f1)" ] || break
		i=$((i + 1))
	done
	check_cmd "dm-crypt I/O round trips during the stress ($i)" test "$i" -gt 0
fi
wait $spid
src=$?
holders "stress done"
wait $rpid
read -r busy refused <"$d/rmmod" || busy=0
info "$(tail -n 1 "$d/stress.log")"
if [ "$src" = 0 ]; then pass "AF_ALG stress on every driver"; else fail "AF_ALG stress on every driver" "$(grep -m2 -E 'stress [0-9]|FAILED' "$d/stress.log")"; fi
check_cmd "rmmod attempted while busy ($busy times)" test "$busy" -gt 0
check_eq "rmmod refused each time while busy" "$busy" "$refused"
check_cmd "module loaded after the rmmod attempts" module_loaded
if [ $net = 1 ]; then
	wait "$ppid"
	info "ping over ESP: $(grep -E 'packets' "$d/ping.log")"
	check_cmd "ping over ESP" grep -q ' [1-9][0-9]* packets received' "$d/ping.log"
fi

# --- teardown: the SAs and the mapping drop their tfms, then the module unloads and reloads.
[ $dm = 1 ] && { cryptsetup close hwcstress; losetup -d "$loop"; }
holders "dm-crypt closed"
[ $net = 1 ] && net_down
info "teardown done at $(cut -d' ' -f1 /proc/uptime)s"
t0=$(date +%s)
while [ "$(cat /sys/module/hwcrypt/refcnt)" != 0 ] && [ $(($(date +%s) - t0)) -lt 60 ]; do sleep 1; done
# 6.x IV generators pin the kernel's default RNG (HMAC-SHA512 DRBG, on hwcrypt's sha512).
"$fuzz" --del-default-rng
holders "after teardown"
check_cmd "rmmod once idle" hwc_rmmod
n=0 cycles=10
hwc_full_selftests && cycles=1
for i in $(seq $cycles); do
	hwc_insmod && hwc_rmmod && n=$((n + 1))
done
check_eq "$cycles load/unload cycles while idle" $cycles "$n"
rm -rf "$d"

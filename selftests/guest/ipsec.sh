# SPDX-License-Identifier: GPL-2.0
# IPsec ESP (transport mode) between two network namespaces joined by veth, on hwcrypt's
# drivers: ping and a TCP transfer (4 MiB; 16 MiB in test-full) checked by SHA-256, the SA's
# algorithm held by hwcrypt. Sourced by 97-ipsec-gcm.sh and 98-ipsec-cbc.sh (one case each: a
# transfer under TCG takes minutes) after lib.sh and hwc.sh.
# shellcheck shell=sh disable=SC2015 # `cond && pass || fail`: pass only reports, it cannot fail
require_module

if ! cpu_has aes || ! cpu_has pclmulqdq; then
	skip "ipsec" "no AES-NI/PCLMULQDQ on this CPU"
	exit 0
fi
for m in veth xfrm_user esp4 xfrm4_tunnel authenc; do modprobe $m 2>/dev/null; done
# The previous case's SAs may still pin the module (see ipsec_done): then use that instance.
if module_loaded && ! hwc_rmmod 2>/dev/null; then
	info "hwcrypt still pinned (refcnt $(cat /sys/module/hwcrypt/refcnt)): using the loaded instance"
else
	check_cmd "insmod" hwc_insmod
fi

d=/tmp/ipsec
mkdir -p $d
# 4 MiB (about 2,900 ESP packets each way) in make test, 16 MiB in test-full: minutes under TCG.
if [ -n "${HWC_FULL:-}" ]; then mib=16; else mib=4; fi
head -c ${mib}M /dev/urandom >$d/data
want=$(sha256sum <$d/data | cut -d' ' -f1)
A=10.231.0.1
B=10.231.0.2

setup_net() {
	ip netns add hwca && ip netns add hwcb &&
	ip link add hwcva netns hwca type veth peer name hwcvb netns hwcb &&
	ip -n hwca addr add $A/24 dev hwcva && ip -n hwcb addr add $B/24 dev hwcvb &&
	ip -n hwca link set hwcva up && ip -n hwcb link set hwcvb up &&
	ip -n hwca link set lo up && ip -n hwcb link set lo up &&
	# A closed TCP socket still sending its tail keeps its route (and so an SA and its tfm)
	# and the namespace for tcp_fin_timeout (60 s): shortened so that rmmod can follow soon.
	ip netns exec hwca sh -c 'echo 2 >/proc/sys/net/ipv4/tcp_fin_timeout' &&
	ip netns exec hwcb sh -c 'echo 2 >/proc/sys/net/ipv4/tcp_fin_timeout'
}
# Links go down first: NETDEV_DOWN makes xfrm drop the cached bundles (dst entries) that
# still reference the states, so that the states and their tfms are freed once flushed.
teardown_net() {
	for ns in hwca hwcb; do
		ip -n $ns link set dev hwcv${ns#hwc} down 2>/dev/null
		ip -n $ns route flush cache 2>/dev/null
		ip -n $ns xfrm policy flush 2>/dev/null
		ip -n $ns xfrm state flush 2>/dev/null
	done
	ip netns del hwca 2>/dev/null
	ip netns del hwcb 2>/dev/null
}

# add_sa NS SRC DST SPI ALG...: one direction's state plus the policy that uses it.
add_sa() {
	ns=$1 src=$2 dst=$3 spi=$4 dir=$5
	shift 5
	ip -n "$ns" xfrm state add src "$src" dst "$dst" proto esp spi "$spi" mode transport "$@" &&
	ip -n "$ns" xfrm policy add src "$src" dst "$dst" dir "$dir" tmpl src "$src" dst "$dst" \
		proto esp mode transport
}

# setup_sas ALG...: the same keys in both namespaces, one SA per direction.
setup_sas() {
	for ns in hwca hwcb; do
		if [ $ns = hwca ]; then o=out i=in; else o=in i=out; fi
		# Names and addresses are single words; either add_sa failing fails the setup.
		# shellcheck disable=SC2015,SC2086
		add_sa $ns $A $B 0x1001 $o "$@" && add_sa $ns $B $A 0x1002 $i "$@" || return 1
	done
}

# The receiver's stdin is a FIFO held open by fd 9 (busybox nc stops at EOF on stdin); the
# sender is bash's /dev/tcp, which closes the connection after the last byte.
transfer() {
	rm -f $d/recv $d/hold
	mkfifo $d/hold
	ip netns exec hwcb busybox nc -l -p 5001 <$d/hold >$d/recv &
	srv=$!
	exec 9>$d/hold
	wait_listen hwcb 5001
	ip netns exec hwca bash -c "cat $d/data >/dev/tcp/$B/5001"
	# busybox nc stays up while its stdin is open: done once every byte has arrived.
	i=0
	while kill -0 $srv 2>/dev/null && [ "$(wc -c <$d/recv)" -lt $((mib * 1048576)) ] &&
		[ $i -lt 60 ]; do
		sleep 1
		i=$((i + 1))
	done
	exec 9>&-
	kill $srv 2>/dev/null
	wait $srv 2>/dev/null
	[ "$(sha256sum <$d/recv | cut -d' ' -f1)" = "$want" ]
}

run_case() {
	label=$1 drv=$2
	shift 2
	teardown_net
	check_cmd "$label: two namespaces over veth" setup_net
	before=$(crypto_field "$drv" refcnt)
	check_cmd "$label: ESP transport SAs" setup_sas "$@"
	after=$(crypto_field "$drv" refcnt)
	info "$label: $drv refcnt $before -> $after"
	[ "${after:-0}" -gt "${before:-0}" ] && pass "$label: the SAs hold $drv (refcnt $before -> $after)" ||
		fail "$label: the SAs hold $drv" "refcnt $before -> $after"
	check_cmd "$label: ping through ESP" ip netns exec hwca busybox ping -c 3 -W 5 $B
	check_cmd "$label: $mib MiB over TCP, SHA-256 equal" transfer
	pkts=$(ip -n hwcb -s xfrm state | awk '/lifetime current/ { getline; print $0; exit }')
	info "$label: $pkts"
	esp=$(ip -n hwca -s xfrm state list | grep -c "spi 0x00001001")
	[ "$esp" -ge 1 ] && pass "$label: SA in place after the transfer" || fail "$label: SA in place" "$esp"
	teardown_net
}

# Deleted namespaces free their SAs asynchronously: 20 s in test-full, 5 in make test (see
# ipsec_done: the outcome is reported, not required).
rmmod_retry() {
	i=0
	if [ -n "${HWC_FULL:-}" ]; then n=20; else n=5; fi
	until hwc_rmmod 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt $n ] || { echo "hwcrypt refcnt $(cat /sys/module/hwcrypt/refcnt)"; return 1; }
		sleep 1
	done
}

# Known open problem: on 6.1 and 6.12 one of the four SA tfms outlives flushed states and
# deleted namespaces by more than a minute, so rmmod is reported, not required; these two
# tests run last for that reason.
ipsec_done() {
	if rmmod_retry >/dev/null; then
		pass "rmmod once the SAs are gone"
	else
		skip "rmmod once the SAs are gone" "hwcrypt refcnt $(cat /sys/module/hwcrypt/refcnt) after $n s"
	fi
	rm -rf $d
}

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# POWER NX coprocessor (kmod/powerpc/nx.c) on the project's model (selftests/qemu/nx/): the -nx
# drivers pass the kernel's self-tests; over AF_ALG, the in-core drivers (routing from
# nx_sha_min/nx_aes_min bytes on) and the -nx drivers equal sha*sum and openssl enc at sizes
# around the threshold and across several calls, with the per-driver counters showing which
# path each size took; GCM and rfc4106 (and the skciphers again) against OpenSSL on random
# requests in random pieces (out of place), and all of them in place. hwc_nx_storm=1 (the device injects busy and errors, nx-guests.sh): every result still
# right, the fallback counters and the engine's error count prove the storm hit.
# hwc_nx_partial=1 (the device's partial-every: a call writes part of its output, then fails):
# the same checks, in place and out of place, every mode the engine serves; the -nx drivers'
# self-tests at load ran through those faults too (the kernel's vectors, in place with one and
# two scatterlists and out of place).
# No NX device: nothing NX registered. On the big-endian guest (busybox only): self-tests.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

case $(uname -m) in
ppc64*) ;;
*) skip "nx" "not POWER"; exit 0 ;;
esac
node=/proc/device-tree/ibm,platform-facilities/ibm,sym-encryption-v1
sys=/sys/module/hwcrypt
if [ ! -d "$node" ]; then
	check_cmd "insmod" hwc_load_clean
	check_eq "no NX device: no -nx driver registered" "" "$(hwc_proc_drivers | grep -- '-hwcrypt-nx$')"
	check_cmd "no NX device: no $sys/nx" test ! -e "$sys/nx"
	check_cmd "rmmod" hwc_rmmod
	exit 0
fi
# AF_ALG hands a hash its data a page at a time and the framing keeps partial blocks, so an
# update is at most a page minus a block: with 4 KiB pages (Debian's ppc64el 6.12; 6.1 has
# 64 KiB) the hash threshold must sit below that for AF_ALG hashing to reach the engine.
pagesz=$(od -An -v -tu8 /proc/self/auxv | awk '{ for (i = 1; i <= NF; i++) v[n++] = $i }
	END { for (i = 0; i < n; i += 2) if (v[i] == 6) print v[i + 1] }')
thr=8192 thr_sha=8192
[ "${pagesz:-65536}" -ge 65536 ] || thr_sha=2048
check_cmd "insmod nx_sha_min=$thr_sha nx_aes_min=$thr (page size $pagesz)" \
	hwc_load_clean nx_sha_min=$thr_sha nx_aes_min=$thr
info "engine limits: $(tr '\n' ';' <"$sys/nx/limits")"
nxdrv="sha224-hwcrypt-nx sha256-hwcrypt-nx sha384-hwcrypt-nx sha512-hwcrypt-nx
ecb-aes-hwcrypt-nx cbc-aes-hwcrypt-nx ctr-aes-hwcrypt-nx gcm-aes-hwcrypt-nx
rfc4106-gcm-aes-hwcrypt-nx"
for drv in $nxdrv; do
	check_eq "$drv selftest" passed "$(crypto_field "$drv" selftest)"
done
vec=$(hwc_ppc_vec_crypto && echo p8)
if [ "$(uname -m)" = ppc64 ]; then
	# The big-endian validation guest is busybox only (no CLI, no OpenSSL): the kernel's
	# self-test vectors are the oracle there, and the engine's call count shows they ran on it.
	check_cmd "big-endian: the self-tests went through the engine ($(cat "$sys/nx/calls") calls)" \
		test "$(cat "$sys/nx/calls")" -gt 0
	check_cmd "rmmod" hwc_rmmod
	exit 0
fi
[ -x "$HWC_CLI" ] || { fail "hwcrypt CLI" "$HWC_CLI not built"; exit 0; }

ctr() { cat "$sys/drivers/$1/$2" 2>/dev/null || echo 0; }
# took DRIVER BEFORE: which path the last request of DRIVER took, from its counters.
snap() { echo "$(ctr "$1" offload_requests) $(ctr "$1" fallback_requests)"; }
took() {
	# shellcheck disable=SC2086 # $2 is a list of words
	set -- "$1" $2
	if [ "$(ctr "$1" offload_requests)" != "$2" ]; then echo nx
	elif [ "$(ctr "$1" fallback_requests)" != "$3" ]; then echo fallback
	else echo cpu
	fi
}

d=$(scratch_dir)
# Below the threshold, at it, and past the engine's bytes per call (64 KiB on the model).
sizes="4096 8192 65552 300017"
sha_sizes="$((thr_sha / 2)) $thr_sha 65552 300017"
for s in $sizes $sha_sizes; do
	head -c "$s" /dev/urandom >"$d/p$s"
done

# How a size must be served (want_path DRIVER BYTES): -nx drivers always by the engine, the
# in-core ones from the threshold on. A hash update is what AF_ALG hands over per page, so a
# file of exactly the threshold may arrive in two smaller updates: either path then. In a
# storm any NX request may end on the CPU (fallback, or in-core while the engine is unhealthy).
want_path() {
	case $1 in
	*-nx) echo nx ;;
	sha*) if [ "$2" -gt $thr_sha ]; then echo nx; elif [ "$2" = $thr_sha ]; then echo any; else echo cpu; fi ;;
	*) if [ "$2" -ge $thr ]; then echo nx; else echo cpu; fi ;;
	esac
}
path_ok() {
	set -- "${1%%(*}" "$2"
	[ "$1" = "$2" ] || [ "$2" = any ] || { [ -n "$HWC_NX_STORM_ON" ] && [ "$2" = nx ]; }
}
# HWC_NX_STORM_ON: any injected fault (storm, partial output), which sends requests in-core.
HWC_NX_STORM_ON='' HWC_NX_BUSY_ON='' HWC_NX_PARTIAL_ON=''
[ "${hwc_nx_storm:-0}" = 1 ] && HWC_NX_STORM_ON=1 HWC_NX_BUSY_ON=1
[ "${hwc_nx_partial:-0}" = 1 ] && HWC_NX_STORM_ON=1 HWC_NX_PARTIAL_ON=1

for alg in sha224 sha256 sha384 sha512; do
	for drv in ${vec:+$alg-hwcrypt-p8} $alg-hwcrypt-nx; do
		bad='' paths=''
		for s in $sha_sizes; do
			before=$(snap "$drv") c0=$(cat "$sys/nx/calls")
			got=$("$HWC_CLI" dgst -a "$alg" --driver "$drv" "$d/p$s" 2>&1)
			p=$(took "$drv" "$before")
			[ "$got" = "$("${alg}sum" "$d/p$s")" ] || bad="$bad $s"
			paths="$paths $s:$p($(($(cat "$sys/nx/calls") - c0)))"
			path_ok "$p" "$(want_path "$drv" "$s")" || bad="$bad $s(path $p)"
		done
		check_eq "$drv == ${alg}sum (size:path(hcalls):$paths)" "" "$bad"
	done
done

for mode in ecb cbc ctr; do
	for drv in ${vec:+$mode-aes-hwcrypt-p8} $mode-aes-hwcrypt-nx; do
		bad='' paths='' bits=128
		for s in $sizes; do
			bits=$((384 - bits))
			K=$(head -c $((bits / 8)) /dev/urandom | od -An -tx1 | tr -d ' \n')
			IV=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
			n=$s
			[ $mode = ctr ] || n=$((s / 16 * 16))
			head -c "$n" "$d/p$s" >"$d/in"
			case $mode in
			ecb)
				openssl enc -aes-$bits-ecb -nopad -K "$K" -in "$d/in" -out "$d/o"
				set -- -a "ecb(aes)" --nopad -K "$K" ;;
			cbc)
				openssl enc -aes-$bits-cbc -nopad -K "$K" -iv "$IV" -in "$d/in" -out "$d/o"
				set -- -a "cbc(aes)" --nopad -K "$K" --iv "$IV" ;;
			ctr)
				openssl enc -aes-$bits-ctr -K "$K" -iv "$IV" -in "$d/in" -out "$d/o"
				set -- -a "ctr(aes)" -K "$K" --iv "$IV" ;;
			esac
			before=$(snap "$drv") c0=$(cat "$sys/nx/calls")
			"$HWC_CLI" enc "$@" -d "$drv" -i "$d/in" -o "$d/h" 2>"$d/err" || bad="$bad $n(enc: $(head -c 80 "$d/err"))"
			p="$(took "$drv" "$before")($(($(cat "$sys/nx/calls") - c0)))"
			cmp -s "$d/o" "$d/h" || bad="$bad $n"
			path_ok "$p" "$(want_path "$drv" "$n")" || bad="$bad $n(path $p)"
			before=$(snap "$drv")
			"$HWC_CLI" dec "$@" -d "$drv" -i "$d/o" -o "$d/b" 2>/dev/null && cmp -s "$d/b" "$d/in" ||
				bad="$bad $n(dec)"
			paths="$paths $n:$p/$(took "$drv" "$before")"
		done
		check_eq "$drv enc/dec == openssl enc (size:enc path(hcalls)/dec path:$paths)" "" "$bad"
	done
done

# Random keys, IVs, AAD and lengths up to 60000 in random sendmsg pieces (many-entry
# scatterlists), against OpenSSL: GCM and rfc4106 too (openssl enc has no AEAD), on both tiers;
# then all of them in place (a memfd's pages spliced in, the result received into a mapping of
# the same memfd: the output lands on the input's own pages on 6.12; 6.1 copies spliced data
# into AF_ALG, so there the in-place cases are the self-tests' at load).
# Under injected faults the engine is "sick" for a second after failures in a row (nx.c) and
# takes nothing then; a fast host ran a whole AEAD pass inside such windows (0 requests taken,
# Zen 5 hosts, stop 44's CI). So each AEAD mode runs apart, each run starting once the engine
# takes requests again: its first request of engine size is taken.
wait_healthy() {
	i=0
	while [ "$(cat "$sys/nx/healthy")" != 1 ] && [ $i -lt 30 ]; do
		sleep 0.1 2>/dev/null || sleep 1
		i=$((i + 1))
	done
	[ -z "$HWC_NX_STORM_ON" ] || info "engine healthy before a run: $(cat "$sys/nx/healthy") (waited $i x 0.1 s)"
}
prog=$HWC_REPO/selftests/build/test_aes_afalg
for impl in $vec nx; do
	for how in "modes=ecb-aes,cbc-aes,ctr-aes" "modes=gcm-aes" "modes=rfc4106-gcm-aes" \
		"modes=ecb-aes,cbc-aes,ctr-aes inplace" "modes=gcm-aes inplace" \
		"modes=rfc4106-gcm-aes inplace"; do
		wait_healthy
		# shellcheck disable=SC2086 # $how is the mode list and an option
		"$prog" "$impl" 40 $how >"$d/afalg.log" 2>&1
		rc=$?
		while read -r st name rest; do
			case $st in
			PASS) pass "$name" ;;
			FAIL) fail "${name%:}" "$rest" ;;
			esac
		done <"$d/afalg.log"
		grep -q '^PASS' "$d/afalg.log" ||
			fail "test_aes_afalg $impl $how" "exit $rc: $(tail -n 3 "$d/afalg.log")"
	done
done
# (In a storm a request the engine took may have ended in-core: taken = completed + fallen back.)
for drv in gcm-aes-hwcrypt-nx rfc4106-gcm-aes-hwcrypt-nx ${vec:+gcm-aes-hwcrypt-p8}; do
	n=$(ctr "$drv" offload_requests)
	[ -z "$HWC_NX_STORM_ON" ] || n=$((n + $(ctr "$drv" fallback_requests)))
	check_cmd "$drv: requests taken by the engine ($n)" test "$n" -gt 0
done

calls=$(cat "$sys/nx/calls")
check_cmd "the engine took calls ($calls)" test "$calls" -gt 0
if [ -n "$HWC_NX_STORM_ON" ]; then
	fb=0
	for f in "$sys"/drivers/*/fallback_requests; do
		fb=$((fb + $(cat "$f")))
	done
	what=${HWC_NX_BUSY_ON:+storm}
	[ -z "$HWC_NX_PARTIAL_ON" ] || what="${what:+$what, }partial output"
	info "$what: calls $calls, busy $(cat "$sys/nx/busy"), errors $(cat "$sys/nx/errors"), fallback requests $fb"
	[ -z "$HWC_NX_BUSY_ON" ] || check_cmd "storm: busy answers seen" test "$(cat "$sys/nx/busy")" -gt 0
	check_cmd "$what: failed calls seen" test "$(cat "$sys/nx/errors")" -gt 0
	check_cmd "$what: requests fell back in-core" test "$fb" -gt 0
fi
check_cmd "hwcrypt list --offload shows the -nx drivers' counters" \
	sh -c "'$HWC_CLI' list --all --offload | grep -q 'sha256-hwcrypt-nx'"
check_cmd "rmmod" hwc_rmmod

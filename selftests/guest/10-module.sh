#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hwcrypt registers exactly the drivers this CPU supports, each self-tested by the kernel, and
# lists them with their statistics under /sys/module/hwcrypt/drivers. priority=auto places each
# algorithm above or below the driver it would displace: forced both ways (timing under TCG
# means nothing), and once measured, where only consistency is checked. priority=N, disable=
# and zmm= are honoured.
# "$(echo $list)" joins driver lists with single spaces; in `cond && pass || fail` pass only
# reports, it cannot fail.
# shellcheck disable=SC2015,SC2005,SC2046,SC2086,SC2116
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

D=/sys/module/hwcrypt/drivers
expected=$(hwc_expected_drivers | tr ' ' '\n' | sed '/^$/d' | sort)
info "expected drivers: $(echo $expected)"
# "DRIVER CRA_NAME" per expected driver, slowest tier first; the algorithms, once each.
pairs=
algs=

# The fastest of hwcrypt's drivers for ALG (the last one hwc_expected_drivers names).
hwc_fastest() {
	_f=
	while read -r _d _a; do
		[ "$_a" = "$1" ] && _f=$_d
	done <<EOF_PAIRS
$pairs
EOF_PAIRS
	echo "$_f"
}

# A statistics file of DRIVER, read by the shell itself: under TCG every process costs.
stat_of() {
	_v=
	read -r _v <"$D/$1/$2" 2>/dev/null
	printf '%s\n' "$_v"
}

check_cmd "insmod (priority=auto, auto_force=win)" hwc_load_clean
check_eq "registered drivers match the CPU" "$(echo $expected)" "$(echo $(hwc_proc_drivers))"
# shellcheck disable=SC2012 # driver names: no whitespace
check_eq "$D lists them" "$(echo $expected)" "$(echo $(ls "$D" 2>/dev/null | sort))"
[ ! -e /sys/module/hwcrypt/parameters/drivers ] && [ ! -e /sys/module/hwcrypt/parameters/rsa_ops ] &&
	pass "no statistics among the module parameters" ||
	fail "no statistics among the module parameters" "$(ls /sys/module/hwcrypt/parameters)"
check_eq "priority parameter reads auto" auto "$(cat /sys/module/hwcrypt/parameters/priority)"

# Nothing registers until the rmmod below: the lookups read one snapshot of /proc/crypto, and
# the per-driver facts come from one pass over it ("DRIVER CRA_NAME PRIORITY SELFTEST" lines,
# then "= CRA_NAME KERNEL'S-CHOICE" lines), as spawning an awk per field per driver took minutes
# under TCG.
HWC_PROC_CRYPTO=$(mktemp)
export HWC_PROC_CRYPTO
cat /proc/crypto >"$HWC_PROC_CRYPTO"
facts=$(awk -v want="$(echo $(hwc_expected_drivers))" '
	BEGIN { n = split(want, w, / +/); for (i = 1; i <= n; i++) if (w[i] != "") exp_[w[i]] = 1 }
	function flush() {
		if (d in exp_) { name[d] = nm; prio[d] = pr; st[d] = t }
		if (nm != "" && pr + 0 > best[nm] + 0) { best[nm] = pr; bd[nm] = d }
	}
	$1 == "name" { if (started) flush(); started = 1; nm = $3; d = ""; pr = ""; t = "" }
	$1 == "driver" { d = $3 }
	$1 == "priority" { pr = $3 }
	$1 == "selftest" { t = $3 }
	END {
		if (started) flush()
		for (i = 1; i <= n; i++) if (w[i] != "") print w[i], name[w[i]], prio[w[i]], st[w[i]]
		for (a in bd) print "=", a, bd[a]
	}' "$HWC_PROC_CRYPTO")
pairs=$(echo "$facts" | awk '$1 != "=" && NF >= 2 { print $1, $2 }')
algs=$(echo "$pairs" | awk 'NF == 2 { print $2 }' | sort -u)
choices=$(echo "$facts" | awk '$1 == "=" { print $2, $3 }')
# Where a CPU has several tiers of one algorithm the kernel picks the fastest.
while read -r drv alg prio sel; do
	[ -n "$drv" ] || continue
	check_eq "$drv selftest" passed "$sel"
	fastest=$(hwc_fastest "$alg")
	check_eq "$drv: $D/$drv/cra_name" "$alg" "$(stat_of "$drv" cra_name)"
	check_eq "$drv: $D/$drv/priority" "$prio" "$(stat_of "$drv" priority)"
	pl=$(stat_of "$drv" placement)
	case $pl in
	"above "*": auto_force=win") pass "$drv: placement '$pl'" ;;
	*) fail "$drv: placement" "'$pl', want 'above <peer>: auto_force=win'" ;;
	esac
	if [ "$drv" = "$fastest" ]; then
		choice=$(echo "$choices" | while read -r a c; do [ "$a" = "$alg" ] && echo "$c"; done)
		check_eq "$drv is the kernel's choice for $alg" "$drv" "$choice"
	else
		p_fast=$(echo "$facts" | while read -r d _ p _; do [ "$d" = "$fastest" ] && echo "$p"; done)
		[ "${p_fast:-0}" -gt "${prio:-0}" ] &&
			pass "$fastest ($p_fast) above $drv ($prio)" ||
			fail "$fastest above $drv" "priorities $p_fast, $prio"
	fi
	[ "${prio:-0}" -ge 500 ] && pass "$drv priority $prio >= 500" || fail "$drv priority" "$prio"
done <<EOF_FACTS
$(echo "$facts" | awk '$1 != "="')
EOF_FACTS

rm -f "$HWC_PROC_CRYPTO"
unset HWC_PROC_CRYPTO

# AF_ALG binds sha256 by name: one kcapi-dgst is one request of ours, of exactly its bytes.
# A guest without libkcapi's tools (sparc64: busybox only) skips these.
sha=$(hwc_fastest sha256)
if [ -n "$sha" ] && ! command -v kcapi-dgst >/dev/null; then
	skip "kcapi-dgst sha256 served by $sha" "kcapi-dgst missing in this guest"
	sha=
fi
if [ -n "$sha" ]; then
	r0=$(stat_of "$sha" requests) b0=$(stat_of "$sha" bytes)
	head -c 1000 /dev/zero | kcapi-dgst -c sha256 --hex >/dev/null
	check_eq "won: kcapi-dgst sha256: $sha requests +1" $((r0 + 1)) "$(stat_of "$sha" requests)"
	check_eq "won: kcapi-dgst sha256: $sha bytes +1000" $((b0 + 1000)) "$(stat_of "$sha" bytes)"
fi

if [ -z "$expected" ]; then
	# A CPU without the instructions: loaded, nothing registered, one line saying so.
	check_cmd "module loaded with nothing registered" module_loaded
	if dmesg | grep -q 'hwcrypt: no supported .* crypto instructions'; then
		pass "dmesg says nothing was registered"
	else
		fail "dmesg says nothing was registered" "no such line"
	fi
	check_eq "$D is empty" "" "$(ls "$D" 2>/dev/null)"
fi
check_cmd "rmmod" hwc_rmmod

# Every race lost: each algorithm just below the driver it would have displaced, which the
# kernel (and AF_ALG) then keeps using.
if [ -n "$expected" ]; then
	check_cmd "insmod auto_force=lose" hwc_insmod auto_force=lose
	for alg in $algs; do
		drv=$(hwc_fastest "$alg")
		pl=$(stat_of "$drv" placement)
		peer=${pl#below }
		peer=${peer%%:*}
		case $pl in
		"below "*": auto_force=lose") pass "$drv: placement '$pl'" ;;
		*) fail "$drv: placement" "'$pl', want 'below <peer>: auto_force=lose'" ;;
		esac
		# The peer, or another instance of its template at its priority (7.2 may hold both
		# cbc(aes-lib) and cbc(ecb(aes-lib))): not hwcrypt's in any case.
		choice=$(hwc_kernel_choice "$alg")
		if [ "$choice" = "$peer" ] || { [ -n "$choice" ] &&
			[ "$(crypto_field "$choice" priority)" = "$(crypto_field "$peer" priority)" ] &&
			case $choice in *-hwcrypt-*) false ;; *) true ;; esac; }; then
			pass "lost: $alg stays with $choice (peer at load: $peer)"
		else
			fail "lost: $alg stays with $peer" "the kernel picks '$choice'"
		fi
		p_peer=$(crypto_field "$peer" priority) p_drv=$(stat_of "$drv" priority)
		[ "${p_drv:-0}" -lt "${p_peer:-0}" ] && pass "$drv ($p_drv) below $peer ($p_peer)" ||
			fail "$drv below $peer" "priorities $p_drv, $p_peer"
	done
	if [ -n "$sha" ]; then
		head -c 1000 /dev/zero | kcapi-dgst -c sha256 --hex >/dev/null
		check_eq "lost: kcapi-dgst sha256 not served by $sha" 0 "$(stat_of "$sha" requests)"
	fi
	hwc_rmmod

	# Measured (no forcing): one dmesg line per raced algorithm, the placement it states, and
	# the kernel's choice to match. Which way each goes under TCG is noise, not a result.
	check_cmd "insmod auto_force= (measured)" hwc_insmod auto_force=
	for alg in $algs; do
		drv=$(hwc_fastest "$alg")
		pl=$(stat_of "$drv" placement)
		if [ "$alg" = rsa ]; then
			case $pl in
			"above "*": not raced"*) pass "$drv: placement '$pl'" ;;
			*) fail "$drv: placement" "'$pl'" ;;
			esac
			continue
		fi
		line=$(dmesg | grep -F "hwcrypt: $alg: " | tail -n 1)
		info "$line"
		case $line in
		*" $drv "*" MB/s vs "*" MB/s at 16 KiB ("*"), "*" MB/s at 4 KiB ("*"), "*" MB/s at 1 KiB ("*"), "*" MB/s at 256 B ("*"): above" | \
		*" $drv "*" MB/s vs "*" MB/s at 16 KiB ("*"), "*" MB/s at 4 KiB ("*"), "*" MB/s at 1 KiB ("*"), "*" MB/s at 256 B ("*"): below")
			pass "$alg: dmesg line with both sides' figures" ;;
		*) fail "$alg: dmesg line" "'$line'" ;;
		esac
		how=${line##*: }
		case $pl in
		"$how "*" MB/s at 256 B ("*")") pass "$drv: placement says $how, with figures" ;;
		*) fail "$drv: placement" "'$pl', dmesg said $how" ;;
		esac
		if [ "$how" = above ]; then
			check_eq "measured above: $alg served by $drv" "$drv" "$(hwc_kernel_choice "$alg")"
		else
			peer=${pl#below }
			check_eq "measured below: $alg served by ${peer%%:*}" "${peer%%:*}" \
				"$(hwc_kernel_choice "$alg")"
		fi
	done
	hwc_rmmod
fi

# disable= by implementation name, by driver name and with an unknown name, in one load (each
# load runs every self-test again: tens of seconds under TCG).
if [ -n "$expected" ]; then
	first=$(echo $expected | cut -d' ' -f1)
	impl=${first##*-}
	# A driver of another implementation, removed by its own name.
	other=$(echo $expected | tr ' ' '\n' | grep -v -- "-$impl\$" | grep -v '^rsa-' | head -n 1)
	# RSA registers its best tier only: disabling that one falls back to the tier below.
	rsa=$(echo $expected | tr ' ' '\n' | grep '^rsa-hwcrypt-' | grep -v -- '-generic$')
	list=$impl,${other:+$other,}${rsa:+$rsa,}nonexistent
	check_cmd "insmod disable=$list" hwc_insmod "disable=$list"
	check_eq "disable=$impl removes every $impl driver${other:+, and $other only it}" \
		"$(echo $expected | tr ' ' '\n' | grep -v -- "-$impl\$" | grep -vx -- "${other:-/}" | grep -v '^rsa-' | tr '\n' ' ' | sed 's/ $//')" \
		"$(echo $(hwc_proc_drivers | grep -v '^rsa-'))"
	# shellcheck disable=SC2010 # driver names: no whitespace
	[ -z "$other" ] || check_eq "disable=$other: not in $D" "" "$(ls "$D" | grep -x -- "$other")"
	if [ -n "$rsa" ]; then
		got=$(hwc_proc_drivers | grep '^rsa-hwcrypt-' | tr '\n' ' ' | sed 's/ $//')
		case $got in
		"$rsa" | "" | *" "*) fail "disable=$rsa: rsa falls back to a lower tier" "registered: '$got'" ;;
		*) pass "disable=$rsa: rsa falls back to $got" ;;
		esac
	fi
	hwc_rmmod
	# priority=N, and zmm=off in the same load (on a CPU without AVX-512 the same set): not where
	# every load runs the full self-tests, where zmm=off would change the self-test set too.
	zmm=
	hwc_full_selftests || zmm=zmm=off
	check_cmd "insmod priority=123 $zmm" hwc_insmod priority=123 $zmm
	# AES drivers sit HWC_AES_PRIORITY_OFFSET above priority= (kmod/registry.c).
	case $first in
	*-aes-hwcrypt-*) want_prio=$((123 + $(hwc_aes_priority_offset))) ;;
	*) want_prio=123 ;;
	esac
	check_eq "priority=123 applied to $first" $want_prio "$(crypto_field "$first" priority)"
	check_eq "priority=123: $first placement" "fixed: priority=123" "$(stat_of "$first" placement)"
	if [ -n "$zmm" ]; then
		check_eq "zmm=off registers no vaes-avx512 driver" \
			"$(ZMM=off hwc_expected_drivers | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')" \
			"$(echo $(hwc_proc_drivers))"
	fi
	hwc_rmmod
fi
check_fails "insmod auto_force=maybe is refused" hwc_insmod auto_force=maybe
check_fails "insmod priority=high is refused" hwc_insmod priority=high
module_loaded && hwc_rmmod

# Load/unload cycles back to back: each load runs every driver's self-test, tens of seconds
# under TCG, and make test's suite loads and unloads the module about fifteen times already, so
# only test-full (HWC_FULL) adds them: 20, or 3 where each load waits for the full self-tests.
if [ -n "${HWC_FULL:-}" ]; then
	ok=1
	i=0
	cycles=20
	hwc_full_selftests && cycles=3
	while [ $i -lt $cycles ]; do
		hwc_insmod && hwc_rmmod || { ok=0; break; }
		i=$((i + 1))
	done
	[ $ok = 1 ] && pass "$cycles load/unload cycles" || fail "$cycles load/unload cycles" "failed at cycle $i"
fi

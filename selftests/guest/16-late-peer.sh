#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# priority=auto whatever the load order: with the kernel's AES module (aesni_intel) loaded after
# hwcrypt, hwcrypt re-decides each algorithm against the driver that registered later, and ends
# where it ends when that module was there first, won and lost (forced: timing under TCG means
# nothing). Then binds through the crypto API while the re-placements happen, round after round:
# none may fail, and run.sh's dmesg check catches the kernel's refcount warning on a bound driver.
# shellcheck disable=SC2015 # `cond && pass || fail`: pass only reports, it cannot fail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

peer_mod=aesni_intel
best=$(hwc_best_aes_impl)
if [ "$HWC_ARCH" != x86_64 ] || [ -z "$best" ]; then
	skip "late peer" "no AES tier of hwcrypt on this CPU, or not x86_64 (the peer module is aesni_intel)"
	exit 0
fi
if ! modinfo "$peer_mod" >/dev/null 2>&1; then
	skip "late peer" "$peer_mod is not a module of this kernel"
	exit 0
fi
alg='xts(aes)'
drv=xts-aes-hwcrypt-$best
P=/sys/module/hwcrypt/drivers/$drv/placement
check_eq "softdep names $peer_mod" yes \
	"$(modinfo -F softdep "$HWC_MODULE" | grep -qw "$peer_mod" && echo yes || echo no)"

# hwcrypt's load asks for templates (xts, gcm) whose inner lookups load the AES module by alias
# ("crypto-aes"): blacklisting it, in the guest's own /run, keeps it out until modprobe names it.
block_peer() {
	mkdir -p /run/modprobe.d
	echo "blacklist $peer_mod" >/run/modprobe.d/hwc-late-peer.conf
}

unblock_peer() {
	rm -f /run/modprobe.d/hwc-late-peer.conf
}

peer_loaded() {
	grep -q "^$peer_mod " /proc/modules
}

# The module may be busy for a moment (a self-test, hwcrypt's lookup of its drivers).
peer_unload() {
	_i=0
	while peer_loaded; do
		rmmod "$peer_mod" 2>/dev/null && return 0
		_i=$((_i + 1))
		[ $_i -lt 20 ] || return 1
		sleep 1
	done
}

hwc_unload() {
	_i=0
	while module_loaded; do
		hwc_rmmod 2>/dev/null && return 0
		_i=$((_i + 1))
		[ $_i -lt 20 ] || return 1
		sleep 1
	done
}

# The driver the kernel would pick for ALG without hwcrypt: the highest priority of the others.
peer_choice() {
	awk -v alg="$1" '
		$1 == "name" { n = $3 } $1 == "driver" { d = $3 } $1 == "module" { m = $3 }
		$1 == "priority" && n == alg && m != "hwcrypt" && $3 + 0 > best + 0 { best = $3; bd = d }
		END { print bd }' /proc/crypto
}

# wait_placement GLOB: until $drv's placement matches GLOB (the re-decision runs from a work
# item, and the peer's self-tests come first: up to 120 s under TCG). Prints the placement.
wait_placement() {
	_i=0
	while :; do
		_pl=
		read -r _pl <"$P" 2>/dev/null
		# shellcheck disable=SC2254 # GLOB is a pattern
		case $_pl in $1) break ;; esac
		_i=$((_i + 1))
		[ $_i -lt 120 ] || break
		sleep 1
	done
	printf '%s\n' "$_pl"
}

if ! hwc_unload || ! peer_unload; then
	skip "late peer" "cannot unload hwcrypt or $peer_mod ($(grep "^$peer_mod " /proc/modules))"
	exit 0
fi

# One order and outcome: "first" hwcrypt|peer, how win|lose. Prints "PRIORITY CHOICE" at the end.
run_order() {
	first=$1 how=$2
	want=above
	[ "$how" = lose ] && want=below
	hwc_unload
	if [ "$first" = hwcrypt ]; then
		peer_unload
		block_peer
		check_cmd "$how, hwcrypt first: insmod" hwc_insmod auto_force="$how"
		unblock_peer
		peer_loaded && fail "$how, hwcrypt first: $peer_mod still out" "loaded with hwcrypt"
		check_cmd "$how, hwcrypt first: modprobe $peer_mod" modprobe "$peer_mod"
		peer=$(peer_choice "$alg")
		pl=$(wait_placement "$want $peer: auto_force=$how (re-placed: registered after hwcrypt)")
		check_eq "$how, hwcrypt first: $drv re-placed against $peer" \
			"$want $peer: auto_force=$how (re-placed: registered after hwcrypt)" "$pl"
		dmesg | grep -qF "hwcrypt: $alg: $peer (priority " &&
			pass "$how, hwcrypt first: dmesg names $peer" ||
			fail "$how, hwcrypt first: dmesg names $peer" "$(dmesg | grep -F "hwcrypt: $alg:" | tail -n 2)"
	else
		peer_loaded || modprobe "$peer_mod"
		check_cmd "$how, $peer_mod first: insmod" hwc_insmod auto_force="$how"
		peer=$(peer_choice "$alg")
		pl=$(wait_placement "$want $peer: auto_force=$how")
		check_eq "$how, $peer_mod first: $drv placed against $peer" \
			"$want $peer: auto_force=$how" "$pl"
	fi
	prio=$(crypto_field "$drv" priority)
	p_peer=$(crypto_field "$peer" priority)
	choice=$(hwc_kernel_choice "$alg")
	if [ "$how" = win ]; then
		[ "${prio:-0}" -gt "${p_peer:-0}" ] && [ "$choice" = "$drv" ] &&
			pass "$how, $first first: $drv ($prio) above $peer ($p_peer), the kernel's choice" ||
			fail "$how, $first first: $drv above $peer" "priorities $prio, $p_peer; choice $choice"
	else
		[ "${prio:-0}" -lt "${p_peer:-0}" ] && [ "$choice" = "$peer" ] &&
			pass "$how, $first first: $drv ($prio) below $peer ($p_peer), the kernel's choice" ||
			fail "$how, $first first: $drv below $peer" "priorities $prio, $p_peer; choice $choice"
	fi
	echo "$prio $choice" >"$state"
}

d=$(scratch_dir)
for how in lose win; do
	state=$d/hwcrypt-$how
	run_order hwcrypt "$how"
	state=$d/peer-$how
	run_order peer "$how"
	check_eq "$how: both load orders end alike (priority, kernel's choice)" \
		"$(cat "$d/peer-$how")" "$(cat "$d/hwcrypt-$how")"
done

# Binds racing the re-placements: AF_ALG binds of xts(aes) and cbc(aes) by name and of hwcrypt's
# xts driver by driver name, in a loop, while aesni_intel's drivers register and hwcrypt moves.
K=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=000102030405060708090a0b0c0d0e0f
head -c 64 /dev/urandom >"$d/in"
binder() {
	n=0
	while [ ! -e "$d/stop" ]; do
		# AES-256-XTS takes a double key, AES-256-CBC a single one.
		for a in "-a xts(aes) -K $K$K" "-a cbc(aes) --nopad -K $K" "-a xts(aes) -d $drv -K $K$K"; do
			# shellcheck disable=SC2086 # the words of $a are arguments
			"$HWC_CLI" enc $a --iv "$IV" <"$d/in" >/dev/null 2>"$d/err" ||
				{ echo "$a: $(tail -n 1 "$d/err")" >>"$d/failed"; }
			n=$((n + 1))
		done
	done
	echo "$n" >"$d/binds"
}
# Each round loads hwcrypt again (every self-test: up to a minute under TCG on 6.12): two in
# make test, five in test-full, one where each load runs the full self-tests.
rounds=2
[ -n "${HWC_FULL:-}" ] && rounds=5
hwc_full_selftests && rounds=1
i=0
ok=1
while [ $i -lt $rounds ]; do
	hwc_unload && peer_unload || { ok=0; break; }
	block_peer
	hwc_insmod auto_force=win || { ok=0; break; }
	unblock_peer
	rm -f "$d/stop"
	binder &
	bpid=$!
	sleep 1
	modprobe "$peer_mod" || ok=0
	peer=$(peer_choice "$alg")
	pl=$(wait_placement "above $peer: *(re-placed: registered after hwcrypt)")
	case $pl in
	"above $peer: "*"(re-placed: registered after hwcrypt)") ;;
	*) ok=0; info "round $i: placement '$pl'" ;;
	esac
	sleep 2
	touch "$d/stop"
	wait "$bpid"
	info "round $i: $(cat "$d/binds" 2>/dev/null) binds during the re-placement"
	i=$((i + 1))
done
[ $ok = 1 ] && pass "$rounds rounds of re-placement under binds" ||
	fail "$rounds rounds of re-placement under binds" "round $i"
check_eq "no bind failed during re-placement" "" "$(head -n 3 "$d/failed" 2>/dev/null)"
unblock_peer
hwc_unload
peer_loaded || modprobe "$peer_mod" 2>/dev/null
rm -rf "$d"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hwcrypt registers exactly the drivers this CPU supports, each self-tested by the kernel, as
# the kernel's default, listed under /sys/module/hwcrypt; disable= and priority= are honoured.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module

expected=$(hwc_expected_drivers | tr ' ' '\n' | sed '/^$/d' | sort)
info "expected drivers: $(echo $expected)"

check_cmd "insmod" hwc_load_clean
check_eq "registered drivers match the CPU" "$(echo $expected)" "$(echo $(hwc_proc_drivers))"
check_eq "/sys/module/hwcrypt/parameters/drivers" "$(echo $expected)" \
	"$(tr ' ' '\n' </sys/module/hwcrypt/parameters/drivers | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')"

# Where a CPU has several tiers of one algorithm the kernel picks the fastest: the last one
# hwc_expected_drivers names (slowest tier first).
pairs=$(for d in $(hwc_expected_drivers); do echo "$d $(hwc_driver_alg "$d")"; done)
for drv in $expected; do
	check_eq "$drv selftest" passed "$(crypto_field "$drv" selftest)"
	alg=$(hwc_driver_alg "$drv")
	fastest=$(echo "$pairs" | awk -v a="$alg" '$2 == a { f = $1 } END { print f }')
	if [ "$drv" = "$fastest" ]; then
		check_eq "$drv is the kernel's choice for $alg" "$drv" "$(hwc_kernel_choice "$alg")"
	else
		p_this=$(crypto_field "$drv" priority) p_fast=$(crypto_field "$fastest" priority)
		[ "${p_fast:-0}" -gt "${p_this:-0}" ] &&
			pass "$fastest ($p_fast) above $drv ($p_this)" ||
			fail "$fastest above $drv" "priorities $p_fast, $p_this"
	fi
	prio=$(crypto_field "$drv" priority)
	[ "${prio:-0}" -ge 500 ] && pass "$drv priority $prio >= 500" || fail "$drv priority" "$prio"
done

if [ -z "$expected" ]; then
	# A CPU without the instructions: loaded, nothing registered, one line saying so.
	check_cmd "module loaded with nothing registered" module_loaded
	if dmesg | grep -q 'hwcrypt: no supported .* crypto instructions'; then
		pass "dmesg says nothing was registered"
	else
		fail "dmesg says nothing was registered" "no such line"
	fi
fi
check_cmd "rmmod" hwc_rmmod

# disable= by implementation name and by driver name.
if [ -n "$expected" ]; then
	first=$(echo $expected | cut -d' ' -f1)
	impl=${first##*-}
	check_cmd "insmod disable=$impl" hwc_insmod "disable=$impl"
	check_eq "disable=$impl removes every $impl driver" \
		"$(echo $expected | tr ' ' '\n' | grep -v -- "-$impl\$" | tr '\n' ' ' | sed 's/ $//')" \
		"$(echo $(hwc_proc_drivers))"
	hwc_rmmod
	check_cmd "insmod disable=$first,nonexistent" hwc_insmod "disable=$first,nonexistent"
	check_eq "disable=$first removes only it" \
		"$(echo $expected | tr ' ' '\n' | grep -vx -- "$first" | tr '\n' ' ' | sed 's/ $//')" \
		"$(echo $(hwc_proc_drivers))"
	hwc_rmmod
	check_cmd "insmod priority=123" hwc_insmod priority=123
	# AES drivers sit HWC_AES_PRIORITY_OFFSET above priority= (kmod/glue_aes.h).
	case $first in
	*-aes-hwcrypt-*) want_prio=$((123 + $(hwc_aes_priority_offset))) ;;
	*) want_prio=123 ;;
	esac
	check_eq "priority=123 applied to $first" $want_prio "$(crypto_field "$first" priority)"
	hwc_rmmod
fi

# zmm=off: no AVX-512 tier, everything else as before (on a CPU without AVX-512, the same set).
# Not where every load runs the full self-tests: one more load costs minutes there.
if [ -n "$expected" ] && ! hwc_full_selftests; then
	check_cmd "insmod zmm=off" hwc_insmod zmm=off
	check_eq "zmm=off registers no vaes-avx512 driver" \
		"$(ZMM=off hwc_expected_drivers | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')" \
		"$(echo $(hwc_proc_drivers))"
	hwc_rmmod
fi

# Load/unload cycles (fewer where each load waits for the full self-tests).
ok=1
i=0
cycles=20
hwc_full_selftests && cycles=3
while [ $i -lt $cycles ]; do
	hwc_insmod && hwc_rmmod || { ok=0; break; }
	i=$((i + 1))
done
[ $ok = 1 ] && pass "$cycles load/unload cycles" || fail "$cycles load/unload cycles" "failed at cycle $i"

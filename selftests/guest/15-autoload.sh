#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What loads hwcrypt without a modprobe by hand, against a module tree made with depmod: every
# crypto alias of the module ("crypto-xts(aes)", as request_module() asks) in depmod's index, a
# few of them and the CPU's modalias (as udev asks at boot) resolved by kmod's modprobe itself on
# a CPU that the arch's expectation says is capable, and not on others. Then the initramfs
# loader loads it through that tree where the CPU is capable (one real load: each takes a while
# under TCG), and not when blacklisted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
# Resolution as udev and the initramfs do it needs kmod's depmod/modprobe (-b, -d, -R): guests
# whose root has busybox's instead (ppc64le) skip.
if ! modprobe --version 2>/dev/null | grep -q kmod; then
	skip "autoload" "no kmod modprobe in this guest root ($(command -v modprobe))"
	exit 0
fi

kver=$(uname -r)
root=$(scratch_dir)
mkdir -p "$root/lib/modules/$kver/extra"
cp "$HWC_MODULE" "$root/lib/modules/$kver/extra/hwcrypt.ko"
for f in modules.order modules.builtin modules.builtin.modinfo; do
	[ -f "/lib/modules/$kver/$f" ] && cp "/lib/modules/$kver/$f" "$root/lib/modules/$kver/"
done
check_cmd "depmod of a tree with hwcrypt" depmod -b "$root" "$kver"

# modprobe -R: the modules an alias resolves to, in this tree.
resolves_to_hwcrypt() {
	modprobe -d "$root" -R "$1" 2>/dev/null | grep -qx hwcrypt
}

# Every crypto alias against depmod's index of this tree (modules.alias, what modprobe reads), then
# a few through modprobe itself: each modprobe run takes seconds under TCG.
aliases=$(modinfo -F alias "$HWC_MODULE" | grep '^crypto-')
index=$root/lib/modules/$kver/modules.alias
n=0
bad=
for a in $aliases; do
	n=$((n + 1))
	grep -qxF "alias $a hwcrypt" "$index" || bad="$bad $a"
done
if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
	pass "all $n crypto aliases are in depmod's modules.alias for hwcrypt"
else
	fail "crypto aliases in depmod's modules.alias" "$n aliases, missing:${bad:- (none listed)}"
fi
for a in 'crypto-xts(aes)' crypto-sha256 crypto-rsa; do
	if echo "$aliases" | grep -qxF "$a"; then
		if resolves_to_hwcrypt "$a"; then
			pass "$a resolves to hwcrypt"
		else
			fail "$a resolves to hwcrypt" "modprobe -R: $(modprobe -d "$root" -R "$a" 2>&1)"
		fi
	fi
done

modalias=$(cat /sys/devices/system/cpu/modalias 2>/dev/null || true)
if [ -z "$modalias" ]; then
	skip "CPU modalias" "no /sys/devices/system/cpu/modalias"
elif hwc_autoload_expected; then
	if resolves_to_hwcrypt "$modalias"; then
		pass "CPU modalias loads hwcrypt (capable CPU)"
	else
		fail "CPU modalias loads hwcrypt (capable CPU)" "$modalias"
	fi
elif resolves_to_hwcrypt "$modalias"; then
	fail "CPU modalias does not load hwcrypt (no feature of the table)" "$modalias"
else
	pass "CPU modalias does not load hwcrypt (no feature of the table)"
fi

# The alias list the build generates from the tables (kmod/gen-aliases.sh) against what the
# loaded module registers on this CPU: each driver's name and its cra_name have a crypto- alias.
check_registered_aliased() {
	nd=0
	missing=
	for d in $(hwc_proc_drivers); do
		nd=$((nd + 1))
		for a in "$d" "$(hwc_driver_alg "$d")"; do
			echo "$aliases" | grep -qxF "crypto-$a" || missing="$missing $a"
		done
	done
	if [ "$nd" -gt 0 ] && [ -z "$missing" ]; then
		pass "the $nd drivers hwcrypt registered have crypto aliases (name and driver)"
	else
		fail "registered drivers have crypto aliases" "$nd drivers, no alias for:${missing:- (none listed)}"
	fi
}

# The initramfs loader (scripts/boot/hwcrypt-load.sh: initramfs-tools' init-top, dracut's
# pre-udev hook), with a modprobe that looks in this tree and reads its own modprobe.d.
conf=$root/modprobe.d
mkdir -p "$conf" "$root/bin"
echo "options hwcrypt auto_force=win" >"$conf/hwcrypt.conf"
printf '#!/bin/sh\nexec %s -d "%s" -C "%s" "$@"\n' "$(command -v modprobe)" "$root" "$conf" \
	>"$root/bin/modprobe"
chmod +x "$root/bin/modprobe"
loader=$HWC_REPO/scripts/boot/hwcrypt-load.sh
if module_loaded; then
	skip "initramfs loader" "hwcrypt is already loaded"
else
	echo "blacklist hwcrypt" >"$conf/blacklist.conf"
	PATH=$root/bin:$PATH sh "$loader"
	if module_loaded; then
		fail "initramfs loader: blacklist hwcrypt keeps it out" "loaded"
		hwc_rmmod
	else
		pass "initramfs loader: blacklist hwcrypt keeps it out"
	fi
	rm "$conf/blacklist.conf"
	PATH=$root/bin:$PATH sh "$loader"
	if [ -z "$modalias" ]; then
		skip "initramfs loader" "no CPU modalias"
	elif hwc_autoload_expected; then
		if module_loaded; then
			pass "initramfs loader loads hwcrypt (capable CPU)"
			check_registered_aliased
			check_cmd "rmmod" hwc_rmmod
		else
			fail "initramfs loader loads hwcrypt (capable CPU)" "not loaded"
		fi
	elif module_loaded; then
		fail "initramfs loader leaves hwcrypt out (no feature of the table)" "loaded"
		hwc_rmmod
	else
		pass "initramfs loader leaves hwcrypt out (no feature of the table)"
	fi
fi
rm -rf "$root"

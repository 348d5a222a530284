#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds the busybox initramfs that scripts/vm.sh boots a guest kernel with, for any architecture
# of selftests/arch/ (its vm.conf names busybox, the modules to preload and the guest's root).
#
# Usage: scripts/mkinitramfs.sh [--arch ARCH] KERNEL OUTPUT.cpio.gz
# Rebuilds only when its inputs change (this script, the profile, busybox, the kernel's module
# files); prints the output path. The guest's /init is generated here: it loads the modules,
# mounts the profile's guest root (read-only over 9p, or a tmpfs with parts of it bound in), the
# repository at its host path and a per-run read-write directory, then runs the in-guest runner
# (or a shell) in `chroot /mnt`. A profile without a guest root boots the initramfs itself as
# root: vm.sh then appends the tests and the module to the image.
set -euo pipefail
shopt -s extglob

die() { echo "mkinitramfs: $*" >&2; exit 1; }
profile_exit=1
# shellcheck source=scripts/profile.sh
. "$(dirname "${BASH_SOURCE[0]}")/profile.sh" "$@"
shift "$profile_nargs"
[ $# = 2 ] || die "usage: mkinitramfs.sh [--arch ARCH] KERNEL OUTPUT"
out=$2
profile_resolve "$1"
[ -x "$busybox" ] || die "$arch: busybox $busybox missing"
file -L "$busybox" | grep -q 'statically linked' || die "$busybox is not static"
moddir=${modroot%/}/lib/modules/$uname_r
[ -z "$modroot" ] || [ -d "$moddir/kernel" ] || die "no modules for $uname_r in $moddir"

# Module files in load order, each with whether it is required; duplicates dropped. A kernel
# with everything built in (no modroot) gets none.
declare -A seen=()
plan=()
if [ -n "$modroot" ]; then
	for m in "${init_required[@]}" "${init_optional[@]}"; do
		req=0
		for r in "${init_required[@]}"; do [ "$r" = "$m" ] && req=1; done
		if ! deps=$(modprobe -d "$modroot" -S "$uname_r" --show-depends "$m" 2>/dev/null); then
			[ "$req" = 1 ] && die "$uname_r: required module $m not found"
			continue
		fi
		while read -r kind path _; do
			[ "$kind" = insmod ] || continue
			# modprobe -d / names them //lib/modules/...
			path=/${path##+(/)}
			[ -n "${seen[$path]:-}" ] && continue
			seen[$path]=1
			plan+=("$req $path")
		done <<<"$deps"
	done
fi

# What /init does besides the fixed steps, from the profile.
root=share
[ -n "$guest_root" ] || root=initramfs
# The guest build is a share only under a 9p root; without one vm.sh packs it into the image.
settings="HWC_ROOT=$root HWC_ROOT_BINDS='$guest_root_binds' HWC_BUILD_SHARE=$([ -n "$guest_build" ] && [ -n "$guest_root" ] && echo 1 || echo 0)"
# A kernel whose modules are not the guest root's own (fetched into a cache): vm.sh shares them.
settings+=" HWC_MODS_SHARE=$([ -n "$guest_root" ] && [ -n "$modroot" ] && [ "$modroot" != / ] && echo 1 || echo 0)"

# Cache key: everything the image is made of.
key=$({
	sha256sum "$0" "$profile_conf" "$busybox"
	echo "$arch $uname_r $settings"
	for p in "${plan[@]}"; do
		stat -c '%n %s %Y' "${p#* }"
		echo "req=${p%% *}"
	done
} | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ -f "$out.key" ] && [ "$(cat "$out.key")" = "$key" ]; then
	echo "$out"
	exit 0
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage" "${tmp:-}"' EXIT
mkdir -p "$stage"/{bin,sbin,dev,proc,sys,mnt,tmp,run,root,lib/modules}
cp "$busybox" "$stage/bin/busybox"
echo "$settings" >"$stage/hwc-profile"

: >"$stage/modules.load"
for p in "${plan[@]}"; do
	path=${p#* }
	rel=${path#"$moddir"/}
	rel=${rel%.xz}
	rel=${rel%.zst}
	mkdir -p "$stage/lib/modules/$(dirname "$rel")"
	case "$path" in
	*.xz) xz -dc "$path" >"$stage/lib/modules/$rel" ;;
	*.zst) zstd -qdc "$path" >"$stage/lib/modules/$rel" ;;
	*) cp "$path" "$stage/lib/modules/$rel" ;;
	esac
	echo "${p%% *} $rel" >>"$stage/modules.load"
done

# Kernel module requests after boot go to the guest root's modprobe where it has one that knows
# this kernel's modules (the host root carries /lib/modules/<abi>).
cat >"$stage/sbin/hwc-modprobe" <<'EOS'
#!/bin/busybox sh
exec /bin/busybox chroot /mnt /sbin/modprobe "$@"
EOS

cat >"$stage/init" <<'EOS'
#!/bin/busybox sh
# Guest /init for scripts/vm.sh. Parameters arrive as environment variables from kernel command
# line words: HWC_REPO, HWC_ABI, HWC_TESTS, HWC_MODULE, HWC_MODE (test|shell), HWC_TEST_TIMEOUT;
# the profile's part (HWC_ROOT, HWC_ROOT_BINDS, HWC_BUILD_SHARE) from /hwc-profile.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin
. /hwc-profile

die() {
	echo "hwc-init: $*"
	echo "HWC-RESULT: rc=2 init-failed"
	poweroff -f
	sleep 5
}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

while read -r req rel; do
	out=$(insmod "/lib/modules/$rel" 2>&1) && continue
	if [ "$req" = 1 ]; then
		die "insmod $rel failed: $out"
	fi
	echo "hwc-init: optional module ${rel##*/} not loaded: $out" >/dev/kmsg
done </modules.load

[ -n "$HWC_REPO" ] || die "HWC_REPO not set on the kernel command line"
o=trans=virtio,version=9p2000.L,msize=262144
# The read-only shares (guest root, repository, guest build) do not change while a guest runs:
# cached in the guest (cache=loose), every exec of a host binary and its libraries no longer
# crosses 9p again (measured: 10-module on 6.1 under TCG 143 s, was over 300 s). The run directory,
# which the host reads back, stays uncached.
ro_o=$o,cache=loose
if [ "$HWC_ROOT" = share ]; then
	if [ -z "$HWC_ROOT_BINDS" ]; then
		mount -t 9p -o ro,$ro_o guestroot /mnt || die "cannot mount the guest root"
	else
		# A tmpfs root with parts of the guest root bound in, so that the repository's host
		# path can be created in it.
		mkdir -p /ur
		mount -t 9p -o ro,$ro_o guestroot /ur || die "cannot mount the guest root"
		mount -t tmpfs -o mode=755 tmpfs /mnt || die "mount /mnt"
		for d in $HWC_ROOT_BINDS; do
			[ -d "/ur/$d" ] || continue
			mkdir -p "/mnt/$d" && mount --bind "/ur/$d" "/mnt/$d" || die "bind $d"
		done
		mkdir -p /mnt/proc /mnt/sys /mnt/dev /mnt/tmp /mnt/run /mnt/root
	fi
	mount -t proc proc /mnt/proc || die "mount /mnt/proc"
	mount -t sysfs sysfs /mnt/sys || die "mount /mnt/sys"
	mount -t devtmpfs devtmpfs /mnt/dev || die "mount /mnt/dev"
	mount -t tmpfs -o mode=1777 tmpfs /mnt/tmp || die "mount /mnt/tmp"
	mount -t tmpfs -o mode=755 tmpfs /mnt/run || die "mount /mnt/run"
	mkdir -p /mnt/dev/pts /mnt/dev/shm
	mount -t devpts devpts /mnt/dev/pts
	mount -t tmpfs tmpfs /mnt/dev/shm
	# The repository gets its own share mounted at its host path: a repository below /tmp
	# would otherwise be hidden by the tmpfs above.
	mkdir -p "/mnt$HWC_REPO" 2>/dev/null
	mount -t 9p -o ro,$ro_o repo "/mnt$HWC_REPO" || die "cannot mount repo"
	if [ "$HWC_BUILD_SHARE" = 1 ]; then
		mkdir -p /mnt/run/hwc-build
		mount -t 9p -o ro,$ro_o guestbuild /mnt/run/hwc-build || die "cannot mount the guest build"
		mount --bind /mnt/run/hwc-build/userspace "/mnt$HWC_REPO/userspace/build" &&
			mount --bind /mnt/run/hwc-build/selftests "/mnt$HWC_REPO/selftests/build" ||
			die "cannot put the guest build over userspace/build and selftests/build"
	fi
	if [ "$HWC_MODS_SHARE" = 1 ]; then
		[ -d /mnt/lib/modules ] || die "the guest root has no /lib/modules to mount the kernel's modules on"
		mount -t 9p -o ro,$ro_o guestmods /mnt/lib/modules || die "cannot mount the kernel's modules"
	fi
	mkdir -p /mnt/run/hwc
	mount -t 9p -o $o hwcrun /mnt/run/hwc || die "cannot mount run dir"
	# -L too: Debian's /usr/sbin/modprobe is an absolute link to /bin/kmod, dangling outside the chroot.
	{ [ -e /mnt/sbin/modprobe ] || [ -L /mnt/sbin/modprobe ]; } && echo /sbin/hwc-modprobe >/proc/sys/kernel/modprobe
	cr="chroot /mnt"
	sh=/bin/sh
	[ -x /mnt/bin/bash ] && sh=/bin/bash
else
	# The initramfs is the root; vm.sh packed the repository's test scripts and the module in.
	mkdir -p /dev/pts /dev/shm
	mount -t devpts devpts /dev/pts
	cr=
	sh=/bin/sh
fi

export HOME=/root TERM=${TERM:-linux} LANG=C.UTF-8
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HWC_OUT=/run/hwc/out
mkdir -p "${cr:+/mnt}/run/hwc/out"
if [ "$HWC_MODE" = shell ]; then
	echo "hwc-init: shell in the guest root (read-only but /tmp and /run/hwc); exit powers off"
	setsid cttyhack $cr $sh -c "cd '$HWC_REPO'; exec $sh -i"
else
	$cr /bin/sh -c "cd '$HWC_REPO' && exec /bin/sh selftests/guest/run.sh"
	rc=$?
	# The runner prints its own marker; only a runner that never got there needs one here.
	[ "$rc" -le 1 ] || echo "HWC-RESULT: rc=$rc runner-aborted"
fi
sync
poweroff -f
sleep 5
EOS
chmod 755 "$stage/init" "$stage/sbin/hwc-modprobe"

mkdir -p "$(dirname "$out")"
tmp=$(mktemp "$out.XXXXXX")
(cd "$stage" && find . -print0 | LC_ALL=C sort -z | cpio -o -0 -H newc -R 0:0 --quiet) | gzip -1 >"$tmp"
chmod 644 "$tmp"
# Image before key: a concurrent run reading a new key then finds the new image.
mv "$tmp" "$out"
echo "$key" >"$tmp"
mv "$tmp" "$out.key"
echo "$out"

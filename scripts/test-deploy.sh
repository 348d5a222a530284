#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# hwcrypt installed as a user installs it (issue 18, item 4), on the cached Debian 12 image of
# scripts/build-deploy-image.sh under QEMU TCG, one boot per stage (the image runs the stage
# script this side writes into a 9p share, then powers off):
#   0 first boot: a LUKS2 volume in /etc/crypttab, opened by the initramfs from then on
#   1 apt install ./hwcrypt-dkms ./libhwcrypt0 ./hwcrypt (DKMS builds the module in the guest)
#   2 after the reboot: hwcrypt loaded, the kernel's choice for xts(aes), serving the volume
#     (its xts request counters grow with direct I/O on it); data written, its hash kept
#   3 apt remove hwcrypt-dkms;  4 after the reboot: no hwcrypt, the data reads back identically
#   5 reinstall;  6 served again;  7 install 6.12 from bookworm-backports with its headers (DKMS
#     builds hwcrypt for it);  8 boot 6.12: hwcrypt loaded and serving
# Slow under TCG (three DKMS builds in the guest): make test-full's. Disks are copies of the
# cached image in build/deploy/ (sparse), so every run starts from the same machine.
# Usage: scripts/test-deploy.sh [--keep] [--from-stage N]   (disks kept after a failure)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
run=$repo/build/deploy
stage_dir=$run/stage
first=0 keep=0
while [ $# -gt 0 ]; do
	case $1 in
	--keep) keep=1 ;;
	--from-stage) first=$2; shift ;;
	*) echo "Usage: $0 [--keep] [--from-stage N]" >&2; exit 2 ;;
	esac
	shift
done
boot_timeout=${HWC_DEPLOY_BOOT_TIMEOUT:-3600}

img=$("$repo/scripts/build-deploy-image.sh")
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$repo/dkms.conf")
arch=$(dpkg --print-architecture)
debs=("hwcrypt-dkms_${version}_all.deb" "libhwcrypt0_${version}_$arch.deb" "hwcrypt_${version}_$arch.deb")
for d in "${debs[@]}"; do
	[ -f "$repo/build/deb/$d" ] || make -C "$repo" --no-print-directory deb >"$repo/build/deb-build.log" 2>&1
done

if [ "$first" = 0 ]; then
	rm -rf "$run"
	mkdir -p "$stage_dir/debs" "$stage_dir/debs-6.12"
	cp --sparse=always "$img/root.img" "$img/data.img" "$run/"
fi
for d in "${debs[@]}"; do
	cp "$repo/build/deb/$d" "$stage_dir/debs/"
done

npass=0 nfail=0
pass() { echo "PASS: test-deploy: $1"; npass=$((npass + 1)); }
fail() { echo "FAIL: test-deploy: $1${2:+: $2}"; nfail=$((nfail + 1)); }

# Boots the image's own kernel KVER_PREFIX (newest match) and initramfs, read out of the image
# as it is now (each boot may have rebuilt them), until the guest powers off.
boot() {
	local want=$1 name=$2 k kver
	k=$(debugfs -R 'ls -p /boot' "$run/root.img" 2>/dev/null | awk -F/ '{ print $6 }' |
		grep "^vmlinuz-$want" | sort -V | tail -n 1)
	[ -n "$k" ] || { fail "$name: no kernel $want in the image"; return 1; }
	kver=${k#vmlinuz-}
	debugfs -R "dump /boot/$k $run/vmlinuz" "$run/root.img" >/dev/null 2>&1
	debugfs -R "dump /boot/initrd.img-$kver $run/initrd.img" "$run/root.img" >/dev/null 2>&1
	rm -f "$stage_dir/stage.rc" "$stage_dir/stage.log"
	timeout "$boot_timeout" qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 -nographic \
		-no-reboot -nic none -kernel "$run/vmlinuz" -initrd "$run/initrd.img" \
		-append "root=/dev/vda rw console=ttyS0 panic=-1" \
		-drive "file=$run/root.img,format=raw,if=virtio" \
		-drive "file=$run/data.img,format=raw,if=virtio" \
		-virtfs "local,path=$stage_dir,mount_tag=stage,security_model=none,id=stage" \
		</dev/null >"$run/console-$name.log" 2>&1 || true
	if grep -E 'BUG:|WARNING:|Oops|Call Trace|Kernel panic' "$run/console-$name.log" >/dev/null; then
		fail "$name: kernel log clean" "see $run/console-$name.log"
	fi
}

# stage NAME KVER_PREFIX: boots with $stage_dir/stage.sh (from stdin) and passes if it exits 0.
stage() {
	local name=$1 want=$2
	{
		echo '#!/bin/sh'
		echo 'set -eux'
		cat
	} >"$stage_dir/stage.sh"
	chmod +x "$stage_dir/stage.sh"
	boot "$want" "$name" || return 0
	if [ "$(cat "$stage_dir/stage.rc" 2>/dev/null)" = 0 ]; then
		pass "$name"
	else
		fail "$name" "exit $(cat "$stage_dir/stage.rc" 2>/dev/null || echo none); log: $run/stage-$name.log"
		tail -n 20 "$stage_dir/stage.log" 2>/dev/null | sed 's/^/  | /'
	fi
	cp "$stage_dir/stage.log" "$run/stage-$name.log" 2>/dev/null || true
}

# The checks of a boot where hwcrypt must serve the crypttab volume.
served_checks() {
	cat <<'EOS'
test -d /sys/module/hwcrypt
hwcrypt list | tee /mnt/stage/list.txt
hwcrypt list | awk '$1 == "xts(aes)"' | grep -q -- '-hwcrypt-'
[ "$(dmsetup table data | awk '{ print $4 }')" = aes-xts-plain64 ]
reqs() { cat /sys/module/hwcrypt/drivers/xts-aes-hwcrypt-*/requests | awk '{ s += $1 } END { print s }'; }
r0=$(reqs)
dd if=/dev/mapper/data of=/dev/null bs=1M count=8 iflag=direct
r1=$(reqs)
[ "$r1" -gt "$r0" ]
EOS
}

[ "$first" -gt 0 ] || {
	boot 6.1 provision || true
	if grep -q 'hwcrypt-boot: provisioned' "$run/console-provision.log"; then
		pass "0 first boot: LUKS2 volume in crypttab"
	else
		fail "0 first boot: LUKS2 volume in crypttab" "see $run/console-provision.log"
	fi
}
# priority=auto's race means nothing under TCG: the guest places hwcrypt above its peers, as
# the guest tests do.
[ "$first" -gt 1 ] || stage "1 apt install" 6.1 <<'EOS'
echo "options hwcrypt auto_force=win" >/etc/modprobe.d/hwcrypt-test.conf
apt-get install -y /mnt/stage/debs/*.deb
dkms status | grep -q 'hwcrypt/.*installed'
lsinitramfs "/boot/initrd.img-$(uname -r)" | grep -q 'hwcrypt.ko'
EOS
[ "$first" -gt 2 ] || stage "2 served after reboot" 6.1 <<EOS
$(served_checks)
mountpoint -q /data
dd if=/dev/urandom of=/data/blob bs=1M count=16
sync
sha256sum /data/blob >/mnt/stage/blob.sha256
EOS
[ "$first" -gt 3 ] || stage "3 apt remove hwcrypt-dkms" 6.1 <<'EOS'
apt-get remove -y hwcrypt-dkms
! lsinitramfs "/boot/initrd.img-$(uname -r)" | grep -q 'hwcrypt.ko'
EOS
[ "$first" -gt 4 ] || stage "4 data intact on the kernel's drivers" 6.1 <<'EOS'
! test -d /sys/module/hwcrypt
sha256sum -c /mnt/stage/blob.sha256
EOS
[ "$first" -gt 5 ] || stage "5 reinstall" 6.1 <<'EOS'
apt-get install -y /mnt/stage/debs/hwcrypt-dkms_*.deb
EOS
[ "$first" -gt 6 ] || stage "6 served again" 6.1 <<EOS
$(served_checks)
sha256sum -c /mnt/stage/blob.sha256
EOS
if [ "$first" -le 7 ]; then
	v612=$("$(dirname "$0")/kernels.sh" 6.12) ||
		{ echo "test-deploy: no 6.12 kernel in the cache to take the version from" >&2; exit 1; }
	base=${v612%-amd64}
	# The packages apt would fetch for it, fetched here: the guest has no network. Beyond the
	# kernel's own, the image lacks pahole and its libraries (linux-kbuild depends on pahole);
	# apparmor, only recommended, stays out (--no-install-recommends).
	(cd "$stage_dir/debs-6.12" && apt-get download -q "linux-image-$v612" "linux-headers-$v612" \
		"linux-headers-$base-common" "linux-kbuild-$base" pahole libbpf1 libdw1 >/dev/null)
	stage "7 kernel upgrade to 6.12" 6.1 <<'EOS'
apt-get install -y --no-install-recommends /mnt/stage/debs-6.12/*.deb
ls /lib/modules/6.12.*/updates/dkms/hwcrypt.ko*
EOS
fi
stage "8 6.12: served" 6.12 <<EOS
$(served_checks)
sha256sum -c /mnt/stage/blob.sha256
EOS

# The disks stay after a failure (--from-stage N resumes there), or with --keep.
[ "$keep" = 1 ] || [ "$nfail" != 0 ] || rm -f "$run/root.img" "$run/data.img"
echo "test-deploy: $npass passed, $nfail failed"
[ "$nfail" = 0 ]

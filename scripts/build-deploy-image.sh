#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A Debian 12 system image as a user's machine, for the deployment test (issue 18, item 4):
# debootstrap'd bookworm with systemd, udev, Debian's 6.1 kernel and headers, cryptsetup and
# cryptsetup-initramfs, DKMS and a compiler, as a raw ext4 image made without loop devices or
# mounts (mkfs.ext4 -d), plus an empty second disk that the guest's first boot turns into a
# LUKS2 volume listed in /etc/crypttab (the host kernel has no dm-crypt to format it).
# Each boot of the image runs /mnt/stage/stage.sh from a 9p share (mount tag "stage") if there is
# one, as root, then powers off: the host side decides what a boot does.
# Cached in /var/cache/hwcrypt/deploy-bookworm-<hash of this script>/ (root.img, data.img,
# vmlinuz, initrd.img); prints that directory. --check: print it if built, else fail.
set -euo pipefail
self=$(readlink -f "${BASH_SOURCE[0]}")
hash=$(sha256sum "$self" | cut -c1-12)
cache=/var/cache/hwcrypt/deploy-bookworm-$hash
if [ -f "$cache/done" ]; then
	echo "$cache"
	exit 0
fi
[ "${1:-}" != --check ] || exit 1

mkdir -p /var/cache/hwcrypt
exec 9>"$cache.lock"
flock 9
if [ -f "$cache/done" ]; then
	echo "$cache"
	exit 0
fi
command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap >&2

# shellcheck source=scripts/debcache.sh
. "$(dirname "$self")/debcache.sh"
mirror=$(debian_mirror) || exit 1

tmp=$cache.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
root=$tmp/root
pkgs=systemd,systemd-sysv,udev,dbus,kmod,linux-image-amd64,linux-headers-amd64,initramfs-tools
pkgs+=,cryptsetup,cryptsetup-initramfs,busybox,e2fsprogs,dkms,build-essential,apt,ca-certificates
pkgs+=,libkcapi1,libkeyutils1,keyutils,zstd
debootstrap --variant=minbase --include="$pkgs" bookworm "$root" "$mirror" >"$tmp/debootstrap.log" 2>&1 ||
	{ tail -n 30 "$tmp/debootstrap.log" >&2; exit 1; }

echo hwcrypt-deploy >"$root/etc/hostname"
printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' >"$root/etc/fstab"
printf 'deb %s bookworm main\n' "$mirror" >"$root/etc/apt/sources.list"
chroot "$root" passwd -d root >/dev/null
# The keyfile of the crypttab volume goes into the initramfs, which then opens the volume: the
# case where a cipher is bound before the root file system (and any later modprobe) exists.
mkdir -p "$root/etc/cryptsetup-initramfs"
echo 'KEYFILE_PATTERN="/etc/keys/*.key"' >>"$root/etc/cryptsetup-initramfs/conf-hook"
echo 'UMASK=0077' >>"$root/etc/initramfs-tools/initramfs.conf"

# First boot: LUKS2 on /dev/vdb with a keyfile, ext4 in it, in crypttab (opened by the initramfs)
# and fstab, a new initramfs; then off. Later boots: the stage script of the 9p share, then off.
cat >"$root/usr/local/sbin/hwcrypt-boot" <<'EOS'
#!/bin/sh
set -u
if [ ! -e /var/lib/hwcrypt-provisioned ]; then
	mkdir -p -m 0700 /etc/keys
	head -c 64 /dev/urandom >/etc/keys/data.key
	chmod 0400 /etc/keys/data.key
	cryptsetup luksFormat -q --type luks2 --cipher aes-xts-plain64 --key-size 512 \
		--pbkdf pbkdf2 --pbkdf-force-iterations 1000 --key-file /etc/keys/data.key /dev/vdb
	cryptsetup open --key-file /etc/keys/data.key /dev/vdb data
	mkfs.ext4 -q /dev/mapper/data
	echo "data UUID=$(blkid -s UUID -o value /dev/vdb) /etc/keys/data.key luks,initramfs" >/etc/crypttab
	mkdir -p /data
	echo "/dev/mapper/data /data ext4 defaults 0 2" >>/etc/fstab
	# From now on the initramfs carries the modules this machine needs (MODULES=dep: minutes
	# less per rebuild under TCG than "most"); the volume stays open meanwhile so that
	# cryptsetup's hook sees its table and adds its cipher's modules.
	echo MODULES=dep >/etc/initramfs-tools/conf.d/hwcrypt-deploy-test
	update-initramfs -u -k all
	cryptsetup close data
	touch /var/lib/hwcrypt-provisioned
	echo "hwcrypt-boot: provisioned" >/dev/console
elif mkdir -p /mnt/stage && mount -t 9p -o trans=virtio,version=9p2000.L stage /mnt/stage 2>/dev/null &&
	[ -x /mnt/stage/stage.sh ]; then
	/mnt/stage/stage.sh >/mnt/stage/stage.log 2>&1
	echo "$?" >/mnt/stage/stage.rc
	sync
	umount /mnt/stage
fi
systemctl poweroff
EOS
chmod 0755 "$root/usr/local/sbin/hwcrypt-boot"
cat >"$root/etc/systemd/system/hwcrypt-boot.service" <<'EOS'
[Unit]
Description=hwcrypt deployment test: provisioning, then the host's stage script
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/hwcrypt-boot
StandardOutput=journal+console
[Install]
WantedBy=multi-user.target
EOS
chroot "$root" systemctl enable hwcrypt-boot.service >/dev/null 2>&1 ||
	ln -sf /etc/systemd/system/hwcrypt-boot.service \
		"$root/etc/systemd/system/multi-user.target.wants/hwcrypt-boot.service"
# 9p for the stage share, virtio disks: in the initramfs and loaded at boot.
printf '9p\n9pnet_virtio\nvirtio_blk\nvirtio_pci\n' >>"$root/etc/initramfs-tools/modules"
printf '9p\n9pnet_virtio\n' >"$root/etc/modules-load.d/hwcrypt-stage.conf"
chroot "$root" update-initramfs -u -k all >"$tmp/initramfs.log" 2>&1
chroot "$root" apt-get clean

cp "$(readlink -f "$root/vmlinuz")" "$tmp/vmlinuz"
cp "$(readlink -f "$root/initrd.img")" "$tmp/initrd.img"
mkfs.ext4 -q -L root -d "$root" "$tmp/root.img" 8G
truncate -s 256M "$tmp/data.img"
rm -rf "$root"
touch "$tmp/done"
rm -rf "$cache"
mv "$tmp" "$cache"
echo "$cache"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Builds the busybox initramfs that scripts/vm.sh boots a Debian kernel with (cached per kernel ABI).
#
# Usage: scripts/mkinitramfs.sh ABI OUTPUT.cpio.gz [--builtin]
#   --builtin  the kernel has 9p/virtio/crypto built in (7.2-debug): the image carries no modules
# Rebuilds only when its inputs change (this script, busybox, the kernel's module files); prints
# the output path. The guest's /init is generated here: it loads the 9p and crypto modules, mounts
# the host root read-only at /mnt, the repository and a per-run read-write directory on top of it,
# then runs the in-guest runner (or a shell) in `chroot /mnt`.
set -euo pipefail

abi=${1:?usage: mkinitramfs.sh ABI OUTPUT}
out=${2:?usage: mkinitramfs.sh ABI OUTPUT}
busybox=${BUSYBOX:-/bin/busybox}
moddir=/lib/modules/$abi
builtin=0
[ "${3:-}" = --builtin ] && builtin=1

die() { echo "mkinitramfs: $*" >&2; exit 1; }
[ "$builtin" = 1 ] || [ -d "$moddir/kernel" ] || die "no modules for $abi in $moddir"
[ -x "$busybox" ] || die "$busybox missing (apt-get install busybox-static)"
file -L "$busybox" | grep -q 'statically linked' || die "$busybox is not static (need busybox-static)"

# Without these the host root cannot be mounted: a failure to load any of them is fatal in the guest.
required=(virtio_pci 9pnet_virtio 9p)
# Preloaded when the kernel has them as modules (built-ins and absent ones are skipped): AF_ALG and
# NETLINK_CRYPTO for libkcapi, plus the algorithms and templates tests may instantiate. The arch
# modules refuse to load on CPU models without their instructions; /init tolerates that.
optional=(crypto_user af_alg algif_hash algif_skcipher algif_aead algif_rng
	hmac md5 sha1_generic sha256_generic sha512_generic sha3_generic
	sha1_ssse3 sha256_ssse3 sha512_ssse3
	cryptd crypto_simd ecb cbc ctr xts gcm ccm gf128mul ghash_generic ghash_clmulni_intel
	aes_generic aesni_intel drbg jitterentropy_rng)

# Module files in load order, each with whether it is required; duplicates dropped.
declare -A seen=()
plan=()
[ "$builtin" = 1 ] && required=() optional=()
for m in "${required[@]}" "${optional[@]}"; do
	req=0
	for r in "${required[@]}"; do [ "$r" = "$m" ] && req=1; done
	if ! deps=$(modprobe -S "$abi" --show-depends "$m" 2>/dev/null); then
		[ "$req" = 1 ] && die "$abi: required module $m not found"
		continue
	fi
	while read -r kind path _; do
		[ "$kind" = insmod ] || continue
		[ -n "${seen[$path]:-}" ] && continue
		seen[$path]=1
		plan+=("$req $path")
	done <<<"$deps"
done

# Cache key: everything the image is made of.
key=$({
	sha256sum "$0" "$busybox"
	echo "$abi builtin=$builtin"
	for p in "${plan[@]}"; do
		set -- $p
		stat -c '%n %s %Y' "$2"
		echo "req=$1"
	done
} | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ -f "$out.key" ] && [ "$(cat "$out.key")" = "$key" ]; then
	echo "$out"
	exit 0
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage" "${tmp:-}"' EXIT
mkdir -p "$stage"/{bin,sbin,dev,proc,sys,mnt,tmp,run,lib/modules}
cp "$busybox" "$stage/bin/busybox"

: >"$stage/modules.load"
for p in "${plan[@]}"; do
	set -- $p
	rel=${2#"$moddir"/}
	rel=${rel%.xz}
	rel=${rel%.zst}
	mkdir -p "$stage/lib/modules/$(dirname "$rel")"
	case "$2" in
	*.xz) xz -dc "$2" >"$stage/lib/modules/$rel" ;;
	*.zst) zstd -qdc "$2" >"$stage/lib/modules/$rel" ;;
	*) cp "$2" "$stage/lib/modules/$rel" ;;
	esac
	echo "$1 $rel" >>"$stage/modules.load"
done

# Kernel module requests after boot go to the host's modprobe, which knows this ABI's modules.dep
# because the host root carries /lib/modules/<abi>.
cat >"$stage/sbin/hwc-modprobe" <<'EOS'
#!/bin/busybox sh
exec /bin/busybox chroot /mnt /sbin/modprobe "$@"
EOS

cat >"$stage/init" <<'EOS'
#!/bin/busybox sh
# Guest /init for scripts/vm.sh. Parameters arrive as environment variables from kernel command
# line words: HWC_REPO, HWC_ABI, HWC_TESTS, HWC_MODULE, HWC_MODE (test|shell), HWC_TEST_TIMEOUT.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin

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

msize=msize=262144
mount -t 9p -o trans=virtio,version=9p2000.L,ro,$msize hostroot /mnt || die "cannot mount host root"
mount -t proc proc /mnt/proc || die "mount /mnt/proc"
mount -t sysfs sysfs /mnt/sys || die "mount /mnt/sys"
mount -t devtmpfs devtmpfs /mnt/dev || die "mount /mnt/dev"
mount -t tmpfs -o mode=1777 tmpfs /mnt/tmp || die "mount /mnt/tmp"
mount -t tmpfs -o mode=755 tmpfs /mnt/run || die "mount /mnt/run"
mkdir -p /mnt/dev/pts /mnt/dev/shm
mount -t devpts devpts /mnt/dev/pts
mount -t tmpfs tmpfs /mnt/dev/shm
# The repository gets its own share mounted at its host path: a repository below /tmp would
# otherwise be hidden by the tmpfs above.
[ -n "$HWC_REPO" ] || die "HWC_REPO not set on the kernel command line"
mkdir -p "/mnt$HWC_REPO" 2>/dev/null
mount -t 9p -o trans=virtio,version=9p2000.L,ro,$msize repo "/mnt$HWC_REPO" || die "cannot mount repo"
mkdir -p /mnt/run/hwc
mount -t 9p -o trans=virtio,version=9p2000.L,$msize hwcrun /mnt/run/hwc || die "cannot mount run dir"
echo /sbin/hwc-modprobe >/proc/sys/kernel/modprobe

export HOME=/root TERM=${TERM:-linux} LANG=C.UTF-8
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HWC_OUT=/run/hwc/out
mkdir -p /mnt/run/hwc/out
if [ "$HWC_MODE" = shell ]; then
	echo "hwc-init: shell in chroot /mnt (host root read-only, /tmp and /run/hwc writable); exit powers off"
	cd /mnt
	setsid cttyhack chroot /mnt /bin/bash -c "cd '$HWC_REPO'; exec /bin/bash -i"
else
	chroot /mnt /bin/sh -c "cd '$HWC_REPO' && exec /bin/sh selftests/guest/run.sh"
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

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034,SC2154
# Guest architecture profiles for the QEMU harness (sourced by vm.sh, mkinitramfs.sh,
# build-module.sh, kernels.sh, test-guests.sh; bash).
#
# A profile is selftests/arch/<arch>/vm.conf, a bash fragment sourced with $repo set. It sets:
#   qemu_bin              emulator, e.g. qemu-system-x86_64
#   qemu_args=(...)       machine, accelerator and devices (no -cpu/-smp/-m/-kernel/-initrd/-append)
#   qemu_batch_args=(...) console for test runs (serial on stdio, no display, no monitor)
#   qemu_shell_args=(...) console for --shell
#   console               kernel console device (ttyS0, hvc0)
#   default_cpu default_smp default_mem default_timeout default_test_timeout
#   suite_timeout suite_test_timeout   the wider limits of test-guests.sh (make test)
#   kmake_args=(...)      ARCH=/CROSS_COMPILE= for module builds (empty: native)
#   busybox               static busybox of the guest architecture for the initramfs
#   init_required=(...)   modules /init must load (9p): a failure is fatal
#   init_optional=(...)   modules loaded when the kernel has them as modules
#   guest_root            directory the guest gets as its root over 9p, read-only; empty: no 9p,
#                         the initramfs is the root and carries the tests and the module
#   guest_root_binds      empty: guest_root is mounted as the root itself; else these top-level
#                         directories of it are bound into a tmpfs root
#   guest_build           directory whose userspace/ and selftests/ are mounted over the repo's
#                         userspace/build and selftests/build in the guest (cross-built programs);
#                         without a guest root, whichever of the two exists is packed there into
#                         the image
#   negative_cpu          CPU model with none of hwcrypt's instructions (test-guests.sh); may be empty
# and the function
#   profile_kernel NAME   resolves a kernel name (series, exact ABI, or a name of the profile's
#                         own) and sets: abi (names build/kmod/<abi> and the logs), uname_r,
#                         kimage (file QEMU boots), kdir (module build tree), modroot (directory
#                         holding lib/modules/<uname_r>; empty: everything built in), kchroot
#                         (a chroot of scripts/build-chroot.sh whose compiler builds for this
#                         kernel, kdir then inside it; "missing" when not built), and may
#                         override the defaults above, cmdline_extra (kernel command line words),
#                         quick_tests (make test's selection on this kernel instead of all but
#                         selftests/guest/SLOW) and suite_split=1 (test-guests.sh halves the
#                         suite over two guests). It calls profile_die when the kernel is missing.
# The guest side of an architecture is selftests/arch/<arch>/expect.sh (selftests/guest/hwc.sh).
#
# Sourced as `. scripts/profile.sh "$@"` by a script whose arguments start with an optional
# --arch ARCH (default x86_64): loads that profile and sets profile_nargs to the number of words
# it took, for the caller to shift. Sourced without arguments it only defines the functions.
# profile_die exits with $profile_exit (default 2, vm.sh's setup error).

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)

profile_arches() {
	local d
	for d in "$repo"/selftests/arch/*/vm.conf; do
		d=${d%/vm.conf}
		echo "${d##*/}"
	done
}

profile_die() {
	echo "${0##*/}: $*" >&2
	exit "${profile_exit:-2}"
}

# profile_load ARCH: sources the profile with every setting reset to its default first.
profile_load() {
	local arch=$1 conf=$repo/selftests/arch/$1/vm.conf
	[ -f "$conf" ] || profile_die "no profile for --arch $arch (have: $(profile_arches | tr '\n' ' '))"
	qemu_bin='' console=ttyS0 default_cpu=max default_smp=1 default_mem=1024
	default_timeout=600 default_test_timeout=300 suite_timeout=2400 suite_test_timeout=900
	qemu_args=() qemu_batch_args=(-display none -monitor none -serial stdio) qemu_shell_args=(-nographic)
	kmake_args=() busybox='' init_required=() init_optional=()
	guest_root='' guest_root_binds='' guest_build='' negative_cpu=''
	cmdline_extra='' quick_tests='' suite_split=0
	profile_conf=$conf
	profile_arch=$arch
	# shellcheck source=/dev/null
	. "$conf"
	if [ -z "$qemu_bin" ] || ! declare -F profile_kernel >/dev/null; then
		profile_die "$conf: qemu_bin or profile_kernel missing"
	fi
}

# profile_resolve NAME: profile_kernel plus the checks every caller needs.
profile_resolve() {
	abi='' uname_r='' kimage='' kdir='' modroot='' kchroot=''
	profile_kernel "$1"
	if [ -z "$abi" ] || [ ! -f "$kimage" ]; then
		profile_die "$profile_arch: no kernel image for '$1'"
	fi
	[ -n "$uname_r" ] || uname_r=$abi
}

arch=x86_64 profile_nargs=0
if [ $# -gt 0 ]; then
	if [ "$1" = --arch ]; then
		arch=${2:?--arch ARCH}
		profile_nargs=2
	fi
	profile_load "$arch"
fi

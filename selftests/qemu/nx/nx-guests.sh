#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# hwcrypt's NX backend (kmod/powerpc/nx.c) on the validated model, in little-endian guests:
# Debian's ppc64el 6.1 (power8) and 6.12 (power9) on the project's QEMU with -device
# spapr-nx-crypto run guest test 13-nx (the -nx drivers' self-tests, AF_ALG against sha*sum and
# openssl enc around the routing threshold, the counters of each path); then 6.1 again with a
# busy and error storm injected by the device (busy-every/busy-burst past nx_busy_tries,
# error-every), where every result must still be right and the fallback counters must move;
# then the partial-output faults (partial-every: a call writes part of its output, reports it
# processed and fails; partial-garbage: and writes wrong bytes past that count), where every
# result, in place and out of place, must still equal OpenSSL's; and the in-kernel fuzzer
# (52-kfuzz) on every driver, the -nx ones included, under those faults.
# Needs the NX QEMU (make nx-cache), the ppc64el modules (make modules-ppc64le) and guest
# programs (scripts/build-guest-ppc64le.sh); builds nothing.
#
# Usage: nx-guests.sh [--quick]
#   --quick  make test's selection: 6.12 only (where AF_ALG's spliced pages make the in-place
#            requests really in place), one run under the storm and the partial-output faults at
#            once (wrong bytes past the count too), 13-nx and 52-kfuzz; the plain runs, the 6.1
#            runs and each fault on its own are make test-full's (docs/testing.md)
set -uo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
quick=0
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	*) echo "usage: nx-guests.sh [--quick]" >&2; exit 2 ;;
	esac
done
"$top/scripts/build-qemu-nx.sh" --check >/dev/null || { echo "nx-guests: NX QEMU not built (scripts/build-qemu-nx.sh)" >&2; exit 2; }
rc=0
run() {
	local label=$1 t0=$SECONDS
	shift
	echo "== nx-guests: $label"
	if "$@"; then
		echo "nx-guests: PASS: $label ($((SECONDS - t0)) s)"
	else
		echo "nx-guests: FAIL: $label ($((SECONDS - t0)) s)"
		rc=1
	fi
}
if [ "$quick" = 1 ]; then
	run "ppc64le 6.12 power9, NX storm and partial output (wrong bytes past it) at once" \
		env HWC_NX=1 \
		HWC_NX_DEVICE=busy-every=5,busy-burst=9,error-every=7,max-bytes=4096,partial-every=3,partial-garbage=on \
		"$top/scripts/vm.sh" --arch ppc64le --kernel 6.12 --cpu power9 --tests 13-nx,52-kfuzz \
		--append "hwc_nx_storm=1 hwc_nx_partial=1"
	exit $rc
fi
run "ppc64le 6.1 power8 with the NX model" env HWC_NX=1 \
	"$top/scripts/vm.sh" --arch ppc64le --kernel 6.1 --cpu power8 --tests 00-boot,13-nx
run "ppc64le 6.12 power9 with the NX model" env HWC_NX=1 \
	"$top/scripts/vm.sh" --arch ppc64le --kernel 6.12 --cpu power9 --tests 13-nx
run "ppc64le 6.1 power8, NX busy and error storm" env HWC_NX=1 \
	HWC_NX_DEVICE=busy-every=5,busy-burst=9,error-every=7,max-bytes=4096 \
	"$top/scripts/vm.sh" --arch ppc64le --kernel 6.1 --cpu power8 --tests 13-nx \
	--append hwc_nx_storm=1
run "ppc64le 6.1 power8, NX partial output then error" env HWC_NX=1 \
	HWC_NX_DEVICE=partial-every=3 \
	"$top/scripts/vm.sh" --arch ppc64le --kernel 6.1 --cpu power8 --tests 13-nx \
	--append hwc_nx_partial=1
run "ppc64le 6.12 power9, NX partial output, wrong bytes past it, then error" env HWC_NX=1 \
	HWC_NX_DEVICE=partial-every=2,partial-garbage=on \
	"$top/scripts/vm.sh" --arch ppc64le --kernel 6.12 --cpu power9 --tests 13-nx,52-kfuzz \
	--append hwc_nx_partial=1
exit $rc

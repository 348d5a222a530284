#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Validates the NX coprocessor model (selftests/qemu/nx/nx-crypto.patch) against Linux's own NX
# driver, which ran on POWER7+/POWER8 under PowerVM: the big-endian test kernel
# (scripts/build-test-kernel.sh --arch ppc64, CRYPTO_DEV_NX_ENCRYPT, full self-tests) boots on the
# patched QEMU and every nx driver the model's functions give passes the kernel's self-tests
# (guest test 12-peers); with sabotage=on (each scatter/gather entry's length read from the
# reserved word) the same run must fail, on the nx drivers. Then hwcrypt's own NX tier on the
# same big-endian kernel (guest test 13-nx: its -nx drivers' self-tests through the engine).
# The emulator and kernel are cached builds, the module comes from
# `scripts/build-module.sh --arch ppc64 6.1`: this script builds nothing.
set -uo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
"$top/scripts/build-qemu-nx.sh" --check >/dev/null || { echo "nx-validate: NX QEMU not built (scripts/build-qemu-nx.sh)" >&2; exit 2; }
"$top/scripts/build-test-kernel.sh" --arch ppc64 --check >/dev/null ||
	{ echo "nx-validate: ppc64 kernel not built (scripts/build-test-kernel.sh --arch ppc64)" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
echo "== nx-validate: Linux's NX driver on the model"
if "$top/scripts/vm.sh" --arch ppc64 --kernel 6.1 --tests 00-boot,12-peers 2>&1 | tee "$log"; then
	echo "nx-validate: PASS: the in-tree nx drivers pass their self-tests on the model"
else
	echo "nx-validate: FAIL: the in-tree nx drivers on the model (log above)"
	rc=1
fi
echo "== nx-validate: the same on the sabotaged model (must fail)"
if HWC_NX_DEVICE=sabotage=on "$top/scripts/vm.sh" --arch ppc64 --kernel 6.1 --tests 12-peers >"$log" 2>&1; then
	cat "$log"
	echo "nx-validate: FAIL: the sabotaged model passed"
	rc=1
elif grep -E '^FAIL: 12-peers: [a-z0-9-]+-nx selftest' "$log"; then
	echo "nx-validate: PASS: the sabotaged model fails the nx drivers' self-tests"
else
	cat "$log"
	echo "nx-validate: FAIL: the sabotaged run failed, but not on the nx drivers"
	rc=1
fi
echo "== nx-validate: hwcrypt's NX tier on the big-endian kernel (self-tests through the engine)"
if "$top/scripts/vm.sh" --arch ppc64 --kernel 6.1 --tests 13-nx 2>&1 | tee "$log"; then
	echo "nx-validate: PASS: hwcrypt's -nx drivers pass their self-tests on big-endian"
else
	echo "nx-validate: FAIL: hwcrypt's -nx drivers on big-endian (log above)"
	rc=1
fi
exit $rc

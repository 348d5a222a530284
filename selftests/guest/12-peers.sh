#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's own drivers the architecture's expectations name (hwc_expected_peer_drivers in
# selftests/arch/<arch>/expect.sh: on the ppc64 NX-validation guest, Linux's NX driver on the
# project's coprocessor model) are registered and passed the kernel's self-tests, and the log has
# no self-test failure. An emulated feature is trusted only once code that ran on real hardware
# passes on it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"

peers=
command -v hwc_expected_peer_drivers >/dev/null 2>&1 && peers=$(hwc_expected_peer_drivers)
if [ -z "$peers" ]; then
	skip "in-kernel peers" "none expected on this architecture and CPU"
	exit 0
fi
for drv in $peers; do
	check_eq "$drv selftest" passed "$(crypto_field "$drv" selftest)"
done
bad=$(dmesg | grep -E 'alg: .*(failed|error)' | head -n 5)
check_eq "no self-test failure in the log" "" "$bad"

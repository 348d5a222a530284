#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Constant-time evidence for the T4 RSA tier's own code (kmod/sparc/bignum_t4.c), which
# valgrind cannot run here (no sparc64 valgrind, none under qemu-user): in the object, the
# opcode's asm functions (t4_montmul_once, t4_montsqr_once) have no conditional branch at all
# (the size's table entry is reached by an indirect call, the abort flag read by a conditional
# move), and the C around them may only branch as its public control flow does: t4_mont's copy
# loops over the limb count, the retry loop on the abort flag (interrupts, not secrets) and the
# fallback, the hook's tests of the size, of the yield's members and the loop over the moduli,
# the raw entry's loops (GCC 12 -O2's unrolling of those loops included). A branch on a limb's
# value adds to these counts; t4-host-test.sh plants one in t4_montmul_once and expects a FAIL
# there and nowhere else. Conditional branches: b<cond> (not ba, bn), br<cond>, fb<cond>.
# Usage: ct_branches.sh OBJECT [OBJDUMP]
set -eu
obj=$1
objdump=${2:-sparc64-linux-gnu-objdump}
lims="t4_montmul_once=0 t4_montsqr_once=0 t4_mont=15 t4_between_windows=3 hwc_bn_modexp2_t4=8
	hwc_bn_mul_t4_raw=8"
"$objdump" -d --no-show-raw-insn "$obj" |
	awk -v lims="$lims" -v what=t4 -v why="public sizes and the abort flag" \
		-v cond='^(b|br|fb)[a-z]+$' -v uncond='^(ba|bn|btst|bset|bclr|btog)$' \
		-f "$(dirname "$0")/../../ct_branches.awk"

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
"$objdump" -d --no-show-raw-insn "$obj" | awk -v lims="$lims" '
	BEGIN {
		k = split(lims, l, /[ \t\n]+/)
		for (i = 1; i <= k; i++) if (split(l[i], kv, "=") == 2) lim[kv[1]] = kv[2]
	}
	/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	fn in lim {
		seen[fn] = 1
		op = $2
		sub(/,.*/, "", op)
		if (op ~ /^(b|br|fb)[a-z]+$/ && op !~ /^(ba|bn|btst|bset|bclr|btog)$/) n[fn]++
	}
	END {
		fail = 0
		for (f in lim) {
			if (!(f in seen)) { printf "FAIL %s not found\n", f; fail = 1; continue }
			if (n[f] + 0 > lim[f]) {
				printf "FAIL %s: %d conditional branches (at most %d: public control flow)\n", f, n[f], lim[f]
				fail = 1
			}
		}
		if (!fail) printf "ok   t4: %d functions branch only on public sizes and the abort flag\n", length(seen)
		exit fail
	}'

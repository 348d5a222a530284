#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Constant-time evidence for POWER's bignum tiers, which valgrind cannot run here (no ppc64le
# valgrind under qemu-user): in the object, the unrolled multiplications (mul_regs_N,
# mul_half_N) are straight-line code, mul_rows_N have their two loops over rows and limbs, and
# the entry points may only branch as their public-size control flow does: the switch on the
# limb count and the loops over rows and limbs (GCC 12's unrolling of those C loops included). A branch on a limb's value (a secret) adds to these counts.
# Usage: ct_branches.sh OBJECT [OBJDUMP]
set -eu
obj=$1
objdump=${2:-powerpc64le-linux-gnu-objdump}
"$objdump" -d --no-show-raw-insn "$obj" | awk '
	BEGIN {
		# conditional branches allowed per function (loop back edges and size tests)
		lim["mul_regs_8"] = 0; lim["mul_regs_12"] = 0; lim["mul_regs_16"] = 0
		lim["mul_half_24"] = 0; lim["mul_half_32"] = 0
		lim["mul_rows_48"] = 2; lim["mul_rows_64"] = 2
		lim["hwc_bn_mul_p9"] = 21; lim["hwc_bn_sqr_p9"] = 0; lim["hwc_bn_redc_p9"] = 13
	}
	/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	fn in lim {
		seen[fn] = 1
		# b, bl, blr, bctr(l): unconditional; every other b* mnemonic tests CR or CTR
		if ($2 ~ /^b/ && $2 !~ /^(b|bl|blr|bctr|bctrl)$/) n[fn]++
	}
	END {
		fail = 0
		for (f in lim) {
			if (!(f in seen)) { printf "FAIL %s not found\n", f; fail = 1; continue }
			if (n[f] + 0 > lim[f]) {
				printf "FAIL %s: %d conditional branches (at most %d: public sizes)\n", f, n[f], lim[f]
				fail = 1
			}
		}
		if (!fail) printf "ok   p9: %d functions branch only on public sizes\n", length(seen)
		exit fail
	}'

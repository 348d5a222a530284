#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Constant-time evidence for POWER's bignum tiers, which valgrind cannot run here (no ppc64le
# valgrind under qemu-user): in the object, the unrolled multiplications (p9: mul_regs_N,
# mul_half_N; p8: p8_mul_regs_N) are straight-line code, the row functions (mul_rows_N) have
# their two loops over rows and limbs, and the entry points may only branch as their
# public-size control flow does: the switch on the limb count and the loops over rows and limbs
# (GCC 12's unrolling of those C loops included). A branch on a limb's value (a secret) adds to
# these counts; selftests/Makefile's ct-branches plants one in each object and expects a FAIL.
# Usage: ct_branches.sh OBJECT [OBJDUMP]   (the tier, p8 or p9, from OBJECT's name: bignum_TIER*.o)
set -eu
obj=$1
objdump=${2:-powerpc64le-linux-gnu-objdump}
tier=$(basename "$obj" .o)
tier=${tier#bignum_}
tier=${tier%%.*}
case $tier in
p9) lims="mul_regs_8=0 mul_regs_12=0 mul_regs_16=0 mul_half_24=0 mul_half_32=0
	mul_rows_48=2 mul_rows_64=2 hwc_bn_mul_p9=21 hwc_bn_sqr_p9=0 hwc_bn_redc_p9=13" ;;
p8) lims="p8_mul_regs_8=0 p8_mul_regs_12=0 p8_mul_regs_16=0 p8_mul_rows_24=2 p8_mul_rows_32=2
	p8_mul_rows_48=2 p8_mul_rows_64=2 hwc_bn_mul_p8=21 hwc_bn_sqr_p8=0 hwc_bn_redc_p8=13" ;;
*) echo "ct_branches.sh: no limits for tier '$tier' ($obj)" >&2; exit 2 ;;
esac
# b, bl, blr, bctr(l): unconditional; every other b* mnemonic tests CR or CTR.
"$objdump" -d --no-show-raw-insn "$obj" |
	awk -v lims="$lims" -v what="$tier" -v why="public sizes" -v cond='^b' \
		-v uncond='^(b|bl|blr|bctr|bctrl)$' -f "$(dirname "$0")/../../ct_branches.awk"

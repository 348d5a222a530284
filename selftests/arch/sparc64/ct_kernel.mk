# SPDX-License-Identifier: GPL-2.0
# The kernel's C code generation for sparc64 modules (Linux 6.1 arch/sparc/Makefile), for
# selftests/ct_generic.mk: UltraSPARC without VIS3, so no 64-bit add-with-carry; every CPU
# without the T4 opcodes, and T4 outside its exponentiations, runs the portable code.
ct_cross := sparc64-linux-gnu-
ct_arch := sparc
ct_kflags := -m64 -pipe -mno-fpu -mcpu=ultrasparc -mcmodel=medlow -ffixed-g4 -ffixed-g5 \
	-fcall-used-g7 -Wno-sign-compare -mtune=ultrasparc3
# b<cond> (not ba, bn), br<cond> (register), fb<cond> (float)
ct_cond := ^(b|br|fb)[a-z]+$$
ct_uncond := ^(ba|bn|fba|fbn|btst|bset|bclr|btog)$$
# The control: a branch on the first limb of the multiplier (b), at the 16-limb product's entry.
ct_plant_at := ^mul_16:$$
ct_plant := \tldx [%o2], %g1\n\tbrz %g1, 1f\n\t nop\n1:

# SPDX-License-Identifier: GPL-2.0
# The kernel's C code generation for big-endian ppc64 modules (Linux 6.1 arch/powerpc/Makefile
# and Kconfig.cputype: the generic 64-bit CPU is -mcpu=power4, ELFv1; pseries_defconfig), for
# selftests/ct_generic.mk: POWER7 and older run RSA on the portable code alone.
ct_cross := powerpc64-linux-gnu-
ct_arch := powerpc
ct_kflags := -m64 -mbig-endian -mabi=elfv1 -mcall-aixdesc -mcpu=power4 -mtune=power10 \
	-mcmodel=large -msoft-float -mno-altivec -mno-vsx -mno-string -mno-prefixed -mno-pcrel \
	-mtraceback=no -mno-pointers-to-nested-functions
ct_cond := ^b
ct_uncond := ^(b|bl|blr|bctr|bctrl|ba|bla)$$
# The control: a branch on the first limb of the multiplier (b), at the 16-limb product's entry
# (ELFv1: its code symbol .mul_16; mul_16 is the descriptor).
ct_plant_at := ^[.]mul_16:$$
ct_plant := \tld 0,0(5)\n\tcmpdi 0,0,0\n\tbeq 0,1f\n1:

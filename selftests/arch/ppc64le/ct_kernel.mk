# SPDX-License-Identifier: GPL-2.0
# The kernel's C code generation for ppc64le modules (Linux 6.1 arch/powerpc/Makefile, Debian's
# ppc64el config: POWER8, ELFv2, modules -mcmodel=large), for selftests/ct_generic.mk.
ct_cross := powerpc64le-linux-gnu-
ct_arch := powerpc
ct_kflags := -m64 -mlittle-endian -mabi=elfv2 -mcpu=power8 -mtune=power10 -mcmodel=large \
	-msoft-float -mno-altivec -mno-vsx -mno-string -mno-prefixed -mno-pcrel -mtraceback=no \
	-mno-strict-align -mno-pointers-to-nested-functions
ct_cond := ^b
ct_uncond := ^(b|bl|blr|bctr|bctrl|ba|bla)$$
# The control: a branch on the first limb of the multiplier (b), at the 16-limb product's entry.
ct_plant_at := ^mul_16:$$
ct_plant := \tld 0,0(5)\n\tcmpdi 0,0,0\n\tbeq 0,1f\n1:

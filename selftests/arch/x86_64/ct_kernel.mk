# SPDX-License-Identifier: GPL-2.0
# The kernel's C code generation for x86_64 modules (Linux 6.1 arch/x86/Makefile, Debian's
# config: retpolines, IBT), for selftests/ct_generic.mk: the objects that see RSA secrets,
# compiled as the module compiles them, and what a conditional branch is here.
ct_cross :=
ct_arch := x86
ct_kflags := -m64 -mcmodel=kernel -mno-red-zone -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx \
	-mgeneral-regs-only -mno-80387 -mno-fp-ret-in-387 -mskip-rax-setup -mtune=generic \
	-falign-jumps=1 -falign-loops=1 -mindirect-branch=thunk-extern -mindirect-branch-register \
	-mfunction-return=thunk-extern -fno-jump-tables -fcf-protection=branch
ct_cond := ^j
ct_uncond := ^(jmp|jmpq)$$
# The control: a branch on the first limb of the multiplier (b), at the 16-limb product's entry.
ct_plant_at := ^mul_16:$$
ct_plant := \tmovq (%rdx), %rax\n\ttestq %rax, %rax\n\tje 1f\n1:

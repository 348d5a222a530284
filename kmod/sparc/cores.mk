# SPDX-License-Identifier: GPL-2.0
# SPARC's objects and their flags, for kmod/Kbuild and selftests/Makefile alike (the variables
# are described in kmod/Kbuild). Paths are below kmod/. The T4 cores emit the crypto opcodes
# as .word, so they need no -Wa,-Av9v (the kernel assembles for v9a); VIS1 (faligndata) is in
# v9a. No -mno-fpu removal either: the FP registers appear only in their asm statements.
hwc_arch_cores := sparc/hash_impls.o sparc/aes_impls.o sparc/bn_impls.o sparc/sha_t4.o \
	sparc/aes_t4.o sparc/bignum_t4.o
hwc_arch_kernel := sparc/cpu.o
hwc_arch_host := sparc/host_cpu.o
hwc_arch_simd :=

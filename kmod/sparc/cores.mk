# SPDX-License-Identifier: GPL-2.0
# SPARC's objects and their flags, for kmod/Kbuild and selftests/Makefile alike (the variables
# are described in kmod/Kbuild). Paths are below kmod/. No opcode tier yet: T4 cores that use
# the mnemonics need -Wa,-Av9v per object (the kernel assembles for v9a).
hwc_arch_cores := sparc/hash_impls.o sparc/aes_impls.o sparc/bn_impls.o
hwc_arch_kernel := sparc/cpu.o
hwc_arch_host := sparc/host_cpu.o
hwc_arch_simd :=

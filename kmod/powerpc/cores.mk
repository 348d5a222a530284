# SPDX-License-Identifier: GPL-2.0
# POWER's objects and their flags, for kmod/Kbuild and selftests/Makefile alike (the variables
# are described in kmod/Kbuild). Paths are below kmod/.
hwc_arch_cores := powerpc/hash_impls.o powerpc/aes_impls.o powerpc/bn_impls.o \
	powerpc/sha256_p8.o powerpc/sha512_p8.o powerpc/aes_p8.o powerpc/bignum_p8.o powerpc/bignum_p9.o
hwc_arch_kernel := powerpc/cpu.o powerpc/nx.o
hwc_arch_host := powerpc/host_cpu.o

# C with AltiVec/VSX builtins: the vector code generation the kernel normally forbids, entered
# only between enable_kernel_vsx() and its inverse.
hwc_arch_simd := powerpc/sha256_p8.o powerpc/sha512_p8.o powerpc/aes_p8.o
hwc_arch_nosimd_flags := -mno-altivec -mno-vsx -msoft-float
hwc_arch_simd_flags = -mhard-float -ffreestanding -isystem $(shell $(CC) -print-file-name=include)

$(foreach o,$(hwc_arch_simd),$(eval hwc_cflags_$(o) := -mcpu=power8 -maltivec -mvsx -mcrypto))

# ISA 3.0 multiply-adds (maddld/maddhdu) and addex for this object only; it stays on the kernel's
# general-register flags (-mno-altivec -mno-vsx -msoft-float), not in hwc_arch_simd.
hwc_cflags_powerpc/bignum_p9.o := -mcpu=power9
# ISA 2.07's general-register instructions only (mulld/mulhdu, addc/adde/addze): the module's
# own -mcpu is enough; on the host the same code without vector zeroing around the asm.
hwc_hcflags_powerpc/bignum_p8.o := -mno-altivec -mno-vsx
# Host: the same general-register code the module runs (no vectorised zeroing around the asm).
hwc_hcflags_powerpc/bignum_p9.o := -mno-altivec -mno-vsx
# Host: the portable AES on general registers only, as the module builds it.
hwc_hcflags_generic/aes.o := -mno-altivec -mno-vsx
# Host constant-time check: no valgrind for ppc64le under qemu-user, so these cores' branches
# are checked on the object (selftests/arch/ppc64le/ct_branches.sh).
hwc_ct_branch_objs := powerpc/bignum_p8.o powerpc/bignum_p9.o

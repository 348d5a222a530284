# SPDX-License-Identifier: GPL-2.0
# x86's objects and their flags, for kmod/Kbuild and selftests/Makefile alike (the variables
# are described in kmod/Kbuild). Paths are below kmod/.
hwc_arch_cores := x86/hash_impls.o x86/aes_impls.o x86/bn_impls.o \
	x86/sha1_shani.o x86/sha256_shani.o x86/sha512_avx2.o x86/sha512_avx512.o \
	x86/aes_ni_modes.o x86/gcm_ni.o x86/aes_vaes_avx2.o x86/aes_vaes_avx512.o \
	x86/gcm_vaes_avx2.o x86/gcm_vaes_avx512.o \
	x86/bignum_adx.o x86/bignum_ifma.o
hwc_arch_kernel := x86/cpu.o
hwc_arch_host := x86/host_cpu.o
# Host tests: the zmm loops' alternative forms as well, in one more run (':' separates the settings;
# host_cpu.c reads them): XTS tweaks by carry-less multiply, GCM's GHASH by schoolbook. Where the
# CPU lacks VPCLMULQDQ the run repeats the default forms.
hwc_aes_test_variants := HWC_XTS_ZMM_CLMUL=1:HWC_GCM_ZMM_SCHOOLBOOK=1
# The hash suite again with the AVX2 SHA-512 rounds in their wide form.
hwc_hash_test_variants := HWC_SHA512_WIDE=1

# C with intrinsics: the SIMD code generation the kernel normally forbids, entered only between
# kernel_fpu_begin() and kernel_fpu_end(). bignum_adx is general-purpose-register code (MULX/ADX)
# and keeps the kernel's flags: no FPU section needed.
hwc_arch_simd := $(filter-out x86/hash_impls.o x86/aes_impls.o x86/bn_impls.o x86/bignum_adx.o, \
	$(hwc_arch_cores))
hwc_arch_nosimd_flags := -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -mno-sse4a \
	-mgeneral-regs-only -mno-80387 -mno-fp-ret-in-387
# gcc-10's <immintrin.h> (sgxintrin.h, pconfigintrin.h) uses size_t without including
# <stddef.h>, which later compilers do for it: the compiler's own freestanding <stddef.h> first.
hwc_arch_simd_flags = -ffreestanding -D_MM_MALLOC_H_INCLUDED -isystem $(shell $(CC) -print-file-name=include) \
	-include stddef.h

hwc_vaes_flags := -maes -mpclmul -msse4.1 -mavx2 -mvaes -mvpclmulqdq
hwc_zmm_flags := -mavx512f -mavx512bw -mavx512vl
hwc_cflags_x86/sha1_shani.o := -msse4.1 -msha
hwc_cflags_x86/sha256_shani.o := -msse4.1 -msha
hwc_cflags_x86/sha512_avx2.o := -mavx2 -mbmi -mbmi2
hwc_cflags_x86/sha512_avx512.o := -mavx2 -mbmi -mbmi2 -mavx512f -mavx512vl
hwc_cflags_x86/gcm_ni.o := -maes -mpclmul -msse4.1
hwc_cflags_x86/aes_ni_modes.o := -maes -msse4.1
hwc_cflags_x86/aes_vaes_avx2.o := $(hwc_vaes_flags)
hwc_cflags_x86/aes_vaes_avx512.o := $(hwc_vaes_flags) $(hwc_zmm_flags)
hwc_cflags_x86/gcm_vaes_avx2.o := $(hwc_vaes_flags)
hwc_cflags_x86/gcm_vaes_avx512.o := $(hwc_vaes_flags) $(hwc_zmm_flags)
# zmm only: the whole radix-2^52 exponentiation, entered through hwc_rsa_yield's SIMD hooks.
hwc_cflags_x86/bignum_ifma.o := -mavx512f -mavx512ifma -mavx512vl
# Portable bignum: squarings up to 32 limbs (RSA-4096 halves) unrolled whole; frames stay small.
# Its column sums on an add/adc/adc chain in asm (x86/bn_column.h: the portable logic carry
# cost 1.6-1.8x here).
hwc_cflags_generic/bignum.o := -DHWC_BN_WHOLE_SQR_MAX=32 -DHWC_BN_COLUMN_H='"../x86/bn_column.h"'

# Kernel only: stack frames. Two pipelined W+K buffers make a frame of about 2.9 KiB, over distro
# CONFIG_FRAME_WARN=2048. KASAN's stack redzones add about 0.8 KiB (3.7 KiB); its kernels have
# twice the stack.
# UBSAN's bounds checks (Debian's 7.2/7.3 configs, gcc-16) bring it to 3072 bytes (measured with
# -fstack-usage, 2026-12-06): right at the limit.
hwc_kcflags_x86/sha512_avx2.o = -Wframe-larger-than=$(if $(CONFIG_KASAN_STACK),4096,$(if $(CONFIG_UBSAN_BOUNDS),3584,3072))
hwc_kcflags_x86/sha512_avx512.o = $(hwc_kcflags_x86/sha512_avx2.o)
# Frames are under 600 bytes; KASAN's stack redzones around each zmm array of the inlined chunks
# reach 4.1 KiB (7.2 debug kernel, 2026-12-04; its kernels have twice the stack).
# UBSAN's bounds checks (Debian's 7.2/7.3 configs, gcc-16) grow ctr_long_vaes_avx512 to 2368 bytes
# (-fstack-usage, 2026-12-06), over those configs' CONFIG_FRAME_WARN=2048.
hwc_kcflags_x86/aes_vaes_avx512.o = $(if $(CONFIG_KASAN_STACK),-Wframe-larger-than=5120,$(if \
	$(CONFIG_UBSAN_BOUNDS),-Wframe-larger-than=2560))
# GCM frames stay under 1.5 KiB on distro kernels; KASAN's stack redzones around the vector
# locals add up to 2.3 KiB (3.8 KiB), on kernels that have twice the stack.
hwc_gcm_frame = -Wframe-larger-than=$(if $(CONFIG_KASAN_STACK),4096,2048)
hwc_kcflags_x86/gcm_vaes_avx2.o = $(hwc_gcm_frame)
# zmm: the bulk steps add their broadcast round keys (15 x 64 bytes, plain loads for the rounds
# instead of a broadcast each, measured 8-10% on Zen 4): 2.5 KiB on distro kernels, as
# sha512_avx2's buffers. Under KASAN each bulk function keeps apart the redzoned vector locals of
# its four inlined bodies (Karatsuba and schoolbook forms, with and without the frame keys):
# up to 7.5 KiB (7.2 debug kernel, 2026-12-04), on kernels with twice the stack. UBSAN's bounds
# checks (Debian's 7.2/7.3, gcc-16): gcm_bulk_final_enc* 2944 bytes (-fstack-usage, 2026-12-06).
hwc_kcflags_x86/gcm_vaes_avx512.o = -Wframe-larger-than=$(if $(CONFIG_KASAN_STACK),8192,3072)
# Under 2 KiB on distro kernels; KASAN's stack redzones around each zmm local reach 5.4 KiB
# (its kernels have twice the stack; QEMU guests have no IFMA, so it is never entered there).
hwc_kcflags_x86/bignum_ifma.o = $(if $(CONFIG_KASAN_STACK),-Wframe-larger-than=6144)

# Host only: bignum_adx as the kernel builds it (no SSE), so that the benchmark times the same
# code and not vectorised C around the asm.
hwc_hcflags_x86/bignum_adx.o := -mgeneral-regs-only
# Host: the portable AES as the module builds it (no SSE), so that tests and the benchmark's
# generic rows run the integer code the fallback runs, not what the vectoriser makes of it.
hwc_hcflags_generic/aes.o := -mgeneral-regs-only
# Host constant-time check: valgrind cannot execute zmm code, so these cores' branches are
# checked on the object instead (selftests/ct_ifma_branches.sh).
hwc_ct_branch_objs := x86/bignum_ifma.o

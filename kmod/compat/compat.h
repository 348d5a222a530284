/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only place that knows how kernels differ. Kbuild probes the target tree
 * (compat/Kbuild.include) and passes COMPAT_* macros; this header, force-included into every
 * object (ccflags-y += -include), gives them their documented form. Other code sees only these
 * macros and the wrappers below, never a version number or a kernel-feature #ifdef.
 *
 * It includes nothing and defines only macros: it comes before everything else in every
 * object, the freestanding cores (which also build into host programs) and the files that set
 * pr_fmt before their first kernel header alike. Wrappers that need kernel types live in
 * compat/<topic>.h, included by the glue that uses them (compat/shash.h).
 *
 * Adding a difference: a probe in Kbuild.include, its macro documented here, and a wrapper
 * (a macro here, or compat/<topic>.h) if callers need one.
 */
#ifndef HWC_COMPAT_H
#define HWC_COMPAT_H

/*
 * COMPAT_ASYNC_SELFTEST: 1 where crypto_register_*() returns before the kernel's self-test of
 * the new algorithm has finished (6.12 and later: cryptomgr runs it in a kthread, holding a
 * reference to the algorithm and the module until it lets go), 0 where registration waited
 * for the verdict. Where it is 1 the registry waits for its algorithms' tests itself: before
 * reporting them registered, and before unregistering them on a failed load.
 */
#ifndef COMPAT_ASYNC_SELFTEST
#define COMPAT_ASYNC_SELFTEST 0
#endif

/*
 * COMPAT_HAVE_SHASH_BLOCK_ONLY (defined or not): the shash API buffers partial blocks itself
 * (CRYPTO_AHASH_ALG_BLOCK_ONLY, 6.16 and later); see compat/shash.h.
 */

/*
 * COMPAT_HAVE_CRYPTO_ALG_SEM (defined or not): the kernel exports crypto_alg_sem; see
 * compat/algapi.h, which refuses to build without it.
 */

/*
 * hwc_compat_x86_prefer_ymm(): whether the kernel marks this CPU as one that should run ymm
 * rather than zmm code (X86_FEATURE_PREFER_YMM, where the target kernel has that flag; false
 * where it does not). For x86/cpu.c, which includes <asm/cpufeature.h>.
 */
#ifdef COMPAT_HAVE_X86_FEATURE_PREFER_YMM
#define hwc_compat_x86_prefer_ymm()	boot_cpu_has(X86_FEATURE_PREFER_YMM)
#else
#define hwc_compat_x86_prefer_ymm()	0
#endif

/*
 * hwc_compat_x86_request_simd_usable(): whether a skcipher or aead request may enter a SIMD
 * section without asking crypto_simd_usable() first. True where the target kernel makes
 * kernel-mode FPU usable in every task and softirq context (COMPAT_HAVE_X86_FPU_IN_SOFTIRQ:
 * kernel_fpu_begin() holds off softirqs), as that kernel's own AES glue assumes: requests never
 * run in hard interrupt context (the skcipher and aead walks refuse it). Elsewhere a softirq may
 * have interrupted a kernel FPU user, and it asks. For x86/hwc_arch.h.
 */
#ifdef COMPAT_HAVE_X86_FPU_IN_SOFTIRQ
#define hwc_compat_x86_request_simd_usable()	true
#else
#define hwc_compat_x86_request_simd_usable()	crypto_simd_usable()
#endif

/*
 * kzalloc_obj(P, gfp), kvzalloc_obj(P, gfp): a zeroed allocation of P's type. Code writes them
 * as the newest kernels do (checkpatch asks for them); where the target lacks them
 * (COMPAT_HAVE_KZALLOC_OBJ undefined: the kernel added both at once) they are kzalloc() and
 * kvzalloc() of P's size, untyped as those are, with the gfp flags always given.
 */
#ifndef COMPAT_HAVE_KZALLOC_OBJ
#define kzalloc_obj(P, gfp)	kzalloc(sizeof(P), gfp)
#define kvzalloc_obj(P, gfp)	kvzalloc(sizeof(P), gfp)
#endif

#endif /* HWC_COMPAT_H */

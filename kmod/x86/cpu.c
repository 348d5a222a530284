// SPDX-License-Identifier: GPL-2.0
/* x86 CPU features, read once at load with the kernel's own feature test. */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include "hwc_core.h"
#include "hwc_arch.h"

unsigned int hwc_arch_features(void)
{
	unsigned int f = 0;
	/* A CPU flag is not enough: the kernel must also save the register state (XCR0). */
	bool ymm = boot_cpu_has(X86_FEATURE_AVX) &&
		   cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
	bool zmm = ymm && cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					    XFEATURE_MASK_AVX512, NULL);

	if (boot_cpu_has(X86_FEATURE_SSSE3))
		f |= HWC_F_SSSE3;
	if (boot_cpu_has(X86_FEATURE_XMM4_1))
		f |= HWC_F_SSE41;
	/* CPUID.(EAX=7,ECX=0):EBX[29] on every vendor: no vendor or family gate. */
	if (boot_cpu_has(X86_FEATURE_SHA_NI))
		f |= HWC_F_SHANI;
	if (boot_cpu_has(X86_FEATURE_AES))
		f |= HWC_F_AESNI;
	if (boot_cpu_has(X86_FEATURE_PCLMULQDQ))
		f |= HWC_F_PCLMUL;
	if (boot_cpu_has(X86_FEATURE_BMI2))
		f |= HWC_F_BMI2;
	if (boot_cpu_has(X86_FEATURE_ADX))
		f |= HWC_F_ADX;
	if (ymm) {
		f |= HWC_F_AVX;
		if (boot_cpu_has(X86_FEATURE_AVX2))
			f |= HWC_F_AVX2;
		if (boot_cpu_has(X86_FEATURE_VAES))
			f |= HWC_F_VAES;
		if (boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
			f |= HWC_F_VPCLMUL;
#ifdef X86_FEATURE_SHA512
		if (boot_cpu_has(X86_FEATURE_SHA512))
			f |= HWC_F_SHA512NI;
#endif
	}
	if (zmm && boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512BW) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL))
		f |= HWC_F_AVX512;
	if (zmm && boot_cpu_has(X86_FEATURE_AVX512F) && boot_cpu_has(X86_FEATURE_AVX512IFMA))
		f |= HWC_F_IFMA;
	return f;
}

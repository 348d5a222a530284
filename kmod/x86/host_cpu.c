// SPDX-License-Identifier: GPL-2.0
/*
 * x86 host side of the tests and benchmark (kmod/hwc_host_arch.h; not in the module): the names
 * of the HWC_F_* bits, and cpuid plus the OS's XCR0 mapped onto them as cpu.c does in the kernel.
 */
#include <cpuid.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hwc_host_arch.h"
#include "hwc_arch_cores.h"

const struct hwc_feature_name hwc_feature_names[] = {
	{ HWC_F_SSE41, "sse41" },	{ HWC_F_SHANI, "shani" },	{ HWC_F_AVX, "avx" },
	{ HWC_F_AVX2, "avx2" },		{ HWC_F_BMI2, "bmi2" },		{ HWC_F_AESNI, "aesni" },
	{ HWC_F_PCLMUL, "pclmul" },	{ HWC_F_VAES, "vaes" },		{ HWC_F_VPCLMUL, "vpclmul" },
	{ HWC_F_AVX512, "avx512" },	{ HWC_F_ADX, "adx" },		{ HWC_F_IFMA, "ifma" },
};
const unsigned int hwc_nfeature_names = sizeof(hwc_feature_names) / sizeof(hwc_feature_names[0]);

static unsigned long long xgetbv0(void)
{
	unsigned int lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((unsigned long long)hi << 32) | lo;
}

/* CPUID words: leaf 1's ECX, leaf 7 subleaf 0's EBX and ECX. */
enum { C1, B7, C7 };
/* The vector registers a feature needs the OS to save, each level including the one before. */
enum { NOVEC, YMM, ZMM };

/* Each HWC_F_* bit but AVX: all of @mask in CPUID word @word, and @vec saved. */
static const struct {
	unsigned char word, vec;
	unsigned int mask, flag;
} hwc_cpuid_bits[] = {
	{ C1, NOVEC, 1u << 19, HWC_F_SSE41 },
	{ C1, NOVEC, 1u << 25, HWC_F_AESNI },
	{ C1, NOVEC, 1u << 1, HWC_F_PCLMUL },
	{ B7, NOVEC, 1u << 29, HWC_F_SHANI },
	{ B7, NOVEC, 1u << 8, HWC_F_BMI2 },
	{ B7, NOVEC, 1u << 19, HWC_F_ADX },
	{ B7, YMM, 1u << 5, HWC_F_AVX2 },
	{ C7, YMM, 1u << 9, HWC_F_VAES },
	{ C7, YMM, 1u << 10, HWC_F_VPCLMUL },
	{ B7, ZMM, (1u << 30) | (1u << 31), HWC_F_AVX512 },	/* AVX512BW, AVX512VL */
	{ B7, ZMM, 1u << 21, HWC_F_IFMA },			/* AVX512_IFMA */
};

unsigned int hwc_host_cpu_features(void)
{
	unsigned int a, b, c, d, max, i, f = 0;
	unsigned int w[3] = { 0 };
	unsigned long long xcr0 = 0;
	int vec = NOVEC;

	max = __get_cpuid_max(0, NULL);
	if (max >= 1 && __get_cpuid(1, &a, &b, &c, &d))
		w[C1] = c;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		w[B7] = b;
		w[C7] = c;
	}
	/* Vector registers count only if the OS saves them (OSXSAVE, then XCR0 bits). */
	if (w[C1] & (1u << 27))
		xcr0 = xgetbv0();
	if ((w[C1] & (1u << 28)) && (xcr0 & 0x6) == 0x6) {
		vec = YMM;
		f |= HWC_F_AVX;
		/* zmm: opmask, upper zmm0-15 and zmm16-31 state, and AVX512F (CPUID.7.0:EBX[16]). */
		if ((xcr0 & 0xe0) == 0xe0 && (w[B7] & (1u << 16)))
			vec = ZMM;
	}

	for (i = 0; i < sizeof(hwc_cpuid_bits) / sizeof(hwc_cpuid_bits[0]); i++)
		if (vec >= hwc_cpuid_bits[i].vec &&
		    (w[hwc_cpuid_bits[i].word] & hwc_cpuid_bits[i].mask) == hwc_cpuid_bits[i].mask)
			f |= hwc_cpuid_bits[i].flag;
	return f;
}

/* The module's SHA-512 race input (x86/cpu.c): four 4 KiB messages. */
static void hwc_host_race_sha512(void)
{
	static unsigned char buf[16384];
	hwc_u64 st[8] = { 0 };
	int i;

	/* Where zmm code may run, the AVX-512VL tier serves: time that one. */
	hwc_hash_blocks_fn *fn = hwc_host_cpu_features() & HWC_F_AVX512 ? hwc_sha512_blocks_avx512 :
									  hwc_sha512_blocks_avx2;

	for (i = 0; i < 4; i++)
		fn(st, buf + 4096 * i, 4096 / 128);
	__asm__ volatile("" : : "r"(st) : "memory");
}

/*
 * The tiers' alternative code forms: the zmm XTS main loop's tweaks by carry-less multiply
 * (hwc_xts_zmm_clmul), the zmm GCM bulk loop's GHASH by schoolbook (hwc_gcm_zmm_schoolbook),
 * both needing VPCLMULQDQ; the AVX2 SHA-512 rounds' wide form (hwc_sha512_wide).
 */
const struct hwc_host_form hwc_host_forms[] = {
	{ "HWC_XTS_ZMM_CLMUL", &hwc_xts_zmm_clmul, HWC_F_AVX512 | HWC_F_VPCLMUL,
	  "xts", { "shift", "clmul" }, NULL },
	{ "HWC_GCM_ZMM_SCHOOLBOOK", &hwc_gcm_zmm_schoolbook, HWC_F_AVX512 | HWC_F_VPCLMUL,
	  "gcm", { "karatsuba", "schoolbook" }, NULL },
	{ "HWC_SHA512_WIDE", &hwc_sha512_wide, HWC_F_AVX2 | HWC_F_BMI2,
	  "sha512", { "narrow", "wide" }, hwc_host_race_sha512 },
	{ NULL, NULL, 0, NULL, { NULL, NULL }, NULL },
};

__attribute__((constructor)) static void hwc_host_forms_env(void)
{
	const struct hwc_host_form *f;

	for (f = hwc_host_forms; f->env; f++) {
		const char *v = getenv(f->env);

		if (!v || strcmp(v, "1"))
			continue;
		if ((hwc_host_cpu_features() & f->features) != f->features) {
			fprintf(stderr, "%s=1: not on this CPU, ignored\n", f->env);
			continue;
		}
		*f->form = 1;
		fprintf(stderr, "%s=1: %s %s\n", f->env, f->mode, f->names[1]);
	}
}

static unsigned long long hwc_host_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

/*
 * Forms without a race input (the zmm XTS and GCM loops: theirs need keys and an AES context)
 * keep form 0 outside the module. Best of eight turns each, as the module: about 0.1 ms.
 */
void hwc_host_pick_forms(const char *mode)
{
	const struct hwc_host_form *f;
	int i, v;

	for (f = hwc_host_forms; f->env; f++) {
		unsigned long long best[2] = { ~0ull, ~0ull };

		if (!f->race || strcmp(f->mode, mode) || getenv(f->env) ||
		    (hwc_host_cpu_features() & f->features) != f->features)
			continue;
		for (i = 0; i < 8; i++) {
			for (v = 0; v < 2; v++) {
				unsigned long long t0 = hwc_host_ns(), t;

				*f->form = v;
				f->race();
				t = hwc_host_ns() - t0;
				if (t < best[v])
					best[v] = t;
			}
		}
		*f->form = best[1] < best[0];
	}
}

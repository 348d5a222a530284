// SPDX-License-Identifier: GPL-2.0
/* Host CPU feature detection (cpuid/xgetbv, or AT_HWCAP2 on POWER) mapped onto HWC_F_*, and the host block runner. */
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#else
#include <sys/auxv.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"

static const struct {
	unsigned int bit;
	const char *name;
} hwc_feature_names[] = {
	{ HWC_F_SSE41, "sse41" },   { HWC_F_SSSE3, "ssse3" },   { HWC_F_SHANI, "shani" },
	{ HWC_F_AVX, "avx" },       { HWC_F_AVX2, "avx2" },     { HWC_F_BMI2, "bmi2" },
	{ HWC_F_SHA512NI, "sha512ni" }, { HWC_F_AESNI, "aesni" }, { HWC_F_PCLMUL, "pclmul" },
	{ HWC_F_VAES, "vaes" },     { HWC_F_VPCLMUL, "vpclmul" }, { HWC_F_AVX512, "avx512" },
	{ HWC_F_ADX, "adx" },       { HWC_F_P8CRYPTO, "p8crypto" }, { HWC_F_IFMA, "ifma" },
};
#define NNAMES (sizeof(hwc_feature_names) / sizeof(hwc_feature_names[0]))

#if defined(__powerpc64__)
/* The kernel's (or qemu-user's) view: vector crypto facility and VSX, as hwcaps. */
unsigned int hwc_host_cpu_features(void)
{
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	unsigned int f = 0;

	/* PPC_FEATURE_HAS_VSX, PPC_FEATURE2_VEC_CRYPTO; the cores are little-endian only. */
	if (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && (hw & 0x00000080) && (hw2 & 0x02000000))
		f |= HWC_F_P8CRYPTO;
	return f;
}
#else
static unsigned long long xgetbv0(void)
{
	unsigned int lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((unsigned long long)hi << 32) | lo;
}

unsigned int hwc_host_cpu_features(void)
{
	unsigned int a, b, c, d, max, f = 0;
	unsigned int c1 = 0, b7 = 0, c7 = 0, a71 = 0;
	unsigned long long xcr0 = 0;
	int ymm, zmm;

	max = __get_cpuid_max(0, NULL);
	if (max >= 1 && __get_cpuid(1, &a, &b, &c, &d))
		c1 = c;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		b7 = b;
		c7 = c;
		if (a >= 1) {
			__cpuid_count(7, 1, a, b, c, d);
			a71 = a;
		}
	}
	/* Vector registers count only if the OS saves them (OSXSAVE, then XCR0 bits). */
	if (c1 & (1u << 27))
		xcr0 = xgetbv0();
	ymm = (c1 & (1u << 28)) && (xcr0 & 0x6) == 0x6;
	zmm = ymm && (xcr0 & 0xe0) == 0xe0;

	if (c1 & (1u << 9))
		f |= HWC_F_SSSE3;
	if (c1 & (1u << 19))
		f |= HWC_F_SSE41;
	if (c1 & (1u << 25))
		f |= HWC_F_AESNI;
	if (c1 & (1u << 1))
		f |= HWC_F_PCLMUL;
	if (b7 & (1u << 29))
		f |= HWC_F_SHANI;
	if (b7 & (1u << 8))
		f |= HWC_F_BMI2;
	if (b7 & (1u << 19))
		f |= HWC_F_ADX;
	if (ymm) {
		f |= HWC_F_AVX;
		if (b7 & (1u << 5))
			f |= HWC_F_AVX2;
		if (c7 & (1u << 9))
			f |= HWC_F_VAES;
		if (c7 & (1u << 10))
			f |= HWC_F_VPCLMUL;
		if (a71 & 1u)
			f |= HWC_F_SHA512NI;
	}
	/* AVX512F, BW, VL */
	if (zmm && (b7 & (1u << 16)) && (b7 & (1u << 30)) && (b7 & (1u << 31)))
		f |= HWC_F_AVX512;
	/* AVX512F and AVX512_IFMA (CPUID.7.0:EBX[21]) */
	if (zmm && (b7 & (1u << 16)) && (b7 & (1u << 21)))
		f |= HWC_F_IFMA;
	return f;
}
#endif

const char *hwc_host_features_str(unsigned int f, char *buf, unsigned long size)
{
	unsigned long n = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; i < NNAMES && n < size; i++)
		if (f & hwc_feature_names[i].bit)
			n += snprintf(buf + n, size - n, "%s%s", n ? "," : "",
				      hwc_feature_names[i].name);
	if (!n)
		snprintf(buf, size, "none");
	return buf;
}

static int parse_mask(const char *s, unsigned int *out)
{
	char *copy, *tok, *save = NULL, *end;
	unsigned int m = 0, i;

	if (!*s)
		return -1;
	if (s[0] >= '0' && s[0] <= '9') {
		unsigned long v = strtoul(s, &end, 0);

		if (*end)
			return -1;
		*out = (unsigned int)v;
		return 0;
	}
	copy = strdup(s);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "none"))
			continue;
		for (i = 0; i < NNAMES; i++)
			if (!strcmp(tok, hwc_feature_names[i].name))
				break;
		if (i == NNAMES) {
			free(copy);
			return -1;
		}
		m |= hwc_feature_names[i].bit;
	}
	free(copy);
	*out = m;
	return 0;
}

unsigned int hwc_host_select_features(int *argc, char **argv)
{
	unsigned int host = hwc_host_cpu_features(), mask = ~0u;
	const char *spec = getenv("HWC_FEATURES");
	int i, j;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--features"))
			continue;
		if (i + 1 >= *argc) {
			fprintf(stderr, "--features needs a mask\n");
			exit(2);
		}
		spec = argv[i + 1];
		for (j = i; j + 2 <= *argc; j++)
			argv[j] = argv[j + 2];
		*argc -= 2;
		break;
	}
	if (spec && parse_mask(spec, &mask)) {
		fprintf(stderr, "bad feature mask '%s'\n", spec);
		exit(2);
	}
	return host & mask;
}

void hwc_host_run_blocks(const struct hwc_md_ops *ops, void *state,
			 const hwc_u8 *data, hwc_size nblocks)
{
	ops->impl->blocks(state, data, nblocks);
}

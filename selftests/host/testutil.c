// SPDX-License-Identifier: GPL-2.0
/* Fixed-seed PRNG of the host tests (xorshift64*): not for keys, only for test inputs. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"

unsigned long long hwc_test_rng = 1;

unsigned long long hwc_test_rnd64(void)
{
	hwc_test_rng ^= hwc_test_rng >> 12;
	hwc_test_rng ^= hwc_test_rng << 25;
	hwc_test_rng ^= hwc_test_rng >> 27;
	return hwc_test_rng * 0x2545f4914f6cdd1dULL;
}

size_t hwc_test_rnd_below(size_t n)
{
	return n ? (size_t)(hwc_test_rnd64() % n) : 0;
}

void hwc_test_rnd_fill(void *p, size_t n)
{
	unsigned char *b = p;

	while (n) {
		unsigned long long v = hwc_test_rnd64();
		size_t k = n < 8 ? n : 8;

		memcpy(b, &v, k);
		b += k;
		n -= k;
	}
}

unsigned int hwc_test_npassed, hwc_test_nfailed;
static unsigned int grp_passed, grp_failed;
static char grp_label[128];

void hwc_test_group_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(grp_label, sizeof(grp_label), fmt, ap);
	va_end(ap);
	grp_passed = grp_failed = 0;
}

void hwc_test_group_end(void)
{
	printf("%-4s %s %u checks\n", grp_failed ? "FAIL" : "ok", grp_label, grp_passed + grp_failed);
	if (grp_failed)
		printf("     %u of them failed\n", grp_failed);
	fflush(stdout);
}

void hwc_test_check(int ok, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (ok) {
		grp_passed++;
		hwc_test_npassed++;
		return;
	}
	hwc_test_nfailed++;
	if (grp_failed++ >= 5)
		return;
	/* The label's column padding does not belong in a message. */
	for (n = strlen(grp_label); n && grp_label[n - 1] == ' '; n--)
		;
	printf("     FAIL %.*s: ", (int)n, grp_label);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

int hwc_test_summary(const char *prefix)
{
	printf("%s%u passed, %u failed\n", prefix, hwc_test_npassed, hwc_test_nfailed);
	return hwc_test_nfailed ? 1 : 0;
}

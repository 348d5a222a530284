// SPDX-License-Identifier: GPL-2.0
/* Fixed-seed PRNG of the host tests (xorshift64*): not for keys, only for test inputs. */
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

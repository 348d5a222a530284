// SPDX-License-Identifier: GPL-2.0
/* SHA-1/SHA-2 algorithm descriptions with FIPS 180-4 initial hash values, and generic impl lookup. */
#include "../hwc_core.h"

static const hwc_u32 sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

/* FIPS 180-4 5.3.2: second 32 bits of the square roots of the 9th..16th primes. */
static const hwc_u32 sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* FIPS 180-4 5.3.3: first 32 bits of the square roots of the first 8 primes. */
static const hwc_u32 sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* FIPS 180-4 5.3.4: first 64 bits of the square roots of the 9th..16th primes. */
static const hwc_u64 sha384_iv[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
	0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
	0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
	0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
};

/* FIPS 180-4 5.3.5: first 64 bits of the square roots of the first 8 primes. */
static const hwc_u64 sha512_iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
	0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

const struct hwc_hash_info hwc_hash_infos[] = {
	{ "sha1",   "sha1",   20, 64,  4, 5, sha1_iv },
	{ "sha224", "sha256", 28, 64,  4, 8, sha224_iv },
	{ "sha256", "sha256", 32, 64,  4, 8, sha256_iv },
	{ "sha384", "sha512", 48, 128, 8, 8, sha384_iv },
	{ "sha512", "sha512", 64, 128, 8, 8, sha512_iv },
};
const unsigned int hwc_hash_ninfos = sizeof(hwc_hash_infos) / sizeof(hwc_hash_infos[0]);

static int hwc_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* The portable entry of @family in this arch's table: the fallback when SIMD is unusable. */
const struct hwc_hash_impl *hwc_hash_generic_impl(const char *family)
{
	unsigned int i;

	for (i = 0; i < hwc_hash_nimpls; i++)
		if (!hwc_hash_impls[i].features && hwc_streq(hwc_hash_impls[i].family, family))
			return &hwc_hash_impls[i];
	return (void *)0;
}

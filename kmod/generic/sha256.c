// SPDX-License-Identifier: GPL-2.0
/* SHA-224/SHA-256 compression function in portable C (FIPS 180-4 6.2.2). */
#include "../hwc_core.h"
#include "../hwc_bytes.h"

/*
 * FIPS 180-4 4.2.2: first 32 bits of the cube roots of the first 64 primes. Shared with the
 * SIMD cores, which add four at a time with one aligned load.
 */
const hwc_u32 hwc_sha256_k[64] __attribute__((aligned(16))) = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline hwc_u32 ror32(hwc_u32 x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

#define S0(x)	(ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define S1(x)	(ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define s0(x)	(ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define s1(x)	(ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))
/* Ch and Maj in forms with one operation fewer than the definitions in 4.1.2. */
#define CH(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z)	(((x) & (y)) | ((z) & ((x) | (y))))

/*
 * One round. Instead of shifting the eight working variables, the callers rotate the argument
 * names, so that only d and h are written. W is a 16-word ring: W[j] is computed where it is
 * first used, over the slot of W[j-16]; loops step by 16 rounds so ring indices are constants.
 */
#define ROUND(a, b, c, d, e, f, g, h, j, w)				\
	do {								\
		hwc_u32 t1 = h + S1(e) + CH(e, f, g) + hwc_sha256_k[j] + (w);	\
		d += t1;						\
		h = t1 + S0(a) + MAJ(a, b, c);				\
	} while (0)

#define W_LOAD(j)	(W[(j) & 15])
#define W_SCHED(j)	(W[(j) & 15] += s1(W[((j) - 2) & 15]) + W[((j) - 7) & 15] +	\
					s0(W[((j) - 15) & 15]))

#define EIGHT(j, WX)							\
	do {								\
		ROUND(a, b, c, d, e, f, g, h, (j) + 0, WX((j) + 0));	\
		ROUND(h, a, b, c, d, e, f, g, (j) + 1, WX((j) + 1));	\
		ROUND(g, h, a, b, c, d, e, f, (j) + 2, WX((j) + 2));	\
		ROUND(f, g, h, a, b, c, d, e, (j) + 3, WX((j) + 3));	\
		ROUND(e, f, g, h, a, b, c, d, (j) + 4, WX((j) + 4));	\
		ROUND(d, e, f, g, h, a, b, c, (j) + 5, WX((j) + 5));	\
		ROUND(c, d, e, f, g, h, a, b, (j) + 6, WX((j) + 6));	\
		ROUND(b, c, d, e, f, g, h, a, (j) + 7, WX((j) + 7));	\
	} while (0)

void hwc_sha256_blocks_generic(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u32 *s = state;
	hwc_u32 W[16];
	hwc_u32 a, b, c, d, e, f, g, h;
	unsigned int t;

	while (nblocks--) {
		for (t = 0; t < 16; t++)
			W[t] = hwc_get_be32(data + 4 * t);
		a = s[0]; b = s[1]; c = s[2]; d = s[3];
		e = s[4]; f = s[5]; g = s[6]; h = s[7];

		EIGHT(0, W_LOAD);
		EIGHT(8, W_LOAD);
		for (t = 16; t < 64; t += 16) {
			EIGHT(t, W_SCHED);
			EIGHT(t + 8, W_SCHED);
		}

		s[0] += a; s[1] += b; s[2] += c; s[3] += d;
		s[4] += e; s[5] += f; s[6] += g; s[7] += h;
		data += 64;
	}
	hwc_memzero_explicit(W, sizeof(W));
}

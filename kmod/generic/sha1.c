// SPDX-License-Identifier: GPL-2.0
/* SHA-1 compression function in portable C (FIPS 180-4 6.1.2). */
#include "../hwc_core.h"
#include "../hwc_bytes.h"

static inline hwc_u32 rol32(hwc_u32 x, unsigned int n)
{
	return (x << n) | (x >> (32 - n));
}

/* FIPS 180-4 4.1.1, Ch and Maj in forms with one operation fewer. */
#define F_CH(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define F_PAR(x, y, z)	((x) ^ (y) ^ (z))
#define F_MAJ(x, y, z)	(((x) & (y)) | ((z) & ((x) | (y))))

#define K0	0x5a827999u
#define K1	0x6ed9eba1u
#define K2	0x8f1bbcdcu
#define K3	0xca62c1d6u

/*
 * One round with rotated argument names instead of moved variables, so only e and b are
 * written. W is a 16-word ring overwritten in place once the first 16 words are consumed.
 */
#define ROUND(a, b, c, d, e, F, K, w)					\
	do {								\
		e += rol32(a, 5) + F(b, c, d) + K + (w);		\
		b = rol32(b, 30);					\
	} while (0)

/* Word j (a constant): the first 16 as loaded, the rest computed in place. */
#define W_NEXT(j)	((j) < 16 ? W[(j) & 15] :					\
			 (W[(j) & 15] = rol32(W[((j) - 3) & 15] ^ W[((j) - 8) & 15] ^	\
					      W[((j) - 14) & 15] ^ W[(j) & 15], 1)))

#define FIVE(j, F, K)							\
	do {								\
		ROUND(a, b, c, d, e, F, K, W_NEXT((j) + 0));		\
		ROUND(e, a, b, c, d, F, K, W_NEXT((j) + 1));		\
		ROUND(d, e, a, b, c, F, K, W_NEXT((j) + 2));		\
		ROUND(c, d, e, a, b, F, K, W_NEXT((j) + 3));		\
		ROUND(b, c, d, e, a, F, K, W_NEXT((j) + 4));		\
	} while (0)

/* Rounds j..j+19, which share one function and one constant. */
#define TWENTY(j, F, K)							\
	do {								\
		FIVE((j) + 0, F, K);					\
		FIVE((j) + 5, F, K);					\
		FIVE((j) + 10, F, K);					\
		FIVE((j) + 15, F, K);					\
	} while (0)

void hwc_sha1_blocks_generic(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u32 *s = state;
	hwc_u32 W[16];
	hwc_u32 a, b, c, d, e;
	unsigned int t;

	while (nblocks--) {
		for (t = 0; t < 16; t++)
			W[t] = hwc_get_be32(data + 4 * t);
		a = s[0]; b = s[1]; c = s[2]; d = s[3]; e = s[4];

		TWENTY(0, F_CH, K0);
		TWENTY(20, F_PAR, K1);
		TWENTY(40, F_MAJ, K2);
		TWENTY(60, F_PAR, K3);

		s[0] += a; s[1] += b; s[2] += c; s[3] += d; s[4] += e;
		data += 64;
	}
	hwc_memzero_explicit(W, sizeof(W));
}

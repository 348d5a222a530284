/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SHA-2 compression function in portable C, written once for both word sizes (FIPS 180-4
 * 6.2.2 for 32-bit words, 6.4.2 for 64-bit). The includer defines SHA2_WORD (its word type),
 * SHA2_K (the round constants), SHA2_ROUNDS (64 or 80), SHA2_GET_BE (a big-endian word from
 * bytes), SHA2_BLOCKS (the function's name) and the four functions S0, S1, s0, s1 of 4.1.2 or
 * 4.1.3, then includes this file once.
 */
#define SHA2_BYTES	((unsigned int)sizeof(SHA2_WORD))

/* Ch and Maj in forms with one operation fewer than the definitions in 4.1.2 and 4.1.3. */
#define CH(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z)	(((x) & (y)) | ((z) & ((x) | (y))))

/*
 * One round. Instead of shifting the eight working variables, the callers rotate the argument
 * names, so that only d and h are written. W is a 16-word ring: W[j] is computed where it is
 * first used, over the slot of W[j-16]; loops step by 16 rounds so ring indices are constants.
 */
#define ROUND(a, b, c, d, e, f, g, h, j, w)				\
	do {								\
		SHA2_WORD t1 = h + S1(e) + CH(e, f, g) + SHA2_K[j] + (w);	\
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

void SHA2_BLOCKS(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	SHA2_WORD *s = state;
	SHA2_WORD W[16];
	SHA2_WORD a, b, c, d, e, f, g, h;
	unsigned int t;

	while (nblocks--) {
		for (t = 0; t < 16; t++)
			W[t] = SHA2_GET_BE(data + SHA2_BYTES * t);
		a = s[0]; b = s[1]; c = s[2]; d = s[3];
		e = s[4]; f = s[5]; g = s[6]; h = s[7];

		EIGHT(0, W_LOAD);
		EIGHT(8, W_LOAD);
		for (t = 16; t < SHA2_ROUNDS; t += 16) {
			EIGHT(t, W_SCHED);
			EIGHT(t + 8, W_SCHED);
		}

		s[0] += a; s[1] += b; s[2] += c; s[3] += d;
		s[4] += e; s[5] += f; s[6] += g; s[7] += h;
		data += 16 * SHA2_BYTES;
	}
	hwc_memzero_explicit(W, sizeof(W));
}

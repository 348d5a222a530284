// SPDX-License-Identifier: GPL-2.0
/* SHA-1 compression function on the x86 SHA extensions (SHA1RNDS4/NEXTE/MSG1/MSG2). */
#include "hwc_arch_cores.h"
#include <immintrin.h>

/*
 * hwc_hash_impls[] promises this code needs only SSE4.1 + SHA: built with -mavx the compiler
 * would emit VEX encodings and fault on SHA-NI CPUs without AVX (e.g. Goldmont).
 */
#if defined(__AVX__) || !defined(__SHA__) || !defined(__SSE4_1__)
#error "build this file with -msse4.1 -msha and without -mavx"
#endif

/*
 * Four rounds of group g (rounds 4g..4g+3). SHA1RNDS4 wants E of its first round already added
 * to the top message lane; that E is A of four rounds earlier rotated by 30, which SHA1NEXTE
 * derives from the ABCD saved before the previous group, kept in abcd_prev.
 */
#define RNDS4(f, abcd_prev, m)						\
	do {								\
		__m128i we = _mm_sha1nexte_epu32(abcd_prev, m);		\
		abcd_prev = abcd;					\
		abcd = _mm_sha1rnds4_epu32(abcd, we, f);		\
	} while (0)

/*
 * w[t..t+3] = rol1(w[t-3] ^ w[t-8] ^ w[t-14] ^ w[t-16]) from m0..m3 = w[t-16..t-1]: MSG1 xors
 * the t-16 and t-14 terms, a plain xor adds t-8, MSG2 adds t-3 (part of which it produces
 * itself) and rotates. The result replaces m0.
 */
#define SCHED(m0, m1, m2, m3)						\
	(m0 = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(m0, m1), m2), m3))

/*
 * Groups g..g+3, each scheduling the next four words into the register it then consumes.
 * SHA1RNDS4's f selects the function and constant of rounds 20f..20f+19: group g's is g / 5.
 */
#define SCHED_RNDS16(g)							\
	do {								\
		SCHED(m0, m1, m2, m3); RNDS4(((g) + 0) / 5, e1, m0);	\
		SCHED(m1, m2, m3, m0); RNDS4(((g) + 1) / 5, e1, m1);	\
		SCHED(m2, m3, m0, m1); RNDS4(((g) + 2) / 5, e1, m2);	\
		SCHED(m3, m0, m1, m2); RNDS4(((g) + 3) / 5, e1, m3);	\
	} while (0)

void hwc_sha1_blocks_shani(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u32 *s = state;
	/* pshufb mask reversing the block's 16 bytes: w[0] lands big-endian-decoded in the top lane. */
	const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
	__m128i abcd, abcd_save, e_save, e0, e1, m0, m1, m2, m3;

	if (!nblocks)
		return;

	/* A in the top lane; E alone in the top lane of its own register. */
	abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)s), 0x1b);
	e0 = _mm_set_epi32((int)s[4], 0, 0, 0);

	do {
		abcd_save = abcd;
		e_save = e0;

		m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), bswap);
		m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
		m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
		m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);

		/* The first group's E is the chaining value itself, not derived from A. */
		e1 = abcd;
		abcd = _mm_sha1rnds4_epu32(abcd, _mm_add_epi32(e0, m0), 0);
		RNDS4(0, e1, m1);
		RNDS4(0, e1, m2);
		RNDS4(0, e1, m3);
		SCHED_RNDS16(4);
		SCHED_RNDS16(8);
		SCHED_RNDS16(12);
		SCHED_RNDS16(16);

		/* E after round 79 is A entering group 19, rotated by 30: NEXTE adds it to old E. */
		e0 = _mm_sha1nexte_epu32(e1, e_save);
		abcd = _mm_add_epi32(abcd, abcd_save);
		data += 64;
	} while (--nblocks);

	_mm_storeu_si128((__m128i *)s, _mm_shuffle_epi32(abcd, 0x1b));
	s[4] = (hwc_u32)_mm_extract_epi32(e0, 3);
}

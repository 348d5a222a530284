// SPDX-License-Identifier: GPL-2.0
/* SHA-224/SHA-256 compression function on the x86 SHA extensions (SHA256RNDS2/MSG1/MSG2). */
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
 * Four rounds on message words m (w[4g..4g+3], w[4g] in lane 0). SHA256RNDS2 runs two rounds
 * on the low two lanes of its third operand and returns the new ABEF; the old ABEF becomes
 * CDGH, so the two halves swap roles instead of moving.
 */
#define RNDS4(g, m)							\
	do {								\
		__m128i wk = _mm_add_epi32(m, _mm_load_si128((const __m128i *)&hwc_sha256_k[4 * (g)])); \
		cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);		\
		abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));	\
	} while (0)

/*
 * w[t..t+3] from w[t-16..t-1] held in m0..m3 (oldest first): MSG1 adds sigma0 of the next
 * words, the w[t-7] term is an unaligned pick across m2:m3, MSG2 adds sigma1 of w[t-2..t-1]
 * including the two words it has just produced. The result replaces m0.
 */
#define SCHED(m0, m1, m2, m3)						\
	(m0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m0, m1),	\
						 _mm_alignr_epi8(m3, m2, 4)), m3))

/* Groups g..g+3: each schedules the next four words into the register it then consumes. */
#define SCHED_RNDS16(g)							\
	do {								\
		SCHED(m0, m1, m2, m3); RNDS4((g) + 0, m0);		\
		SCHED(m1, m2, m3, m0); RNDS4((g) + 1, m1);		\
		SCHED(m2, m3, m0, m1); RNDS4((g) + 2, m2);		\
		SCHED(m3, m0, m1, m2); RNDS4((g) + 3, m3);		\
	} while (0)

void hwc_sha256_blocks_shani(void *state, const hwc_u8 *data, hwc_size nblocks)
{
	hwc_u32 *s = state;
	/* pshufb mask turning each big-endian message word into a host-endian lane. */
	const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
	__m128i abef, cdgh, abef_save, cdgh_save, t, m0, m1, m2, m3;

	if (!nblocks)
		return;

	/* The instructions want {A,B,E,F} and {C,D,G,H} with A and C in the top lane. */
	t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[0]), 0xb1);	/* B A D C */
	cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[4]), 0x1b);	/* H G F E */
	abef = _mm_alignr_epi8(t, cdgh, 8);			/* F E B A */
	cdgh = _mm_blend_epi16(cdgh, t, 0xf0);			/* H G D C */

	do {
		abef_save = abef;
		cdgh_save = cdgh;

		m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), bswap);
		m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), bswap);
		m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), bswap);
		m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), bswap);

		RNDS4(0, m0);
		RNDS4(1, m1);
		RNDS4(2, m2);
		RNDS4(3, m3);
		SCHED_RNDS16(4);
		SCHED_RNDS16(8);
		SCHED_RNDS16(12);

		abef = _mm_add_epi32(abef, abef_save);
		cdgh = _mm_add_epi32(cdgh, cdgh_save);
		data += 64;
	} while (--nblocks);

	t = _mm_shuffle_epi32(abef, 0x1b);			/* A B E F */
	cdgh = _mm_shuffle_epi32(cdgh, 0xb1);			/* G H C D */
	_mm_storeu_si128((__m128i *)&s[0], _mm_blend_epi16(t, cdgh, 0xf0));	/* A B C D */
	_mm_storeu_si128((__m128i *)&s[4], _mm_alignr_epi8(cdgh, t, 8));	/* E F G H */
}

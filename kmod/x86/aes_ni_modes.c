// SPDX-License-Identifier: GPL-2.0
/*
 * AES-NI tier (xmm, one block per register) of ecb, cbc, ctr and xts from the shared body in
 * aes_modes.h: eight blocks in flight, short tails in parallel groups; XTS's main loop here.
 * SSE4.1 code (no VEX): the tier serves CPUs without AVX.
 */
#include <immintrin.h>
#include "hwc_arch_cores.h"

typedef __m128i vec;
#define VW 1
#define VAES_SUFFIX aesni

#define vld(p) _mm_loadu_si128((const __m128i *)(p))
#define vst(p, v) _mm_storeu_si128((__m128i *)(p), (v))
#define vxor _mm_xor_si128
#define vand _mm_and_si128
#define venc _mm_aesenc_si128
#define venclast _mm_aesenclast_si128
#define vdec _mm_aesdec_si128
#define vdeclast _mm_aesdeclast_si128
#define vbcast(x) (x)
#define vlow(x) (x)
#define vshuf8 _mm_shuffle_epi8
#define vadd64 _mm_add_epi64
#define vsll64 _mm_slli_epi64
#define vsrl64 _mm_srli_epi64
#define vswap64(v) _mm_shuffle_epi32((v), 0x4e)
#define vprev(a, b) (a)
#define vlane_index() _mm_setzero_si128()
#define vfrom_lanes(l) ((l)[0])
/* A register is one block: never partial. */
#define vld_part(p, nb) vld(p)
#define vst_part(p, v, nb) vst(p, v)

/*
 * XTS main loop: eight blocks a step, in inline assembly because the compiler, short of
 * registers, hoists the tweak chain ahead of the rounds and spills the blocks. Eight blocks
 * (xmm0-7) cover the AES latency at two issues per cycle; a round key is loaded once per round
 * for all of them; the tweaks of a step wait in memory (the half @cur of the buffer), written
 * during the step before (the half @nxt), so that a step starts with eight independent blocks
 * and the tweak chain (multiply by alpha: pshufd/psrad/pand carries, paddq, pxor) runs in
 * the shadow of the rounds. Constant time: no data-dependent branch or address.
 */
#define XTS8_X8(f) f(0) f(1) f(2) f(3) f(4) f(5) f(6) f(7)
/*
 * The buffer holds each tweak T already xored with k0: whitening is one pxor, and the last
 * round takes T ^ klast (= the buffer's value ^ k0 ^ klast, in @kl) as its key, since
 * AESENCLAST/AESDECLAST end by xoring their key: the output tweak costs no step of its own.
 */
#define XTS8_IN(j)							\
	"movdqu " #j "*16(%[src]), %%xmm" #j "\n\t"			\
	"pxor " #j "*16(%[cur]), %%xmm" #j "\n\t"
#define XTS8_LAST(op, j)						\
	"movdqa " #j "*16(%[cur]), %[rk]\n\t"				\
	"pxor %[kl], %[rk]\n\t"						\
	op " %[rk], %%xmm" #j "\n\t"					\
	"movdqu %%xmm" #j ", " #j "*16(%[dst])\n\t"
#define XTS8_LAST8(op)							\
	XTS8_LAST(op, 0) XTS8_LAST(op, 1) XTS8_LAST(op, 2) XTS8_LAST(op, 3)	\
	XTS8_LAST(op, 4) XTS8_LAST(op, 5) XTS8_LAST(op, 6) XTS8_LAST(op, 7)
/*
 * The tweak of block j of the next step, then T * alpha (IEEE 1619 5.2): a left shift by one
 * of each 64-bit half, the bit leaving the low half carried into the high one and the bit
 * leaving x^127 folded back as x^7 + x^2 + x + 1, both as masks from the halves' top bits.
 * Those top bits come from @h, the two 32-bit words holding bits 127 and 63 of the first tweak
 * of the eight, doubled once per tweak: after j doublings their sign bits are bits 127 - j and
 * 63 - j of the first tweak, which are bits 127 and 63 of tweak j (for j < 32; here j < 8).
 * The chain from one tweak to the next is then one add and one xor.
 */
#define XTS8_TW(j)							\
	"movdqa %[t], %[tmp]\n\t"					\
	"pxor %[k0], %[tmp]\n\t"					\
	"movdqa %[tmp], " #j "*16(%[nxt])\n\t"				\
	"movdqa %[h], %[tmp]\n\t"					\
	"paddd %[h], %[h]\n\t"						\
	"psrad $31, %[tmp]\n\t"						\
	"paddq %[t], %[t]\n\t"						\
	"pand %[mask], %[tmp]\n\t"					\
	"pxor %[tmp], %[t]\n\t"
#define XTS8_ROUND(op, i)						\
	"movdqu " #i "*16(%[k]), %[rk]\n\t"				\
	op " %[rk], %%xmm0\n\t" op " %[rk], %%xmm1\n\t"			\
	op " %[rk], %%xmm2\n\t" op " %[rk], %%xmm3\n\t"			\
	op " %[rk], %%xmm4\n\t" op " %[rk], %%xmm5\n\t"			\
	op " %[rk], %%xmm6\n\t" op " %[rk], %%xmm7\n\t"
#define XTS8_R10(op)							\
	"pshufd $0x5f, %[t], %[h]\n\t"					\
	XTS8_ROUND(op, 1) XTS8_TW(0) XTS8_ROUND(op, 2) XTS8_TW(1)	\
	XTS8_ROUND(op, 3) XTS8_TW(2) XTS8_ROUND(op, 4) XTS8_TW(3)	\
	XTS8_ROUND(op, 5) XTS8_TW(4) XTS8_ROUND(op, 6) XTS8_TW(5)	\
	XTS8_ROUND(op, 7) XTS8_TW(6) XTS8_ROUND(op, 8) XTS8_TW(7)	\
	XTS8_ROUND(op, 9)
#define XTS8_R12(op) XTS8_R10(op) XTS8_ROUND(op, 10) XTS8_ROUND(op, 11)
#define XTS8_R14(op) XTS8_R12(op) XTS8_ROUND(op, 12) XTS8_ROUND(op, 13)
#define XTS8_ASM(op, rounds)						\
	__asm__ volatile("1:\n\t"						\
			 XTS8_X8(XTS8_IN)					\
			 rounds(op)						\
			 XTS8_LAST8(op "last")					\
			 "add $128, %[src]\n\t"					\
			 "add $128, %[dst]\n\t"					\
			 "xchg %[cur], %[nxt]\n\t"				\
			 "dec %[n]\n\t"						\
			 "jnz 1b\n\t"						\
			 : [src] "+r"(src), [dst] "+r"(dst), [cur] "+r"(cur),	\
			   [nxt] "+r"(nxt), [n] "+r"(n8), [t] "+x"(t),		\
			   [tmp] "=&x"(tmp), [h] "=&x"(h), [rk] "=&x"(rk)	\
			 : [k] "r"(keys), [k0] "x"(k0), [kl] "x"(kl),		\
			   [mask] "x"(mask)					\
			 : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",	\
			   "xmm7", "cc", "memory")
/* One unrolled loop per key size, chosen once per call. */
#define XTS8_NR(op)							\
	do {								\
		if (nr == 10)						\
			XTS8_ASM(op, XTS8_R10);				\
		else if (nr == 12)					\
			XTS8_ASM(op, XTS8_R12);				\
		else							\
			XTS8_ASM(op, XTS8_R14);				\
	} while (0)

/*
 * @n8 (> 0) steps of eight blocks with round keys @keys (@nr rounds); @tb[0..7] the first
 * step's tweaks, @t the one after them. Returns the tweak after the last block.
 */
static inline __attribute__((always_inline)) __m128i
vxts8_loop(const hwc_u8 *keys, unsigned int nr, int enc, hwc_u8 *dst, const hwc_u8 *src,
	   hwc_size n8, __m128i tb[16], __m128i t)
{
	const __m128i k0 = _mm_loadu_si128((const __m128i *)keys);
	const __m128i kl = _mm_xor_si128(k0, _mm_loadu_si128((const __m128i *)(keys + 16 * nr)));
	const __m128i mask = _mm_set_epi32(0, 1, 0, 0x87);
	__m128i *cur = tb, *nxt = tb + 8, tmp, h, rk;
	int j;

	for (j = 0; j < 8; j++)
		cur[j] = _mm_xor_si128(cur[j], k0);

	if (enc)
		XTS8_NR("aesenc");
	else
		XTS8_NR("aesdec");
	(void)tmp;
	(void)h;
	(void)rk;
	return _mm_xor_si128(cur[0], k0);
}
#define vxts8_loop vxts8_loop

#include "aes_modes.h"

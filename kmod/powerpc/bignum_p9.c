// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery arithmetic on POWER ISA 3.0 (POWER9): maddld/maddhdu fuse each 64x64 product with
 * the addition of one limb, and addex carries on OV beside adde's CA, so two carry chains run
 * through one row as ADCX/ADOX do on x86. General-purpose registers only (no FP/VSX state).
 *
 * Multiplication is operand scanning with the reduction interleaved (CIOS): per limb a[i] one
 * pass over j adds a[i] b[j] and q m[j] to t[j] and stores the sum one limb down, q chosen so
 * that limb 0 vanishes. Per limb j of that pass:
 *	ld b[j], m[j], t[j]
 *	lo1 = maddld(x, b[j], h1)	h1 = maddhdu(x, b[j], h1)	x b[j] + h1 < 2^128
 *	lo2 = maddld(q, m[j], h2)	h2 = maddhdu(q, m[j], h2)
 *	t[j] = t[j] + lo1 + CA		(adde: CA chain)
 *	t[j] = t[j] + lo2 + OV		(addex: OV chain)
 *	std t[j] to t[j - 1]
 * so the high halves ride in the multiply-adds themselves and no limb waits for an addze. The
 * running t stays below 2m (b < m, any a < R), so t has nl + 1 limbs, the top one 0 or 1.
 *
 * Constant time: the loops run on public limb counts (CTR); no branch or address depends on a
 * limb's value; the final subtraction is the masked hwc_bn_csub().
 */
#include "hwc_arch_cores.h"

#define P9_INLINE static inline __attribute__((always_inline))

/*
 * One CIOS step: t[0..nl] = (t[0..nl] + x b + q m) / 2^64 with q = (t[0] + x b[0]) n0 mod 2^64.
 * nl >= 2 (the loop count nl - 1 goes to CTR, where 0 would mean 2^64).
 */
P9_INLINE void p9_row_mul(hwc_u64 *t, hwc_u64 x, const hwc_u64 *b, const hwc_u64 *m, hwc_u64 n0,
			  unsigned long nl)
{
	hwc_u64 pb, pm, pt, bj, mj, tj, h1, h2, lo1, lo2, q;

	__asm__ volatile(
		/* limb 0: x b[0] + t[0] and q m[0] + that, each < 2^128, no carry to chain */
		"	ld	%[tj], 0(%[t])\n"
		"	ld	%[bj], 0(%[b])\n"
		"	ld	%[mj], 0(%[m])\n"
		"	maddld	%[lo1], %[x], %[bj], %[tj]\n"
		"	maddhdu	%[h1], %[x], %[bj], %[tj]\n"
		"	mulld	%[q], %[lo1], %[n0]\n"
		"	maddhdu	%[h2], %[q], %[mj], %[lo1]\n"
		"	li	%[tj], 0\n"
		"	mtxer	%[tj]\n"		/* CA = OV = 0 */
		"	mtctr	%[cnt]\n"
		"	mr	%[pb], %[b]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[bj], 8(%[pb])\n"
		"	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		"	maddld	%[lo1], %[x], %[bj], %[h1]\n"
		"	maddhdu	%[h1], %[x], %[bj], %[h1]\n"
		"	maddld	%[lo2], %[q], %[mj], %[h2]\n"
		"	maddhdu	%[h2], %[q], %[mj], %[h2]\n"
		"	adde	%[tj], %[tj], %[lo1]\n"
		"	addex	%[tj], %[tj], %[lo2], 0\n"
		"	std	%[tj], -8(%[pt])\n"
		"	bdnz	1b\n"
		/* pt = &t[nl - 1]: t[nl - 1] = t[nl] + h1 + h2 + carries, t[nl] = the carries out */
		"	ld	%[tj], 8(%[pt])\n"
		"	adde	%[tj], %[tj], %[h1]\n"
		"	addex	%[tj], %[tj], %[h2], 0\n"
		"	std	%[tj], 0(%[pt])\n"
		"	li	%[lo1], 0\n"
		"	addze	%[tj], %[lo1]\n"
		"	addex	%[tj], %[tj], %[lo1], 0\n"
		"	std	%[tj], 8(%[pt])\n"
		: [pb] "=&b"(pb), [pm] "=&b"(pm), [pt] "=&b"(pt), [bj] "=&r"(bj), [mj] "=&r"(mj),
		  [tj] "=&r"(tj), [h1] "=&r"(h1), [h2] "=&r"(h2), [lo1] "=&r"(lo1),
		  [lo2] "=&r"(lo2), [q] "=&r"(q)
		: [t] "b"(t), [b] "b"(b), [m] "b"(m), [x] "r"(x), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
}

/*
 * One reduction step over a 2 nl-limb number, at limb i (t = a + i): t[0..nl] += q m, q making
 * t[0] zero, with @top, the carry out of the previous step, added at limb nl; returns the new
 * carry out of limb nl. The value stays below 2 m R, so that carry is 0 or 1.
 */
P9_INLINE hwc_u64 p9_row_redc(hwc_u64 *t, const hwc_u64 *m, hwc_u64 n0, hwc_u64 top,
			      unsigned long nl)
{
	hwc_u64 pm, pt, mj, tj, h, lo, q;

	__asm__ volatile(
		"	ld	%[tj], 0(%[t])\n"
		"	ld	%[mj], 0(%[m])\n"
		"	mulld	%[q], %[tj], %[n0]\n"
		"	maddhdu	%[h], %[q], %[mj], %[tj]\n"
		"	li	%[tj], 0\n"
		"	mtxer	%[tj]\n"
		"	mtctr	%[cnt]\n"
		"	mr	%[pm], %[m]\n"
		"	mr	%[pt], %[t]\n"
		"1:	ldu	%[mj], 8(%[pm])\n"
		"	ldu	%[tj], 8(%[pt])\n"
		"	maddld	%[lo], %[q], %[mj], %[h]\n"
		"	maddhdu	%[h], %[q], %[mj], %[h]\n"
		"	adde	%[tj], %[tj], %[lo]\n"
		"	std	%[tj], 0(%[pt])\n"
		"	bdnz	1b\n"
		/* t[nl] += h + CA + top: CA chain for h, OV chain for top */
		"	ld	%[tj], 8(%[pt])\n"
		"	adde	%[tj], %[tj], %[h]\n"
		"	addex	%[tj], %[tj], %[top], 0\n"
		"	std	%[tj], 8(%[pt])\n"
		"	li	%[lo], 0\n"
		"	addze	%[top], %[lo]\n"
		"	addex	%[top], %[top], %[lo], 0\n"
		: [pm] "=&b"(pm), [pt] "=&b"(pt), [mj] "=&r"(mj), [tj] "=&r"(tj), [h] "=&r"(h),
		  [lo] "=&r"(lo), [q] "=&r"(q), [top] "+&r"(top)
		: [t] "b"(t), [m] "b"(m), [n0] "r"(n0), [cnt] "r"(nl - 1)
		: "xer", "ctr", "memory");
	return top;
}

void hwc_bn_mul_p9(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   hwc_u64 n0, unsigned int nl, hwc_u64 *t)
{
	unsigned int i;

	if (nl < 2) {
		hwc_bn_mul_generic(r, a, b, m, n0, nl, t);
		return;
	}
	for (i = 0; i <= nl; i++)
		t[i] = 0;
	for (i = 0; i < nl; i++)
		p9_row_mul(t, a[i], b, m, n0, nl);
	hwc_bn_csub(r, t, t[nl], m, nl);
}

void hwc_bn_sqr_p9(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		   unsigned int nl, hwc_u64 *t)
{
	hwc_bn_mul_p9(r, a, a, m, n0, nl, t);
}

void hwc_bn_redc_p9(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl)
{
	hwc_u64 top = 0;
	unsigned int i;

	if (nl < 2) {
		hwc_bn_redc_generic(r, a, m, n0, nl);
		return;
	}
	for (i = 0; i < nl; i++)
		top = p9_row_redc(a + i, m, n0, top, nl);
	hwc_bn_csub(r, a + nl, top, m, nl);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery arithmetic for CPUs with MULX (BMI2) and ADCX/ADOX (ADX). These are general-purpose
 * register instructions: no FPU/SIMD state is touched, so callers need no kernel_fpu_begin().
 * For now the compiler's MULX + ADD/ADC from 128-bit C arithmetic; the dual ADCX/ADOX carry
 * chains this tier is gated on for are the next step (see row_muladd()).
 *
 * The sizes RSA uses (8..64 limbs: 512..4096-bit halves, 1024..8192-bit moduli) are compiled as
 * separate fully unrolled functions from one always-inline body with a constant limb count;
 * other sizes take the same body with a variable count.
 */
#include "../hwc_rsa.h"

#define MX_INLINE static inline __attribute__((always_inline))

typedef unsigned __int128 u128;

MX_INLINE hwc_u64 mulx(hwc_u64 a, hwc_u64 b, hwc_u64 *hi)
{
	u128 p = (u128)a * b;

	*hi = (hwc_u64)(p >> 64);
	return (hwc_u64)p;
}

MX_INLINE unsigned char adcx(unsigned char c, hwc_u64 a, hwc_u64 b, hwc_u64 *r)
{
	return __builtin_ia32_addcarryx_u64(c, a, b, (unsigned long long *)r);
}

/* t[0..nl) += a * b[0..nl), returns the limb carried out (t + a*b < 2^(64 (nl+1))). */
MX_INLINE hwc_u64 row_muladd(hwc_u64 *t, hwc_u64 a, const hwc_u64 *b, const unsigned int nl)
{
	hwc_u64 c = 0;
	unsigned int j;

	/*
	 * One 128-bit accumulation per limb: GCC 12 turns this into MULX plus one ADD/ADC pair.
	 * Two interleaved _addcarryx_u64 chains (the ADCX/ADOX pattern) measured 35% slower: GCC
	 * has one carry flag to model, so it spills the second chain's carry through SETC.
	 */
	for (j = 0; j < nl; j++) {
		u128 p = (u128)a * b[j] + t[j] + c;

		t[j] = (hwc_u64)p;
		c = (hwc_u64)(p >> 64);
	}
	return c;
}

MX_INLINE void csub(hwc_u64 *r, const hwc_u64 *a, hwc_u64 top, const hwc_u64 *m,
		    const unsigned int nl)
{
	hwc_u64 d[HWC_BN_MAX_LIMBS], keep;
	unsigned char b = 0;
	unsigned int j;

	for (j = 0; j < nl; j++)
		b = __builtin_ia32_sbb_u64(b, a[j], m[j], (unsigned long long *)&d[j]);
	keep = 0 - (hwc_u64)(b & (top ^ 1));
	__asm__("" : "+r"(keep));
	for (j = 0; j < nl; j++)
		r[j] = (a[j] & keep) | (d[j] & ~keep);
}

MX_INLINE void redc_body(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
			 const unsigned int nl)
{
	hwc_u64 top = 0;
	unsigned int i;

	for (i = 0; i < nl; i++) {
		hwc_u64 c = row_muladd(a + i, a[i] * n0, m, nl);
		/* Both carries weigh 2^64 here; their sum stays below 2 (see the generic tier). */
		unsigned char c1 = adcx(0, a[i + nl], c, &a[i + nl]);
		unsigned char c2 = adcx(0, a[i + nl], top, &a[i + nl]);

		top = (hwc_u64)c1 + c2;
	}
	csub(r, a + nl, top, m, nl);
}

MX_INLINE void mul_body(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
			hwc_u64 n0, const unsigned int nl, hwc_u64 *t)
{
	unsigned int i;

	for (i = 0; i < nl; i++)
		t[i] = 0;
	for (i = 0; i < nl; i++)
		t[i + nl] = row_muladd(t + i, a[i], b, nl);
	redc_body(r, t, m, n0, nl);
}

MX_INLINE void sqr_body(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
			const unsigned int nl, hwc_u64 *t)
{
	unsigned char c;
	unsigned int i;

	/* Cross products once (row i against a[i+1..]), doubled, plus the diagonal squares. */
	for (i = 0; i < 2 * nl; i++)
		t[i] = 0;
	for (i = 0; i + 1 < nl; i++)
		t[i + nl] = row_muladd(t + 2 * i + 1, a[i], a + i + 1, nl - 1 - i);
	c = 0;
	for (i = 0; i < 2 * nl; i++) {
		hwc_u64 v = t[i];

		c = adcx(c, v, v, &t[i]);
	}
	c = 0;
	for (i = 0; i < nl; i++) {
		hwc_u64 hi, lo = mulx(a[i], a[i], &hi);

		c = adcx(c, t[2 * i], lo, &t[2 * i]);
		c = adcx(c, t[2 * i + 1], hi, &t[2 * i + 1]);
	}
	redc_body(r, t, m, n0, nl);
}

/* Fixed-size instances and the dispatch on nl. */
#define MX_SIZES(X) X(8) X(12) X(16) X(24) X(32) X(48) X(64)

#define MX_DEFINE(N)									\
static void mul_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		    hwc_u64 n0, hwc_u64 *t)						\
{ mul_body(r, a, b, m, n0, N, t); }							\
static void sqr_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
		    hwc_u64 *t)								\
{ sqr_body(r, a, m, n0, N, t); }							\
static void redc_##N(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0)		\
{ redc_body(r, a, m, n0, N); }
MX_SIZES(MX_DEFINE)

void hwc_bn_mul_mulx(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		     hwc_u64 n0, unsigned int nl, hwc_u64 *t)
{
	switch (nl) {
#define MX_CASE(N) case N: mul_##N(r, a, b, m, n0, t); return;
	MX_SIZES(MX_CASE)
#undef MX_CASE
	}
	mul_body(r, a, b, m, n0, nl, t);
}

void hwc_bn_sqr_mulx(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		     unsigned int nl, hwc_u64 *t)
{
	switch (nl) {
#define MX_CASE(N) case N: sqr_##N(r, a, m, n0, t); return;
	MX_SIZES(MX_CASE)
#undef MX_CASE
	}
	sqr_body(r, a, m, n0, nl, t);
}

void hwc_bn_redc_mulx(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl)
{
	switch (nl) {
#define MX_CASE(N) case N: redc_##N(r, a, m, n0); return;
	MX_SIZES(MX_CASE)
#undef MX_CASE
	}
	redc_body(r, a, m, n0, nl);
}

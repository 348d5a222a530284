// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time modular inversion by divsteps (Bernstein and Yang, "Fast constant-time gcd
 * computation and modular inversion", 2019), for the RSA private operation's unblinding.
 *
 * The divstep on (delta, f, g), f odd:
 *     delta > 0 and g odd:  (1 - delta, g, (g - f) / 2)
 *     g odd otherwise:      (1 + delta, f, (g + f) / 2)
 *     g even:               (1 + delta, f, g / 2)
 * Started at (1, m, a), g reaches 0 and f = +-gcd(m, a) = +-1 within
 * floor((49 D + 80) / 17) steps for m, a < 2^D (the paper's Theorem 11.2, D >= 46). The
 * count depends only on D = 64 nl, so every inversion of a given size runs the same steps.
 *
 * Batches. The choice each step makes depends only on delta and the low bits of f and g, and
 * step i needs i + 1 bits: 60 steps run on the low 64 bits alone, gathering their effect as a
 * matrix T with 2^60 (f', g') = T (f, g) and entries of at most 2^60 in magnitude. T is then
 * applied to the full numbers once: f and g by an exact signed division by 2^60, and to the
 * pair (d, e) with f = d a, g = e a (mod m), started at (0, 1), modulo m, where the division
 * by 2^60 first adds the multiple of m that clears the low 60 bits (Montgomery's trick, with
 * m^-1 mod 2^60). At the end f = +-1 = d a, so a^-1 = +-d. (60 rather than up to 62 steps:
 * two halves of 30, whose matrix rows fit one word each, are what make the steps cheap.)
 *
 * Representation: signed numbers in limbs of 60 bits in 64-bit words, the low limbs in
 * [0, 2^60) and the top one signed, so that a number's sign is its top limb's, and a row
 * of the matrix times two limbs plus a carry fits an __int128. |f|, |g| <= m throughout;
 * d and e stay in (-2m, m): before each batch a negative one counts with m added (in the
 * multiple of m), which keeps |T (d, e)| < 2^60 m, and the multiple added to clear the low
 * bits is taken in (-2^60, 0].
 *
 * Constant time: masks instead of branches in the steps and the corrections; loops run over
 * the limb count and the step count, both functions of nl alone.
 */
#include "../hwc_rsa.h"

typedef long long bn_s64;
typedef __int128 bn_s128;

#define LIMB_BITS	60
#define LIMB_MASK	((1ull << LIMB_BITS) - 1)

/* Hides a mask's origin from the optimiser, which could otherwise turn it into a branch. */
static inline hwc_u64 ct_barrier(hwc_u64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

/* Limbs of 60 bits: room for 64 nl + 2 signed bits and a spare one. */
static unsigned int inv_limbs(unsigned int nl)
{
	return 64 * nl / LIMB_BITS + 2;
}

hwc_size hwc_bn_modinv_ws_limbs(unsigned int nl)
{
	/* f, g, d, e, m */
	return 5 * (hwc_size)inv_limbs(nl);
}

/* The transition matrix of one batch, scaled by 2^60. */
struct inv_mat {
	bn_s64 u, v, q, r;
};

static void tolimbs(bn_s64 *r, const hwc_u64 *a, unsigned int nl, unsigned int l)
{
	unsigned int j;

	for (j = 0; j < l; j++) {
		unsigned int bit = LIMB_BITS * j, idx = bit / 64, sh = bit % 64;
		hwc_u64 v = 0;

		if (idx < nl) {
			v = a[idx] >> sh;
			if (sh > 64 - LIMB_BITS && idx + 1 < nl)
				v |= a[idx + 1] << (64 - sh);
		}
		r[j] = (bn_s64)(v & LIMB_MASK);
	}
}

/* Non-negative normalised limbs of a value below 2^(64 nl) to nl 64-bit limbs. */
static void fromlimbs(hwc_u64 *r, const bn_s64 *a, unsigned int nl, unsigned int l)
{
	unsigned int i, j;

	for (i = 0; i < nl; i++)
		r[i] = 0;
	for (j = 0; j < l; j++) {
		unsigned int bit = LIMB_BITS * j, idx = bit / 64, sh = bit % 64;
		hwc_u64 v = (hwc_u64)a[j];

		if (idx < nl)
			r[idx] |= v << sh;
		if (sh > 64 - LIMB_BITS && idx + 1 < nl)
			r[idx + 1] |= v >> (64 - sh);
	}
}

/* The unpacked rows (u, v) of a half batch: u + 2^32 v, |u|, |v| <= 2^30. */
static void unpack(bn_s64 *u, bn_s64 *v, hwc_u64 p)
{
	*u = (bn_s64)(p << 32) >> 32;
	*v = (bn_s64)(p - (hwc_u64)*u) >> 32;
}

/*
 * 60 divsteps on the low 64 bits of f and g, as two halves of 30; returns the new delta.
 * Instead of halving g, f and its row are doubled: after step i, 2^i (f_i, g_i) = T (f, g),
 * so T's rows need no division, and a half's T is scaled by 2^30, the batch's by 2^60.
 *
 * A step as selections, with o = g odd and s = o and delta > 0 (masks, s implies o):
 *     g = (g + (f & o) negated if delta > 0) / 2,   f = g (the old one) on s,
 * and the rows likewise. f and its row are kept negated while delta > 0 (fn, pfn), so that
 * the chain through g is and, neg, and, add, shift: with s, delta becomes 1 - delta <= 0
 * and the new fn is the old g; without, delta + 1 > 0 iff delta >= 0, so fn changes sign
 * only where delta was 0 (mask z). -delta is kept instead of delta (nd): delta > 0 is its
 * sign, and both 1 - delta and 1 + delta become one xor and one addition on it.
 *
 * Each row lives in one word, u + 2^32 v: the steps are linear, and 30 of them keep
 * |u|, |v| <= 2^30, so the halves never disturb each other (that is what splits the batch).
 * @h: room for the halves' matrices, wiped by the caller at the end.
 */
static bn_s64 divsteps60(bn_s64 delta, hwc_u64 f, hwc_u64 g, struct inv_mat *t,
			 struct inv_mat *h)
{
	hwc_u64 nd = 0 - (hwc_u64)delta, fn, dm;
	unsigned int k, i;

	dm = ct_barrier((hwc_u64)((bn_s64)nd >> 63));
	fn = (f ^ dm) - dm;
	for (k = 0; k < 2; k++) {
		hwc_u64 pfn = (1 ^ dm) - dm, pg = 1ull << 32;

		for (i = 0; i < LIMB_BITS / 2; i++) {
			hwc_u64 o = ct_barrier(0 - (g & 1));
			hwc_u64 s = ct_barrier(o & dm);
			hwc_u64 z = ct_barrier(dm ^ (hwc_u64)((bn_s64)(nd - 1) >> 63));
			hwc_u64 fz = (fn ^ z) - z, pz = (pfn ^ z) - z, g0 = g, pg0 = pg;

			g = (g + (fn & o)) >> 1;
			pg += pfn & o;
			fn = fz ^ ((fz ^ g0) & s);
			pfn = (pz ^ ((pz ^ pg0) & s)) << 1;
			/* -(1 - delta) = ~nd on s, -(1 + delta) = nd - 1 otherwise: (nd ^ s) + ~s */
			nd = (nd ^ s) + ~s;
			dm = ct_barrier((hwc_u64)((bn_s64)nd >> 63));
		}
		/* the f row with delta's sign taken off again */
		pfn = (pfn ^ dm) - dm;
		unpack(&h[k].u, &h[k].v, pfn);
		unpack(&h[k].q, &h[k].r, pg);
	}
	/* the second half's matrix times the first's */
	t->u = h[1].u * h[0].u + h[1].v * h[0].q;
	t->v = h[1].u * h[0].v + h[1].v * h[0].r;
	t->q = h[1].q * h[0].u + h[1].r * h[0].q;
	t->r = h[1].q * h[0].v + h[1].r * h[0].r;
	return (bn_s64)(0 - nd);
}

/* (f, g) = T (f, g) / 2^60, exact. */
static void update_fg(bn_s64 *f, bn_s64 *g, const struct inv_mat *t, unsigned int l)
{
	bn_s64 u = t->u, v = t->v, q = t->q, r = t->r;
	bn_s128 cf = ((bn_s128)u * f[0] + (bn_s128)v * g[0]) >> LIMB_BITS;
	bn_s128 cg = ((bn_s128)q * f[0] + (bn_s128)r * g[0]) >> LIMB_BITS;
	unsigned int i;

	for (i = 1; i < l; i++) {
		cf += (bn_s128)u * f[i] + (bn_s128)v * g[i];
		cg += (bn_s128)q * f[i] + (bn_s128)r * g[i];
		f[i - 1] = (bn_s64)((hwc_u64)cf & LIMB_MASK);
		g[i - 1] = (bn_s64)((hwc_u64)cg & LIMB_MASK);
		cf >>= LIMB_BITS;
		cg >>= LIMB_BITS;
	}
	f[l - 1] = (bn_s64)cf;
	g[l - 1] = (bn_s64)cg;
}

/* (d, e) = T (d, e) / 2^60 mod m, from (-2m, m) into (-2m, m) (see the head comment). */
static void update_de(bn_s64 *d, bn_s64 *e, const struct inv_mat *t, const bn_s64 *m,
		      hwc_u64 minv, unsigned int l)
{
	bn_s64 u = t->u, v = t->v, q = t->q, r = t->r;
	hwc_u64 sd = ct_barrier((hwc_u64)(d[l - 1] >> 63)), se = ct_barrier((hwc_u64)(e[l - 1] >> 63));
	hwc_u64 md = (u & sd) + (v & se), me = (q & sd) + (r & se);
	bn_s128 cd, ce;
	unsigned int i;

	/* m's multiples less what makes the low limb 0 mod 2^60: in (-2^61, 2^60] */
	md -= (minv * ((hwc_u64)u * d[0] + (hwc_u64)v * e[0] + md * m[0])) & LIMB_MASK;
	me -= (minv * ((hwc_u64)q * d[0] + (hwc_u64)r * e[0] + me * m[0])) & LIMB_MASK;
	cd = ((bn_s128)u * d[0] + (bn_s128)v * e[0] + (bn_s128)(bn_s64)md * m[0]) >> LIMB_BITS;
	ce = ((bn_s128)q * d[0] + (bn_s128)r * e[0] + (bn_s128)(bn_s64)me * m[0]) >> LIMB_BITS;
	for (i = 1; i < l; i++) {
		cd += (bn_s128)u * d[i] + (bn_s128)v * e[i] + (bn_s128)(bn_s64)md * m[i];
		ce += (bn_s128)q * d[i] + (bn_s128)r * e[i] + (bn_s128)(bn_s64)me * m[i];
		d[i - 1] = (bn_s64)((hwc_u64)cd & LIMB_MASK);
		e[i - 1] = (bn_s64)((hwc_u64)ce & LIMB_MASK);
		cd >>= LIMB_BITS;
		ce >>= LIMB_BITS;
	}
	d[l - 1] = (bn_s64)cd;
	e[l - 1] = (bn_s64)ce;
}

/* d += m if d < 0. */
static void add_m_if_negative(bn_s64 *d, const bn_s64 *m, unsigned int l)
{
	hwc_u64 s = ct_barrier((hwc_u64)(d[l - 1] >> 63));
	bn_s64 c = 0;
	unsigned int i;

	for (i = 0; i + 1 < l; i++) {
		c += d[i] + (bn_s64)((hwc_u64)m[i] & s);
		d[i] = (bn_s64)((hwc_u64)c & LIMB_MASK);
		c >>= LIMB_BITS;
	}
	d[l - 1] += (bn_s64)((hwc_u64)m[l - 1] & s) + c;
}

/* d = -d if s is all ones (s is 0 or all ones). */
static void negate_if(bn_s64 *d, hwc_u64 s, unsigned int l)
{
	bn_s64 c = 0;
	unsigned int i;

	s = ct_barrier(s);
	for (i = 0; i + 1 < l; i++) {
		c += (bn_s64)(((hwc_u64)d[i] ^ s) - s);
		d[i] = (bn_s64)((hwc_u64)c & LIMB_MASK);
		c >>= LIMB_BITS;
	}
	d[l - 1] = (bn_s64)(((hwc_u64)d[l - 1] ^ s) - s) + c;
}

void hwc_bn_modinv_ct(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, unsigned int nl,
		      hwc_u64 *ws)
{
	unsigned int l = inv_limbs(nl), i, nsteps = (49 * 64 * nl + 80) / 17;
	bn_s64 *f = (bn_s64 *)ws, *g = f + l, *d = g + l, *e = d + l, *mm = e + l;
	hwc_u64 minv = m[0];
	bn_s64 delta = 1;
	struct inv_mat t, h[2];

	/* m^-1 mod 2^64 by Newton's iteration: right in 3 bits, each step doubles them */
	for (i = 0; i < 5; i++)
		minv *= 2 - m[0] * minv;
	tolimbs(mm, m, nl, l);
	tolimbs(f, m, nl, l);
	tolimbs(g, a, nl, l);
	for (i = 0; i < l; i++)
		d[i] = e[i] = 0;
	e[0] = 1;
	for (i = 0; i < nsteps; i += LIMB_BITS) {
		delta = divsteps60(delta, (hwc_u64)f[0] | (hwc_u64)f[1] << LIMB_BITS,
				   (hwc_u64)g[0] | (hwc_u64)g[1] << LIMB_BITS, &t, h);
		update_fg(f, g, &t, l);
		update_de(d, e, &t, mm, minv, l);
	}
	/* f = +-1: a^-1 = +-d, brought from (-2m, m) into [0, m) */
	add_m_if_negative(d, mm, l);
	negate_if(d, (hwc_u64)(f[l - 1] >> 63), l);
	add_m_if_negative(d, mm, l);
	fromlimbs(r, d, nl, l);
	hwc_memzero_explicit(ws, hwc_bn_modinv_ws_limbs(nl) * sizeof(hwc_u64));
	hwc_memzero_explicit(&t, sizeof(t));
	hwc_memzero_explicit(h, sizeof(h));
}

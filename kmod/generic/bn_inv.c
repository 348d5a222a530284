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
 * step i needs i + 1 bits: 62 steps run on the low 64 bits alone, gathering their effect as a
 * matrix T with 2^62 (f', g') = T (f, g) and entries of at most 2^62 in magnitude. T is then
 * applied to the full numbers once: f and g by an exact signed division by 2^62, and to the
 * pair (d, e) with f = d a, g = e a (mod m), started at (0, 1), modulo m, where the division
 * by 2^62 first adds the multiple of m that clears the low 62 bits (Montgomery's trick, with
 * m^-1 mod 2^62). At the end f = +-1 = d a, so a^-1 = +-d.
 *
 * Representation: signed numbers in limbs of 62 bits in 64-bit words, the low limbs in
 * [0, 2^62) and the top one signed, so that a number's sign is its top limb's, and a row
 * of the matrix times two limbs plus a carry fits an __int128. |f|, |g| <= m throughout;
 * d and e stay in (-2m, m): before each batch a negative one counts with m added (in the
 * multiple of m), which keeps |T (d, e)| < 2^62 m, and the multiple added to clear the low
 * bits is taken in (-2^62, 0].
 *
 * Constant time: masks instead of branches in the steps and the corrections; loops run over
 * the limb count and the step count, both functions of nl alone.
 */
#include "../hwc_rsa.h"

typedef long long bn_s64;
typedef __int128 bn_s128;

#define LIMB_BITS	62
#define LIMB_MASK	((1ull << LIMB_BITS) - 1)

/* Hides a mask's origin from the optimiser, which could otherwise turn it into a branch. */
static inline hwc_u64 ct_barrier(hwc_u64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

/* Limbs of 62 bits: room for 64 nl + 2 signed bits and a spare one. */
static unsigned int inv_limbs(unsigned int nl)
{
	return 64 * nl / LIMB_BITS + 2;
}

hwc_size hwc_bn_modinv_ws_limbs(unsigned int nl)
{
	/* f, g, d, e, m */
	return 5 * (hwc_size)inv_limbs(nl);
}

/* The transition matrix of one batch, scaled by 2^62. */
struct inv_mat {
	bn_s64 u, v, q, r;
};

static void to62(bn_s64 *r, const hwc_u64 *a, unsigned int nl, unsigned int l)
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
static void from62(hwc_u64 *r, const bn_s64 *a, unsigned int nl, unsigned int l)
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

/*
 * 62 divsteps on the low 64 bits of f and g; returns the new delta. Instead of halving g, f
 * and its row are doubled: after step i, 2^i (f_i, g_i) = T (f, g), so T's rows need no
 * division and after 62 steps T is the batch's matrix scaled by 2^62.
 */
static bn_s64 divsteps62(bn_s64 delta, hwc_u64 f, hwc_u64 g, struct inv_mat *t)
{
	hwc_u64 u = 1, v = 0, q = 0, r = 1, dl = (hwc_u64)delta;
	unsigned int i;

	for (i = 0; i < LIMB_BITS; i++) {
		/* g odd; delta > 0 (|delta| is far below 2^63: -delta's sign bit says it) */
		hwc_u64 odd = ct_barrier(0 - (g & 1));
		hwc_u64 sw = ct_barrier(odd & (0 - ((0 - dl) >> 63)));
		hwc_u64 x;

		/* on sw: (delta, f, g) = (-delta, g, -f), rows likewise */
		dl = (dl ^ sw) - sw;
		x = (f ^ g) & sw;
		f ^= x;
		g ^= x;
		g = (g ^ sw) - sw;
		x = (u ^ q) & sw;
		u ^= x;
		q ^= x;
		q = (q ^ sw) - sw;
		x = (v ^ r) & sw;
		v ^= x;
		r ^= x;
		r = (r ^ sw) - sw;
		/* g odd (still, after a swap: -f is odd): g + f is even */
		g += f & odd;
		q += u & odd;
		r += v & odd;
		g >>= 1;
		u <<= 1;
		v <<= 1;
		dl++;
	}
	t->u = (bn_s64)u;
	t->v = (bn_s64)v;
	t->q = (bn_s64)q;
	t->r = (bn_s64)r;
	return (bn_s64)dl;
}

/* (f, g) = T (f, g) / 2^62, exact. */
static void update_fg(bn_s64 *f, bn_s64 *g, const struct inv_mat *t, unsigned int l)
{
	bn_s128 cf = (bn_s128)t->u * f[0] + (bn_s128)t->v * g[0];
	bn_s128 cg = (bn_s128)t->q * f[0] + (bn_s128)t->r * g[0];
	unsigned int i;

	cf >>= LIMB_BITS;
	cg >>= LIMB_BITS;
	for (i = 1; i < l; i++) {
		cf += (bn_s128)t->u * f[i] + (bn_s128)t->v * g[i];
		cg += (bn_s128)t->q * f[i] + (bn_s128)t->r * g[i];
		f[i - 1] = (bn_s64)((hwc_u64)cf & LIMB_MASK);
		g[i - 1] = (bn_s64)((hwc_u64)cg & LIMB_MASK);
		cf >>= LIMB_BITS;
		cg >>= LIMB_BITS;
	}
	f[l - 1] = (bn_s64)cf;
	g[l - 1] = (bn_s64)cg;
}

/* (d, e) = T (d, e) / 2^62 mod m, from (-2m, m) into (-2m, m) (see the head comment). */
static void update_de(bn_s64 *d, bn_s64 *e, const struct inv_mat *t, const bn_s64 *m,
		      hwc_u64 minv, unsigned int l)
{
	hwc_u64 sd = ct_barrier((hwc_u64)(d[l - 1] >> 63)), se = ct_barrier((hwc_u64)(e[l - 1] >> 63));
	hwc_u64 md = (t->u & sd) + (t->v & se), me = (t->q & sd) + (t->r & se);
	bn_s128 cd, ce;
	unsigned int i;

	/* m's multiples less what makes the low limb 0 mod 2^62: in (-2^63, 2^62] */
	md -= (minv * ((hwc_u64)t->u * d[0] + (hwc_u64)t->v * e[0] + md * m[0])) & LIMB_MASK;
	me -= (minv * ((hwc_u64)t->q * d[0] + (hwc_u64)t->r * e[0] + me * m[0])) & LIMB_MASK;
	cd = (bn_s128)t->u * d[0] + (bn_s128)t->v * e[0] + (bn_s128)(bn_s64)md * m[0];
	ce = (bn_s128)t->q * d[0] + (bn_s128)t->r * e[0] + (bn_s128)(bn_s64)me * m[0];
	cd >>= LIMB_BITS;
	ce >>= LIMB_BITS;
	for (i = 1; i < l; i++) {
		cd += (bn_s128)t->u * d[i] + (bn_s128)t->v * e[i] + (bn_s128)(bn_s64)md * m[i];
		ce += (bn_s128)t->q * d[i] + (bn_s128)t->r * e[i] + (bn_s128)(bn_s64)me * m[i];
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
	struct inv_mat t;

	/* m^-1 mod 2^64 by Newton's iteration: right in 3 bits, each step doubles them */
	for (i = 0; i < 5; i++)
		minv *= 2 - m[0] * minv;
	to62(mm, m, nl, l);
	to62(f, m, nl, l);
	to62(g, a, nl, l);
	for (i = 0; i < l; i++)
		d[i] = e[i] = 0;
	e[0] = 1;
	for (i = 0; i < nsteps; i += LIMB_BITS) {
		delta = divsteps62(delta, (hwc_u64)f[0] | (hwc_u64)f[1] << LIMB_BITS,
				   (hwc_u64)g[0] | (hwc_u64)g[1] << LIMB_BITS, &t);
		update_fg(f, g, &t, l);
		update_de(d, e, &t, mm, minv, l);
	}
	/* f = +-1: a^-1 = +-d, brought from (-2m, m) into [0, m) */
	add_m_if_negative(d, mm, l);
	negate_if(d, (hwc_u64)(f[l - 1] >> 63), l);
	add_m_if_negative(d, mm, l);
	from62(r, d, nl, l);
	hwc_memzero_explicit(ws, hwc_bn_modinv_ws_limbs(nl) * sizeof(hwc_u64));
	hwc_memzero_explicit(&t, sizeof(t));
}

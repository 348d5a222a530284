// SPDX-License-Identifier: GPL-2.0
/*
 * Whole modular exponentiation on AVX-512 IFMA (vpmadd52luq/vpmadd52huq): the "ifma" tier's
 * modexp2 hook. Its mul/sqr/redc are the adx tier's; only the exponentiation, where nearly
 * all of a private operation's time goes, runs in radix 2^52.
 *
 * Representation. A number below 2^(52 K) is K digits of 52 bits, one per 64-bit lane, in
 * NV = ceil(K / 8) zmm vectors, lanes K.. zero. K = ceil((64 nl + 2) / 52), so that the
 * modulus m < 2^(64 nl) stays below R'/4, R' = 2^(52 K).
 *
 * Almost-Montgomery multiplication (Gueron-Krasnov): for every digit b_i of B, the low halves
 * of A b_i are added to the accumulator, q = acc_0 * k0 mod 2^52 (k0 = -m^-1 mod 2^52) is
 * taken from lane 0 (vpmadd52luq only reads the low 52 bits of its factors, so acc_0 may be
 * unnormalised), the low halves of M q are added (acc_0 becomes 0 mod 2^52), the accumulator
 * moves down one lane (valignq) taking acc_0 >> 52 along, and the high halves of A b_i and
 * M q, which belong one digit up, are added where they now are. Lanes grow by at most four
 * 52-bit terms per step, so K <= 64 steps stay far below 2^64: carries are propagated once,
 * at the end. The result (A B + Q M) / R' is below 2m for A, B < 2m and 4m < R', so results
 * feed back in without any conditional subtraction; the fully reduced value is made only when
 * leaving (a masked subtraction in the 64-bit domain).
 *
 * Normalisation without a carry loop: one vector step adds each lane's bits above 52 to the
 * next lane, leaving every lane below 2^52 + 2^12; then the single carries that remain are
 * resolved at once, as in a carry-lookahead adder, on bit masks: with G the lanes >= 2^52
 * (generate) and P the lanes == 2^52 - 1 (propagate), the lanes receiving a carry are
 * ((G << 1) + P) ^ P, an ordinary integer addition on a 64-bit mask (K <= 64).
 *
 * Domains. Inputs and output are in the 64-bit tier's Montgomery form x R, R = 2^(64 nl).
 * With F = R'^2 / R mod m = R 2^(2 d), d = 52 K - 64 nl (made by 2 d modular doublings of
 * R mod m, public count), amm(x R, F) = x R' enters; amm(y R', R mod m) = y R leaves.
 *
 * Exponentiation: fixed windows over both exponents with the squarings shared, as in the
 * generic hwc_bn_modexp2_ct(), both CRT halves at once (two independent chains per step); a2
 * NULL, the single power the private op uses, builds and reads the first table only. For two
 * powers and up to 3 vectors a window also multiplies its two table entries together beside its
 * first squaring (four chains), so that only one multiplication per window waits on the
 * accumulator.
 * Vector code runs in sections of IFMA_STEPS_PER_SECTION windows between the caller's
 * simd_begin/simd_end hooks (kernel_fpu_begin/end), the caller's yield hook between them.
 *
 * Constant time: every branch and loop bound depends on nl, K, the window size and the
 * window count, all public (key size); the table lookup reads every entry and combines it
 * with an all-ones or all-zeros mask; no memory index is derived from secret data.
 */
#include "hwc_arch_cores.h"
#include <immintrin.h>

#if !defined(__AVX512F__) || !defined(__AVX512IFMA__)
#error "build this file with -mavx512f -mavx512ifma"
#endif

#define MASK52		0xfffffffffffffULL
/*
 * K <= 48 digits: primes up to 2432 bits (CRT keys up to 4864 bits, plain moduli up to 2432);
 * beyond, two accumulators of 7-8 vectors spill over the kernel's 2 KiB frame limit, and the
 * generic exponentiation on adx's multiplication runs instead.
 */
#define IFMA_NVMAX	6

typedef __m512i v8;

/* Window steps per SIMD section in the kernel (about 60 multiplications at most). */
#define IFMA_STEPS_PER_SECTION	8

static unsigned int ifma_digits(unsigned int nl)
{
	return (64 * nl + 2 + 51) / 52;
}

/* One modulus' operands of an amm: r = a b / R' mod m (almost), a, m vectors, b digits. */
struct amm_op {
	v8 *r;
	const v8 *a, *m;
	const hwc_u64 *b;
	hwc_u64 k0;
};

/*
 * @l independent multiplications (two: the CRT halves) in one loop: each step's chain through
 * lane 0 (q, then M q, then the shift) is latency bound, and the other modulus' chain fills
 * the issue slots it leaves.
 */
static __attribute__((always_inline)) inline void
amm_nv(const struct amm_op *op, unsigned int k, const unsigned int l, const unsigned int nv)
{
	v8 acc[4][IFMA_NVMAX], c[IFMA_NVMAX], zero = _mm512_setzero_si512();
	v8 maskv = _mm512_set1_epi64((long long)MASK52), onev = _mm512_set1_epi64(1);
	v8 k0v[4], a0k0[4];
	unsigned int i, v, x;

	_Pragma("GCC unroll 4")
	for (x = 0; x < l; x++) {
		k0v[x] = _mm512_set1_epi64((long long)op[x].k0);
		a0k0[x] = _mm512_madd52lo_epu64(zero, _mm512_broadcastq_epi64(
							_mm512_castsi512_si128(op[x].a[0])), k0v[x]);
		_Pragma("GCC unroll 8")
		for (v = 0; v < nv; v++)
			acc[x][v] = zero;
	}
	for (i = 0; i < k; i++) {
		_Pragma("GCC unroll 4")
		for (x = 0; x < l; x++) {
			v8 bi = _mm512_set1_epi64((long long)op[x].b[i]), q, cy, h[IFMA_NVMAX];
			const v8 *a = op[x].a, *m = op[x].m;
			v8 *ac = acc[x];

			/*
			 * q = (acc_0 + a_0 b_i) k0 = acc_0 k0 + (a_0 k0) b_i mod 2^52: the second
			 * term does not wait for the accumulator, which shortens the chain by one
			 * multiplication. q may exceed 2^52; its users read only the low 52 bits.
			 */
			q = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(zero, a0k0[x], bi),
						  _mm512_broadcastq_epi64(_mm512_castsi512_si128(ac[0])),
						  k0v[x]);
			_Pragma("GCC unroll 8")
			for (v = 0; v < nv; v++)
				ac[v] = _mm512_madd52lo_epu64(ac[v], a[v], bi);
			/*
			 * Adding M q makes lane 0, x = acc_0 + a_0 b_i so far, the next multiple of
			 * 2^52: its carry is ceil(x / 2^52), known before q. It joins the high halves
			 * of A b_i, which are added after the shift, all off the q chain.
			 */
			cy = _mm512_maskz_srli_epi64(1, _mm512_add_epi64(ac[0], maskv), 52);
			h[0] = _mm512_madd52hi_epu64(cy, a[0], bi);
			_Pragma("GCC unroll 8")
			for (v = 1; v < nv; v++)
				h[v] = _mm512_madd52hi_epu64(zero, a[v], bi);
			_Pragma("GCC unroll 8")
			for (v = 0; v < nv; v++)
				ac[v] = _mm512_madd52lo_epu64(ac[v], m[v], q);
			_Pragma("GCC unroll 8")
			for (v = 0; v < nv; v++)
				h[v] = _mm512_madd52hi_epu64(h[v], m[v], q);
			_Pragma("GCC unroll 8")
			for (v = 0; v + 1 < nv; v++)
				ac[v] = _mm512_add_epi64(_mm512_alignr_epi64(ac[v + 1], ac[v], 1), h[v]);
			ac[nv - 1] = _mm512_add_epi64(_mm512_alignr_epi64(zero, ac[nv - 1], 1),
						      h[nv - 1]);
		}
	}
	_Pragma("GCC unroll 4")
	for (x = 0; x < l; x++) {
		v8 *ac = acc[x];
		hwc_u64 g = 0, p = 0, cin;

		/* Bits above 52 of every lane into the next lane. */
		_Pragma("GCC unroll 8")
		for (v = 0; v < nv; v++)
			c[v] = _mm512_srli_epi64(ac[v], 52);
		_Pragma("GCC unroll 8")
		for (v = nv; v-- > 1;)
			ac[v] = _mm512_add_epi64(_mm512_and_si512(ac[v], maskv),
						 _mm512_alignr_epi64(c[v], c[v - 1], 7));
		ac[0] = _mm512_add_epi64(_mm512_and_si512(ac[0], maskv),
					 _mm512_alignr_epi64(c[0], zero, 7));
		/* The remaining single carries, resolved on masks. */
		_Pragma("GCC unroll 8")
		for (v = 0; v < nv; v++) {
			g |= (hwc_u64)_mm512_cmpgt_epu64_mask(ac[v], maskv) << (8 * v);
			p |= (hwc_u64)_mm512_cmpeq_epu64_mask(ac[v], maskv) << (8 * v);
		}
		cin = ((g << 1) + p) ^ p;
		_Pragma("GCC unroll 8")
		for (v = 0; v < nv; v++) {
			__mmask8 kc = (__mmask8)(cin >> (8 * v));

			op[x].r[v] = _mm512_and_si512(_mm512_mask_add_epi64(ac[v], kc, ac[v], onev),
						      maskv);
		}
	}
}

#define AMM_NV(N)								\
static void amm1_##N(const struct amm_op *op, unsigned int k)			\
{										\
	amm_nv(op, k, 1, N);							\
}										\
static void amm2_##N(const struct amm_op *op, unsigned int k)			\
{										\
	amm_nv(op, k, 2, N);							\
}
AMM_NV(2)
AMM_NV(3)

/* Four chains (both moduli's squaring and table product) for the small sizes only: */
static void amm4_2(const struct amm_op *op, unsigned int k)
{
	amm_nv(op, k, 4, 2);
}

static void amm4_3(const struct amm_op *op, unsigned int k)
{
	amm_nv(op, k, 4, 3);
}
AMM_NV(4)
AMM_NV(5)
AMM_NV(6)

typedef void amm_fn(const struct amm_op *op, unsigned int k);

static amm_fn *const amm_fns[2][IFMA_NVMAX + 1] = {
	{ NULL, NULL, amm1_2, amm1_3, amm1_4, amm1_5, amm1_6 },
	{ NULL, NULL, amm2_2, amm2_3, amm2_4, amm2_5, amm2_6 },
};

/* 64-bit limbs -> 52-bit digits over nv vectors (a < 2^(64 nl) <= 2^(52 K)). */
static void to_digits(hwc_u64 *d, const hwc_u64 *a, unsigned int nl, unsigned int nv)
{
	unsigned int j;

	for (j = 0; j < 8 * nv; j++) {
		unsigned int bit = 52 * j, idx = bit / 64, sh = bit % 64;
		hwc_u64 v = 0;

		if (idx < nl) {
			v = a[idx] >> sh;
			if (sh > 12 && idx + 1 < nl)
				v |= a[idx + 1] << (64 - sh);
		}
		d[j] = v & MASK52;
	}
}

/* Normalised digits (value < 2^(64 nl + 1)) -> nl limbs; returns bit 64 nl. */
static hwc_u64 from_digits(hwc_u64 *a, const hwc_u64 *d, unsigned int nl, unsigned int k)
{
	unsigned int i, j;
	hwc_u64 top = 0;

	for (i = 0; i < nl; i++)
		a[i] = 0;
	for (j = 0; j < k; j++) {
		unsigned int bit = 52 * j, idx = bit / 64, sh = bit % 64;

		if (idx < nl)
			a[idx] |= d[j] << sh;
		else if (idx == nl)
			top |= d[j] << sh;
		if (sh > 12) {
			if (idx + 1 < nl)
				a[idx + 1] |= d[j] >> (64 - sh);
			else if (idx + 1 == nl)
				top |= d[j] >> (64 - sh);
		}
	}
	return top & 1;
}

static hwc_u64 ct_mask_eq(hwc_u64 a, hwc_u64 b)
{
	hwc_u64 x = a ^ b;

	/* all ones iff x == 0, without a branch */
	return ((x | (0 - x)) >> 63) - 1;
}

/*
 * r = table[digit]: every entry read and ANDed with its mask (one vpternlogq: r | (e & mask)),
 * the sums in registers (through memory each OR would wait for the previous store).
 */
static __attribute__((always_inline)) inline void
select_nv(v8 *r, const v8 *table, unsigned int n, hwc_u64 digit, const unsigned int nv)
{
	v8 s[IFMA_NVMAX];
	unsigned int i, v;

	_Pragma("GCC unroll 8")
	for (v = 0; v < nv; v++)
		s[v] = _mm512_setzero_si512();
	for (i = 0; i < n; i++, table += nv) {
		v8 mk = _mm512_set1_epi64((long long)ct_mask_eq(i, digit));

		_Pragma("GCC unroll 8")
		for (v = 0; v < nv; v++)
			s[v] = _mm512_ternarylogic_epi64(s[v], table[v], mk, 0xf8);
	}
	_Pragma("GCC unroll 8")
	for (v = 0; v < nv; v++)
		r[v] = s[v];
}

#define SELECT_NV(N)								\
static void select_##N(v8 *r, const v8 *table, unsigned int n, hwc_u64 digit)	\
{										\
	select_nv(r, table, n, digit, N);					\
}
SELECT_NV(2)
SELECT_NV(3)
SELECT_NV(4)
SELECT_NV(5)
SELECT_NV(6)

static void ifma_select(v8 *r, const v8 *table, unsigned int n, unsigned int nv, hwc_u64 digit)
{
	static void (*const fns[IFMA_NVMAX + 1])(v8 *, const v8 *, unsigned int, hwc_u64) = {
		NULL, NULL, select_2, select_3, select_4, select_5, select_6,
	};

	fns[nv](r, table, n, digit);
}

static unsigned int ifma_window_bits(unsigned int ebits)
{
	return ebits <= 640 ? 4 : ebits <= 2560 ? 5 : 6;
}

hwc_size hwc_bn_modexp2_ifma_ws_limbs(unsigned int nl, unsigned int ebits)
{
	hwc_size nv = (ifma_digits(nl) + 7) / 8;

	/* per modulus (two): two tables, m, F, acc, sel, two inputs, one; 64-byte alignment */
	return 2 * (2 * ((hwc_size)1 << ifma_window_bits(ebits)) + 8) * 8 * nv + 8;
}

static void simd_begin(const struct hwc_rsa_yield *y)
{
	if (y && y->simd_begin)
		y->simd_begin(y->arg);
}

static void simd_end(const struct hwc_rsa_yield *y)
{
	if (y && y->simd_end)
		y->simd_end(y->arg);
	if (y && y->fn)
		y->fn(y->arg);
}

/* One modulus' slices of the workspace. */
struct ifma_mod {
	v8 *tab1, *tab2, *m, *f, *acc, *sel, *x1, *x2, *one;
	hwc_u64 k0;
};

/* r[x] = amm(a[x], b[x]) mod m[x] for the @l moduli at once. */
static void amm_l(amm_fn *amm, const struct ifma_mod *md, unsigned int l, unsigned int k,
		  v8 *const *r, v8 *const *a, v8 *const *b)
{
	struct amm_op op[4];
	unsigned int x;

	for (x = 0; x < l; x++) {
		op[x].r = r[x];
		op[x].a = a[x];
		op[x].b = (const hwc_u64 *)b[x];
		op[x].m = md[x % 2].m;
		op[x].k0 = md[x % 2].k0;
	}
	amm(op, k);
}

int hwc_bn_modexp2_ifma(const struct hwc_bn_exp2 *xp, unsigned int l, unsigned int e1limbs,
			unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
			const struct hwc_rsa_yield *y)
{
	unsigned int nl = xp[0].ctx->nl, k = ifma_digits(nl), nv = (k + 7) / 8;
	unsigned int w = ifma_window_bits(ebits), n = 1u << w, nwin = (ebits + w - 1) / w;
	unsigned int i, j, x, d2 = 2 * (52 * k - 64 * nl), two = xp[0].a2 != NULL;
	hwc_u64 *base = (hwc_u64 *)(((unsigned long)ws + 63) & ~63ul);
	struct ifma_mod md[2];
	v8 *r[2], *a[2], *b[2];
	amm_fn *amm, *amm4;

	if (nv < 2 || nv > IFMA_NVMAX || l < 1 || l > 2 ||
	    (l == 2 && (xp[1].ctx->nl != nl || (xp[1].a2 != NULL) != two)) ||
	    (y && y->simd_usable && !y->simd_usable(y->arg)))
		return -1;
	amm = amm_fns[l - 1][nv];
	/*
	 * four chains only where they fit in registers (a 2 KiB kernel frame otherwise), and only
	 * for two powers: a single one has no product of table entries to run beside
	 */
	amm4 = !two || l != 2 ? NULL : nv == 2 ? amm4_2 : nv == 3 ? amm4_3 : NULL;

	for (x = 0; x < l; x++) {
		const struct hwc_bn_mont *ctx = xp[x].ctx;
		struct ifma_mod *d = &md[x];
		hwc_u64 *rr = xp[x].r;

		d->tab1 = (v8 *)base + x * (2 * n + 8) * nv;
		d->tab2 = d->tab1 + n * nv;
		d->m = d->tab2 + n * nv;
		d->f = d->m + nv;
		d->acc = d->f + nv;
		d->sel = d->acc + nv;
		d->x1 = d->sel + nv;
		d->x2 = d->x1 + nv;
		d->one = d->x2 + nv;
		d->k0 = ctx->n0 & MASK52;
		/* F = R 2^(2d) mod m by doublings of R mod m, in the 64-bit domain; r as scratch. */
		for (j = 0; j < nl; j++)
			rr[j] = ctx->one[j];
		for (i = 0; i < d2; i++)
			hwc_bn_modadd(rr, rr, rr, ctx->m, nl);
		to_digits((hwc_u64 *)d->f, rr, nl, nv);
		to_digits((hwc_u64 *)d->m, ctx->m, nl, nv);
		to_digits((hwc_u64 *)d->one, ctx->one, nl, nv);
		to_digits((hwc_u64 *)d->x1, xp[x].a1, nl, nv);
		if (two)
			to_digits((hwc_u64 *)d->x2, xp[x].a2, nl, nv);
	}

	simd_begin(y);
	/* Into radix 2^52 Montgomery form: tab[0] = R', tab[1] = x R'. */
	for (x = 0; x < l; x++) {
		r[x] = md[x].tab1; a[x] = md[x].one; b[x] = md[x].f;
	}
	amm_l(amm, md, l, k, r, a, b);
	for (x = 0; x < l; x++) {
		r[x] = md[x].tab1 + nv; a[x] = md[x].x1;
	}
	amm_l(amm, md, l, k, r, a, b);
	if (two) {
		for (x = 0; x < l; x++) {
			r[x] = md[x].tab2 + nv; a[x] = md[x].x2;
			for (j = 0; j < nv; j++)
				md[x].tab2[j] = md[x].tab1[j];
		}
		amm_l(amm, md, l, k, r, a, b);
	}
	for (i = 2; i < n; i++) {
		for (x = 0; x < l; x++) {
			unsigned int src = i % 2 ? i - 1 : i / 2, mul = i % 2 ? 1 : i / 2;

			r[x] = md[x].tab1 + i * nv; a[x] = md[x].tab1 + src * nv;
			b[x] = md[x].tab1 + mul * nv;
		}
		amm_l(amm, md, l, k, r, a, b);
		if (!two)
			continue;
		for (x = 0; x < l; x++) {
			unsigned int src = i % 2 ? i - 1 : i / 2, mul = i % 2 ? 1 : i / 2;

			r[x] = md[x].tab2 + i * nv; a[x] = md[x].tab2 + src * nv;
			b[x] = md[x].tab2 + mul * nv;
		}
		amm_l(amm, md, l, k, r, a, b);
	}
	/* the tables are a section of their own: about as long as IFMA_STEPS_PER_SECTION windows */
	simd_end(y);
	simd_begin(y);
	for (x = 0; x < l; x++) {
		ifma_select(md[x].acc, md[x].tab1, n, nv,
			    hwc_bn_exp_digit(xp[x].e1, e1limbs, (nwin - 1) * w, w));
		if (two)
			ifma_select(md[x].sel, md[x].tab2, n, nv,
				    hwc_bn_exp_digit(xp[x].e2, e2limbs, (nwin - 1) * w, w));
		r[x] = a[x] = md[x].acc; b[x] = md[x].sel;
	}
	if (two)
		amm_l(amm, md, l, k, r, a, b);
	for (i = nwin - 1, j = 0; i-- > 0; j++) {
		unsigned int s;

		if (j == IFMA_STEPS_PER_SECTION) {
			simd_end(y);
			simd_begin(y);
			j = 0;
		}
		for (x = 0; x < l; x++) {
			ifma_select(md[x].sel, md[x].tab1, n, nv, hwc_bn_exp_digit(xp[x].e1, e1limbs, i * w, w));
			if (two)
				ifma_select(md[x].x1, md[x].tab2, n, nv,
					    hwc_bn_exp_digit(xp[x].e2, e2limbs, i * w, w));
		}
		s = 0;
		if (amm4) {
			/*
			 * The product of the two table entries does not depend on the accumulator:
			 * it runs as two more chains beside the first squarings, and the window
			 * then needs one multiplication into the accumulator instead of two.
			 */
			v8 *r4[4], *a4[4], *b4[4];

			for (x = 0; x < 2; x++) {
				r4[x] = a4[x] = b4[x] = md[x].acc;
				r4[x + 2] = a4[x + 2] = md[x].sel;
				b4[x + 2] = md[x].x1;
			}
			amm_l(amm4, md, 4, k, r4, a4, b4);
			s = 1;
		}
		for (x = 0; x < l; x++)
			r[x] = a[x] = b[x] = md[x].acc;
		for (; s < w; s++)
			amm_l(amm, md, l, k, r, a, b);
		for (x = 0; x < l; x++)
			b[x] = md[x].sel;
		amm_l(amm, md, l, k, r, a, b);
		if (two && !amm4) {
			for (x = 0; x < l; x++)
				b[x] = md[x].x1;
			amm_l(amm, md, l, k, r, a, b);
		}
	}
	/* Out: y R' * (R mod m) / R' = y R, below 2m. */
	for (x = 0; x < l; x++) {
		for (j = 0; j < nv; j++)
			md[x].sel[j] = md[x].acc[j];
		r[x] = md[x].acc; a[x] = md[x].sel; b[x] = md[x].one;
	}
	amm_l(amm, md, l, k, r, a, b);
	simd_end(y);
	for (x = 0; x < l; x++) {
		hwc_u64 top = from_digits(xp[x].r, (const hwc_u64 *)md[x].acc, nl, k);

		hwc_bn_csub(xp[x].r, xp[x].r, top, xp[x].ctx->m, nl);
	}
	hwc_memzero_explicit(ws, hwc_bn_modexp2_ifma_ws_limbs(nl, ebits) * sizeof(hwc_u64));
	return 0;
}

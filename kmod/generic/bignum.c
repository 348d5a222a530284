// SPDX-License-Identifier: GPL-2.0
/* Constant-time Montgomery arithmetic on 64-bit limbs: portable C tier and shared helpers. */
#include "../hwc_rsa.h"

typedef unsigned __int128 u128;

/*
 * Masks are built arithmetically; the empty asm hides their origin from the optimiser so that it
 * cannot turn a mask-select back into a branch or a cmov on a secret.
 */
static inline hwc_u64 ct_barrier(hwc_u64 x)
{
	__asm__("" : "+r"(x));
	return x;
}

/* All ones if x == 0, else 0. */
static inline hwc_u64 ct_is_zero(hwc_u64 x)
{
	return ct_barrier(0 - ((~x & (x - 1)) >> 63));
}

hwc_u64 hwc_bn_n0(hwc_u64 m0)
{
	/* Newton's iteration for m0^-1 mod 2^64: m0 itself is right in 3 bits, each step doubles. */
	hwc_u64 inv = m0;
	int i;

	for (i = 0; i < 5; i++)
		inv *= 2 - m0 * inv;
	return 0 - inv;
}

hwc_u64 hwc_bn_sub(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, unsigned int nl)
{
	hwc_u64 borrow = 0;
	unsigned int i;

	for (i = 0; i < nl; i++) {
		u128 d = (u128)a[i] - b[i] - borrow;

		r[i] = (hwc_u64)d;
		borrow = (hwc_u64)(d >> 64) & 1;
	}
	return borrow;
}

hwc_u64 hwc_bn_add(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, unsigned int nl)
{
	hwc_u64 carry = 0;
	unsigned int i;

	for (i = 0; i < nl; i++) {
		u128 s = (u128)a[i] + b[i] + carry;

		r[i] = (hwc_u64)s;
		carry = (hwc_u64)(s >> 64);
	}
	return carry;
}

void hwc_bn_csub(hwc_u64 *r, const hwc_u64 *a, hwc_u64 top, const hwc_u64 *m, unsigned int nl)
{
	hwc_u64 borrow = 0, keep;
	unsigned int i;

	/* First pass: only the borrow of a - m; r may alias a, so nothing is stored yet. */
	for (i = 0; i < nl; i++) {
		u128 d = (u128)a[i] - m[i] - borrow;

		borrow = (hwc_u64)(d >> 64) & 1;
	}
	/* Keep a when it was below m: a borrow out of the low limbs that top cannot absorb. */
	keep = ct_barrier(0 - (borrow & (top ^ 1)));
	borrow = 0;
	for (i = 0; i < nl; i++) {
		u128 d = (u128)a[i] - m[i] - borrow;

		borrow = (hwc_u64)(d >> 64) & 1;
		r[i] = (a[i] & keep) | ((hwc_u64)d & ~keep);
	}
}

void hwc_bn_modadd(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   unsigned int nl)
{
	hwc_u64 top = hwc_bn_add(r, a, b, nl);

	hwc_bn_csub(r, r, top, m, nl);
}

void hwc_bn_modsub(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   unsigned int nl)
{
	hwc_u64 mask = 0 - hwc_bn_sub(r, a, b, nl), carry = 0;
	unsigned int i;

	mask = ct_barrier(mask);
	for (i = 0; i < nl; i++) {
		u128 s = (u128)r[i] + (m[i] & mask) + carry;

		r[i] = (hwc_u64)s;
		carry = (hwc_u64)(s >> 64);
	}
}

void hwc_bn_modhalf(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, unsigned int nl)
{
	/* An odd a becomes even by adding the odd m; the sum has nl * 64 + 1 bits. */
	hwc_u64 mask = ct_barrier(0 - (a[0] & 1)), carry = 0;
	unsigned int i;

	for (i = 0; i < nl; i++) {
		u128 s = (u128)a[i] + (m[i] & mask) + carry;

		r[i] = (hwc_u64)s;
		carry = (hwc_u64)(s >> 64);
	}
	for (i = 0; i + 1 < nl; i++)
		r[i] = (r[i] >> 1) | (r[i + 1] << 63);
	r[nl - 1] = (r[nl - 1] >> 1) | (carry << 63);
}

void hwc_bn_select(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, hwc_u64 mask,
		   unsigned int nl)
{
	unsigned int i;

	mask = ct_barrier(mask);
	for (i = 0; i < nl; i++)
		r[i] = (a[i] & mask) | (b[i] & ~mask);
}

hwc_u64 hwc_bn_eq_mask(const hwc_u64 *a, const hwc_u64 *b, unsigned int nl)
{
	hwc_u64 acc = 0;
	unsigned int i;

	for (i = 0; i < nl; i++)
		acc |= a[i] ^ b[i];
	return ct_is_zero(acc);
}

int hwc_bn_from_bytes(hwc_u64 *r, unsigned int nl, const hwc_u8 *in, hwc_size len)
{
	hwc_size i;

	for (i = 0; i < nl; i++)
		r[i] = 0;
	/* Leading zero bytes beyond nl limbs are fine; anything else does not fit. */
	while (len > (hwc_size)nl * 8) {
		if (*in)
			return -HWC_EINVAL;
		in++;
		len--;
	}
	for (i = 0; i < len; i++) {
		hwc_size pos = len - 1 - i;	/* byte significance */

		r[pos / 8] |= (hwc_u64)in[i] << (8 * (pos % 8));
	}
	return 0;
}

void hwc_bn_to_bytes(hwc_u8 *out, hwc_size len, const hwc_u64 *a, unsigned int nl)
{
	hwc_size i;

	for (i = 0; i < len; i++) {
		hwc_size pos = len - 1 - i;

		out[i] = pos / 8 < nl ? (hwc_u8)(a[pos / 8] >> (8 * (pos % 8))) : 0;
	}
}

int hwc_bn_cmp_public(const hwc_u64 *a, const hwc_u64 *b, unsigned int nl)
{
	while (nl--) {
		if (a[nl] != b[nl])
			return a[nl] > b[nl] ? 1 : -1;
	}
	return 0;
}

unsigned int hwc_bn_bits_public(const hwc_u64 *a, unsigned int nl)
{
	while (nl--) {
		if (a[nl])
			return nl * 64 + 64 - __builtin_clzll(a[nl]);
	}
	return 0;
}

/*
 * The bodies below are compiled once per common limb count with the count a constant (the
 * halves and moduli of 2048..8192-bit keys), so the compiler schedules the column loops with
 * fixed bounds, and once with a variable count for the rest.
 */
#define BN_INLINE static inline __attribute__((always_inline))

/* Inner column loops: four products per iteration measured some 7% faster than one. */
#define BN_UNROLL _Pragma("GCC unroll 4")
/* Every loop of a body with a small constant limb count, whole (see BN_SQR_BODY). */
#define BN_UNROLL_WHOLE _Pragma("GCC unroll 64")
/* An outer loop left to the compiler: a named empty argument rather than a blank one. */
#define BN_UNROLL_DEFAULT

/*
 * The carry out of s = a + b + c for a carry in c of 0 or 1, from the top bits alone: the
 * majority of a's, b's and the incoming carry's bit 63, the last being ~s there wherever a and
 * b differ. Logic rather than a compare: and, or, not and shifts have no branching form.
 */
static inline hwc_u64 ct_carry(hwc_u64 a, hwc_u64 b, hwc_u64 s)
{
	return ((a & b) | ((a | b) & ~s)) >> 63;
}

/*
 * (c2:c1:c0) += a * b, and ADD3 below. The three-limb accumulator of product scanning: every
 * product goes into registers, none through memory, and the three additions form three short
 * carry recurrences (one per limb) rather than one long one through every limb of a row. Rows
 * of a*b + t + c measured 1.6 times slower: each limb waits on the previous limb's carry.
 *
 * The carry into c2 is ct_carry() of the top limbs. It was the compare of 128-bit sums s < p,
 * which gcc-12 makes into conditional branches on sparc64 (no 64-bit add-with-carry before
 * VIS3) and on POWER (cmpld, bgt, bne after each addc/adde): 1,535 in the unrolled 16-limb
 * product. The 128-bit sum itself is add-with-carry (POWER addc/adde) or add and a conditional
 * move (sparc64). selftests/ct_generic.mk holds every target's objects to that.
 * An arch may give its own accumulator (HWC_BN_COLUMN_H, from its cores.mk): x86-64's is asm.
 */
#ifdef HWC_BN_COLUMN_H
#include HWC_BN_COLUMN_H
#else
#define MAC(c0, c1, c2, a, b)							\
	do {									\
		u128 p_ = (u128)(a) * (b);					\
		u128 s_ = ((u128)(c1) << 64 | (c0)) + p_;			\
										\
		c2 += ct_carry(c1, (hwc_u64)(p_ >> 64), (hwc_u64)(s_ >> 64));	\
		c0 = (hwc_u64)s_;						\
		c1 = (hwc_u64)(s_ >> 64);					\
	} while (0)

/* (c2:c1:c0) += (x2:x1:x0) */
#define ADD3(c0, c1, c2, x0, x1, x2)						\
	do {									\
		u128 s_ = ((u128)(c1) << 64 | (c0)) + ((u128)(x1) << 64 | (x0));	\
										\
		c2 += (x2) + ct_carry(c1, x1, (hwc_u64)(s_ >> 64));		\
		c0 = (hwc_u64)s_;						\
		c1 = (hwc_u64)(s_ >> 64);					\
	} while (0)
#endif

/* The column's low limb is taken: the accumulator moves down a limb for the next column. */
#define NEXT_COLUMN(c0, c1, c2)							\
	do {									\
		c0 = c1;							\
		c1 = c2;							\
		c2 = 0;								\
	} while (0)

BN_INLINE void redc_body(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
			 const unsigned int nl)
{
	hwc_u64 top = 0;
	unsigned int i, j;

	/* Each row clears limb i by adding a multiple of m; the carries out ride in top. */
	for (i = 0; i < nl; i++) {
		hwc_u64 q = a[i] * n0, c = 0;
		u128 s;

		for (j = 0; j < nl; j++) {
			u128 p = (u128)q * m[j] + a[i + j] + c;

			a[i + j] = (hwc_u64)p;
			c = (hwc_u64)(p >> 64);
		}
		s = (u128)a[i + nl] + c + top;
		a[i + nl] = (hwc_u64)s;
		top = (hwc_u64)(s >> 64);
	}
	hwc_bn_csub(r, a + nl, top, m, nl);
}

/*
 * Montgomery multiplication by columns with the reduction folded in: column k of a*b + q*m is
 * summed whole, q[k] chosen (k < nl) to clear its low limb, and column k >= nl gives limb
 * k - nl of the result. Column k reads a, b at indices above k - nl only, so r may alias a or
 * b. The sum is below 2m R, so one masked subtraction finishes. Defined twice like the squaring
 * below: wholly unrolled only up to 16 limbs (5% off RSA-2048, 9 KiB); at 32 limbs the gain was
 * 3% for 35 KiB more code.
 */
#define BN_MUL_BODY(name, OUTER, UNROLL)						\
BN_INLINE void name(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		    hwc_u64 n0, const unsigned int nl, hwc_u64 *t)			\
{											\
	hwc_u64 *q = t, c0 = 0, c1 = 0, c2 = 0;						\
	unsigned int i, k;								\
											\
	OUTER										\
	for (k = 0; k < nl; k++) {							\
		UNROLL									\
		for (i = 0; i < k; i++) {						\
			MAC(c0, c1, c2, a[i], b[k - i]);				\
			MAC(c0, c1, c2, q[i], m[k - i]);				\
		}									\
		MAC(c0, c1, c2, a[k], b[0]);						\
		q[k] = c0 * n0;								\
		MAC(c0, c1, c2, q[k], m[0]);						\
		NEXT_COLUMN(c0, c1, c2);						\
	}										\
	OUTER										\
	for (k = nl; k < 2 * nl - 1; k++) {						\
		UNROLL									\
		for (i = k - nl + 1; i < nl; i++) {					\
			MAC(c0, c1, c2, a[i], b[k - i]);				\
			MAC(c0, c1, c2, q[i], m[k - i]);				\
		}									\
		r[k - nl] = c0;								\
		NEXT_COLUMN(c0, c1, c2);						\
	}										\
	r[nl - 1] = c0;									\
	hwc_bn_csub(r, r, c1, m, nl);							\
}
BN_MUL_BODY(mul_body, BN_UNROLL_DEFAULT, BN_UNROLL)
BN_MUL_BODY(mul_body_whole, BN_UNROLL_WHOLE, BN_UNROLL_WHOLE)

/* (x2:x1:x0) = twice the cross products a[i] a[k-i], i < k - i, from i = lo, plus a[k/2]^2. */
#define SQR_COLUMN(x0, x1, x2, a, k, lo, UNROLL)				\
	do {									\
		unsigned int i_;						\
										\
		x0 = x1 = x2 = 0;						\
		UNROLL								\
		for (i_ = (lo); i_ < (k) - i_; i_++)				\
			MAC(x0, x1, x2, (a)[i_], (a)[(k) - i_]);		\
		x2 = (x2 << 1) | (x1 >> 63);					\
		x1 = (x1 << 1) | (x0 >> 63);					\
		x0 <<= 1;							\
		if (!((k) & 1))							\
			MAC(x0, x1, x2, (a)[(k) / 2], (a)[(k) / 2]);		\
	} while (0)

/*
 * Squaring by columns, reduction folded in as in mul_body: the cross products of a column once
 * into their own accumulator, doubled by shifts, then the square on the diagonal and the
 * column's multiples of m. Defined twice, the loops unrolled by @OUTER, @UNROLL: wholly for the
 * CRT halves of 2048..4096-bit keys (up to 32 limbs: some 60 KiB of code, a third less time per
 * squaring, and the RSA private op 15-20% faster), four products a step for the larger moduli,
 * where whole unrolling outgrows the instruction cache and measured slower.
 */
#define BN_SQR_BODY(name, OUTER, UNROLL)						\
BN_INLINE void name(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
		    const unsigned int nl, hwc_u64 *t)					\
{											\
	hwc_u64 *q = t, c0 = 0, c1 = 0, c2 = 0, x0, x1, x2;				\
	unsigned int i, k;								\
											\
	OUTER										\
	for (k = 0; k < nl; k++) {							\
		SQR_COLUMN(x0, x1, x2, a, k, 0, UNROLL);				\
		ADD3(c0, c1, c2, x0, x1, x2);						\
		UNROLL									\
		for (i = 0; i < k; i++)							\
			MAC(c0, c1, c2, q[i], m[k - i]);				\
		q[k] = c0 * n0;								\
		MAC(c0, c1, c2, q[k], m[0]);						\
		NEXT_COLUMN(c0, c1, c2);						\
	}										\
	OUTER										\
	for (k = nl; k < 2 * nl - 1; k++) {						\
		SQR_COLUMN(x0, x1, x2, a, k, k - nl + 1, UNROLL);			\
		ADD3(c0, c1, c2, x0, x1, x2);						\
		UNROLL									\
		for (i = k - nl + 1; i < nl; i++)					\
			MAC(c0, c1, c2, q[i], m[k - i]);				\
		r[k - nl] = c0;								\
		NEXT_COLUMN(c0, c1, c2);						\
	}										\
	r[nl - 1] = c0;									\
	hwc_bn_csub(r, r, c1, m, nl);							\
}
BN_SQR_BODY(sqr_body, BN_UNROLL_DEFAULT, BN_UNROLL)
BN_SQR_BODY(sqr_body_whole, BN_UNROLL_WHOLE, BN_UNROLL_WHOLE)

#define BN_SIZES(X) X(16) X(24) X(32) X(48) X(64)

/*
 * Largest limb count whose squaring is unrolled whole. On ppc64le the whole 24- and 32-limb
 * squarings need frames of 2.8 and 3.8 KiB (the kernel's limit is 2 KiB), so the default stays
 * at 16 and an arch whose frames allow more raises it in kmod/<arch>/cores.mk.
 */
#ifndef HWC_BN_WHOLE_SQR_MAX
#define HWC_BN_WHOLE_SQR_MAX 16
#endif

/* One frame per size: inlined into one switch, their spills add up past ppc64le's 2 KiB limit. */
#define BN_NOINLINE __attribute__((__noinline__))

#define BN_DEFINE(N)								\
static BN_NOINLINE void mul_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b,		\
				const hwc_u64 *m, hwc_u64 n0, hwc_u64 *t)		\
{										\
	if (N <= 16)								\
		mul_body_whole(r, a, b, m, n0, N, t);				\
	else									\
		mul_body(r, a, b, m, n0, N, t);					\
}										\
static BN_NOINLINE void sqr_##N(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m,	\
				hwc_u64 n0, hwc_u64 *t)				\
{										\
	if (N <= HWC_BN_WHOLE_SQR_MAX)						\
		sqr_body_whole(r, a, m, n0, N, t);				\
	else									\
		sqr_body(r, a, m, n0, N, t);					\
}										\
static BN_NOINLINE void redc_##N(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0)	\
{ redc_body(r, a, m, n0, N); }
BN_SIZES(BN_DEFINE)

HWC_BN_ENTRIES(generic, BN_SIZES, mul_body(r, a, b, m, n0, nl, t), sqr_body(r, a, m, n0, nl, t),
	       redc_body(r, a, m, n0, nl))

const struct hwc_bn_impl *hwc_bn_best_impl(unsigned int features)
{
	const struct hwc_bn_impl *best = &hwc_bn_impls[0];
	unsigned int i;

	for (i = 0; i < hwc_bn_nimpls; i++)
		if ((hwc_bn_impls[i].features & features) == hwc_bn_impls[i].features)
			best = &hwc_bn_impls[i];
	return best;
}

void hwc_bn_mont_init(struct hwc_bn_mont *ctx, const struct hwc_bn_impl *bn, const hwc_u64 *m,
		      unsigned int nl, hwc_u64 *t)
{
	unsigned int i, bits = hwc_bn_bits_public(m, nl);

	/*
	 * The bit length of a prime is taken as public (it is about half the modulus length);
	 * everything else about m goes through constant-time doublings and Montgomery squarings.
	 */
	ctx->nl = nl;
	ctx->n0 = hwc_bn_n0(m[0]);
	for (i = 0; i < nl; i++) {
		ctx->m[i] = m[i];
		ctx->one[i] = 0;
	}
	/* 2^(bits-1) < m, doubled up to R = 2^(64 nl): R mod m. */
	ctx->one[(bits - 1) / 64] = 1ull << ((bits - 1) % 64);
	for (i = bits - 1; i < 64 * nl; i++)
		hwc_bn_modadd(ctx->one, ctx->one, ctx->one, m, nl);
	/* R * 2^nl mod m, then six Montgomery squarings: R * 2^(64 nl) = R^2. */
	for (i = 0; i < nl; i++)
		ctx->rr[i] = ctx->one[i];
	for (i = 0; i < nl; i++)
		hwc_bn_modadd(ctx->rr, ctx->rr, ctx->rr, m, nl);
	for (i = 0; i < 6; i++)
		bn->sqr(ctx->rr, ctx->rr, m, ctx->n0, nl, t);
}

static unsigned int window_bits(unsigned int ebits)
{
	return ebits <= 640 ? 4 : ebits <= 2560 ? 5 : 6;
}

static hwc_size generic_ws_limbs(unsigned int nl, unsigned int ebits)
{
	/* two tables, accumulator, selected entry, product scratch */
	return 2 * ((hwc_size)1 << window_bits(ebits)) * nl + 2 * nl + 2 * nl + 2;
}

hwc_size hwc_bn_modexp2_ws_limbs(const struct hwc_bn_impl *bn, unsigned int nl,
				 unsigned int ebits)
{
	hwc_size g = generic_ws_limbs(nl, ebits), t = bn->modexp2_ws ? bn->modexp2_ws(nl, ebits) : 0;

	/* the tier's own, or the generic one when the tier declines */
	return g > t ? g : t;
}

/*
 * r = table[digit] reading every entry. Limb-major with the masks made once: each output limb is
 * an OR over the entries kept in a register, eight limbs at a time (four measured 10-35%
 * slower: more passes over the masks).
 */
static void table_select(hwc_u64 *r, const hwc_u64 *table, unsigned int n, unsigned int nl,
			 hwc_u64 digit)
{
	hwc_u64 mask[64];
	unsigned int i, j;

	for (i = 0; i < n; i++)
		mask[i] = ct_is_zero(i ^ digit);
	for (j = 0; j + 8 <= nl; j += 8) {
		hwc_u64 a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
		const hwc_u64 *ent = table + j;

		for (i = 0; i < n; i++, ent += nl) {
			hwc_u64 mk = mask[i];

			a0 |= ent[0] & mk;
			a1 |= ent[1] & mk;
			a2 |= ent[2] & mk;
			a3 |= ent[3] & mk;
			a4 |= ent[4] & mk;
			a5 |= ent[5] & mk;
			a6 |= ent[6] & mk;
			a7 |= ent[7] & mk;
		}
		r[j] = a0;
		r[j + 1] = a1;
		r[j + 2] = a2;
		r[j + 3] = a3;
		r[j + 4] = a4;
		r[j + 5] = a5;
		r[j + 6] = a6;
		r[j + 7] = a7;
	}
	for (; j < nl; j++) {
		hwc_u64 a0 = 0;

		for (i = 0; i < n; i++)
			a0 |= table[(hwc_size)i * nl + j] & mask[i];
		r[j] = a0;
	}
}

/* table[0] = one, table[i] = a^i: half squarings, half multiplications. */
static void table_build(const struct hwc_bn_impl *bn, const struct hwc_bn_mont *ctx,
			hwc_u64 *table, const hwc_u64 *a, unsigned int n, hwc_u64 *t)
{
	unsigned int nl = ctx->nl, i, k;

	for (k = 0; k < nl; k++) {
		table[k] = ctx->one[k];
		table[nl + k] = a[k];
	}
	for (i = 2; i < n; i++) {
		hwc_u64 *ent = table + (hwc_size)i * nl;

		if (i % 2 == 0)
			bn->sqr(ent, table + (hwc_size)(i / 2) * nl, ctx->m, ctx->n0, nl, t);
		else
			bn->mul(ent, table + (hwc_size)(i - 1) * nl, a, ctx->m, ctx->n0, nl, t);
	}
}

void hwc_bn_modexp2_ct(const struct hwc_bn_impl *bn, const struct hwc_bn_mont *ctx, hwc_u64 *r,
		       const hwc_u64 *a1, const hwc_u64 *e1, unsigned int e1limbs,
		       const hwc_u64 *a2, const hwc_u64 *e2, unsigned int e2limbs,
		       unsigned int ebits, hwc_u64 *ws, const struct hwc_rsa_yield *y)
{
	unsigned int nl = ctx->nl, w = window_bits(ebits), n = 1u << w;
	unsigned int nwin = (ebits + w - 1) / w, i, k;
	hwc_u64 *tab1 = ws, *tab2 = tab1 + (hwc_size)n * nl, *acc = tab2 + (hwc_size)n * nl;
	hwc_u64 *sel = acc + nl, *t = sel + nl;
	const hwc_u64 *m = ctx->m;
	hwc_u64 n0 = ctx->n0;

	if (bn->modexp2) {
		struct hwc_bn_exp2 x = { ctx, r, a1, e1, a2, e2 };

		if (!bn->modexp2(&x, 1, e1limbs, e2limbs, ebits, ws, y))
			return;
	}
	/* a2 == NULL (public: the caller's choice) is the single power: no second table. */
	table_build(bn, ctx, tab1, a1, n, t);
	if (a2)
		table_build(bn, ctx, tab2, a2, n, t);
	table_select(acc, tab1, n, nl, hwc_bn_exp_digit(e1, e1limbs, (nwin - 1) * w, w));
	if (a2) {
		table_select(sel, tab2, n, nl, hwc_bn_exp_digit(e2, e2limbs, (nwin - 1) * w, w));
		bn->mul(acc, acc, sel, m, n0, nl, t);
	}
	for (i = nwin - 1; i-- > 0;) {
		for (k = 0; k < w; k++)
			bn->sqr(acc, acc, m, n0, nl, t);
		/* Multiplying by table[0] (one) for a zero digit keeps the operation count fixed. */
		table_select(sel, tab1, n, nl, hwc_bn_exp_digit(e1, e1limbs, i * w, w));
		bn->mul(acc, acc, sel, m, n0, nl, t);
		if (a2) {
			table_select(sel, tab2, n, nl, hwc_bn_exp_digit(e2, e2limbs, i * w, w));
			bn->mul(acc, acc, sel, m, n0, nl, t);
		}
		if (y && y->fn)
			y->fn(y->arg);
	}
	for (k = 0; k < nl; k++)
		r[k] = acc[k];
	hwc_memzero_explicit(ws, generic_ws_limbs(nl, ebits) * sizeof(hwc_u64));
}

void hwc_bn_modexp2x2_ct(const struct hwc_bn_impl *bn, const struct hwc_bn_exp2 *x,
			 unsigned int e1limbs, unsigned int e2limbs, unsigned int ebits,
			 hwc_u64 *ws, const struct hwc_rsa_yield *y)
{
	unsigned int i;

	if (bn->modexp2 && !bn->modexp2(x, 2, e1limbs, e2limbs, ebits, ws, y))
		return;
	for (i = 0; i < 2; i++)
		hwc_bn_modexp2_ct(bn, x[i].ctx, x[i].r, x[i].a1, x[i].e1, e1limbs, x[i].a2, x[i].e2,
				  e2limbs, ebits, ws, y);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Freestanding interface of hwcrypt's RSA core: constant-time Montgomery arithmetic on 64-bit
 * limbs (generic/bignum.c, one tier per arch under <arch>/) and the RSA primitive on top of it
 * (generic/rsa.c). Compiled into hwcrypt.ko and into the host tests and benchmark alike.
 *
 * Numbers are little-endian arrays of hwc_u64 limbs. "Constant time" here means: no branch and
 * no memory index depends on a secret (key material, blinding, intermediate results); only
 * public sizes (limb counts) and public values (n, e, the input) steer control flow.
 */
#ifndef HWC_RSA_H
#define HWC_RSA_H

#include "hwc_core.h"

#define HWC_RSA_MIN_BITS	512
#define HWC_RSA_MAX_BITS	8192
#define HWC_BN_MAX_LIMBS	(HWC_RSA_MAX_BITS / 64)
#define HWC_BN_HALF_LIMBS	(HWC_BN_MAX_LIMBS / 2)

/* errno values the core returns negated (the kernel's numbers, so that glue passes them on). */
#define HWC_EIO		5
#define HWC_EINVAL	22
#define HWC_EBADMSG	74

/*
 * One Montgomery-arithmetic tier. All three take @nl limbs per operand, @m odd with
 * m < 2^(64*nl), @n0 = -m^-1 mod 2^64, and @t, scratch of 2*nl + 2 limbs not aliasing anything.
 *   mul:  r = a*b/R mod m, fully reduced (r < m), for b < m and a < R (so a need not be
 *         reduced: that is how numbers enter a smaller modulus). r may alias a or b.
 *   sqr:  r = a*a/R mod m, same rules.
 *   redc: r = t/R mod m, fully reduced, for a 2*nl-limb @a < m*R (a may be the scratch itself).
 * R = 2^(64*nl). The final "subtract m if the result is >= m" is a masked subtraction.
 */
struct hwc_rsa_yield;
struct hwc_bn_mont;

/*
 * One modulus' share of a double exponentiation r = a1^e1 a2^e2 mod ctx->m, or of a single one
 * r = a1^e1 with a2 == NULL (see modexp2_ct).
 */
struct hwc_bn_exp2 {
	const struct hwc_bn_mont *ctx;
	hwc_u64 *r;
	const hwc_u64 *a1, *e1, *a2, *e2;
};

struct hwc_bn_impl {
	const char *impl;		/* "generic", "adx", ... : used in driver names */
	unsigned int features;		/* HWC_F_* all required; 0 for portable C */
	void (*mul)(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		    hwc_u64 n0, unsigned int nl, hwc_u64 *t);
	void (*sqr)(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,
		    unsigned int nl, hwc_u64 *t);
	/* r = a / R mod m for a of 2 nl limbs (clobbered); r may be a but not a + nl */
	void (*redc)(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl);
	/*
	 * Optional: the whole of hwc_bn_modexp2_ct() (a2 NULL: the single power) in the
	 * tier's own representation, for
	 * @count (1 or 2) moduli of the same limb count at once (NULL: the generic exponentiation
	 * on mul/sqr). Returns 0 when done, nonzero when it declines (size it does not handle,
	 * SIMD not usable now) before writing any result; the generic path then runs.
	 * @modexp2_ws gives the workspace it needs for two moduli, in limbs.
	 */
	int (*modexp2)(const struct hwc_bn_exp2 *x, unsigned int count, unsigned int e1limbs,
		       unsigned int e2limbs, unsigned int ebits, hwc_u64 *ws,
		       const struct hwc_rsa_yield *y);
	hwc_size (*modexp2_ws)(unsigned int nl, unsigned int ebits);
};

/* Tiers of this arch, slowest (portable C) first; bn_impls.c of each arch. */
extern const struct hwc_bn_impl hwc_bn_impls[];
extern const unsigned int hwc_bn_nimpls;
/* The fastest tier whose features are all in @features (never NULL: generic has none). */
const struct hwc_bn_impl *hwc_bn_best_impl(unsigned int features);

/*
 * The mul, sqr and redc of a tier, named by its suffix (hwc_bn_<op>_<t>), as struct hwc_bn_impl
 * has them: each arch names a tier once.
 */
#define HWC_BN_MONT_DECLARE(tier)								\
void hwc_bn_mul_##tier(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		    hwc_u64 n0, unsigned int nl, hwc_u64 *t);					\
void hwc_bn_sqr_##tier(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
		    unsigned int nl, hwc_u64 *t);						\
void hwc_bn_redc_##tier(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0, unsigned int nl)

HWC_BN_MONT_DECLARE(generic);

/* Constant-time helpers of generic/bignum.c shared with rsa.c and the tests. */
hwc_u64 hwc_bn_n0(hwc_u64 m0);
/* r = a - b over nl limbs; returns the borrow (0 or 1). */
hwc_u64 hwc_bn_sub(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, unsigned int nl);
/* r = a + b over nl limbs; returns the carry (0 or 1). */
hwc_u64 hwc_bn_add(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, unsigned int nl);
/* r = (a, top) - m if that is >= 0 else (a, top): (top:a) < 2m in, r < m out, no branch. */
void hwc_bn_csub(hwc_u64 *r, const hwc_u64 *a, hwc_u64 top, const hwc_u64 *m, unsigned int nl);
/*
 * A tier's three entry points, hwc_bn_{mul,sqr,redc}_<tier>: a switch on the limb count to the
 * fixed-size functions mul_N, sqr_N and redc_N that the includer defined for the sizes SIZES(X)
 * lists, and the statements @mul_any, @sqr_any and @redc_any for every other size (written in
 * the entry points' parameter names: r, a, b, m, n0, nl, t).
 */
#define HWC_BN_CASE_MUL(N) case N: mul_##N(r, a, b, m, n0, t); return;
#define HWC_BN_CASE_SQR(N) case N: sqr_##N(r, a, m, n0, t); return;
#define HWC_BN_CASE_REDC(N) case N: redc_##N(r, a, m, n0); return;
#define HWC_BN_ENTRIES(tier, SIZES, mul_any, sqr_any, redc_any)				\
void hwc_bn_mul_##tier(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,	\
		       hwc_u64 n0, unsigned int nl, hwc_u64 *t)				\
{											\
	switch (nl) {									\
	SIZES(HWC_BN_CASE_MUL)								\
	}										\
	mul_any;									\
}											\
void hwc_bn_sqr_##tier(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
		       unsigned int nl, hwc_u64 *t)					\
{											\
	switch (nl) {									\
	SIZES(HWC_BN_CASE_SQR)								\
	}										\
	sqr_any;									\
}											\
void hwc_bn_redc_##tier(hwc_u64 *r, hwc_u64 *a, const hwc_u64 *m, hwc_u64 n0,		\
			unsigned int nl)						\
{											\
	switch (nl) {									\
	SIZES(HWC_BN_CASE_REDC)								\
	}										\
	redc_any;									\
}

/* Modular a + b, a - b, a * 2, a / 2 mod m (m odd) for a, b < m. */
void hwc_bn_modadd(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   unsigned int nl);
void hwc_bn_modsub(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, const hwc_u64 *m,
		   unsigned int nl);
void hwc_bn_modhalf(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, unsigned int nl);
/* r = a if mask is all ones, b if 0 (mask must be one or the other). */
void hwc_bn_select(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, hwc_u64 mask,
		   unsigned int nl);
/* All ones if a == b, else 0: reads every limb. */
hwc_u64 hwc_bn_eq_mask(const hwc_u64 *a, const hwc_u64 *b, unsigned int nl);
/* Big-endian bytes <-> limbs. from_bytes fails (-HWC_EINVAL) if the value needs more than nl limbs. */
int hwc_bn_from_bytes(hwc_u64 *r, unsigned int nl, const hwc_u8 *in, hwc_size len);
void hwc_bn_to_bytes(hwc_u8 *out, hwc_size len, const hwc_u64 *a, unsigned int nl);
/* Variable time, for public values only: -1, 0, 1. */
int hwc_bn_cmp_public(const hwc_u64 *a, const hwc_u64 *b, unsigned int nl);
unsigned int hwc_bn_bits_public(const hwc_u64 *a, unsigned int nl);

/*
 * r = a^-1 mod m for odd @m and @a in [1, m) prime to m (m may be secret: a prime), @nl limbs
 * each; r fully reduced, normal form; r may alias a. Bernstein-Yang divsteps (generic/bn_inv.c):
 * the same steps for every a and m of @nl limbs. @ws: hwc_bn_modinv_ws_limbs(nl) limbs.
 */
void hwc_bn_modinv_ct(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *m, unsigned int nl,
		      hwc_u64 *ws);
hwc_size hwc_bn_modinv_ws_limbs(unsigned int nl);

/* Montgomery context of one odd modulus. */
struct hwc_bn_mont {
	unsigned int nl;
	hwc_u64 n0;
	hwc_u64 m[HWC_BN_MAX_LIMBS];
	hwc_u64 rr[HWC_BN_MAX_LIMBS];	/* R^2 mod m */
	hwc_u64 one[HWC_BN_MAX_LIMBS];	/* R mod m: 1 in Montgomery form */
};

/*
 * Sets up @ctx for @nl-limb odd modulus @m (top limb may be partly empty). Constant time in m's
 * value, so it also serves the secret primes. Needs @t of 2*nl + 2 limbs.
 */
void hwc_bn_mont_init(struct hwc_bn_mont *ctx, const struct hwc_bn_impl *bn, const hwc_u64 *m,
		      unsigned int nl, hwc_u64 *t);

/*
 * Optional hooks of a long operation: @fn between exponent windows (the kernel's
 * cond_resched); SIMD tiers ask @simd_usable once per exponentiation and bracket bounded
 * stretches of vector code with @simd_begin/@simd_end (kernel_fpu_begin/end). NULL members
 * (host programs): nothing to call, SIMD always usable.
 */
struct hwc_rsa_yield {
	void (*fn)(void *arg);
	void *arg;
	int (*simd_usable)(void *arg);
	void (*simd_begin)(void *arg);
	void (*simd_end)(void *arg);
};

/*
 * r = a1^e1 * a2^e2 mod m in Montgomery form (a1, a2 and r in Montgomery form), for secret
 * exponents @e1, @e2 (@e1limbs, @e2limbs limbs; bits above are taken as zero) of at most @ebits
 * bits, a public bound fixed by the key size: fixed windows with the squarings shared, every
 * entry of both tables read for every window, two multiplications per window whatever the
 * digits. @a2 NULL (e2 unused, @e2limbs 0): r = a1^e1 alone, one table and one
 * multiplication per window, as the private op uses it (it unblinds with hwc_bn_modinv_ct()).
 * @ws: hwc_bn_modexp2_ws_limbs(bn, ctx->nl, ebits) limbs of workspace (8-byte aligned).
 */
void hwc_bn_modexp2_ct(const struct hwc_bn_impl *bn, const struct hwc_bn_mont *ctx, hwc_u64 *r,
		       const hwc_u64 *a1, const hwc_u64 *e1, unsigned int e1limbs,
		       const hwc_u64 *a2, const hwc_u64 *e2, unsigned int e2limbs,
		       unsigned int ebits, hwc_u64 *ws, const struct hwc_rsa_yield *y);
/*
 * Both CRT halves (same limb count, e1limbs and e2limbs each, a2 NULL in both or in neither):
 * in one pass if the tier has a modexp2 hook for two moduli, else one after the other. Same
 * workspace as modexp2_ct.
 */
void hwc_bn_modexp2x2_ct(const struct hwc_bn_impl *bn, const struct hwc_bn_exp2 *x,
			 unsigned int e1limbs, unsigned int e2limbs, unsigned int ebits,
			 hwc_u64 *ws, const struct hwc_rsa_yield *y);
hwc_size hwc_bn_modexp2_ws_limbs(const struct hwc_bn_impl *bn, unsigned int nl,
				 unsigned int ebits);

/* The key: fixed-size so that callers allocate it in one piece (about 15 KiB). */
struct hwc_rsa_key {
	const struct hwc_bn_impl *bn;
	unsigned int bits;		/* of n */
	unsigned int bytes;		/* of n: output size */
	unsigned int nl, hl;		/* limbs of n, of each prime */
	unsigned int ebits;
	unsigned int have_priv, have_crt;
	hwc_u64 e[HWC_BN_MAX_LIMBS];
	hwc_u64 re[HWC_BN_MAX_LIMBS];	/* R^e mod n, normal form (see pow_e() in rsa.c) */
	struct hwc_bn_mont n;
	/* secret from here on */
	hwc_u64 d[HWC_BN_MAX_LIMBS];
	struct hwc_bn_mont p, q;
	hwc_u64 dp[HWC_BN_HALF_LIMBS], dq[HWC_BN_HALF_LIMBS];
	hwc_u64 qinv[HWC_BN_HALF_LIMBS];	/* q^-1 mod p, fully reduced, normal form */
	hwc_u64 r3p[HWC_BN_HALF_LIMBS], r3q[HWC_BN_HALF_LIMBS];	/* R^3 mod p, mod q */
};

/* Big-endian byte strings as the kernel's rsa_parse_*_key() hands them out (leading zeros ok). */
struct hwc_rsa_raw {
	const hwc_u8 *n, *e, *d, *p, *q, *dp, *dq, *qinv;
	hwc_size n_sz, e_sz, d_sz, p_sz, q_sz, dp_sz, dq_sz, qinv_sz;
};

/*
 * Random bytes a private operation consumes at most (the caller draws them: the core fetches
 * nothing); hwc_rsa_random_bytes() gives the exact count for a key: 8 * (limbs + 1) per
 * blinding factor, the extra 64 bits making it uniform modulo the prime within 2^-64.
 */
#define HWC_RSA_RANDOM_BYTES	((HWC_BN_MAX_LIMBS + 2) * 8)

/* Workspace hwc_rsa_set_key() needs (8-byte aligned), kept off the kernel stack. */
#define HWC_RSA_SETKEY_WS_BYTES	((5 * HWC_BN_MAX_LIMBS + 2) * 8)

/*
 * Loads a public key (raw->n, raw->e) or, with @priv, a private key (also d, and p, q, dp, dq,
 * qinv if all present: CRT; else plain d). n must be odd, of HWC_RSA_MIN_BITS..MAX_BITS bits;
 * 1 < e < n. Returns 0 or -HWC_EINVAL; on error the key is left wiped.
 */
int hwc_rsa_set_key(struct hwc_rsa_key *key, const struct hwc_bn_impl *bn,
		    const struct hwc_rsa_raw *raw, int priv, void *ws);
/* Zeroises everything (call on free and before reuse). */
void hwc_rsa_key_wipe(struct hwc_rsa_key *key);
/* Bytes of workspace an operation on @key needs (8-byte aligned memory). */
hwc_size hwc_rsa_ws_bytes(const struct hwc_rsa_key *key);
/* Random bytes hwc_rsa_private() reads from @rnd for @key (at most HWC_RSA_RANDOM_BYTES). */
hwc_size hwc_rsa_random_bytes(const struct hwc_rsa_key *key);

/*
 * The representative range of NIST SP 800-56B rev. 2 (7.1.1 RSAEP, 7.1.2 RSADP): 0 if
 * 1 < @x < @n - 1, else -HWC_EINVAL (so also for x >= n), for @x and @n of @nlimbs limbs, n >= 2.
 * Linux's rsa-generic refuses the same inputs since 6.12 (6.1 accepted 0, 1 and n - 1): the
 * driver that displaces it must not accept what it refuses. 0, 1 and n - 1 are their own
 * powers for every exponent, so refusing them costs nothing and hides nothing.
 * Variable time, on public values only: x is the message of the public op and the ciphertext
 * of the private op, n is public; nothing about d, p or q is read.
 */
int hwc_rsa_check_input(const hwc_u64 *x, const hwc_u64 *n, unsigned int nlimbs);

/*
 * out = in^e mod n, key->bytes bytes big-endian. @in is big-endian of any length (leading zeros
 * allowed); outside hwc_rsa_check_input()'s range -HWC_EINVAL before any exponentiation, @out
 * untouched. @ws: hwc_rsa_ws_bytes(key) bytes.
 */
int hwc_rsa_public(const struct hwc_rsa_key *key, hwc_u8 *out, const hwc_u8 *in, hwc_size inlen,
		   void *ws);
/*
 * Uses of a kept blinding pair before it is drawn afresh (Kocher's squaring update between).
 * OpenSSL's BN_BLINDING renews its pair after as many.
 */
#define HWC_RSA_BLIND_USES	32

/**
 * struct hwc_rsa_blind - blinding factors kept across private operations of one key
 * @a: per modulus (p and q with CRT, n alone without), r^e in Montgomery form
 * @v: per modulus, r^-1 in Montgomery form, for the same r
 * @uses: operations since @a and @v were drawn; 0: none kept (draw afresh)
 *
 * A pair (r^e, r^-1) costs an exponentiation by e and a constant-time inversion per modulus,
 * some 6% of a 2048-bit private op on the 64-bit tiers. Kocher (Timing Attacks on
 * Implementations of Diffie-Hellman, RSA, DSS, and Other Systems, CRYPTO '96, section 10)
 * keeps the pair and squares both halves after each use: (r^2)^e and r^-2, as secret and as
 * unpredictable to an attacker who never sees them, for four multiplications. The pair is
 * secret: wipe it with the key (hwc_memzero_explicit) and never hand one to two operations at
 * once (the caller's locking: take it out of the key's slot for the operation).
 * Zero-initialised memory is an empty pair.
 */
struct hwc_rsa_blind {
	hwc_u64 a[2][HWC_BN_MAX_LIMBS];
	hwc_u64 v[2][HWC_BN_MAX_LIMBS];
	unsigned int uses;
};

/*
 * Whether hwc_rsa_private() will draw a pair from its random bytes with @bl (NULL: always);
 * otherwise it reads none, and the caller need not fetch them.
 */
static inline int hwc_rsa_blind_due(const struct hwc_rsa_blind *bl)
{
	return !bl || !bl->uses || bl->uses >= HWC_RSA_BLIND_USES;
}

/**
 * hwc_rsa_private() - the RSA decryption primitive, RSADP of RFC 8017 section 5.1.2
 * @key: a private key (hwc_rsa_set_key() with priv)
 * @out: key->bytes bytes, big-endian: in^d mod n
 * @in: big-endian, of @inlen bytes (leading zeros allowed)
 * @inlen: bytes at @in
 * @rnd: hwc_rsa_random_bytes(key) random bytes, never reused; read only when a pair is drawn
 *       (hwc_rsa_blind_due(@bl))
 * @bl: NULL (a fresh blinding pair for this operation alone), or the key's kept pair, used
 *      and then squared for the next operation, drawn afresh from @rnd when empty or after
 *      HWC_RSA_BLIND_USES uses; emptied when the result fails its check
 * @ws: hwc_rsa_ws_bytes(key) bytes of 8-byte aligned workspace, wiped before return
 * @y: NULL, or the yield and SIMD hooks of a tier with vector code
 *
 * CRT with base blinding (a uniformly random factor per prime, 64 bits wider than the prime
 * before reduction) and a check with e of the result before anything is written.
 * No key-dependent branch or index.
 *
 * Return: 0; -HWC_EINVAL for input outside hwc_rsa_check_input()'s range or a public key,
 * before any exponentiation, @out untouched; -HWC_EIO if the result fails the check (fault,
 * inconsistent key), @out all zeros.
 */
int hwc_rsa_private(const struct hwc_rsa_key *key, hwc_u8 *out, const hwc_u8 *in,
		    hwc_size inlen, const hwc_u8 *rnd, struct hwc_rsa_blind *bl, void *ws,
		    const struct hwc_rsa_yield *y);

/*
 * The w-bit window of exponent @e (@elimbs limbs) starting at bit @bit. The position is public
 * (a loop counter); the value is secret and only ever used as a constant-time table index.
 */
static inline hwc_u64 hwc_bn_exp_digit(const hwc_u64 *e, unsigned int elimbs, unsigned int bit,
					unsigned int w)
{
	unsigned int idx = bit / 64, sh = bit % 64;
	hwc_u64 v = idx < elimbs ? e[idx] >> sh : 0;

	if (sh + w > 64 && idx + 1 < elimbs)
		v |= e[idx + 1] << (64 - sh);
	return v & ((1ull << w) - 1);
}

#endif /* HWC_RSA_H */

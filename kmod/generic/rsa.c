// SPDX-License-Identifier: GPL-2.0
/*
 * RSA primitive (RFC 8017 RSAEP/RSADP) on the constant-time bignum core: key setup, public op,
 * and the private op with CRT, base blinding and a fault check.
 *
 * Blinding. Every private operation blinds each CRT half with its own secret, uniformly random
 * factor r mod p (from 64 more random bits than p has, reduced: bias below 2^-64):
 *     x' = (c mod p) * r^e,   x'^dp = c^dp * r^(e*dp) = s_p * r      (e*dp = 1 mod p-1),
 *     s_p = x'^dp * r^-1.
 * The exponentiation never sees the attacker's c, only c times a uniformly random unknown.
 * r^-1 comes from a constant-time inversion (Bernstein-Yang divsteps, hwc_bn_modinv_ct: a
 * fixed number of steps for the limb count, no branch or index on r or p). That replaced
 * Fermat's r^(p-2) computed beside x'^dp in one double exponentiation, whose second table and
 * second multiplication per window cost some 15% of the op on the 64-bit tiers. Drawing a pair
 * (r^e, r^-1) still costs an exponentiation by e and an inversion per prime, some 6% of a
 * 2048-bit op on the adx tier: drawn for every op it ran at 0.97x OpenSSL (Intel 6/167, IFMA
 * masked), which keeps its pair; kept, at 1.03-1.04x. A caller that passes a struct
 * hwc_rsa_blind keeps one (the kernel glue: one per tfm): after each use
 * both halves are squared (Kocher, CRYPTO '96, section 10: r -> r^2, four multiplications), and
 * the pair is drawn afresh every HWC_RSA_BLIND_USES operations and after a failed check.
 * Without CRT parameters the same is done modulo n with d.
 *
 * Faults. Before anything is written, s^e mod n is compared with c; on a mismatch (a glitched
 * half would otherwise hand out a multiple of one prime) the output is all zeros and the
 * return value -EIO. Both are computed with masks; the caller's branch on the return value is
 * the only place the outcome becomes control flow.
 */
#include "../hwc_rsa.h"

static void zero(hwc_u64 *r, unsigned int nl)
{
	unsigned int i;

	for (i = 0; i < nl; i++)
		r[i] = 0;
}

static void copy(hwc_u64 *r, const hwc_u64 *a, unsigned int nl)
{
	unsigned int i;

	for (i = 0; i < nl; i++)
		r[i] = a[i];
}

void hwc_rsa_key_wipe(struct hwc_rsa_key *key)
{
	hwc_memzero_explicit(key, sizeof(*key));
}

/* Largest workspace the key's exponentiation or inversion needs, in limbs (one slice). */
static hwc_size modexp_ws(const struct hwc_rsa_key *key)
{
	unsigned int l = key->have_crt ? key->hl : key->nl;
	hwc_size x, i;

	if (!key->have_priv)
		return 0;
	x = hwc_bn_modexp2_ws_limbs(key->bn, l, l * 64);
	i = hwc_bn_modinv_ws_limbs(l);
	return x > i ? x : i;
}

hwc_size hwc_rsa_random_bytes(const struct hwc_rsa_key *key)
{
	if (key->have_crt)
		return 2 * 8 * ((hwc_size)key->hl + 1);
	return 8 * ((hwc_size)key->nl + 1);
}

/* Named slices of the workspace, each nl limbs (wide ones 2 nl + 2). */
enum { WS_C, WS_R, WS_B, WS_SP, WS_SQ, WS_H, WS_S, WS_V, WS_NSLOTS };

hwc_size hwc_rsa_ws_bytes(const struct hwc_rsa_key *key)
{
	hwc_size nl = key->nl;

	return (WS_NSLOTS * nl + 2 * (2 * nl + 2) + modexp_ws(key)) * sizeof(hwc_u64);
}

static int load(hwc_u64 *r, unsigned int nl, const hwc_u8 *in, hwc_size len)
{
	return hwc_bn_from_bytes(r, nl, in, len);
}

/* Montgomery context of a prime given as bytes, in @hl limbs; 0 or -HWC_EINVAL. */
static int load_prime(struct hwc_bn_mont *ctx, const struct hwc_bn_impl *bn, const hwc_u8 *in,
		      hwc_size len, unsigned int hl, hwc_u64 *tmp, hwc_u64 *t)
{
	if (load(tmp, hl, in, len) || !(tmp[0] & 1) || hwc_bn_bits_public(tmp, hl) < 2)
		return -HWC_EINVAL;
	hwc_bn_mont_init(ctx, bn, tmp, hl, t);
	return 0;
}

static unsigned int limbs_of(const hwc_u8 *in, hwc_size len)
{
	while (len && !*in) {
		in++;
		len--;
	}
	return (unsigned int)((len + 7) / 8);
}

/* r = a * b (hl limbs each, plain product into 2 hl limbs). */
static void mul_plain(hwc_u64 *r, const hwc_u64 *a, const hwc_u64 *b, unsigned int hl)
{
	unsigned int i, j;

	zero(r, 2 * hl);
	for (i = 0; i < hl; i++) {
		hwc_u64 c = 0;

		for (j = 0; j < hl; j++) {
			unsigned __int128 p = (unsigned __int128)a[i] * b[j] + r[i + j] + c;

			r[i + j] = (hwc_u64)p;
			c = (hwc_u64)(p >> 64);
		}
		r[i + hl] = c;
	}
}

/* r = a^e mod m, Montgomery form in and out; e public: square-and-multiply on its bits. */
static void modexp_public(const struct hwc_rsa_key *key, const struct hwc_bn_mont *ctx,
			  hwc_u64 *r, const hwc_u64 *a, hwc_u64 *t)
{
	const struct hwc_bn_impl *bn = key->bn;
	unsigned int nl = ctx->nl, i = key->ebits - 1;

	copy(r, a, nl);
	while (i-- > 0) {
		bn->sqr(r, r, ctx->m, ctx->n0, nl, t);
		if (key->e[i / 64] >> (i % 64) & 1)
			bn->mul(r, r, a, ctx->m, ctx->n0, nl, t);
	}
}

/*
 * r = a^e mod n, a and r in normal form, a < n: a read as the Montgomery form of a/R gives
 * (a/R)^e R = a^e R^(1-e) out of modexp_public, and one multiplication by R^e (key->re)
 * divides by R once more: a^e. That saves converting a into Montgomery form and r out of it.
 */
static void pow_e(const struct hwc_rsa_key *key, hwc_u64 *r, const hwc_u64 *a, hwc_u64 *t)
{
	const struct hwc_bn_mont *n = &key->n;

	modexp_public(key, n, r, a, t);
	key->bn->mul(r, r, key->re, n->m, n->n0, n->nl, t);
}

static int set_crt(struct hwc_rsa_key *key, const struct hwc_rsa_raw *raw, hwc_u64 *tmp,
		   hwc_u64 *t)
{
	const struct hwc_bn_impl *bn = key->bn;
	unsigned int hl = limbs_of(raw->p, raw->p_sz), lq = limbs_of(raw->q, raw->q_sz);
	hwc_u64 *prod = tmp + HWC_BN_HALF_LIMBS, *mq = prod + HWC_BN_MAX_LIMBS;

	if (lq > hl)
		hl = lq;
	if (!hl || hl > HWC_BN_HALF_LIMBS || 2 * hl < key->nl)
		return -HWC_EINVAL;
	key->hl = hl;
	if (load_prime(&key->p, bn, raw->p, raw->p_sz, hl, tmp, t) ||
	    load_prime(&key->q, bn, raw->q, raw->q_sz, hl, mq, t) ||
	    load(key->dp, hl, raw->dp, raw->dp_sz) || load(key->dq, hl, raw->dq, raw->dq_sz) ||
	    load(key->qinv, hl, raw->qinv, raw->qinv_sz))
		return -HWC_EINVAL;
	/* p * q must be n: a key whose parts disagree is malformed, not a fault to meet later. */
	mul_plain(prod, key->p.m, key->q.m, hl);
	if (!hwc_bn_eq_mask(prod, key->n.m, key->nl) ||
	    hwc_bn_bits_public(prod, 2 * hl) > key->nl * 64)
		return -HWC_EINVAL;
	/* qinv fully reduced mod p in normal form: qinv * R^2 / R, then / R again. */
	bn->mul(key->qinv, key->qinv, key->p.rr, key->p.m, key->p.n0, hl, t);
	zero(tmp, hl);
	tmp[0] = 1;
	bn->mul(key->qinv, key->qinv, tmp, key->p.m, key->p.n0, hl, t);
	bn->mul(key->r3p, key->p.rr, key->p.rr, key->p.m, key->p.n0, hl, t);
	bn->mul(key->r3q, key->q.rr, key->q.rr, key->q.m, key->q.n0, hl, t);
	key->have_crt = 1;
	return 0;
}

int hwc_rsa_set_key(struct hwc_rsa_key *key, const struct hwc_bn_impl *bn,
		    const struct hwc_rsa_raw *raw, int priv, void *ws)
{
	hwc_u64 *tmp = ws, *t = tmp + 3 * HWC_BN_MAX_LIMBS;
	unsigned int nl;
	int err = -HWC_EINVAL;

	hwc_rsa_key_wipe(key);
	key->bn = bn;
	nl = limbs_of(raw->n, raw->n_sz);
	if (nl < HWC_RSA_MIN_BITS / 64 || nl > HWC_BN_MAX_LIMBS)
		goto out;
	key->nl = nl;
	if (load(tmp, nl, raw->n, raw->n_sz) || !(tmp[0] & 1))
		goto out;
	key->bits = hwc_bn_bits_public(tmp, nl);
	if (key->bits < HWC_RSA_MIN_BITS || key->bits > HWC_RSA_MAX_BITS)
		goto out;
	key->bytes = (key->bits + 7) / 8;
	hwc_bn_mont_init(&key->n, bn, tmp, nl, t);

	/* 1 < e < n */
	if (load(key->e, nl, raw->e, raw->e_sz))
		goto out;
	key->ebits = hwc_bn_bits_public(key->e, nl);
	if (key->ebits < 2 || hwc_bn_cmp_public(key->e, key->n.m, nl) >= 0)
		goto out;
	/* R^e: the Montgomery power of rr = R^2 is R^(e+1), times 1 / R gives R^e. */
	modexp_public(key, &key->n, tmp, key->n.rr, t);
	zero(tmp + HWC_BN_MAX_LIMBS, nl);
	tmp[HWC_BN_MAX_LIMBS] = 1;
	bn->mul(key->re, tmp, tmp + HWC_BN_MAX_LIMBS, key->n.m, key->n.n0, nl, t);

	if (priv) {
		if (!raw->d_sz || load(key->d, nl, raw->d, raw->d_sz))
			goto out;
		key->have_priv = 1;
		if (raw->p_sz && raw->q_sz && raw->dp_sz && raw->dq_sz && raw->qinv_sz) {
			err = set_crt(key, raw, tmp, t);
			if (err)
				goto out;
		}
	}
	err = 0;
out:
	hwc_memzero_explicit(ws, HWC_RSA_SETKEY_WS_BYTES);
	if (err)
		hwc_rsa_key_wipe(key);
	return err;
}

/*
 * Branches freely: x and n are public (see hwc_rsa.h). The private op calls this on the
 * ciphertext before anything touches a secret, so the time of the CRT path that follows
 * depends on d, p and q no more than before.
 */
int hwc_rsa_check_input(const hwc_u64 *x, const hwc_u64 *n, unsigned int nlimbs)
{
	unsigned int i, k;
	hwc_u64 high = 0;

	for (i = 1; i < nlimbs; i++)
		high |= x[i];
	if (!nlimbs || (!high && x[0] <= 1))
		return -HWC_EINVAL;
	/* n - 1 limb by limb: the borrow runs through n's low zero limbs (none for odd n). */
	for (k = 0; k < nlimbs && !n[k]; k++)
		;
	if (k == nlimbs)
		return -HWC_EINVAL;
	for (i = nlimbs; i-- > 0;) {
		hwc_u64 m1 = i < k ? ~0ull : n[i] - (i == k);

		if (x[i] != m1)
			return x[i] > m1 ? -HWC_EINVAL : 0;
	}
	return -HWC_EINVAL;	/* x == n - 1 */
}

/* @in to limbs, refused outside 1 < c < n - 1; 0 or -HWC_EINVAL. */
static int load_input(const struct hwc_rsa_key *key, hwc_u64 *c, const hwc_u8 *in, hwc_size len)
{
	if (load(c, key->nl, in, len) || hwc_rsa_check_input(c, key->n.m, key->nl))
		return -HWC_EINVAL;
	return 0;
}

int hwc_rsa_public(const struct hwc_rsa_key *key, hwc_u8 *out, const hwc_u8 *in, hwc_size inlen,
		   void *wsp)
{
	unsigned int nl = key->nl;
	hwc_u64 *ws = wsp, *c = ws + WS_C * nl, *v = ws + WS_V * nl;
	hwc_u64 *t = ws + WS_NSLOTS * nl;

	if (!nl)
		return -HWC_EINVAL;
	if (load_input(key, c, in, inlen))
		return -HWC_EINVAL;
	pow_e(key, v, c, t);
	hwc_bn_to_bytes(out, key->bytes, v, nl);
	return 0;
}

/*
 * A fresh pair for modulus @ctx: @a = r^e and @v = r^-1, both in Montgomery form, for r
 * uniform mod m from @rnd (nl + 1 limbs' worth of bytes). @iws: hwc_bn_modinv_ws_limbs(nl).
 */
static void blind_draw(const struct hwc_rsa_key *key, const struct hwc_bn_mont *ctx, hwc_u64 *a,
		       hwc_u64 *v, const hwc_u8 *rnd, hwc_u64 *t, hwc_u64 *iws)
{
	const struct hwc_bn_impl *bn = key->bn;
	unsigned int nl = ctx->nl;

	/*
	 * (nl + 1) random limbs are below m R, so the reduction is defined; as t -> t/R is a
	 * bijection mod m, its result is as uniform as t mod m: the Montgomery form of a uniform r.
	 */
	load(t, nl + 1, rnd, 8 * ((hwc_size)nl + 1));
	zero(t + nl + 1, nl - 1);
	bn->redc(v, t, ctx->m, ctx->n0, nl);
	modexp_public(key, ctx, a, v, t);
	/* (r R)^-1 = r^-1 / R, then twice * R^2 / R: r^-1 R */
	hwc_bn_modinv_ct(v, v, ctx->m, nl, iws);
	bn->mul(v, v, ctx->rr, ctx->m, ctx->n0, nl, t);
	bn->mul(v, v, ctx->rr, ctx->m, ctx->n0, nl, t);
}

/*
 * For s = (x r^e)^exp r^-1 mod m: the blinded base B = x r^e into @B (x and B in Montgomery
 * form) and into @u the unblinding factor, so that one Montgomery multiplication of the power
 * (s r, Montgomery form) by @u gives s: u = r^-1 R with @mont_out (s in Montgomery form),
 * else r^-1 (s in normal form). The pair comes from @ka, @kv (kept, or drawn into them when
 * @draw), or with @ka NULL is drawn into @B and @u. @iws: hwc_bn_modinv_ws_limbs(nl) limbs.
 */
static void blind(const struct hwc_rsa_key *key, const struct hwc_bn_mont *ctx, hwc_u64 *B,
		  hwc_u64 *u, const hwc_u64 *x, int mont_out, hwc_u64 *ka, hwc_u64 *kv, int draw,
		  const hwc_u8 *rnd, hwc_u64 *t, hwc_u64 *iws)
{
	const struct hwc_bn_impl *bn = key->bn;
	unsigned int nl = ctx->nl;
	hwc_u64 *a = ka ? ka : B, *v = ka ? kv : u;

	if (draw)
		blind_draw(key, ctx, a, v, rnd, t, iws);
	bn->mul(B, x, a, ctx->m, ctx->n0, nl, t);
	if (mont_out) {
		copy(u, v, nl);
	} else {
		copy(t, v, nl);
		zero(t + nl, nl);
		bn->redc(u, t, ctx->m, ctx->n0, nl);
	}
}

int hwc_rsa_private(const struct hwc_rsa_key *key, hwc_u8 *out, const hwc_u8 *in,
		    hwc_size inlen, const hwc_u8 *rnd, struct hwc_rsa_blind *bl, void *wsp,
		    const struct hwc_rsa_yield *yf)
{
	const struct hwc_bn_impl *bn = key->bn;
	const struct hwc_bn_mont *n = &key->n;
	unsigned int nl = key->nl, hl = key->hl, i;
	hwc_u64 *ws = wsp;
	hwc_u64 *c = ws + WS_C * nl, *sp = ws + WS_SP * nl, *sq = ws + WS_SQ * nl;
	hwc_u64 *h = ws + WS_H * nl, *s = ws + WS_S * nl, *v = ws + WS_V * nl;
	hwc_u64 *t = ws + WS_NSLOTS * nl, *wide = t + 2 * nl + 2, *mws = wide + 2 * nl + 2;
	hwc_u64 ok, *ka0 = bl ? bl->a[0] : NULL, *ka1 = bl ? bl->a[1] : NULL;
	/* the pair's age is public: how many operations ran, never what they computed */
	int draw = hwc_rsa_blind_due(bl);

	if (!key->have_priv)
		return -HWC_EINVAL;
	if (load_input(key, c, in, inlen))
		return -HWC_EINVAL;

	if (key->have_crt) {
		const struct hwc_bn_mont *p = &key->p, *q = &key->q;
		/* blinded bases and unblinding factors: slots free until Garner's step */
		hwc_u64 *bp = ws + WS_B * nl, *up = ws + WS_R * nl, *bq = h, *uq = s;
		struct hwc_bn_exp2 x[2];

		/* c mod p, Montgomery form: c/R by reduction (c < n < p*R), then * R^3 / R. */
		copy(wide, c, nl);
		zero(wide + nl, 2 * hl - nl);
		bn->redc(sp, wide, p->m, p->n0, hl);
		bn->mul(sp, sp, key->r3p, p->m, p->n0, hl, t);
		copy(wide, c, nl);
		zero(wide + nl, 2 * hl - nl);
		bn->redc(sq, wide, q->m, q->n0, hl);
		bn->mul(sq, sq, key->r3q, q->m, q->n0, hl, t);

		/*
		 * s_p comes out in Montgomery form, s_q in normal form: what Garner's step takes.
		 * The halves are independent: a tier may run both in one pass (modexp2x2_ct).
		 */
		blind(key, p, bp, up, sp, 1, ka0, bl ? bl->v[0] : NULL, draw, rnd, t, mws);
		blind(key, q, bq, uq, sq, 0, ka1, bl ? bl->v[1] : NULL, draw,
		      rnd + 8 * ((hwc_size)hl + 1), t, mws);
		x[0] = (struct hwc_bn_exp2){ p, sp, bp, key->dp, NULL, NULL };
		x[1] = (struct hwc_bn_exp2){ q, sq, bq, key->dq, NULL, NULL };
		hwc_bn_modexp2x2_ct(bn, x, hl, 0, hl * 64, mws, yf);
		bn->mul(sp, sp, up, p->m, p->n0, hl, t);	/* s_p, Montgomery */
		bn->mul(sq, sq, uq, q->m, q->n0, hl, t);	/* s_q, normal form */

		/* Garner: s = s_q + q * ((s_p - s_q) * qinv mod p). */
		bn->mul(h, sq, p->rr, p->m, p->n0, hl, t);	/* s_q mod p, Montgomery */
		hwc_bn_modsub(h, sp, h, p->m, hl);
		bn->mul(h, h, key->qinv, p->m, p->n0, hl, t);	/* normal form */
		mul_plain(wide, h, q->m, hl);
		zero(s, nl);
		copy(s, sq, hl);
		hwc_bn_add(wide, wide, s, nl);
		copy(s, wide, nl);
	} else {
		hwc_u64 *u = ws + WS_R * nl, *B = ws + WS_B * nl;

		bn->mul(sp, c, n->rr, n->m, n->n0, nl, t);
		blind(key, n, B, u, sp, 0, ka0, bl ? bl->v[0] : NULL, draw, rnd, t, mws);
		hwc_bn_modexp2_ct(bn, n, sp, B, key->d, nl, NULL, NULL, 0, nl * 64, mws, yf);
		bn->mul(s, sp, u, n->m, n->n0, nl, t);		/* normal form */
	}

	/* Fault check: s^e must give c back. */
	pow_e(key, v, s, t);
	ok = hwc_bn_eq_mask(v, c, nl);
	for (i = 0; i < nl; i++)
		s[i] &= ok;
	hwc_bn_to_bytes(out, key->bytes, s, nl);
	if (bl) {
		/* Kocher's update: the next operation's pair is this one's square. */
		const struct hwc_bn_mont *m[2] = { key->have_crt ? &key->p : n, &key->q };

		for (i = 0; i < (key->have_crt ? 2u : 1u); i++) {
			bn->sqr(bl->a[i], bl->a[i], m[i]->m, m[i]->n0, m[i]->nl, t);
			bn->sqr(bl->v[i], bl->v[i], m[i]->m, m[i]->n0, m[i]->nl, t);
		}
		/* a failed check empties the pair: whatever went wrong is not carried on */
		bl->uses = (unsigned int)((hwc_u64)(draw ? 1 : bl->uses + 1) & ok);
	}
	hwc_memzero_explicit(ws, hwc_rsa_ws_bytes(key));
	return (int)(hwc_u32)(~ok & (hwc_u64)(hwc_u32)-HWC_EIO);
}

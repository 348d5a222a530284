// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the RSA core against OpenSSL: Montgomery tiers against BIGNUM arithmetic, the
 * public and private operations on random keys (1024..4096 bits, plus a fixed 8192-bit key)
 * against BN_mod_exp, edge inputs, malformed keys and inputs, and fault detection.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cpu.h"
#include "hwc_rsa.h"
#include "testutil.h"

static unsigned int npassed, nfailed;

static void check(int ok, const char *impl, const char *what, unsigned int bits)
{
	if (ok) {
		npassed++;
		return;
	}
	if (nfailed++ >= 30)
		return;
	printf("FAIL %-8s %-40s %u bits\n", impl, what, bits);
}

static BN_CTX *bnctx;

static BIGNUM *limbs_to_bn(const hwc_u64 *a, unsigned int nl)
{
	unsigned char buf[HWC_BN_MAX_LIMBS * 8 * 2];

	hwc_bn_to_bytes(buf, nl * 8, a, nl);
	return BN_bin2bn(buf, nl * 8, NULL);
}

static void bn_to_limbs(hwc_u64 *r, unsigned int nl, const BIGNUM *b)
{
	unsigned char buf[HWC_BN_MAX_LIMBS * 8 * 2];
	int len = BN_num_bytes(b);

	BN_bn2bin(b, buf);
	if (hwc_bn_from_bytes(r, nl, buf, len)) {
		fprintf(stderr, "bn_to_limbs: does not fit\n");
		exit(1);
	}
}

/* Random x < m (nl limbs); edge picks 0, 1, m-1 now and then. */
static void rnd_below(hwc_u64 *x, const BIGNUM *m, unsigned int nl)
{
	BIGNUM *b = BN_new();

	switch (hwc_test_rnd64() % 8) {
	case 0:
		BN_zero(b);
		break;
	case 1:
		BN_one(b);
		break;
	case 2:
		BN_sub(b, m, BN_value_one());
		break;
	default:
		BN_rand_range(b, m);
	}
	bn_to_limbs(x, nl, b);
	BN_free(b);
}

/* mul, sqr, redc of one tier against BN_mod_mul with R^-1, for one random odd modulus. */
static void test_mont(const struct hwc_bn_impl *bn, unsigned int nl, unsigned int iters)
{
	static hwc_u64 m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], b[HWC_BN_MAX_LIMBS];
	static hwc_u64 r[HWC_BN_MAX_LIMBS], w[2 * HWC_BN_MAX_LIMBS + 2], t[2 * HWC_BN_MAX_LIMBS + 2];
	static struct hwc_bn_mont ctx;
	BIGNUM *M, *A, *B, *R, *Ri, *E, *G;
	unsigned int i, ok = 1;

	hwc_test_rnd_fill(m, nl * 8);
	m[0] |= 1;
	/*
	 * Full top limb most of the time; sometimes a short one (primes of odd sizes), its top bit
	 * set so that a one-limb modulus is at least 3 (1 has no Montgomery form, and no key has
	 * it); now and then all ones or 2^(64 nl - 1) + 1, whose multiples carry through every
	 * limb or none.
	 */
	switch (hwc_test_rnd64() % 8) {
	case 0: {
		unsigned int s = hwc_test_rnd64() % 63;

		m[nl - 1] = (m[nl - 1] >> s) | (1ull << (63 - s)) | 1;
		break;
	}
	case 1:
		memset(m, 0xff, nl * 8);
		break;
	case 2:
		memset(m, 0, nl * 8);
		m[0] = 1;
		m[nl - 1] |= 1ull << 63;
		break;
	default:
		m[nl - 1] |= 1ull << 63;
	}
	M = limbs_to_bn(m, nl);
	R = BN_new();
	BN_set_bit(R, 64 * nl);
	Ri = BN_mod_inverse(NULL, R, M, bnctx);
	E = BN_new();
	G = BN_new();
	hwc_bn_mont_init(&ctx, bn, m, nl, t);
	/* R mod m and R^2 mod m */
	BN_mod(E, R, M, bnctx);
	G = limbs_to_bn(ctx.one, nl);
	ok &= !BN_cmp(E, G);
	BN_free(G);
	BN_mod_mul(E, R, R, M, bnctx);
	G = limbs_to_bn(ctx.rr, nl);
	ok &= !BN_cmp(E, G);
	BN_free(G);
	ok &= ctx.n0 * m[0] == ~0ull;
	check(ok, bn->impl, "mont_init (one, rr, n0)", nl * 64);

	for (i = 0; i < iters; i++) {
		rnd_below(a, M, nl);
		rnd_below(b, M, nl);
		A = limbs_to_bn(a, nl);
		B = limbs_to_bn(b, nl);

		bn->mul(r, a, b, m, ctx.n0, nl, t);
		BN_mod_mul(E, A, B, M, bnctx);
		BN_mod_mul(E, E, Ri, M, bnctx);
		G = limbs_to_bn(r, nl);
		check(!BN_cmp(E, G), bn->impl, "mont mul", nl * 64);
		BN_free(G);

		/* a need not be reduced: any a < R with b < m */
		hwc_test_rnd_fill(w, nl * 8);
		BN_free(A);
		A = limbs_to_bn(w, nl);
		bn->mul(r, w, b, m, ctx.n0, nl, t);
		BN_mod_mul(E, A, B, M, bnctx);
		BN_mod_mul(E, E, Ri, M, bnctx);
		G = limbs_to_bn(r, nl);
		check(!BN_cmp(E, G), bn->impl, "mont mul, a unreduced", nl * 64);
		BN_free(G);

		bn->sqr(r, b, m, ctx.n0, nl, t);
		BN_mod_mul(E, B, B, M, bnctx);
		BN_mod_mul(E, E, Ri, M, bnctx);
		G = limbs_to_bn(r, nl);
		check(!BN_cmp(E, G), bn->impl, "mont sqr", nl * 64);
		BN_free(G);

		/* in-place aliasing */
		memcpy(r, b, nl * 8);
		bn->sqr(r, r, m, ctx.n0, nl, t);
		G = limbs_to_bn(r, nl);
		check(!BN_cmp(E, G), bn->impl, "mont sqr in place", nl * 64);
		BN_free(G);

		/* redc of x = a * b < m R */
		memset(w, 0, sizeof(w));
		{
			BIGNUM *X = BN_new();

			BN_mul(X, A, B, bnctx);
			{
				unsigned char buf[HWC_BN_MAX_LIMBS * 16];
				int len = BN_num_bytes(X);

				BN_bn2bin(X, buf);
				hwc_bn_from_bytes(w, 2 * nl, buf, len);
			}
			bn->redc(r, w, m, ctx.n0, nl);
			BN_mod_mul(E, X, Ri, M, bnctx);
			G = limbs_to_bn(r, nl);
			check(!BN_cmp(E, G), bn->impl, "redc", nl * 64);
			BN_free(G);
			BN_free(X);
		}
		BN_free(A);
		BN_free(B);
	}
	BN_free(M);
	BN_free(R);
	BN_free(Ri);
	BN_free(E);
}

/*
 * The exponentiation on its own, single power (a2 NULL, what the private op uses) and double,
 * one modulus (modexp2_ct) and two at once (modexp2x2_ct: the ifma hook's pair), against
 * BN_mod_exp; exponents of up to 8 limbs keep it quick at every size.
 */
static void test_modexp(const struct hwc_bn_impl *bn, unsigned int nl)
{
	static struct hwc_bn_mont ctx[2];
	static hwc_u64 m[2][HWC_BN_MAX_LIMBS], a1[2][HWC_BN_MAX_LIMBS], a2[2][HWC_BN_MAX_LIMBS];
	static hwc_u64 e1[2][8], e2[2][8], r[2][HWC_BN_MAX_LIMBS], t[2 * HWC_BN_MAX_LIMBS + 2];
	unsigned int el = nl < 8 ? nl : 8, ebits = 64 * el, x, two, pair;
	BIGNUM *M[2], *want[2][2], *R = BN_new(), *Ri, *X = BN_new(), *Y = BN_new(), *E, *G;
	hwc_u64 *ws = malloc(hwc_bn_modexp2_ws_limbs(bn, nl, ebits) * 8);

	BN_set_bit(R, 64 * nl);
	for (x = 0; x < 2; x++) {
		hwc_test_rnd_fill(m[x], nl * 8);
		m[x][0] |= 1;
		m[x][nl - 1] |= 1ull << 63;
		hwc_bn_mont_init(&ctx[x], bn, m[x], nl, t);
		M[x] = limbs_to_bn(m[x], nl);
		rnd_below(a1[x], M[x], nl);
		rnd_below(a2[x], M[x], nl);
		hwc_test_rnd_fill(e1[x], el * 8);
		hwc_test_rnd_fill(e2[x], el * 8);
		e1[x][el - 1] |= 1ull << 63;	/* the top window nonzero: the public bound met */
		/* Montgomery forms in, out: (a1 / R)^e1 (a2 / R)^e2 R, with and without a2 */
		Ri = BN_mod_inverse(NULL, R, M[x], bnctx);
		for (two = 0; two < 2; two++) {
			G = limbs_to_bn(a1[x], nl);
			BN_mod_mul(X, G, Ri, M[x], bnctx);
			BN_free(G);
			E = limbs_to_bn(e1[x], el);
			BN_mod_exp(X, X, E, M[x], bnctx);
			BN_free(E);
			if (two) {
				G = limbs_to_bn(a2[x], nl);
				BN_mod_mul(Y, G, Ri, M[x], bnctx);
				BN_free(G);
				E = limbs_to_bn(e2[x], el);
				BN_mod_exp(Y, Y, E, M[x], bnctx);
				BN_free(E);
				BN_mod_mul(X, X, Y, M[x], bnctx);
			}
			want[x][two] = BN_new();
			BN_mod_mul(want[x][two], X, R, M[x], bnctx);
		}
		BN_free(Ri);
	}
	for (two = 0; two < 2; two++) {
		for (pair = 0; pair < 2; pair++) {
			struct hwc_bn_exp2 xp[2];

			for (x = 0; x < 2; x++)
				xp[x] = (struct hwc_bn_exp2){ &ctx[x], r[x], a1[x], e1[x],
							       two ? a2[x] : NULL, two ? e2[x] : NULL };
			if (pair)
				hwc_bn_modexp2x2_ct(bn, xp, el, two ? el : 0, ebits, ws, NULL);
			else
				for (x = 0; x < 2; x++)
					hwc_bn_modexp2_ct(bn, &ctx[x], r[x], a1[x], e1[x], el, xp[x].a2,
							  xp[x].e2, two ? el : 0, ebits, ws, NULL);
			for (x = 0; x < 2; x++) {
				G = limbs_to_bn(r[x], nl);
				check(!BN_cmp(G, want[x][two]), bn->impl,
				      two ? (pair ? "modexp2x2, two powers" : "modexp2, two powers") :
					    (pair ? "modexp2x2, one power" : "modexp2, one power"),
				      nl * 64);
				BN_free(G);
			}
		}
	}
	for (x = 0; x < 2; x++) {
		BN_free(M[x]);
		BN_free(want[x][0]);
		BN_free(want[x][1]);
	}
	BN_free(R);
	BN_free(X);
	BN_free(Y);
	free(ws);
}

/*
 * hwc_bn_modinv_ct against BN_mod_inverse for @count odd moduli of @nl limbs: random ones,
 * some with a short top limb, just above a power of two, all-ones limbs; a random in [1, m),
 * and the edges 1, 2, m - 1. Output in place (r aliasing a) half the time.
 */
static void test_modinv(unsigned int nl, unsigned int count)
{
	static hwc_u64 m[HWC_BN_MAX_LIMBS], a[HWC_BN_MAX_LIMBS], r[HWC_BN_MAX_LIMBS];
	static hwc_u64 ws[5 * (HWC_BN_MAX_LIMBS + 16)];
	BIGNUM *M, *A = BN_new(), *E = BN_new(), *G;
	unsigned int i, j;

	if (hwc_bn_modinv_ws_limbs(nl) > sizeof(ws) / 8) {
		check(0, "bn", "modinv workspace fits the test's", nl * 64);
		return;
	}
	for (i = 0; i < count; i++) {
		hwc_test_rnd_fill(m, nl * 8);
		switch (i % 6) {
		case 0:		/* 2^(64 nl - 1) + small odd */
			memset(m, 0, nl * 8);
			m[nl - 1] = 1ull << 63;
			m[0] = hwc_test_rnd64() % 1000 | 1;
			break;
		case 1:		/* all ones */
			memset(m, 0xff, nl * 8);
			break;
		case 2:		/* short top limb */
			m[nl - 1] >>= hwc_test_rnd64() % 64;
			m[nl - 1] |= 1;
			break;
		default:
			m[nl - 1] |= 1ull << 63;
		}
		m[0] |= 1;
		M = limbs_to_bn(m, nl);
		for (j = 0; j < 4; j++) {
			switch (j) {
			case 0:
				BN_one(A);
				break;
			case 1:
				BN_set_word(A, 2);
				break;
			case 2:
				BN_sub(A, M, BN_value_one());
				break;
			default:
				do
					BN_rand_range(A, M);
				while (BN_is_zero(A));
			}
			/* a must be prime to m: the random moduli are not primes */
			if (!BN_mod_inverse(E, A, M, bnctx)) {
				ERR_clear_error();
				continue;
			}
			bn_to_limbs(a, nl, A);
			if (j % 2) {
				hwc_bn_modinv_ct(a, a, m, nl, ws);
				G = limbs_to_bn(a, nl);
			} else {
				hwc_bn_modinv_ct(r, a, m, nl, ws);
				G = limbs_to_bn(r, nl);
			}
			check(!BN_cmp(E, G), "bn", "modinv against BN_mod_inverse", nl * 64);
			BN_free(G);
		}
		BN_free(M);
	}
	BN_free(A);
	BN_free(E);
}

/* An OpenSSL key and its parts as big-endian byte strings. */
struct tkey {
	EVP_PKEY *pkey;
	BIGNUM *n, *e, *d, *p, *q, *dp, *dq, *qinv;
	unsigned char *buf[8];
	struct hwc_rsa_raw raw;
	unsigned int bits;
};

static void tkey_fill(struct tkey *k)
{
	const char *names[8] = { OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E,
				 OSSL_PKEY_PARAM_RSA_D, OSSL_PKEY_PARAM_RSA_FACTOR1,
				 OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
				 OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1 };
	BIGNUM **bns[8] = { &k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv };
	const hwc_u8 **ptr[8] = { &k->raw.n, &k->raw.e, &k->raw.d, &k->raw.p, &k->raw.q,
				  &k->raw.dp, &k->raw.dq, &k->raw.qinv };
	hwc_size *sz[8] = { &k->raw.n_sz, &k->raw.e_sz, &k->raw.d_sz, &k->raw.p_sz,
			    &k->raw.q_sz, &k->raw.dp_sz, &k->raw.dq_sz, &k->raw.qinv_sz };
	int i;

	for (i = 0; i < 8; i++) {
		*bns[i] = NULL;
		if (!EVP_PKEY_get_bn_param(k->pkey, names[i], bns[i])) {
			fprintf(stderr, "key lacks %s\n", names[i]);
			exit(1);
		}
		/* One leading zero byte, as DER integers carry it: the core must accept that. */
		k->buf[i] = calloc(1, BN_num_bytes(*bns[i]) + 1);
		BN_bn2bin(*bns[i], k->buf[i] + 1);
		*ptr[i] = k->buf[i];
		*sz[i] = BN_num_bytes(*bns[i]) + 1;
	}
	k->bits = BN_num_bits(k->n);
}

static void tkey_free(struct tkey *k)
{
	BIGNUM *bns[8] = { k->n, k->e, k->d, k->p, k->q, k->dp, k->dq, k->qinv };
	int i;

	for (i = 0; i < 8; i++) {
		BN_free(bns[i]);
		free(k->buf[i]);
	}
	EVP_PKEY_free(k->pkey);
}

static int tkey_gen(struct tkey *k, unsigned int bits)
{
	k->pkey = EVP_RSA_gen(bits);
	if (!k->pkey)
		return -1;
	tkey_fill(k);
	return 0;
}

static int tkey_load(struct tkey *k, const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	k->pkey = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	fclose(f);
	if (!k->pkey)
		return -1;
	tkey_fill(k);
	return 0;
}

static unsigned char ws_setkey[HWC_RSA_SETKEY_WS_BYTES] __attribute__((aligned(64)));

/*
 * The kernel's hooks, imitated: SIMD sections must nest never and balance, the yield must come
 * outside them; "not usable" must send a SIMD tier down the generic path (same result).
 */
static int simd_depth, simd_bad, simd_sections, simd_allowed;

static void hook_yield(void *arg __attribute__((unused)))
{
	simd_bad |= simd_depth != 0;
}

static int hook_usable(void *arg __attribute__((unused)))
{
	return simd_allowed;
}

static void hook_begin(void *arg __attribute__((unused)))
{
	simd_bad |= simd_depth++ != 0 || !simd_allowed;
	simd_sections++;
}

static void hook_end(void *arg __attribute__((unused)))
{
	simd_bad |= --simd_depth != 0;
}

/* Public and private op on random and edge inputs against BN_mod_exp. */
static void test_key(const struct hwc_bn_impl *bn, struct tkey *tk, unsigned int iters)
{
	static struct hwc_rsa_key key, pub;
	static unsigned char in[1200], out[1100], exp[1100], rnd[HWC_RSA_RANDOM_BYTES];
	static struct hwc_rsa_blind bl;
	struct hwc_rsa_raw raw = tk->raw;
	unsigned int bytes = (tk->bits + 7) / 8, i, crt;
	BIGNUM *x = BN_new(), *y = BN_new();
	void *ws;
	int err;

	for (crt = 0; crt < 2; crt++) {
		if (!crt)
			raw.p_sz = 0;	/* no CRT parameters: plain d */
		else
			raw = tk->raw;
		err = hwc_rsa_set_key(&key, bn, &raw, 1, ws_setkey);
		check(!err && key.have_crt == crt, bn->impl, crt ? "set_priv_key (crt)" : "set_priv_key (d)", tk->bits);
		err = hwc_rsa_set_key(&pub, bn, &raw, 0, ws_setkey);
		check(!err && !pub.have_priv, bn->impl, "set_pub_key", tk->bits);
		check(key.bytes == bytes, bn->impl, "key bytes", tk->bits);
		ws = aligned_alloc(64, (hwc_rsa_ws_bytes(&key) + 63) & ~63ul);
		memset(&bl, 0, sizeof(bl));

		/* 0, 1, n-1 (and n, n+1 below): outside SP 800-56B's 1 < x < n-1, refused untouched */
		for (i = 0; i < 3; i++) {
			switch (i) {
			case 0: BN_zero(x); break;
			case 1: BN_one(x); break;
			case 2: BN_sub(x, tk->n, BN_value_one()); break;
			}
			BN_bn2binpad(x, in, bytes);
			hwc_test_rnd_fill(rnd, sizeof(rnd));
			memset(out, 0xa5, sizeof(out));
			err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL);
			check(err == -HWC_EINVAL && !memcmp(out, out + 1, sizeof(out) - 1) &&
			      out[0] == 0xa5 && !bl.uses, bn->impl,
			      "private op, x <= 1 or x = n-1 refused", tk->bits);
			err = hwc_rsa_public(&pub, out, in, bytes, ws);
			check(err == -HWC_EINVAL && !memcmp(out, out + 1, sizeof(out) - 1) &&
			      out[0] == 0xa5, bn->impl, "public op, x <= 1 or x = n-1 refused", tk->bits);
		}
		for (i = 3; i < iters + 5; i++) {
			/* edges first: 2, n-2 (the ends of the range) */
			switch (i) {
			case 3: BN_set_word(x, 2); break;
			case 4: BN_sub(x, tk->n, BN_value_one()); BN_sub_word(x, 1); break;
			default: BN_rand_range(x, tk->n);
			}
			BN_bn2binpad(x, in, bytes);
			hwc_test_rnd_fill(rnd, sizeof(rnd));

			BN_mod_exp(y, x, tk->d, tk->n, bnctx);
			BN_bn2binpad(y, exp, bytes);
			memset(out, 0xa5, sizeof(out));
			if (i < 5) {
				/* a pair of its own, drawn for this op alone */
				err = hwc_rsa_private(&key, out, in, bytes, rnd, NULL, ws, NULL);
			} else {
				struct hwc_rsa_yield y = { hook_yield, NULL, hook_usable, hook_begin,
							   hook_end };

				simd_allowed = i % 2;
				simd_depth = simd_bad = 0;
				/* the kept pair: drawn, squared each op, drawn again after 32 */
				err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, &y);
				check(!simd_bad && !simd_depth, bn->impl,
				      "SIMD hooks balanced, yield outside", tk->bits);
				check(bl.uses == (i - 5) % HWC_RSA_BLIND_USES + 1, bn->impl,
				      "kept blinding pair's use count", tk->bits);
			}
			check(!err && !memcmp(out, exp, bytes) && out[bytes] == 0xa5, bn->impl,
			      crt ? "private op (crt)" : "private op (d)", tk->bits);

			if (crt) {
				BN_mod_exp(y, x, tk->e, tk->n, bnctx);
				BN_bn2binpad(y, exp, bytes);
				memset(out, 0xa5, sizeof(out));
				err = hwc_rsa_public(&pub, out, in, bytes, ws);
				check(!err && !memcmp(out, exp, bytes) && out[bytes] == 0xa5, bn->impl,
				      "public op", tk->bits);
				/* the same value, shorter (no leading zeros) and longer (extra zeros) */
				{
					int len = BN_num_bytes(x);

					BN_bn2bin(x, in);
					err = hwc_rsa_public(&pub, out, in, len, ws);
					check(!err && !memcmp(out, exp, bytes), bn->impl, "public op, short input", tk->bits);
					BN_bn2binpad(x, in, bytes + 7);
					err = hwc_rsa_public(&pub, out, in, bytes + 7, ws);
					check(!err && !memcmp(out, exp, bytes), bn->impl, "public op, zero-padded input", tk->bits);
				}
			}
		}
		/*
		 * A corrupted kept pair (a flipped bit of r^e, of r^-1, of each modulus's: unblinding
		 * then gives a wrong s) is caught by the check: -EIO, zero output, the pair emptied;
		 * the next op draws a new one and is right.
		 */
		for (i = 0; i < (crt ? 4u : 2u); i++) {
			unsigned int k;

			(i % 2 ? bl.v : bl.a)[i / 2][0] ^= 1;
			BN_rand_range(x, tk->n);
			BN_bn2binpad(x, in, bytes);
			memset(out, 0xa5, sizeof(out));
			hwc_test_rnd_fill(rnd, sizeof(rnd));
			err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL);
			for (k = 0; k < bytes && !out[k]; k++)
				;
			check(err == -HWC_EIO && k == bytes && !bl.uses, bn->impl,
			      "corrupted blinding pair: -EIO, zero output, pair emptied", tk->bits);
			BN_mod_exp(y, x, tk->d, tk->n, bnctx);
			BN_bn2binpad(y, exp, bytes);
			hwc_test_rnd_fill(rnd, sizeof(rnd));
			err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL);
			check(!err && !memcmp(out, exp, bytes) && bl.uses == 1, bn->impl,
			      "after a corrupted pair, a fresh one", tk->bits);
		}
		/*
		 * After HWC_RSA_BLIND_USES uses the pair is drawn afresh: a corrupted one at that age
		 * is overwritten, not used (squaring it on would fail the check). Random bytes are
		 * read only then.
		 */
		for (i = 0; i < 2; i++) {
			bl.uses = i ? HWC_RSA_BLIND_USES : HWC_RSA_BLIND_USES - 1;
			bl.a[0][0] ^= 1;
			BN_rand_range(x, tk->n);
			BN_bn2binpad(x, in, bytes);
			BN_mod_exp(y, x, tk->d, tk->n, bnctx);
			BN_bn2binpad(y, exp, bytes);
			if (i)
				hwc_test_rnd_fill(rnd, sizeof(rnd));
			else
				memset(rnd, 0, sizeof(rnd));	/* must not be read */
			check(hwc_rsa_blind_due(&bl) == (int)i, bn->impl, "pair due at its age",
			      tk->bits);
			err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL);
			check(i ? !err && !memcmp(out, exp, bytes) && bl.uses == 1 :
				  err == -HWC_EIO && !bl.uses, bn->impl,
			      i ? "pair at HWC_RSA_BLIND_USES uses: drawn afresh" :
				  "pair one use younger: still kept (corruption caught)", tk->bits);
		}

		/* message >= n: n, n+1, all ones, and a nonzero byte beyond the modulus size */
		for (i = 0; i < 4; i++) {
			unsigned int len = bytes;

			switch (i) {
			case 0: BN_bn2binpad(tk->n, in, bytes); break;
			case 1: BN_add(x, tk->n, BN_value_one()); BN_bn2binpad(x, in, bytes); break;
			case 2: memset(in, 0xff, bytes); break;
			case 3: memset(in, 0, bytes + 1); in[0] = 1; len = bytes + 1; break;
			}
			err = hwc_rsa_private(&key, out, in, len, rnd, &bl, ws, NULL);
			check(err == -HWC_EINVAL, bn->impl, "private op, input >= n", tk->bits);
			err = hwc_rsa_public(&pub, out, in, len, ws);
			check(err == -HWC_EINVAL, bn->impl, "public op, input >= n", tk->bits);
		}
		/* a public key cannot do private ops */
		err = hwc_rsa_private(&pub, out, in, 1, rnd, NULL, ws, NULL);
		check(err == -HWC_EINVAL, bn->impl, "private op on public key", tk->bits);

		/* a fault in one half (here a flipped bit of dp, or of d) must be caught */
		if (crt)
			key.dp[1] ^= 4;
		else
			key.d[1] ^= 4;
		BN_rand_range(x, tk->n);
		BN_bn2binpad(x, in, bytes);
		memset(out, 0xa5, sizeof(out));
		err = hwc_rsa_private(&key, out, in, bytes, rnd, &bl, ws, NULL);
		for (i = 0; i < bytes && !out[i]; i++)
			;
		check(err == -HWC_EIO && i == bytes && !bl.uses, bn->impl,
		      "fault detected, zero output", tk->bits);
		free(ws);
		hwc_rsa_key_wipe(&key);
	}
	BN_free(x);
	BN_free(y);
}

/*
 * hwc_rsa_check_input() against the rule 1 < x < n-1 computed by BIGNUM, on the edges 0, 1, 2,
 * n-2, n-1, n, n+1, on 2^64 and 2^64 +- 1 (a zero low limb, a carry), and on random x below
 * 2n, for odd moduli (random, all ones, 2^(64 nl - 1) + 1) and, to exercise the borrow of
 * n - 1, even ones with zero low limbs. n = 3: the range is empty.
 */
static void test_check_input(unsigned int nl)
{
	static hwc_u64 n[HWC_BN_MAX_LIMBS], x[HWC_BN_MAX_LIMBS];
	BIGNUM *N, *N1, *X = BN_new(), *T = BN_new();
	unsigned int shape, i;

	for (shape = 0; shape < 6; shape++) {
		hwc_test_rnd_fill(n, nl * 8);
		n[nl - 1] |= 1ull << 63;
		n[0] |= 1;
		switch (shape) {
		case 1: memset(n, 0xff, nl * 8); break;
		case 2: memset(n, 0, nl * 8); n[0] = 1; n[nl - 1] = 1ull << 63; break;
		case 3: if (nl > 1) n[0] = 0; break;
		case 4: memset(n, 0, (nl - 1) * 8); break;
		case 5: memset(n, 0, nl * 8); n[0] = 3; break;
		}
		N = limbs_to_bn(n, nl);
		N1 = BN_dup(N);
		BN_sub_word(N1, 1);
		for (i = 0; i < 40; i++) {
			switch (i) {
			case 0: BN_zero(X); break;
			case 1: BN_one(X); break;
			case 2: BN_set_word(X, 2); break;
			case 3: BN_sub(X, N1, BN_value_one()); break;
			case 4: BN_copy(X, N1); break;
			case 5: BN_copy(X, N); break;
			case 6: BN_add(X, N, BN_value_one()); break;
			case 7: BN_zero(X); BN_set_bit(X, 64); break;
			case 8: BN_zero(X); BN_set_bit(X, 64); BN_sub_word(X, 1); break;
			case 9: BN_zero(X); BN_set_bit(X, 64); BN_add_word(X, 1); break;
			default: BN_lshift1(T, N); BN_rand_range(X, T);
			}
			/* values that need more than nl limbs are refused before this check */
			if (BN_num_bits(X) > (int)(64 * nl))
				continue;
			bn_to_limbs(x, nl, X);
			check(!hwc_rsa_check_input(x, n, nl) ==
			      (BN_cmp(X, BN_value_one()) > 0 && BN_cmp(X, N1) < 0),
			      "core", "check_input: 1 < x < n-1", 64 * nl);
		}
		BN_free(N);
		BN_free(N1);
	}
	BN_free(X);
	BN_free(T);
}

/* Keys the core must refuse with -EINVAL. */
static void test_bad_keys(const struct hwc_bn_impl *bn, struct tkey *tk)
{
	static struct hwc_rsa_key key;
	static unsigned char n2[1100], big[1200];
	struct hwc_rsa_raw raw;
	unsigned char one = 1, zero = 0;
	unsigned int i;

	for (i = 0; i < 11; i++) {
		raw = tk->raw;
		switch (i) {
		case 0:	/* even modulus */
			memcpy(n2, raw.n, raw.n_sz);
			n2[raw.n_sz - 1] ^= 1;
			raw.n = n2;
			break;
		case 1:	/* 511-bit modulus */
			memset(n2, 0xff, 64);
			n2[0] = 0x7f;
			raw.n = n2;
			raw.n_sz = 64;
			break;
		case 2:	/* 8193-bit modulus */
			memset(big, 0xff, 1025);
			big[0] = 1;
			raw.n = big;
			raw.n_sz = 1025;
			break;
		case 3:	/* e = 1 */
			raw.e = &one;
			raw.e_sz = 1;
			break;
		case 4:	/* e >= n */
			raw.e = raw.n;
			raw.e_sz = raw.n_sz;
			break;
		case 5:	/* e = 0 */
			raw.e = &zero;
			raw.e_sz = 1;
			break;
		case 6:	/* private key without d */
			raw.d_sz = 0;
			break;
		case 7:	/* p and q swapped with another key's q: p * q != n */
			memcpy(n2, raw.q, raw.q_sz);
			n2[raw.q_sz / 2] ^= 0x10;
			raw.q = n2;
			break;
		case 8:	/* even p */
			memcpy(n2, raw.p, raw.p_sz);
			n2[raw.p_sz - 1] ^= 1;
			raw.p = n2;
			break;
		case 9:	/* empty modulus */
			raw.n_sz = 0;
			break;
		case 10: /* qinv wider than a prime */
			memset(big, 0xff, raw.n_sz);
			raw.qinv = big;
			raw.qinv_sz = raw.n_sz;
			break;
		}
		check(hwc_rsa_set_key(&key, bn, &raw, i >= 6 || i == 3, ws_setkey) == -HWC_EINVAL,
		      bn->impl, "malformed key refused", tk->bits);
	}
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--features MASK] [--seed N] [--quick]\n", argv0);
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	unsigned long long seed = (unsigned long long)time(NULL);
	static const unsigned int sizes[] = { 1, 2, 3, 5, 8, 12, 16, 17, 24, 32, 48, 64, 128 };
	static const unsigned int keybits[] = { 1024, 2048, 3072, 4096 };
	struct tkey keys[4], k8192;
	const char *keydir = "keys";
	unsigned int quick = 0, i, j;
	char fbuf[256], path[512];
	int k, all;

	if (hwc_host_subsets_arg(&argc, argv, &all)) {
		unsigned int reqs[64], nreqs = 0, used = 0, r;

		for (r = 0; r < hwc_bn_nimpls && nreqs + 2 <= 64; r++) {
			reqs[nreqs++] = hwc_bn_impls[r].features;
			used |= hwc_bn_impls[r].features;
		}
		hwc_host_print_subsets(reqs, nreqs, used & features, all);
		return 0;
	}
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--seed") && k + 1 < argc)
			seed = strtoull(argv[++k], NULL, 0);
		else if (!strcmp(argv[k], "--quick"))
			quick = 1;
		else if (!strcmp(argv[k], "--keys") && k + 1 < argc)
			keydir = argv[++k];
		else
			usage(argv[0]);
	}
	hwc_test_rng = seed ? seed : 1;
	bnctx = BN_CTX_new();
	/* Line-buffered: a crash under qemu-user must not take the seed line with it. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("rsa: testing with %s; seed %llu (replay with --seed %llu)\n",
	       hwc_host_features_str(features, fbuf, sizeof(fbuf)), seed, seed);

	for (i = 0; i < 4; i++) {
		if (tkey_gen(&keys[i], keybits[i])) {
			fprintf(stderr, "OpenSSL RSA key generation failed\n");
			return 1;
		}
	}
	snprintf(path, sizeof(path), "%s/rsa8192.pem", keydir);
	if (tkey_load(&k8192, path)) {
		fprintf(stderr, "cannot load %s\n", path);
		return 1;
	}

	{
		unsigned int ran = npassed + nfailed, before = nfailed;

		/* from the primes of the smallest keys to the largest plain modulus */
		for (i = HWC_RSA_MIN_BITS / 128; i <= HWC_BN_MAX_LIMBS; i++)
			test_modinv(i, quick ? 4 : 8);
		printf("%s modinv   %u checks (odd moduli of %u..%u limbs)\n",
		       nfailed == before ? "ok  " : "FAIL", npassed + nfailed - ran,
		       HWC_RSA_MIN_BITS / 128, HWC_BN_MAX_LIMBS);
		ran = npassed + nfailed;
		before = nfailed;
		for (i = 1; i <= HWC_BN_MAX_LIMBS; i++)
			test_check_input(i);
		printf("%s input    %u checks (1 < x < n-1, moduli of 1..%u limbs)\n",
		       nfailed == before ? "ok  " : "FAIL", npassed + nfailed - ran, HWC_BN_MAX_LIMBS);
	}
	for (j = 0; j < hwc_bn_nimpls; j++) {
		const struct hwc_bn_impl *bn = &hwc_bn_impls[j];
		unsigned int before = nfailed, ran = npassed + nfailed;

		if ((bn->features & features) != bn->features) {
			printf("skip %-8s needs %s\n", bn->impl,
			       hwc_host_features_str(bn->features & ~features, fbuf, sizeof(fbuf)));
			continue;
		}
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			test_mont(bn, sizes[i], quick ? 20 : 200);
			test_modexp(bn, sizes[i]);
		}
		for (i = 0; i < 4; i++) {
			test_key(bn, &keys[i], quick ? 4 : (i < 2 ? 40 : 12));
			test_bad_keys(bn, &keys[i]);
		}
		test_key(bn, &k8192, quick ? 1 : 2);
		if (bn->modexp2)
			check(simd_sections > 0, bn->impl, "SIMD sections entered", 0);
		simd_sections = 0;
		printf("%s %-8s %u checks (montgomery 64..8192 bits, rsa 1024..8192 bits)\n",
		       nfailed == before ? "ok  " : "FAIL", bn->impl, npassed + nfailed - ran);
	}
	for (i = 0; i < 4; i++)
		tkey_free(&keys[i]);
	tkey_free(&k8192);
	BN_CTX_free(bnctx);
	printf("rsa: %u passed, %u failed\n", npassed, nfailed);
	return nfailed ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Host side (x86, OpenSSL BN) of the T4 multiple-precision check: writes vectors with their
 * expected results for t4_mont_check (sparc64, under the patched qemu-sparc64), one a line:
 *	montmul n a b m n0 r	r = a b 2^(-64n) mod m
 *	montsqr n a m n0 r	r = a^2 2^(-64n) mod m
 *	mpmul n a b r		r = a b (2n words)
 *	modexp n a e m r	r = a^e mod m (the T4 tier's whole exponentiation)
 * each number as its words, least significant first, 16 hex digits each. Sizes 1-32 words;
 * moduli random odd (full top word, or shorter), all ones, 2^(64n-1) + 1; operands 0, 1,
 * m - 1, all ones (mpmul) and random.
 * Usage: t4_mont_oracle SEED
 *        t4_mont_oracle --key PEM BITS   the key's n e d p q dp dq qinv, then x and x^d mod n
 *                                        for t4_rsa_icount's fixed input x, in hex, one a line
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static BN_CTX *ctx;

static void put(const BIGNUM *x, int words)
{
	BIGNUM *t = BN_dup(x), *w = BN_new();
	int i;

	for (i = 0; i < words; i++) {
		BN_copy(w, t);
		BN_mask_bits(w, 64);
		printf(" %016llx", (unsigned long long)BN_get_word(w));
		BN_rshift(t, t, 64);
	}
	BN_free(t);
	BN_free(w);
}

/* Modulus of @n words: kind 0 random full, 1 random shorter, 2 all ones, 3 2^(64n-1) + 1. */
static void modulus(BIGNUM *m, int n, int kind)
{
	switch (kind) {
	case 0:
		BN_rand(m, 64 * n, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
		break;
	case 1:
		BN_rand(m, 64 * n - 1 - rand() % 64, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
		break;
	case 2:
		BN_set_word(m, 1);
		BN_lshift(m, m, 64 * n);
		BN_sub_word(m, 1);
		break;
	default:
		BN_set_word(m, 1);
		BN_lshift(m, m, 64 * n - 1);
		BN_add_word(m, 1);
		break;
	}
}

/* Operand below @m: kind 0 zero, 1 one, 2 m - 1, else random. */
static void operand(BIGNUM *x, const BIGNUM *m, int kind)
{
	if (kind == 0)
		BN_zero(x);
	else if (kind == 1)
		BN_one(x);
	else if (kind == 2)
		BN_sub(x, m, BN_value_one());
	else
		BN_rand_range(x, m);
}

static int key_dump(const char *path, int bits)
{
	static const char *const names[] = {
		OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
		OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2,
		OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
		OSSL_PKEY_PARAM_RSA_COEFFICIENT1,
	};
	unsigned char in[1024];
	BIGNUM *v[8] = { 0 }, *x, *r = BN_new();
	FILE *f = fopen(path, "r");
	EVP_PKEY *pkey = f ? PEM_read_PrivateKey(f, NULL, NULL, NULL) : NULL;
	int i, bytes = bits / 8;

	if (!pkey || bytes > (int)sizeof(in))
		return 2;
	for (i = 0; i < 8; i++) {
		if (!EVP_PKEY_get_bn_param(pkey, names[i], &v[i]))
			return 2;
		printf("%s\n", BN_bn2hex(v[i]));
	}
	/* the input of selftests/bench/icount.c's rsa-private */
	for (i = 0; i < bytes; i++)
		in[i] = (unsigned char)(i * 167 + 13);
	in[0] = 0x3c;
	x = BN_bin2bn(in, bytes, NULL);
	BN_mod_exp(r, x, v[2], v[0], ctx);
	printf("%s\n%s\n", BN_bn2hex(x), BN_bn2hex(r));
	return 0;
}

int main(int argc, char **argv)
{
	BIGNUM *m = BN_new(), *a = BN_new(), *b = BN_new(), *r = BN_new(), *rinv = BN_new();
	BIGNUM *big = BN_new(), *w64 = BN_new(), *n0 = BN_new(), *e = BN_new();
	int n, kind, ka, kb, rep;

	ctx = BN_CTX_new();
	if (argc == 4 && !strcmp(argv[1], "--key"))
		return key_dump(argv[2], atoi(argv[3]));
	srand(argc > 1 ? atoi(argv[1]) : 1);
	BN_set_word(w64, 1);
	BN_lshift(w64, w64, 64);
	for (n = 1; n <= 32; n++) {
		for (kind = 0; kind < 4; kind++) {
			if (kind == 1 && n == 1)
				continue;
			modulus(m, n, kind);
			BN_set_word(big, 1);
			BN_lshift(big, big, 64 * n);
			BN_mod_inverse(rinv, big, m, ctx);
			/* n0 = -m^-1 mod 2^64 */
			BN_nnmod(n0, m, w64, ctx);
			BN_mod_inverse(n0, n0, w64, ctx);
			BN_sub(n0, w64, n0);
			for (ka = 0; ka < 4; ka++) {
				for (kb = 0; kb < 4; kb++) {
					for (rep = 0; rep < (ka == 3 && kb == 3 ? 3 : 1); rep++) {
						operand(a, m, ka);
						operand(b, m, kb);
						BN_mod_mul(r, a, b, m, ctx);
						BN_mod_mul(r, r, rinv, m, ctx);
						printf("montmul %d", n);
						put(a, n), put(b, n), put(m, n), put(n0, 1), put(r, n);
						printf("\n");
					}
				}
				operand(a, m, ka);
				BN_mod_mul(r, a, a, m, ctx);
				BN_mod_mul(r, r, rinv, m, ctx);
				printf("montsqr %d", n);
				put(a, n), put(m, n), put(n0, 1), put(r, n);
				printf("\n");
			}
			/* the tier's exponentiation: a random odd exponent of the modulus' size */
			operand(a, m, 3);
			BN_rand(e, 64 * n, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ODD);
			BN_mod_exp(r, a, e, m, ctx);
			printf("modexp %d", n);
			put(a, n), put(e, n), put(m, n), put(r, n);
			printf("\n");
		}
		/* mpmul: random, all ones, zero and one factors */
		for (ka = 0; ka < 6; ka++) {
			BN_set_word(big, 1);
			BN_lshift(big, big, 64 * n);
			if (ka == 0) {
				BN_sub(a, big, BN_value_one());
				BN_copy(b, a);
			} else if (ka == 1) {
				BN_zero(a);
				BN_rand(b, 64 * n, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
			} else if (ka == 2) {
				BN_one(a);
				BN_rand(b, 64 * n, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
			} else {
				BN_rand(a, 64 * n, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
				BN_rand(b, 64 * n, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
			}
			BN_mul(r, a, b, ctx);
			printf("mpmul %d", n);
			put(a, n), put(b, n), put(r, 2 * n);
			printf("\n");
		}
	}
	return 0;
}

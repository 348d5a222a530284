// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time evidence for the RSA private operation, run under valgrind memcheck
 * (make ct-check): every secret (d, p, q, dp, dq, qinv and what is derived from them at key
 * setup, and the blinding bytes) is marked undefined, so memcheck reports any branch or memory
 * address that depends on one. Only the final result and the error code are declared defined
 * again, after the call: that is where the caller legitimately learns them.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>
#include <valgrind/memcheck.h>
#include "cpu.h"
#include "hwc_rsa.h"

static unsigned char setkey_ws[HWC_RSA_SETKEY_WS_BYTES] __attribute__((aligned(64)));

static void mont_secret(struct hwc_bn_mont *m)
{
	/* nl is a public size; everything about the prime's value is secret. */
	VALGRIND_MAKE_MEM_UNDEFINED(&m->n0, sizeof(m->n0));
	VALGRIND_MAKE_MEM_UNDEFINED(m->m, sizeof(m->m));
	VALGRIND_MAKE_MEM_UNDEFINED(m->rr, sizeof(m->rr));
	VALGRIND_MAKE_MEM_UNDEFINED(m->one, sizeof(m->one));
}

static void key_secret(struct hwc_rsa_key *k)
{
	VALGRIND_MAKE_MEM_UNDEFINED(k->d, sizeof(k->d));
	mont_secret(&k->p);
	mont_secret(&k->q);
	VALGRIND_MAKE_MEM_UNDEFINED(k->dp, sizeof(k->dp));
	VALGRIND_MAKE_MEM_UNDEFINED(k->dq, sizeof(k->dq));
	VALGRIND_MAKE_MEM_UNDEFINED(k->qinv, sizeof(k->qinv));
	VALGRIND_MAKE_MEM_UNDEFINED(k->r3p, sizeof(k->r3p));
	VALGRIND_MAKE_MEM_UNDEFINED(k->r3q, sizeof(k->r3q));
}

static int load(struct hwc_rsa_key *key, const struct hwc_bn_impl *bn, EVP_PKEY *pkey, int crt,
		BIGNUM **n, BIGNUM **d)
{
	const char *names[8] = { OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E,
				 OSSL_PKEY_PARAM_RSA_D, OSSL_PKEY_PARAM_RSA_FACTOR1,
				 OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
				 OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1 };
	unsigned char *buf[8];
	hwc_size len[8];
	struct hwc_rsa_raw raw;
	int i, err;

	for (i = 0; i < 8; i++) {
		BIGNUM *b = NULL;

		if (!EVP_PKEY_get_bn_param(pkey, names[i], &b))
			return -1;
		len[i] = BN_num_bytes(b);
		buf[i] = malloc(len[i]);
		BN_bn2bin(b, buf[i]);
		if (i == 0)
			*n = b;
		else if (i == 2)
			*d = b;
		else
			BN_free(b);
	}
	raw = (struct hwc_rsa_raw){ buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], buf[7],
				    len[0], len[1], len[2], len[3], len[4], len[5], len[6], len[7] };
	if (!crt)
		raw.p_sz = 0;
	err = hwc_rsa_set_key(key, bn, &raw, 1, setkey_ws);
	for (i = 0; i < 8; i++)
		free(buf[i]);
	return err;
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	const char *keyfile = argc > 1 ? argv[1] : "keys/rsa2048.pem";
	static struct hwc_rsa_key key;
	static struct hwc_rsa_blind bl;
	unsigned char in[1024], out[1024], want[1024], rnd[HWC_RSA_RANDOM_BYTES];
	unsigned int j, k, crt, bad = 0, runs = 0;
	BN_CTX *ctx = BN_CTX_new();
	EVP_PKEY *pkey;
	FILE *f;

	f = fopen(keyfile, "r");
	if (!f || !(pkey = PEM_read_PrivateKey(f, NULL, NULL, NULL))) {
		fprintf(stderr, "ct_rsa: cannot load %s\n", keyfile);
		return 2;
	}
	fclose(f);
	for (j = 0; j < hwc_bn_nimpls; j++) {
		const struct hwc_bn_impl *bn = &hwc_bn_impls[j];

		/*
		 * valgrind's virtual CPU hides BMI2/ADX from cpuid but executes MULX and ADC: every
		 * tier the real CPU has is checked, whatever cpuid says under valgrind.
		 */
		if ((bn->features & features) != bn->features && !getenv("HWC_CT_ALL"))
			continue;
		/*
		 * valgrind 3.19 cannot execute AVX-512: a tier with an exponentiation of its own (x86's
		 * ifma, zmm code) is checked on its object instead (ct_ifma_branches.sh); the rest of
		 * its private op is another tier's mul/sqr/redc, checked there.
		 */
		if (bn->modexp2) {
			printf("skip %-8s AVX-512 does not run under valgrind (see ct_ifma_branches.sh)\n",
			       bn->impl);
			continue;
		}
		for (crt = 0; crt < 2; crt++) {
			BIGNUM *n = NULL, *d = NULL, *x = BN_new(), *y = BN_new();
			void *ws;
			int err;

			if (load(&key, bn, pkey, crt, &n, &d)) {
				fprintf(stderr, "ct_rsa: set_key failed\n");
				return 2;
			}
			ws = malloc(hwc_rsa_ws_bytes(&key));
			BN_rand_range(x, n);
			BN_bn2binpad(x, in, key.bytes);
			BN_mod_exp(y, x, d, n, ctx);
			BN_bn2binpad(y, want, key.bytes);
			if (getrandom(rnd, hwc_rsa_random_bytes(&key), 0) !=
			    (ssize_t)hwc_rsa_random_bytes(&key))
				return 2;

			key_secret(&key);
			/*
			 * Twice: a pair drawn from the random bytes, then the kept pair squared (both
			 * secret; its use count is public, as the glue's slot is).
			 */
			memset(&bl, 0, sizeof(bl));
			for (k = 0; k < 2; k++) {
				VALGRIND_MAKE_MEM_UNDEFINED(rnd, sizeof(rnd));
				VALGRIND_MAKE_MEM_UNDEFINED(bl.a, sizeof(bl.a));
				VALGRIND_MAKE_MEM_UNDEFINED(bl.v, sizeof(bl.v));
				err = hwc_rsa_private(&key, out, in, key.bytes, rnd, &bl, ws, NULL);
				/* Declassify what the caller receives: the result and whether it is valid. */
				VALGRIND_MAKE_MEM_DEFINED(&err, sizeof(err));
				VALGRIND_MAKE_MEM_DEFINED(out, key.bytes);
				VALGRIND_MAKE_MEM_DEFINED(&bl.uses, sizeof(bl.uses));
				runs++;
				if (err || memcmp(out, want, key.bytes) || bl.uses != k + 1) {
					printf("FAIL %s %s: wrong result (err %d)\n", bn->impl,
					       crt ? "crt" : "d", err);
					bad++;
				} else {
					printf("ran  %-8s %u-bit private op (%s, %s blinding pair) with secrets undefined\n",
					       bn->impl, (unsigned int)BN_num_bits(n),
					       crt ? "crt" : "plain d", k ? "kept" : "drawn");
				}
			}
			hwc_rsa_key_wipe(&key);
			free(ws);
			BN_free(n);
			BN_free(d);
			BN_free(x);
			BN_free(y);
		}
	}
	EVP_PKEY_free(pkey);
	BN_CTX_free(ctx);
	if (!runs)
		return 2;
	return bad ? 1 : 0;
}

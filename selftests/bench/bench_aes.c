// SPDX-License-Identifier: GPL-2.0
/*
 * Throughput of each hwcrypt AES tier against OpenSSL EVP, one message per request: the key is
 * set once (a tfm), each message gets a fresh IV and runs from start to tag as a kernel request
 * does; OpenSSL is timed the same way (EVP init with the IV + update + final (+ tag) on a
 * preallocated context).
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_aes.h"
#include "bench_util.h"
#include "kasm.h"

static const hwc_size sizes[] = { 64, 256, 1024, 8192, 16384 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define MAXIMPL 8

enum mode { CTR, XTS, GCM, CBC };

static const struct alg {
	const char *name;	/* OpenSSL's name, "-dec" for decryption */
	const char *ossl;	/* EVP cipher name */
	enum mode mode;
	int enc;
	unsigned int keylen;	/* bytes (XTS: both keys) */
	int kbar;		/* the kernel-relative bars of issue 13 apply */
} algs[] = {
	{ "aes-128-ctr", "AES-128-CTR", CTR, 1, 16, 1 },
	{ "aes-128-ctr-dec", "AES-128-CTR", CTR, 0, 16, 0 },
	{ "aes-256-xts", "AES-256-XTS", XTS, 1, 64, 1 },
	{ "aes-256-xts-dec", "AES-256-XTS", XTS, 0, 64, 1 },
	{ "aes-128-gcm", "AES-128-GCM", GCM, 1, 16, 1 },
	{ "aes-128-gcm-dec", "AES-128-GCM", GCM, 0, 16, 1 },
	{ "aes-256-gcm", "AES-256-GCM", GCM, 1, 32, 1 },
	{ "aes-256-gcm-dec", "AES-256-GCM", GCM, 0, 32, 1 },
	{ "aes-128-cbc", "AES-128-CBC", CBC, 1, 16, 0 },
	{ "aes-128-cbc-dec", "AES-128-CBC", CBC, 0, 16, 0 },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

/*
 * The fastest tier against Linux 7.2's best driver on this CPU, measured in the same run
 * (issue 13): 1.05x at 1, 8 and 16 KiB, 1.0x at 64 and 256 bytes. The kernel's ctr-dec is the
 * same call as ctr, so it is shown without a second bar.
 */
static double kbar_fastest(const struct alg *a, unsigned int z)
{
	return a->kbar ? (sizes[z] >= 1024 ? 1.05 : 1.0) : 0;
}

/* Against OpenSSL where the kernel has no peer here: cbc decryption 2.0, encryption 1.0 at 8 KiB. */
static double bar_fastest(const struct alg *a, unsigned int z)
{
	if (a->mode == CBC)
		return sizes[z] == 8192 ? (a->enc ? 1.0 : 2.0) : 0;
	return 0;
}

/* The AES-NI tier is all a CPU without VAES gets: at least OpenSSL's speed at 8 KiB. */
static double bar_tier(const struct alg *a, const struct hwc_aes_impl *impl, unsigned int z)
{
	(void)a;
	return !strcmp(impl->impl, "aesni") && sizes[z] == 8192 ? 1.0 : 0;
}

/* Per side: the tier, NULL for the OpenSSL side (0) and the kernel's (kside). */
static const struct hwc_aes_impl *sides[MAXIMPL + 2];
static unsigned int kside;	/* 0: no kernel side for this algorithm */
static hwc_size cur_len;
static const struct kasm_api *kasm;
/* The kernel's key context, as its tfm context: aligned as the glue's PTR_ALIGN makes it. */
static unsigned char kctx[KASM_CTX_SIZE] __attribute__((aligned(64)));

static const struct alg *cur;
static EVP_CIPHER *cipher;
static EVP_CIPHER_CTX *cctx;
#define NIVS 64
static unsigned char key[64], iv0[16], ivs[NIVS][16];
static struct hwc_aes_key k1, k2;
static struct hwc_gcm_key gk;
static unsigned char msg[16384] __attribute__((aligned(64)));
static unsigned char out[16384 + 16] __attribute__((aligned(64)));
/* Decryption input: the message encrypted by OpenSSL, and its GCM tag per size. */
static unsigned char ct[16384] __attribute__((aligned(64)));
static unsigned char ctag[16];

static void die(const char *what)
{
	fprintf(stderr, "%s %s failed\n", cur->name, what);
	exit(1);
}

static void ossl_one(const unsigned char *iv, const unsigned char *in, hwc_size len)
{
	int n1 = 0, n2 = 0;

	if (!EVP_CipherInit_ex(cctx, NULL, NULL, NULL, iv, cur->enc))
		die("EVP init");
	if (cur->mode == GCM && !cur->enc &&
	    !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_SET_TAG, 16, ctag))
		die("EVP set tag");
	if (!EVP_CipherUpdate(cctx, out, &n1, in, (int)len) ||
	    !EVP_CipherFinal_ex(cctx, out + n1, &n2))
		die("EVP update/final");
	if (cur->mode == GCM && cur->enc &&
	    !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_GET_TAG, 16, out + len))
		die("EVP get tag");
}

/* One request on one tier: what the glue runs for a linear buffer. */
static void hwc_one(const struct hwc_aes_impl *impl, const unsigned char *iv,
		    const unsigned char *in, hwc_size len)
{
	unsigned char v[16], tag[16];
	struct hwc_gcm_ctx c;

	switch (cur->mode) {
	case CTR:
		memcpy(v, iv, 16);
		impl->ctr(&k1, out, in, len, v);
		break;
	case CBC:
		memcpy(v, iv, 16);
		(cur->enc ? impl->cbc_enc : impl->cbc_dec)(&k1, out, in, len / 16, v);
		break;
	case XTS:
		impl->ecb_enc(&k2, v, iv, 1);
		(cur->enc ? impl->xts_enc : impl->xts_dec)(&k1, out, in, len, v);
		break;
	case GCM:
		/* As the glue runs a request whose text is one piece: last piece and tag fused. */
		hwc_gcm_start(impl, &gk, &c, iv);
		(cur->enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)(impl, &gk, &c, out, in,
									   len, tag);
		if (cur->enc)
			memcpy(out + len, tag, 16);
		else if (hwc_memneq(tag, ctag, 16))
			die("hwcrypt tag check");
		break;
	}
}

/* One request on Linux 7.2's asm through kglue.c: req->iv is a copy of the IV, as a request's. */
static void kern_one(const unsigned char *iv, const unsigned char *in, hwc_size len)
{
	unsigned char v[16];

	switch (cur->mode) {
	case CTR:
		memcpy(v, iv, 16);
		kasm->ctr(kctx, out, in, (unsigned int)len, v);
		break;
	case XTS:
		memcpy(v, iv, 16);
		(cur->enc ? kasm->xts_enc : kasm->xts_dec)(kctx, out, in, (unsigned int)len, v);
		break;
	case GCM:
		if (cur->enc)
			kasm->gcm_enc(kctx, iv, out, in, (unsigned int)len, out + len);
		else if (kasm->gcm_dec(kctx, iv, out, in, (unsigned int)len, ctag))
			die("kernel tag check");
		break;
	case CBC:
		die("kernel cbc");
	}
}

static double run_side(void *arg, unsigned int side, unsigned long iters)
{
	const struct hwc_aes_impl *impl = sides[side];
	const unsigned char *in = cur->enc ? msg : ct;
	const unsigned char *iv;
	hwc_size len = cur_len;
	unsigned long i;
	double t0 = bench_cpu_now();

	(void)arg;

	for (i = 0; i < iters; i++) {
		/*
		 * A fresh IV per message, as requests bring, from a table written before the run
		 * (a byte store just before the 16-byte IV load would time a store-forwarding
		 * stall on both sides). Decryption keeps the IV its ciphertext (and GCM tag) was
		 * made with: another would fail the tag.
		 */
		iv = cur->enc ? ivs[i % NIVS] : iv0;
		if (impl)
			hwc_one(impl, iv, in, len);
		else if (side && side == kside)
			kern_one(iv, in, len);
		else
			ossl_one(iv, in, len);
	}
	return bench_cpu_now() - t0;
}

static int kern_setkey(const unsigned char *k)
{
	switch (cur->mode) {
	case CTR:
		return kasm->ctr_setkey(kctx, k, cur->keylen);
	case XTS:
		return kasm->xts_setkey(kctx, k, cur->keylen);
	case GCM:
		return kasm->gcm_setkey(kctx, k, cur->keylen);
	default:
		return -1;
	}
}

/*
 * The kernel side's gate: at each length, encryption (and tag) equal to OpenSSL's, and
 * decryption of OpenSSL's ciphertext giving back the message (with its tag accepted). 0: all
 * equal. Uses its own EVP context, so the timed one keeps its state.
 */
static int kern_gate(void)
{
	static const hwc_size lens[] = { 16, 17, 31, 64, 100, 256, 1000, 1024, 4097, 8192, 16384 };
	static unsigned char ref[16384 + 16], got[16384 + 16];
	EVP_CIPHER_CTX *g = EVP_CIPHER_CTX_new();
	unsigned int i;
	int bad = 0;

	if (!g)
		die("EVP ctx");
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]) && !bad; i++) {
		hwc_size len = lens[i];
		unsigned char v[16], tag[16];
		int n1 = 0, n2 = 0;

		if (!EVP_CipherInit_ex(g, cipher, NULL, key, iv0, 1) ||
		    !EVP_CipherUpdate(g, ref, &n1, msg, (int)len) ||
		    !EVP_CipherFinal_ex(g, ref + n1, &n2) ||
		    (cur->mode == GCM && !EVP_CIPHER_CTX_ctrl(g, EVP_CTRL_GCM_GET_TAG, 16, ref + len)))
			die("EVP gate");
		memcpy(v, iv0, 16);
		switch (cur->mode) {
		case CTR:
			kasm->ctr(kctx, got, msg, (unsigned int)len, v);
			bad |= memcmp(got, ref, len) != 0;
			memcpy(v, iv0, 16);
			kasm->ctr(kctx, got, ref, (unsigned int)len, v);
			break;
		case XTS:
			kasm->xts_enc(kctx, got, msg, (unsigned int)len, v);
			bad |= memcmp(got, ref, len) != 0;
			memcpy(v, iv0, 16);
			kasm->xts_dec(kctx, got, ref, (unsigned int)len, v);
			break;
		case GCM:
			kasm->gcm_enc(kctx, iv0, got, msg, (unsigned int)len, tag);
			bad |= memcmp(got, ref, len) != 0 || memcmp(tag, ref + len, 16) != 0;
			bad |= kasm->gcm_dec(kctx, iv0, got, ref, (unsigned int)len, ref + len) != 0;
			break;
		default:
			bad = 1;
		}
		bad |= memcmp(got, msg, len) != 0;
	}
	EVP_CIPHER_CTX_free(g);
	return bad;
}

/*
 * Gate, then the sabotage control: with one key byte flipped on the kernel side only, the
 * gate must fail, or it could not have told a wrong calling sequence from a right one.
 */
static int kern_gate_and_control(void)
{
	unsigned char bad[64];

	if (kern_setkey(key))
		return -1;
	if (kern_gate()) {
		fprintf(stderr, "%s: Linux 7.2 asm differs from OpenSSL: kernel column dropped\n",
			cur->name);
		return -1;
	}
	memcpy(bad, key, sizeof(bad));
	bad[cur->keylen / 2] ^= 0x01;
	if (kern_setkey(bad) || !kern_gate()) {
		fprintf(stderr, "%s: the gate passed a sabotaged key: kernel column dropped\n",
			cur->name);
		return -1;
	}
	return kern_setkey(key);
}

/* Sets the keys of both sides, and for decryption OpenSSL's ciphertext and tag at @len. */
static void prepare(hwc_size len)
{
	int n1 = 0, n2 = 0;

	if (!EVP_CipherInit_ex(cctx, cipher, NULL, key, iv0, 1) ||
	    !EVP_CipherUpdate(cctx, ct, &n1, msg, (int)len) ||
	    !EVP_CipherFinal_ex(cctx, ct + n1, &n2) ||
	    (cur->mode == GCM && !EVP_CIPHER_CTX_ctrl(cctx, EVP_CTRL_GCM_GET_TAG, 16, ctag)))
		die("EVP prepare");
	/* The timed side keeps key and cipher; only IV and direction are set per message. */
	if (!EVP_CipherInit_ex(cctx, cipher, NULL, key, iv0, cur->enc))
		die("EVP key");
	if (cur->mode == CBC && !EVP_CIPHER_CTX_set_padding(cctx, 0))
		die("EVP padding");
}

/*
 * --forms: each of the arch's alternative code forms that applies to this algorithm, raced
 * against itself and the kernel on 16 KiB messages in one process: FORM_ROUNDS rounds of
 * {form 0, form 1, kernel}, each a slice of about a millisecond, and the median and quartiles of
 * the per-round ratios to the kernel. On machines whose speed drifts between phases of a few
 * milliseconds (seen on a shared Intel host), best-of-N tables can be 10% off; ratios taken
 * within one round are not. Each timed slice follows FORM_WARM_BYTES of the same code untimed
 * (2.5 ms at 20 GB/s), as the module's priority=auto race warms up (kmod/measure.c): on an
 * Intel Xeon (family 6 model 167) the kernel's GCM ran 2-5 ms at 0.92x its steady speed after
 * hwcrypt's, so that 1 ms slices without the warm-up put hwcrypt at 1.07x the kernel where
 * 40 ms runs measured 0.94x.
 */
#define FORM_ROUNDS 100
#define FORM_WARM_BYTES 50e6
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void race_forms(unsigned int fastest, unsigned int kside, unsigned int features)
{
	static double r[2][FORM_ROUNDS];
	const struct hwc_host_form *f;
	unsigned long it = (unsigned long)(1e-3 * 1e10 / 16384) + 1;	/* ~1 ms at 10 GB/s */
	unsigned long warm = (unsigned long)(FORM_WARM_BYTES / 16384) + 1;
	unsigned int q, v;

	for (f = hwc_host_forms; f->env; f++) {
		int keep = *f->form;

		if (!strstr(cur->name, f->mode) || (features & f->features) != f->features)
			continue;
		for (q = 0; q < FORM_ROUNDS; q++) {
			double t[2], tk;

			for (v = 0; v < 2; v++) {
				*f->form = (int)v;
				run_side(NULL, fastest, warm);
				t[v] = run_side(NULL, fastest, it);
			}
			run_side(NULL, kside, warm);
			tk = run_side(NULL, kside, it);
			for (v = 0; v < 2; v++)
				r[v][q] = tk / t[v];
		}
		*f->form = keep;
		for (v = 0; v < 2; v++)
			qsort(r[v], FORM_ROUNDS, sizeof(double), cmp_double);
		printf("%s 16384 %s: %s %.3f [%.3f, %.3f], %s %.3f [%.3f, %.3f] (x Linux 7.2, median "
		       "[quartiles] of %d interleaved rounds)\n", cur->name, sides[fastest]->impl,
		       f->names[0], r[0][FORM_ROUNDS / 2], r[0][FORM_ROUNDS / 4],
		       r[0][3 * FORM_ROUNDS / 4], f->names[1], r[1][FORM_ROUNDS / 2],
		       r[1][FORM_ROUNDS / 4], r[1][3 * FORM_ROUNDS / 4], FORM_ROUNDS);
	}
}

/*
 * What the module's xts_form=auto/gcm_form=auto do at load (kmod/x86/cpu.c), so that the table
 * shows the code the module would run here: each form that applies, unless its environment
 * variable fixes it, timed against the other on the module's race input (XTS: 4 KiB requests,
 * GCM: 16 KiB) and the faster kept; here median of AUTO_ROUNDS interleaved rounds of about a
 * millisecond. Once per form, on the first algorithm of its mode (AES-256 XTS, AES-128 GCM, as
 * the module). Said on stderr, which the TSV does not take.
 */
#define AUTO_ROUNDS 101
static void auto_forms(unsigned int fastest, unsigned int features)
{
	static int done[8];
	static double r[AUTO_ROUNDS];
	const struct hwc_host_form *f;
	unsigned int q, k;

	for (f = hwc_host_forms, k = 0; f->env && k < 8; f++, k++) {
		hwc_size len = !strcmp(f->mode, "xts") ? 4096 : 16384;
		unsigned long it = (unsigned long)(1e-3 * 1e10 / (double)len) + 1;

		if (done[k] || !strstr(cur->name, f->mode) || getenv(f->env) ||
		    (features & f->features) != f->features)
			continue;
		done[k] = 1;
		prepare(len);
		cur_len = len;
		for (q = 0; q < AUTO_ROUNDS; q++) {
			double t0, t1;

			*f->form = 0;
			t0 = run_side(NULL, fastest, it);
			*f->form = 1;
			t1 = run_side(NULL, fastest, it);
			r[q] = t0 / t1;
		}
		qsort(r, AUTO_ROUNDS, sizeof(double), cmp_double);
		*f->form = r[AUTO_ROUNDS / 2] > 1.0;
		fprintf(stderr, "%s form: %s (as the module's %s_form=auto: %s %.3fx %s on %zu-byte "
			"requests, median of %d rounds; %s=0/1 fixes it)\n", f->mode,
			f->names[*f->form], f->mode, f->names[1], r[AUTO_ROUNDS / 2], f->names[0],
			(size_t)len, AUTO_ROUNDS, f->env);
	}
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	/* --plot is accepted and left to bench.c (hashes). */
	struct bench_opts o = { .target = 0.1, .repeats = 3 };
	struct bench_table tab = { .name = "alg", .size = "bytes", .unit = "MB/s",
				   .wname = 15, .wsize = 6, .wimpl = 11 };
	unsigned int a, i, j, z;
	int nprinted = 0, ngated = 0;
	const char *why = NULL;

	int forms = 0;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--forms")) {
			forms = 1;
			memmove(&argv[i], &argv[i + 1], (argc - i) * sizeof(*argv));
			argc--;
			break;
		}
	}
	bench_parse(argc, argv, &o, 0,
		    "usage: %s [--tsv] [--plot FILE] [--features MASK] [--time SEC] [--repeats N]\n"
		    "          [--alg NAME] [--forms]\n");
	tab.tsv = o.tsv;
	kasm = bench_kasm(features, &why);
	if (kasm && !kasm->aes_tier) {
		why = "no VAES driver in Linux 7.2 for this CPU";
		kasm = NULL;
	}
	tab.kcol = 1;
	tab.ktier = kasm ? kasm->aes_tier : NULL;
	if (!kasm && !o.tsv)
		fprintf(stderr, "AES kernel: n/a: %s\n", why);

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)(i * 131 + 7);
	for (i = 0; i < sizeof(key); i++)
		key[i] = (unsigned char)(i * 29 + 101);
	for (i = 0; i < sizeof(iv0); i++)
		iv0[i] = (unsigned char)(i * 17 + 3);
	/* Bytes 0..11 differ: GCM's 96-bit IVs; 32-bit counters far from wrapping. */
	for (i = 0; i < NIVS; i++) {
		memcpy(ivs[i], iv0, 16);
		ivs[i][0] ^= (unsigned char)i;
		ivs[i][5] ^= (unsigned char)(i * 7);
	}
	cctx = EVP_CIPHER_CTX_new();
	if (!cctx)
		return 1;

	for (a = 0; a < NALGS; a++) {
		const struct alg *al = &algs[a];
		struct bench_side_time times[MAXIMPL + 1];
		unsigned int nsides = 1, fastest;

		if (o.only && strcmp(o.only, al->name))
			continue;
		cur = al;
		cipher = EVP_CIPHER_fetch(NULL, al->ossl, NULL);
		if (!cipher) {
			fprintf(stderr, "OpenSSL has no %s\n", al->ossl);
			return 1;
		}
		if (al->mode == XTS) {
			if (hwc_aes_expand_key(&k1, key, al->keylen / 2) ||
			    hwc_aes_expand_key(&k2, key + al->keylen / 2, al->keylen / 2))
				die("setkey");
		} else if (al->mode == GCM) {
			if (hwc_gcm_setkey(&gk, key, al->keylen))
				die("setkey");
		} else if (hwc_aes_expand_key(&k1, key, al->keylen)) {
			die("setkey");
		}
		memset(sides, 0, sizeof(sides));
		sides[nsides++] = &hwc_aes_generic;
		for (j = 0; j < hwc_aes_nimpls && nsides <= MAXIMPL; j++) {
			const struct hwc_aes_impl *impl = &hwc_aes_impls[j];
			unsigned int need = impl->features |
					    (al->mode == GCM ? impl->aead_features : 0);

			if ((need & features) == need)
				sides[nsides++] = impl;
		}
		fastest = nsides - 1;
		kside = 0;
		if (kasm && al->mode != CBC && !kern_gate_and_control()) {
			kside = nsides;
			sides[nsides++] = NULL;
			ngated++;
		}

		if (!forms)
			auto_forms(fastest, features);
		if (!nprinted++ && !forms)
			bench_intro(&tab, &o, features, "AES: ", " of thread CPU time",
				    "one request per message; ");
		for (z = 0; z < NSIZES; z++) {
			hwc_size len = sizes[z];

			if (forms && len != 16384)
				continue;
			prepare(len);
			cur_len = len;
			for (j = 0; j < nsides; j++) {
				/* The portable core is slow by design: a shorter run is enough. */
				double t = sides[j] == &hwc_aes_generic ? o.target / 4 : o.target;

				times[j].iters = bench_calibrate(run_side, NULL, j, t, 4, 16, 1ul << 40);
			}
			if (forms) {
				if (len == 16384 && kside)
					race_forms(fastest, kside, features);
				continue;
			}
			bench_best_of(run_side, NULL, times, nsides, o.repeats);
			for (j = 1; j < nsides; j++) {
				double hwc = len * times[j].iters / times[j].best / 1e6;
				double ossl = len * times[0].iters / times[0].best / 1e6;
				double kern = kside ? len * times[kside].iters / times[kside].best / 1e6 : 0;
				double bar;

				if (j == kside)
					continue;
				bar = bar_tier(al, sides[j], z);
				if (j == fastest && bar_fastest(al, z) > bar)
					bar = bar_fastest(al, z);
				bench_row_k(&tab, al->name, len, sides[j]->impl, hwc, ossl, kern, bar,
					    j == fastest ? kbar_fastest(al, z) : 0);
			}
		}
		EVP_CIPHER_free(cipher);
	}
	if (forms) {
		EVP_CIPHER_CTX_free(cctx);
		return 0;
	}
	if (kasm && !o.tsv)
		printf("AES kernel gate: %d algorithms equal to OpenSSL at 11 lengths, each with its "
		       "sabotaged key rejected\n", ngated);
	bench_bars_summary(&tab, "AES ");
	EVP_CIPHER_CTX_free(cctx);
	return 0;
}

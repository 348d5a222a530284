// SPDX-License-Identifier: GPL-2.0
/* Host tests of every AES tier the CPU allows and the portable core: NIST/IEEE vectors, OpenSSL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "cpu.h"
#include "hwc_aes.h"
#include "testutil.h"

#define MAX_MSG (1u << 20)

/* Label columns: implementation, test. */
#define group_begin(impl, name) hwc_test_group_begin("%-12s %-34s", impl, name)
#define group_end hwc_test_group_end
#define check hwc_test_check

static size_t unhex(unsigned char *out, const char *s)
{
	size_t n = 0;

	for (; s[0] && s[1]; s += 2) {
		unsigned int v;

		sscanf(s, "%2x", &v);
		out[n++] = (unsigned char)v;
	}
	return n;
}

/* Buffers whose end touches an inaccessible page: reading past the message faults. */
static unsigned char *guard_base;
static size_t guard_size;

static void guard_init(void)
{
	long pg = sysconf(_SC_PAGESIZE);

	guard_size = (MAX_MSG + 64 + pg - 1) / pg * pg;
	guard_base = mmap(NULL, guard_size + pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard_base == MAP_FAILED || mprotect(guard_base + guard_size, pg, PROT_NONE)) {
		perror("guard buffer");
		exit(1);
	}
}

static unsigned char *guarded(size_t len)
{
	return guard_base + guard_size - len;
}

static unsigned char *outbuf, *outbuf2, *inbuf;

/* ---- OpenSSL oracles ---- */

enum mode { ECB, CBC, CTR, XTS, CTS };
static const char *mode_name[] = { "ecb", "cbc", "ctr", "xts", "cts" };

/*
 * ossl_crypt(): @len bytes of @in through OpenSSL's AES-<8 keylen>-<mode> (XTS: @keylen both
 * keys); ossl_gcm(): GCM encryption, the full tag. Linked OpenSSL (aes_ossl.h) or, where the
 * target has no libcrypto (sparc64 under qemu-user), an OpenSSL process on the host answering
 * over two pipes (aes_oracle.h).
 */
#ifdef HWC_AES_ORACLE_PIPE
#include "aes_oracle.h"
#else
#include "aes_ossl.h"
#endif

/* ---- hwcrypt side, one call or in random pieces ---- */

struct skey {
	struct hwc_aes_key k1, k2;
};

static int setkey(struct skey *s, enum mode m, const unsigned char *key, unsigned int keylen)
{
	if (m == XTS)
		return hwc_aes_expand_key(&s->k1, key, keylen / 2) ||
		       hwc_aes_expand_key(&s->k2, key + keylen / 2, keylen / 2);
	return hwc_aes_expand_key(&s->k1, key, keylen);
}

/* Piece length for streaming: whole blocks, sometimes none, sometimes everything. */
static size_t piece(size_t left, int blocks_only)
{
	size_t n;

	switch (hwc_test_rnd64() & 3) {
	case 0:
		n = left;
		break;
	case 1:
		n = hwc_test_rnd_below(64);
		break;
	default:
		n = hwc_test_rnd_below(left + 1);
	}
	if (n > left)
		n = left;
	if (blocks_only && n < left)
		n &= ~(size_t)15;
	return n;
}

static void hwc_crypt(const struct hwc_aes_impl *impl, const struct skey *s, enum mode m, int enc,
		      const unsigned char *iv, const unsigned char *in, size_t len,
		      unsigned char *out, int split)
{
	unsigned char v[16];
	size_t off = 0, n;
	/* Half of the XTS messages start with the tier's fused tweak-and-piece call, if it has one. */
	int fused = m == XTS && impl->xts_enc_iv && (hwc_test_rnd64() & 1);

	memcpy(v, iv, 16);
	if (m == XTS && !fused)
		impl->ecb_enc(&s->k2, v, v, 1);
	if (m == CTS && len > 16) {
		/* The kernel's cts: CBC over all but the last 16 < tail <= 32 bytes. */
		size_t head = (len - 1) / 16 * 16 - 16;

		(enc ? impl->cbc_enc : impl->cbc_dec)(&s->k1, out, in, head / 16, v);
		(enc ? hwc_cts_enc_tail : hwc_cts_dec_tail)(impl, &s->k1, out + head, in + head,
							      len - head, v);
		return;
	}
	if (m == CTS)
		m = CBC;
	while (off < len || (!off && !len)) {
		size_t left = len - off;

		n = split ? piece(left, 1) : left;
		/* XTS: the piece that ends the message must hold the stolen-from block too. */
		if (m == XTS && (left - n) % 16 == 0 && left - n < 16 && left % 16)
			n = left;
		if (m == XTS && left - n && left - n < 16)
			n = left;
		switch (m) {
		case ECB:
			(enc ? impl->ecb_enc : impl->ecb_dec)(&s->k1, out + off, in + off, n / 16);
			break;
		case CBC:
			(enc ? impl->cbc_enc : impl->cbc_dec)(&s->k1, out + off, in + off, n / 16, v);
			break;
		case CTR:
			impl->ctr(&s->k1, out + off, in + off, n, v);
			break;
		case XTS:
			if (n && fused && !off)
				(enc ? impl->xts_enc_iv : impl->xts_dec_iv)(&s->k1, &s->k2, out, in, n,
									    iv, v);
			else if (n)
				(enc ? impl->xts_enc : impl->xts_dec)(&s->k1, out + off, in + off, n, v);
			break;
		default:
			break;
		}
		off += n;
		if (!len)
			break;
	}
}

static void hwc_gcm(const struct hwc_aes_impl *impl, const struct hwc_gcm_key *k, int enc,
		    const unsigned char *iv, const unsigned char *aad, size_t aadlen,
		    const unsigned char *in, size_t len, unsigned char *out, unsigned char tag[16],
		    int split)
{
	struct hwc_gcm_ctx c;
	size_t off, n = 0;

	hwc_gcm_start(impl, k, &c, iv);
	for (off = 0; off < aadlen; off += n) {
		n = split ? piece(aadlen - off, 1) : aadlen - off;
		hwc_gcm_aad(impl, k, &c, aad + off, n);
	}
	/* Half of the messages end with the fused last-piece call (the glue's way). */
	int fused = (int)(hwc_test_rnd64() & 1);

	for (off = 0; off < len; off += n) {
		n = split ? piece(len - off, 1) : len - off;
		if (fused && off + n == len)
			break;
		(enc ? hwc_gcm_encrypt : hwc_gcm_decrypt)(impl, k, &c, out + off, in + off, n);
	}
	if (fused)
		(enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)(impl, k, &c, out + off,
								      in + off, len - off, tag);
	else
		hwc_gcm_final(impl, k, &c, tag);
}

/* ---- known answers ---- */

static const char *sp38a_pt = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
			      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
/*
 * FIPS 197 Appendix C.1-C.3 (the cipher on one block, each key size) with the last round key
 * of each expansion (Appendix A.1-A.3 for the A keys; for the C keys as the standard's
 * round-by-round listing of C gives it: k_sch of the last round).
 */
static const struct {
	const char *key, *pt, *ct, *last_rk;
} fips197[] = {
	{ "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
	  "69c4e0d86a7b0430d8cdb78070b4c55a", "13111d7fe3944a17f307a78b4d2b30c5" },
	{ "000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff",
	  "dda97ca4864cdfe06eaf70a0ec0d7191", "a4970a331a78dc09c418c271e3a41d5d" },
	{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089",
	  "24fc79ccbf0979e9371ac23c6d68de36" },
	/* Appendix A.1-A.3: the keys whose whole expansions the standard lists. */
	{ "2b7e151628aed2a6abf7158809cf4f3c", NULL, NULL, "d014f9a8c9ee2589e13f0cc8b6630ca6" },
	{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", NULL, NULL,
	  "e98ba06f448c773c8ecc720401002202" },
	{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", NULL, NULL,
	  "fe4890d1e6188d0b046df344706c631e" },
};

static const struct {
	enum mode m;
	const char *key, *iv, *ct;
} sp38a[] = {
	/* F.1.1, F.1.5 */
	{ ECB, "2b7e151628aed2a6abf7158809cf4f3c", "", "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4" },
	{ ECB, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "", "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7" },
	/* F.2.1 */
	{ CBC, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f", "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7" },
	/* F.5.1 */
	{ CTR, "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee" },
};

/* IEEE 1619-2007 Annex B vectors 1, 2 and 15 (ciphertext stealing); IV = data unit number. */
static const struct {
	const char *key, *iv, *pt, *ct;
} xtsv[] = {
	{ "0000000000000000000000000000000000000000000000000000000000000000", "00000000000000000000000000000000",
	  "0000000000000000000000000000000000000000000000000000000000000000",
	  "917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e" },
	{ "1111111111111111111111111111111122222222222222222222222222222222", "33333333330000000000000000000000",
	  "4444444444444444444444444444444444444444444444444444444444444444",
	  "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0" },
	{ "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0", "9a785634120000000000000000000000",
	  "000102030405060708090a0b0c0d0e0f10", "6c1625db4671522d3d7599601de7ca09ed" },
};

/* The GCM specification's test cases 2, 3, 4 and 16 (SP 800-38D's validation examples). */
static const char *gcm_p3 = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
static const struct {
	const char *key, *iv, *aad, *pt, *ct, *tag;
} gcmv[] = {
	{ "00000000000000000000000000000000", "000000000000000000000000", "", "00000000000000000000000000000000",
	  "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf" },
	{ "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "", NULL,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	{ "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2", NULL,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "5bc94fbc3221a5db94fae95ae7121a47" },
	{ "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2", NULL,
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
	  "76fc6ece0f4e1768cddf8853bb2d551b" },
};

/* Whether this run may use the tier's ghash/gcm (hwc_aes_impl.aead_features). */
static int have_aead(const struct hwc_aes_impl *impl);

static void test_vectors(const struct hwc_aes_impl *impl)
{
	unsigned char key[64], iv[16], pt[128], ct[128], out[128], tag[16], aad[64], want[16];
	struct hwc_gcm_key gk;
	struct skey s;
	size_t i, kl, n, al;

	group_begin(impl->impl, "fips197-c1-c3-a1-a3");
	for (i = 0; i < sizeof(fips197) / sizeof(fips197[0]); i++) {
		struct hwc_aes_key k;

		kl = unhex(key, fips197[i].key);
		unhex(want, fips197[i].last_rk);
		check(!impl->expand_key(&k, key, (unsigned int)kl), "setkey");
		check(!memcmp(k.ek + 16 * k.nr, want, 16) && k.nr == kl / 4 + 6,
		      "fips197 key %zu: last round key", i);
		if (!fips197[i].pt)
			continue;
		unhex(pt, fips197[i].pt);
		unhex(ct, fips197[i].ct);
		impl->ecb_enc(&k, out, pt, 1);
		check(!memcmp(out, ct, 16), "fips197 vector %zu encrypt", i);
		impl->ecb_dec(&k, out, ct, 1);
		check(!memcmp(out, pt, 16), "fips197 vector %zu decrypt", i);
		if (impl == &hwc_aes_generic) {
			/* The single-block entry points the framing uses (GCM's H, CTS tails). */
			hwc_aes_encrypt_block(&k, out, pt);
			check(!memcmp(out, ct, 16), "fips197 vector %zu encrypt_block", i);
			hwc_aes_decrypt_block(&k, out, ct);
			check(!memcmp(out, pt, 16), "fips197 vector %zu decrypt_block", i);
		}
	}
	group_end();

	group_begin(impl->impl, "sp800-38a-f1-f2-f5");
	for (i = 0; i < sizeof(sp38a) / sizeof(sp38a[0]); i++) {
		kl = unhex(key, sp38a[i].key);
		memset(iv, 0, 16);
		unhex(iv, sp38a[i].iv);
		n = unhex(pt, sp38a_pt);
		unhex(ct, sp38a[i].ct);
		check(!setkey(&s, sp38a[i].m, key, (unsigned int)kl), "setkey");
		hwc_crypt(impl, &s, sp38a[i].m, 1, iv, pt, n, out, 0);
		check(!memcmp(out, ct, n), "%s vector %zu encrypt", mode_name[sp38a[i].m], i);
		hwc_crypt(impl, &s, sp38a[i].m, 0, iv, ct, n, out, 0);
		check(!memcmp(out, pt, n), "%s vector %zu decrypt", mode_name[sp38a[i].m], i);
	}
	group_end();

	group_begin(impl->impl, "ieee1619-xts-1-2-15");
	for (i = 0; i < sizeof(xtsv) / sizeof(xtsv[0]); i++) {
		kl = unhex(key, xtsv[i].key);
		unhex(iv, xtsv[i].iv);
		n = unhex(pt, xtsv[i].pt);
		unhex(ct, xtsv[i].ct);
		check(!setkey(&s, XTS, key, (unsigned int)kl), "setkey");
		hwc_crypt(impl, &s, XTS, 1, iv, pt, n, out, 0);
		check(!memcmp(out, ct, n), "xts vector %zu encrypt", i);
		hwc_crypt(impl, &s, XTS, 0, iv, ct, n, out, 0);
		check(!memcmp(out, pt, n), "xts vector %zu decrypt", i);
	}
	group_end();

	if (!have_aead(impl))
		return;
	group_begin(impl->impl, "gcm-spec-test-cases-2-3-4-16");
	for (i = 0; i < sizeof(gcmv) / sizeof(gcmv[0]); i++) {
		kl = unhex(key, gcmv[i].key);
		unhex(iv, gcmv[i].iv);
		al = unhex(aad, gcmv[i].aad);
		n = unhex(ct, gcmv[i].ct);
		if (gcmv[i].pt)
			unhex(pt, gcmv[i].pt);
		else
			unhex(pt, gcm_p3);
		unhex(want, gcmv[i].tag);
		check(!hwc_gcm_setkey(&gk, key, (unsigned int)kl), "setkey");
		hwc_gcm(impl, &gk, 1, iv, aad, al, pt, n, out, tag, 0);
		check(!memcmp(out, ct, n) && !memcmp(tag, want, 16), "gcm vector %zu encrypt", i);
		hwc_gcm(impl, &gk, 0, iv, aad, al, ct, n, out, tag, 0);
		check(!memcmp(out, pt, n) && !memcmp(tag, want, 16), "gcm vector %zu decrypt", i);
	}
	group_end();
}

/* ---- differential against OpenSSL ---- */

static size_t len_for(enum mode m, size_t len)
{
	if (m == ECB || m == CBC)
		return len & ~(size_t)15;
	return len;
}

static void one_skcipher(const struct hwc_aes_impl *impl, enum mode m, unsigned int keylen,
			 size_t len)
{
	unsigned char key[64], iv[16];
	unsigned char *in = guarded(len);
	struct skey s;
	int split = (int)(hwc_test_rnd64() & 1);

	do
		hwc_test_rnd_fill(key, keylen);
	while (m == XTS && !memcmp(key, key + keylen / 2, keylen / 2));
	hwc_test_rnd_fill(iv, 16);
	hwc_test_rnd_fill(in, len);
	if (setkey(&s, m, key, keylen)) {
		check(0, "setkey %u", keylen);
		return;
	}
	ossl_crypt(m, 1, key, keylen, iv, in, len, outbuf);
	hwc_crypt(impl, &s, m, 1, iv, in, len, outbuf2, split);
	check(!memcmp(outbuf, outbuf2, len), "%s-%u encrypt length %zu split %d", mode_name[m],
	      keylen * 8, len, split);
	/* Decrypt OpenSSL's ciphertext in place. */
	memcpy(outbuf2, outbuf, len);
	hwc_crypt(impl, &s, m, 0, iv, outbuf2, len, outbuf2, (int)(hwc_test_rnd64() & 1));
	check(!memcmp(in, outbuf2, len), "%s-%u decrypt length %zu", mode_name[m], keylen * 8, len);
}

static void one_gcm(const struct hwc_aes_impl *impl, unsigned int keylen, size_t len, size_t aadlen)
{
	unsigned char key[32], iv[12], aad[2048], tag[16], tag2[16];
	unsigned char *in = guarded(len);
	struct hwc_gcm_key k;
	int split = (int)(hwc_test_rnd64() & 1);

	hwc_test_rnd_fill(key, keylen);
	hwc_test_rnd_fill(iv, 12);
	hwc_test_rnd_fill(aad, aadlen);
	hwc_test_rnd_fill(in, len);
	hwc_gcm_setkey(&k, key, keylen);
	ossl_gcm(1, key, keylen, iv, aad, aadlen, in, len, outbuf, tag);
	hwc_gcm(impl, &k, 1, iv, aad, aadlen, in, len, outbuf2, tag2, split);
	check(!memcmp(outbuf, outbuf2, len) && !memcmp(tag, tag2, 16),
	      "gcm-%u encrypt length %zu aad %zu split %d", keylen * 8, len, aadlen, split);
	memcpy(outbuf2, outbuf, len);
	hwc_gcm(impl, &k, 0, iv, aad, aadlen, outbuf2, len, outbuf2, tag2, (int)(hwc_test_rnd64() & 1));
	check(!memcmp(in, outbuf2, len) && !memcmp(tag, tag2, 16),
	      "gcm-%u decrypt length %zu aad %zu", keylen * 8, len, aadlen);
}

/*
 * GCM lengths and AAD lengths at and around multiples of every tier's step (AES-NI 8 blocks,
 * VAES-AVX2 16, VAES-AVX-512 16 and 32 blocks per reduction; 4-block zmm tail registers), where
 * the aggregated reductions, the deferred hashing of encryption and the masked tails meet.
 */
static void test_gcm_boundaries(const struct hwc_aes_impl *impl)
{
	static const size_t steps[4] = { 64, 128, 256, 512 };
	static const unsigned int mults[7] = { 1, 2, 3, 4, 8, 16, 32 };
	static const int deltas[11] = { -33, -17, -16, -15, -1, 0, 1, 15, 16, 17, 33 };
	static const unsigned int keylens[2] = { 16, 32 };
	unsigned int si, mi, di, ki;
	char name[64];

	for (ki = 0; ki < 2; ki++) {
		snprintf(name, sizeof(name), "gcm-%u-step-boundaries-openssl", keylens[ki] * 8);
		group_begin(impl->impl, name);
		for (si = 0; si < 4; si++)
			for (mi = 0; mi < 7; mi++)
				for (di = 0; di < 11; di++) {
					long l = (long)(steps[si] * mults[mi]) + deltas[di];

					if (l < 0 || l > 16384 + 64)
						continue;
					one_gcm(impl, keylens[ki], (size_t)l, hwc_test_rnd_below(4) ?
						hwc_test_rnd_below(21) : hwc_test_rnd_below(2049));
					/* The same step boundaries in the AAD, around a short and a long text. */
					if (mi < 4 && l <= 2048) {
						one_gcm(impl, keylens[ki], hwc_test_rnd_below(80), (size_t)l);
						one_gcm(impl, keylens[ki], 512 + hwc_test_rnd_below(3), (size_t)l);
					}
				}
		group_end();
	}
}

/*
 * CTR counters whose low 64 bits (or all 128, or only the last byte, into a byte 14 below 0xff)
 * wrap inside the message, at every offset.
 */
static void test_ctr_carry(const struct hwc_aes_impl *impl)
{
	unsigned char key[16], iv[16];
	unsigned char *in = guarded(8192);
	struct skey s;
	unsigned int back, all;
	size_t len;

	group_begin(impl->impl, "ctr-128-counter-carry-openssl");
	for (all = 0; all < 3; all++) {
		for (back = 0; back < 140; back++) {
			/* Up to 8 KiB: several zmm main-loop steps on each side of the wrap. */
			len = hwc_test_rnd_below(8193);
			hwc_test_rnd_fill(key, 16);
			hwc_test_rnd_fill(iv, 16);
			if (all < 2)
				memset(iv + (all ? 0 : 8), 0xff, all ? 15 : 7);
			else
				iv[14] &= 0xfe;
			iv[15] = (unsigned char)(0xff - back);
			in = guarded(len);
			hwc_test_rnd_fill(in, len);
			setkey(&s, CTR, key, 16);
			ossl_crypt(CTR, 1, key, 16, iv, in, len, outbuf);
			hwc_crypt(impl, &s, CTR, 1, iv, in, len, outbuf2, (int)(hwc_test_rnd64() & 1));
			check(!memcmp(outbuf, outbuf2, len),
			      "counter %u below wrap (64-bit 0, 128-bit 1, byte 2: %u) length %zu", back,
			      all, len);
		}
	}
	group_end();
}

static size_t random_len(size_t max)
{
	switch (hwc_test_rnd64() & 3) {
	case 0:
		return hwc_test_rnd_below(4096);
	case 1:
		return hwc_test_rnd_below(65536 < max ? 65536 : max);
	default:
		return hwc_test_rnd_below(max + 1);
	}
}

static void test_differential(const struct hwc_aes_impl *impl, unsigned int step, unsigned int nrandom,
			      size_t maxrandom)
{
	static const unsigned int keylens[3] = { 16, 24, 32 };
	static const enum mode modes[5] = { ECB, CBC, CTR, XTS, CTS };
	char name[64];
	unsigned int mi, ki, i;
	size_t len, minlen;

	for (mi = 0; mi < 5; mi++) {
		enum mode m = modes[mi];

		for (ki = 0; ki < 3; ki++) {
			unsigned int kl = m == XTS ? 2 * keylens[ki] : keylens[ki];

			if (m == XTS && ki == 1)
				continue;	/* OpenSSL has no XTS-AES-192 */
			minlen = (m == XTS || m == CTS) ? 16 : 0;
			snprintf(name, sizeof(name), "%s-%u-lengths-%zu..4096-openssl", mode_name[m],
				 kl * 8, minlen);
			group_begin(impl->impl, name);
			for (len = minlen; len <= 4096; len += (m == ECB || m == CBC) ? 16 : step)
				one_skcipher(impl, m, kl, len_for(m, len));
			for (i = 0; i < nrandom; i++) {
				len = len_for(m, random_len(maxrandom));
				one_skcipher(impl, m, kl, len < minlen ? minlen : len);
			}
			group_end();
		}
	}
	for (ki = 0; ki < 3 && have_aead(impl); ki++) {
		snprintf(name, sizeof(name), "gcm-%u-lengths-0..4096-openssl", keylens[ki] * 8);
		group_begin(impl->impl, name);
		for (len = 0; len <= 4096; len += step)
			one_gcm(impl, keylens[ki], len, hwc_test_rnd_below(4) ? hwc_test_rnd_below(40) : hwc_test_rnd_below(513));
		for (i = 0; i < nrandom; i++)
			one_gcm(impl, keylens[ki], random_len(maxrandom), hwc_test_rnd_below(513));
		group_end();
	}
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--features MASK] [--seed N] [--quick] [--generic full|quick|skip] [--skip-generic]\n",
		argv0);
	exit(2);
}

static unsigned int features;

static int have_aead(const struct hwc_aes_impl *impl)
{
	return (impl->aead_features & features) == impl->aead_features;
}

int main(int argc, char **argv)
{
	unsigned long long seed = (unsigned long long)time(NULL);
	unsigned int nrandom = 24, quick = 0, j;
	/* Under qemu-user the portable core dominates: it may get quick mode, or none (--generic). */
	int generic = -1;
	char fbuf[256];
	int k, all;

	features = hwc_host_select_features(&argc, argv);
	if (hwc_host_subsets_arg(&argc, argv, &all)) {
		unsigned int reqs[64], nreqs = 0, used = 0, r;

		for (r = 0; r < hwc_aes_nimpls && nreqs + 2 <= 64; r++) {
			/* The tier's skcipher part, and its aead part if that needs more. */
			reqs[nreqs++] = hwc_aes_impls[r].features;
			reqs[nreqs++] = hwc_aes_impls[r].features | hwc_aes_impls[r].aead_features;
			used |= reqs[nreqs - 1];
		}
		hwc_host_print_subsets(reqs, nreqs, used & features, all);
		return 0;
	}
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--seed") && k + 1 < argc)
			seed = strtoull(argv[++k], NULL, 0);
		else if (!strcmp(argv[k], "--quick"))
			quick = 1, nrandom = 4;
		else if (!strcmp(argv[k], "--generic") && k + 1 < argc && !strcmp(argv[k + 1], "full"))
			generic = 0, k++;
		else if (!strcmp(argv[k], "--generic") && k + 1 < argc && !strcmp(argv[k + 1], "quick"))
			generic = 1, k++;
		else if (!strcmp(argv[k], "--generic") && k + 1 < argc && !strcmp(argv[k + 1], "skip"))
			generic = 2, k++;
		else if (!strcmp(argv[k], "--skip-generic"))
			generic = 2;
		else
			usage(argv[0]);
	}
	hwc_test_rng = seed ? seed : 1;
	guard_init();
	outbuf = malloc(MAX_MSG + 64);
	outbuf2 = malloc(MAX_MSG + 64);
	inbuf = malloc(MAX_MSG + 64);
	if (!outbuf || !outbuf2 || !inbuf)
		return 1;

	printf("host features %s\n", hwc_host_features_str(hwc_host_cpu_features(), fbuf, sizeof(fbuf)));
	printf("testing with  %s\n", hwc_host_features_str(features, fbuf, sizeof(fbuf)));
	printf("seed %llu (replay with --seed %llu)\n", seed, seed);

	if (generic < 0)
		generic = quick;
	/* The portable core is slow by design: every length, but fewer and shorter random runs. */
	if (generic != 2) {
		test_vectors(&hwc_aes_generic);
		test_ctr_carry(&hwc_aes_generic);
		test_differential(&hwc_aes_generic, generic ? 7 : 1, generic ? 1 : 4, 1u << 16);
	}
	for (j = 0; j < hwc_aes_nimpls; j++) {
		const struct hwc_aes_impl *impl = &hwc_aes_impls[j];

		if ((impl->features & features) != impl->features) {
			printf("skip %-12s needs %s\n", impl->impl,
			       hwc_host_features_str(impl->features & ~features, fbuf, sizeof(fbuf)));
			continue;
		}
		if (!have_aead(impl))
			printf("skip %-12s gcm: needs %s\n", impl->impl,
			       hwc_host_features_str(impl->aead_features & ~features, fbuf, sizeof(fbuf)));
		test_vectors(impl);
		test_ctr_carry(impl);
		if (have_aead(impl))
			test_gcm_boundaries(impl);
		test_differential(impl, quick ? 3 : 1, nrandom, MAX_MSG);
	}
	return hwc_test_summary("");
}

// SPDX-License-Identifier: GPL-2.0
/* hwcrypt enc / dec: symmetric encryption through AF_ALG, file-compatible with openssl enc and kcapi-enc. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwcrypt.h"
#include "cli.h"

void usage_enc(FILE *f)
{
	fprintf(f,
		"Usage: " PROG " enc|dec -a ALG (-K HEX | --keyfile FILE) [--iv HEX | --ivfile FILE]\n"
		"                   [-i IN] [-o OUT] [OPTION]...\n"
		"Encrypt (enc) or decrypt (dec) IN (default: standard input) into OUT (default:\n"
		"standard output) with the kernel's skcipher or aead ALG, through AF_ALG.\n"
		"\n"
		"  -a, --algorithm ALG  ctr(aes), cbc(aes), ecb(aes), xts(aes), cts(cbc(aes)),\n"
		"                       gcm(aes) (crypto API names; aes-128-ctr style OpenSSL\n"
		"                       names of these are accepted too, the size then only\n"
		"                       checks the key length)\n"
		"  -d, --driver NAME    use this driver (cra_driver_name, e.g.\n"
		"                       ctr-aes-hwcrypt-aesni) instead of the kernel's choice\n"
		"  -K, --key HEX        key in hex: AES 16, 24 or 32 bytes, xts 32, 48 or 64\n"
		"      --keyfile FILE   key as raw bytes from FILE (keeps it off the command line)\n"
		"      --iv HEX         IV in hex, exactly the algorithm's IV size: 16 bytes, gcm 12;\n"
		"                       ctr: initial counter block; xts: tweak (sector number,\n"
		"                       little endian); not used by ecb\n"
		"      --ivfile FILE    IV as raw bytes from FILE\n"
		"  -i, --in FILE        input file ('-': standard input)\n"
		"  -o, --out FILE       output file ('-': standard output); created only once there\n"
		"                       is output, and removed again if the command fails\n"
		"      --nopad          cbc/ecb: no PKCS#7 padding (input must be a multiple of 16)\n"
		"  -v, --verbose        report the driver used on standard error\n"
		"gcm (aead) options:\n"
		"      --aad HEX        additional authenticated data in hex (default: none)\n"
		"      --aadfile FILE   AAD as raw bytes from FILE\n"
		"      --taglen N       tag length in bytes: 4, 8, 12..16 (default 16)\n"
		"      --tag HEX        dec: the tag, given apart from the ciphertext (as\n"
		"                       kcapi-enc --tag takes it); IN is then the ciphertext alone\n"
		"      --tagfile FILE   enc: write the tag to FILE instead of appending it;\n"
		"                       dec: read the tag from FILE\n"
		"\n"
		"Formats:\n"
		"  ctr, xts, cts: output length = input length, no padding.\n"
		"  cbc, ecb: PKCS#7 padding (1..16 bytes) as `openssl enc` adds and checks by\n"
		"    default; --nopad as openssl's -nopad. A bad padding fails decryption.\n"
		"    Interoperates with `openssl enc -aes-128-cbc -K HEX -iv HEX` (ctr likewise).\n"
		"  gcm: enc writes ciphertext || tag; dec reads ciphertext || tag (or ciphertext\n"
		"    with --tag/--tagfile) and writes the plaintext only after the tag verified:\n"
		"    a wrong tag writes nothing, removes nothing but its own output, exits 1.\n"
		"    kcapi-enc -c 'gcm(aes)' --aad A writes AAD || ciphertext || tag: drop the\n"
		"    leading AAD bytes to get this format; its decryption takes the ciphertext\n"
		"    with --tag HEX and writes AAD || plaintext.\n"
		"  xts, cts and gcm messages are one kernel request: at most 128 KiB (gcm: AAD plus\n"
		"    data); ecb/cbc/ctr stream any length in constant memory.\n"
		"\n"
		"Exit status: 0 success, 1 failure (bad tag or padding, kernel error), 2 usage.\n");
}

/* "aes-128-ctr" -> "ctr(aes)" and the key size it implies (xts: both halves). */
static const char *map_openssl_name(const char *a, char *buf, size_t len, size_t *keylen)
{
	unsigned int bits;
	char mode[8];

	*keylen = 0;
	if (sscanf(a, "aes-%u-%7s", &bits, mode) != 2 || (bits != 128 && bits != 192 && bits != 256))
		return a;
	if (strcmp(mode, "ctr") && strcmp(mode, "cbc") && strcmp(mode, "ecb") &&
	    strcmp(mode, "xts") && strcmp(mode, "gcm"))
		return a;
	snprintf(buf, len, "%s(aes)", mode);
	*keylen = bits / 8 * (strcmp(mode, "xts") ? 1 : 2);
	return buf;
}

struct enc {
	int encrypt, pad, aead, verbose;
	const char *alg, *driver;
	struct hwcrypt_skcipher *sk;
	struct hwcrypt_aead *ad;
	unsigned char *in, *out;
	size_t bs, inlen, outlen;	/* skcipher block size; sizes of in and out */
	struct out_file o;
};

static void key_help(const char *alg, size_t keylen)
{
	fprintf(stderr, PROG ": %s refuses a key of %zu bytes (AES: 16, 24 or 32 bytes; "
		"xts(aes): 32, 48 or 64; rfc4106: plus 4 bytes of salt)\n", alg, keylen);
}

/*
 * Streams IN through the skcipher. PKCS#7 padding (unless --nopad), as openssl enc adds it to
 * ecb and cbc, goes to every mode the kernel says takes whole blocks only: block size above
 * 1 and IV chained between requests (xts and cts do not chain, ctr has block size 1).
 */
static int run_skcipher(struct enc *e, int infd)
{
	unsigned char carry[256];
	size_t ncarry = 0, total = 0, bs = e->bs;
	int blocks = bs > 1 && hwcrypt_skcipher_chained(e->sk);
	int pad = blocks && e->pad, unpad = pad && !e->encrypt;
	ssize_t r, w;

	for (;;) {
		size_t n, feed, keep;

		r = read(infd, e->in + ncarry, CLI_CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, PROG ": read: %s\n", strerror(errno));
			return 1;
		}
		if (!r)
			break;
		if (ncarry)
			memcpy(e->in, carry, ncarry);
		n = ncarry + (size_t)r;
		total += (size_t)r;
		/* Padded decryption keeps the last block back: its padding is checked at the end. */
		keep = unpad ? (n % bs ? n % bs : bs) : 0;
		feed = n - keep;
		w = hwcrypt_skcipher_update(e->sk, e->in, feed, e->out, e->outlen);
		if (w < 0)
			goto kernel_error;
		if (out_write(&e->o, e->out, (size_t)w))
			return 1;
		memcpy(carry, e->in + feed, keep);
		ncarry = keep;
	}
	if (pad && e->encrypt) {
		size_t p = bs - total % bs;

		memset(carry, (int)p, p);
		w = hwcrypt_skcipher_update(e->sk, carry, p, e->out, e->outlen);
		if (w < 0)
			goto kernel_error;
		if (out_write(&e->o, e->out, (size_t)w))
			return 1;
	}
	if (unpad) {
		unsigned int p, bad = 0;

		if (ncarry != bs) {
			fprintf(stderr, PROG ": bad decrypt: %zu bytes of ciphertext is not a positive "
				"multiple of %zu (padded %s)\n", total, bs, e->alg);
			return 1;
		}
		w = hwcrypt_skcipher_update(e->sk, carry, bs, e->out, e->outlen);
		explicit_bzero(carry, sizeof(carry));
		if (w < 0)
			goto kernel_error;
		p = e->out[bs - 1];
		bad = p == 0 || p > bs;
		for (unsigned int i = 0; !bad && i < p; i++)
			bad |= e->out[bs - 1 - i] != p;
		if (bad) {
			fprintf(stderr, PROG ": bad decrypt: wrong PKCS#7 padding (wrong key or IV, "
				"or encrypted with -nopad?)\n");
			return 1;
		}
		if (out_write(&e->o, e->out, bs - p))
			return 1;
	}
	w = hwcrypt_skcipher_final(e->sk, e->out, e->outlen);
	if (w == -EINVAL) {
		fprintf(stderr, PROG ": %s: input of %zu bytes does not fit the mode (", e->alg, total);
		if (blocks)
			fprintf(stderr, "a multiple of %zu needed without padding)\n", bs);
		else
			fprintf(stderr, "xts and cts need at least %zu bytes)\n", bs);
		return 1;
	}
	if (w < 0)
		goto kernel_error;
	return out_write(&e->o, e->out, (size_t)w) ? 1 : 0;
kernel_error:
	fprintf(stderr, PROG ": %s: %s\n", e->alg, w == -EMSGSIZE ?
		"message larger than 128 KiB (xts and cts take one kernel request)" : err_text((int)w));
	return 1;
}

static int run_aead(struct enc *e, int infd, const unsigned char *iv, size_t ivlen,
		    const unsigned char *aad, size_t aadlen, const unsigned char *tag,
		    size_t taglen, const char *tagfile)
{
	unsigned char *msg = NULL, *out = NULL;
	size_t len = 0, cap = 0, outlen, tl = hwcrypt_aead_taglen(e->ad);
	ssize_t r;
	int ret = 1;

	/* All input first: nothing of the message is released before the tag decides. */
	for (;;) {
		if (len + CLI_CHUNK > cap) {
			unsigned char *n;

			if (cap > HWCRYPT_MAX_MESSAGE + CLI_CHUNK)
				break;
			n = malloc(cap + CLI_CHUNK + tl);
			if (!n)
				goto out;
			if (len)
				memcpy(n, msg, len);
			wipe_free(msg, cap);
			msg = n;
			cap += CLI_CHUNK;
		}
		r = read(infd, msg + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, PROG ": read: %s\n", strerror(errno));
			goto out;
		}
		if (!r)
			break;
		len += (size_t)r;
	}
	if (len + aadlen > HWCRYPT_MAX_MESSAGE + (e->encrypt ? 0 : tl)) {
		fprintf(stderr, PROG ": %s: AAD and message larger than 128 KiB (one kernel "
			"request)\n", e->alg);
		goto out;
	}
	if (!e->encrypt && tag) {
		if (taglen != tl) {
			fprintf(stderr, PROG ": tag of %zu bytes, but --taglen is %zu\n", taglen, tl);
			goto out;
		}
		memcpy(msg + len, tag, taglen);
		len += taglen;
	}
	if (!e->encrypt && len < tl) {
		fprintf(stderr, PROG ": %s: input of %zu bytes is shorter than the %zu-byte tag\n",
			e->alg, len, tl);
		goto out;
	}
	outlen = e->encrypt ? len + tl : len - tl;
	out = malloc(outlen + 1);
	if (!out)
		goto out;
	r = e->encrypt ? hwcrypt_aead_encrypt(e->ad, iv, ivlen, aad, aadlen, msg, len, out, outlen)
		       : hwcrypt_aead_decrypt(e->ad, iv, ivlen, aad, aadlen, msg, len, out, outlen);
	if (r == -EBADMSG && !e->encrypt) {
		fprintf(stderr, PROG ": %s: tag mismatch: message not authentic (wrong key, IV, "
			"AAD or tag, or altered data); no output written\n", e->alg);
		goto out;
	}
	if (r < 0) {
		fprintf(stderr, PROG ": %s: %s\n", e->alg, err_text((int)r));
		goto out;
	}
	if (e->encrypt && tagfile) {
		struct out_file t = { .name = tagfile, .fd = -1 };

		if (out_write(&e->o, out, len) || out_write(&t, out + len, tl) || out_close(&t, 0))
			goto out;
	} else if (out_write(&e->o, out, (size_t)r)) {
		goto out;
	}
	ret = 0;
out:
	wipe_free(msg, cap);
	wipe_free(out, out ? outlen + 1 : 0);
	return ret;
}

static int enc_main(int argc, char **argv, int encrypt)
{
	enum { O_KEYFILE = 256, O_IV, O_IVFILE, O_NOPAD, O_AAD, O_AADFILE, O_TAGLEN, O_TAG,
	       O_TAGFILE };
	static const struct option opts[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "driver", required_argument, NULL, 'd' },
		{ "key", required_argument, NULL, 'K' },
		{ "keyfile", required_argument, NULL, O_KEYFILE },
		{ "iv", required_argument, NULL, O_IV },
		{ "ivfile", required_argument, NULL, O_IVFILE },
		CLI_OPT_IN_OUT,
		{ "nopad", no_argument, NULL, O_NOPAD },
		{ "aad", required_argument, NULL, O_AAD },
		{ "aadfile", required_argument, NULL, O_AADFILE },
		{ "taglen", required_argument, NULL, O_TAGLEN },
		{ "tag", required_argument, NULL, O_TAG },
		{ "tagfile", required_argument, NULL, O_TAGFILE },
		CLI_OPT_VERBOSE_HELP_END
	};
	struct enc e = { .encrypt = encrypt, .pad = 1, .o = { .fd = -1 } };
	const char *keyarg = NULL, *ivarg = NULL, *aadarg = NULL, *tagarg = NULL;
	const char *tagfile = NULL, *infile = NULL;
	int keyfile = 0, ivfile = 0, aadfile = 0, c, ret = 1, infd = STDIN_FILENO;
	unsigned char *key = NULL, *iv = NULL, *aad = NULL, *tag = NULL;
	size_t keylen = 0, ivlen = 0, aadlen = 0, taglen = 0, want_keylen, want_taglen = 0;
	char algbuf[32];
	unsigned int ivsize;
	long tl;

	while ((c = getopt_long_only(argc, argv, "a:d:K:i:o:vh", opts, NULL)) != -1) {
		switch (c) {
		case 'a': e.alg = optarg; break;
		case 'd': e.driver = optarg; break;
		case 'K': keyarg = optarg; keyfile = 0; break;
		case O_KEYFILE: keyarg = optarg; keyfile = 1; break;
		case O_IV: ivarg = optarg; ivfile = 0; break;
		case O_IVFILE: ivarg = optarg; ivfile = 1; break;
		case 'i': infile = optarg; break;
		case 'o': e.o.name = optarg; break;
		case O_NOPAD: e.pad = 0; break;
		case O_AAD: aadarg = optarg; aadfile = 0; break;
		case O_AADFILE: aadarg = optarg; aadfile = 1; break;
		case O_TAGLEN:
			tl = strtol(optarg, NULL, 10);
			if (tl <= 0 || tl > HWCRYPT_MAX_TAGSIZE) {
				fprintf(stderr, PROG ": --taglen: bad tag size '%s' (gcm: 4, 8, "
					"12..16)\n", optarg);
				return EXIT_USAGE;
			}
			want_taglen = (size_t)tl;
			break;
		case O_TAG: tagarg = optarg; break;
		case O_TAGFILE: tagfile = optarg; break;
		case 'v': e.verbose = 1; break;
		case 'h': usage_enc(stdout); return 0;
		default: return try_help("enc");
		}
	}
	if (no_operands(argc, argv, ""))
		return EXIT_USAGE;
	if (!e.alg || !keyarg) {
		fprintf(stderr, PROG ": %s needs -a ALG and a key (-K HEX or --keyfile FILE)\n"
			"Try '" PROG " help enc' for more information.\n", encrypt ? "enc" : "dec");
		return EXIT_USAGE;
	}
	e.alg = map_openssl_name(e.alg, algbuf, sizeof(algbuf), &want_keylen);
	if (e.driver && !strcmp(e.driver, "best"))
		e.driver = NULL;
	e.aead = !strncmp(e.alg, "gcm(", 4) || !strncmp(e.alg, "rfc4106(", 8) ||
		 !strncmp(e.alg, "ccm(", 4) || !strncmp(e.alg, "authenc", 7);
	if (!e.aead && (aadarg || tagarg || tagfile || want_taglen)) {
		fprintf(stderr, PROG ": --aad, --tag, --tagfile and --taglen are for gcm only\n");
		return EXIT_USAGE;
	}
	if (tagarg && (encrypt || tagfile)) {
		fprintf(stderr, PROG ": --tag HEX is for dec, and excludes --tagfile\n");
		return EXIT_USAGE;
	}
	if (get_bytes("key", keyarg, keyfile, 1024, &key, &keylen))
		return EXIT_USAGE;
	if (want_keylen && keylen != want_keylen) {
		fprintf(stderr, PROG ": %s takes a %zu-byte key, got %zu bytes\n", e.alg,
			want_keylen, keylen);
		goto usage;
	}
	if (ivarg && get_bytes("IV", ivarg, ivfile, 64, &iv, &ivlen))
		goto usage;
	if (aadarg && get_bytes("AAD", aadarg, aadfile, HWCRYPT_MAX_MESSAGE, &aad, &aadlen))
		goto usage;
	if (tagarg && get_bytes("tag", tagarg, 0, HWCRYPT_MAX_TAGSIZE, &tag, &taglen))
		goto usage;
	if (tagfile && !encrypt) {
		if (get_bytes("tag", tagfile, 1, HWCRYPT_MAX_TAGSIZE, &tag, &taglen))
			goto usage;
	}
	if (tag && !want_taglen)
		want_taglen = taglen;

	c = e.aead ? hwcrypt_aead_init(&e.ad, e.alg, e.driver)
		   : hwcrypt_skcipher_init(&e.sk, e.alg, e.driver);
	if (c) {
		if (lib_explained(c))
			fprintf(stderr, PROG ": %s%s%s: %s\n", e.alg, e.driver ? " driver " : "",
				e.driver ? e.driver : "", hwcrypt_strerror(c));
		else if (c == -ENOENT)
			fprintf(stderr, PROG ": unknown %s algorithm or driver: %s%s%s\n",
				e.aead ? "aead" : "skcipher", e.alg, e.driver ? " driver " : "",
				e.driver ? e.driver : "");
		else if (c == -EINVAL && e.driver)
			fprintf(stderr, PROG ": driver %s does not implement %s\n", e.driver, e.alg);
		else if (c == -EAFNOSUPPORT)
			fprintf(stderr, PROG ": AF_ALG %s interface not available (is algif_%s "
				"loaded?)\n", e.aead ? "aead" : "skcipher", e.aead ? "aead" : "skcipher");
		else
			fprintf(stderr, PROG ": %s: %s\n", e.alg, hwcrypt_strerror(c));
		goto out;
	}
	c = e.aead ? hwcrypt_aead_setkey(e.ad, key, keylen) : hwcrypt_skcipher_setkey(e.sk, key, keylen);
	if (c) {
		key_help(e.alg, keylen);
		goto out;
	}
	if (e.aead && want_taglen && hwcrypt_aead_settaglen(e.ad, want_taglen)) {
		fprintf(stderr, PROG ": %s: bad tag size %zu (gcm: 4, 8, 12..16 bytes)\n", e.alg,
			want_taglen);
		goto out;
	}
	ivsize = e.aead ? hwcrypt_aead_ivsize(e.ad) : hwcrypt_skcipher_ivsize(e.sk);
	if (ivsize && !iv) {
		fprintf(stderr, PROG ": %s needs an IV of %u bytes (--iv HEX or --ivfile FILE)\n",
			e.alg, ivsize);
		goto usage_loaded;
	}
	if (iv && ivlen != ivsize) {
		fprintf(stderr, PROG ": bad IV size: %s needs %u bytes, got %zu\n", e.alg, ivsize, ivlen);
		goto usage_loaded;
	}
	if (e.verbose) {
		struct hwcrypt_path p;

		if (!(e.aead ? hwcrypt_aead_path(e.ad, &p) : hwcrypt_skcipher_path(e.sk, &p)))
			print_path(e.alg, &p);
	}
	if (infile && strcmp(infile, "-")) {
		infd = open(infile, O_RDONLY | O_CLOEXEC);
		if (infd < 0) {
			file_error(infile, strerror(errno));
			goto out;
		}
	}
	if (e.aead) {
		ret = run_aead(&e, infd, iv, ivlen, aad, aadlen, tag, taglen, encrypt ? tagfile : NULL);
	} else {
		size_t unit = hwcrypt_skcipher_chunksize(e.sk);

		/* in: a read after a held block; out: that plus a chunk held in the library. */
		e.bs = hwcrypt_skcipher_blocksize(e.sk);
		unit = unit > e.bs ? unit : e.bs;
		e.inlen = CLI_CHUNK + unit;
		e.outlen = CLI_CHUNK + 2 * unit;
		e.in = malloc(e.inlen);
		e.out = malloc(e.outlen);
		if (!e.in || !e.out) {
			fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
			goto out;
		}
		c = hwcrypt_skcipher_begin(e.sk, encrypt, iv, ivlen);
		if (c) {
			fprintf(stderr, PROG ": %s: %s\n", e.alg, err_text(c));
			goto out;
		}
		ret = run_skcipher(&e, infd);
	}
	if (out_close(&e.o, ret != 0))
		ret = 1;
	e.o.fd = -1;
out:
	if (e.o.fd >= 0)
		out_close(&e.o, 1);
	if (infd != STDIN_FILENO)
		close(infd);
	wipe_free(e.in, e.inlen);
	wipe_free(e.out, e.outlen);
	hwcrypt_skcipher_free(e.sk);
	hwcrypt_aead_free(e.ad);
	wipe_free(key, keylen);
	wipe_free(iv, ivlen);
	wipe_free(aad, aadlen);
	wipe_free(tag, taglen);
	return ret;
usage_loaded:
	ret = EXIT_USAGE;
	goto out;
usage:
	ret = EXIT_USAGE;
	goto out;
}

int cmd_enc(int argc, char **argv)
{
	return enc_main(argc, argv, 1);
}

int cmd_dec(int argc, char **argv)
{
	return enc_main(argc, argv, 0);
}

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

#define CHUNK (256 * 1024)
#define BLOCK 16

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

void wipe_free(void *p, size_t len)
{
	if (p) {
		explicit_bzero(p, len);
		free(p);
	}
}

int read_all(const char *name, size_t max, unsigned char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	unsigned char *b = malloc(cap), *nb;
	int fd = STDIN_FILENO, err = 0;
	ssize_t r;

	if (!b)
		return ENOMEM;
	if (name && strcmp(name, "-")) {
		fd = open(name, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			err = errno;
			free(b);
			return err;
		}
	}
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			nb = malloc(cap * 2);
			if (!nb) {
				err = ENOMEM;
				break;
			}
			memcpy(nb, b, n);
			wipe_free(b, cap);
			b = nb;
			cap *= 2;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			break;
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	if (!err && n > max)
		err = EFBIG;
	if (err) {
		wipe_free(b, cap);
		return err;
	}
	*buf = b;
	*len = n;
	return 0;
}

int get_bytes(const char *what, const char *arg, int is_file, size_t max,
	      unsigned char **buf, size_t *len)
{
	size_t n = strlen(arg);
	int err;

	if (is_file) {
		err = read_all(arg, max, buf, len);
		if (err) {
			fprintf(stderr, PROG ": %s file ", what);
			put_quoted(stderr, arg);
			fprintf(stderr, ": %s\n", err == EFBIG ? "too large" : strerror(err));
			return -1;
		}
		return 0;
	}
	if (n % 2 || n / 2 > max) {
		fprintf(stderr, PROG ": %s: %s\n", what, n % 2 ? "odd number of hex digits" :
			"too long");
		return -1;
	}
	*buf = malloc(n / 2 + 1);
	if (!*buf) {
		fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
		return -1;
	}
	if (parse_hex(arg, n, *buf)) {
		fprintf(stderr, PROG ": %s: not a hex string\n", what);
		wipe_free(*buf, n / 2 + 1);
		return -1;
	}
	*len = n / 2;
	return 0;
}

int out_write(struct out_file *o, const void *p, size_t len)
{
	const unsigned char *c = p;
	ssize_t r;

	if (!len)
		return 0;
	if (o->fd < 0) {
		if (!o->name || !strcmp(o->name, "-")) {
			o->fd = STDOUT_FILENO;
		} else {
			o->fd = open(o->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (o->fd < 0) {
				file_error(o->name, strerror(errno));
				return -1;
			}
		}
	}
	while (len) {
		r = write(o->fd, c, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			file_error(o->name ? o->name : "standard output", strerror(errno));
			return -1;
		}
		c += r;
		len -= (size_t)r;
	}
	return 0;
}

int out_close(struct out_file *o, int failed)
{
	int file = o->name && strcmp(o->name, "-");

	if (o->fd < 0) {
		/* Success with no output still leaves an (empty) output file. */
		if (!failed && file) {
			o->fd = open(o->name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (o->fd < 0) {
				file_error(o->name, strerror(errno));
				return -1;
			}
			close(o->fd);
		}
		return 0;
	}
	if (!file)
		return 0;
	if (close(o->fd) && !failed) {
		file_error(o->name, strerror(errno));
		failed = 1;
	}
	if (failed)
		unlink(o->name);
	return failed ? -1 : 0;
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
	struct out_file o;
};

static void key_help(const char *alg, size_t keylen)
{
	fprintf(stderr, PROG ": %s refuses a key of %zu bytes (AES: 16, 24 or 32 bytes; "
		"xts(aes): 32, 48 or 64; rfc4106: plus 4 bytes of salt)\n", alg, keylen);
}

/* Streams IN through the skcipher with PKCS#7 padding for ecb/cbc unless --nopad. */
static int run_skcipher(struct enc *e, int infd)
{
	unsigned char carry[BLOCK];
	size_t ncarry = 0, total = 0;
	int chained = !strncmp(e->alg, "cbc(", 4) || !strncmp(e->alg, "ecb(", 4);
	int pad = chained && e->pad, unpad = pad && !e->encrypt;
	ssize_t r, w;

	for (;;) {
		size_t n, feed, keep;

		r = read(infd, e->in + ncarry, CHUNK);
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
		keep = unpad ? (n % BLOCK ? n % BLOCK : BLOCK) : 0;
		feed = n - keep;
		w = hwcrypt_skcipher_update(e->sk, e->in, feed, e->out, CHUNK + 2 * BLOCK);
		if (w < 0)
			goto kernel_error;
		if (out_write(&e->o, e->out, (size_t)w))
			return 1;
		memcpy(carry, e->in + feed, keep);
		ncarry = keep;
	}
	if (pad && e->encrypt) {
		size_t p = BLOCK - total % BLOCK;

		memset(carry, (int)p, p);
		w = hwcrypt_skcipher_update(e->sk, carry, p, e->out, CHUNK + 2 * BLOCK);
		if (w < 0)
			goto kernel_error;
		if (out_write(&e->o, e->out, (size_t)w))
			return 1;
	}
	if (unpad) {
		unsigned int p, bad = 0;

		if (ncarry != BLOCK) {
			fprintf(stderr, PROG ": bad decrypt: %zu bytes of ciphertext is not a positive "
				"multiple of 16 (padded %s)\n", total, e->alg);
			return 1;
		}
		w = hwcrypt_skcipher_update(e->sk, carry, BLOCK, e->out, CHUNK + 2 * BLOCK);
		explicit_bzero(carry, sizeof(carry));
		if (w < 0)
			goto kernel_error;
		p = e->out[BLOCK - 1];
		bad = p == 0 || p > BLOCK;
		for (unsigned int i = 0; !bad && i < p; i++)
			bad |= e->out[BLOCK - 1 - i] != p;
		if (bad) {
			fprintf(stderr, PROG ": bad decrypt: wrong PKCS#7 padding (wrong key or IV, "
				"or encrypted with -nopad?)\n");
			return 1;
		}
		if (out_write(&e->o, e->out, BLOCK - p))
			return 1;
	}
	w = hwcrypt_skcipher_final(e->sk, e->out, CHUNK + 2 * BLOCK);
	if (w == -EINVAL) {
		fprintf(stderr, PROG ": %s: input of %zu bytes does not fit the mode (%s)\n",
			e->alg, total, chained ? "a multiple of 16 needed without padding" :
			"xts and cts need at least 16 bytes");
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
		if (len + CHUNK > cap) {
			unsigned char *n;

			if (cap > HWCRYPT_MAX_MESSAGE + CHUNK)
				break;
			n = malloc(cap + CHUNK + tl);
			if (!n)
				goto out;
			if (len)
				memcpy(n, msg, len);
			wipe_free(msg, cap);
			msg = n;
			cap += CHUNK;
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

int cmd_enc(int argc, char **argv, int encrypt)
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
		if (c == -ENOENT)
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
	if (e.verbose)
		fprintf(stderr, PROG ": %s: driver %s\n", e.alg,
			(e.aead ? hwcrypt_aead_driver(e.ad) : hwcrypt_skcipher_driver(e.sk)) ?: "?");
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
		e.in = malloc(CHUNK + BLOCK);
		e.out = malloc(CHUNK + 2 * BLOCK);
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
	wipe_free(e.in, CHUNK + BLOCK);
	wipe_free(e.out, CHUNK + 2 * BLOCK);
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

// SPDX-License-Identifier: GPL-2.0
/* hwcrypt rsa: PKCS#1 v1.5 sign/verify/encrypt/decrypt on kernel asymmetric keys (keyctl), as openssl pkeyutl. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwcrypt.h"
#include "cli.h"

/* Largest RSA modulus the kernel and hwcrypt take: 8192 bits. */
#define RSA_MAX 1024
/* Input to hash for sign/verify without --digest: read whole, then hashed over AF_ALG. */
#define MSG_MAX ((size_t)1 << 30)

void usage_rsa(FILE *f)
{
	fprintf(f,
		"Usage: " PROG " rsa sign|verify|encrypt|decrypt (-k KEYFILE | --keyid ID) [OPTION]...\n"
		"RSA with PKCS#1 v1.5 padding (RFC 8017) by the kernel's \"rsa\" akcipher through\n"
		"keyctl; results are byte-identical to / accepted by `openssl pkeyutl`.\n"
		"\n"
		"  -k, --key FILE     key file, DER or PEM: PKCS#8 private key (\"BEGIN PRIVATE\n"
		"                     KEY\"; the kernel needs pkcs8_key_parser) or X.509\n"
		"                     certificate (public key: verify, encrypt). It is added to\n"
		"                     the process keyring for this command only.\n"
		"      --keyid ID     use a key already in the kernel (serial as keyctl prints it)\n"
		"      --hash NAME    sign/verify: hash as keyctl names it (default sha256; sha1,\n"
		"                     sha224, sha384, sha512)\n"
		"      --digest       sign/verify: IN is already the digest (binary, as\n"
		"                     `openssl dgst -sha256 -binary` writes it): the same input as\n"
		"                     `openssl pkeyutl -sign -pkeyopt digest:sha256`. Without it,\n"
		"                     IN is the message, hashed first with the kernel's hash\n"
		"                     (AF_ALG), as `openssl dgst -sha256 -sign KEY` does.\n"
		"  -s, --sigfile FILE verify: the signature\n"
		"      --enc NAME     keyctl encoding (default pkcs1)\n"
		"  -i, --in FILE      input ('-' or absent: standard input)\n"
		"  -o, --out FILE     output ('-' or absent: standard output)\n"
		"  -v, --verbose      report key serial and size on standard error\n"
		"\n"
		"  sign     IN: message (or digest), OUT: signature (modulus size)\n"
		"  verify   prints \"Signature Verified Successfully\" and exits 0, or\n"
		"           \"Signature Verification Failure\" and exits 1 (as openssl pkeyutl)\n"
		"  encrypt  IN: at most modulus size - 11 bytes; OUT: ciphertext (random padding)\n"
		"  decrypt  IN: ciphertext; OUT: message; a bad padding writes nothing, exits 1\n"
		"\n"
		"Options also take one dash (-in, -out, -hash, -sigfile, -keyid) as openssl's do.\n"
		"Exit status: 0 success, 1 failure, 2 usage.\n");
}

static const char *rsa_err(int err)
{
	switch (-err) {
	case EBADMSG:
		return "no kernel key parser accepts this data, or bad padding (PKCS#8 keys need "
		       "the pkcs8_key_parser module; PKCS#1 \"RSA PRIVATE KEY\" files are not "
		       "accepted: convert with openssl pkcs8 -topk8 -nocrypt)";
	case EOPNOTSUPP:
		return "operation not supported by this key (a certificate holds only the public "
		       "key) or by the kernel";
	case ENOKEY:
		return "no such key";
	case EKEYREJECTED:
		return "signature rejected";
	default:
		return err_text(err);
	}
}

int cmd_rsa(int argc, char **argv)
{
	enum { O_KEYID = 256, O_HASH, O_DIGEST, O_ENC };
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "keyid", required_argument, NULL, O_KEYID },
		{ "hash", required_argument, NULL, O_HASH },
		{ "digest", no_argument, NULL, O_DIGEST },
		{ "sigfile", required_argument, NULL, 's' },
		{ "enc", required_argument, NULL, O_ENC },
		CLI_OPT_IN_OUT,
		CLI_OPT_VERBOSE_HELP_END
	};
	const char *op, *keyfile = NULL, *hash = "sha256", *sigfile = NULL, *enc = NULL;
	const char *infile = NULL;
	struct out_file o = { .fd = -1 };
	unsigned char *in = NULL, *sig = NULL, out[RSA_MAX], md[HWCRYPT_MAX_DIGESTSIZE];
	size_t inlen = 0, siglen = 0;
	const unsigned char *data;
	size_t dlen;
	int32_t key = 0;
	int loaded = 0, digest = 0, verbose = 0, c, ret = 1, err;
	long id;
	ssize_t r;
	char *end;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage_rsa(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	op = argv[1];
	if (strcmp(op, "sign") && strcmp(op, "verify") && strcmp(op, "encrypt") &&
	    strcmp(op, "decrypt")) {
		fprintf(stderr, PROG ": rsa: unknown operation '%s' (sign, verify, encrypt, "
			"decrypt)\n", op);
		return EXIT_USAGE;
	}
	argc--;
	argv++;
	while ((c = getopt_long_only(argc, argv, "k:s:i:o:vh", opts, NULL)) != -1) {
		switch (c) {
		case 'k': keyfile = optarg; break;
		case O_KEYID:
			errno = 0;
			id = strtol(optarg, &end, 0);
			if (errno || *end || id <= 0 || id > INT32_MAX) {
				fprintf(stderr, PROG ": --keyid: not a key serial: '%s'\n", optarg);
				return EXIT_USAGE;
			}
			key = (int32_t)id;
			break;
		case O_HASH: hash = optarg; break;
		case O_DIGEST: digest = 1; break;
		case 's': sigfile = optarg; break;
		case O_ENC: enc = optarg; break;
		case 'i': infile = optarg; break;
		case 'o': o.name = optarg; break;
		case 'v': verbose = 1; break;
		case 'h': usage_rsa(stdout); return 0;
		default: return try_help("rsa");
		}
	}
	if (no_operands(argc, argv, "rsa: "))
		return EXIT_USAGE;
	if (!keyfile == !key) {
		fprintf(stderr, PROG ": rsa %s needs one of -k KEYFILE or --keyid ID\n", op);
		return EXIT_USAGE;
	}
	if (!strcmp(op, "verify") && !sigfile) {
		fprintf(stderr, PROG ": rsa verify needs -sigfile FILE\n");
		return EXIT_USAGE;
	}
	if (keyfile) {
		err = hwcrypt_rsa_key_load_file(&key, keyfile);
		if (err) {
			file_error(keyfile, rsa_err(err));
			return 1;
		}
		loaded = 1;
	}
	err = hwcrypt_rsa_size(key);
	if (err < 0) {
		fprintf(stderr, PROG ": key %d: %s\n", key, rsa_err(err));
		goto out;
	}
	if (verbose)
		fprintf(stderr, PROG ": key %d: RSA-%d\n", key, err * 8);
	err = read_all(infile, !strcmp(op, "sign") || !strcmp(op, "verify") ? MSG_MAX : RSA_MAX,
		       &in, &inlen);
	if (err) {
		file_error(infile ? infile : "standard input", err == EFBIG ? "input too large" :
			   strerror(err));
		goto out;
	}
	data = in;
	dlen = inlen;
	if (!strcmp(op, "sign") || !strcmp(op, "verify")) {
		if (!digest) {
			r = hwcrypt_hash_oneshot(hash, NULL, NULL, 0, in, inlen, md, sizeof(md));
			if (r < 0) {
				fprintf(stderr, PROG ": hashing with %s: %s\n", hash, hwcrypt_strerror((int)r));
				goto out;
			}
			data = md;
			dlen = (size_t)r;
		}
		if (!strcmp(op, "sign")) {
			r = hwcrypt_rsa_sign(key, enc, hash, data, dlen, out, sizeof(out));
			if (r == -EINVAL && digest)
				fprintf(stderr, PROG ": rsa sign: input of %zu bytes is not a %s digest "
					"(--digest), or the key is too small for it\n", dlen, hash);
			else if (r < 0)
				fprintf(stderr, PROG ": rsa sign: %s\n", rsa_err((int)r));
			if (r < 0 || out_write(&o, out, (size_t)r))
				goto out;
		} else {
			err = read_all(sigfile, RSA_MAX, &sig, &siglen);
			if (err) {
				file_error(sigfile, err == EFBIG ? "too large" : strerror(err));
				goto out;
			}
			err = hwcrypt_rsa_verify(key, enc, hash, data, dlen, sig, siglen);
			if (err == -EKEYREJECTED) {
				puts("Signature Verification Failure");
				goto out;
			}
			if (err) {
				fprintf(stderr, PROG ": rsa verify: %s\n", rsa_err(err));
				goto out;
			}
			puts("Signature Verified Successfully");
		}
	} else {
		r = !strcmp(op, "encrypt") ? hwcrypt_rsa_encrypt(key, enc, in, inlen, out, sizeof(out))
					   : hwcrypt_rsa_decrypt(key, enc, in, inlen, out, sizeof(out));
		if (r < 0) {
			fprintf(stderr, PROG ": rsa %s: %s\n", op, r == -EINVAL ?
				"bad input length for this key (encrypt: at most modulus size - 11 "
				"bytes; decrypt: modulus size)" : rsa_err((int)r));
			goto out;
		}
		if (out_write(&o, out, (size_t)r))
			goto out;
	}
	ret = 0;
out:
	if (out_close(&o, ret != 0))
		ret = 1;
	if (fflush(stdout))
		ret = 1;
	if (loaded)
		hwcrypt_rsa_key_unload(key);
	wipe_free(in, inlen);
	free(sig);
	explicit_bzero(out, sizeof(out));
	return ret;
}

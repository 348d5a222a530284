// SPDX-License-Identifier: GPL-2.0
/* hwcrypt dgst: sha*sum-compatible digests and checks through the kernel's hashes (AF_ALG). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwcrypt.h"
#include "cli.h"

void usage_dgst(FILE *f)
{
	fputs("dgst options:\n"
	      "  -a, --algorithm ALG  crypto API hash name (default sha256): sha1, sha224,\n"
	      "                       sha256, sha384, sha512, or any hash in /proc/crypto\n"
	      "      --driver NAME    use this driver (cra_driver_name) instead of the\n"
	      "                       kernel's highest-priority one\n"
	      "      --hmac KEYHEX    compute hmac(ALG) with this hex-encoded key (visible to\n"
	      "                       other local users while it runs: prefer --keyfile)\n"
	      "      --keyfile FILE   compute hmac(ALG) with the raw bytes of FILE as the key\n"
	      "                       ('-': standard input, then the FILEs must be named)\n"
	      "  -c, --check          read checksums from the FILEs and check them\n"
	      "  -b, --binary         mark output lines with '*' (no effect on the digest)\n"
	      "  -t, --text           mark output lines with ' ' (default)\n"
	      "      --tag            BSD-style output: ALG (FILE) = DIGEST\n"
	      "  -v, --verbose        report the driver used on standard error\n"
	      "  check mode: --ignore-missing, --quiet, --status, --strict, -w/--warn as in\n"
	      "  sha256sum\n"
	      "\n", f);
}

/* HMAC keys longer than a block are hashed first: nothing to gain past this */
#define HMAC_KEY_MAX	65536

struct dgst {
	struct hwcrypt_hash *h;
	char tag[72];		/* BSD tag: upper-case algorithm name */
	unsigned int ds;
	unsigned char *buf;
	int binary, bsd, quiet, status, strict, warn, ignore_missing;
};

/*
 * Hashes everything readable from @fd into @out. Returns 0, a positive errno for a read
 * failure or a negative libhwcrypt error; the handle is ready for the next file either way.
 */
static int hash_fd(struct dgst *d, int fd, unsigned char *out)
{
	unsigned char scratch[HWCRYPT_MAX_DIGESTSIZE];
	ssize_t r;
	int err = 0;

	for (;;) {
		r = read(fd, d->buf, CLI_CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			break;
		}
		if (r == 0)
			break;
		err = hwcrypt_hash_update(d->h, d->buf, (size_t)r);
		if (err)
			break;
	}
	if (err) {
		hwcrypt_hash_final(d->h, scratch, sizeof(scratch));
		return err;
	}
	r = hwcrypt_hash_final(d->h, out, HWCRYPT_MAX_DIGESTSIZE);
	return r < 0 ? (int)r : 0;
}

/* Opens @name ("-" is stdin) and hashes it; errors as hash_fd(). */
static int hash_file(struct dgst *d, const char *name, unsigned char *out)
{
	int fd, ret;

	if (!strcmp(name, "-"))
		return hash_fd(d, STDIN_FILENO, out);
	fd = open(name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	ret = hash_fd(d, fd, out);
	close(fd);
	return ret;
}

/* coreutils marks a name holding '\\', '\n' or '\r' with a leading backslash and escapes them. */
static void put_escaped(const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", stdout);
		else if (*s == '\n')
			fputs("\\n", stdout);
		else if (*s == '\r')
			fputs("\\r", stdout);
		else
			putchar(*s);
	}
}

static void put_hex(const unsigned char *p, unsigned int n)
{
	static const char hex[] = "0123456789abcdef";

	while (n--) {
		putchar(hex[*p >> 4]);
		putchar(hex[*p++ & 15]);
	}
}

static int print_sums(struct dgst *d, char **files, int nfiles)
{
	unsigned char md[HWCRYPT_MAX_DIGESTSIZE];
	int i, ret, status = 0;

	for (i = 0; i < nfiles; i++) {
		const char *name = files[i];
		int esc = strpbrk(name, "\\\n\r") != NULL;

		ret = hash_file(d, name, md);
		if (ret) {
			file_error(name, err_text(ret));
			status = 1;
			continue;
		}
		if (esc)
			putchar('\\');
		if (d->bsd) {
			printf("%s (", d->tag);
			esc ? put_escaped(name) : (void)fputs(name, stdout);
			fputs(") = ", stdout);
			put_hex(md, d->ds);
		} else {
			put_hex(md, d->ds);
			fputs(d->binary ? " *" : "  ", stdout);
			esc ? put_escaped(name) : (void)fputs(name, stdout);
		}
		putchar('\n');
	}
	return status;
}

/* Undoes put_escaped() in place; 0 on success, -1 for an escape coreutils never writes. */
static int unescape(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (*s != '\\') {
			*w++ = *s;
			continue;
		}
		s++;
		if (*s == '\\')
			*w++ = '\\';
		else if (*s == 'n')
			*w++ = '\n';
		else if (*s == 'r')
			*w++ = '\r';
		else
			return -1;
	}
	*w = '\0';
	return 0;
}

/*
 * Splits one checksum line, "DIGEST  NAME" / "DIGEST *NAME" (GNU) or "TAG (NAME) = DIGEST"
 * (BSD), into digest bytes and file name (pointing into @line). 0 if well formed.
 */
static int parse_line(struct dgst *d, char *line, unsigned char *want, char **name)
{
	size_t hexlen = 2 * d->ds, taglen = strlen(d->tag);
	int escaped = 0;
	char *p = line, *eq, *close;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\\') {
		escaped = 1;
		p++;
	}
	if (!strncmp(p, d->tag, taglen) && (p[taglen] == '(' || !strncmp(p + taglen, " (", 2))) {
		p += taglen + (p[taglen] == ' ') + 1;
		eq = strrchr(p, '=');
		if (!eq)
			return -1;
		close = eq;
		if (close > p && close[-1] == ' ')
			close--;
		if (close <= p || close[-1] != ')')
			return -1;
		close[-1] = '\0';
		eq++;
		if (*eq == ' ')
			eq++;
		if (strlen(eq) != hexlen || parse_hex(eq, hexlen, want))
			return -1;
	} else {
		if (strlen(p) < hexlen + 2 || parse_hex(p, hexlen, want))
			return -1;
		p += hexlen;
		if (*p != ' ' && *p != '\t')
			return -1;
		p++;
		/* The mode flag is only a flag while a name follows it. */
		if ((*p == ' ' || *p == '*') && p[1])
			p++;
	}
	if (!*p || (escaped && unescape(p)))
		return -1;
	*name = p;
	return 0;
}

static void put_checked_name(const char *name)
{
	if (strchr(name, '\n')) {
		putchar('\\');
		put_escaped(name);
	} else {
		fputs(name, stdout);
	}
}

static void warn_count(size_t n, const char *one, const char *many)
{
	if (n)
		fprintf(stderr, PROG ": WARNING: %zu %s\n", n, n == 1 ? one : many);
}

static int check_one(struct dgst *d, const char *listname)
{
	unsigned char want[HWCRYPT_MAX_DIGESTSIZE], got[HWCRYPT_MAX_DIGESTSIZE];
	const char *shown = strcmp(listname, "-") ? listname : "standard input";
	size_t cap = 0, lineno = 0, improper = 0, unreadable = 0, mismatch = 0, good = 0;
	size_t verified = 0;
	char *line = NULL, *name;
	ssize_t len;
	FILE *f;
	int ret;

	f = strcmp(listname, "-") ? fopen(listname, "re") : stdin;
	if (!f) {
		file_error(listname, strerror(errno));
		return 1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;
		if ((size_t)len != strlen(line) || parse_line(d, line, want, &name)) {
			improper++;
			if (d->warn) {
				fflush(stdout);
				fputs(PROG ": ", stderr);
				put_quoted(stderr, shown);
				fprintf(stderr, ": %zu: improperly formatted %s checksum line\n",
					lineno, d->tag);
			}
			continue;
		}
		good++;
		ret = hash_file(d, name, got);
		if (ret == ENOENT && d->ignore_missing)
			continue;
		if (ret) {
			file_error(name, err_text(ret));
			unreadable++;
			if (!d->status) {
				put_checked_name(name);
				fputs(": FAILED open or read\n", stdout);
			}
			continue;
		}
		verified++;
		if (memcmp(want, got, d->ds)) {
			mismatch++;
			if (!d->status) {
				put_checked_name(name);
				fputs(": FAILED\n", stdout);
			}
		} else if (!d->status && !d->quiet) {
			put_checked_name(name);
			fputs(": OK\n", stdout);
		}
	}
	free(line);
	if (f != stdin)
		fclose(f);
	else
		clearerr(stdin);
	fflush(stdout);

	if (!good) {
		file_error(shown, "no properly formatted checksum lines found");
		return 1;
	}
	if (!d->status) {
		warn_count(improper, "line is improperly formatted", "lines are improperly formatted");
		warn_count(unreadable, "listed file could not be read",
			   "listed files could not be read");
		warn_count(mismatch, "computed checksum did NOT match",
			   "computed checksums did NOT match");
	}
	if (d->ignore_missing && !verified) {
		file_error(shown, "no file was verified");
		return 1;
	}
	return mismatch || unreadable || (d->strict && improper);
}

/* Reports a failed handle open in terms of what the user has to fix. */
static void open_error(int err, const char *alg, const char *driver)
{
	if (lib_explained(err)) {
		fprintf(stderr, PROG ": %s%s%s: %s\n", alg, driver ? " driver " : "",
			driver ? driver : "", hwcrypt_strerror(err));
		return;
	}
	switch (-err) {
	case EAFNOSUPPORT:
		fprintf(stderr, PROG ": AF_ALG hash interface not available (is algif_hash loaded?)\n");
		break;
	case EPROTONOSUPPORT:
		fprintf(stderr, PROG ": NETLINK_CRYPTO interface not available "
			"(is crypto_user loaded?)\n");
		break;
	case ENOENT:
		if (driver)
			fprintf(stderr, PROG ": unknown algorithm or driver: %s (driver %s)\n",
				alg, driver);
		else
			fprintf(stderr, PROG ": unknown algorithm: %s\n", alg);
		break;
	case EINVAL:
		if (driver) {
			fprintf(stderr, PROG ": driver %s does not implement %s\n", driver, alg);
			break;
		}
		/* fall through */
	default:
		fprintf(stderr, PROG ": %s: %s\n", alg, hwcrypt_strerror(err));
	}
}

int cmd_dgst(int argc, char **argv)
{
	enum { O_DRIVER = 256, O_HMAC, O_KEYFILE, O_TAG, O_QUIET, O_STATUS, O_STRICT, O_IGNMISS };
	static const struct option opts[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "driver", required_argument, NULL, O_DRIVER },
		{ "hmac", required_argument, NULL, O_HMAC },
		{ "keyfile", required_argument, NULL, O_KEYFILE },
		{ "check", no_argument, NULL, 'c' },
		{ "binary", no_argument, NULL, 'b' },
		{ "text", no_argument, NULL, 't' },
		{ "tag", no_argument, NULL, O_TAG },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "status", no_argument, NULL, O_STATUS },
		{ "strict", no_argument, NULL, O_STRICT },
		{ "warn", no_argument, NULL, 'w' },
		{ "ignore-missing", no_argument, NULL, O_IGNMISS },
		CLI_OPT_VERBOSE_HELP_END
	};
	struct dgst d = { 0 };
	const char *alg = "sha256", *driver = NULL;
	char *keyarg = NULL;
	char algbuf[128];
	char *stdin_only[] = { "-" };
	unsigned char *key = NULL;
	size_t keylen = 0, i;
	int check = 0, verbose = 0, keyfile = 0, c, ret, status = 0;

	while ((c = getopt_long(argc, argv, "a:cbtwvh", opts, NULL)) != -1) {
		switch (c) {
		case 'a': alg = optarg; break;
		case O_DRIVER: driver = optarg; break;
		case O_HMAC: keyarg = optarg; keyfile = 0; break;
		case O_KEYFILE: keyarg = optarg; keyfile = 1; break;
		case 'c': check = 1; break;
		case 'b': d.binary = 1; break;
		case 't': d.binary = 0; break;
		case O_TAG: d.bsd = 1; break;
		case O_QUIET: d.quiet = 1; break;
		case O_STATUS: d.status = 1; break;
		case O_STRICT: d.strict = 1; break;
		case 'w': d.warn = 1; break;
		case O_IGNMISS: d.ignore_missing = 1; break;
		case 'v': verbose = 1; break;
		case 'h': usage_main(stdout); return 0;
		default: return try_help(NULL);
		}
	}
	if (keyarg) {
		if (keyfile && !strcmp(keyarg, "-") && optind >= argc) {
			fprintf(stderr, PROG ": --keyfile -: the key is standard input, so name the "
				"FILEs to hash\n");
			return EXIT_USAGE;
		}
		ret = get_bytes(keyfile ? "--keyfile" : "--hmac", keyarg, keyfile, HMAC_KEY_MAX,
				&key, &keylen);
		/* /proc/PID/cmdline reads this memory: the hex key stays there no longer than here */
		if (!keyfile)
			explicit_bzero(keyarg, strlen(keyarg));
		if (ret)
			return EXIT_USAGE;
		if (strncmp(alg, "hmac(", 5)) {
			snprintf(algbuf, sizeof(algbuf), "hmac(%s)", alg);
			alg = algbuf;
		}
	}
	if (driver && !strcmp(driver, "best"))
		driver = NULL;

	for (i = 0; alg[i] && i < sizeof(d.tag) - 1; i++)
		d.tag[i] = (char)toupper((unsigned char)alg[i]);

	ret = hwcrypt_hash_init(&d.h, alg, driver);
	if (!ret && key)
		ret = hwcrypt_hash_setkey(d.h, key, keylen);
	/* explicit_bzero: a memset before free() is a dead store, which gcc-12 -O2 removes */
	wipe_free(key, keylen);
	key = NULL;
	if (ret) {
		if (d.h)
			fprintf(stderr, PROG ": %s: cannot set key: %s\n", alg, hwcrypt_strerror(ret));
		else
			open_error(ret, alg, driver);
		hwcrypt_hash_free(d.h);
		return 1;
	}
	d.ds = hwcrypt_hash_digestsize(d.h);
	if (verbose) {
		struct hwcrypt_path p;

		if (!hwcrypt_hash_path(d.h, &p))
			print_path(alg, &p);
	}
	d.buf = malloc(CLI_CHUNK);
	if (!d.buf) {
		fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
		hwcrypt_hash_free(d.h);
		return 1;
	}

	if (optind >= argc) {
		argv = stdin_only;
		argc = 1;
		optind = 0;
	}
	if (check) {
		for (c = optind; c < argc; c++)
			status |= check_one(&d, argv[c]);
	} else {
		status = print_sums(&d, argv + optind, argc - optind);
	}
	free(d.buf);
	hwcrypt_hash_free(d.h);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, PROG ": write error: %s\n", strerror(errno));
		return 1;
	}
	return status;
}

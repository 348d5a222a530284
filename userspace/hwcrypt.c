// SPDX-License-Identifier: GPL-2.0
/* hwcrypt CLI: list kernel crypto drivers, sha*sum-compatible digests through AF_ALG; enc/dec and rsa live in cli_*.c. */
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

#ifndef HWCRYPT_CLI_VERSION
#define HWCRYPT_CLI_VERSION "0.1.0"
#endif

/* Large reads keep the per-syscall cost of AF_ALG small relative to hashing. */
#define CHUNK (256 * 1024)

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: " PROG " COMMAND [OPTION]...\n"
		"Kernel crypto API front end of hwcrypt.\n"
		"\n"
		"Commands:\n"
		"  list [--all]        algorithms with the driver the kernel picks for each\n"
		"                      (--all: every registered driver)\n"
		"  dgst [OPTION]... [FILE]...\n"
		"                      print or check digests like sha256sum (FILE '-' or none:\n"
		"                      standard input)\n"
		"  enc|dec -a ALG -K HEX [--iv HEX] [-i IN] [-o OUT] [OPTION]...\n"
		"                      encrypt/decrypt with ctr(aes), cbc(aes), xts(aes),\n"
		"                      gcm(aes), ... (see '" PROG " help enc')\n"
		"  rsa sign|verify|encrypt|decrypt (-k KEYFILE | --keyid ID) [OPTION]...\n"
		"                      RSA PKCS#1 v1.5 through keyctl (see '" PROG " help rsa')\n"
		"  help [COMMAND]      this text, or the full help of enc, dec, rsa, dgst, list\n"
		"\n"
		"dgst options:\n"
		"  -a, --algorithm ALG  crypto API hash name (default sha256): sha1, sha224,\n"
		"                       sha256, sha384, sha512, or any hash in /proc/crypto\n"
		"      --driver NAME    use this driver (cra_driver_name) instead of the\n"
		"                       kernel's highest-priority one\n"
		"      --hmac KEYHEX    compute hmac(ALG) with this hex-encoded key\n"
		"  -c, --check          read checksums from the FILEs and check them\n"
		"  -b, --binary         mark output lines with '*' (no effect on the digest)\n"
		"  -t, --text           mark output lines with ' ' (default)\n"
		"      --tag            BSD-style output: ALG (FILE) = DIGEST\n"
		"  -v, --verbose        report the driver used on standard error\n"
		"  check mode: --ignore-missing, --quiet, --status, --strict, -w/--warn as in\n"
		"  sha256sum\n"
		"\n"
		"list options:\n"
		"      --all            list every driver instead of one line per algorithm\n"
		"      --proc-crypto FILE  read FILE instead of /proc/crypto\n"
		"\n"
		"  -h, --help           show this help\n"
		"  -V, --version        show version\n"
		"\n"
		"Exit status: 0 on success, 1 on failure (unreadable file, checksum mismatch,\n"
		"missing kernel interface), 2 on usage errors.\n");
}

/* Shell-style quoting for file names in diagnostics, so odd names stay unambiguous. */
void put_quoted(FILE *f, const char *s)
{
	const unsigned char *p;
	int plain = *s != '\0', ctrl = 0;

	for (p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			ctrl = 1;
		if (!(isalnum(*p) || *p >= 0x80 || strchr("._-+/,:@%=^~", *p)))
			plain = 0;
	}
	if (plain) {
		fputs(s, f);
		return;
	}
	if (!ctrl) {
		fputc('\'', f);
		for (p = (const unsigned char *)s; *p; p++) {
			if (*p == '\'')
				fputs("'\\''", f);
			else
				fputc(*p, f);
		}
		fputc('\'', f);
		return;
	}
	fputs("$'", f);
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\'': fputs("\\'", f); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\%03o", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('\'', f);
}

void file_error(const char *name, const char *msg)
{
	fflush(stdout);
	fputs(PROG ": ", stderr);
	put_quoted(stderr, name);
	fprintf(stderr, ": %s\n", msg);
}

/* ------------------------------------------------------------------ list */

struct row {
	const struct hwcrypt_alg_info *a;
	size_t idx;
};

static int row_cmp(const void *x, const void *y)
{
	const struct row *a = x, *b = y;
	int c = strcmp(a->a->name, b->a->name);

	if (c)
		return c;
	if (a->a->priority != b->a->priority)
		return a->a->priority > b->a->priority ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'A' },
		{ "proc-crypto", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = NULL;
	struct hwcrypt_alg_list *list;
	struct row *rows;
	size_t n, nrows = 0, i, w[3] = { 9, 6, 8 };
	char prio[16];
	int all = 0, c, ret;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'A': all = 1; break;
		case 'P': path = optarg; break;
		case 'h': usage(stdout); return 0;
		default: return try_help(NULL);
		}
	}
	if (no_operands(argc, argv, "list: "))
		return EXIT_USAGE;
	ret = hwcrypt_alg_list_read(&list, path);
	if (ret) {
		fprintf(stderr, PROG ": %s: %s\n", path ? path : "/proc/crypto", strerror(-ret));
		return 1;
	}
	n = hwcrypt_alg_list_count(list);
	rows = calloc(n ? n : 1, sizeof(*rows));
	if (!rows) {
		hwcrypt_alg_list_free(list);
		fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
		return 1;
	}
	for (i = 0; i < n; i++) {
		const struct hwcrypt_alg_info *a = hwcrypt_alg_list_get(list, i);

		if (!all) {
			/* One row per name: the kernel's pick, skipping names seen before. */
			const struct hwcrypt_alg_info *best = hwcrypt_alg_list_best(list, a->name, NULL);
			size_t j;

			if (best != a)
				continue;
			for (j = 0; j < nrows && strcmp(rows[j].a->name, a->name); j++)
				;
			if (j < nrows)
				continue;
		}
		rows[nrows].a = a;
		rows[nrows].idx = i;
		nrows++;
	}
	qsort(rows, nrows, sizeof(*rows), row_cmp);
	for (i = 0; i < nrows; i++) {
		size_t l0 = strlen(rows[i].a->name), l1 = strlen(rows[i].a->driver);
		size_t l2 = (size_t)snprintf(prio, sizeof(prio), "%d", rows[i].a->priority);

		w[0] = l0 > w[0] ? l0 : w[0];
		w[1] = l1 > w[1] ? l1 : w[1];
		w[2] = l2 > w[2] ? l2 : w[2];
	}
	printf("%-*s  %-*s  %-*s  %-8s  %s\n", (int)w[0], "ALGORITHM", (int)w[1], "DRIVER",
	       (int)w[2], "PRIORITY", "SELFTEST", "HWCRYPT");
	for (i = 0; i < nrows; i++) {
		const struct hwcrypt_alg_info *a = rows[i].a;

		printf("%-*s  %-*s  %-*d  %-8s  %s\n", (int)w[0], a->name, (int)w[1], a->driver,
		       (int)w[2], a->priority, *a->selftest_str ? a->selftest_str : "-",
		       strcmp(a->module, "hwcrypt") ? "no" : "yes");
	}
	free(rows);
	hwcrypt_alg_list_free(list);
	return fflush(stdout) ? 1 : 0;
}

/* ------------------------------------------------------------------ dgst */

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
		r = read(fd, d->buf, CHUNK);
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

int try_help(const char *topic)
{
	if (topic)
		fprintf(stderr, "Try '" PROG " help %s' for more information.\n", topic);
	else
		fprintf(stderr, "Try '" PROG " --help' for more information.\n");
	return EXIT_USAGE;
}

int no_operands(int argc, char **argv, const char *prefix)
{
	if (optind >= argc)
		return 0;
	fprintf(stderr, PROG ": %sunexpected argument '%s'\n", prefix, argv[optind]);
	return EXIT_USAGE;
}

const char *err_text(int err)
{
	return err > 0 ? strerror(err) : hwcrypt_strerror(err);
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

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
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

int parse_hex(const char *s, size_t len, unsigned char *out)
{
	for (size_t i = 0; i < len; i += 2) {
		int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i / 2] = (unsigned char)(hi << 4 | lo);
	}
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

static int parse_key(const char *hex, unsigned char **key, size_t *keylen)
{
	size_t n = strlen(hex);

	if (n % 2)
		return -1;
	*key = malloc(n / 2 + 1);
	if (!*key)
		return -1;
	if (parse_hex(hex, n, *key)) {
		free(*key);
		return -1;
	}
	*keylen = n / 2;
	return 0;
}

static int cmd_dgst(int argc, char **argv)
{
	enum { O_DRIVER = 256, O_HMAC, O_TAG, O_QUIET, O_STATUS, O_STRICT, O_IGNMISS };
	static const struct option opts[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "driver", required_argument, NULL, O_DRIVER },
		{ "hmac", required_argument, NULL, O_HMAC },
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
	const char *alg = "sha256", *driver = NULL, *keyhex = NULL;
	char algbuf[128];
	char *stdin_only[] = { "-" };
	unsigned char *key = NULL;
	size_t keylen = 0, i;
	int check = 0, verbose = 0, c, ret, status = 0;

	while ((c = getopt_long(argc, argv, "a:cbtwvh", opts, NULL)) != -1) {
		switch (c) {
		case 'a': alg = optarg; break;
		case O_DRIVER: driver = optarg; break;
		case O_HMAC: keyhex = optarg; break;
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
		case 'h': usage(stdout); return 0;
		default: return try_help(NULL);
		}
	}
	if (keyhex) {
		if (parse_key(keyhex, &key, &keylen)) {
			fprintf(stderr, PROG ": --hmac: key must be an even number of hex digits\n");
			return EXIT_USAGE;
		}
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
	if (key) {
		memset(key, 0, keylen);
		free(key);
	}
	if (ret) {
		if (d.h)
			fprintf(stderr, PROG ": %s: cannot set key: %s\n", alg, hwcrypt_strerror(ret));
		else
			open_error(ret, alg, driver);
		hwcrypt_hash_free(d.h);
		return 1;
	}
	d.ds = hwcrypt_hash_digestsize(d.h);
	if (verbose)
		fprintf(stderr, PROG ": %s: driver %s\n", alg,
			hwcrypt_hash_driver(d.h) ? hwcrypt_hash_driver(d.h) : "(unknown)");
	d.buf = malloc(CHUNK);
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

int main(int argc, char **argv)
{
	const char *cmd;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "help") && argc > 2) {
		if (!strcmp(argv[2], "enc") || !strcmp(argv[2], "dec"))
			usage_enc(stdout);
		else if (!strcmp(argv[2], "rsa"))
			usage_rsa(stdout);
		else if (!strcmp(argv[2], "dgst") || !strcmp(argv[2], "list"))
			usage(stdout);
		else {
			fprintf(stderr, PROG ": help: unknown command '%s'\n", argv[2]);
			return EXIT_USAGE;
		}
		return 0;
	}
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
		printf(PROG " " HWCRYPT_CLI_VERSION " (libhwcrypt %s)\n", hwcrypt_version());
		return 0;
	}
	if (!strcmp(cmd, "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(cmd, "dgst"))
		return cmd_dgst(argc - 1, argv + 1);
	if (!strcmp(cmd, "enc") || !strcmp(cmd, "dec"))
		return cmd_enc(argc - 1, argv + 1, !strcmp(cmd, "enc"));
	if (!strcmp(cmd, "rsa"))
		return cmd_rsa(argc - 1, argv + 1);
	fprintf(stderr, PROG ": unknown command '%s'\nTry '" PROG " --help' for more information.\n",
		cmd);
	return EXIT_USAGE;
}

// SPDX-License-Identifier: GPL-2.0
/* Helpers the hwcrypt CLI's commands share: diagnostics, hex and file input, output files. */
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

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
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

/*
 * Whether libhwcrypt found the cause of @err in the last failed open (af_alg_restrict,
 * seccomp, a missing CONFIG_CRYPTO_USER_API_*): its text then differs from the plain one.
 */
int lib_explained(int err)
{
	const char *t = hwcrypt_strerror(err);

	return strcmp(t, "unknown algorithm or driver") &&
	       strncmp(t, "AF_ALG interface not available", 30) &&
	       strcmp(t, strerror(err < 0 ? -err : err));
}

/* On standard error, for -v: which path serves a handle and why (struct hwcrypt_path). */
void print_path(const char *alg, const struct hwcrypt_path *p)
{
	if (p->backend == HWCRYPT_BACKEND_KERNEL)
		fprintf(stderr, PROG ": %s: driver %s (kernel, AF_ALG bound to %s%s)\n", alg,
			p->driver ? p->driver : "(unknown)", p->bound ? p->bound : "?",
			p->by_name ? ": driver names refused, /proc/crypto shows this driver serves the name" : "");
	else
		fprintf(stderr, PROG ": %s: driver %s (in process, tier %s; %s)\n", alg,
			p->driver ? p->driver : "?", p->tier ? p->tier : "?",
			p->why ? p->why : "policy");
}

/* SPDX-License-Identifier: GPL-2.0 */
/* The hwcrypt CLI's commands (cli_<command>.c) and the helpers they share (cli_util.c). */
#ifndef HWCRYPT_CLI_H
#define HWCRYPT_CLI_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define PROG "hwcrypt"
#define EXIT_USAGE 2
/* Reads this large keep the per-syscall cost of AF_ALG small relative to the cipher or hash. */
#define CLI_CHUNK (256 * 1024)

/* ---- cli_util.c */
void put_quoted(FILE *f, const char *s);
void file_error(const char *name, const char *msg);
const char *err_text(int err);
int hexval(int c);
int parse_hex(const char *s, size_t len, unsigned char *out);

/* Reads all of @name ("-" or NULL: stdin), at most @max bytes; 0 or a positive errno. */
int read_all(const char *name, size_t max, unsigned char **buf, size_t *len);
/* Bytes from "HEX" or, with @is_file, from the file @arg; 0 or -1 after a message. */
int get_bytes(const char *what, const char *arg, int is_file, size_t max,
	      unsigned char **buf, size_t *len);
void wipe_free(void *p, size_t len);
int lib_explained(int err);
struct hwcrypt_path;
void print_path(const char *alg, const struct hwcrypt_path *p);

/* Option table entries every command with them spells the same (struct option from getopt.h). */
#define CLI_OPT_IN_OUT \
	{ "in", required_argument, NULL, 'i' }, \
	{ "out", required_argument, NULL, 'o' }
#define CLI_OPT_VERBOSE_HELP_END \
	{ "verbose", no_argument, NULL, 'v' }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ NULL, 0, NULL, 0 }
/* "Try 'hwcrypt help @topic'" (NULL: "hwcrypt --help") on stderr; returns EXIT_USAGE. */
int try_help(const char *topic);
/* Refuses operands after the options: EXIT_USAGE after a message ("@prefix" first), or 0. */
int no_operands(int argc, char **argv, const char *prefix);

/* Output to a file created on first write (so failures leave none) or stdout. */
struct out_file {
	const char *name;	/* NULL or "-": standard output */
	int fd;
};
int out_write(struct out_file *o, const void *p, size_t len);
/* Closes; with @failed, removes a file this run created. Returns 0 or -1 after a message. */
int out_close(struct out_file *o, int failed);

/* ---- commands: each returns the exit status; usage_*() print their help */
void usage_main(FILE *f);		/* hwcrypt.c: overview, with the dgst and list parts */
int cmd_list(int argc, char **argv);	/* cli_list.c */
void usage_list(FILE *f);
int cmd_dgst(int argc, char **argv);	/* cli_dgst.c */
void usage_dgst(FILE *f);
int cmd_enc(int argc, char **argv);	/* cli_enc.c */
int cmd_dec(int argc, char **argv);
void usage_enc(FILE *f);
int cmd_rsa(int argc, char **argv);	/* cli_rsa.c */
void usage_rsa(FILE *f);

#endif

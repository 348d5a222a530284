// SPDX-License-Identifier: GPL-2.0
/* hwcrypt CLI: the overall help and dispatch to the commands in cli_<command>.c. */
#include <stdio.h>
#include <string.h>

#include "hwcrypt.h"
#include "cli.h"

#ifndef HWCRYPT_CLI_VERSION
#define HWCRYPT_CLI_VERSION "0.1.0"
#endif

static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	void (*help)(FILE *f);	/* 'hwcrypt help NAME' */
} commands[] = {
	{ "list", cmd_list, usage_main },
	{ "dgst", cmd_dgst, usage_main },
	{ "enc", cmd_enc, usage_enc },
	{ "dec", cmd_dec, usage_enc },
	{ "rsa", cmd_rsa, usage_rsa },
};

static const struct command *find(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

void usage_main(FILE *f)
{
	fputs("Usage: " PROG " COMMAND [OPTION]...\n"
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
	      "\n", f);
	usage_dgst(f);
	usage_list(f);
	fputs("  -h, --help           show this help\n"
	      "  -V, --version        show version\n"
	      "\n"
	      "Exit status: 0 on success, 1 on failure (unreadable file, checksum mismatch,\n"
	      "missing kernel interface), 2 on usage errors.\n", f);
}

int main(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		usage_main(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "help") && argc > 2) {
		c = find(argv[2]);
		if (!c) {
			fprintf(stderr, PROG ": help: unknown command '%s'\n", argv[2]);
			return EXIT_USAGE;
		}
		c->help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage_main(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		printf(PROG " " HWCRYPT_CLI_VERSION " (libhwcrypt %s)\n", hwcrypt_version());
		return 0;
	}
	c = find(argv[1]);
	if (c)
		return c->run(argc - 1, argv + 1);
	fprintf(stderr, PROG ": unknown command '%s'\nTry '" PROG " --help' for more information.\n",
		argv[1]);
	return EXIT_USAGE;
}

// SPDX-License-Identifier: GPL-2.0
/* hwcrypt list: drivers per algorithm from /proc/crypto, with hwcrypt's statistics from sysfs. */
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

/* One directory per registered driver, named by cra_driver_name (docs/library.md, list). */
#define SYSFS_DRIVERS "/sys/module/hwcrypt/drivers"

void usage_list(FILE *f)
{
	fputs("list options:\n"
	      "      --all            list every driver instead of one line per algorithm\n"
	      "      --proc-crypto FILE  read FILE instead of /proc/crypto\n"
	      "      --sysfs DIR      read hwcrypt's driver statistics from DIR instead of\n"
	      "                       " SYSFS_DRIVERS "\n"
	      "      --offload        also OFFLOAD and FALLBACK: requests an offload engine\n"
	      "                       (POWER NX) completed, and those it took but left to the\n"
	      "                       CPU (the default where DIR/../nx exists)\n"
	      "  columns: ALGORITHM, DRIVER (cra_driver_name), PRIORITY and SELFTEST as\n"
	      "  /proc/crypto has them, HWCRYPT (yes: one of this module's drivers); with a\n"
	      "  module that exports statistics also, for its drivers, REQUESTS and BYTES\n"
	      "  (requests served and bytes processed since the driver registered) and\n"
	      "  PLACEMENT (above PEER or below PEER: its priority against the in-tree driver\n"
	      "  PEER, fixed, or no-peer; ': REASON' may follow); '-' where there is none.\n"
	      "  Then (without --proc-crypto) what AF_ALG allows this process\n"
	      "  (crypto.af_alg_restrict, seccomp, or unavailable) and the in-process tiers\n"
	      "  libhwcrypt uses where the kernel does not serve\n"
	      "\n", f);
}

struct stats {
	char requests[24], bytes[24];	/* u64 in decimal, "?" if unreadable */
	char offload[24], fallback[24];
	char placement[160];
};

struct row {
	const struct hwcrypt_alg_info *a;
	size_t idx;
	struct stats *st;		/* NULL: no statistics directory for this driver */
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

/*
 * First line of @dir/@file into @buf without its newline; unprintable bytes become '?' so
 * that a column cannot break the table. "?" if the file cannot be read.
 */
static void read_line(int dir, const char *file, char *buf, size_t len)
{
	int fd = openat(dir, file, O_RDONLY | O_CLOEXEC);
	ssize_t r = -1;

	if (fd >= 0) {
		do
			r = read(fd, buf, len - 1);
		while (r < 0 && errno == EINTR);
		close(fd);
	}
	if (r <= 0) {
		snprintf(buf, len, "?");
		return;
	}
	buf[r] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	if (!*buf)
		snprintf(buf, len, "?");
}

static void read_u64(int dir, const char *file, char *buf, size_t len)
{
	read_line(dir, file, buf, len);
	if (!*buf || strspn(buf, "0123456789") != strlen(buf))
		snprintf(buf, len, "?");
}

/* Statistics of @driver under @root (an open directory), or NULL if it has none. */
static struct stats *read_stats(int root, const char *driver)
{
	struct stats *st;
	int dir;

	if (root < 0 || !*driver || strchr(driver, '/') || !strcmp(driver, ".") ||
	    !strcmp(driver, ".."))
		return NULL;
	dir = openat(root, driver, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return NULL;
	st = calloc(1, sizeof(*st));
	if (st) {
		read_u64(dir, "requests", st->requests, sizeof(st->requests));
		read_u64(dir, "bytes", st->bytes, sizeof(st->bytes));
		read_u64(dir, "offload_requests", st->offload, sizeof(st->offload));
		read_u64(dir, "fallback_requests", st->fallback, sizeof(st->fallback));
		read_line(dir, "placement", st->placement, sizeof(st->placement));
	}
	close(dir);
	return st;
}

static size_t max_len(size_t w, const char *s)
{
	size_t l = strlen(s);

	return l > w ? l : w;
}

int cmd_list(int argc, char **argv)
{
	enum { O_ALL = 256, O_PROC, O_SYSFS, O_OFFLOAD };
	static const struct option opts[] = {
		{ "all", no_argument, NULL, O_ALL },
		{ "proc-crypto", required_argument, NULL, O_PROC },
		{ "sysfs", required_argument, NULL, O_SYSFS },
		{ "offload", no_argument, NULL, O_OFFLOAD },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *path = NULL, *sysfs = SYSFS_DRIVERS;
	struct hwcrypt_alg_list *list;
	struct row *rows;
	size_t n, nrows = 0, i, w[5] = { 9, 6, 8, 8, 5 };
	char prio[16];
	int all = 0, offload = 0, c, ret, root;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case O_ALL: all = 1; break;
		case O_PROC: path = optarg; break;
		case O_SYSFS: sysfs = optarg; break;
		case O_OFFLOAD: offload = 1; break;
		case 'h': usage_main(stdout); return 0;
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

	/* Without the directory (a module without statistics, or none loaded): the columns of old. */
	root = open(sysfs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (root >= 0 && faccessat(root, "../nx", F_OK, 0) == 0)
		offload = 1;
	for (i = 0; i < nrows; i++) {
		const struct hwcrypt_alg_info *a = rows[i].a;

		if (!strcmp(a->module, "hwcrypt"))
			rows[i].st = read_stats(root, a->driver);
		snprintf(prio, sizeof(prio), "%d", a->priority);
		w[0] = max_len(w[0], a->name);
		w[1] = max_len(w[1], a->driver);
		w[2] = max_len(w[2], prio);
		if (rows[i].st) {
			w[3] = max_len(w[3], rows[i].st->requests);
			w[4] = max_len(w[4], rows[i].st->bytes);
		}
	}
	printf("%-*s  %-*s  %-*s  %-8s  ", (int)w[0], "ALGORITHM", (int)w[1], "DRIVER",
	       (int)w[2], "PRIORITY", "SELFTEST");
	if (root < 0)
		printf("HWCRYPT\n");
	else if (offload)
		printf("%-7s  %-*s  %-*s  %-8s  %-8s  PLACEMENT\n", "HWCRYPT", (int)w[3], "REQUESTS",
		       (int)w[4], "BYTES", "OFFLOAD", "FALLBACK");
	else
		printf("%-7s  %-*s  %-*s  PLACEMENT\n", "HWCRYPT", (int)w[3], "REQUESTS", (int)w[4],
		       "BYTES");
	for (i = 0; i < nrows; i++) {
		const struct hwcrypt_alg_info *a = rows[i].a;
		const struct stats *st = rows[i].st;
		const char *ours = strcmp(a->module, "hwcrypt") ? "no" : "yes";

		printf("%-*s  %-*s  %-*d  %-8s  ", (int)w[0], a->name, (int)w[1], a->driver,
		       (int)w[2], a->priority, *a->selftest_str ? a->selftest_str : "-");
		if (root < 0)
			printf("%s\n", ours);
		else if (offload)
			printf("%-7s  %-*s  %-*s  %-8s  %-8s  %s\n", ours, (int)w[3],
			       st ? st->requests : "-", (int)w[4], st ? st->bytes : "-",
			       st ? st->offload : "-", st ? st->fallback : "-",
			       st ? st->placement : "-");
		else
			printf("%-7s  %-*s  %-*s  %s\n", ours, (int)w[3], st ? st->requests : "-",
			       (int)w[4], st ? st->bytes : "-", st ? st->placement : "-");
	}
	if (!path) {
		/* Which path libhwcrypt takes here: what AF_ALG allows, what runs in process. */
		char line[512];
		int policy = hwcrypt_backend_get();

		hwcrypt_afalg_describe(line, sizeof(line));
		printf("\n%s\n", line);
		hwcrypt_process_describe(line, sizeof(line));
		printf("backend policy %s (HWCRYPT_BACKEND); %s\n",
		       policy < 0 ? "invalid" : hwcrypt_backend_name(policy), line);
	}
	if (root >= 0)
		close(root);
	for (i = 0; i < nrows; i++)
		free(rows[i].st);
	free(rows);
	hwcrypt_alg_list_free(list);
	return fflush(stdout) ? 1 : 0;
}

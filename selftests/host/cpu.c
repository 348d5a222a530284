// SPDX-License-Identifier: GPL-2.0
/* Feature masks of the host runs (names and detection: <arch>/host_cpu.c), subsets, block runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"

#define NNAMES hwc_nfeature_names

const char *hwc_host_features_str(unsigned int f, char *buf, unsigned long size)
{
	unsigned long n = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; i < NNAMES && n < size; i++)
		if (f & hwc_feature_names[i].bit)
			n += snprintf(buf + n, size - n, "%s%s", n ? "," : "",
				      hwc_feature_names[i].name);
	if (!n)
		snprintf(buf, size, "none");
	return buf;
}

static int parse_mask(const char *s, unsigned int *out)
{
	char *copy, *tok, *save = NULL, *end;
	unsigned int m = 0, i;

	if (!*s)
		return -1;
	if (s[0] >= '0' && s[0] <= '9') {
		unsigned long v = strtoul(s, &end, 0);

		if (*end)
			return -1;
		*out = (unsigned int)v;
		return 0;
	}
	copy = strdup(s);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "none"))
			continue;
		for (i = 0; i < NNAMES; i++)
			if (!strcmp(tok, hwc_feature_names[i].name))
				break;
		if (i == NNAMES) {
			free(copy);
			return -1;
		}
		m |= hwc_feature_names[i].bit;
	}
	free(copy);
	*out = m;
	return 0;
}

unsigned int hwc_host_select_features(int *argc, char **argv)
{
	unsigned int host = hwc_host_cpu_features(), mask = ~0u;
	const char *spec = getenv("HWC_FEATURES");
	int i, j;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--features"))
			continue;
		if (i + 1 >= *argc) {
			fprintf(stderr, "--features needs a mask\n");
			exit(2);
		}
		spec = argv[i + 1];
		for (j = i; j + 2 <= *argc; j++)
			argv[j] = argv[j + 2];
		*argc -= 2;
		break;
	}
	if (spec && parse_mask(spec, &mask)) {
		fprintf(stderr, "bad feature mask '%s'\n", spec);
		exit(2);
	}
	return host & mask;
}

void hwc_host_run_blocks(const struct hwc_md_ops *ops, void *state,
			 const hwc_u8 *data, hwc_size nblocks)
{
	ops->impl->blocks(state, data, nblocks);
}

/*
 * Distinct subsets: each subset of @avail, reduced to the union of the @reqs it satisfies,
 * which enables the same table entries; duplicates dropped. The union of all @reqs is at most
 * a machine word of features, so the 2^n walk stays small.
 */
void hwc_host_print_subsets(const unsigned int *reqs, unsigned int nreqs, unsigned int avail,
			    int all)
{
	unsigned int bits[32], nbits = 0, *seen, nseen = 0, i, j, m;
	unsigned long n;
	char buf[256];

	for (i = 0; i < 32; i++)
		if (avail & (1u << i))
			bits[nbits++] = 1u << i;
	seen = calloc(1ul << nbits, sizeof(*seen));
	if (!seen) {
		perror("calloc");
		exit(2);
	}
	for (n = 0; n < 1ul << nbits; n++) {
		unsigned int sub = 0, canon = 0;

		for (i = 0; i < nbits; i++)
			if (n >> i & 1)
				sub |= bits[i];
		for (i = 0; i < nreqs; i++)
			if ((reqs[i] & sub) == reqs[i])
				canon |= reqs[i];
		m = all ? sub : canon;
		for (j = 0; j < nseen && seen[j] != m; j++)
			;
		if (j < nseen)
			continue;
		seen[nseen++] = m;
		printf("%s\n", hwc_host_features_str(m, buf, sizeof(buf)));
	}
	free(seen);
}

int hwc_host_subsets_arg(int *argc, char **argv, int *all)
{
	int i, j;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--list-subsets"))
			continue;
		*all = i + 1 < *argc && !strcmp(argv[i + 1], "all");
		for (j = i; j + 1 + *all <= *argc; j++)
			argv[j] = argv[j + 1 + *all];
		*argc -= 1 + *all;
		return 1;
	}
	return 0;
}

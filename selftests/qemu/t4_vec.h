/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Vector input of the sparc64 test programs run under qemu-sparc64 (t4_hash_check.c,
 * t4_core_check.c): "alg hex-digest *message-file" lines, the digests from OpenSSL on the host.
 */
#ifndef T4_VEC_H
#define T4_VEC_H

#include <stdio.h>
#include <string.h>

/* Hex digest @s into @out (at most @max bytes); 0, or -1 when malformed or too long. */
static int t4_unhex(const char *s, unsigned char *out, size_t max, size_t *len)
{
	size_t n = strlen(s), i;

	if (n % 2 || n / 2 > max)
		return -1;
	for (i = 0; i < n / 2; i++) {
		unsigned int b;

		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			return -1;
		out[i] = b;
	}
	*len = n / 2;
	return 0;
}

/* The whole file into @out; -1 when it cannot be read or has @max bytes or more. */
static int t4_readmsg(const char *path, unsigned char *out, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	int ok;

	if (!f)
		return -1;
	*len = fread(out, 1, max, f);
	ok = !ferror(f) && feof(f) && *len < max;
	fclose(f);
	return ok ? 0 : -1;
}

#endif /* T4_VEC_H */

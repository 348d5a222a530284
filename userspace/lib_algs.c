// SPDX-License-Identifier: GPL-2.0
/* libhwcrypt: snapshot of /proc/crypto and the kernel's choice of driver per algorithm. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib_internal.h"

struct hwcrypt_alg_list {
	struct hwcrypt_alg_info *v;
	size_t n, cap;
};

static const char empty[] = "";

static void info_release(struct hwcrypt_alg_info *a)
{
	const char **s[] = { &a->name, &a->driver, &a->module, &a->type, &a->selftest_str };

	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		if (*s[i] != empty)
			free((char *)*s[i]);
		*s[i] = empty;
	}
}

static void info_reset(struct hwcrypt_alg_info *a)
{
	memset(a, 0, sizeof(*a));
	a->name = a->driver = a->module = a->type = a->selftest_str = empty;
}

static int set_str(const char **dst, const char *val)
{
	char *s = strdup(val);

	if (!s)
		return -ENOMEM;
	if (*dst != empty)
		free((char *)*dst);
	*dst = s;
	return 0;
}

static unsigned int to_uint(const char *s)
{
	unsigned long v = strtoul(s, NULL, 10);

	return v > 0xffffffffUL ? 0 : (unsigned int)v;
}

/* The sizes /proc/crypto prints in bytes, by key. */
static const struct {
	const char *key;
	size_t off;
} sizes[] = {
	{ "digestsize", offsetof(struct hwcrypt_alg_info, digestsize) },
	{ "blocksize", offsetof(struct hwcrypt_alg_info, blocksize) },
	{ "ivsize", offsetof(struct hwcrypt_alg_info, ivsize) },
	{ "chunksize", offsetof(struct hwcrypt_alg_info, chunksize) },
	{ "min keysize", offsetof(struct hwcrypt_alg_info, min_keysize) },
	{ "max keysize", offsetof(struct hwcrypt_alg_info, max_keysize) },
};

/* Applies one "key : value" line; unknown keys are ignored so new kernels parse too. */
static int set_field(struct hwcrypt_alg_info *a, const char *key, const char *val)
{
	if (!strcmp(key, "name"))
		return set_str(&a->name, val);
	if (!strcmp(key, "driver"))
		return set_str(&a->driver, val);
	if (!strcmp(key, "module"))
		return set_str(&a->module, val);
	if (!strcmp(key, "type"))
		return set_str(&a->type, val);
	if (!strcmp(key, "selftest")) {
		a->selftest = !strcmp(val, "passed") ? HWCRYPT_SELFTEST_PASSED :
						       HWCRYPT_SELFTEST_UNKNOWN;
		return set_str(&a->selftest_str, val);
	}
	if (!strcmp(key, "priority"))
		a->priority = (int)strtol(val, NULL, 10);
	else if (!strcmp(key, "internal"))
		a->internal = !strcmp(val, "yes");
	else if (!strcmp(key, "async"))
		a->async = !strcmp(val, "yes");
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (!strcmp(key, sizes[i].key))
			*(unsigned int *)((char *)a + sizes[i].off) = to_uint(val);
	return 0;
}

/* Moves a finished entry into the list (or drops it when it names nothing). */
static int commit(struct hwcrypt_alg_list *l, struct hwcrypt_alg_info *a)
{
	if (!*a->name || !*a->driver) {
		info_release(a);
		info_reset(a);
		return 0;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct hwcrypt_alg_info *v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = *a;
	info_reset(a);
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int parse(struct hwcrypt_alg_list *l, char *text)
{
	struct hwcrypt_alg_info cur;
	char *line, *next, *colon;
	int ret = 0;

	info_reset(&cur);
	for (line = text; line && !ret; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line = trim(line);
		if (!*line) {
			ret = commit(l, &cur);
			continue;
		}
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		ret = set_field(&cur, trim(line), trim(colon + 1));
	}
	if (!ret)
		ret = commit(l, &cur);
	info_release(&cur);
	return ret;
}

/* procfs files report size 0, so read until EOF instead of trusting fstat(). */
static int slurp(const char *path, char **out)
{
	size_t len = 0, cap = 16384;
	char *buf = malloc(cap), *nb;
	ssize_t r;
	int fd, e;

	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		free(buf);
		return -e;
	}
	for (;;) {
		if (cap - len < 4096) {
			nb = realloc(buf, cap * 2);
			if (!nb) {
				e = ENOMEM;
				goto fail;
			}
			buf = nb;
			cap *= 2;
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			e = errno;
			goto fail;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	buf[len] = '\0';
	*out = buf;
	return 0;
fail:
	close(fd);
	free(buf);
	return -e;
}

HWCRYPT_EXPORT int hwcrypt_alg_list_read(struct hwcrypt_alg_list **list, const char *path)
{
	struct hwcrypt_alg_list *l;
	char *text = NULL;
	int ret;

	if (!list)
		return -EINVAL;
	ret = slurp(path ? path : "/proc/crypto", &text);
	if (ret)
		return ret;
	l = calloc(1, sizeof(*l));
	if (!l) {
		free(text);
		return -ENOMEM;
	}
	ret = parse(l, text);
	free(text);
	if (ret) {
		hwcrypt_alg_list_free(l);
		return ret;
	}
	*list = l;
	return 0;
}

HWCRYPT_EXPORT size_t hwcrypt_alg_list_count(const struct hwcrypt_alg_list *list)
{
	return list ? list->n : 0;
}

HWCRYPT_EXPORT const struct hwcrypt_alg_info *
hwcrypt_alg_list_get(const struct hwcrypt_alg_list *list, size_t idx)
{
	return list && idx < list->n ? &list->v[idx] : NULL;
}

static int type_matches(const char *have, const char *want)
{
	if (!want)
		return 1;
	if (!strcmp(want, "hash"))
		return !strcmp(have, "shash") || !strcmp(have, "ahash");
	return !strcmp(have, want);
}

static const struct hwcrypt_alg_info *best_of(const struct hwcrypt_alg_list *list,
					      const char *name, const char *type, int skip_async)
{
	const struct hwcrypt_alg_info *best = NULL, *a;
	size_t i;

	if (!list || !name)
		return NULL;
	for (i = 0; i < list->n; i++) {
		a = &list->v[i];
		if (a->internal || !type_matches(a->type, type) || (skip_async && a->async))
			continue;
		/* The kernel returns an exact driver-name match at once. */
		if (!strcmp(a->driver, name))
			return a;
		if (strcmp(a->name, name))
			continue;
		/* Tested beats untested; then strictly higher priority, so a tie keeps the first. */
		if (!best || a->selftest > best->selftest ||
		    (a->selftest == best->selftest && a->priority > best->priority))
			best = a;
	}
	return best;
}

HWCRYPT_EXPORT const struct hwcrypt_alg_info *
hwcrypt_alg_list_best(const struct hwcrypt_alg_list *list, const char *name, const char *type)
{
	return best_of(list, name, type, 0);
}

/*
 * Since Linux 7.2 AF_ALG skips asynchronous algorithms (and those flagged ALLOCATES_MEMORY or
 * KERN_DRIVER_ONLY, which /proc/crypto does not show) when it binds a name: the driver a
 * socket gets is the best of the others.
 */
static int afalg_skips_async(void)
{
	struct utsname u;
	unsigned int major = 0, minor = 0;

	if (uname(&u) || sscanf(u.release, "%u.%u", &major, &minor) != 2)
		return 0;
	return major > 7 || (major == 7 && minor >= 2);
}

const struct hwcrypt_alg_info *_hwcrypt_afalg_best(const struct hwcrypt_alg_list *list,
						   const char *name, const char *type)
{
	return best_of(list, name, type, afalg_skips_async());
}

HWCRYPT_EXPORT void hwcrypt_alg_list_free(struct hwcrypt_alg_list *list)
{
	if (!list)
		return;
	for (size_t i = 0; i < list->n; i++)
		info_release(&list->v[i]);
	free(list->v);
	free(list);
}

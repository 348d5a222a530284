// SPDX-License-Identifier: GPL-2.0
/* libhwcrypt helpers shared by all handle types: version, error text, failure diagnosis. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>
#include <kcapi.h>

#include "lib_internal.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

#define _HWCRYPT_STR2(x) #x
#define _HWCRYPT_STR(x) _HWCRYPT_STR2(x)

HWCRYPT_EXPORT const char *hwcrypt_version(void)
{
	return _HWCRYPT_STR(HWCRYPT_VERSION_MAJOR) "." _HWCRYPT_STR(HWCRYPT_VERSION_MINOR)
	       "." _HWCRYPT_STR(HWCRYPT_VERSION_PATCH);
}

HWCRYPT_EXPORT const char *hwcrypt_strerror(int err)
{
	const char *detail = _hwcrypt_detail_for(err);

	if (detail)
		return detail;
	if (err < 0)
		err = -err;
	switch (err) {
	case EAFNOSUPPORT:
		return "AF_ALG interface not available (are af_alg and algif_hash loaded?)";
	case EPROTONOSUPPORT:
		return "NETLINK_CRYPTO interface not available (is crypto_user loaded?)";
	case ENOENT:
		return "unknown algorithm or driver";
	case ENOKEY:
		return "key required (use a key for keyed algorithms)";
	case ELIBBAD:
		return "algorithm failed its kernel selftest";
	default:
		/* strerror() is not thread-safe; strerrordesc_np() returns static text. */
		return strerrordesc_np(err) ? strerrordesc_np(err) : "unknown error";
	}
}

static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;

static void quiet_kcapi_once(void)
{
	const char *dbg = getenv("HWCRYPT_DEBUG");

	kcapi_set_verbosity(dbg && *dbg && strcmp(dbg, "0") ? KCAPI_LOG_DEBUG : KCAPI_LOG_NONE);
}

void _hwcrypt_quiet_kcapi(void)
{
	pthread_once(&quiet_once, quiet_kcapi_once);
}

/*
 * "hmac(sha256)" + "sha256-x" -> "hmac(sha256-x)": a caller naming only the inner driver
 * means the template instance built on it. Only single-argument templates are wrapped,
 * since for "authenc(a,b)" there is no single inner driver to substitute.
 */
int _hwcrypt_bind_name(char *buf, size_t len, const char *alg, const char *driver)
{
	const char *src = alg, *open;
	int n;

	if (driver && *driver && strcmp(driver, "best")) {
		src = driver;
		open = strchr(alg, '(');
		if (open && !strchr(driver, '(') && !strchr(open, ',')) {
			n = snprintf(buf, len, "%.*s%s)", (int)(open - alg + 1), alg, driver);
			return (n < 0 || (size_t)n >= len) ? -EINVAL : 0;
		}
	}
	n = snprintf(buf, len, "%s", src);
	return (n < 0 || (size_t)n >= len) ? -EINVAL : 0;
}

/*
 * As _hwcrypt_bind_name(), for skcipher and aead: a driver that /proc/crypto lists as one of
 * @type ("ctr-aes-hwcrypt-aesni") is bound as it is; any other name ("aes-generic") is taken
 * as the inner algorithm of @alg's template ("ctr(aes-generic)").
 */
int _hwcrypt_bind_name_typed(char *buf, size_t len, const char *alg, const char *driver,
			     const char *type)
{
	struct hwcrypt_alg_list *list;
	const struct hwcrypt_alg_info *a;
	int n, whole = 0;

	if (driver && *driver && strcmp(driver, "best") && !hwcrypt_alg_list_read(&list, NULL)) {
		a = hwcrypt_alg_list_best(list, driver, type);
		whole = a && !strcmp(a->driver, driver);
		hwcrypt_alg_list_free(list);
	}
	if (!whole)
		return _hwcrypt_bind_name(buf, len, alg, driver);
	n = snprintf(buf, len, "%s", driver);
	return (n < 0 || (size_t)n >= len) ? -EINVAL : 0;
}

/* Whether /proc/crypto lists @name (or, for "tmpl(x)", x) as a driver or algorithm of @type. */
static int listed(const char *name, const char *type)
{
	struct hwcrypt_alg_list *list;
	char inner[_HWCRYPT_MAX_NAME];
	const char *open, *close;
	int found = 0;

	if (hwcrypt_alg_list_read(&list, NULL))
		return 0;
	found = hwcrypt_alg_list_best(list, name, type) != NULL;
	open = strchr(name, '(');
	close = strrchr(name, ')');
	if (!found && open && close > open + 1 && (size_t)(close - open - 1) < sizeof(inner)) {
		memcpy(inner, open + 1, close - open - 1);
		inner[close - open - 1] = '\0';
		found = hwcrypt_alg_list_best(list, inner, type) != NULL;
	}
	hwcrypt_alg_list_free(list);
	return found;
}

/*
 * libkcapi folds every open failure into one errno, and the kernel answers ENOENT both
 * for an unknown algorithm and for a missing algif_<type>. Redo the steps to name the
 * layer that is missing; only called on the failure path, so it costs nothing otherwise.
 */
static int diagnose_layer(const char *type, const char *name, int err)
{
	struct sockaddr_alg sa;
	char modpath[64];
	struct stat st;
	int fd, e;

	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		/* EAFNOSUPPORT (no AF_ALG, af_alg_restrict=2), EPERM/EACCES (seccomp, LSM). */
		return errno == EPERM || errno == EACCES ? -errno : -EAFNOSUPPORT;
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		e = errno;
		close(fd);
		if (e != ENOENT)
			return -e;
		/*
		 * Under crypto.af_alg_restrict >= 1 the kernel answers ENOENT for any name off
		 * its allowlist (every driver name): that refusal, not a missing interface.
		 * The check below cannot tell a built-in algif_<type> (no /sys/module entry)
		 * from a missing one, and -EAFNOSUPPORT would stop the retry by algorithm name.
		 */
		if (_hwcrypt_restricted())
			return -ENOENT;
		/*
		 * A loaded algif_<type> proves the interface is there. Without it, an
		 * algorithm that /proc/crypto does list can only have failed because the
		 * interface is missing (e.g. built without CONFIG_CRYPTO_USER_API_HASH).
		 */
		snprintf(modpath, sizeof(modpath), "/sys/module/algif_%s", type);
		if (stat(modpath, &st) == 0)
			return -ENOENT;
		return listed(name, type) ? -EAFNOSUPPORT : -ENOENT;
	}
	close(fd);

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (fd < 0)
		return -EPROTONOSUPPORT;
	close(fd);
	return err < 0 ? err : -EIO;
}

int _hwcrypt_diagnose(const char *type, const char *name, int err)
{
	return _hwcrypt_explain_refusal(type, name, diagnose_layer(type, name, err));
}

/*
 * After a bind: the driver that serves @bound, and whether it implements @alg. An explicit
 * driver of another algorithm is -EINVAL (it would compute the wrong function); without
 * /proc/crypto the bound name stands in for the driver. @props (may be NULL) gets the
 * driver's entry, or zeroes.
 */
int _hwcrypt_resolve_driver(const char *alg, const char *bound, int explicit_driver,
			    const char *type, char **driver, struct _hwcrypt_props *props)
{
	const struct hwcrypt_alg_info *a;
	struct hwcrypt_alg_list *list;
	int ret = 0;

	*driver = NULL;
	if (props)
		memset(props, 0, sizeof(*props));
	if (hwcrypt_alg_list_read(&list, NULL) == 0) {
		a = _hwcrypt_afalg_best(list, explicit_driver ? bound : alg, type);
		if (a && explicit_driver && strcmp(a->name, alg) && strcmp(a->driver, alg))
			ret = -EINVAL;
		else if (a)
			*driver = strdup(a->driver);
		if (a && !ret && props) {
			props->listed = 1;
			props->blocksize = a->blocksize;
			props->ivsize = a->ivsize;
			props->chunksize = a->chunksize;
			props->min_keysize = a->min_keysize;
		}
		hwcrypt_alg_list_free(list);
		if (ret || a)
			return ret ? ret : (*driver ? 0 : -ENOMEM);
	}
	*driver = strdup(bound);
	return *driver ? 0 : -ENOMEM;
}

/*
 * Some libkcapi paths return a bare -1 from a failed syscall (e.g. accept() refusing a
 * keyed hash without key); errno still says why, so report that instead.
 */
ssize_t _hwcrypt_kerr(ssize_t r)
{
	if (r == -1 && errno > EPERM)
		return -errno;
	return r;
}

/*
 * The part of hwcrypt_<type>_init() every AF_ALG handle type shares: checks @alg, forms the
 * name to bind (into @bound, _HWCRYPT_MAX_NAME bytes; for "hash" by _hwcrypt_bind_name(),
 * otherwise by _hwcrypt_bind_name_typed()), copies @alg to *@alg_copy, opens *@kh with @init
 * (the type's kcapi_*_init) and, unless @driver_out is NULL (the caller finds the driver
 * itself), resolves the serving driver into *@driver_out and its properties into @props
 * (may be NULL). On failure *@kh is NULL or open, and the caller's free() releases whatever
 * was set.
 */
/*
 * af_alg_restrict=1 refuses every driver name, root included, but may allow @alg: bound by
 * that name the tfm is the kernel's choice, which /proc/crypto names. It serves only if that
 * is the driver asked for (@bound); then @bound becomes @alg. Else -ENOENT, saying which
 * driver the kernel would have given.
 */
static int bind_by_name(struct kcapi_handle **kh, char *bound, const char *alg, const char *type,
			int (*init)(struct kcapi_handle **, const char *, uint32_t),
			void (*destroy)(struct kcapi_handle *), int err)
{
	const struct hwcrypt_alg_info *a = NULL;
	struct hwcrypt_alg_list *list = NULL;
	char chose[_HWCRYPT_MAX_NAME] = "";
	int ok = 0;

	if (init(kh, alg, 0)) {
		*kh = NULL;
		/* The name's own refusal (a capability it needs) says more than the driver's. */
		_hwcrypt_detail_clear();
		return _hwcrypt_explain_refusal(type, alg, err);
	}
	if (!hwcrypt_alg_list_read(&list, NULL)) {
		a = _hwcrypt_afalg_best(list, alg, type);
		if (a) {
			snprintf(chose, sizeof(chose), "%s", a->driver);
			ok = !strcmp(a->driver, bound);
		}
		hwcrypt_alg_list_free(list);
	}
	if (ok) {
		snprintf(bound, _HWCRYPT_MAX_NAME, "%s", alg);
		_hwcrypt_detail_clear();
		return 0;
	}
	destroy(*kh);
	*kh = NULL;
	return _hwcrypt_detail(-ENOENT, "refused by sysctl crypto.af_alg_restrict: driver names "
			       "never pass; bound by name, \"%s\" is served by %s, not %s "
			       "(crypto.af_alg_restrict=0 allows driver names)", alg,
			       chose[0] ? chose : "an unknown driver", bound);
}

int _hwcrypt_open(struct kcapi_handle **kh, char **alg_copy, char **driver_out, char *bound,
		  const char *alg, const char *driver, const char *type,
		  int (*init)(struct kcapi_handle **, const char *, uint32_t),
		  void (*destroy)(struct kcapi_handle *), struct _hwcrypt_props *props,
		  int *by_name)
{
	int explicit_driver = driver && *driver && strcmp(driver, "best");
	int ret;

	*by_name = 0;
	_hwcrypt_detail_clear();

	if (!alg || !*alg || strlen(alg) >= _HWCRYPT_MAX_NAME)
		return -EINVAL;
	if (!strcmp(type, "hash"))
		ret = _hwcrypt_bind_name(bound, _HWCRYPT_MAX_NAME, alg, driver);
	else
		ret = _hwcrypt_bind_name_typed(bound, _HWCRYPT_MAX_NAME, alg, driver, type);
	if (ret)
		return ret;
	_hwcrypt_quiet_kcapi();
	*alg_copy = strdup(alg);
	if (!*alg_copy)
		return -ENOMEM;
	ret = init(kh, bound, 0);
	if (ret) {
		*kh = NULL;
		ret = _hwcrypt_diagnose(type, bound, ret);
		if (ret != -ENOENT || !explicit_driver || !_hwcrypt_restricted())
			return ret;
		ret = bind_by_name(kh, bound, alg, type, init, destroy, ret);
		if (ret)
			return ret;
		*by_name = 1;
		explicit_driver = 0;
	}
	if (!driver_out)
		return 0;
	return _hwcrypt_resolve_driver(alg, bound, explicit_driver, type, driver_out, props);
}

/*
 * The kernel takes a key (and an aead tag length) only while no operation socket is open on
 * the tfm socket (-EBUSY after), and libkcapi keeps the one it accepted for a handle's first
 * operation until the handle is destroyed: a new key after use needs a new handle bound to
 * the same name. init/destroy are the handle type's kcapi_*_init/destroy; restore (may be
 * NULL) gives the new handle what it must keep of the old one. On failure *kh is unchanged.
 */
int _hwcrypt_reopen(struct kcapi_handle **kh, const char *bound,
		    int (*init)(struct kcapi_handle **, const char *, uint32_t),
		    void (*destroy)(struct kcapi_handle *),
		    int (*restore)(struct kcapi_handle *, void *), void *arg)
{
	struct kcapi_handle *fresh;
	int ret;

	ret = init(&fresh, bound, 0);
	if (ret)
		return ret < 0 ? ret : -EIO;
	if (restore) {
		ret = restore(fresh, arg);
		if (ret) {
			destroy(fresh);
			return ret;
		}
	}
	destroy(*kh);
	*kh = fresh;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's choice between the kernel (AF_ALG) and the in-process cores: the backend
 * policy, what the kernel's AF_ALG allows this process (af_alg_restrict, seccomp, missing
 * interfaces), and the text that says why a call failed or which path it took.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "lib_internal.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* -1: not set by hwcrypt_backend_set(), the environment decides. */
static int backend_set = -1;

/* Why the last failed call of this thread failed, in words; see hwcrypt_strerror(). */
static __thread int detail_err;
static __thread char detail_text[320];

void _hwcrypt_detail_clear(void)
{
	detail_err = 0;
	detail_text[0] = '\0';
}

int _hwcrypt_detail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail_text, sizeof(detail_text), fmt, ap);
	va_end(ap);
	detail_err = err < 0 ? -err : err;
	return err;
}

const char *_hwcrypt_detail_for(int err)
{
	if (err < 0)
		err = -err;
	return detail_err && detail_err == err && detail_text[0] ? detail_text : NULL;
}

static const char *const backend_names[] = { "auto", "kernel", "process" };

HWCRYPT_EXPORT int hwcrypt_backend_set(enum hwcrypt_backend backend)
{
	if ((int)backend < HWCRYPT_BACKEND_AUTO || backend > HWCRYPT_BACKEND_PROCESS)
		return -EINVAL;
	__atomic_store_n(&backend_set, (int)backend, __ATOMIC_RELAXED);
	return 0;
}

HWCRYPT_EXPORT int hwcrypt_backend_get(void)
{
	int set = __atomic_load_n(&backend_set, __ATOMIC_RELAXED);
	const char *env;

	if (set >= 0)
		return set;
	env = getenv("HWCRYPT_BACKEND");
	if (!env || !*env)
		return HWCRYPT_BACKEND_AUTO;
	for (int i = 0; i < 3; i++)
		if (!strcmp(env, backend_names[i]))
			return i;
	return _hwcrypt_detail(-EINVAL, "HWCRYPT_BACKEND=%.40s: expected auto, kernel or process",
			       env);
}

HWCRYPT_EXPORT const char *hwcrypt_backend_name(int backend)
{
	return backend >= 0 && backend < 3 ? backend_names[backend] : "invalid";
}

/* First line of a small file as an integer; -1 if it cannot be read. */
static long read_long(const char *path)
{
	char buf[32];
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	return strtol(buf, NULL, 10);
}

/* A "Key:\tvalue" line of /proc/self/status, value copied into @out; 0 if found. */
static int status_field(const char *key, char *out, size_t len)
{
	char line[256];
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/self/status", "re");
	int found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == ':') {
			const char *v = line + klen + 1;

			while (*v == ' ' || *v == '\t')
				v++;
			snprintf(out, len, "%.*s", (int)strcspn(v, "\n"), v);
			found = 0;
			break;
		}
	fclose(f);
	return found;
}

void _hwcrypt_afalg_probe(struct _hwcrypt_afalg *a)
{
	char v[64];
	int fd;

	memset(a, 0, sizeof(*a));
	a->restrict_level = (int)read_long("/proc/sys/crypto/af_alg_restrict");
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		a->socket_err = errno;
	else
		close(fd);
	if (!status_field("Seccomp", v, sizeof(v)))
		a->seccomp = atoi(v);
	if (!status_field("Seccomp_filters", v, sizeof(v)))
		a->seccomp_filters = atoi(v);
	if (!status_field("CapEff", v, sizeof(v))) {
		unsigned long long caps = strtoull(v, NULL, 16);

		/* CAP_NET_ADMIN is 12, CAP_SYS_ADMIN 21 (linux/capability.h). */
		a->cap_net_admin = caps >> 12 & 1;
		a->cap_sys_admin = caps >> 21 & 1;
	}
}

/* Why socket(AF_ALG) failed, in words (a->socket_err != 0). */
static void socket_refusal(const struct _hwcrypt_afalg *a, char *buf, size_t len)
{
	switch (a->socket_err) {
	case EAFNOSUPPORT:
		if (a->restrict_level >= 2)
			snprintf(buf, len, "AF_ALG unavailable (EAFNOSUPPORT): disabled by sysctl "
				 "crypto.af_alg_restrict=%d (0 or 1 allows it)", a->restrict_level);
		else
			snprintf(buf, len, "AF_ALG unavailable (EAFNOSUPPORT): the kernel has no "
				 "AF_ALG (CONFIG_CRYPTO_USER_API, module af_alg)");
		break;
	case EPERM:
	case EACCES:
		if (a->seccomp == 2)
			snprintf(buf, len, "AF_ALG denied (%s): socket(AF_ALG) refused by this "
				 "process's seccomp filter (Seccomp: 2, %d filter%s in "
				 "/proc/self/status)", a->socket_err == EPERM ? "EPERM" : "EACCES",
				 a->seccomp_filters, a->seccomp_filters == 1 ? "" : "s");
		else
			snprintf(buf, len, "AF_ALG denied (%s): socket(AF_ALG) refused by a security "
				 "module or container policy",
				 a->socket_err == EPERM ? "EPERM" : "EACCES");
		break;
	default:
		snprintf(buf, len, "AF_ALG unavailable: socket(AF_ALG): %s",
			 strerrordesc_np(a->socket_err) ? strerrordesc_np(a->socket_err) : "error");
	}
}

HWCRYPT_EXPORT ssize_t hwcrypt_afalg_describe(char *buf, size_t len)
{
	struct _hwcrypt_afalg a;
	int n;

	if (!buf || !len)
		return -EINVAL;
	_hwcrypt_afalg_probe(&a);
	if (a.socket_err) {
		socket_refusal(&a, buf, len);
	} else if (a.restrict_level < 0) {
		snprintf(buf, len, "AF_ALG available (no crypto.af_alg_restrict on this kernel)");
	} else if (a.restrict_level == 0) {
		snprintf(buf, len, "AF_ALG available (crypto.af_alg_restrict=0: any algorithm or "
			 "driver name)");
	} else {
		snprintf(buf, len, "AF_ALG restricted (crypto.af_alg_restrict=%d: allowlisted "
			 "algorithm names only, driver names refused; this process %s "
			 "CAP_NET_ADMIN/CAP_SYS_ADMIN)", a.restrict_level,
			 a.cap_net_admin || a.cap_sys_admin ? "has" : "lacks");
	}
	n = (int)strlen(buf);
	return n;
}

/*
 * Linux 7.3's allowlist at af_alg_restrict=1 (crypto/algif_{hash,skcipher,aead}.c): the
 * exact bind() string, privileged = CAP_NET_ADMIN in the initial user namespace or
 * CAP_SYS_ADMIN. Only used to explain a refusal, never to decide one: the kernel decides.
 */
static const struct allowed {
	const char *type, *name;
	int privileged;
} allowlist[] = {
	{ "hash", "sha1", 0 },
	{ "hash", "md4", 1 },		{ "hash", "md5", 1 },
	{ "hash", "sha224", 1 },	{ "hash", "sha256", 1 },
	{ "hash", "sha384", 1 },	{ "hash", "sha512", 1 },
	{ "hash", "hmac(md5)", 1 },	{ "hash", "hmac(sha1)", 1 },
	{ "hash", "hmac(sha224)", 1 },	{ "hash", "hmac(sha256)", 1 },
	{ "hash", "hmac(sha384)", 1 },	{ "hash", "hmac(sha512)", 1 },
	{ "hash", "cmac(aes)", 1 },
	{ "skcipher", "ecb(aes)", 1 },	{ "skcipher", "cbc(aes)", 1 },
	{ "skcipher", "ctr(aes)", 1 },
	{ "skcipher", "xts(aes)", 0 },	{ "skcipher", "hctr2(aes)", 0 },
	{ "skcipher", "adiantum(xchacha12,aes)", 0 },
	{ "skcipher", "adiantum(xchacha20,aes)", 0 },
	{ "aead", "ccm(aes)", 1 },
};

static const struct allowed *allowed(const char *type, const char *name)
{
	for (size_t i = 0; i < sizeof(allowlist) / sizeof(allowlist[0]); i++)
		if (!strcmp(allowlist[i].type, type) && !strcmp(allowlist[i].name, name))
			return &allowlist[i];
	return NULL;
}

int _hwcrypt_explain_refusal(const char *type, const char *name, int err)
{
	struct _hwcrypt_afalg a;
	const struct allowed *al;
	char buf[256];

	_hwcrypt_afalg_probe(&a);
	if (a.socket_err) {
		socket_refusal(&a, buf, sizeof(buf));
		return _hwcrypt_detail(-a.socket_err, "%s", buf);
	}
	if (err == -EAFNOSUPPORT)
		return _hwcrypt_detail(err, "AF_ALG has no \"%s\" type here: the kernel lacks "
				       "CONFIG_CRYPTO_USER_API_%s (module algif_%s)", type,
				       !strcmp(type, "hash") ? "HASH" :
				       !strcmp(type, "aead") ? "AEAD" : "SKCIPHER", type);
	if (err == -EPROTONOSUPPORT)
		return _hwcrypt_detail(err, "NETLINK_CRYPTO unavailable (CONFIG_CRYPTO_USER, module "
				       "crypto_user): libkcapi asks it about every algorithm");
	if (err != -ENOENT || a.restrict_level < 1)
		return err;
	al = allowed(type, name);
	if (!al)
		return _hwcrypt_detail(err, "refused by sysctl crypto.af_alg_restrict=%d: \"%s\" is "
				       "not on the kernel's %s allowlist (driver names never are); "
				       "crypto.af_alg_restrict=0 allows it", a.restrict_level,
				       name, type);
	if (al->privileged && !a.cap_net_admin && !a.cap_sys_admin)
		return _hwcrypt_detail(err, "refused by sysctl crypto.af_alg_restrict=%d: \"%s\" "
				       "needs CAP_NET_ADMIN (initial user namespace) or "
				       "CAP_SYS_ADMIN, or crypto.af_alg_restrict=0",
				       a.restrict_level, name);
	return err;
}

int _hwcrypt_restricted(void)
{
	return read_long("/proc/sys/crypto/af_alg_restrict") >= 1;
}

/* Errors after which "auto" tries the in-process cores: the kernel did not serve. */
int _hwcrypt_kernel_refused(int err)
{
	return err == -EAFNOSUPPORT || err == -EPROTONOSUPPORT || err == -ENOENT ||
	       err == -EPERM || err == -EACCES;
}

void _hwcrypt_route_free(struct _hwcrypt_route *r)
{
	free(r->why);
	r->why = NULL;
}

/* Records why the kernel did not serve a handle the in-process path now serves. */
void _hwcrypt_route_process(struct _hwcrypt_route *r, const char *tier, int kernel_err)
{
	const char *d = kernel_err ? _hwcrypt_detail_for(kernel_err) : NULL;

	r->backend = HWCRYPT_BACKEND_PROCESS;
	r->tier = tier;
	free(r->why);
	if (!kernel_err)
		r->why = strdup("backend policy \"process\"");
	else if (asprintf(&r->why, "kernel: %s", d ? d : hwcrypt_strerror(kernel_err)) < 0)
		r->why = NULL;
	_hwcrypt_detail_clear();
}

int _hwcrypt_route_path(const struct _hwcrypt_route *r, const char *driver, const char *bound,
			struct hwcrypt_path *p)
{
	if (!p)
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->backend = r->backend;
	p->driver = driver;
	if (r->backend == HWCRYPT_BACKEND_KERNEL) {
		p->bound = bound;
		p->by_name = r->by_name;
	} else {
		p->tier = r->tier;
	}
	p->why = r->why;
	return 0;
}

int _hwcrypt_process_check(const char *alg, int kernel_err)
{
	if (!kernel_err)
		_hwcrypt_detail_clear();
	if (!alg || !*alg || strlen(alg) >= _HWCRYPT_MAX_NAME)
		return -EINVAL;
	return 0;
}

/*
 * The in-process path cannot serve @alg/@driver either (@err from its *_new()). Under
 * "auto" the kernel's refusal stays the answer, unless the driver named is hwcrypt's own of
 * another algorithm, which is wrong wherever it runs.
 */
int _hwcrypt_process_refused(const char *type, const char *alg, const char *driver, int err,
			     int kernel_err)
{
	const char *d = kernel_err ? _hwcrypt_detail_for(kernel_err) : NULL;
	char prev[sizeof(detail_text)];

	if (err == -EINVAL)
		return _hwcrypt_detail(err, "driver %s does not implement %s", driver, alg);
	if (err != -ENOENT)
		return err;
	if (!kernel_err)
		return _hwcrypt_detail(err, "no in-process %s %s%s%s (the cores have sha1, sha224, "
				       "sha256, sha384, sha512 and their hmac; ecb, cbc, ctr, xts, "
				       "cts(cbc) of aes; gcm(aes), rfc4106(gcm(aes)); drivers only "
				       "as hwcrypt's tiers this CPU has)", type, alg,
				       driver ? " with driver " : "", driver ? driver : "");
	snprintf(prev, sizeof(prev), "%s", d ? d : hwcrypt_strerror(kernel_err));
	return _hwcrypt_detail(kernel_err, "%s; %s%s%s is not available in process either", prev,
			       alg, driver ? " with driver " : "", driver ? driver : "");
}

/* Each handle type is private to its file: its fields are reached by the offsets in ops. */
#define FIELD(h, off, type)	((type *)((char *)(h) + (off)))

/* What a failed kernel() left, so that the in-process path starts from a clean handle. */
static void kernel_drop(void *h, const struct _hwcrypt_handle_ops *ops)
{
	struct kcapi_handle **kh = FIELD(h, ops->kh, struct kcapi_handle *);
	char **alg = FIELD(h, ops->alg, char *), **driver = FIELD(h, ops->driver, char *);

	if (*kh)
		ops->destroy(*kh);
	*kh = NULL;
	free(*alg);
	free(*driver);
	*alg = *driver = NULL;
	FIELD(h, ops->route, struct _hwcrypt_route)->by_name = 0;
}

static int process_init(void *h, const struct _hwcrypt_handle_ops *ops, const char *alg,
			const char *driver, int kernel_err)
{
	const struct _hwcrypt_pname *name;
	char **alg_copy = FIELD(h, ops->alg, char *), **driver_copy = FIELD(h, ops->driver, char *);
	int ret = _hwcrypt_process_check(alg, kernel_err);

	if (ret)
		return ret;
	ret = ops->process(h, alg, driver, &name);
	if (ret)
		return _hwcrypt_process_refused(ops->type, alg, driver, ret, kernel_err);
	*alg_copy = strdup(alg);
	*driver_copy = strdup(name->driver);
	if (!*alg_copy || !*driver_copy)
		return -ENOMEM;
	_hwcrypt_route_process(FIELD(h, ops->route, struct _hwcrypt_route), name->tier, kernel_err);
	return 0;
}

int _hwcrypt_handle_init(void **handle, const struct _hwcrypt_handle_ops *ops, const char *alg,
			 const char *driver)
{
	int policy = hwcrypt_backend_get(), ret = 0;
	void *h;

	if (!handle)
		return -EINVAL;
	if (policy < 0)
		return policy;
	h = calloc(1, ops->size);
	if (!h)
		return -ENOMEM;
	FIELD(h, ops->route, struct _hwcrypt_route)->backend = HWCRYPT_BACKEND_KERNEL;
	if (policy != HWCRYPT_BACKEND_PROCESS) {
		ret = ops->kernel(h, alg, driver);
		if (!ret)
			goto done;
		if (policy == HWCRYPT_BACKEND_KERNEL || !_hwcrypt_kernel_refused(ret))
			goto fail;
		kernel_drop(h, ops);
	}
	ret = process_init(h, ops, alg, driver, ret);
	if (ret)
		goto fail;
done:
	*handle = h;
	return 0;
fail:
	ops->free(h);
	return ret;
}

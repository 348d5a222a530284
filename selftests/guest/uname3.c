// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD shim for the guest runner on kernels whose release has two numbers
 * ("7.3-amd64", Debian's release-candidate naming): libkcapi 1.4 (bookworm) parses the
 * release as major.minor.patch and refuses to work at all when it cannot ("Could not parse
 * kernel version"). With "7.3.0-amd64" reported instead, the AF_ALG tests reach the kernel.
 * Final releases carry three numbers and need no shim. Only processes that have libkcapi loaded
 * see the changed release: modprobe and the tests' own `uname -r` must see the real one.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <sys/utsname.h>

int uname(struct utsname *u)
{
	int (*real)(struct utsname *) = (int (*)(struct utsname *))dlsym(RTLD_NEXT, "uname");
	void *kcapi;
	char *p, *q;
	int ret;

	if (!real)
		return -1;
	ret = real(u);
	if (ret)
		return ret;
	kcapi = dlopen("libkcapi.so.1", RTLD_LAZY | RTLD_NOLOAD);
	if (!kcapi)
		return 0;
	dlclose(kcapi);
	/* major.minor then a non-digit, non-dot: insert ".0" there. */
	p = strchr(u->release, '.');
	if (!p)
		return 0;
	for (q = p + 1; *q >= '0' && *q <= '9'; q++)
		;
	if (*q == '.' || strlen(u->release) + 3 > sizeof(u->release))
		return 0;
	memmove(q + 2, q, strlen(q) + 1);
	q[0] = '.';
	q[1] = '0';
	return 0;
}

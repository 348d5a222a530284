// SPDX-License-Identifier: GPL-2.0
/* hwcrypt module: parameters, CPU features, registration order and unwinding. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include <linux/crypto.h>
#include <linux/slab.h>
#include "hwc_core.h"
#include "hwc_arch.h"
#include "hwcrypt.h"

unsigned int hwc_cpu_features;

/*
 * In-tree drivers of the same algorithms top out at 300 (7.2's *-lib shash) and 250
 * (6.1's SHA-NI glue), so 500 makes hwcrypt the default once loaded.
 */
int hwc_priority = 500;
module_param_named(priority, hwc_priority, int, 0444);
MODULE_PARM_DESC(priority, "cra_priority of hwcrypt's drivers (default 500; each faster tier of one algorithm adds 1)");

static char *hwc_disable;
module_param_named(disable, hwc_disable, charp, 0444);
MODULE_PARM_DESC(disable, "comma-separated driver names (sha256-hwcrypt-shani) or implementations (shani, avx2) not to register");

/* Space-separated names of everything registered; read through the drivers parameter. */
static char hwc_registered[1024];

static int hwc_drivers_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n", hwc_registered);
}

static const struct kernel_param_ops hwc_drivers_ops = {
	.get = hwc_drivers_get,
};
module_param_cb(drivers, &hwc_drivers_ops, NULL, 0444);
MODULE_PARM_DESC(drivers, "drivers registered by this instance (read-only)");

bool hwc_disabled(const char *driver_name, const char *impl)
{
	const char *p = hwc_disable;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if ((n == strlen(driver_name) && !strncmp(p, driver_name, n)) ||
		    (n == strlen(impl) && !strncmp(p, impl, n)))
			return true;
		p += n;
		if (*p == ',')
			p++;
	}
	return false;
}

void hwc_note_registered(const char *driver_name)
{
	if (hwc_registered[0])
		strlcat(hwc_registered, " ", sizeof(hwc_registered));
	strlcat(hwc_registered, driver_name, sizeof(hwc_registered));
}

/*
 * 7.2 runs the self-tests of a new algorithm in the background, holding a reference to this
 * module meanwhile: insmod would return before /proc/crypto says "passed", and an rmmod right
 * after it would fail. A lookup by driver name waits for the test's verdict (older kernels
 * waited in registration already). A failed test is the kernel's to report and act on.
 */
static int __init hwc_wait_tested(void)
{
	char *names = kstrdup(hwc_registered, GFP_KERNEL), *p = names, *name;

	if (!names)
		return -ENOMEM;
	while ((name = strsep(&p, " ")))
		if (*name && !crypto_has_alg(name, 0, 0))
			pr_warn("%s: not usable after its self-test\n", name);
	kfree(names);
	return 0;
}

static int __init hwc_init(void)
{
	int err;

	hwc_cpu_features = hwc_arch_features();
	hwc_registered[0] = '\0';

	err = hwc_shash_register_all();
	if (err)
		goto err_shash;
	err = hwc_skcipher_register_all();
	if (err)
		goto err_skcipher;
	err = hwc_aead_register_all();
	if (err)
		goto err_aead;
	err = hwc_akcipher_register_all();
	if (err)
		goto err_akcipher;
	err = hwc_wait_tested();
	if (err)
		goto err_tested;

	if (!hwc_registered[0])
		pr_info("no supported " HWC_ARCH_NAME " crypto instructions on this CPU (features 0x%x): nothing registered\n",
			hwc_cpu_features);
	else
		pr_info("registered %s\n", hwc_registered);
	return 0;

err_tested:
	hwc_akcipher_unregister_all();
err_akcipher:
	hwc_aead_unregister_all();
err_aead:
	hwc_skcipher_unregister_all();
err_skcipher:
	hwc_shash_unregister_all();
err_shash:
	hwc_registered[0] = '\0';
	return err;
}

static void __exit hwc_exit(void)
{
	hwc_akcipher_unregister_all();
	hwc_aead_unregister_all();
	hwc_skcipher_unregister_all();
	hwc_shash_unregister_all();
}

module_init(hwc_init);
module_exit(hwc_exit);

MODULE_DESCRIPTION("Crypto API algorithms on CPU crypto instructions (SHA-NI, AVX2, ...)");
MODULE_LICENSE("GPL");
MODULE_VERSION("0.1.0");

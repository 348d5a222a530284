// SPDX-License-Identifier: GPL-2.0
/* hwcrypt module: parameters, CPU features, registration order and unwinding. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include <linux/crypto.h>
#include <linux/slab.h>
#include <linux/delay.h>
#include <linux/refcount.h>
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

/* What this load registered, for hwc_wait_tested (no allocation: it runs in OOM unwinding). */
static struct crypto_alg *hwc_algs[128];
static unsigned int hwc_nalgs;

void hwc_note_registered(struct crypto_alg *alg)
{
	if (!WARN_ON_ONCE(hwc_nalgs == ARRAY_SIZE(hwc_algs)))
		hwc_algs[hwc_nalgs++] = alg;
	if (hwc_registered[0])
		strlcat(hwc_registered, " ", sizeof(hwc_registered));
	strlcat(hwc_registered, alg->cra_driver_name, sizeof(hwc_registered));
}

/*
 * 7.2 runs the self-test of a new algorithm in a kthread, and until that thread lets go, the
 * test's larval holds a reference to the algorithm and to this module. So:
 * - insmod would return before /proc/crypto says "passed", and an rmmod right after it would fail;
 * - a failed init must not unregister and return while a test runs. The module's memory is freed
 *   whatever its reference count, and the thread would then run freed code and put a freed
 *   module. (Found by fault injection on the 7.2 debug kernel: a WARNING in
 *   crypto_unregister_alg, oopses in cryptomgr_test, leftover larvals failing later loads with
 *   -EEXIST.)
 * A lookup by driver name waits for the verdict (older kernels waited in registration already);
 * a test the kernel never started, the lookup abandons after 60 s. After the verdict the test
 * thread still drops the larval and, with it, its reference to the algorithm: an unwinding init
 * waits for that too. A failed test is the kernel's to report and act on.
 */
static void __init hwc_wait_tested(bool unwinding)
{
	unsigned int i, ms;

	for (i = 0; i < hwc_nalgs; i++) {
		struct crypto_alg *alg = hwc_algs[i];

		if (!crypto_has_alg(alg->cra_driver_name, 0, 0) && !unwinding)
			pr_warn("%s: not usable after its self-test\n", alg->cra_driver_name);
		for (ms = 0; unwinding && refcount_read(&alg->cra_refcnt) > 1; ms += 10) {
			if (ms == 10000) {
				pr_err("%s: still in use after 10 s, unregistering anyway\n",
				       alg->cra_driver_name);
				break;
			}
			msleep(10);
		}
	}
}

static void hwc_unregister_all(void)
{
	hwc_akcipher_unregister_all();
	hwc_aead_unregister_all();
	hwc_skcipher_unregister_all();
	hwc_shash_unregister_all();
	hwc_nalgs = 0;
	hwc_registered[0] = '\0';
}

static int __init hwc_init(void)
{
	int err;

	hwc_cpu_features = hwc_arch_features();
	hwc_nalgs = 0;
	hwc_registered[0] = '\0';

	/* Each step leaves what it registered before a failure for the unwinding below. */
	err = hwc_shash_register_all();
	if (!err)
		err = hwc_skcipher_register_all();
	if (!err)
		err = hwc_aead_register_all();
	if (!err)
		err = hwc_akcipher_register_all();
	hwc_wait_tested(err);
	if (err) {
		hwc_unregister_all();
		return err;
	}

	if (!hwc_registered[0])
		pr_info("no supported " HWC_ARCH_NAME " crypto instructions on this CPU (features 0x%x): nothing registered\n",
			hwc_cpu_features);
	else
		pr_info("registered %s\n", hwc_registered);
	return 0;
}

static void __exit hwc_exit(void)
{
	hwc_unregister_all();
}

module_init(hwc_init);
module_exit(hwc_exit);

MODULE_DESCRIPTION("Crypto API algorithms on CPU crypto instructions (SHA-NI, AVX2, ...)");
MODULE_LICENSE("GPL");
MODULE_VERSION("0.1.0");

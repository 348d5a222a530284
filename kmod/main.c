// SPDX-License-Identifier: GPL-2.0
/* hwcrypt module: Crypto API algorithms on CPU crypto instructions; the registry does the work. */
#include <linux/init.h>
#include <linux/module.h>
#include <crypto/algapi.h>
#include "hwc_registry.h"

static int __init hwc_init(void)
{
	return hwc_registry_init();
}

static void __exit hwc_exit(void)
{
	hwc_registry_exit();
}

module_init(hwc_init);
module_exit(hwc_exit);

MODULE_DESCRIPTION("Crypto API algorithms on CPU crypto instructions (SHA-NI, AVX2, ...)");
MODULE_LICENSE("GPL");
MODULE_VERSION("0.1.0");

/*
 * Crypto aliases ("crypto-xts(aes)", "crypto-sha256-hwcrypt-shani" and the bare names): a
 * request_module() for an algorithm nobody serves yet, and modprobe by algorithm name, load
 * hwcrypt too. Autoload at boot is the arch's CPU-feature device table (<arch>/cpu.c).
 */
#define HWC_ALIAS(name) MODULE_ALIAS_CRYPTO(name);
#include "hwc_aliases_gen.h"	/* kmod/gen-aliases.sh, from the tables */

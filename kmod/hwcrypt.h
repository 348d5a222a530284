/* SPDX-License-Identifier: GPL-2.0 */
/* Internal interface between hwcrypt's module core (main.c) and its per-type glue. */
#ifndef HWCRYPT_INTERNAL_H
#define HWCRYPT_INTERNAL_H

#include <linux/types.h>

/* HWC_F_* bits of this CPU, decided once at load. */
extern unsigned int hwc_cpu_features;
/* cra_priority of the lowest tier; higher tiers of the same algorithm add to it. */
extern int hwc_priority;

/* Whether the disable= parameter names this driver or its implementation. */
bool hwc_disabled(const char *driver_name, const char *impl);
struct crypto_alg;
/*
 * Records a registered @alg: shown in /sys/module/hwcrypt/parameters/drivers, waited for and
 * unregistered by hwc_init if a later step fails.
 */
void hwc_note_registered(struct crypto_alg *alg);

/* On failure each leaves what it registered for hwc_init to unwind. */
int hwc_shash_register_all(void);
void hwc_shash_unregister_all(void);
int hwc_skcipher_register_all(void);
void hwc_skcipher_unregister_all(void);
int hwc_aead_register_all(void);
void hwc_aead_unregister_all(void);
int hwc_akcipher_register_all(void);
void hwc_akcipher_unregister_all(void);

#endif /* HWCRYPT_INTERNAL_H */

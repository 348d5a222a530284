/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto API's lock over its list of algorithms, for the registry. Lookups (by name and by
 * driver name) and registration's re-ranking read cra_priority only while holding it, and a
 * bound tfm never reads it: a priority written under it in write mode moves a driver at once
 * for every later lookup and for nobody already bound. Every kernel hwcrypt builds for exports
 * it (EXPORT_SYMBOL_GPL in crypto/api.c) but declares it in crypto/internal.h, which header
 * packages do not ship.
 */
#ifndef HWC_COMPAT_ALGAPI_H
#define HWC_COMPAT_ALGAPI_H

#include <linux/rwsem.h>

#ifndef COMPAT_HAVE_CRYPTO_ALG_SEM
#error "this kernel does not export crypto_alg_sem: priority=auto cannot move a registered driver"
#endif

extern struct rw_semaphore crypto_alg_sem;

#endif /* HWC_COMPAT_ALGAPI_H */

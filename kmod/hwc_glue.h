/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between hwcrypt's registry (registry.c: what registers, at which priority, in which order,
 * and what it served) and its glue (glue_sha.c, glue_aes.c, glue_rsa.c: what each algorithm is
 * and how its requests run). A glue file describes algorithms in a table of struct hwc_alg; it
 * registers nothing itself.
 */
#ifndef HWC_GLUE_H
#define HWC_GLUE_H

#include <linux/percpu.h>
#include <linux/types.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/akcipher.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/skcipher.h>
#include "hwc_arch.h"

/* The crypto API type a driver registers as. */
enum hwc_type { HWC_SHASH, HWC_SKCIPHER, HWC_AEAD, HWC_AKCIPHER };

/*
 * Priority classes. registry.c holds the one rule of each (which tiers register, the fixed
 * priority of each): a new algorithm picks the class of its in-tree peers.
 */
enum hwc_class { HWC_CLASS_HASH, HWC_CLASS_AES, HWC_CLASS_RSA, HWC_NCLASSES };

/*
 * One implementation tier of an algorithm, as the registry sees it. Every family's tier table
 * follows one convention: a tier with features 0 is portable C. Whether a table lists one or
 * not, the glue never takes its fallback (for contexts where SIMD is not usable) from an arch
 * table: each family's portable core in kmod/generic/ is named by the glue directly.
 */
struct hwc_tier {
	const char *impl;	/* "shani", "vaes-avx2": the last part of the driver name */
	unsigned int features;	/* HWC_F_* all required */
	const void *ops;	/* the family's table entry; NULL: this tier lacks the algorithm */
};

struct hwc_drv;

/* One algorithm (cra_name) of a glue file. */
struct hwc_alg {
	const char *cra_name;
	const char *driver;	/* driver names are "<driver>-hwcrypt-<impl>" */
	enum hwc_type type;
	enum hwc_class class;
	/* Tier @i of this algorithm into @t, slowest first; false past the last one. */
	bool (*tier)(const struct hwc_alg *alg, unsigned int i, struct hwc_tier *t);
	/*
	 * Sets the type's callbacks and sizes in @drv->alg; cra_name, cra_driver_name,
	 * cra_priority and cra_module are the registry's. May set @drv->glue.
	 */
	void (*fill)(struct hwc_drv *drv);
	const void *data;	/* the family's own description of the algorithm */
	/*
	 * priority=auto: the key lengths it times, in bytes ([1] 0: one), the AES key size of
	 * each in bits (for dmesg), and the associated-data bytes of the timed requests
	 */
	unsigned int bench_keylen[2], bench_keybits[2], bench_assoclen;
};

/*
 * Per-CPU counters of one driver (sysfs: requests, bytes, offload_*, fallback_*). Offload:
 * requests (hash updates) an engine completed and its bytes; fallback: requests an engine
 * took but did not complete, finished in-core, and their bytes left to the CPU.
 */
struct hwc_stat {
	u64 requests;
	u64 bytes;
	u64 offload_requests;
	u64 offload_bytes;
	u64 fallback_requests;
	u64 fallback_bytes;
};

/* One registered (or registrable) driver: one (algorithm, tier). */
struct hwc_drv {
	union {
		struct shash_alg shash;
		struct skcipher_alg skcipher;
		struct aead_alg aead;
		struct akcipher_alg akcipher;
	} alg;
	const struct hwc_alg *desc;
	struct hwc_tier tier;
	const void *glue;		/* what fill() wants to find again per request */
	struct hwc_stat __percpu *stat;
	/* Registry state: the rest is registry.c's. */
	int rank;			/* 0 for the slowest tier of this CPU, then 1, 2 ... */
	bool registered;
	char *placement;		/* sysfs placement line */
	struct kobject *kobj;		/* /sys/module/hwcrypt/drivers/<driver>/ */
};

/* The algorithm tables of the glue files, each ending with its count. */
extern const struct hwc_alg hwc_sha_algs[];
extern const unsigned int hwc_sha_nalgs;
extern const struct hwc_alg hwc_aes_algs[];
extern const unsigned int hwc_aes_nalgs;
extern const struct hwc_alg hwc_rsa_algs[];
extern const unsigned int hwc_rsa_nalgs;

/* HWC_F_* bits of this CPU, decided once at load (registry.c). */
extern unsigned int hwc_cpu_features;

/* A request the driver completed, of @bytes input bytes (@requests 0: input only, as update). */
static inline void hwc_count(const struct hwc_drv *drv, unsigned int requests, u64 bytes)
{
	this_cpu_add(drv->stat->requests, requests);
	this_cpu_add(drv->stat->bytes, bytes);
}

/* What an offload hook (hwc_arch_hooks.h) did with @total bytes of a request: @done of them. */
static inline void hwc_count_offload(const struct hwc_drv *drv, bool tried, u64 done, u64 total)
{
	if (!tried)
		return;
	this_cpu_add(drv->stat->offload_bytes, done);
	if (done == total) {
		this_cpu_inc(drv->stat->offload_requests);
	} else {
		this_cpu_inc(drv->stat->fallback_requests);
		this_cpu_add(drv->stat->fallback_bytes, total - done);
	}
}

/*
 * Enters a SIMD section if SIMD is usable here (not in a hard interrupt, nor in a softirq that
 * interrupted a kernel FPU user); false means: run the portable core instead.
 */
static inline bool hwc_simd_enter(void)
{
	if (!hwc_simd_usable())
		return false;
	hwc_simd_begin();
	return true;
}

/*
 * hwc_simd_enter() for a skcipher or aead request, which never runs in hard interrupt context:
 * where the arch and kernel make SIMD usable in every other context, it does not ask.
 */
static inline bool hwc_simd_enter_request(void)
{
	if (!hwc_simd_usable_in_request())
		return false;
	hwc_simd_begin();
	return true;
}

static inline void hwc_simd_leave(bool entered)
{
	if (entered)
		hwc_simd_end();
}

#endif /* HWC_GLUE_H */

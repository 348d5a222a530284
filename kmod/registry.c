// SPDX-License-Identifier: GPL-2.0
/*
 * hwcrypt's one registry: CPU features, which tiers of which algorithm register, at which
 * priority (a fixed rule per class, or priority=auto's race against the driver each one would
 * displace), disable=, the list of what registered and its statistics in sysfs, the wait for
 * the kernel's self-tests, and unwinding in reverse order.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/crypto.h>
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/workqueue.h>
#include <crypto/algapi.h>
#include "compat/algapi.h"
#include "hwc_glue.h"
#include "hwc_measure.h"
#include "hwc_registry.h"

unsigned int hwc_cpu_features __ro_after_init;

#ifdef HWC_ARCH_AES_PRIORITY_OFFSET
#define HWC_AES_PRIORITY_OFFSET	HWC_ARCH_AES_PRIORITY_OFFSET
#else
#define HWC_AES_PRIORITY_OFFSET	400
#endif

/*
 * priority=: "auto" (default), or a fixed base N. The class offsets (up to 1700) and tier ranks
 * are added to N, and cra_priority is an int: the bound keeps every sum far from overflowing
 * (INT_MAX wrapped to a negative priority), and still lies far above any in-tree driver (<= 2100).
 */
#define HWC_PRIO_MAX	1000000
static bool hwc_prio_auto = true;
static int hwc_prio_base = 500;

static int hwc_priority_set(const char *val, const struct kernel_param *kp)
{
	int n;

	if (sysfs_streq(val, "auto")) {
		hwc_prio_auto = true;
		return 0;
	}
	if (kstrtoint(val, 0, &n) || n < 0 || n > HWC_PRIO_MAX) {
		pr_err("priority=%s refused: auto, or a number from 0 to %d\n", val, HWC_PRIO_MAX);
		return -EINVAL;
	}
	hwc_prio_auto = false;
	hwc_prio_base = n;
	return 0;
}

static int hwc_priority_get(char *buf, const struct kernel_param *kp)
{
	return hwc_prio_auto ? sysfs_emit(buf, "auto\n") : sysfs_emit(buf, "%d\n", hwc_prio_base);
}

static const struct kernel_param_ops hwc_priority_ops = {
	.set = hwc_priority_set,
	.get = hwc_priority_get,
};
module_param_cb(priority, &hwc_priority_ops, NULL, 0444);
MODULE_PARM_DESC(priority, "auto (default): above the driver each algorithm would displace where measured at least as fast, else below it; N: fixed, N for hashes and rsa, N+" __stringify(HWC_AES_PRIORITY_OFFSET) " for AES, +1 per faster tier");

/* auto_force=: priority=auto's outcome without timing (guests, where timing means nothing). */
enum hwc_force { HWC_FORCE_NONE, HWC_FORCE_WIN, HWC_FORCE_LOSE };
static const char *const hwc_force_names[] = { "", "win", "lose" };
static enum hwc_force hwc_force;

static int hwc_force_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(hwc_force_names, val);

	if (i < 0)
		return -EINVAL;
	hwc_force = i;
	return 0;
}

static int hwc_force_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", hwc_force_names[hwc_force]);
}

static const struct kernel_param_ops hwc_force_ops = {
	.set = hwc_force_set,
	.get = hwc_force_get,
};
module_param_cb(auto_force, &hwc_force_ops, NULL, 0444);
MODULE_PARM_DESC(auto_force, "with priority=auto: win or lose every race without timing it (for tests); empty (default): measure");

static char *hwc_disable;
module_param_named(disable, hwc_disable, charp, 0444);
MODULE_PARM_DESC(disable, "comma-separated driver names (sha256-hwcrypt-shani) or implementations (shani, avx2) not to register");

/*
 * The priority rule of each class: the fixed priority of a driver is priority= (500 by default
 * and under priority=auto) plus the class offset plus the rank of its tier among those this CPU
 * has (slowest 0), which puts it above the strongest in-tree peer on 6.1, 6.12 and 7.2:
 * - hashes: in-tree drivers top out at 300 (7.2's *-lib shash) and 250 (6.1's SHA-NI glue);
 * - AES: at 800 (VAES-AVX-512 on 6.12 and 7.2), so +400; POWER's vmx drivers (p8_aes_*) use
 *   2000 and POWER10's GCM 2100, so its hwc_arch.h sets +1700;
 * - rsa: rsa-generic uses 100. Only the fastest tier registers, portable C included: unlike
 *   rsa-generic it is constant-time.
 * Hashes and AES never register their portable tier: where the CPU has no instructions for
 * them the kernel's own drivers serve. priority=auto keeps these numbers where hwcrypt wins
 * (or goes above a peer that ranks higher still) and goes just below the peer where it loses.
 * RSA is not raced: timing it needs a key pair in the module, and its peer leaks key bits
 * through timing, which no speed makes up for.
 */
static const struct hwc_class_rule {
	int offset;
	bool best_only;		/* register the fastest tier only, and the portable one may be it */
	const char *unraced;	/* priority=auto goes above the peer without a race, for this */
} hwc_class_rules[HWC_NCLASSES] = {
	[HWC_CLASS_HASH] = { 0, false, NULL },
	[HWC_CLASS_AES] = { HWC_AES_PRIORITY_OFFSET, false, NULL },
	[HWC_CLASS_RSA] = { 0, true, "not raced: constant-time, which rsa-generic is not" },
};

/* Registration order; unwinding runs backwards. */
static const struct {
	const struct hwc_alg *algs;
	const unsigned int *nalgs;
} hwc_families[] = {
	{ hwc_sha_algs, &hwc_sha_nalgs },
	{ hwc_aes_algs, &hwc_aes_nalgs },
	{ hwc_rsa_algs, &hwc_rsa_nalgs },
};

/* Everything this load may register, in registration order. */
static struct hwc_drv *hwc_drvs;
static unsigned int hwc_ndrvs;
static struct kobject *hwc_sysfs_dir;

static bool hwc_disabled(const char *driver_name, const char *impl)
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

static struct crypto_alg *hwc_base(struct hwc_drv *drv)
{
	switch (drv->desc->type) {
	case HWC_SHASH:
		return &drv->alg.shash.base;
	case HWC_SKCIPHER:
		return &drv->alg.skcipher.base;
	case HWC_AEAD:
		return &drv->alg.aead.base;
	default:
		return &drv->alg.akcipher.base;
	}
}

static int hwc_register(struct hwc_drv *drv)
{
	int err;

	switch (drv->desc->type) {
	case HWC_SHASH:
		err = crypto_register_shash(&drv->alg.shash);
		break;
	case HWC_SKCIPHER:
		err = crypto_register_skcipher(&drv->alg.skcipher);
		break;
	case HWC_AEAD:
		err = crypto_register_aead(&drv->alg.aead);
		break;
	default:
		err = crypto_register_akcipher(&drv->alg.akcipher);
		break;
	}
	if (err)
		pr_err("registering %s failed: %d\n", hwc_base(drv)->cra_driver_name, err);
	drv->registered = !err;
	return err;
}

static void hwc_unregister(struct hwc_drv *drv)
{
	if (!drv->registered)
		return;
	switch (drv->desc->type) {
	case HWC_SHASH:
		crypto_unregister_shash(&drv->alg.shash);
		break;
	case HWC_SKCIPHER:
		crypto_unregister_skcipher(&drv->alg.skcipher);
		break;
	case HWC_AEAD:
		crypto_unregister_aead(&drv->alg.aead);
		break;
	default:
		crypto_unregister_akcipher(&drv->alg.akcipher);
		break;
	}
	drv->registered = false;
}

/*
 * Kernels with COMPAT_ASYNC_SELFTEST (6.12 on) run the self-test of a new algorithm in a
 * kthread, and until that thread lets go, the test's larval holds a reference to the algorithm
 * and to this module. So:
 * - insmod would return before /proc/crypto says "passed", and an rmmod right after it would fail;
 * - a failed init must not unregister and return while a test runs. The module's memory is freed
 *   whatever its reference count, and the thread would then run freed code and put a freed
 *   module. (Found by fault injection on the 7.2 debug kernel: a WARNING in
 *   crypto_unregister_alg, oopses in cryptomgr_test, leftover larvals failing later loads with
 *   -EEXIST.)
 * A lookup by driver name waits for the verdict (older kernels waited in registration already);
 * a test the kernel never started, the lookup abandons after 60 s. After the verdict the test
 * thread still drops the larval and, with it, its reference to the algorithm: whatever
 * unregisters a driver during init (unwinding, priority=auto moving it) waits for that too.
 * A failed test is the kernel's to report and act on.
 */
static void hwc_wait_tested(struct hwc_drv *drv, bool report)
{
	struct crypto_alg *alg = hwc_base(drv);

	if (!crypto_has_alg(alg->cra_driver_name, 0, 0) && report)
		pr_warn("%s: not usable after its self-test\n", alg->cra_driver_name);
}

/* Whether nothing but the registration holds @drv, after the self-test thread let go. */
static bool hwc_wait_idle(struct hwc_drv *drv)
{
	struct crypto_alg *alg = hwc_base(drv);
#if COMPAT_ASYNC_SELFTEST
	unsigned int ms;

	hwc_wait_tested(drv, false);
	for (ms = 0; refcount_read(&alg->cra_refcnt) > 1 && ms < 10000; ms += 10)
		msleep(20);
#endif
	return refcount_read(&alg->cra_refcnt) == 1;
}

static void hwc_set_priority(struct hwc_drv *drv, int priority)
{
	WRITE_ONCE(hwc_base(drv)->cra_priority, priority);
}

/* The fixed priority of @drv's class and tier (priority=N, or the base under auto). */
static int hwc_fixed_priority(const struct hwc_drv *drv)
{
	return hwc_prio_base + hwc_class_rules[drv->desc->class].offset + drv->rank;
}

/*
 * Builds hwc_drvs: for each algorithm, the tiers this CPU has, ranked, minus disable=. Fills
 * names and callbacks; registers nothing.
 */
static int hwc_build(void)
{
	unsigned int f, a, i, n = 0;
	struct hwc_tier t;

	for (f = 0; f < ARRAY_SIZE(hwc_families); f++)
		for (a = 0; a < *hwc_families[f].nalgs; a++)
			for (i = 0; hwc_families[f].algs[a].tier(&hwc_families[f].algs[a], i, &t); i++)
				n++;
	hwc_drvs = kcalloc(n, sizeof(*hwc_drvs), GFP_KERNEL);
	if (!hwc_drvs)
		return -ENOMEM;

	for (f = 0; f < ARRAY_SIZE(hwc_families); f++) {
		for (a = 0; a < *hwc_families[f].nalgs; a++) {
			const struct hwc_alg *alg = &hwc_families[f].algs[a];
			const struct hwc_class_rule *rule = &hwc_class_rules[alg->class];
			struct hwc_drv *best = NULL;
			char name[CRYPTO_MAX_ALG_NAME];
			int rank = 0;

			for (i = 0; alg->tier(alg, i, &t); i++) {
				struct hwc_drv *drv = &hwc_drvs[hwc_ndrvs];
				struct crypto_alg *base;

				if (!t.ops || (t.features & hwc_cpu_features) != t.features ||
				    (!t.features && !rule->best_only))
					continue;
				snprintf(name, sizeof(name), "%s-hwcrypt-%s", alg->driver, t.impl);
				/*
				 * best_only: each better tier takes the slot of the one before, but
				 * not a disabled one, so that disable= of a tier (by its impl name,
				 * which other families share) falls back instead of leaving the
				 * algorithm to the kernel's own driver.
				 */
				if (hwc_disabled(name, t.impl))
					continue;
				if (best)
					drv = best;
				memset(drv, 0, sizeof(*drv));
				drv->desc = alg;
				drv->tier = t;
				drv->rank = rank++;
				base = hwc_base(drv);
				strscpy(base->cra_name, alg->cra_name, sizeof(base->cra_name));
				strscpy(base->cra_driver_name, name, sizeof(base->cra_driver_name));
				base->cra_module = THIS_MODULE;
				if (rule->best_only) {
					best = drv;
					continue;
				}
				hwc_ndrvs++;
			}
			if (best)
				hwc_ndrvs++;
		}
	}
	for (i = 0; i < hwc_ndrvs; i++) {
		struct hwc_drv *drv = &hwc_drvs[i];

		drv->desc->fill(drv);
		hwc_set_priority(drv, hwc_fixed_priority(drv));
		drv->stat = alloc_percpu(struct hwc_stat);
		if (!drv->stat)
			return -ENOMEM;
	}
	return 0;
}

/* ---- priority=auto ---- */

static const char *hwc_size_name(unsigned int bytes, char *buf, size_t len)
{
	if (bytes >= 1024 && !(bytes % 1024))
		snprintf(buf, len, "%u KiB", bytes / 1024);
	else
		snprintf(buf, len, "%u B", bytes);
	return buf;
}

/*
 * One algorithm's drivers [first, end) and the decision about them: @peer is the driver the
 * kernel would pick for the algorithm without hwcrypt, found at load or registered since.
 */
struct hwc_place {
	unsigned int first, end;
	char *peer;
	int peer_priority;
	bool above;
	char *why;
};

/*
 * The placements, from load to unload. hwc_place_lock orders the load's decisions, the later
 * re-decisions (hwc_late_work) and sysfs readers of the placement lines.
 */
static struct hwc_place *hwc_places;
static unsigned int hwc_nplaces;
static DEFINE_MUTEX(hwc_place_lock);

/*
 * Priorities for @p's outcome: the fixed ones (or above a higher peer), or just below the peer.
 * Registered drivers move in place, all of the algorithm's tiers under one hold of the crypto
 * API's lock (compat/algapi.h): a lookup sees them before or after, never half moved, and
 * whoever is bound to one keeps it. Re-registering instead would unregister a driver that a
 * bind may take between any idle check and the unregistration (the kernel's refcount check
 * there then fires); a priority changed in place has no such window. Its cost: template
 * instances built on the peer before the move (essiv(cbc(aes),...)) stay as they were, where a
 * registration would have retired them.
 */
static void hwc_place_priorities(const struct hwc_place *p, bool above)
{
	bool live = hwc_drvs[p->first].registered;
	unsigned int i;
	int top = hwc_drvs[p->end - 1].rank;

	if (live)
		down_write(&crypto_alg_sem);
	for (i = p->first; i < p->end; i++) {
		struct hwc_drv *drv = &hwc_drvs[i];

		if (above)
			hwc_set_priority(drv, max(hwc_fixed_priority(drv) - drv->rank,
						  p->peer_priority + 1) + drv->rank);
		else
			hwc_set_priority(drv, p->peer_priority - 1 - top + drv->rank);
	}
	if (live)
		up_write(&crypto_alg_sem);
}

/*
 * The race of @p's fastest driver against its peer, with the dmesg line and the reason: above
 * only if at least as fast in every case at every size; the figures shown per size are those
 * of the case where hwcrypt fares worst against the peer.
 */
static bool hwc_place_race(struct hwc_place *p)
{
	struct hwc_drv *best = &hwc_drvs[p->end - 1];
	const char *ours = hwc_base(best)->cra_driver_name;
	struct hwc_race r;
	char sz[HWC_RACE_NSIZES][16], cn[HWC_RACE_NSIZES][32], rest[256];
	unsigned int w[HWC_RACE_NSIZES] = { 0 };
	size_t len = 0;
	bool win = true;
	unsigned int c, i;
	int err;

	err = hwc_race(best->desc, ours, p->peer, &r);
	if (err) {
		/* Not shown to be at least as fast: never displace the peer on a guess. */
		pr_info("%s: %s vs %s: not measured (%d): below\n", best->desc->cra_name, ours,
			p->peer, err);
		p->why = kasprintf(GFP_KERNEL, "not measured (error %d)", err);
		return false;
	}
	for (c = 0; c < r.ncases; c++) {
		for (i = 0; i < HWC_RACE_NSIZES; i++) {
			win &= r.ours[c][i] >= r.peer[c][i];
			/* ours/peer lower in case c than in w[i] (MB/s fit in 32 bits) */
			if (r.ours[c][i] * r.peer[w[i]][i] < r.ours[w[i]][i] * r.peer[c][i])
				w[i] = c;
		}
	}
	rest[0] = 0;
	for (i = 0; i < HWC_RACE_NSIZES; i++) {
		hwc_size_name(hwc_race_sizes[i], sz[i], sizeof(sz[i]));
		hwc_race_case_name(best->desc, w[i], cn[i], sizeof(cn[i]));
		if (i)
			len += scnprintf(rest + len, sizeof(rest) - len,
					 ", %llu vs %llu MB/s at %s (%s)", r.ours[w[i]][i],
					 r.peer[w[i]][i], sz[i], cn[i]);
	}
	pr_info("%s: %s %llu MB/s vs %s %llu MB/s at %s (%s)%s: %s\n", best->desc->cra_name, ours,
		r.ours[w[0]][0], p->peer, r.peer[w[0]][0], sz[0], cn[0], rest,
		win ? "above" : "below");
	p->why = kasprintf(GFP_KERNEL, "%s %llu vs %llu MB/s at %s (%s)%s", ours, r.ours[w[0]][0],
			   r.peer[w[0]][0], sz[0], cn[0], rest);
	return win;
}

static int hwc_register_range(unsigned int first, unsigned int end)
{
	unsigned int i;
	int err;

	for (i = first; i < end; i++) {
		err = hwc_register(&hwc_drvs[i]);
		if (err)
			return err;
	}
	return 0;
}

/* Caller holds hwc_place_lock (sysfs reads the lines under it). */
static __printf(2, 3) void hwc_set_placement(const struct hwc_place *p, const char *fmt, ...)
{
	unsigned int i;
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = kvasprintf(GFP_KERNEL, fmt, ap);
	va_end(ap);
	for (i = p->first; i < p->end; i++) {
		kfree(hwc_drvs[i].placement);
		hwc_drvs[i].placement = i == p->first ? line : kstrdup(line, GFP_KERNEL);
	}
}

/*
 * priority=auto for one algorithm whose drivers are registered and whose peer is @p->peer:
 * forced, unraced or raced, then placed above or below it (in place) and the placement line
 * written; @late names the moment when the peer registered after hwcrypt.
 */
static void hwc_place_decide(struct hwc_place *p, const char *late)
{
	const char *unraced = hwc_class_rules[hwc_drvs[p->first].desc->class].unraced;

	kfree(p->why);
	p->why = NULL;
	if (hwc_force != HWC_FORCE_NONE) {
		p->above = hwc_force == HWC_FORCE_WIN;
		p->why = kasprintf(GFP_KERNEL, "auto_force=%s", hwc_force_names[hwc_force]);
	} else if (unraced) {
		p->above = true;
		p->why = kstrdup(unraced, GFP_KERNEL);
	} else {
		p->above = hwc_place_race(p);
	}
	hwc_place_priorities(p, p->above);
	hwc_set_placement(p, "%s %s%s%s%s", p->above ? "above" : "below", p->peer,
			  p->why ? ": " : "", p->why ?: "", late ?: "");
}

/* ---- priority=auto: peers that register after hwcrypt ---- */

/*
 * A driver that registers after hwcrypt's load (aesni_intel loaded by udev a moment later, a
 * template instance built for a user) may be the one the kernel would now pick without hwcrypt:
 * the notifier notes it, and the work below races it. The notifier runs inside the other
 * driver's registration (the crypto API's chain, before its self-test): it only copies what it
 * needs. CRYPTO_MSG_ALG_REGISTER, because every kernel from 5.10 to 7.3 sends it with the
 * algorithm itself (CRYPTO_MSG_ALG_LOADED carries the test larval up to 6.x and the algorithm
 * in 7.x) and outside crypto_alg_sem; the crypto manager answers it with NOTIFY_STOP, so this
 * notifier ranks before it and always passes it on.
 */
struct hwc_late_peer {
	struct list_head list;
	char cra_name[CRYPTO_MAX_ALG_NAME];
	char driver[CRYPTO_MAX_ALG_NAME];
	int priority;
};

static LIST_HEAD(hwc_late_peers);
static DEFINE_SPINLOCK(hwc_late_lock);

/* Whether any of hwcrypt's drivers is of @cra_name (hwc_drvs is fixed once built). */
static bool hwc_serves(const char *cra_name)
{
	unsigned int i;

	for (i = 0; i < hwc_ndrvs; i++)
		if (!strcmp(hwc_drvs[i].desc->cra_name, cra_name))
			return true;
	return false;
}

static void hwc_late_work_fn(struct work_struct *work);
static DECLARE_WORK(hwc_late_work, hwc_late_work_fn);

static int hwc_late_notify(struct notifier_block *nb, unsigned long msg, void *data)
{
	const struct crypto_alg *alg = data;
	struct hwc_late_peer *lp;

	/*
	 * Not hwcrypt's own drivers, nor instances built on them ("rfc4106(gcm-aes-hwcrypt-...)",
	 * by the naming rule), nor internal helpers nobody can pick by cra_name.
	 */
	if (msg != CRYPTO_MSG_ALG_REGISTER || !alg || alg->cra_module == THIS_MODULE ||
	    (alg->cra_flags & CRYPTO_ALG_INTERNAL) || strstr(alg->cra_driver_name, "-hwcrypt-") ||
	    !hwc_serves(alg->cra_name))
		return NOTIFY_DONE;
	lp = kzalloc_obj(*lp, GFP_KERNEL);
	if (!lp) {
		pr_warn("%s: registered after hwcrypt, not raced: out of memory\n",
			alg->cra_driver_name);
		return NOTIFY_DONE;
	}
	strscpy(lp->cra_name, alg->cra_name, sizeof(lp->cra_name));
	strscpy(lp->driver, alg->cra_driver_name, sizeof(lp->driver));
	lp->priority = alg->cra_priority;
	spin_lock(&hwc_late_lock);
	list_add_tail(&lp->list, &hwc_late_peers);
	spin_unlock(&hwc_late_lock);
	queue_work(system_unbound_wq, &hwc_late_work);
	return NOTIFY_DONE;
}

static struct notifier_block hwc_late_nb = {
	.notifier_call = hwc_late_notify,
	.priority = 1,	/* before the crypto manager's NOTIFY_STOP */
};
static bool hwc_late_registered;

/*
 * One driver that registered after hwcrypt: if it outranks the peer its algorithm was placed
 * against (or there was none), it is the new peer once its self-test passed, and the algorithm
 * is decided again against it.
 */
static void hwc_late_place(const struct hwc_late_peer *lp)
{
	struct hwc_place *p = NULL;
	unsigned int i;
	char *late;

	for (i = 0; i < hwc_nplaces && !p; i++)
		if (!strcmp(hwc_drvs[hwc_places[i].first].desc->cra_name, lp->cra_name))
			p = &hwc_places[i];
	if (!p || (p->peer && (lp->priority <= p->peer_priority || !strcmp(p->peer, lp->driver))))
		return;
	/* Waits for its self-test; NOLOAD: it is registered, or gone again. */
	if (!crypto_has_alg(lp->driver, 0, CRYPTO_NOLOAD)) {
		pr_info("%s: %s registered after hwcrypt but is not usable: not raced\n", lp->cra_name,
			lp->driver);
		return;
	}
	late = kstrdup(lp->driver, GFP_KERNEL);
	if (!late)
		return;
	pr_info("%s: %s (priority %d) registered after hwcrypt, above %s: deciding again\n",
		lp->cra_name, lp->driver, lp->priority, p->peer ?: "no peer");
	kfree(p->peer);
	p->peer = late;
	p->peer_priority = lp->priority;
	hwc_place_decide(p, " (re-placed: registered after hwcrypt)");
	pr_info("%s: now %s\n", lp->cra_name, hwc_drvs[p->first].placement ?: "?");
}

static void hwc_late_work_fn(struct work_struct *work)
{
	struct hwc_late_peer *lp;

	mutex_lock(&hwc_place_lock);
	for (;;) {
		spin_lock(&hwc_late_lock);
		lp = list_first_entry_or_null(&hwc_late_peers, struct hwc_late_peer, list);
		if (lp)
			list_del(&lp->list);
		spin_unlock(&hwc_late_lock);
		if (!lp)
			break;
		hwc_late_place(lp);
		kfree(lp);
	}
	mutex_unlock(&hwc_place_lock);
}

/* Stops the notes and the work, and drops what was noted; nothing is re-decided after this. */
static void hwc_late_stop(void)
{
	struct hwc_late_peer *lp, *n;

	if (!hwc_late_registered)
		return;
	crypto_unregister_notifier(&hwc_late_nb);
	hwc_late_registered = false;
	cancel_work_sync(&hwc_late_work);
	list_for_each_entry_safe(lp, n, &hwc_late_peers, list) {
		list_del(&lp->list);
		kfree(lp);
	}
}

static void hwc_places_free(void)
{
	unsigned int i;

	for (i = 0; i < hwc_nplaces; i++) {
		kfree(hwc_places[i].peer);
		kfree(hwc_places[i].why);
	}
	kfree(hwc_places);
	hwc_places = NULL;
	hwc_nplaces = 0;
}

/*
 * Registers everything. priority=N: at the fixed priorities. priority=auto: first each
 * algorithm's peer, found before any of hwcrypt's drivers exists (so that no template the
 * kernel instantiates for the lookup is built on one of them); then, per algorithm, registered
 * below the peer (where a race finds both), and forced, unraced or raced to above or below it.
 * The notifier is up before the lookups, so that a peer registering from then on is raced
 * when the work gets hwc_place_lock, which this holds until every algorithm is placed.
 */
static int hwc_register_all(void)
{
	unsigned int i, first;
	int err = 0;

	if (!hwc_prio_auto) {
		for (i = 0; i < hwc_ndrvs; i++)
			hwc_drvs[i].placement = kasprintf(GFP_KERNEL, "fixed: priority=%d",
							  hwc_prio_base);
		return hwc_register_range(0, hwc_ndrvs);
	}

	hwc_places = kcalloc(hwc_ndrvs, sizeof(*hwc_places), GFP_KERNEL);
	if (!hwc_places)
		return -ENOMEM;
	err = crypto_register_notifier(&hwc_late_nb);
	if (err)
		return err;
	hwc_late_registered = true;
	mutex_lock(&hwc_place_lock);
	for (first = 0; first < hwc_ndrvs; first = hwc_places[hwc_nplaces++].end) {
		struct hwc_place *p = &hwc_places[hwc_nplaces];

		p->first = first;
		for (p->end = first + 1; p->end < hwc_ndrvs &&
		     hwc_drvs[p->end].desc == hwc_drvs[first].desc; p->end++)
			;
		p->peer = hwc_peer(hwc_drvs[first].desc, &p->peer_priority);
	}

	for (i = 0; i < hwc_nplaces && !err; i++) {
		struct hwc_place *p = &hwc_places[i];
		const char *unraced;

		if (!p->peer) {
			hwc_set_placement(p, "no-peer");
			err = hwc_register_range(p->first, p->end);
			continue;
		}
		/*
		 * Where the outcome is known without a race, registered there at once: a
		 * registration above the peer retires template instances built on it, which a
		 * move in place does not (hwc_place_priorities()).
		 */
		unraced = hwc_class_rules[hwc_drvs[p->first].desc->class].unraced;
		hwc_place_priorities(p, hwc_force == HWC_FORCE_WIN ||
				     (hwc_force == HWC_FORCE_NONE && unraced));
		err = hwc_register_range(p->first, p->end);
		if (!err)
			hwc_place_decide(p, NULL);
	}
	mutex_unlock(&hwc_place_lock);
	return err;
}

/* ---- statistics: /sys/module/hwcrypt/drivers/<driver>/ ---- */

static struct hwc_drv *hwc_sysfs_drv(struct kobject *kobj)
{
	unsigned int i;

	for (i = 0; i < hwc_ndrvs; i++)
		if (hwc_drvs[i].kobj == kobj)
			return &hwc_drvs[i];
	return NULL;
}

/* The sum over CPUs of the u64 counter at byte @off of struct hwc_stat. */
static u64 hwc_stat_sum(const struct hwc_drv *drv, size_t off)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(*(const u64 *)((const char *)per_cpu_ptr(drv->stat, cpu) + off));
	return sum;
}

static ssize_t hwc_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct hwc_drv *drv = hwc_sysfs_drv(kobj);

	if (!drv)
		return -ENODEV;
	if (!strcmp(attr->attr.name, "cra_name"))
		return sysfs_emit(buf, "%s\n", hwc_base(drv)->cra_name);
	if (!strcmp(attr->attr.name, "priority"))
		return sysfs_emit(buf, "%d\n", READ_ONCE(hwc_base(drv)->cra_priority));
	if (!strcmp(attr->attr.name, "requests"))
		return sysfs_emit(buf, "%llu\n", hwc_stat_sum(drv, offsetof(struct hwc_stat, requests)));
	if (!strcmp(attr->attr.name, "bytes"))
		return sysfs_emit(buf, "%llu\n", hwc_stat_sum(drv, offsetof(struct hwc_stat, bytes)));
	if (!strcmp(attr->attr.name, "offload_requests"))
		return sysfs_emit(buf, "%llu\n",
				  hwc_stat_sum(drv, offsetof(struct hwc_stat, offload_requests)));
	if (!strcmp(attr->attr.name, "offload_bytes"))
		return sysfs_emit(buf, "%llu\n",
				  hwc_stat_sum(drv, offsetof(struct hwc_stat, offload_bytes)));
	if (!strcmp(attr->attr.name, "fallback_requests"))
		return sysfs_emit(buf, "%llu\n",
				  hwc_stat_sum(drv, offsetof(struct hwc_stat, fallback_requests)));
	if (!strcmp(attr->attr.name, "fallback_bytes"))
		return sysfs_emit(buf, "%llu\n",
				  hwc_stat_sum(drv, offsetof(struct hwc_stat, fallback_bytes)));
	if (!strcmp(attr->attr.name, "placement")) {
		ssize_t n;

		mutex_lock(&hwc_place_lock);
		n = sysfs_emit(buf, "%s\n", drv->placement ?: "");
		mutex_unlock(&hwc_place_lock);
		return n;
	}
	return -ENODEV;
}

/*
 * The counters are root's alone: readable by all, they let any local user follow another's
 * RSA operations and traffic volume as they happen. What a driver is and where it sits is not
 * private.
 */
static struct kobj_attribute hwc_attr_cra_name = __ATTR(cra_name, 0444, hwc_show, NULL);
static struct kobj_attribute hwc_attr_priority = __ATTR(priority, 0444, hwc_show, NULL);
static struct kobj_attribute hwc_attr_requests = __ATTR(requests, 0400, hwc_show, NULL);
static struct kobj_attribute hwc_attr_bytes = __ATTR(bytes, 0400, hwc_show, NULL);
static struct kobj_attribute hwc_attr_placement = __ATTR(placement, 0444, hwc_show, NULL);
static struct kobj_attribute hwc_attr_oreq = __ATTR(offload_requests, 0400, hwc_show, NULL);
static struct kobj_attribute hwc_attr_obytes = __ATTR(offload_bytes, 0400, hwc_show, NULL);
static struct kobj_attribute hwc_attr_freq = __ATTR(fallback_requests, 0400, hwc_show, NULL);
static struct kobj_attribute hwc_attr_fbytes = __ATTR(fallback_bytes, 0400, hwc_show, NULL);

static struct attribute *hwc_attrs[] = {
	&hwc_attr_cra_name.attr,
	&hwc_attr_priority.attr,
	&hwc_attr_requests.attr,
	&hwc_attr_bytes.attr,
	&hwc_attr_placement.attr,
	&hwc_attr_oreq.attr,
	&hwc_attr_obytes.attr,
	&hwc_attr_freq.attr,
	&hwc_attr_fbytes.attr,
	NULL,
};

static const struct attribute_group hwc_attr_group = {
	.attrs = hwc_attrs,
};

static void hwc_sysfs_remove(void)
{
	unsigned int i;

	for (i = hwc_ndrvs; i-- > 0; ) {
		if (hwc_drvs[i].kobj) {
			sysfs_remove_group(hwc_drvs[i].kobj, &hwc_attr_group);
			kobject_put(hwc_drvs[i].kobj);
			hwc_drvs[i].kobj = NULL;
		}
	}
	kobject_put(hwc_sysfs_dir);
	hwc_sysfs_dir = NULL;
}

/* Statistics are an aid, not a service: without them the drivers still serve. */
static void hwc_sysfs_add(void)
{
	unsigned int i;

	hwc_sysfs_dir = kobject_create_and_add("drivers", &THIS_MODULE->mkobj.kobj);
	for (i = 0; hwc_sysfs_dir && i < hwc_ndrvs; i++) {
		struct hwc_drv *drv = &hwc_drvs[i];
		struct kobject *kobj;

		if (!drv->registered)
			continue;
		kobj = kobject_create_and_add(hwc_base(drv)->cra_driver_name, hwc_sysfs_dir);
		if (kobj && sysfs_create_group(kobj, &hwc_attr_group)) {
			kobject_put(kobj);
			kobj = NULL;
		}
		if (!kobj) {
			pr_warn("no statistics in sysfs: cannot create them\n");
			hwc_sysfs_remove();
			return;
		}
		drv->kobj = kobj;
	}
}

/* Counting starts once loaded: neither self-tests nor the race are requests users made. */
static void hwc_stat_zero(struct hwc_drv *drv)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(drv->stat, cpu), 0, sizeof(struct hwc_stat));
}

static void hwc_free_all(void)
{
	unsigned int i;

	hwc_places_free();
	for (i = 0; hwc_drvs && i < hwc_ndrvs; i++) {
		free_percpu(hwc_drvs[i].stat);
		kfree(hwc_drvs[i].placement);
	}
	kfree(hwc_drvs);
	hwc_drvs = NULL;
	hwc_ndrvs = 0;
}

static void hwc_unregister_all(void)
{
	unsigned int i;

	for (i = hwc_ndrvs; i-- > 0; )
		hwc_unregister(&hwc_drvs[i]);
}

int __init hwc_registry_init(void)
{
	unsigned int i, nreg = 0;
	int err;

	hwc_cpu_features = hwc_arch_features();
	err = hwc_build();
	if (!err)
		err = hwc_register_all();
	/* Each step leaves what it registered before a failure for the unwinding below. */
	for (i = 0; i < hwc_ndrvs; i++) {
		if (!hwc_drvs[i].registered)
			continue;
		hwc_wait_tested(&hwc_drvs[i], !err);
		if (err)
			hwc_wait_idle(&hwc_drvs[i]);
		nreg++;
	}
	if (err) {
		hwc_late_stop();
		hwc_unregister_all();
		hwc_arch_unregister();
		hwc_free_all();
		return err;
	}

	for (i = 0; i < hwc_ndrvs; i++)
		hwc_stat_zero(&hwc_drvs[i]);
	hwc_sysfs_add();
	if (!nreg)
		pr_info("no supported " HWC_ARCH_NAME " crypto instructions on this CPU (features 0x%x): nothing registered\n",
			hwc_cpu_features);
	else
		pr_info("registered %u drivers (priority=%s): /sys/module/hwcrypt/drivers/\n", nreg,
			hwc_prio_auto ? "auto" : "fixed");
	return 0;
}

void hwc_registry_exit(void)
{
	hwc_late_stop();
	hwc_arch_unregister();
	hwc_sysfs_remove();
	hwc_unregister_all();
	hwc_free_all();
}

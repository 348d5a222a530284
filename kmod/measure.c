// SPDX-License-Identifier: GPL-2.0
/*
 * priority=auto's race: hwcrypt's driver against the one the kernel would otherwise pick,
 * both through the crypto API by driver name, so that each side pays what a user pays (the
 * peer's SIMD wrapper or template included). Short, bounded and interleaved, as lib/raid6 and
 * crypto/xor.c time their implementations at load.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/aead.h>
#include <crypto/akcipher.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include "hwc_measure.h"

const unsigned int hwc_race_sizes[HWC_RACE_NSIZES] = { 16384, 256 };

/*
 * Per round, each side in turn: an untimed warm-up of HWC_RACE_WARM_NS, then one slice of
 * HWC_RACE_SLICE_NS per size (at least one request each); the side that goes first alternates
 * between rounds. The warm-up is there because a side's speed depends on what ran just before
 * it: on an Intel Xeon (family 6 model 167) the CPU took 2-5 ms to return to its clock after
 * hwcrypt's zmm GCM, so the kernel's GCM timed in a 1 ms slice right after it ran at 0.92x its
 * own steady speed, and a race of 1 ms slices called hwcrypt 1.07x the kernel where 40 ms runs
 * (and dm-crypt or IPsec, which keep one driver busy) measure 0.94x (the same cores and the
 * kernel's asm timed on the host, bench_aes --forms; see its race). Best of the rounds, about
 * 30 ms per algorithm; a round never starts once HWC_RACE_BUDGET_NS have gone (on a slow or
 * emulated CPU, where one request may take longer than a slice, that bounds the whole race).
 */
#define HWC_RACE_ROUNDS		2
#define HWC_RACE_WARM_NS	(5 * NSEC_PER_MSEC)
#define HWC_RACE_SLICE_NS	(1 * NSEC_PER_MSEC)
#define HWC_RACE_BUDGET_NS	(30 * NSEC_PER_MSEC)
/* Room after the text: the aead tag. */
#define HWC_RACE_SLACK		64

/* One side of the race: a tfm allocated by driver name, keyed, and its request. */
struct hwc_side {
	enum hwc_type type;
	union {
		struct crypto_shash *shash;
		struct crypto_skcipher *skcipher;
		struct crypto_aead *aead;
	} tfm;
	struct shash_desc *desc;
	struct skcipher_request *skreq;
	struct aead_request *areq;
	struct crypto_wait wait;
	struct scatterlist sg;
	u8 iv[32];
	u8 digest[64];
};

static void hwc_side_close(struct hwc_side *s)
{
	switch (s->type) {
	case HWC_SHASH:
		kfree_sensitive(s->desc);
		crypto_free_shash(s->tfm.shash);
		break;
	case HWC_SKCIPHER:
		skcipher_request_free(s->skreq);
		crypto_free_skcipher(s->tfm.skcipher);
		break;
	case HWC_AEAD:
		aead_request_free(s->areq);
		crypto_free_aead(s->tfm.aead);
		break;
	default:
		break;
	}
}

static int hwc_side_open(struct hwc_side *s, const struct hwc_alg *alg, const char *driver,
			 const u8 *key)
{
	int err = -ENOMEM;

	memset(s, 0, sizeof(*s));
	s->type = alg->type;
	crypto_init_wait(&s->wait);
	switch (alg->type) {
	case HWC_SHASH:
		s->tfm.shash = crypto_alloc_shash(driver, 0, 0);
		if (IS_ERR(s->tfm.shash))
			return PTR_ERR(s->tfm.shash);
		s->desc = kzalloc(sizeof(*s->desc) + crypto_shash_descsize(s->tfm.shash),
				  GFP_KERNEL);
		if (!s->desc)
			break;
		s->desc->tfm = s->tfm.shash;
		return 0;
	case HWC_SKCIPHER:
		s->tfm.skcipher = crypto_alloc_skcipher(driver, 0, 0);
		if (IS_ERR(s->tfm.skcipher))
			return PTR_ERR(s->tfm.skcipher);
		err = crypto_skcipher_setkey(s->tfm.skcipher, key, alg->bench_keylen);
		if (err)
			break;
		err = -ENOMEM;
		s->skreq = skcipher_request_alloc(s->tfm.skcipher, GFP_KERNEL);
		if (!s->skreq)
			break;
		skcipher_request_set_callback(s->skreq, CRYPTO_TFM_REQ_MAY_SLEEP |
					      CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &s->wait);
		return 0;
	case HWC_AEAD:
		s->tfm.aead = crypto_alloc_aead(driver, 0, 0);
		if (IS_ERR(s->tfm.aead))
			return PTR_ERR(s->tfm.aead);
		err = crypto_aead_setkey(s->tfm.aead, key, alg->bench_keylen);
		if (err)
			break;
		err = -ENOMEM;
		s->areq = aead_request_alloc(s->tfm.aead, GFP_KERNEL);
		if (!s->areq)
			break;
		aead_request_set_callback(s->areq, CRYPTO_TFM_REQ_MAY_SLEEP |
					  CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &s->wait);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
	hwc_side_close(s);
	return err;
}

/* One request of @len bytes of text in @buf, encrypting in place. */
static int hwc_side_run(struct hwc_side *s, const struct hwc_alg *alg, u8 *buf, unsigned int len)
{
	switch (s->type) {
	case HWC_SHASH:
		return crypto_shash_digest(s->desc, buf, len, s->digest);
	case HWC_SKCIPHER:
		sg_init_one(&s->sg, buf, len);
		skcipher_request_set_crypt(s->skreq, &s->sg, &s->sg, len, s->iv);
		return crypto_wait_req(crypto_skcipher_encrypt(s->skreq), &s->wait);
	case HWC_AEAD:
		sg_init_one(&s->sg, buf, alg->bench_assoclen + len + HWC_RACE_SLACK);
		aead_request_set_ad(s->areq, alg->bench_assoclen);
		aead_request_set_crypt(s->areq, &s->sg, &s->sg, len, s->iv);
		return crypto_wait_req(crypto_aead_encrypt(s->areq), &s->wait);
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * Requests of @len bytes for at least @ns: into *@mbps the MB/s if better than it (NULL: not
 * timed, a warm-up), or a negative errno.
 */
static int hwc_side_slice(struct hwc_side *s, const struct hwc_alg *alg, u8 *buf,
			  unsigned int len, u64 ns, u64 *mbps)
{
	u64 t0 = ktime_get_ns(), t, n = 0;
	int err;

	do {
		err = hwc_side_run(s, alg, buf, len);
		if (err)
			return err;
		n++;
		t = ktime_get_ns() - t0;
	} while (t < ns);
	/* bytes per ns * 1000 = 10^6 bytes per second */
	if (mbps)
		*mbps = max(*mbps, div64_u64(n * len * 1000, t ?: 1));
	return 0;
}

/* One side's turn in a round: the warm-up at the first size, then a slice per size. */
static int hwc_side_turn(struct hwc_side *s, const struct hwc_alg *alg, u8 *buf, u64 *mbps)
{
	unsigned int i;
	int err = hwc_side_slice(s, alg, buf, hwc_race_sizes[0], HWC_RACE_WARM_NS, NULL);

	for (i = 0; i < HWC_RACE_NSIZES && !err; i++)
		err = hwc_side_slice(s, alg, buf, hwc_race_sizes[i], HWC_RACE_SLICE_NS, &mbps[i]);
	return err;
}

int hwc_race(const struct hwc_alg *alg, const char *ours, const char *peer, struct hwc_race *r)
{
	struct hwc_side *sides;
	u8 key[64], *buf;
	u64 start;
	unsigned int i, round;
	int err;

	memset(r, 0, sizeof(*r));
	if (alg->bench_keylen > sizeof(key))
		return -EINVAL;
	buf = kmalloc(alg->bench_assoclen + hwc_race_sizes[0] + HWC_RACE_SLACK, GFP_KERNEL);
	sides = kcalloc(2, sizeof(*sides), GFP_KERNEL);
	err = -ENOMEM;
	if (!buf || !sides)
		goto out;
	get_random_bytes(key, sizeof(key));
	get_random_bytes(buf, alg->bench_assoclen + hwc_race_sizes[0] + HWC_RACE_SLACK);
	err = hwc_side_open(&sides[0], alg, ours, key);
	if (err)
		goto out;
	err = hwc_side_open(&sides[1], alg, peer, key);
	if (err)
		goto close0;

	start = ktime_get_ns();
	for (round = 0; round < HWC_RACE_ROUNDS && !err; round++) {
		if (round && ktime_get_ns() - start > HWC_RACE_BUDGET_NS)
			break;
		for (i = 0; i < 2 && !err; i++) {
			unsigned int side = i ^ (round & 1);

			err = hwc_side_turn(&sides[side], alg, buf, side ? r->peer : r->ours);
			cond_resched();
		}
	}
	hwc_side_close(&sides[1]);
close0:
	hwc_side_close(&sides[0]);
out:
	memzero_explicit(key, sizeof(key));
	kfree(sides);
	kfree(buf);
	return err;
}

/*
 * CRYPTO_NOLOAD: the lookup must not ask modprobe for "crypto-<cra_name>". hwcrypt itself carries
 * those aliases, so once it is installed modprobe would load it again while this is its own
 * module init, and the kernel holds that second load until the first one ends: each lookup then
 * sat in the crypto larval's 60 s wait (seen at boot in the deployment guest, where DKMS had put
 * hwcrypt into modules.alias). The peer is thus what is loaded now; the boot loader
 * (scripts/boot/hwcrypt-load.sh) loads the kernel's own modules for the CPU first. Templates
 * the lookup instantiates still load their own modules ("crypto-xts"); their inner algorithms
 * exist by then, as the table asks for ecb/cbc/ctr before xts/cts/gcm and gcm before rfc4106.
 */
char *hwc_peer(const struct hwc_alg *alg, int *priority)
{
	struct crypto_tfm *base;
	char *name = NULL;
	void *tfm;

	switch (alg->type) {
	case HWC_SHASH:
		tfm = crypto_alloc_shash(alg->cra_name, 0, CRYPTO_NOLOAD);
		base = IS_ERR(tfm) ? NULL : crypto_shash_tfm(tfm);
		break;
	case HWC_SKCIPHER:
		tfm = crypto_alloc_skcipher(alg->cra_name, 0, CRYPTO_NOLOAD);
		base = IS_ERR(tfm) ? NULL : crypto_skcipher_tfm(tfm);
		break;
	case HWC_AEAD:
		tfm = crypto_alloc_aead(alg->cra_name, 0, CRYPTO_NOLOAD);
		base = IS_ERR(tfm) ? NULL : crypto_aead_tfm(tfm);
		break;
	case HWC_AKCIPHER:
		tfm = crypto_alloc_akcipher(alg->cra_name, 0, CRYPTO_NOLOAD);
		base = IS_ERR(tfm) ? NULL : crypto_akcipher_tfm(tfm);
		break;
	default:
		return NULL;
	}
	if (!base)
		return NULL;
	name = kstrdup(crypto_tfm_alg_driver_name(base), GFP_KERNEL);
	*priority = base->__crt_alg->cra_priority;
	crypto_destroy_tfm(tfm, base);
	return name;
}

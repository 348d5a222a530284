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

/*
 * Largest first (the buffer's size): 16 KiB (IPsec jumbo frames, file hashing), dm-crypt's
 * 4 KiB sectors (LUKS2 --sector-size 4096) and 1 KiB (a 512-byte-sector volume's bios merge
 * into requests of a few sectors), 256 B (small packets). A driver's lead can hold at one size
 * and not another (wider loops pay off late), so each is raced.
 */
const unsigned int hwc_race_sizes[HWC_RACE_NSIZES] = { 16384, 4096, 1024, 256 };

/*
 * Per round, each side in turn: an untimed warm-up of HWC_RACE_WARM_NS, then one slice of
 * HWC_RACE_SLICE_NS per case and size (at least one request each); the side that goes first
 * alternates between rounds. The cases are the key sizes and directions a driver serves
 * (hwc_race_ncases()): one driver serves them all, and on an Intel Xeon (family 6 model 167)
 * hwcrypt's zmm GCM matched the kernel's at AES-128 encryption and ran at 0.95x at AES-256
 * decryption, which a race of one case would have let it displace.
 * The warm-up is there because a side's speed depends on what ran just before it: on that
 * Xeon the CPU took 2-5 ms to return to its clock after hwcrypt's zmm GCM, so the kernel's GCM
 * timed in a 1 ms slice right after it ran at 0.92x its own steady speed, and a race of 1 ms
 * slices called hwcrypt 1.07x the kernel where 40 ms runs (and dm-crypt or IPsec, which keep
 * one driver busy) measure 0.94x (the same cores and the kernel's asm timed on the host,
 * bench_aes --forms; see its race).
 * Best of the rounds, about 84 ms per AES algorithm (four cases) and 36 ms per hash. The
 * second round does not start once HWC_RACE_BUDGET_NS have gone: on a slow or emulated CPU,
 * where one request may take longer than a slice, the race is then its first round.
 */
#define HWC_RACE_ROUNDS		2
#define HWC_RACE_WARM_NS	(5 * NSEC_PER_MSEC)
#define HWC_RACE_SLICE_NS	(1 * NSEC_PER_MSEC)
#define HWC_RACE_BUDGET_NS	(60 * NSEC_PER_MSEC)
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
	struct scatterlist sg, sgd;
	u8 *ct;		/* aead decryption: associated data, ciphertext and tag to open */
	u8 iv[32];
	u8 digest[64];
};

unsigned int hwc_race_ncases(const struct hwc_alg *alg)
{
	if (alg->type == HWC_SHASH)
		return 1;
	return alg->bench_keylen[1] ? 4 : 2;
}

void hwc_race_case_name(const struct hwc_alg *alg, unsigned int c, char *buf, size_t len)
{
	if (alg->type == HWC_SHASH)
		strscpy(buf, "digest", len);
	else
		snprintf(buf, len, "%u-bit key %s", alg->bench_keybits[c / 2],
			 c % 2 ? "decrypt" : "encrypt");
}

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
	kfree(s->ct);
}

static int hwc_side_open(struct hwc_side *s, const struct hwc_alg *alg, const char *driver,
			 const u8 *key, size_t buflen)
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
		err = crypto_skcipher_setkey(s->tfm.skcipher, key, alg->bench_keylen[0]);
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
		err = crypto_aead_setkey(s->tfm.aead, key, alg->bench_keylen[0]);
		if (err)
			break;
		err = -ENOMEM;
		s->ct = kmalloc(buflen, GFP_KERNEL);
		if (!s->ct)
			break;
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

/* Case @c's key (hwc_race_ncases()), set before its slices: untimed. */
static int hwc_side_key(struct hwc_side *s, const struct hwc_alg *alg, const u8 *key,
			unsigned int c)
{
	switch (s->type) {
	case HWC_SKCIPHER:
		return crypto_skcipher_setkey(s->tfm.skcipher, key, alg->bench_keylen[c / 2]);
	case HWC_AEAD:
		return crypto_aead_setkey(s->tfm.aead, key, alg->bench_keylen[c / 2]);
	default:
		return 0;
	}
}

/*
 * One request of @len bytes of text in @buf, in place; AEAD decryption opens s->ct (sealed by
 * hwc_side_seal() for this key and length) into @buf, as a tag that fails would end the
 * request early on some drivers and cost hwcrypt a wipe of the output.
 */
static int hwc_side_run(struct hwc_side *s, const struct hwc_alg *alg, u8 *buf, unsigned int len,
			bool dec)
{
	switch (s->type) {
	case HWC_SHASH:
		return crypto_shash_digest(s->desc, buf, len, s->digest);
	case HWC_SKCIPHER:
		sg_init_one(&s->sg, buf, len);
		skcipher_request_set_crypt(s->skreq, &s->sg, &s->sg, len, s->iv);
		return crypto_wait_req(dec ? crypto_skcipher_decrypt(s->skreq) :
				       crypto_skcipher_encrypt(s->skreq), &s->wait);
	case HWC_AEAD:
		aead_request_set_ad(s->areq, alg->bench_assoclen);
		if (dec) {
			unsigned int tag = crypto_aead_authsize(s->tfm.aead);

			sg_init_one(&s->sg, s->ct, alg->bench_assoclen + len + tag);
			sg_init_one(&s->sgd, buf, alg->bench_assoclen + len + HWC_RACE_SLACK);
			aead_request_set_crypt(s->areq, &s->sg, &s->sgd, len + tag, s->iv);
			return crypto_wait_req(crypto_aead_decrypt(s->areq), &s->wait);
		}
		sg_init_one(&s->sg, buf, alg->bench_assoclen + len + HWC_RACE_SLACK);
		aead_request_set_crypt(s->areq, &s->sg, &s->sg, len, s->iv);
		return crypto_wait_req(crypto_aead_encrypt(s->areq), &s->wait);
	default:
		return -EOPNOTSUPP;
	}
}

/* AEAD decryption's input: @buf's associated data and @len bytes of text sealed into s->ct. */
static int hwc_side_seal(struct hwc_side *s, const struct hwc_alg *alg, const u8 *buf,
			 unsigned int len)
{
	memcpy(s->ct, buf, alg->bench_assoclen + len);
	return hwc_side_run(s, alg, s->ct, len, false);
}

/*
 * Requests of @len bytes for at least @ns: into *@mbps the MB/s if better than it (NULL: not
 * timed, a warm-up), or a negative errno.
 */
static int hwc_side_slice(struct hwc_side *s, const struct hwc_alg *alg, u8 *buf,
			  unsigned int len, bool dec, u64 ns, u64 *mbps)
{
	u64 t0 = ktime_get_ns(), t, n = 0;
	int err;

	do {
		err = hwc_side_run(s, alg, buf, len, dec);
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

/*
 * One side's turn in a round: the warm-up in the first case at the first size, then a slice
 * per case and size. AEAD decryption opens what was sealed from @buf's current contents
 * (whatever the requests before left there: the speed does not depend on the data).
 */
static int hwc_side_turn(struct hwc_side *s, const struct hwc_alg *alg, const u8 *key, u8 *buf,
			 u64 (*mbps)[HWC_RACE_NSIZES])
{
	unsigned int c, i, ncases = hwc_race_ncases(alg);
	int err = 0;

	for (c = 0; c < ncases && !err; c++) {
		bool dec = c % 2;

		err = hwc_side_key(s, alg, key, c);
		if (!err && !c)
			err = hwc_side_slice(s, alg, buf, hwc_race_sizes[0], false,
					     HWC_RACE_WARM_NS, NULL);
		for (i = 0; i < HWC_RACE_NSIZES && !err; i++) {
			if (dec && s->type == HWC_AEAD)
				err = hwc_side_seal(s, alg, buf, hwc_race_sizes[i]);
			if (!err)
				err = hwc_side_slice(s, alg, buf, hwc_race_sizes[i], dec,
						     HWC_RACE_SLICE_NS, &mbps[c][i]);
		}
	}
	return err;
}

int hwc_alternate(int (*turn)(void *arg, unsigned int side), void *arg, unsigned int rounds,
		  u64 budget_ns)
{
	u64 start = ktime_get_ns();
	unsigned int round, i;
	int err = 0;

	for (round = 0; round < rounds && !err; round++) {
		if (round && ktime_get_ns() - start > budget_ns)
			break;
		for (i = 0; i < 2 && !err; i++) {
			err = turn(arg, i ^ (round & 1));
			cond_resched();
		}
	}
	return err;
}

/* What a driver race's turn needs: both sides, the key and buffer they share, the results. */
struct hwc_race_turn {
	struct hwc_side *sides;
	const struct hwc_alg *alg;
	const u8 *key;
	u8 *buf;
	struct hwc_race *r;
};

static int hwc_race_turn(void *arg, unsigned int side)
{
	struct hwc_race_turn *t = arg;

	return hwc_side_turn(&t->sides[side], t->alg, t->key, t->buf,
			     side ? t->r->peer : t->r->ours);
}

int hwc_race(const struct hwc_alg *alg, const char *ours, const char *peer, struct hwc_race *r)
{
	size_t buflen = alg->bench_assoclen + hwc_race_sizes[0] + HWC_RACE_SLACK;
	struct hwc_side *sides;
	struct hwc_race_turn turn;
	u8 key[64], *buf;
	int err;

	memset(r, 0, sizeof(*r));
	r->ncases = hwc_race_ncases(alg);
	if (alg->bench_keylen[0] > sizeof(key) || alg->bench_keylen[1] > sizeof(key))
		return -EINVAL;
	buf = kmalloc(buflen, GFP_KERNEL);
	sides = kcalloc(2, sizeof(*sides), GFP_KERNEL);
	err = -ENOMEM;
	if (!buf || !sides)
		goto out;
	get_random_bytes(key, sizeof(key));
	get_random_bytes(buf, buflen);
	err = hwc_side_open(&sides[0], alg, ours, key, buflen);
	if (err)
		goto out;
	err = hwc_side_open(&sides[1], alg, peer, key, buflen);
	if (err)
		goto close0;

	turn = (struct hwc_race_turn){ sides, alg, key, buf, r };
	err = hwc_alternate(hwc_race_turn, &turn, HWC_RACE_ROUNDS, HWC_RACE_BUDGET_NS);
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
 * (scripts/boot/hwcrypt-load.sh) and the module's softdeps load the kernel's own modules for
 * the CPU first, and one that registers later is raced then (registry.c). Templates
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

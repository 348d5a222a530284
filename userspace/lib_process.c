// SPDX-License-Identifier: GPL-2.0
/*
 * libhwcrypt's in-process path: the hashes, skcipher modes and AEADs the handles expose,
 * computed by hwcrypt's own freestanding cores (kmod/generic, kmod/<arch>), the same objects
 * the module and the host tests are built from. The tier is chosen per handle from the CPU's
 * features, as the module registers its drivers: the fastest tier whose instructions the CPU
 * has, the constant-time portable tier where it has none.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_internal.h"
#include "hwc_aes.h"
#include "hwc_arch_cores.h"
#include "cpu.h"

/* ---- CPU features and tiers */

static unsigned int cpu_features;
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;

/*
 * HWCRYPT_CPU_FEATURES (a comma list of the host tests' feature names, or "none") narrows
 * what the tiers may use, so that the portable tier can be run and tested on any CPU.
 * Unknown names are ignored: a mask can only take features away.
 */
static void cpu_detect(void)
{
	const char *env = getenv("HWCRYPT_CPU_FEATURES");
	unsigned int mask = ~0u;
	char *copy, *tok, *save = NULL;

	if (env && (copy = strdup(env))) {
		mask = 0;
		for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
			for (unsigned int i = 0; i < hwc_nfeature_names; i++)
				if (!strcmp(tok, hwc_feature_names[i].name))
					mask |= hwc_feature_names[i].bit;
		free(copy);
	}
	cpu_features = hwc_host_cpu_features() & mask;
}

static unsigned int cpu(void)
{
	pthread_once(&cpu_once, cpu_detect);
	return cpu_features;
}

unsigned int _hwcrypt_cpu_features(void)
{
	return cpu();
}

static int has(unsigned int features)
{
	return (features & cpu()) == features;
}

/*
 * A driver named by the caller: NULL/"best" (0, @impl empty), one of hwcrypt's drivers of
 * @alg, "<prefix>-hwcrypt-<impl>" with an optional "@process" (1, the tier name in @impl),
 * hwcrypt's driver of another algorithm (-EINVAL), anything else (-ENOENT: the kernel's own
 * drivers exist only in the kernel). @prefix is @alg in driver-name form ("cts-cbc-aes").
 */
static int parse_driver(const char *prefix, const char *driver, char *impl, size_t len)
{
	const char *tag = "-hwcrypt-", *at;
	size_t plen = strlen(prefix), n;

	impl[0] = '\0';
	if (!driver || !*driver || !strcmp(driver, "best"))
		return 0;
	at = strstr(driver, tag);
	if (!at)
		return -ENOENT;
	if ((size_t)(at - driver) != plen || strncmp(driver, prefix, plen))
		return -EINVAL;
	at += strlen(tag);
	n = strcspn(at, "@");
	if ((at[n] && strcmp(at + n, "@process")) || !n || n >= len)
		return -ENOENT;
	memcpy(impl, at, n);
	impl[n] = '\0';
	return 1;
}

/* "cts(cbc(aes))" -> "cts-cbc-aes", as hwcrypt names its drivers. */
static int driver_prefix(const char *alg, char *out, size_t len)
{
	size_t n = 0;

	for (; *alg; alg++) {
		if (*alg == ')')
			continue;
		if (n + 1 >= len)
			return -EINVAL;
		out[n++] = *alg == '(' ? '-' : *alg;
	}
	out[n] = '\0';
	return 0;
}

static const struct hwc_hash_impl *pick_hash(const char *family, const char *impl)
{
	const struct hwc_hash_impl *best = NULL;

	for (unsigned int i = 0; i < hwc_hash_nimpls; i++) {
		const struct hwc_hash_impl *h = &hwc_hash_impls[i];

		if (strcmp(h->family, family) || !has(h->features))
			continue;
		if (!impl[0] || !strcmp(h->impl, impl))
			best = h;
	}
	return best;
}

static int serves(const struct hwc_aes_impl *t, const char *alg, int aead)
{
	if (!has(t->features) || (aead && !has(t->aead_features)))
		return 0;
	if (!t->modes)
		return 1;
	for (const char *const *m = t->modes; *m; m++)
		if (!strcmp(*m, alg))
			return 1;
	return 0;
}

/* The fastest tier serving @alg (tables list slower tiers first), or the one named @impl. */
static const struct hwc_aes_impl *pick_aes(const char *alg, int aead, const char *impl)
{
	const struct hwc_aes_impl *best = NULL;

	if (!impl[0] || !strcmp(impl, hwc_aes_generic.impl))
		best = &hwc_aes_generic;
	for (unsigned int i = 0; i < hwc_aes_nimpls; i++)
		if (serves(&hwc_aes_impls[i], alg, aead) &&
		    (!impl[0] || !strcmp(hwc_aes_impls[i].impl, impl)))
			best = &hwc_aes_impls[i];
	return best;
}

static void set_name(struct _hwcrypt_pname *n, const char *prefix, const char *tier, int hmac)
{
	n->tier = tier;
	snprintf(n->driver, sizeof(n->driver), "%s%s-hwcrypt-%s%s@process", hmac ? "hmac(" : "",
		 prefix, tier, hmac ? ")" : "");
}

/* Each handle starts with its name (see lib_internal.h). */
const struct _hwcrypt_pname *_hwcrypt_pname_of(const void *p)
{
	return p;
}

/* A handle holds key schedules: wiped before it goes back to the allocator. */
static void wipe_free(void *p, size_t size)
{
	if (!p)
		return;
	explicit_bzero(p, size);
	free(p);
}

HWCRYPT_EXPORT ssize_t hwcrypt_process_describe(char *buf, size_t len)
{
	const struct hwc_hash_impl *h1, *h256, *h512;
	const struct hwc_aes_impl *aes, *gcm;
	char f[256];

	if (!buf || !len)
		return -EINVAL;
	h1 = pick_hash("sha1", "");
	h256 = pick_hash("sha256", "");
	h512 = pick_hash("sha512", "");
	aes = pick_aes("ctr(aes)", 0, "");
	gcm = pick_aes("gcm(aes)", 1, "");
	f[0] = '\0';
	for (unsigned int i = 0, n = 0; i < hwc_nfeature_names && n < sizeof(f); i++)
		if (cpu() & hwc_feature_names[i].bit)
			n += (unsigned int)snprintf(f + n, sizeof(f) - n, "%s%s", n ? "," : "",
						    hwc_feature_names[i].name);
	if (!f[0])
		snprintf(f, sizeof(f), "none");
	snprintf(buf, len, "in process: sha1 %s, sha224/256 %s, sha384/512 %s, AES modes %s, "
		 "gcm %s (CPU features %s)", h1 ? h1->impl : "-", h256 ? h256->impl : "-",
		 h512 ? h512->impl : "-", aes->impl, gcm->impl, f);
	return (ssize_t)strlen(buf);
}

/*
 * A zeroed in-process handle of @size, named first (struct _hwcrypt_pname), on the AES tier
 * @driver names or else the best of this CPU for @alg.
 */
static int new_aes(void **out, size_t size, const char *alg, int aead, const char *prefix,
		   const char *driver, const struct hwc_aes_impl **impl)
{
	struct _hwcrypt_pname *n;
	char tier[32];
	int r = parse_driver(prefix, driver, tier, sizeof(tier));

	if (r < 0)
		return r;
	n = calloc(1, size);
	if (!n)
		return -ENOMEM;
	*impl = pick_aes(alg, aead, tier);
	if (!*impl) {
		free(n);
		return -ENOENT;
	}
	set_name(n, prefix, (*impl)->impl, 0);
	*out = n;
	return 0;
}

/* ---- hashes and HMAC (RFC 2104) */

struct _hwcrypt_phash {
	struct _hwcrypt_pname name;
	struct hwc_md_ops ops;
	int hmac, keyed, started;
	struct hwc_md_state st, inner, outer;	/* inner/outer: after the padded key block */
	struct hwc_md_buf buf;
};

static void run_blocks(const struct hwc_md_ops *ops, void *state, const hwc_u8 *data,
		       hwc_size nblocks)
{
	ops->impl->blocks(state, data, nblocks);
}

/*
 * The SHA-512 cores' alternative forms (the AVX2 rounds' narrow and wide forms on x86), timed
 * once on this CPU as the module times them at load, before the first SHA-384/512 handle runs.
 */
static pthread_once_t sha512_forms_once = PTHREAD_ONCE_INIT;

static void sha512_forms(void)
{
	hwc_host_pick_forms("sha512");
}

int _hwcrypt_phash_new(struct _hwcrypt_phash **out, const char *alg, const char *driver)
{
	const struct hwc_hash_info *info = NULL;
	struct _hwcrypt_phash *p;
	const char *name = alg, *drv = driver;
	char inner[_HWCRYPT_MAX_NAME], impl[32], dcopy[_HWCRYPT_MAX_NAME];
	int hmac = 0, r;
	size_t n;

	if (!strncmp(alg, "hmac(", 5)) {
		n = strlen(alg);
		if (n < 7 || alg[n - 1] != ')' || n - 6 >= sizeof(inner))
			return -ENOENT;
		memcpy(inner, alg + 5, n - 6);
		inner[n - 6] = '\0';
		name = inner;
		hmac = 1;
		/* "hmac(sha256-hwcrypt-shani)" or just the inner driver, as for the kernel. */
		if (driver && !strncmp(driver, "hmac(", 5) && (n = strlen(driver)) > 6 &&
		    n - 6 < sizeof(dcopy) && driver[n - 1] == ')') {
			memcpy(dcopy, driver + 5, n - 6);
			dcopy[n - 6] = '\0';
			drv = dcopy;
		}
	}
	for (unsigned int i = 0; i < hwc_hash_ninfos; i++)
		if (!strcmp(hwc_hash_infos[i].name, name))
			info = &hwc_hash_infos[i];
	if (!info)
		return -ENOENT;
	r = parse_driver(name, drv, impl, sizeof(impl));
	if (r < 0)
		return r;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->ops.info = info;
	p->ops.impl = pick_hash(info->family, impl);
	p->ops.run = run_blocks;
	p->hmac = hmac;
	if (!p->ops.impl) {
		free(p);
		return -ENOENT;
	}
	if (!strcmp(info->family, "sha512"))
		pthread_once(&sha512_forms_once, sha512_forms);
	set_name(&p->name, name, p->ops.impl->impl, hmac);
	*out = p;
	return 0;
}

/* One block of key ^ @pad compressed from the initial value into @st. */
static void hmac_pad(struct _hwcrypt_phash *p, const uint8_t *k, size_t klen, uint8_t pad,
		     struct hwc_md_state *st)
{
	uint8_t blk[128];
	unsigned int bs = p->ops.info->blocksize;

	memset(blk, pad, bs);
	for (size_t i = 0; i < klen; i++)
		blk[i] ^= k[i];
	hwc_md_init(&p->ops, st);
	hwc_md_update_blocks(&p->ops, st, blk, bs);
	explicit_bzero(blk, sizeof(blk));
}

int _hwcrypt_phash_setkey(struct _hwcrypt_phash *p, const uint8_t *key, size_t keylen)
{
	uint8_t k[HWCRYPT_MAX_DIGESTSIZE];
	struct hwc_md_state st;
	struct hwc_md_buf buf = { .len = 0 };

	if (!p->hmac)
		return -EOPNOTSUPP;
	/* RFC 2104: keys longer than a block are hashed first. */
	if (keylen > p->ops.info->blocksize) {
		hwc_md_init(&p->ops, &st);
		hwc_md_update(&p->ops, &st, &buf, key, keylen);
		hwc_md_final(&p->ops, &st, &buf, k);
		key = k;
		keylen = p->ops.info->digestsize;
		explicit_bzero(&st, sizeof(st));
		explicit_bzero(&buf, sizeof(buf));
	}
	hmac_pad(p, key, keylen, 0x36, &p->inner);
	hmac_pad(p, key, keylen, 0x5c, &p->outer);
	explicit_bzero(k, sizeof(k));
	p->keyed = 1;
	p->started = 0;
	return 0;
}

static int start(struct _hwcrypt_phash *p)
{
	if (p->hmac && !p->keyed)
		return -ENOKEY;
	if (!p->started) {
		if (p->hmac)
			p->st = p->inner;
		else
			hwc_md_init(&p->ops, &p->st);
		p->buf.len = 0;
		p->started = 1;
	}
	return 0;
}

int _hwcrypt_phash_update(struct _hwcrypt_phash *p, const void *in, size_t len)
{
	int r = start(p);

	if (r)
		return r;
	if (len)
		hwc_md_update(&p->ops, &p->st, &p->buf, in, len);
	return 0;
}

int _hwcrypt_phash_final(struct _hwcrypt_phash *p, uint8_t *out)
{
	uint8_t d[HWCRYPT_MAX_DIGESTSIZE];
	int r = start(p);

	if (r)
		return r;
	hwc_md_final(&p->ops, &p->st, &p->buf, d);
	if (p->hmac) {
		p->st = p->outer;
		p->buf.len = 0;
		hwc_md_update(&p->ops, &p->st, &p->buf, d, p->ops.info->digestsize);
		hwc_md_final(&p->ops, &p->st, &p->buf, d);
	}
	memcpy(out, d, p->ops.info->digestsize);
	explicit_bzero(d, sizeof(d));
	explicit_bzero(&p->st, sizeof(p->st));
	explicit_bzero(&p->buf, sizeof(p->buf));
	p->started = 0;
	return (int)p->ops.info->digestsize;
}

unsigned int _hwcrypt_phash_digestsize(const struct _hwcrypt_phash *p)
{
	return p->ops.info->digestsize;
}

unsigned int _hwcrypt_phash_blocksize(const struct _hwcrypt_phash *p)
{
	return p->ops.info->blocksize;
}

void _hwcrypt_phash_free(struct _hwcrypt_phash *p)
{
	wipe_free(p, sizeof(*p));
}

/* ---- skcipher: ecb, cbc, ctr (SP 800-38A), xts (IEEE 1619), cts(cbc) (CS3) of AES */

enum pmode { P_ECB, P_CBC, P_CTR, P_XTS, P_CTS };

static const struct {
	const char *alg;
	enum pmode mode;
} pmodes[] = {
	{ "ecb(aes)", P_ECB }, { "cbc(aes)", P_CBC }, { "ctr(aes)", P_CTR },
	{ "xts(aes)", P_XTS }, { "cts(cbc(aes))", P_CTS },
};

struct _hwcrypt_pskc {
	struct _hwcrypt_pname name;
	enum pmode mode;
	const struct hwc_aes_impl *impl;
	struct hwc_aes_key k1, k2;	/* k2: the XTS tweak key */
};

int _hwcrypt_pskc_new(struct _hwcrypt_pskc **out, const char *alg, const char *driver)
{
	const struct hwc_aes_impl *impl;
	struct _hwcrypt_pskc *p;
	char prefix[_HWCRYPT_MAX_NAME];
	void *v;
	size_t i;
	int r;

	for (i = 0; i < sizeof(pmodes) / sizeof(pmodes[0]); i++)
		if (!strcmp(pmodes[i].alg, alg))
			break;
	if (i == sizeof(pmodes) / sizeof(pmodes[0]) ||
	    driver_prefix(alg, prefix, sizeof(prefix)))
		return -ENOENT;
	r = new_aes(&v, sizeof(*p), alg, 0, prefix, driver, &impl);
	if (r)
		return r;
	p = v;
	p->mode = pmodes[i].mode;
	p->impl = impl;
	*out = p;
	return 0;
}

int _hwcrypt_pskc_setkey(struct _hwcrypt_pskc *p, const uint8_t *key, size_t keylen)
{
	int bad;

	if (p->mode != P_XTS)
		return keylen > 32 || p->impl->expand_key(&p->k1, key, (unsigned int)keylen) ?
			-EINVAL : 0;
	if (keylen > 64 || keylen % 2)
		return -EINVAL;
	bad = p->impl->expand_key(&p->k1, key, (unsigned int)keylen / 2) ||
	      p->impl->expand_key(&p->k2, key + keylen / 2, (unsigned int)keylen / 2);
	return bad ? -EINVAL : 0;
}

void _hwcrypt_pskc_sizes(const struct _hwcrypt_pskc *p, unsigned int *ivsize,
			 unsigned int *blocksize, unsigned int *chunk, int *chained)
{
	*ivsize = p->mode == P_ECB ? 0 : HWC_AES_BLOCK;
	*blocksize = p->mode == P_CTR ? 1 : HWC_AES_BLOCK;
	*chunk = HWC_AES_BLOCK;
	*chained = p->mode == P_ECB || p->mode == P_CBC || p->mode == P_CTR;
}

int _hwcrypt_pskc_crypt(struct _hwcrypt_pskc *p, int enc, uint8_t *iv, const uint8_t *in,
			uint8_t *out, size_t len)
{
	const struct hwc_aes_impl *t = p->impl;
	uint8_t chain[HWC_AES_BLOCK];
	size_t head;

	if (!len)
		return 0;
	switch (p->mode) {
	case P_ECB:
		(enc ? t->ecb_enc : t->ecb_dec)(&p->k1, out, in, len / HWC_AES_BLOCK);
		break;
	case P_CBC:
		(enc ? t->cbc_enc : t->cbc_dec)(&p->k1, out, in, len / HWC_AES_BLOCK, iv);
		break;
	case P_CTR:
		t->ctr(&p->k1, out, in, len, iv);
		break;
	case P_XTS:
		/* T = E_K2(IV); the tier steals ciphertext itself when len is not whole blocks. */
		t->ecb_enc(&p->k2, chain, iv, 1);
		(enc ? t->xts_enc : t->xts_dec)(&p->k1, out, in, len, chain);
		break;
	case P_CTS:
		/* CBC up to the last two (partial) blocks, which CS3 swaps. */
		memcpy(chain, iv, HWC_AES_BLOCK);
		if (len == HWC_AES_BLOCK) {
			(enc ? t->cbc_enc : t->cbc_dec)(&p->k1, out, in, 1, chain);
			break;
		}
		head = (len - 1) / HWC_AES_BLOCK * HWC_AES_BLOCK - HWC_AES_BLOCK;
		if (head)
			(enc ? t->cbc_enc : t->cbc_dec)(&p->k1, out, in, head / HWC_AES_BLOCK, chain);
		(enc ? hwc_cts_enc_tail : hwc_cts_dec_tail)(t, &p->k1, out + head, in + head,
							    len - head, chain);
		break;
	}
	explicit_bzero(chain, sizeof(chain));
	return 0;
}

void _hwcrypt_pskc_free(struct _hwcrypt_pskc *p)
{
	wipe_free(p, sizeof(*p));
}

/* ---- aead: gcm(aes) (SP 800-38D, 96-bit IVs) and rfc4106(gcm(aes)) (RFC 4106) */

#define RFC4106_SALT	4
#define RFC4106_IV	8

struct _hwcrypt_paead {
	struct _hwcrypt_pname name;
	int rfc4106, keyed;
	unsigned int taglen;
	const struct hwc_aes_impl *impl;
	struct hwc_gcm_key key;
	uint8_t salt[RFC4106_SALT];
};

int _hwcrypt_paead_new(struct _hwcrypt_paead **out, const char *alg, const char *driver)
{
	const struct hwc_aes_impl *impl;
	struct _hwcrypt_paead *p;
	char prefix[_HWCRYPT_MAX_NAME];
	void *v;
	int r;

	if (strcmp(alg, "gcm(aes)") && strcmp(alg, "rfc4106(gcm(aes))"))
		return -ENOENT;
	driver_prefix(alg, prefix, sizeof(prefix));
	r = new_aes(&v, sizeof(*p), "gcm(aes)", 1, prefix, driver, &impl);
	if (r)
		return r;
	p = v;
	p->rfc4106 = alg[0] == 'r';
	p->taglen = 16;
	p->impl = impl;
	*out = p;
	return 0;
}

int _hwcrypt_paead_setkey(struct _hwcrypt_paead *p, const uint8_t *key, size_t keylen)
{
	if (p->rfc4106) {
		if (keylen < RFC4106_SALT)
			return -EINVAL;
		keylen -= RFC4106_SALT;
	}
	if (keylen > 32 || hwc_gcm_setkey(&p->key, key, (unsigned int)keylen))
		return -EINVAL;
	if (p->rfc4106)
		memcpy(p->salt, key + keylen, RFC4106_SALT);
	p->keyed = 1;
	return 0;
}

int _hwcrypt_paead_settaglen(struct _hwcrypt_paead *p, size_t taglen)
{
	/* The kernel's checks: gcm 4, 8, 12..16 (SP 800-38D 5.2.1.2); rfc4106 8, 12, 16. */
	int ok = p->rfc4106 ? taglen == 8 || taglen == 12 || taglen == 16 :
			      taglen == 4 || taglen == 8 || (taglen >= 12 && taglen <= 16);

	if (!ok)
		return -EINVAL;
	p->taglen = (unsigned int)taglen;
	return 0;
}

unsigned int _hwcrypt_paead_ivsize(const struct _hwcrypt_paead *p)
{
	return p->rfc4106 ? RFC4106_IV : 12;
}

unsigned int _hwcrypt_paead_taglen(const struct _hwcrypt_paead *p)
{
	return p->taglen;
}

ssize_t _hwcrypt_paead_crypt(struct _hwcrypt_paead *p, int enc, const uint8_t *iv,
			     const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen,
			     uint8_t *out)
{
	const struct hwc_aes_impl *t = p->impl;
	struct hwc_gcm_ctx c;
	uint8_t nonce[12], tag[16];
	size_t textlen;
	int bad = 0;

	if (!p->keyed)
		return -ENOKEY;
	if (p->rfc4106) {
		/* ESP: SPI, sequence number (and ESN high), then the IV, which GHASH skips. */
		if (aadlen != 16 && aadlen != 20)
			return -EINVAL;
		aadlen -= RFC4106_IV;
		memcpy(nonce, p->salt, RFC4106_SALT);
		memcpy(nonce + RFC4106_SALT, iv, RFC4106_IV);
	} else {
		memcpy(nonce, iv, 12);
	}
	if (!enc && inlen < p->taglen)
		return -EBADMSG;
	textlen = enc ? inlen : inlen - p->taglen;
	hwc_gcm_start(t, &p->key, &c, nonce);
	if (aadlen)
		hwc_gcm_aad(t, &p->key, &c, aad, aadlen);
	if (textlen)
		(enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)(t, &p->key, &c, out, in,
								       textlen, tag);
	else
		hwc_gcm_final(t, &p->key, &c, tag);
	if (enc)
		memcpy(out + textlen, tag, p->taglen);
	else
		bad = hwc_memneq(tag, in + textlen, p->taglen);
	explicit_bzero(tag, sizeof(tag));
	explicit_bzero(nonce, sizeof(nonce));
	explicit_bzero(&c, sizeof(c));
	if (bad) {
		explicit_bzero(out, textlen);
		return -EBADMSG;
	}
	return (ssize_t)(enc ? textlen + p->taglen : textlen);
}

void _hwcrypt_paead_free(struct _hwcrypt_paead *p)
{
	wipe_free(p, sizeof(*p));
}

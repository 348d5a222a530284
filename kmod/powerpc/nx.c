// SPDX-License-Identifier: GPL-2.0
/*
 * The POWER NX symmetric-crypto coprocessor under PowerVM (PAPR H_COP_OP): the engine behind
 * the "nx" tier (sha*-hwcrypt-nx, ecb/cbc/ctr-aes-hwcrypt-nx, gcm/rfc4106-gcm-aes-hwcrypt-nx)
 * and behind the in-core drivers' routing of large requests (hwc_arch_hash_offload(),
 * hwc_arch_skcipher_offload(), hwc_arch_gcm_offload()).
 *
 * Every field of the coprocessor block and of the scatter/gather lists is big-endian, written
 * through cpu_to_be*() whatever the kernel's byte order: that is what makes one path serve
 * little- and big-endian kernels (Linux's own NX driver writes host order and is BE-only).
 *
 * The device is found by its device-tree node (compatible "ibm,sym-encryption", the
 * ibm,sym-encryption-v1 node under ibm,platform-facilities),
 * not bound as a VIO driver: on a big-endian kernel Linux's own NX driver may hold the VIO
 * device, and the engine serves any number of callers. Each CPU owns one pre-allocated
 * 16 KiB area (the block and both lists), so a request allocates nothing and no lock is shared
 * between CPUs; a caller that finds its CPU's area in use (an interrupt on top of a request)
 * runs in-core instead.
 *
 * A request the engine does not complete is finished in-core by the caller from the start of
 * the first piece (one call's data) the engine did not complete, with the input of that piece
 * as it was before the call: a user never sees an NX error, nor output of a failed call (see
 * hwc_nx_lists()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": nx: " fmt

#include <linux/bitmap.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <crypto/aes.h>
#include <crypto/scatterwalk.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include "hwc_arch_cores.h"
#include "hwc_glue.h"

#if IS_ENABLED(CONFIG_PPC_PSERIES)
#include <asm/hvcall.h>
#define HWC_NX_POSSIBLE 1
#else
#define HWC_NX_POSSIBLE 0
#endif

/* PAPR coprocessor function codes and modes (the CPB's mode byte). */
#define NX_FC_AES		0
#define NX_FC_SHA		2
#define NX_MODE_AES_ECB		0
#define NX_MODE_AES_CBC		1
#define NX_MODE_AES_GCA		3	/* GHASH of associated data */
#define NX_MODE_AES_GCM		4
#define NX_MODE_AES_CTR		7
#define NX_MODE_SHA		0
/* The CPB's function-dependent modifier byte. */
#define NX_FDM_INTERMEDIATE	0x01
#define NX_FDM_CONTINUATION	0x02
#define NX_FDM_ENDE_ENCRYPT	0x80

/* An NX page: neither a list nor any piece of data it describes may cross one. */
#define NX_PAGE			4096u

/* Layout of the coprocessor status block (CSB) and parameter block (CPB), byte offsets. */
#define CSB			112
#define CSB_VALID		(CSB + 0)	/* bit 0x80 */
#define CSB_CC			(CSB + 2)	/* completion code, 0: done */
#define CSB_PBC			(CSB + 4)	/* be32 processed byte count */
#define CPB			128
#define CPB_MODE		(CPB + 0)
#define CPB_FDM			(CPB + 1)
#define CPB_KS_DS		(CPB + 2)	/* AES key size << 4, or SHA digest size code */
#define P			(CPB + 16)
#define AES_ECB_KEY		(P + 0)
#define AES_IV			(P + 0)		/* cbc, ctr: iv, key, cv */
#define AES_KEY			(P + 16)
#define AES_CV			(P + 48)
#define GCA_IN_PAT		(P + 0)		/* gca: state in, key, state out */
#define GCA_KEY			(P + 16)
#define GCA_OUT_PAT		(P + 48)
#define GCM_IN_PAT		(P + 0)		/* AAD (<= 16 bytes) or its GHASH, or the state */
#define GCM_IV			(P + 16)	/* J0, or the next counter */
#define GCM_AAD_BITS		(P + 32)	/* be64, whole message */
#define GCM_DATA_BITS		(P + 40)	/* be64, whole message */
#define GCM_IN_S0		(P + 48)
#define GCM_KEY			(P + 64)
#define GCM_OUT_PAT		(P + 112)	/* the state, or the tag after the last piece */
#define GCM_OUT_S0		(P + 128)
#define GCM_OUT_CNT		(P + 144)
#define SHA_IPD			(P + 16)	/* input partial digest */
#define SHA256_MD		(P + 48)
#define SHA512_MD		(P + 112)
#define BLOCK_BYTES		(P + 256)

/* A CPU's area: the block, the input list, the output list, and a digest sink. */
#define AREA_BLOCK		0
#define AREA_IN			NX_PAGE
#define AREA_OUT		(2 * NX_PAGE)
#define AREA_SINK		(3 * NX_PAGE)
#define AREA_BYTES		(4 * NX_PAGE)

/* {be64 address, be32 reserved, be32 length} */
struct hwc_nx_sg {
	__be64 addr;
	__be32 rsvd;
	__be32 len;
};

#define NX_SG_MAX		(NX_PAGE / sizeof(struct hwc_nx_sg))

struct hwc_nx_cpu {
	spinlock_t lock;
	u8 *area;		/* AREA_BYTES, naturally aligned (kmalloc of a power of two) */
	u8 *keep;		/* hwc_nx.keep_bytes: the input of an in-place piece */
	unsigned int kept;	/* bytes of it in use, wiped by hwc_nx_put() */
};

/* Per (function, mode): the limits of one call, from ibm,max-sync-cop (0: not offered). */
enum { NX_SHA256, NX_SHA512, NX_ECB, NX_CBC, NX_CTR, NX_GCM, NX_NALGS };

struct hwc_nx_limit {
	u32 max_bytes;		/* input bytes per call, whole NX pages */
	u32 max_entries;	/* entries per list */
	u32 bits;		/* key or digest sizes offered: 1u << (bits / 64 - 2) each */
};

static const char *const hwc_nx_alg_names[NX_NALGS] = {
	"sha256", "sha512", "ecb(aes)", "cbc(aes)", "ctr(aes)", "gcm(aes)"
};

static struct {
	bool present;
	u32 unit;		/* ibm,resource-id */
	struct hwc_nx_limit lim[NX_NALGS];
	struct hwc_nx_cpu __percpu *cpu;
	unsigned int keep_bytes;	/* an in-place piece's limit, whole NX pages */
	atomic_t failures;	/* consecutive failed calls */
	unsigned long sick_until;
	atomic64_t calls, busy, errors;
	struct kobject *kobj;
} hwc_nx;

/*
 * Routing thresholds, in bytes of one request (hashes: of whole blocks in one update). The
 * in-core drivers hand a request to the engine from this size on; 0 never. Basis of the
 * defaults, which no hardware here could measure: an H_COP_OP round trip under PowerVM costs
 * microseconds (IBM: NX pays off only for large requests), while POWER8's vector crypto runs
 * SHA-256/512 at a few hundred MB/s and AES at GB/s per core: a round trip of ~10 us equals
 * ~4 KiB of in-core SHA and ~30 KiB of in-core AES, so 16 KiB and 64 KiB keep the engine for
 * requests well past the break-even point. The -nx drivers always use the engine.
 */
static unsigned int nx_sha_min = 16384;
module_param(nx_sha_min, uint, 0644);
MODULE_PARM_DESC(nx_sha_min, "POWER NX: sha224/256/384/512 updates of at least this many bytes go to the coprocessor (default 16384; 0: never)");
static unsigned int nx_aes_min = 65536;
module_param(nx_aes_min, uint, 0644);
MODULE_PARM_DESC(nx_aes_min, "POWER NX: ecb/cbc/ctr(aes), gcm(aes) and rfc4106 requests of at least this many bytes go to the coprocessor (default 65536; 0: never)");
/*
 * Each try is a hypervisor call with preemption off: an unbounded count is a soft lockup while
 * the engine stays busy. 64 calls of some microseconds each stay far below the watchdog.
 */
#define HWC_NX_BUSY_TRIES_MAX	64
static unsigned int nx_busy_tries = 8;

static int hwc_nx_busy_tries_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n;

	if (kstrtouint(val, 0, &n) || n < 1 || n > HWC_NX_BUSY_TRIES_MAX) {
		pr_err("nx_busy_tries=%s refused: a number from 1 to %d\n", val,
		       HWC_NX_BUSY_TRIES_MAX);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = n;
	return 0;
}

static const struct kernel_param_ops hwc_nx_busy_tries_ops = {
	.set = hwc_nx_busy_tries_set,
	.get = param_get_uint,
};
module_param_cb(nx_busy_tries, &hwc_nx_busy_tries_ops, &nx_busy_tries, 0644);
MODULE_PARM_DESC(nx_busy_tries, "POWER NX: calls per piece while the coprocessor answers busy, then the piece runs in-core (default 8)");

/* After this many failed calls in a row, routing leaves the engine alone for a second. */
#define HWC_NX_SICK_AFTER	4

/*
 * The largest in-place piece: its input is copied aside first (hwc_nx_lists()), into a buffer
 * each possible CPU owns. 64 KiB is the engine's usual bytes per call and the default routing
 * threshold; an engine that offers more takes in-place requests in 64 KiB calls.
 */
#define HWC_NX_KEEP_MAX		65536u

/* ---- the call ---- */

/*
 * One H_COP_OP with the CPU's area: @in/@out are list byte counts (as negative lengths) or,
 * with @linear, a linear output buffer. True if the engine processed all @bytes.
 */
static bool hwc_nx_call(u8 *area, u32 fc, unsigned int nin, unsigned int nout, long out_linear,
			u64 out_addr, unsigned int bytes)
{
#if HWC_NX_POSSIBLE
	u8 *blk = area + AREA_BLOCK;
	long rc = H_BUSY;
	unsigned int tries;

	for (tries = 0; tries < max(nx_busy_tries, 1u); tries++) {
		blk[CSB_VALID] = 0;
		rc = plpar_hcall_norets(H_COP, fc, hwc_nx.unit,
					__pa(area + AREA_IN), -(long)(nin * sizeof(struct hwc_nx_sg)),
					out_linear ? out_addr : __pa(area + AREA_OUT),
					out_linear ? out_linear :
						     -(long)(nout * sizeof(struct hwc_nx_sg)),
					__pa(blk));
		atomic64_inc(&hwc_nx.calls);
		if (rc != H_BUSY && !H_IS_LONG_BUSY(rc))
			break;
		atomic64_inc(&hwc_nx.busy);
	}
	if (rc == H_SUCCESS && (blk[CSB_VALID] & 0x80) && blk[CSB_CC] == 0 &&
	    be32_to_cpup((__be32 *)(blk + CSB_PBC)) == bytes) {
		atomic_set(&hwc_nx.failures, 0);
		return true;
	}
	atomic64_inc(&hwc_nx.errors);
	if (atomic_inc_return(&hwc_nx.failures) >= HWC_NX_SICK_AFTER)
		WRITE_ONCE(hwc_nx.sick_until, jiffies + HZ);
	pr_debug("H_COP_OP fc %u: rc %ld, csb valid 0x%x cc %u\n", fc, rc, blk[CSB_VALID],
		 blk[CSB_CC]);
#endif
	return false;
}

/* Whether the engine may take a request now (present, and not failing call after call). */
static bool hwc_nx_healthy(void)
{
	return hwc_nx.present && !time_before(jiffies, READ_ONCE(hwc_nx.sick_until));
}

/*
 * The CPU's area, with preemption off and its lock held, or NULL when an interrupted caller on
 * this CPU holds it.
 */
static struct hwc_nx_cpu *hwc_nx_get(void)
{
	struct hwc_nx_cpu *c = get_cpu_ptr(hwc_nx.cpu);

	if (spin_trylock(&c->lock))
		return c;
	put_cpu_ptr(hwc_nx.cpu);
	return NULL;
}

static void hwc_nx_put(struct hwc_nx_cpu *c)
{
	/* Keys, IVs and digests do not outlive the call in the block, nor plaintext in keep. */
	memzero_explicit(c->area + AREA_BLOCK, BLOCK_BYTES);
	if (c->kept) {
		memzero_explicit(c->keep, c->kept);
		c->kept = 0;
	}
	spin_unlock(&c->lock);
	put_cpu_ptr(hwc_nx.cpu);
}

/* Appends [phys, phys + len) to @sg, cut at NX pages; false when @max entries do not suffice. */
static bool hwc_nx_sg_add(struct hwc_nx_sg *sg, unsigned int *n, unsigned int max, u64 phys,
			  unsigned int len)
{
	while (len) {
		unsigned int piece = min_t(unsigned int, len, NX_PAGE - (phys & (NX_PAGE - 1)));

		if (*n >= max)
			return false;
		sg[*n].addr = cpu_to_be64(phys);
		sg[*n].rsvd = 0;
		sg[*n].len = cpu_to_be32(piece);
		(*n)++;
		phys += piece;
		len -= piece;
	}
	return true;
}

/*
 * Bytes of @sgl from @skip on that @max list entries can describe, at most @len (0 if the
 * scatterlist is shorter than @skip). With @sg, writes those entries and their count to @n.
 */
static unsigned int hwc_nx_sg_from(struct scatterlist *sgl, unsigned int skip, unsigned int len,
				   unsigned int max, struct hwc_nx_sg *sg, unsigned int *n)
{
	unsigned int done = 0, cnt = 0;
	struct scatterlist *s;

	for (s = sgl; s && done < len; s = sg_next(s)) {
		unsigned int l = s->length;
		u64 phys = sg_phys(s);

		if (skip >= l) {
			skip -= l;
			continue;
		}
		phys += skip;
		l -= skip;
		skip = 0;
		l = min(l, len - done);
		while (l) {
			unsigned int piece = min_t(unsigned int, l,
						   NX_PAGE - (phys & (NX_PAGE - 1)));

			if (cnt >= max)
				goto out;
			if (sg)
				hwc_nx_sg_add(sg, &cnt, max, phys, piece);
			else
				cnt++;
			phys += piece;
			l -= piece;
			done += piece;
		}
	}
out:
	if (n)
		*n = cnt;
	return done;
}

/*
 * Whether the output list may share bytes with the input list: entries never cross an NX page,
 * so they can only overlap within one. The input's pages go into a small hashed bitmap and
 * every output page is looked up: linear in the entries, and a collision costs only a copy.
 */
static bool hwc_nx_may_overlap(const struct hwc_nx_sg *in, unsigned int nin,
			       const struct hwc_nx_sg *out, unsigned int nout)
{
	DECLARE_BITMAP(pages, 512);
	unsigned int i;

	bitmap_zero(pages, 512);
	for (i = 0; i < nin; i++)
		__set_bit(hash_64(be64_to_cpu(in[i].addr) / NX_PAGE, 9), pages);
	for (i = 0; i < nout; i++)
		if (test_bit(hash_64(be64_to_cpu(out[i].addr) / NX_PAGE, 9), pages))
			return true;
	return false;
}

/*
 * Builds the input and output lists of a piece of @len bytes of @src/@dst from @skip on, and
 * returns the piece's length. When the output may land on the input (in place, or the same
 * pages through two scatterlists, as AF_ALG's spliced pages), the piece is cut to the keep
 * buffer and its input copied there: see hwc_nx_restore().
 */
static unsigned int hwc_nx_lists(struct hwc_nx_cpu *c, unsigned int max,
				 struct scatterlist *src, struct scatterlist *dst,
				 unsigned int skip, unsigned int len, unsigned int *nin,
				 unsigned int *nout)
{
	struct hwc_nx_sg *in = (struct hwc_nx_sg *)(c->area + AREA_IN);
	struct hwc_nx_sg *out = (struct hwc_nx_sg *)(c->area + AREA_OUT);

	hwc_nx_sg_from(src, skip, len, max, in, nin);
	hwc_nx_sg_from(dst, skip, len, max, out, nout);
	if (src != dst && !hwc_nx_may_overlap(in, *nin, out, *nout))
		return len;
	if (len > hwc_nx.keep_bytes) {
		/* whole blocks, and more of the request follows: a CTR or GCM tail stays later */
		len = hwc_nx.keep_bytes;
		hwc_nx_sg_from(src, skip, len, max, in, nin);
		hwc_nx_sg_from(dst, skip, len, max, out, nout);
	}
	scatterwalk_map_and_copy(c->keep, src, skip, len, 0);
	c->kept = len;
	return len;
}

/*
 * After a failed call, puts back the input of an in-place piece, which the engine may have
 * overwritten with some of its output: the in-core code redoes the piece from @src.
 *
 * Why a copy and not the CSB's processed byte count: PAPR and the public NX documents say
 * what a successful call returns, not what a failed one has written. Nothing promises that the
 * output stops at the processed count, or that the count is at a block boundary, or that the
 * chaining value (CBC), counter (CTR, GCM) and GHASH state (GCM) in the parameter block
 * describe that count after an error; Linux's NX crypto driver reads the count only for
 * statistics.
 * Resuming from it would rest on all of that; redoing the piece from its kept input rests on
 * nothing the engine does. Out of place, the input is not written and needs no copy.
 */
static void hwc_nx_restore(struct hwc_nx_cpu *c, struct scatterlist *src, unsigned int skip)
{
	if (c->kept)
		scatterwalk_map_and_copy(c->keep, src, skip, c->kept, 1);
}

/* ---- hashes ---- */

/*
 * Compresses whole blocks of @data into @state (host-endian words, as the cores keep it) on the
 * engine: INTERMEDIATE (no padding) and CONTINUATION (from @state) on every call, so the
 * engine's work splices into the in-core framing at any block. Returns the blocks done, a
 * prefix of @nblocks. @data is in the linear map (it has physical addresses to give).
 */
static size_t hwc_nx_hash(unsigned int alg, void *state, const u8 *data, size_t nblocks)
{
	bool sha512 = alg == NX_SHA512;
	unsigned int bs = sha512 ? 128 : 64, i;
	const struct hwc_nx_limit *lim = &hwc_nx.lim[alg];
	size_t done = 0;

	while (done < nblocks) {
		struct hwc_nx_cpu *c = hwc_nx_get();
		unsigned int n = 0, bytes;
		size_t blocks;
		u8 *blk;

		if (!c)
			break;
		/* at most the call's bytes, and the NX pages the list's entries can cover */
		bytes = min_t(size_t, nblocks - done, lim->max_bytes / bs) * bs;
		bytes = min_t(unsigned int, bytes,
			      NX_PAGE - (__pa(data + done * bs) & (NX_PAGE - 1)) +
			      (lim->max_entries - 1) * NX_PAGE) / bs * bs;
		hwc_nx_sg_add((struct hwc_nx_sg *)(c->area + AREA_IN), &n, lim->max_entries,
			      __pa(data + done * bs), bytes);
		blocks = bytes / bs;
		blk = c->area + AREA_BLOCK;
		memset(blk, 0, BLOCK_BYTES);
		blk[CPB_MODE] = NX_MODE_SHA;
		blk[CPB_FDM] = NX_FDM_INTERMEDIATE | NX_FDM_CONTINUATION;
		blk[CPB_KS_DS] = sha512 ? 3 : 2;
		for (i = 0; i < 8; i++) {
			if (sha512)
				((__be64 *)(blk + SHA_IPD))[i] = cpu_to_be64(((u64 *)state)[i]);
			else
				((__be32 *)(blk + SHA_IPD))[i] = cpu_to_be32(((u32 *)state)[i]);
		}
		if (!hwc_nx_call(c->area, NX_FC_SHA, n, 0, sha512 ? 64 : 32,
				 __pa(c->area + AREA_SINK), bytes)) {
			hwc_nx_put(c);
			break;
		}
		for (i = 0; i < 8; i++) {
			if (sha512)
				((u64 *)state)[i] = be64_to_cpu(((__be64 *)(blk + SHA512_MD))[i]);
			else
				((u32 *)state)[i] = be32_to_cpu(((__be32 *)(blk + SHA256_MD))[i]);
		}
		hwc_nx_put(c);
		done += blocks;
	}
	return done;
}

size_t hwc_arch_hash_offload(const struct hwc_hash_info *info, const struct hwc_tier *tier,
			     void *state, const u8 *data, size_t nblocks, bool *tried)
{
	bool always = tier->features & HWC_F_NX;
	unsigned int alg;

	*tried = false;
	/* the whole cost to in-core requests on a machine without the engine: one load */
	if (!hwc_nx.present)
		return 0;
	if (!strcmp(info->family, "sha256"))
		alg = NX_SHA256;
	else if (!strcmp(info->family, "sha512"))
		alg = NX_SHA512;
	else
		return 0;
	if (!nblocks || !hwc_nx.lim[alg].bits || !hwc_nx_healthy())
		return 0;
	if (!always && (!nx_sha_min || nblocks * info->blocksize < nx_sha_min))
		return 0;
	/* vmalloc'ed or stack data (a final's padding block) has no physical run to hand over */
	if (!virt_addr_valid(data) || !virt_addr_valid(data + nblocks * info->blocksize - 1))
		return 0;
	*tried = true;
	return hwc_nx_hash(alg, state, data, nblocks);
}

/* ---- AES ---- */

/* @ctr += @blocks, as the 128-bit big-endian counter of the crypto API's ctr(aes). */
static void hwc_nx_ctr_add(u8 ctr[AES_BLOCK_SIZE], u64 blocks)
{
	u64 lo = get_unaligned_be64(ctr + 8), hi = get_unaligned_be64(ctr);

	lo += blocks;
	hi += lo < blocks;
	put_unaligned_be64(hi, ctr);
	put_unaligned_be64(lo, ctr + 8);
}

/*
 * Bytes of @req from @off on that one call can take: at most the call's byte limit, what both
 * lists can describe, whole blocks except a CTR request's end, and (CTR) no wrap of the
 * counter's low 32 bits inside the call, since the engine's counter width is not published.
 */
static unsigned int hwc_nx_aes_piece(unsigned int alg, struct skcipher_request *req,
				     unsigned int off, const u8 *iv)
{
	const struct hwc_nx_limit *lim = &hwc_nx.lim[alg];
	unsigned int len = min(req->cryptlen - off, lim->max_bytes);

	len = hwc_nx_sg_from(req->src, off, len, lim->max_entries, NULL, NULL);
	len = hwc_nx_sg_from(req->dst, off, len, lim->max_entries, NULL, NULL);
	if (alg == NX_CTR) {
		u64 room = 0x100000000ull - get_unaligned_be32(iv + 12);

		if (DIV_ROUND_UP(len, AES_BLOCK_SIZE) > room)
			len = room * AES_BLOCK_SIZE;
	}
	if (off + len < req->cryptlen || alg != NX_CTR)
		len &= ~(AES_BLOCK_SIZE - 1);
	return len;
}

unsigned int hwc_arch_skcipher_offload(const struct hwc_drv *drv, const struct hwc_aes_key *k,
				       struct skcipher_request *req, bool enc, bool *tried)
{
	bool always = drv->tier.features & HWC_F_NX;
	const char *name = drv->desc->cra_name;
	unsigned int alg, off = 0, keylen = (k->nr - 6) * 4;
	u8 last[AES_BLOCK_SIZE];

	*tried = false;
	if (!hwc_nx.present)
		return 0;
	if (!strcmp(name, "ecb(aes)"))
		alg = NX_ECB;
	else if (!strcmp(name, "cbc(aes)"))
		alg = NX_CBC;
	else if (!strcmp(name, "ctr(aes)"))
		alg = NX_CTR;
	else
		return 0;
	if (!req->cryptlen || !(hwc_nx.lim[alg].bits & (1u << (keylen / 8 - 2))) ||
	    !hwc_nx_healthy())
		return 0;
	/* Bad lengths are the in-core path's to refuse. */
	if (alg != NX_CTR && req->cryptlen % AES_BLOCK_SIZE)
		return 0;
	if (!always && (!nx_aes_min || req->cryptlen < nx_aes_min))
		return 0;
	*tried = true;

	while (off < req->cryptlen) {
		unsigned int len = hwc_nx_aes_piece(alg, req, off, req->iv), nin, nout;
		struct hwc_nx_cpu *c;
		bool ok;
		u8 *blk;

		if (!len)
			break;
		c = hwc_nx_get();
		if (!c)
			break;
		len = hwc_nx_lists(c, hwc_nx.lim[alg].max_entries, req->src, req->dst, off, len,
				   &nin, &nout);
		/* CBC decryption's next IV is the last ciphertext block, which in place it overwrites. */
		if (alg == NX_CBC && !enc)
			scatterwalk_map_and_copy(last, req->src, off + len - AES_BLOCK_SIZE,
						 AES_BLOCK_SIZE, 0);
		blk = c->area + AREA_BLOCK;
		memset(blk, 0, BLOCK_BYTES);
		blk[CPB_MODE] = alg == NX_ECB ? NX_MODE_AES_ECB :
				alg == NX_CBC ? NX_MODE_AES_CBC : NX_MODE_AES_CTR;
		blk[CPB_FDM] = enc ? NX_FDM_ENDE_ENCRYPT : 0;
		blk[CPB_KS_DS] = (keylen / 8 - 1) << 4;
		/* the cipher key is round key 0..Nk-1: the standard's w[] words are the key bytes */
		if (alg == NX_ECB) {
			memcpy(blk + AES_ECB_KEY, k->ek, keylen);
		} else {
			memcpy(blk + AES_KEY, k->ek, keylen);
			memcpy(blk + AES_IV, req->iv, AES_BLOCK_SIZE);
		}
		ok = hwc_nx_call(c->area, NX_FC_AES, nin, nout, 0, 0, len);
		if (ok && alg == NX_CBC)
			memcpy(req->iv, enc ? blk + AES_CV : last, AES_BLOCK_SIZE);
		if (!ok)
			hwc_nx_restore(c, req->src, off);
		hwc_nx_put(c);
		if (!ok)
			break;
		if (alg == NX_CTR)
			hwc_nx_ctr_add(req->iv, DIV_ROUND_UP(len, AES_BLOCK_SIZE));
		off += len;
	}
	memzero_explicit(last, sizeof(last));
	return off;
}

/* ---- GCM ---- */

/*
 * Bytes of the scatterlists from @skip on that one call can take: at most @remain and the
 * call's byte limit, what both lists can describe, whole blocks unless it ends the message.
 */
static unsigned int hwc_nx_piece(const struct hwc_nx_limit *lim, struct scatterlist *src,
				 struct scatterlist *dst, unsigned int skip, unsigned int remain)
{
	unsigned int len = min(remain, lim->max_bytes);

	len = hwc_nx_sg_from(src, skip, len, lim->max_entries, NULL, NULL);
	if (dst)
		len = hwc_nx_sg_from(dst, skip, len, lim->max_entries, NULL, NULL);
	if (len < remain)
		len &= ~(AES_BLOCK_SIZE - 1);
	return len;
}

/* The GHASH of @aadlen > 16 bytes of AAD at the start of @sg into @state (GCA, in pieces). */
static bool hwc_nx_gca(const u8 *key, unsigned int keylen, struct scatterlist *sg,
		       unsigned int aadlen, u8 state[16])
{
	const struct hwc_nx_limit *lim = &hwc_nx.lim[NX_GCM];
	unsigned int off = 0;

	while (off < aadlen) {
		unsigned int len = hwc_nx_piece(lim, sg, NULL, off, aadlen - off), nin;
		struct hwc_nx_cpu *c;
		bool ok;
		u8 *blk;

		if (!len)
			return false;
		c = hwc_nx_get();
		if (!c)
			return false;
		hwc_nx_sg_from(sg, off, len, lim->max_entries,
			       (struct hwc_nx_sg *)(c->area + AREA_IN), &nin);
		blk = c->area + AREA_BLOCK;
		memset(blk, 0, BLOCK_BYTES);
		blk[CPB_MODE] = NX_MODE_AES_GCA;
		blk[CPB_FDM] = (off + len < aadlen ? NX_FDM_INTERMEDIATE : 0) |
			       (off ? NX_FDM_CONTINUATION : 0);
		blk[CPB_KS_DS] = (keylen / 8 - 1) << 4;
		memcpy(blk + GCA_KEY, key, keylen);
		memcpy(blk + GCA_IN_PAT, state, AES_BLOCK_SIZE);
		ok = hwc_nx_call(c->area, NX_FC_AES, nin, 0, 0, 0, len);
		if (ok)
			memcpy(state, blk + GCA_OUT_PAT, AES_BLOCK_SIZE);
		hwc_nx_put(c);
		if (!ok)
			return false;
		off += len;
	}
	return true;
}

long hwc_arch_gcm_offload(const struct hwc_drv *drv, const struct hwc_gcm_key *k,
			  struct hwc_gcm_ctx *gc, struct aead_request *req, bool enc,
			  unsigned int aadlen, unsigned int textlen, u8 tag[16], bool *tagged,
			  bool *tried)
{
	const struct hwc_nx_limit *lim = &hwc_nx.lim[NX_GCM];
	bool always = drv->tier.features & HWC_F_NX, have = false;
	unsigned int keylen = (k->aes.nr - 6) * 4, off = 0;
	u8 state[AES_BLOCK_SIZE] = {}, s0[AES_BLOCK_SIZE], cnt[AES_BLOCK_SIZE];

	*tried = false;
	*tagged = false;
	if (!hwc_nx.present)
		return -1;
	if (strcmp(drv->desc->cra_name, "gcm(aes)") &&
	    strcmp(drv->desc->cra_name, "rfc4106(gcm(aes))"))
		return -1;
	if (!(lim->bits & (1u << (keylen / 8 - 2))) || !hwc_nx_healthy())
		return -1;
	if (!always && (!nx_aes_min || (u64)aadlen + textlen < nx_aes_min))
		return -1;
	*tried = true;

	/* AAD of one block goes in the first piece's pattern field; longer, its GHASH does */
	if (aadlen > AES_BLOCK_SIZE && !hwc_nx_gca(k->aes.ek, keylen, req->src, aadlen, state))
		goto out;
	if (aadlen && aadlen <= AES_BLOCK_SIZE)
		scatterwalk_map_and_copy(state, req->src, 0, aadlen, 0);

	do {
		unsigned int skip = req->assoclen + off, len = 0, nin = 0, nout = 0;
		struct hwc_nx_cpu *c;
		bool ok, last;
		u8 *blk;

		if (off < textlen) {
			len = hwc_nx_piece(lim, req->src, req->dst, skip, textlen - off);
			if (!len)
				break;
		}
		c = hwc_nx_get();
		if (!c)
			break;
		if (len)
			len = hwc_nx_lists(c, lim->max_entries, req->src, req->dst, skip, len,
					   &nin, &nout);
		last = off + len == textlen;
		blk = c->area + AREA_BLOCK;
		memset(blk, 0, BLOCK_BYTES);
		blk[CPB_MODE] = NX_MODE_AES_GCM;
		blk[CPB_FDM] = (enc ? NX_FDM_ENDE_ENCRYPT : 0) | (last ? 0 : NX_FDM_INTERMEDIATE) |
			       (have ? NX_FDM_CONTINUATION : 0);
		blk[CPB_KS_DS] = (keylen / 8 - 1) << 4;
		memcpy(blk + GCM_KEY, k->aes.ek, keylen);
		put_unaligned_be64((u64)aadlen * 8, blk + GCM_AAD_BITS);
		put_unaligned_be64((u64)textlen * 8, blk + GCM_DATA_BITS);
		memcpy(blk + GCM_IN_PAT, state, AES_BLOCK_SIZE);
		if (have) {
			memcpy(blk + GCM_IV, cnt, AES_BLOCK_SIZE);
			memcpy(blk + GCM_IN_S0, s0, AES_BLOCK_SIZE);
		} else {
			memcpy(blk + GCM_IV, gc->j0, AES_BLOCK_SIZE);
		}
		ok = hwc_nx_call(c->area, NX_FC_AES, nin, nout, 0, 0, len);
		if (ok) {
			memcpy(state, blk + GCM_OUT_PAT, AES_BLOCK_SIZE);
			memcpy(s0, blk + GCM_OUT_S0, AES_BLOCK_SIZE);
			memcpy(cnt, blk + GCM_OUT_CNT, AES_BLOCK_SIZE);
		} else {
			hwc_nx_restore(c, req->src, skip);
		}
		hwc_nx_put(c);
		if (!ok)
			break;
		have = true;
		off += len;
		if (last) {
			memcpy(tag, state, AES_BLOCK_SIZE);
			*tagged = true;
			goto out;
		}
	} while (off < textlen);

	/* The engine stopped after @off bytes: hand its state to the in-core code. */
	if (have) {
		memcpy(gc->y, state, AES_BLOCK_SIZE);
		memcpy(gc->ctr, cnt, AES_BLOCK_SIZE);
		gc->aadlen = aadlen;
		gc->textlen = off;
	}
out:
	memzero_explicit(state, sizeof(state));
	memzero_explicit(s0, sizeof(s0));
	return have ? (long)off : -1L;
}

/* ---- discovery ---- */

/*
 * ibm,max-sync-cop: for each function code and mode, a count and that many (key or digest
 * bits, bytes per call, list entries) triplets. The list length in entries is also bounded by
 * ibm,max-sg-len (bytes of one list).
 */
static void hwc_nx_parse_limits(struct device_node *np)
{
	static const struct { u32 fc, mode, bits; int alg; } want[] = {
		{ NX_FC_SHA, NX_MODE_SHA, 256, NX_SHA256 },
		{ NX_FC_SHA, NX_MODE_SHA, 512, NX_SHA512 },
		{ NX_FC_AES, NX_MODE_AES_ECB, 0, NX_ECB },
		{ NX_FC_AES, NX_MODE_AES_CBC, 0, NX_CBC },
		{ NX_FC_AES, NX_MODE_AES_CTR, 0, NX_CTR },
		/* GCA (the GHASH of long AAD) runs within GCM's limits */
		{ NX_FC_AES, NX_MODE_AES_GCM, 0, NX_GCM },
	};
	const __be32 *p;
	u32 sglen = 0, entries;
	int len, i;

	of_property_read_u32(np, "ibm,max-sg-len", &sglen);
	entries = min_t(u32, sglen / sizeof(struct hwc_nx_sg), NX_SG_MAX);
	p = of_get_property(np, "ibm,max-sync-cop", &len);
	if (!p || entries < 2)
		return;
	len /= 4;
	while (len >= 3) {
		u32 fc = be32_to_cpu(p[0]), mode = be32_to_cpu(p[1]), n = be32_to_cpu(p[2]);

		p += 3;
		len -= 3;
		if (n > (u32)len / 3)
			return;
		for (; n; n--, p += 3, len -= 3) {
			u32 bits = be32_to_cpu(p[0]), bytes = be32_to_cpu(p[1]);
			u32 ents = be32_to_cpu(p[2]);

			for (i = 0; i < ARRAY_SIZE(want); i++) {
				struct hwc_nx_limit *l = &hwc_nx.lim[want[i].alg];
				u32 e = min(entries, ents), b = rounddown(bytes, NX_PAGE);

				/* AES: every key size of the mode, within the tightest limits */
				if (want[i].fc != fc || want[i].mode != mode ||
				    (want[i].bits && want[i].bits != bits) ||
				    (bits != 128 && bits != 192 && bits != 256 && bits != 512) ||
				    e < 2 || b < NX_PAGE)
					continue;
				l->max_entries = l->bits ? min(l->max_entries, e) : e;
				l->max_bytes = l->bits ? min(l->max_bytes, b) : b;
				l->bits |= 1u << (bits / 64 - 2);
			}
		}
	}
}

/* ---- statistics: /sys/module/hwcrypt/nx/ ---- */

static ssize_t hwc_nx_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	const char *n = attr->attr.name;
	ssize_t len = 0;
	int i;

	if (!strcmp(n, "calls"))
		return sysfs_emit(buf, "%lld\n", atomic64_read(&hwc_nx.calls));
	if (!strcmp(n, "busy"))
		return sysfs_emit(buf, "%lld\n", atomic64_read(&hwc_nx.busy));
	if (!strcmp(n, "errors"))
		return sysfs_emit(buf, "%lld\n", atomic64_read(&hwc_nx.errors));
	if (!strcmp(n, "healthy"))
		return sysfs_emit(buf, "%d\n", hwc_nx_healthy());
	/* limits: "<alg> <bytes per call> <entries per list>" per offered algorithm */
	for (i = 0; i < NX_NALGS; i++)
		if (hwc_nx.lim[i].bits)
			len += sysfs_emit_at(buf, len, "%s %u %u\n", hwc_nx_alg_names[i],
					     hwc_nx.lim[i].max_bytes, hwc_nx.lim[i].max_entries);
	return len;
}

/* The counters root's alone, as the drivers' (registry.c): they follow others' traffic. */
static struct kobj_attribute hwc_nx_attr_calls = __ATTR(calls, 0400, hwc_nx_show, NULL);
static struct kobj_attribute hwc_nx_attr_busy = __ATTR(busy, 0400, hwc_nx_show, NULL);
static struct kobj_attribute hwc_nx_attr_errors = __ATTR(errors, 0400, hwc_nx_show, NULL);
static struct kobj_attribute hwc_nx_attr_healthy = __ATTR(healthy, 0444, hwc_nx_show, NULL);
static struct kobj_attribute hwc_nx_attr_limits = __ATTR(limits, 0444, hwc_nx_show, NULL);

static struct attribute *hwc_nx_attrs[] = {
	&hwc_nx_attr_calls.attr,
	&hwc_nx_attr_busy.attr,
	&hwc_nx_attr_errors.attr,
	&hwc_nx_attr_healthy.attr,
	&hwc_nx_attr_limits.attr,
	NULL,
};

static const struct attribute_group hwc_nx_group = {
	.attrs = hwc_nx_attrs,
};

static void hwc_nx_free(void)
{
	int cpu;

	if (!hwc_nx.cpu)
		return;
	for_each_possible_cpu(cpu) {
		struct hwc_nx_cpu *c = per_cpu_ptr(hwc_nx.cpu, cpu);

		kfree_sensitive(c->area);
		kvfree(c->keep);
	}
	free_percpu(hwc_nx.cpu);
	hwc_nx.cpu = NULL;
}

/*
 * Finds the engine and prepares each CPU's area. False (and nothing kept) without one: then
 * nothing NX registers and routing never leaves the CPU.
 */
bool hwc_nx_init(void)
{
	struct device_node *np;
	u32 unit;
	int cpu, i;

	if (!HWC_NX_POSSIBLE)
		return false;
	np = of_find_compatible_node(NULL, NULL, "ibm,sym-encryption");
	if (!np)
		return false;
	if (!of_device_is_available(np) || of_property_read_u32(np, "ibm,resource-id", &unit)) {
		of_node_put(np);
		return false;
	}
	memset(hwc_nx.lim, 0, sizeof(hwc_nx.lim));
	hwc_nx_parse_limits(np);
	of_node_put(np);
	hwc_nx.unit = unit;
	hwc_nx.keep_bytes = NX_PAGE;
	for (i = NX_ECB; i <= NX_GCM; i++)
		hwc_nx.keep_bytes = max(hwc_nx.keep_bytes, hwc_nx.lim[i].max_bytes);
	hwc_nx.keep_bytes = min(hwc_nx.keep_bytes, HWC_NX_KEEP_MAX);
	hwc_nx.cpu = alloc_percpu(struct hwc_nx_cpu);
	if (!hwc_nx.cpu)
		return false;
	for_each_possible_cpu(cpu) {
		struct hwc_nx_cpu *c = per_cpu_ptr(hwc_nx.cpu, cpu);

		spin_lock_init(&c->lock);
		c->area = kzalloc(AREA_BYTES, GFP_KERNEL);
		c->keep = kvmalloc_node(hwc_nx.keep_bytes, GFP_KERNEL, cpu_to_node(cpu));
		c->kept = 0;
		if (!c->area || !c->keep || ((unsigned long)c->area & (NX_PAGE - 1))) {
			hwc_nx_free();
			return false;
		}
	}
	hwc_nx.present = true;
	hwc_nx.kobj = kobject_create_and_add("nx", &THIS_MODULE->mkobj.kobj);
	if (hwc_nx.kobj && sysfs_create_group(hwc_nx.kobj, &hwc_nx_group)) {
		kobject_put(hwc_nx.kobj);
		hwc_nx.kobj = NULL;
	}
	pr_info("coprocessor unit %u: sha256 %u, sha512 %u, aes %u, gcm %u bytes per call\n", unit,
		hwc_nx.lim[NX_SHA256].max_bytes, hwc_nx.lim[NX_SHA512].max_bytes,
		hwc_nx.lim[NX_CBC].max_bytes, hwc_nx.lim[NX_GCM].max_bytes);
	return true;
}

void hwc_arch_unregister(void)
{
	if (hwc_nx.kobj) {
		sysfs_remove_group(hwc_nx.kobj, &hwc_nx_group);
		kobject_put(hwc_nx.kobj);
		hwc_nx.kobj = NULL;
	}
	hwc_nx.present = false;
	hwc_nx_free();
}

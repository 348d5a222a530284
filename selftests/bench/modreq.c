// SPDX-License-Identifier: GPL-2.0
/*
 * kmod/glue_aes.c's request path for a request whose src and dst are one linear buffer each,
 * for the bench's hwcrypt side: the same order of calls, sections and wipes as
 * hwc_skcipher_crypt() and hwc_gcm_run(), on the same freestanding cores and framing
 * (generic/aes_modes.c), built with the module's flags (no SSE: selftests/Makefile's
 * BENCH_MOD_CFLAGS), so that what the module's compiled C costs per request is timed too.
 *
 * What is modelled, and how (keep in step with glue_aes.c):
 * - the skcipher walk over a linear buffer: steps cut where src or dst crosses a page, every
 *   step but the last cut to whole blocks (skcipher_walk_virt() maps one page at a time);
 * - SIMD sections of at most HWC_AES_SIMD_MAX bytes, each entered and left by out-of-line calls
 *   (irq_fpu_usable(), kernel_fpu_begin(), kernel_fpu_end() are calls in the kernel; their work
 *   has no host counterpart and is left out, as on the kernel side of the bench);
 * - XTS's tweak encrypted in a section of its own, and its head/tail split for partial blocks;
 * - the mode's piece function and the tier's core reached by indirect calls, the offload
 *   hooks (none on x86) and the request counter by calls;
 * - GCM: hwc_gcm_start(), the text in sections with the last piece and tag fused, the tag
 *   copied out or compared in constant time, and the wipes of context, tag and AAD buffer.
 * Not modelled: scatterlists with more than one entry, bounce buffers, AAD (the bench's
 * requests have none, on both sides).
 */
#include "modreq.h"

#define SIMD_MAX	4096	/* glue_aes.c's HWC_AES_SIMD_MAX */
#define PAGE		4096
#define AAD_CHUNK	256	/* HWC_AAD_CHUNK: the buffer hwc_gcm_run() wipes */
#define EINVAL		22
#define EBADMSG		74

#define noinline __attribute__((noinline))

static void barrier_data(void *p)
{
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/* memzero_explicit(): a memset the compiler may not drop. */
static void wipe(void *p, unsigned long n)
{
	__builtin_memset(p, 0, n);
	barrier_data(p);
}

/* Out-of-line stand-ins for the kernel calls around a section: the calls, not their work. */
static noinline int fpu_usable(void)
{
	__asm__ __volatile__("" : : : "memory");
	return 1;
}

static noinline void fpu_begin(void)
{
	__asm__ __volatile__("" : : : "memory");
}

static noinline void fpu_end(void)
{
	__asm__ __volatile__("" : : : "memory");
}

static const struct hwc_aes_impl *enter(const struct hwc_aes_impl *impl)
{
	if (!fpu_usable())
		return &hwc_aes_generic;
	fpu_begin();
	return impl;
}

static void leave(const struct hwc_aes_impl *run)
{
	if (run != &hwc_aes_generic)
		fpu_end();
}

/* hwc_count(): a per-CPU counter add in the module. */
static unsigned long long nreq, nbytes_done;

static noinline void count(unsigned int bytes)
{
	nreq++;
	nbytes_done += bytes;
}

/* hwc_arch_skcipher_offload() and hwc_arch_gcm_offload(): no engine on x86. */
static noinline unsigned int skcipher_offload(void)
{
	__asm__ __volatile__("" : : : "memory");
	return 0;
}

static noinline long gcm_offload(void)
{
	__asm__ __volatile__("" : : : "memory");
	return -1;
}

typedef void piece_fn(const struct hwc_aes_impl *run, const struct modreq_ctx *ctx, int enc,
		      hwc_u8 *dst, const hwc_u8 *src, unsigned int len, hwc_u8 *chain);

static void ecb_piece(const struct hwc_aes_impl *run, const struct modreq_ctx *ctx, int enc,
		      hwc_u8 *dst, const hwc_u8 *src, unsigned int len, hwc_u8 *chain)
{
	(void)chain;
	(enc ? run->ecb_enc : run->ecb_dec)(&ctx->k1, dst, src, len / 16);
}

static void cbc_piece(const struct hwc_aes_impl *run, const struct modreq_ctx *ctx, int enc,
		      hwc_u8 *dst, const hwc_u8 *src, unsigned int len, hwc_u8 *chain)
{
	(enc ? run->cbc_enc : run->cbc_dec)(&ctx->k1, dst, src, len / 16, chain);
}

static void ctr_piece(const struct hwc_aes_impl *run, const struct modreq_ctx *ctx, int enc,
		      hwc_u8 *dst, const hwc_u8 *src, unsigned int len, hwc_u8 *chain)
{
	(void)enc;
	run->ctr(&ctx->k1, dst, src, len, chain);
}

static void xts_piece(const struct hwc_aes_impl *run, const struct modreq_ctx *ctx, int enc,
		      hwc_u8 *dst, const hwc_u8 *src, unsigned int len, hwc_u8 *chain)
{
	(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, dst, src, len, chain);
}

/* The mode table the glue reaches through drv->desc->data: the piece is an indirect call. */
static piece_fn *const pieces[] = { ecb_piece, cbc_piece, ctr_piece, xts_piece };
static const int stream[] = { 0, 0, 1, 0 };

static unsigned int page_left(const void *p)
{
	return PAGE - (unsigned int)((unsigned long)p & (PAGE - 1));
}

/* hwc_skcipher_walk() + hwc_skcipher_run() over one linear buffer. */
static void walk(const struct hwc_aes_impl *tier, piece_fn *piece, int is_stream,
		 const struct modreq_ctx *ctx, int enc, hwc_u8 *dst, const hwc_u8 *src,
		 unsigned int total, hwc_u8 *chain)
{
	while (total) {
		unsigned int step = total, n;

		if (step > page_left(src))
			step = page_left(src);
		if (step > page_left(dst))
			step = page_left(dst);
		if (step < total || !is_stream)
			step &= ~15u;
		/* hwc_skcipher_run(): sections of at most SIMD_MAX, cut on blocks. */
		for (n = step; n; ) {
			unsigned int k = n < SIMD_MAX ? n : SIMD_MAX;
			const struct hwc_aes_impl *run;

			if (k < n)
				k &= ~15u;
			run = enter(tier);
			piece(run, ctx, enc, dst, src, k, chain);
			leave(run);
			dst += k;
			src += k;
			n -= k;
		}
		total -= step;
	}
}

int modreq_skcipher(const struct hwc_aes_impl *tier, unsigned int mode, int enc,
		    const struct modreq_ctx *ctx, hwc_u8 *dst, const hwc_u8 *src,
		    unsigned int len, hwc_u8 iv[16])
{
	const struct hwc_aes_impl *run;
	hwc_u8 tweak[16], buf[32];
	unsigned int head;

	if (skcipher_offload())
		return -EINVAL;
	if (mode != MODREQ_XTS) {
		if (!stream[mode] && len % 16)
			return -EINVAL;
		walk(tier, pieces[mode], stream[mode], ctx, enc, dst, src, len, iv);
		count(len);
		return 0;
	}
	if (len < 16)
		return -EINVAL;
	/* hwc_xts_crypt(): T = E_K2(IV) in a section of its own, req->iv left as it was. */
	run = enter(tier);
	run->ecb_enc(&ctx->k2, tweak, iv, 1);
	leave(run);
	if (len % 16) {
		/* hwc_skcipher_head_tail(): all but the last full block and the partial one. */
		head = (len / 16 - 1) * 16;
		walk(tier, pieces[mode], 0, ctx, enc, dst, src, head, tweak);
		__builtin_memcpy(buf, src + head, len - head);
		run = enter(tier);
		(enc ? run->xts_enc : run->xts_dec)(&ctx->k1, buf, buf, len - head, tweak);
		leave(run);
		__builtin_memcpy(dst + head, buf, len - head);
		wipe(buf, sizeof(buf));
	} else {
		walk(tier, pieces[mode], 0, ctx, enc, dst, src, len, tweak);
	}
	wipe(tweak, sizeof(tweak));
	count(len);
	return 0;
}

/* hwc_gcm_text() over one linear buffer: the last piece and the tag in one call. */
static int gcm_text(const struct hwc_aes_impl *tier, const struct hwc_gcm_key *key,
		    struct hwc_gcm_ctx *gc, int enc, hwc_u8 *dst, const hwc_u8 *src,
		    unsigned int total, hwc_u8 tag[16])
{
	int tagged = 0;

	while (total) {
		unsigned int step = total, off, n;
		int last;

		if (step > page_left(src))
			step = page_left(src);
		if (step > page_left(dst))
			step = page_left(dst);
		last = step == total;
		if (!last)
			step &= ~15u;
		for (off = 0; off < step; off += n) {
			const struct hwc_aes_impl *run;

			n = step - off < SIMD_MAX ? step - off : SIMD_MAX;
			run = enter(tier);
			if (last && off + n == step) {
				(enc ? hwc_gcm_encrypt_final : hwc_gcm_decrypt_final)
					(run, key, gc, dst + off, src + off, n, tag);
				tagged = 1;
			} else {
				(enc ? hwc_gcm_encrypt : hwc_gcm_decrypt)(run, key, gc, dst + off,
									  src + off, n);
			}
			leave(run);
		}
		dst += step;
		src += step;
		total -= step;
	}
	return tagged;
}

int modreq_gcm(const struct hwc_aes_impl *tier, int enc, const struct hwc_gcm_key *key,
	       const hwc_u8 iv[12], hwc_u8 *dst, const hwc_u8 *src, unsigned int len,
	       hwc_u8 tag[16])
{
	const struct hwc_aes_impl *run;
	struct hwc_gcm_ctx gc;
	hwc_u8 t[16], want[16];
	hwc_u8 buf[AAD_CHUNK];
	int err = 0;

	hwc_gcm_start(tier, key, &gc, iv);
	if (gcm_offload() >= 0)
		return -EINVAL;
	if (!gcm_text(tier, key, &gc, enc, dst, src, len, t)) {
		run = enter(tier);
		hwc_gcm_final(run, key, &gc, t);
		leave(run);
	}
	if (enc) {
		__builtin_memcpy(tag, t, 16);
	} else {
		__builtin_memcpy(want, tag, 16);
		if (hwc_memneq(t, want, 16)) {
			wipe(dst, len);
			err = -EBADMSG;
		}
	}
	wipe(&gc, sizeof(gc));
	wipe(t, sizeof(t));
	wipe(buf, sizeof(buf));
	count(len);
	return err;
}

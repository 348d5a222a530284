// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's calling sequence for Linux 7.2's x86 crypto assembly (assembled from the cached
 * linux-source-7.2 by kernel.mk, never committed): what arch/x86/crypto/aesni-intel_glue.c and
 * lib/crypto/sha*.c do for a request whose data is one linear buffer, written from their
 * documented interfaces (asm prototypes and key-struct offsets the glue asserts). The AES
 * modes take the request (struct kasm_req) that the bench builds per call exactly as it builds
 * hwcrypt's, and read ctx, text, length and IV out of it as 7.2's glue does.
 *
 * Built as the kernel builds its glue (-O2 -mgeneral-regs-only: no SIMD in C), so that the
 * counter and IV words reach the assembly through the same scalar stores as in the kernel;
 * each asm function is reached by a direct call, as the glue's __always_inline paths make them.
 * A linear buffer's skcipher walk steps end where src or dst crosses a page: CTR, ECB, CBC
 * and GCM call the asm once per step as the glue does (XTS's fast path takes the whole text).
 * kernel_fpu_begin/end are out-of-line calls that do nothing, where the glue has them: the
 * same stand-ins as on the hwcrypt side of the bench (kshim/glue), so that each side pays for
 * the number of SIMD sections its glue opens, and neither for their work.
 */
#include <cpuid.h>
#include <string.h>
#include "hwc_core.h"
#include "hwc_arch_cores.h"	/* HWC_F_* */
#include "../kasm.h"

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

#define ALIGNED(n) __attribute__((aligned(n)))

static u32 get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static u64 get_be64(const u8 *p)
{
	return (u64)get_be32(p) << 32 | get_be32(p + 4);
}

static void put_be32(u32 v, u8 *p)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

static void put_be64(u64 v, u8 *p)
{
	put_be32((u32)(v >> 32), p);
	put_be32((u32)v, p + 4);
}

#define noinline __attribute__((noinline))

static noinline void kernel_fpu_begin(void)
{
	__asm__ __volatile__("" : : : "memory");
}

static noinline void kernel_fpu_end(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * The bytes a walk step maps: to the end of src's or dst's page, whole blocks unless @last.
 * Out of line, as skcipher_walk_virt() and skcipher_walk_done() are: the glue makes one such
 * call per step and one more to end the walk (walk_end()), and hwcrypt's side pays the same
 * count of calls into its shim (kshim_glue.c), so neither side's walk is free where the
 * other's is a call.
 */
static noinline unsigned int walk_step(const u8 *dst, const u8 *src, unsigned int len, int *last)
{
	unsigned int s = 4096 - ((unsigned long)src & 4095), d = 4096 - ((unsigned long)dst & 4095);
	unsigned int n = len;

	if (n > s)
		n = s;
	if (n > d)
		n = d;
	*last = n == len;
	return *last ? n : n & ~15u;
}

static noinline void walk_end(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/* scatterwalk_map_and_copy(), the tag's way in and out of the request: out of line too. */
static noinline void map_and_copy(u8 *to, const u8 *from, unsigned int n)
{
	memcpy(to, from, n);
}

/* ---- AES: struct crypto_aes_ctx (XTS, CTR) and the GCM key structs ---- */

struct crypto_aes_ctx {
	u32 key_enc[60];
	u32 key_dec[60];
	u32 key_length;		/* bytes; the asm reads it at offset 480 */
};

struct xts_ctx {
	struct crypto_aes_ctx tweak_ctx ALIGNED(16);
	struct crypto_aes_ctx crypt_ctx ALIGNED(16);
};

struct aes_enckey {
	u32 len;		/* bytes */
	u32 nrounds;
	u32 padding[2];
	u32 rndkeys[60];
};

struct gcm_key_base {
	struct aes_enckey aes_key;
	u32 rfc4106_nonce;
};

struct gcm_key_avx2 {
	struct gcm_key_base base ALIGNED(16);
	u64 h_powers[8][2] ALIGNED(32);
	u64 h_powers_xored[8];
};

struct gcm_key_avx512 {
	struct gcm_key_base base ALIGNED(16);
	u64 h_powers[16][2] ALIGNED(64);
	u64 padding[3][2];
};

_Static_assert(__builtin_offsetof(struct crypto_aes_ctx, key_length) == 480, "crypto_aes_ctx");
_Static_assert(__builtin_offsetof(struct gcm_key_avx2, base.aes_key.rndkeys) == 16, "gcm key");
_Static_assert(__builtin_offsetof(struct gcm_key_avx2, h_powers) == 288, "gcm avx2 key");
_Static_assert(__builtin_offsetof(struct gcm_key_avx2, h_powers_xored) == 416, "gcm avx2 key");
_Static_assert(__builtin_offsetof(struct gcm_key_avx512, h_powers) == 320, "gcm avx512 key");
_Static_assert(__builtin_offsetof(struct gcm_key_avx512, padding) == 576, "gcm avx512 key");
_Static_assert(sizeof(struct xts_ctx) <= KASM_CTX_SIZE && sizeof(struct gcm_key_avx512) <= KASM_CTX_SIZE,
	       "KASM_CTX_SIZE");

/* arch/x86/crypto/aesni-intel_asm.S, lib/crypto/x86/aes-aesni.S */
void aesni_set_key(struct crypto_aes_ctx *ctx, const u8 *in_key, unsigned int key_len);
void aes128_expandkey_aesni(u32 rndkeys[], u32 *inv_rndkeys, const u8 *in_key);
void aes256_expandkey_aesni(u32 rndkeys[], u32 *inv_rndkeys, const u8 *in_key);
/* arch/x86/crypto/aes-xts-avx-x86_64.S */
void aes_xts_encrypt_iv(const struct crypto_aes_ctx *tweak_key, u8 iv[16]);

static int xts_setkey(void *p, const u8 *key, unsigned int keylen)
{
	struct xts_ctx *ctx = p;

	keylen /= 2;
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	/* First half: the data key; second: the tweak key. */
	aesni_set_key(&ctx->crypt_ctx, key, keylen);
	aesni_set_key(&ctx->tweak_ctx, key + keylen, keylen);
	return 0;
}

static int ctr_setkey(void *p, const u8 *key, unsigned int keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	aesni_set_key(p, key, keylen);
	return 0;
}

/*
 * ecb_crypt() and cbc_crypt() of the glue: one asm call per walk step, and a linear buffer's
 * walk steps end where src or dst crosses a page (skcipher_walk_virt() maps a page at a time).
 */
void aesni_ecb_enc(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len);
void aesni_ecb_dec(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len);
void aesni_cbc_enc(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len, u8 *iv);
void aesni_cbc_dec(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len, u8 *iv);

/* sg_virt() of the shim's one-entry scatterlist. */
static inline u8 *sg_virt(const struct kasm_sg *sg)
{
	return sg->addr;
}

/*
 * The walk's whole-text case: text in one scatterlist entry each way, whose bytes it maps a
 * page at a time (walk_step()). 7.2's glue reads the request and nothing else.
 */
#define WALK_REQ(req, dst, src, len)							\
	u8 *dst = sg_virt((req)->dst);							\
	const u8 *src = sg_virt((req)->src);						\
	unsigned int len = (req)->cryptlen

typedef void ecb_fn(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len);
typedef void cbc_fn(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in, unsigned int len, u8 *iv);

static inline __attribute__((always_inline)) int ecb_crypt(struct kasm_req *req, ecb_fn *fn)
{
	struct crypto_aes_ctx *ctx = req->ctx;
	WALK_REQ(req, dst, src, len);
	unsigned int n;
	int last;

	for (; len; dst += n, src += n, len -= n) {
		n = walk_step(dst, src, len, &last);
		kernel_fpu_begin();
		fn(ctx, dst, src, n);
		kernel_fpu_end();
	}
	walk_end();
	return 0;
}

static inline __attribute__((always_inline)) int cbc_crypt(struct kasm_req *req, cbc_fn *fn)
{
	struct crypto_aes_ctx *ctx = req->ctx;
	WALK_REQ(req, dst, src, len);
	u8 *iv = req->iv;
	unsigned int n;
	int last;

	for (; len; dst += n, src += n, len -= n) {
		n = walk_step(dst, src, len, &last);
		kernel_fpu_begin();
		fn(ctx, dst, src, n, iv);
		kernel_fpu_end();
	}
	walk_end();
	return 0;
}

static int ecb_encrypt(struct kasm_req *req)
{
	return ecb_crypt(req, aesni_ecb_enc);
}

static int ecb_decrypt(struct kasm_req *req)
{
	return ecb_crypt(req, aesni_ecb_dec);
}

static int cbc_encrypt(struct kasm_req *req)
{
	return cbc_crypt(req, aesni_cbc_enc);
}

static int cbc_decrypt(struct kasm_req *req)
{
	return cbc_crypt(req, aesni_cbc_dec);
}

/* aes_prepareenckey() on x86: AES-NI expansion for 128/256 (192 goes to generic C there). */
static int gcm_aes_key(struct gcm_key_base *b, const u8 *key, unsigned int keylen)
{
	if (keylen != 16 && keylen != 32)
		return -1;
	b->aes_key.len = keylen;
	b->aes_key.nrounds = 6 + keylen / 4;
	if (keylen == 16)
		aes128_expandkey_aesni(b->aes_key.rndkeys, NULL, key);
	else
		aes256_expandkey_aesni(b->aes_key.rndkeys, NULL, key);
	return 0;
}

/*
 * ctr_crypt() of the glue: the 128-bit big-endian counter as two little-endian words, one
 * asm call per walk step, split where the low word would wrap (the asm does not carry).
 */
#define CTR_FN(suffix)									\
void aes_ctr64_crypt_##suffix(const struct crypto_aes_ctx *key, const u8 *src, u8 *dst,	\
			      int len, const u64 le_ctr[2]);				\
static int ctr_##suffix(struct kasm_req *req)						\
{											\
	const struct crypto_aes_ctx *key = req->ctx;					\
	WALK_REQ(req, dst, src, len);							\
	u8 *iv = req->iv;								\
	unsigned int nblocks, nbytes, p1;						\
	u64 le_ctr[2], ctr64;								\
	int last;									\
											\
	ctr64 = le_ctr[0] = get_be64(iv + 8);						\
	le_ctr[1] = get_be64(iv);							\
	for (; len; src += nbytes, dst += nbytes, len -= nbytes) {			\
		nbytes = walk_step(dst, src, len, &last);				\
		nblocks = (nbytes + 15) / 16;						\
		ctr64 += nblocks;							\
		kernel_fpu_begin();							\
		if (__builtin_expect(ctr64 >= nblocks, 1)) {				\
			aes_ctr64_crypt_##suffix(key, src, dst, (int)nbytes, le_ctr);	\
		} else {								\
			p1 = (unsigned int)(nblocks - ctr64) * 16;			\
			if (p1 > nbytes)						\
				p1 = nbytes;						\
			aes_ctr64_crypt_##suffix(key, src, dst, (int)p1, le_ctr);	\
			le_ctr[0] = 0;							\
			le_ctr[1]++;							\
			aes_ctr64_crypt_##suffix(key, src + p1, dst + p1,		\
						 (int)(nbytes - p1), le_ctr);		\
		}									\
		kernel_fpu_end();							\
		le_ctr[0] = ctr64;							\
	}										\
	walk_end();									\
	put_be64(ctr64, iv + 8);							\
	put_be64(le_ctr[1], iv);							\
	return 0;									\
}

/*
 * xts_crypt()'s fast path: the IV encrypted in place, then one call for the whole text where
 * each scatterlist's first entry holds it (the bench's always do).
 */
#define XTS_FN(suffix, dir)								\
void aes_xts_##dir##crypt_##suffix(const struct crypto_aes_ctx *key, const u8 *src,	\
				   u8 *dst, int len, u8 tweak[16]);			\
static int xts_##dir##_##suffix(struct kasm_req *req)					\
{											\
	const struct xts_ctx *ctx = req->ctx;						\
											\
	if (__builtin_expect(req->cryptlen < 16, 0))					\
		return -1;								\
	kernel_fpu_begin();								\
	aes_xts_encrypt_iv(&ctx->tweak_ctx, req->iv);					\
	if (__builtin_expect(req->src->length >= req->cryptlen &&			\
			     req->dst->length >= req->cryptlen, 1)) {			\
		aes_xts_##dir##crypt_##suffix(&ctx->crypt_ctx, sg_virt(req->src),	\
					      sg_virt(req->dst), (int)req->cryptlen,	\
					      req->iv);					\
		kernel_fpu_end();							\
		return 0;								\
	}										\
	kernel_fpu_end();								\
	return -1;	/* the slow path: scatterlists the bench never makes */		\
}

/*
 * gcm_crypt() for a request without associated data over one linear buffer: le_ctr from the
 * IV words, GHASH accumulator zeroed, one section around everything but the breaks between walk
 * steps, one update per step (whole blocks but the last), then final (which compares the tag
 * itself on decryption).
 */
#define GCM_FN(suffix, keytype)								\
void aes_gcm_precompute_##suffix(struct keytype *key);					\
void aes_gcm_enc_update_##suffix(const struct keytype *key, const u32 le_ctr[4],	\
				 u8 ghash_acc[16], const u8 *src, u8 *dst, int datalen);\
void aes_gcm_dec_update_##suffix(const struct keytype *key, const u32 le_ctr[4],	\
				 u8 ghash_acc[16], const u8 *src, u8 *dst, int datalen);\
void aes_gcm_enc_final_##suffix(const struct keytype *key, const u32 le_ctr[4],		\
				u8 ghash_acc[16], u64 total_aadlen, u64 total_datalen); \
_Bool aes_gcm_dec_final_##suffix(const struct keytype *key, const u32 le_ctr[4],	\
				 const u8 ghash_acc[16], u64 total_aadlen,		\
				 u64 total_datalen, const u8 tag[16], int taglen);	\
static int gcm_setkey_##suffix(void *p, const u8 *key, unsigned int keylen)		\
{											\
	struct keytype *k = p;								\
											\
	if (gcm_aes_key(&k->base, key, keylen))						\
		return -1;								\
	aes_gcm_precompute_##suffix(k);							\
	return 0;									\
}											\
static void gcm_text_##suffix(const struct keytype *key, u32 le_ctr[4],		\
			      u8 ghash_acc[16], u8 *dst, const u8 *src,		\
			      unsigned int len, int enc)				\
{											\
	unsigned int n;									\
	int last;									\
											\
	for (;;) {									\
		n = walk_step(dst, src, len, &last);					\
		(enc ? aes_gcm_enc_update_##suffix : aes_gcm_dec_update_##suffix)	\
			(key, le_ctr, ghash_acc, src, dst, (int)n);			\
		if (last)								\
			break;								\
		le_ctr[0] += n / 16;							\
		kernel_fpu_end();							\
		kernel_fpu_begin();							\
		src += n;								\
		dst += n;								\
		len -= n;								\
	}										\
	walk_end();									\
}											\
static int gcm_enc_##suffix(struct kasm_req *req)					\
{											\
	const struct keytype *key = req->ctx;						\
	const u8 *iv = req->iv;								\
	unsigned int len = req->cryptlen;						\
	u8 ghash_acc[16];								\
	u32 le_ctr[4];									\
											\
	le_ctr[0] = 2;									\
	le_ctr[1] = get_be32(iv + 8);							\
	le_ctr[2] = get_be32(iv + 4);							\
	le_ctr[3] = get_be32(iv + 0);							\
	memset(ghash_acc, 0, 16);							\
	kernel_fpu_begin();								\
	gcm_text_##suffix(key, le_ctr, ghash_acc, sg_virt(req->dst), sg_virt(req->src),	\
			  len, 1);							\
	aes_gcm_enc_final_##suffix(key, le_ctr, ghash_acc, 0, len);			\
	kernel_fpu_end();								\
	map_and_copy(sg_virt(req->dst) + len, ghash_acc, 16);				\
	return 0;									\
}											\
static int gcm_dec_##suffix(struct kasm_req *req)					\
{											\
	const struct keytype *key = req->ctx;						\
	const u8 *iv = req->iv;								\
	unsigned int len = req->cryptlen - 16;						\
	u8 ghash_acc[16], tag[16];							\
	u32 le_ctr[4];									\
	_Bool ok;									\
											\
	le_ctr[0] = 2;									\
	le_ctr[1] = get_be32(iv + 8);							\
	le_ctr[2] = get_be32(iv + 4);							\
	le_ctr[3] = get_be32(iv + 0);							\
	memset(ghash_acc, 0, 16);							\
	kernel_fpu_begin();								\
	gcm_text_##suffix(key, le_ctr, ghash_acc, sg_virt(req->dst), sg_virt(req->src),	\
			  len, 0);							\
	map_and_copy(tag, sg_virt(req->src) + len, 16);					\
	ok = aes_gcm_dec_final_##suffix(key, le_ctr, ghash_acc, 0, len, tag, 16);	\
	kernel_fpu_end();								\
	return ok ? 0 : -1;								\
}

CTR_FN(vaes_avx2)
XTS_FN(vaes_avx2, en)
XTS_FN(vaes_avx2, de)
GCM_FN(vaes_avx2, gcm_key_avx2)
CTR_FN(vaes_avx512)
XTS_FN(vaes_avx512, en)
XTS_FN(vaes_avx512, de)
GCM_FN(vaes_avx512, gcm_key_avx512)

/* ---- SHA: lib/crypto's init + update + final over the arch block function ---- */

void sha1_ni_transform(u32 *state, const u8 *data, size_t nblocks);
void sha1_transform_avx2(u32 *state, const u8 *data, size_t nblocks);
void sha1_transform_avx(u32 *state, const u8 *data, size_t nblocks);
void sha256_ni_transform(u32 *state, const u8 *data, size_t nblocks);
void sha256_transform_rorx(u32 *state, const u8 *data, size_t nblocks);
void sha512_transform_rorx(u64 *state, const u8 *data, size_t nblocks);

/* sha1_blocks_avx2(): the AVX2 code pays off from 4 blocks, AVX below. */
static void sha1_blocks_avx2(u32 *state, const u8 *data, size_t nblocks)
{
	if (nblocks >= 4)
		sha1_transform_avx2(state, data, nblocks);
	else
		sha1_transform_avx(state, data, nblocks);
}

static const u32 sha1_iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
static const u32 sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const u64 sha512_iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

/*
 * One digest: whole blocks straight from the caller's buffer, the rest into the context's
 * buffer, padding with the bit count there (a second block when it does not fit), then the
 * state out big-endian and the context wiped, as lib/crypto/sha*.c's sha256() and friends do
 * (their *_final() ends in memzero_explicit of the context; hwcrypt wipes its state and its
 * padded tail likewise). @W is the state word type, @B the block size, @L the length field.
 */
#define SHA_DIGEST_FN(name, W, NW, NOUT, B, L, iv, blocks)				\
static void name(const u8 *data, size_t len, u8 *out)					\
{											\
	struct {									\
		W h[NW];								\
		u64 bytecount;								\
		u8 buf[B];								\
	} ctx;										\
	size_t partial, i;								\
											\
	memcpy(ctx.h, iv, sizeof(ctx.h));						\
	ctx.bytecount = len;								\
	if (len >= B) {									\
		blocks(ctx.h, data, len / B);						\
		data += len / B * B;							\
	}										\
	partial = len % B;								\
	memcpy(ctx.buf, data, partial);							\
	ctx.buf[partial++] = 0x80;							\
	if (partial > B - L) {								\
		memset(ctx.buf + partial, 0, B - partial);				\
		blocks(ctx.h, ctx.buf, 1);						\
		partial = 0;								\
	}										\
	memset(ctx.buf + partial, 0, B - 8 - partial);					\
	put_be64(ctx.bytecount << 3, ctx.buf + B - 8);					\
	blocks(ctx.h, ctx.buf, 1);							\
	for (i = 0; i < NOUT; i++) {							\
		if (sizeof(W) == 8)							\
			put_be64((u64)ctx.h[i], out + 8 * i);				\
		else									\
			put_be32((u32)ctx.h[i], out + 4 * i);				\
	}										\
	/*										\
	 * sha*_final()'s memzero_explicit(ctx, sizeof(*ctx)), as 8-byte stores: GCC	\
	 * makes a memset of this size, with these flags, a REP STOSQ, whose start-up	\
	 * alone cost the 16-byte digest about 20% here; the kernel's side is not	\
	 * to pay for a code form it may not get.					\
	 */										\
	for (i = 0; i < sizeof(ctx) / 8; i++)						\
		((volatile u64 *)&ctx)[i] = 0;						\
}

SHA_DIGEST_FN(sha1_ni, u32, 5, 5, 64, 8, sha1_iv, sha1_ni_transform)
SHA_DIGEST_FN(sha1_avx2, u32, 5, 5, 64, 8, sha1_iv, sha1_blocks_avx2)
SHA_DIGEST_FN(sha256_ni, u32, 8, 8, 64, 8, sha256_iv, sha256_ni_transform)
SHA_DIGEST_FN(sha256_avx2, u32, 8, 8, 64, 8, sha256_iv, sha256_transform_rorx)
/* 128-bit length field; the bench's messages keep its high half zero. */
SHA_DIGEST_FN(sha512_avx2, u64, 8, 8, 128, 16, sha512_iv, sha512_transform_rorx)

/* ---- tier choice: what register_avx_algs() and the sha*_mod_init_arch() pick ---- */

/* Intel models whose zmm code the kernel ranks below ymm (X86_FEATURE_PREFER_YMM). */
static int prefer_ymm(void)
{
	static const unsigned int models[] = { 0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x9d, 0x8c, 0x8d };
	unsigned int a, b, c, d, fam, model, i;

	if (!__get_cpuid(0, &a, &b, &c, &d) || b != 0x756e6547 || d != 0x49656e69 ||
	    c != 0x6c65746e)	/* GenuineIntel */
		return 0;
	__get_cpuid(1, &a, &b, &c, &d);
	fam = (a >> 8) & 0xf;
	model = ((a >> 4) & 0xf) | ((a >> 12) & 0xf0);
	if (fam != 6)
		return 0;
	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (model == models[i])
			return 1;
	return 0;
}

static struct kasm_api api = { .abi = KASM_ABI };

void kaes_fill(struct kasm_api *api);

const struct kasm_api *kasm_get(unsigned int f)
{
	const unsigned int vaes = HWC_F_AESNI | HWC_F_PCLMUL | HWC_F_AVX | HWC_F_AVX2 | HWC_F_VAES |
				  HWC_F_VPCLMUL;

	api.aes_tier = NULL;
	kaes_fill(&api);
	if ((f & vaes) == vaes) {
		api.xts_setkey = xts_setkey;
		api.ctr_setkey = ctr_setkey;
		api.ecb = (struct kasm_alg){ ecb_encrypt, ecb_decrypt };
		api.cbc = (struct kasm_alg){ cbc_encrypt, cbc_decrypt };
		if ((f & (HWC_F_AVX512 | HWC_F_BMI2)) == (HWC_F_AVX512 | HWC_F_BMI2) &&
		    !prefer_ymm()) {
			api.aes_tier = "vaes-avx512";
			api.gcm_setkey = gcm_setkey_vaes_avx512;
			api.xts = (struct kasm_alg){ xts_en_vaes_avx512, xts_de_vaes_avx512 };
			api.ctr = (struct kasm_alg){ ctr_vaes_avx512, ctr_vaes_avx512 };
			api.gcm = (struct kasm_alg){ gcm_enc_vaes_avx512, gcm_dec_vaes_avx512 };
		} else {
			api.aes_tier = "vaes-avx2";
			api.gcm_setkey = gcm_setkey_vaes_avx2;
			api.xts = (struct kasm_alg){ xts_en_vaes_avx2, xts_de_vaes_avx2 };
			api.ctr = (struct kasm_alg){ ctr_vaes_avx2, ctr_vaes_avx2 };
			api.gcm = (struct kasm_alg){ gcm_enc_vaes_avx2, gcm_dec_vaes_avx2 };
		}
	}
	memset(api.sha_tier, 0, sizeof(api.sha_tier));
	if (f & HWC_F_SHANI) {
		api.sha_tier[KASM_SHA1] = "ni";
		api.sha_digest[KASM_SHA1] = sha1_ni;
		api.sha_tier[KASM_SHA256] = "ni";
		api.sha_digest[KASM_SHA256] = sha256_ni;
	} else if ((f & (HWC_F_AVX | HWC_F_AVX2 | HWC_F_BMI2)) ==
		   (HWC_F_AVX | HWC_F_AVX2 | HWC_F_BMI2)) {
		/* BMI1 comes with BMI2 on every CPU that has AVX2. */
		api.sha_tier[KASM_SHA1] = "avx2";
		api.sha_digest[KASM_SHA1] = sha1_avx2;
		api.sha_tier[KASM_SHA256] = "avx2";
		api.sha_digest[KASM_SHA256] = sha256_avx2;
	}
	if ((f & (HWC_F_AVX | HWC_F_AVX2 | HWC_F_BMI2)) == (HWC_F_AVX | HWC_F_AVX2 | HWC_F_BMI2)) {
		api.sha_tier[KASM_SHA512] = "avx2";
		api.sha_digest[KASM_SHA512] = sha512_avx2;
	}
	return &api;
}

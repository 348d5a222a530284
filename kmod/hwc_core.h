/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface of hwcrypt's freestanding cores. Everything declared here is compiled both into
 * hwcrypt.ko and into the host test and benchmark programs, so neither this header nor the
 * cores include kernel or libc headers: sizes come from the compiler's own predefined types.
 */
#ifndef HWC_CORE_H
#define HWC_CORE_H

typedef unsigned char hwc_u8;
typedef unsigned int hwc_u32;
typedef unsigned long long hwc_u64;
typedef __SIZE_TYPE__ hwc_size;
/* Null pointers spelled as the kernel and libc spell them; their headers redefine it alike. */
#ifndef NULL
#define NULL ((void *)0)
#endif

/*
 * For a core's setting that the module writes only while it loads and every request reads (a
 * form chosen by a race): in the module, the kernel's __ro_after_init section, which the
 * module loader makes read-only once init has run; in the host builds, which set such forms
 * per test, plain data. The kernel's own macro is in a header the cores do not include.
 */
#ifdef __KERNEL__
#define HWC_RO_AFTER_INIT __attribute__((__section__(".data..ro_after_init")))
#else
#define HWC_RO_AFTER_INIT
#endif

/*
 * CPU features: the implementation tables' features fields hold HWC_F_* bits that each arch
 * defines for itself (<arch>/hwc_arch_cores.h, with its tiers' prototypes). One table of these
 * drives module registration, the host tests (every subset the tables use) and the benchmark;
 * arch-neutral code only asks (features & cpu) == features and never names a bit.
 */

/*
 * A block function (each core is declared as one: hwc_hash_blocks_fn hwc_sha256_blocks_x;):
 * compresses @nblocks whole blocks from @data into @state.
 * state is hwc_u32[5] (sha1), hwc_u32[8] (sha224/sha256) or hwc_u64[8] (sha384/sha512),
 * host-endian words. @data has no alignment requirement. nblocks >= 1: the callers (the md
 * framing, the glue) never pass 0, so that a core's loop needs no entry test.
 */
typedef void hwc_hash_blocks_fn(void *state, const hwc_u8 *data, hwc_size nblocks);

/* One implementation of one compression function ("family": sha1, sha256, sha512). */
struct hwc_hash_impl {
	const char *family;		/* "sha1", "sha256", "sha512" */
	const char *impl;		/* "generic", "shani", "avx2", ... : used in driver names */
	unsigned int features;		/* HWC_F_* all required; 0 for portable C */
	hwc_hash_blocks_fn *blocks;
};

/* One hash algorithm as the crypto API names it (sha224 shares sha256's family). */
struct hwc_hash_info {
	const char *name;		/* cra_name: "sha1", "sha224", "sha256", "sha384", "sha512" */
	const char *family;
	unsigned int digestsize;	/* bytes */
	unsigned int blocksize;		/* 64 or 128 bytes */
	unsigned int wordsize;		/* 4 or 8 bytes */
	unsigned int statewords;	/* 5 or 8 */
	const void *iv;			/* FIPS 180-4 initial hash value, statewords words */
};

/* Portable C compression functions (kmod/generic/), the fallback of every SIMD tier. */
hwc_hash_blocks_fn hwc_sha1_blocks_generic;
hwc_hash_blocks_fn hwc_sha256_blocks_generic;
hwc_hash_blocks_fn hwc_sha512_blocks_generic;

/* FIPS 180-4 SHA-256 round constants (generic/sha256.c), 16-byte aligned for SIMD cores. */
extern const hwc_u32 hwc_sha256_k[64];

/* The algorithms (generic/hash_info.c) and the implementations of this arch (<arch>/hash_impls.c). */
extern const struct hwc_hash_info hwc_hash_infos[];
extern const unsigned int hwc_hash_ninfos;
extern const struct hwc_hash_impl hwc_hash_impls[];
extern const unsigned int hwc_hash_nimpls;
const struct hwc_hash_impl *hwc_hash_generic_impl(const char *family);

/*
 * Merkle-Damgard framing shared by every hash (generic/md.c).
 *
 * The caller supplies how blocks are run: on the host the impl's block function directly, in
 * the kernel a wrapper that enters a bounded SIMD section or falls back to the portable core.
 */
struct hwc_md_ops;
typedef void hwc_blocks_runner(const struct hwc_md_ops *ops, void *state,
			       const hwc_u8 *data, hwc_size nblocks);

struct hwc_md_ops {
	const struct hwc_hash_info *info;
	const struct hwc_hash_impl *impl;
	hwc_blocks_runner *run;
};

/* Core state: what a kernel with block-only shash keeps in the desc, and what hmac exports. */
struct hwc_md_state {
	union {
		hwc_u32 w32[8];
		hwc_u64 w64[8];
	} h;
	hwc_u64 count;			/* bytes compressed so far (whole blocks only) */
};

/* Partial-block buffer, for callers (older kernels, userspace) whose API does not buffer. */
struct hwc_md_buf {
	hwc_u8 data[128];
	hwc_u32 len;
};

void hwc_md_init(const struct hwc_md_ops *ops, struct hwc_md_state *st);
/* Compresses the whole blocks of @data; returns the number of trailing bytes left (< blocksize). */
hwc_size hwc_md_update_blocks(const struct hwc_md_ops *ops, struct hwc_md_state *st,
			      const hwc_u8 *data, hwc_size len);
/* Hashes any @len bytes of @data, pads, writes digestsize bytes big-endian to @out. */
void hwc_md_finup(const struct hwc_md_ops *ops, struct hwc_md_state *st,
		  const hwc_u8 *data, hwc_size len, hwc_u8 *out);
/* Buffered update/final on top of the above; @buf starts with len 0. */
void hwc_md_update(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		   const hwc_u8 *data, hwc_size len);
void hwc_md_final(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		  hwc_u8 *out);

/* Freestanding helpers for cores and glue (generic/util.c): memcpy/memset the compiler cannot drop. */
void hwc_memzero_explicit(void *p, hwc_size n);

/*
 * A wipe of a small 8-byte-aligned object (@n a multiple of 8) as single word stores. Without
 * SSE (the kernel's flags) a fixed-size memset becomes rep stosq, whose start-up costs tens of
 * cycles: two of them were a sixth of a 64-byte GCM request. The empty asm after each store
 * keeps the loop from being turned back into a memset and the dead stores from being dropped.
 */
static inline void hwc_wipe_words(void *p, hwc_size n)
{
	hwc_u64 *w = p;
	hwc_size i;

#pragma GCC unroll 8
	for (i = 0; i < n / 8; i++) {
		w[i] = 0;
		__asm__ __volatile__("" : : "r"(w) : "memory");
	}
}

#endif /* HWC_CORE_H */

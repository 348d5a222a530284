/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Merkle-Damgard framing (FIPS 180-4 5.1 padding, 6.x output) shared by SHA-1 and SHA-2, as
 * inline functions: the module's glue (compat/shash.h) compiles them into each shash callback
 * with its own block runner, so a request calls the tier's core from the glue with no framing
 * call in between and no indirect call but the core's. generic/md.c gives the same functions
 * out of line (hwc_md_*, hwc_core.h) to the host tests, the benchmarks and libhwcrypt.
 */
#ifndef HWC_MD_H
#define HWC_MD_H

#include "hwc_core.h"
#include "hwc_bytes.h"

/* Inlined into each caller, so that its block runner is a constant there. */
#define HWC_MD_INLINE static inline __attribute__((always_inline))

/* Blocksizes are 64 or 128: shifting avoids a division on every call. */
HWC_MD_INLINE unsigned int hwc_md_shift(const struct hwc_hash_info *info)
{
	return info->blocksize == 128 ? 7 : 6;
}

HWC_MD_INLINE void __hwc_md_init(const struct hwc_md_ops *ops, struct hwc_md_state *st)
{
	const struct hwc_hash_info *info = ops->info;

	/* Each size a constant, so no call: this runs once a request, 16-byte ones included. */
	switch (info->statewords * info->wordsize) {
	case 20:
		__builtin_memcpy(&st->h, info->iv, 20);
		break;
	case 32:
		__builtin_memcpy(&st->h, info->iv, 32);
		break;
	default:
		__builtin_memcpy(&st->h, info->iv, 64);
		break;
	}
	st->count = 0;
}

HWC_MD_INLINE hwc_size __hwc_md_update_blocks(const struct hwc_md_ops *ops,
					      struct hwc_md_state *st, const hwc_u8 *data,
					      hwc_size len)
{
	unsigned int shift = hwc_md_shift(ops->info);
	hwc_size nblocks = len >> shift;

	if (nblocks) {
		ops->run(ops, &st->h, data, nblocks);
		st->count += (hwc_u64)nblocks << shift;
	}
	return len & ((1u << shift) - 1);
}

/*
 * Zeroes @n bytes the compiler would consider dead; inline, so that a constant @n becomes a few
 * vector stores rather than a call (these run once a request, short ones included).
 */
HWC_MD_INLINE void hwc_md_wipe(void *p, hwc_size n)
{
	__builtin_memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/*
 * The padded tail, @total bytes (a constant: one or two blocks of @bs), in one core call. For
 * 64-byte blocks the buffer is zeroed and wiped by constant-size stores: at 16-byte messages
 * the variable-size memset calls cost SHA-1 and SHA-256 7-9% against the kernel's (Zen 5).
 */
HWC_MD_INLINE void hwc_md_tail(const struct hwc_md_ops *ops, struct hwc_md_state *st,
			       const hwc_u8 *data, hwc_size rem, hwc_u64 bytes,
			       const unsigned int bs, const unsigned int total)
{
	hwc_u8 pad[256] __attribute__((aligned(16)));	/* total bytes used */

	if (bs == 64) {
		__builtin_memset(pad, 0, total);
		__builtin_memcpy(pad, data, rem);
	} else {
		/*
		 * 128-byte blocks: only the gap, and the wipe by call, as before: SHA-512 at
		 * 16-64 bytes ran about 10% slower with the 64-byte blocks' form (Zen 5).
		 */
		__builtin_memcpy(pad, data, rem);
		__builtin_memset(pad + rem + 1, 0, total - rem - 1 - 16);
	}
	pad[rem] = 0x80;
	/* SHA-384/512 carry a 128-bit bit count: its top 3 bits come from the byte count. */
	if (bs == 128)
		hwc_put_be64(pad + total - 16, bytes >> 61);
	hwc_put_be64(pad + total - 8, bytes << 3);
	ops->run(ops, &st->h, pad, total / bs);
	/* The tail of the message must not outlive the request. */
	if (bs == 64)
		hwc_md_wipe(pad, total);
	else
		hwc_memzero_explicit(pad, total);
}

HWC_MD_INLINE void hwc_md_finup_bs(const struct hwc_md_ops *ops, struct hwc_md_state *st,
				   const hwc_u8 *data, hwc_size len, hwc_u8 *out,
				   const unsigned int bs)
{
	const struct hwc_hash_info *info = ops->info;
	hwc_size rem = __hwc_md_update_blocks(ops, st, data, len);
	hwc_u64 bytes = st->count + rem;
	unsigned int i;

	data += len - rem;
	if (rem + 1 + bs / 8 <= bs)
		hwc_md_tail(ops, st, data, rem, bytes, bs, bs);
	else
		hwc_md_tail(ops, st, data, rem, bytes, bs, 2 * bs);

	if (info->wordsize == 4) {
		for (i = 0; i < info->digestsize / 4; i++)
			hwc_put_be32(out + 4 * i, st->h.w32[i]);
	} else {
		for (i = 0; i < info->digestsize / 8; i++)
			hwc_put_be64(out + 8 * i, st->h.w64[i]);
	}
	/* Nor the chaining value. */
	hwc_md_wipe(st, sizeof(*st));
}

HWC_MD_INLINE void __hwc_md_finup(const struct hwc_md_ops *ops, struct hwc_md_state *st,
				  const hwc_u8 *data, hwc_size len, hwc_u8 *out)
{
	if (ops->info->blocksize == 128)
		hwc_md_finup_bs(ops, st, data, len, out, 128);
	else
		hwc_md_finup_bs(ops, st, data, len, out, 64);
}

HWC_MD_INLINE void __hwc_md_update(const struct hwc_md_ops *ops, struct hwc_md_state *st,
				   struct hwc_md_buf *buf, const hwc_u8 *data, hwc_size len)
{
	unsigned int bs = ops->info->blocksize;
	hwc_size rem;

	if (buf->len) {
		hwc_size need = bs - buf->len;

		if (len < need) {
			__builtin_memcpy(buf->data + buf->len, data, len);
			buf->len += len;
			return;
		}
		__builtin_memcpy(buf->data + buf->len, data, need);
		__hwc_md_update_blocks(ops, st, buf->data, bs);
		data += need;
		len -= need;
		buf->len = 0;
	}
	rem = __hwc_md_update_blocks(ops, st, data, len);
	__builtin_memcpy(buf->data, data + len - rem, rem);
	buf->len = rem;
}

HWC_MD_INLINE void __hwc_md_final(const struct hwc_md_ops *ops, struct hwc_md_state *st,
				  struct hwc_md_buf *buf, hwc_u8 *out)
{
	__hwc_md_finup(ops, st, buf->data, buf->len, out);
	hwc_memzero_explicit(buf, sizeof(*buf));
}

#endif /* HWC_MD_H */

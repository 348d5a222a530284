// SPDX-License-Identifier: GPL-2.0
/* Merkle-Damgard framing (FIPS 180-4 5.1 padding, 6.x output) shared by SHA-1 and SHA-2. */
#include "../hwc_core.h"

static inline void hwc_put_be32(hwc_u8 *p, hwc_u32 v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	__builtin_memcpy(p, &v, 4);
}

static inline void hwc_put_be64(hwc_u8 *p, hwc_u64 v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	__builtin_memcpy(p, &v, 8);
}

/* Blocksizes are 64 or 128: shifting avoids a division on every call. */
static inline unsigned int hwc_md_shift(const struct hwc_hash_info *info)
{
	return info->blocksize == 128 ? 7 : 6;
}

void hwc_md_init(const struct hwc_md_ops *ops, struct hwc_md_state *st)
{
	const struct hwc_hash_info *info = ops->info;

	__builtin_memcpy(&st->h, info->iv, info->statewords * info->wordsize);
	st->count = 0;
}

hwc_size hwc_md_update_blocks(const struct hwc_md_ops *ops, struct hwc_md_state *st,
			      const hwc_u8 *data, hwc_size len)
{
	unsigned int shift = hwc_md_shift(ops->info);
	hwc_size nblocks = len >> shift;

	if (nblocks) {
		ops->run(ops, &st->h, data, nblocks);
		st->count += (hwc_u64)nblocks << shift;
	}
	return len & ((1u << shift) - 1);
}

void hwc_md_finup(const struct hwc_md_ops *ops, struct hwc_md_state *st,
		  const hwc_u8 *data, hwc_size len, hwc_u8 *out)
{
	const struct hwc_hash_info *info = ops->info;
	unsigned int bs = info->blocksize;
	/* Both trailing blocks are built here so that the core is entered once for the tail. */
	hwc_u8 pad[256] __attribute__((aligned(16)));
	hwc_size rem, total;
	hwc_u64 bytes;
	unsigned int i, lenbytes = bs >> 3;

	rem = hwc_md_update_blocks(ops, st, data, len);
	data += len - rem;
	bytes = st->count + rem;

	total = rem + 1 + lenbytes <= bs ? bs : 2 * bs;
	__builtin_memcpy(pad, data, rem);
	pad[rem] = 0x80;
	__builtin_memset(pad + rem + 1, 0, total - rem - 1 - 8);
	/* SHA-384/512 carry a 128-bit bit count: its top 3 bits come from the byte count. */
	if (lenbytes == 16)
		hwc_put_be64(pad + total - 16, bytes >> 61);
	hwc_put_be64(pad + total - 8, bytes << 3);
	ops->run(ops, &st->h, pad, total >> hwc_md_shift(info));

	if (info->wordsize == 4) {
		for (i = 0; i < info->digestsize / 4; i++)
			hwc_put_be32(out + 4 * i, st->h.w32[i]);
	} else {
		for (i = 0; i < info->digestsize / 8; i++)
			hwc_put_be64(out + 8 * i, st->h.w64[i]);
	}

	/* The tail of the message and the chaining value must not outlive the request. */
	hwc_memzero_explicit(pad, total);
	hwc_memzero_explicit(st, sizeof(*st));
}

void hwc_md_update(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		   const hwc_u8 *data, hwc_size len)
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
		hwc_md_update_blocks(ops, st, buf->data, bs);
		data += need;
		len -= need;
		buf->len = 0;
	}
	rem = hwc_md_update_blocks(ops, st, data, len);
	__builtin_memcpy(buf->data, data + len - rem, rem);
	buf->len = rem;
}

void hwc_md_final(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		  hwc_u8 *out)
{
	hwc_md_finup(ops, st, buf->data, buf->len, out);
	hwc_memzero_explicit(buf, sizeof(*buf));
}

// SPDX-License-Identifier: GPL-2.0
/* The Merkle-Damgard framing of hwc_md.h out of line, for the callers outside the module. */
#include "../hwc_md.h"

void hwc_md_init(const struct hwc_md_ops *ops, struct hwc_md_state *st)
{
	__hwc_md_init(ops, st);
}

hwc_size hwc_md_update_blocks(const struct hwc_md_ops *ops, struct hwc_md_state *st,
			      const hwc_u8 *data, hwc_size len)
{
	return __hwc_md_update_blocks(ops, st, data, len);
}

void hwc_md_finup(const struct hwc_md_ops *ops, struct hwc_md_state *st,
		  const hwc_u8 *data, hwc_size len, hwc_u8 *out)
{
	__hwc_md_finup(ops, st, data, len, out);
}

void hwc_md_update(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		   const hwc_u8 *data, hwc_size len)
{
	__hwc_md_update(ops, st, buf, data, len);
}

void hwc_md_final(const struct hwc_md_ops *ops, struct hwc_md_state *st, struct hwc_md_buf *buf,
		  hwc_u8 *out)
{
	__hwc_md_final(ops, st, buf, out);
}

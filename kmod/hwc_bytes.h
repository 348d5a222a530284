/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fixed byte orders for the cores, the host tests and userspace alike: plain C types and
 * compiler builtins, no header of the kernel's, libc's or ours, so any of them can include it.
 *
 * The CPU's own order is a copy. The other one is a copy and a byte reversal where that is one
 * instruction (x86, POWER: the little-endian CPUs here); big-endian CPUs spell the little-endian
 * side in bytes instead, since __builtin_bswap64 is a libgcc call where there is no reversing
 * instruction (SPARC) and the module links no libgcc.
 */
#ifndef HWC_BYTES_H
#define HWC_BYTES_H

static inline unsigned int hwc_get_be32(const unsigned char *p)
{
	unsigned int v;

	__builtin_memcpy(&v, p, 4);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

static inline void hwc_put_be32(unsigned char *p, unsigned int v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	__builtin_memcpy(p, &v, 4);
}

static inline unsigned long long hwc_get_be64(const unsigned char *p)
{
	unsigned long long v;

	__builtin_memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static inline void hwc_put_be64(unsigned char *p, unsigned long long v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	__builtin_memcpy(p, &v, 8);
}

static inline unsigned long long hwc_get_le64(const unsigned char *p)
{
	unsigned long long v;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	__builtin_memcpy(&v, p, 8);
#else
	int i;

	for (v = 0, i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
#endif
	return v;
}

static inline void hwc_put_le64(unsigned char *p, unsigned long long v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	__builtin_memcpy(p, &v, 8);
#else
	int i;

	for (i = 0; i < 8; i++, v >>= 8)
		p[i] = (unsigned char)v;
#endif
}

#endif

// SPDX-License-Identifier: GPL-2.0
/* Freestanding helpers shared by the cores and the glue: a wipe the optimiser cannot elide. */
#include "../hwc_core.h"

void hwc_memzero_explicit(void *p, hwc_size n)
{
	__builtin_memset(p, 0, n);
	/*
	 * The stores are dead to the compiler once the buffer goes out of scope; an empty asm that
	 * may read the buffer through @p keeps them.
	 */
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/* SPDX-License-Identifier: GPL-2.0 */
/* Empty: kshim.h (force-included) defines what the kernel's <linux/cfi_types.h> would. */

/* SPDX-License-Identifier: GPL-2.0 */
/* The bench's host stand-in for <linux/highmem.h>: all of it is in kshim_glue.h. */
#include "kshim_glue.h"

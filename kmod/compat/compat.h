/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only place that knows how kernels differ. Kbuild probes the target tree
 * (compat/Kbuild.include) and passes COMPAT_* macros; glue code sees only the inline
 * wrappers below and never a version number.
 */
#ifndef HWC_COMPAT_H
#define HWC_COMPAT_H

#include "compat/shash.h"

#endif /* HWC_COMPAT_H */

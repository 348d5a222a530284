// SPDX-License-Identifier: GPL-2.0
/* The POWER AES tiers: none yet (vcipher/vpmsumd cores are issue 5's second half). */
#include "../hwc_aes.h"

/* Empty: the glue then registers no skcipher/aead drivers and the kernel's own serve. */
const struct hwc_aes_impl hwc_aes_impls[] = {};
const unsigned int hwc_aes_nimpls = 0;

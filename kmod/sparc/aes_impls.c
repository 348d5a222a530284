// SPDX-License-Identifier: GPL-2.0
/* The SPARC AES tiers: none yet (a T4 aes_eround tier goes here); hwc_aes_generic backs them all. */
#include "hwc_arch_cores.h"

const struct hwc_aes_impl hwc_aes_impls[] = {
};
const unsigned int hwc_aes_nimpls = sizeof(hwc_aes_impls) / sizeof(hwc_aes_impls[0]);

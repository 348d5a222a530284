// SPDX-License-Identifier: GPL-2.0
/* The AVX2 + BMI2 SHA-384/512 tier (sha512_rounds.h), and the round form both tiers share. */
#define SHA512_TIER avx2
#include "sha512_rounds.h"

int hwc_sha512_wide HWC_RO_AFTER_INIT;

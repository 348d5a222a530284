// SPDX-License-Identifier: GPL-2.0
/* The SHA-384/512 tier whose message schedule uses AVX-512VL (sha512_rounds.h). */
#define SHA512_TIER avx512
#include "sha512_rounds.h"

#ifndef __AVX512VL__
#error "build this file with -mavx512f -mavx512vl"
#endif

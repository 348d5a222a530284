#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# IPsec ESP with cbc(aes) + hmac(sha256) (the kernel's authenc over hwcrypt's drivers) between
# two network namespaces (ipsec.sh).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
. "$(dirname "$0")/ipsec.sh"
run_case "cbc(aes)+hmac(sha256)" "cbc-aes-hwcrypt-$(hwc_best_aes_impl)" \
	enc 'cbc(aes)' 0x00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff \
	auth-trunc 'hmac(sha256)' 0x0f0e0d0c0b0a09080706050403020100f0e0d0c0b0a090807060504030201000 128
ipsec_done

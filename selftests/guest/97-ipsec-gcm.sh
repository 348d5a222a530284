#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# IPsec ESP with rfc4106(gcm(aes)) on hwcrypt between two network namespaces (ipsec.sh).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
. "$(dirname "$0")/ipsec.sh"
run_case "rfc4106(gcm(aes))" "rfc4106-gcm-aes-hwcrypt-$(hwc_best_aead_impl)" \
	aead 'rfc4106(gcm(aes))' 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef01234567 128
ipsec_done

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Kernel RSA users on hwcrypt's "rsa": keyctl loads 2048- and 4096-bit PKCS#8 keys, signs
# (PKCS#1 v1.5, SHA-256), verifies, encrypts and decrypts; OpenSSL checks every result and makes
# a signature and a ciphertext the kernel must accept. The driver's request counter
# (/sys/module/hwcrypt/drivers/<driver>/requests) proves that rsa-hwcrypt-* did the arithmetic.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
hwc_load_clean

drv=$(hwc_expected_drivers | tr ' ' '\n' | grep '^rsa-hwcrypt-')
check_eq "$drv is the kernel's choice for rsa" "$drv" "$(hwc_kernel_choice rsa)"
check_eq "$drv selftest" passed "$(crypto_field "$drv" selftest)"

if ! hwc_load_pkcs8; then
	fail "pkcs8_key_parser" "cannot load it"
	hwc_rmmod
	exit 0
fi

ops() { cat "/sys/module/hwcrypt/drivers/$drv/requests"; }
dir=$(scratch_dir)
ring=$(keyctl newring hwc_rsa @u)
head -c 1000 /dev/urandom >"$dir/msg"
openssl dgst -sha256 -binary "$dir/msg" >"$dir/digest"
head -c 100 /dev/urandom >"$dir/secret"

for bits in 2048 4096; do
	pem=$HWC_REPO/selftests/keys/rsa$bits.pem
	hwc_rsa_key_files "$pem" "$dir"
	id=$(keyctl padd asymmetric "hwc$bits" "$ring" <"$dir/key.der")
	if [ -z "$id" ]; then
		fail "keyctl padd asymmetric rsa$bits" "no key id"
		continue
	fi
	pass "keyctl padd asymmetric rsa$bits: key $id"
	info "$(keyctl pkey_query "$id" 0 enc=pkcs1 hash=sha256 | tr '\n' ' ')"
	ops0=$(ops)

	# Kernel signature, checked by OpenSSL.
	keyctl pkey_sign "$id" 0 "$dir/digest" enc=pkcs1 hash=sha256 >"$dir/sig"
	check_eq "rsa$bits pkey_sign: signature size" $((bits / 8)) "$(wc -c <"$dir/sig")"
	check_cmd "rsa$bits: openssl pkeyutl -verify accepts the kernel's signature" \
		openssl pkeyutl -verify -pubin -inkey "$dir/pub.pem" -in "$dir/digest" \
		-sigfile "$dir/sig" -pkeyopt digest:sha256
	openssl pkeyutl -sign -inkey "$pem" -in "$dir/digest" -pkeyopt digest:sha256 -out "$dir/osig"
	check_eq "rsa$bits: kernel signature == OpenSSL's (PKCS#1 v1.5 is deterministic)" \
		"$(od -An -tx1 "$dir/osig" | tr -d ' \n')" "$(od -An -tx1 "$dir/sig" | tr -d ' \n')"

	# Verification both ways, and a tampered signature refused.
	check_cmd "rsa$bits pkey_verify of the kernel's signature" \
		keyctl pkey_verify "$id" 0 "$dir/digest" "$dir/sig" enc=pkcs1 hash=sha256
	check_cmd "rsa$bits pkey_verify of OpenSSL's signature" \
		keyctl pkey_verify "$id" 0 "$dir/digest" "$dir/osig" enc=pkcs1 hash=sha256
	cp "$dir/osig" "$dir/bad"
	printf '\001' | dd of="$dir/bad" bs=1 seek=$((bits / 16)) conv=notrunc 2>/dev/null
	check_fails "rsa$bits pkey_verify refuses a tampered signature" \
		keyctl pkey_verify "$id" 0 "$dir/digest" "$dir/bad" enc=pkcs1 hash=sha256

	# Encryption (PKCS#1 v1.5, random padding): each side decrypts the other's.
	keyctl pkey_encrypt "$id" 0 "$dir/secret" enc=pkcs1 >"$dir/ct"
	check_eq "rsa$bits: openssl decrypts pkey_encrypt output" \
		"$(od -An -tx1 "$dir/secret" | tr -d ' \n')" \
		"$(openssl pkeyutl -decrypt -inkey "$pem" -in "$dir/ct" | od -An -tx1 | tr -d ' \n')"
	openssl pkeyutl -encrypt -pubin -inkey "$dir/pub.pem" -in "$dir/secret" -out "$dir/oct"
	check_eq "rsa$bits: pkey_decrypt of OpenSSL's ciphertext" \
		"$(od -An -tx1 "$dir/secret" | tr -d ' \n')" \
		"$(keyctl pkey_decrypt "$id" 0 "$dir/oct" enc=pkcs1 | od -An -tx1 | tr -d ' \n')"
	check_eq "rsa$bits: pkey_decrypt of its own ciphertext" \
		"$(od -An -tx1 "$dir/secret" | tr -d ' \n')" \
		"$(keyctl pkey_decrypt "$id" 0 "$dir/ct" enc=pkcs1 | od -An -tx1 | tr -d ' \n')"

	# sign + decrypt x2 = 3 private ops; verify x3 (one refused) + encrypt = 4 public ops.
	# Under the full self-tests (debug kernel) the pkcs1 template instances that keyctl creates
	# test themselves on our rsa too: at least that count there.
	dn=$(($(ops) - ops0))
	if hwc_full_selftests; then
		[ "$dn" -ge 7 ] && pass "rsa$bits: ops served by hwcrypt: +$dn (>= 7)" ||
			fail "rsa$bits: ops served by hwcrypt" "+$dn (want >= 7)"
	else
		check_eq "rsa$bits: ops served by hwcrypt (3 private, 4 public)" 7 "$dn"
	fi
	info "$drv requests after rsa$bits: $(ops)"
	keyctl unlink "$id" "$ring" >/dev/null
done
keyctl unlink "$ring" @u >/dev/null
rm -rf "$dir"
hwc_rmmod

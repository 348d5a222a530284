#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `hwcrypt rsa` (libhwcrypt over keyctl) on hwcrypt's "rsa", 2048 and 4096 bits: signatures
# equal to OpenSSL's and verified by `openssl pkeyutl`, OpenSSL's verified by the CLI with
# the key or a certificate, encryption both ways, bad signatures and ciphertexts refused;
# the driver's request counter (/sys/module/hwcrypt/drivers/<driver>/requests) proves
# rsa-hwcrypt-* did every operation.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
hwc_load_clean
modprobe crypto_user 2>/dev/null
if ! hwc_load_pkcs8; then
	fail "pkcs8_key_parser" "cannot load it"
	hwc_rmmod
	exit 0
fi

cli=$HWC_CLI
drv=$(hwc_expected_drivers | tr ' ' '\n' | grep '^rsa-hwcrypt-')
ops() { cat "/sys/module/hwcrypt/drivers/$drv/requests"; }
hex() { od -An -tx1 -v "$1" | tr -d ' \n'; }
d=$(scratch_dir)
ring=$(keyctl newring hwc_rsa_cli @u)
head -c $(($(od -An -N2 -tu2 /dev/urandom) % 5000)) /dev/urandom >"$d/msg"
openssl dgst -sha256 -binary "$d/msg" >"$d/digest"
head -c 100 /dev/urandom >"$d/secret"

for bits in 2048 4096; do
	pem=$HWC_REPO/selftests/keys/rsa$bits.pem
	hwc_rsa_key_files "$pem" "$d"
	cp "$HWC_REPO/selftests/keys/rsa$bits-cert.der" "$d/cert.der"
	ops0=$(ops)

	# Sign: the message hashed by the CLI (over AF_ALG), and a ready digest (--digest).
	"$cli" rsa sign -k "$d/key.der" -hash sha256 -in "$d/msg" -out "$d/sig"
	check_eq "rsa$bits: hwcrypt rsa sign size" $((bits / 8)) "$(wc -c <"$d/sig")"
	check_cmd "rsa$bits: openssl pkeyutl -verify accepts hwcrypt rsa sign" \
		openssl pkeyutl -verify -pubin -inkey "$d/pub.pem" -in "$d/digest" -sigfile "$d/sig" \
		-pkeyopt digest:sha256
	openssl dgst -sha256 -sign "$pem" -out "$d/osig" "$d/msg"
	check_eq "rsa$bits: hwcrypt rsa sign == openssl dgst -sha256 -sign (PKCS#1 v1.5)" \
		"$(hex "$d/osig")" "$(hex "$d/sig")"
	# The PEM file is PKCS#8 ("BEGIN PRIVATE KEY"): the CLI converts it to DER.
	"$cli" rsa sign -k "$pem" --digest -in "$d/digest" >"$d/sig2"
	check_eq "rsa$bits: sign --digest with a PEM key via stdout == the same" \
		"$(hex "$d/osig")" "$(hex "$d/sig2")"

	# Verify OpenSSL's signature with the certificate (public key only) and the private key.
	check_eq "rsa$bits: hwcrypt rsa verify (X.509 certificate) of OpenSSL's signature" \
		"Signature Verified Successfully" \
		"$("$cli" rsa verify -k "$d/cert.der" -in "$d/msg" -sigfile "$d/osig")"
	check_cmd "rsa$bits: rsa verify --digest (PKCS#8 key) of OpenSSL's signature" \
		"$cli" rsa verify -k "$d/key.der" --digest -in "$d/digest" -sigfile "$d/osig"
	cp "$d/osig" "$d/bad"
	flip_byte "$d/bad" $((bits / 16))
	out=$("$cli" rsa verify -k "$d/cert.der" -in "$d/msg" -sigfile "$d/bad" 2>&1)
	check_eq "rsa$bits: tampered signature: exit 1" "1 Signature Verification Failure" \
		"$? $out"

	# Encryption both ways (random padding: compare the decrypted secret).
	"$cli" rsa encrypt -k "$d/cert.der" -in "$d/secret" -out "$d/ct"
	check_eq "rsa$bits: openssl pkeyutl -decrypt of hwcrypt rsa encrypt" "$(hex "$d/secret")" \
		"$(openssl pkeyutl -decrypt -inkey "$pem" -in "$d/ct" | od -An -tx1 -v | tr -d ' \n')"
	openssl pkeyutl -encrypt -pubin -inkey "$d/pub.pem" -in "$d/secret" -out "$d/oct"
	check_eq "rsa$bits: hwcrypt rsa decrypt of openssl pkeyutl -encrypt" "$(hex "$d/secret")" \
		"$("$cli" rsa decrypt -k "$d/key.der" <"$d/oct" | od -An -tx1 -v | tr -d ' \n')"
	cp "$d/oct" "$d/bad"
	# Flipped, not overwritten: OpenSSL's random padding makes byte 5 0xff once in 256 runs.
	flip_byte "$d/bad" 5
	rm -f "$d/out"
	"$cli" rsa decrypt -k "$d/key.der" -in "$d/bad" -out "$d/out" 2>"$d/err"
	rc=$?
	check_eq "rsa$bits: corrupted ciphertext: exit 1, no output ($(cat "$d/err"))" "1 no" \
		"$rc $([ -e "$d/out" ] && echo yes || echo no)"

	# A key already in the kernel, by serial.
	id=$(keyctl padd asymmetric "hwc-cli$bits" "$ring" <"$d/key.der")
	"$cli" rsa sign --keyid "$id" -in "$d/msg" -out "$d/sig3"
	check_eq "rsa$bits: sign --keyid $id == OpenSSL" "$(hex "$d/osig")" "$(hex "$d/sig3")"
	keyctl unlink "$id" "$ring" >/dev/null

	# sign x3 + decrypt x2 (one with bad padding) = 5 private; verify x3 + encrypt = 4
	# public, plus 3 by the kernel's X.509 parser checking the self-signed certificate at
	# each of its 3 loads. The crypto manager's self-test of a pkcs1pad(rsa-hwcrypt-*,...)
	# instance, when the kernel (re)creates one, adds its own: so "at least".
	dn=$(($(ops) - ops0))
	if [ "$dn" -ge 12 ]; then
		pass "rsa$bits: all operations served by hwcrypt ($drv requests +$dn, >= 5 private + 7 public)"
	else
		fail "rsa$bits: operations served by hwcrypt" "$drv requests +$dn (want >= 12: 5 private, 7 public)"
	fi
done

check_fails "rsa sign with a certificate (public key) fails" \
	"$cli" rsa sign -k "$d/cert.der" -in "$d/msg" -out "$d/x"
check_fails "rsa sign --digest of a 20-byte input as sha256 fails" \
	sh -c "head -c 20 /dev/zero | '$cli' rsa sign -k '$d/key.der' --digest"
openssl pkey -in "$HWC_REPO/selftests/keys/rsa2048.pem" -traditional -out "$d/pkcs1.pem"
check_fails "rsa with a PKCS#1 (not PKCS#8) key file fails" \
	"$cli" rsa sign -k "$d/pkcs1.pem" -in "$d/msg"
check_cmd "help rsa" "$cli" help rsa
keyctl unlink "$ring" @u >/dev/null
rm -rf "$d"
hwc_rmmod

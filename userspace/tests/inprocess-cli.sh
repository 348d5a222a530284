#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The hwcrypt CLI where the kernel does not serve (this host without AF_ALG, or under
# HWCRYPT_BACKEND=process): dgst and hmac equal to sha*sum and openssl dgst; enc/dec of ctr,
# cbc and ecb (PKCS#7) byte-identical to `openssl enc` both ways; gcm, xts and cts (which
# `openssl enc` lacks: the library tests compare them with OpenSSL's EVP) by round trip, gcm's
# corrupted tag refused with no output file; -v names the in-process tier; the policy "kernel"
# fails with the kernel's refusal named and nothing written. Skips where the kernel serves
# AF_ALG and HWCRYPT_BACKEND=process is not set (the guests test that path).
# Usage: tests/inprocess-cli.sh [path/to/hwcrypt]
set -u
cli=${1:-$(dirname "$0")/../build/hwcrypt}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fails=0 n=0
ok() { n=$((n + 1)); echo "ok - $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok - $1${2:+: $2}"; }
eq() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1" "expected '$2', got '$3'"; fi; }

if ! command -v openssl >/dev/null; then
	echo "skip - no openssl command (the oracle)"
	exit 0
fi
"$cli" dgst -v -a sha256 /dev/null >/dev/null 2>"$t/v"
case $(cat "$t/v") in
*"in process"*) ;;
*) echo "skip - the kernel serves here ($(cat "$t/v")); HWCRYPT_BACKEND=process tests the cores"
   exit 0 ;;
esac
echo "# $(grep -o 'in process.*' "$t/v")"

for s in 0 1 55 64 1000 70001; do
	head -c $s /dev/urandom >"$t/m$s"
done
for a in sha1 sha224 sha256 sha384 sha512; do
	for s in 0 55 70001; do
		eq "dgst -a $a ($s bytes) == ${a}sum" "$(${a}sum <"$t/m$s" | cut -d' ' -f1)" \
			"$("$cli" dgst -a $a "$t/m$s" | cut -d' ' -f1)"
	done
	key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223
	eq "dgst --hmac -a hmac($a) == openssl" \
		"$(openssl dgst -$a -mac HMAC -macopt hexkey:$key "$t/m1000" | sed 's/.*= //')" \
		"$("$cli" dgst -a "hmac($a)" --hmac $key "$t/m1000" | cut -d' ' -f1)"
done
"$cli" dgst -c /dev/null 2>/dev/null
sha256sum "$t/m55" "$t/m1000" >"$t/sums"
if "$cli" dgst -a sha256 -c "$t/sums" >/dev/null; then ok "dgst -c of sha256sum's list"; else bad "dgst -c"; fi

K16=00112233445566778899aabbccddeeff
K32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=0f0e0d0c0b0a09080706050403020100
for mode in ctr cbc ecb; do
	for k in $K16 $K32; do
		bits=$((${#k} * 4))
		ivarg="--iv $IV"
		oiv="-iv $IV"
		[ $mode = ecb ] && ivarg= oiv=
		for s in 0 1 1000 70001; do
			[ $mode != ctr ] && [ $s = 0 ] && continue
			# shellcheck disable=SC2086
			"$cli" enc -a "$mode(aes)" -K $k $ivarg -in "$t/m$s" -out "$t/c" 2>"$t/e"
			# shellcheck disable=SC2086
			openssl enc -aes-$bits-$mode -K $k $oiv -in "$t/m$s" -out "$t/o"
			if cmp -s "$t/c" "$t/o"; then ok "enc $mode(aes)-$bits $s bytes == openssl enc"
			else bad "enc $mode(aes)-$bits $s bytes" "$(cat "$t/e")"; fi
			# shellcheck disable=SC2086
			"$cli" dec -a "$mode(aes)" -K $k $ivarg -in "$t/o" -out "$t/p" 2>"$t/e"
			if cmp -s "$t/p" "$t/m$s"; then ok "dec $mode(aes)-$bits $s bytes of openssl's"
			else bad "dec $mode(aes)-$bits $s bytes" "$(cat "$t/e")"; fi
		done
	done
done
# xts, cts: `openssl enc` has neither (the library tests compare them with OpenSSL's EVP):
# round trips, length kept.
for a in "xts(aes) $K32" "cts(cbc(aes)) $K16"; do
	k=${a#* } a=${a%% *}
	for s in 55 1000 70001; do
		"$cli" enc -a "$a" -K $k --iv $IV -in "$t/m$s" -out "$t/c" 2>"$t/e"
		"$cli" dec -a "$a" -K $k --iv $IV -in "$t/c" -out "$t/p" 2>>"$t/e"
		if [ "$(wc -c <"$t/c")" = $s ] && cmp -s "$t/p" "$t/m$s" && ! cmp -s "$t/c" "$t/m$s"; then
			ok "enc/dec $a $s bytes round trip"
		else
			bad "enc/dec $a $s bytes" "$(cat "$t/e")"
		fi
	done
done
# gcm: round trip, and a flipped tag bit fails with no output file.
GIV=cafebabefacedbaddecaf888
"$cli" enc -a "gcm(aes)" -K $K16 --iv $GIV --aad 0a0b0c -in "$t/m1000" -out "$t/g" 2>"$t/e"
eq "enc gcm(aes): ciphertext || tag" 1016 "$(wc -c <"$t/g")"
"$cli" dec -a "gcm(aes)" -K $K16 --iv $GIV --aad 0a0b0c -in "$t/g" -out "$t/gp" 2>"$t/e"
if cmp -s "$t/gp" "$t/m1000"; then ok "dec gcm(aes) round trip"; else bad "dec gcm(aes)" "$(cat "$t/e")"; fi
printf '\001' | dd of="$t/g" bs=1 seek=1010 conv=notrunc 2>/dev/null
rm -f "$t/gx"
if "$cli" dec -a "gcm(aes)" -K $K16 --iv $GIV --aad 0a0b0c -in "$t/g" -out "$t/gx" 2>"$t/e"; then
	bad "dec gcm(aes) of a corrupted tag succeeded"
else
	[ -e "$t/gx" ] && bad "dec gcm(aes) corrupted tag: output file left" || ok "dec gcm(aes) corrupted tag: exit 1, no output file"
fi

# RSA where keyctl cannot take the key (no asymmetric parser here, or the policy "process"):
# the RSA core in process, PKCS#1 v1.5 signatures byte-identical to openssl dgst -sign,
# encryption both ways with openssl pkeyutl, a tampered signature and ciphertext refused.
keys=$(dirname "$0")/../../selftests/keys
for bits in 2048 4096; do
	pem=$keys/rsa$bits.pem cert=$keys/rsa$bits-cert.der
	[ -e "$pem" ] && [ -e "$cert" ] || continue
	openssl pkcs8 -topk8 -nocrypt -in "$pem" -outform DER -out "$t/k.der"
	openssl x509 -inform DER -in "$cert" -pubkey -noout >"$t/pub.pem"
	for h in sha1 sha256 sha512; do
		"$cli" rsa sign -k "$t/k.der" -hash $h -in "$t/m1000" -out "$t/sig" 2>"$t/e"
		openssl dgst -$h -sign "$pem" -out "$t/osig" "$t/m1000"
		if cmp -s "$t/sig" "$t/osig"; then ok "rsa$bits sign $h == openssl dgst -sign"
		else bad "rsa$bits sign $h" "$(cat "$t/e")"; fi
	done
	if "$cli" rsa verify -k "$cert" -in "$t/m1000" -sigfile "$t/osig" -hash sha512 >/dev/null 2>"$t/e"
	then ok "rsa$bits verify of openssl's signature"; else bad "rsa$bits verify" "$(cat "$t/e")"; fi
	printf 'x' | dd of="$t/osig" bs=1 seek=5 conv=notrunc 2>/dev/null
	if "$cli" rsa verify -k "$cert" -in "$t/m1000" -sigfile "$t/osig" -hash sha512 >/dev/null 2>&1
	then bad "rsa$bits verify of a tampered signature succeeded"
	else ok "rsa$bits tampered signature refused"; fi
	head -c 100 "$t/m1000" >"$t/sec"
	"$cli" rsa encrypt -k "$cert" -in "$t/sec" -out "$t/ct" 2>"$t/e"
	if openssl pkeyutl -decrypt -inkey "$pem" -in "$t/ct" -out "$t/sec2" && cmp -s "$t/sec" "$t/sec2"
	then ok "rsa$bits encrypt, openssl pkeyutl decrypts"; else bad "rsa$bits encrypt" "$(cat "$t/e")"; fi
	openssl pkeyutl -encrypt -pubin -inkey "$t/pub.pem" -in "$t/sec" -out "$t/oct"
	"$cli" rsa decrypt -k "$t/k.der" -in "$t/oct" -out "$t/sec3" 2>"$t/e"
	if cmp -s "$t/sec" "$t/sec3"; then ok "rsa$bits decrypt of openssl pkeyutl's"
	else bad "rsa$bits decrypt" "$(cat "$t/e")"; fi
	printf 'x' | dd of="$t/oct" bs=1 seek=7 conv=notrunc 2>/dev/null
	rm -f "$t/sec4"
	if "$cli" rsa decrypt -k "$t/k.der" -in "$t/oct" -out "$t/sec4" 2>/dev/null || [ -e "$t/sec4" ]
	then bad "rsa$bits decrypt of a tampered ciphertext: not refused or output left"
	else ok "rsa$bits tampered ciphertext refused, no output file"; fi
done

# -v: which path and tier.
"$cli" enc -v -a "ctr(aes)" -K $K16 --iv $IV -in "$t/m1" -out "$t/c" 2>"$t/e"
case $(cat "$t/e") in
*"@process (in process, tier "*) ok "enc -v names the in-process tier: $(cat "$t/e")" ;;
*) bad "enc -v" "$(cat "$t/e")" ;;
esac
# The policy "kernel": the refusal named, exit 1, no output file, nothing on stdout.
if [ "${HWCRYPT_BACKEND:-auto}" = auto ]; then
	rm -f "$t/k"
	HWCRYPT_BACKEND=kernel "$cli" enc -a "ctr(aes)" -K $K16 --iv $IV -in "$t/m1000" -out "$t/k" 2>"$t/e"
	rc=$?
	if [ $rc = 1 ] && [ ! -e "$t/k" ] && grep -q "AF_ALG" "$t/e"; then
		ok "HWCRYPT_BACKEND=kernel enc: exit 1, no output, '$(cat "$t/e")'"
	else
		bad "HWCRYPT_BACKEND=kernel enc" "rc $rc, $(cat "$t/e")"
	fi
	out=$(HWCRYPT_BACKEND=kernel "$cli" dgst -a sha256 "$t/m1" 2>"$t/e")
	rc=$?
	if [ $rc = 1 ] && [ -z "$out" ] && grep -q "AF_ALG" "$t/e"; then
		ok "HWCRYPT_BACKEND=kernel dgst: exit 1, nothing on stdout"
	else
		bad "HWCRYPT_BACKEND=kernel dgst" "rc $rc, out '$out', $(cat "$t/e")"
	fi
fi
out=$(HWCRYPT_BACKEND=nonsense "$cli" dgst -a sha256 "$t/m1" 2>"$t/e")
rc=$?
if [ $rc = 1 ] && [ -z "$out" ] && grep -q "HWCRYPT_BACKEND=nonsense" "$t/e"; then
	ok "HWCRYPT_BACKEND=nonsense: exit 1, named"
else
	bad "HWCRYPT_BACKEND=nonsense" "rc $rc, $(cat "$t/e")"
fi
if [ $fails = 0 ]; then echo "inprocess-cli: all $n passed"; else echo "inprocess-cli: $fails of $n failed"; fi
[ $fails = 0 ]

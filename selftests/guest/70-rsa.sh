#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Kernel RSA users on hwcrypt's "rsa": keyctl loads 2048- and 4096-bit PKCS#8 keys, signs
# (PKCS#1 v1.5, SHA-256), verifies, encrypts and decrypts; OpenSSL checks every result and makes
# a signature and a ciphertext the kernel must accept. The driver's request counter
# (/sys/module/hwcrypt/drivers/<driver>/requests) proves that rsa-hwcrypt-* did the arithmetic.
# Then raw (enc=raw) public and private ops on 0, 1, 2, n-1 and
# n, first on hwcrypt, then, unloaded, on the kernel's rsa-generic: hwcrypt refuses x <= 1 and
# x >= n-1 with EINVAL (SP 800-56B, as rsa-generic does since 6.12) wherever rsa-generic does,
# and where this kernel's rsa-generic still computes 0, 1, n-1 (6.1) it refuses them all the same.
# shellcheck disable=SC2015 # `cond && pass || fail`: pass only reports, it cannot fail
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
	# The kernel builds its padding template instances over "rsa" on first use (7.2 on: the
	# pkcs1(rsa,hash) signature template and pkcs1pad(rsa) for encryption), and their
	# self-tests run on hwcrypt's rsa: that first use happens before the count starts.
	keyctl pkey_sign "$id" 0 "$dir/digest" enc=pkcs1 hash=sha256 >/dev/null
	keyctl pkey_encrypt "$id" 0 "$dir/secret" enc=pkcs1 >/dev/null
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
	# The padding instances the kernel signed and encrypted with sit on hwcrypt's rsa (7.2 on:
	# pkcs1(rsa-hwcrypt-*,sha256); earlier: pkcs1pad(rsa-hwcrypt-*,sha256)).
	check_eq "rsa$bits: the kernel's PKCS#1 instances are over $drv" yes \
		"$(grep -qE "^driver +: pkcs1(pad)?\(${drv}[,)]" /proc/crypto && echo yes || echo no)"

	# Verification both ways, and a tampered signature refused.
	check_cmd "rsa$bits pkey_verify of the kernel's signature" \
		keyctl pkey_verify "$id" 0 "$dir/digest" "$dir/sig" enc=pkcs1 hash=sha256
	check_cmd "rsa$bits pkey_verify of OpenSSL's signature" \
		keyctl pkey_verify "$id" 0 "$dir/digest" "$dir/osig" enc=pkcs1 hash=sha256
	cp "$dir/osig" "$dir/bad"
	flip_byte "$dir/bad" $((bits / 16))
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

# --- Raw inputs at the ends of the range. Files of n's size: 0, 1, 2, n-1 (n is odd: its last hex
# digit minus one), n.
pem=$HWC_REPO/selftests/keys/rsa2048.pem
hwc_rsa_key_files "$pem" "$dir"
mod=$(openssl rsa -in "$pem" -noout -modulus | sed 's/^Modulus=//')
bytes=$((${#mod} / 2))
# shellcheck disable=SC2059 # the format is the byte's octal escape
small() { head -c $((bytes - 1)) /dev/zero; printf "\\$1"; }
small 000 >"$dir/x0"
small 001 >"$dir/x1"
small 002 >"$dir/x2"
printf %s "$mod" | basenc --base16 -d >"$dir/xn"
last=${mod#"${mod%?}"}
printf %s "${mod%?}$(printf %s "$last" | tr 13579BDF 02468ACE)" | basenc --base16 -d >"$dir/xn1"
values="0 1 2 n-1 n"
vfile() { case $1 in n-1) echo "$dir/xn1" ;; n) echo "$dir/xn" ;; *) echo "$dir/x$1" ;; esac; }
hexof() { od -An -tx1 "$1" | tr -d ' \n'; }

# raw_ops TAG KEYID: for each op and value, DIR/TAG.<op>.<value> holds "ok <output hex>" or the
# errno's name from keyctl's message.
raw_ops() {
	for op in encrypt decrypt; do
		for v in $values; do
			if keyctl "pkey_$op" "$2" 0 "$(vfile "$v")" enc=raw >"$dir/res" 2>"$dir/err"; then
				echo "ok $(hexof "$dir/res")"
			else
				case $(cat "$dir/err") in
				*"Invalid argument"*) echo EINVAL ;;
				*"Bad message"*) echo EBADMSG ;;
				*"Value too large"*) echo EOVERFLOW ;;
				*) echo "error: $(tail -n 1 "$dir/err")" ;;
				esac
			fi >"$dir/$1.$op.$v"
		done
	done
}
word() { cut -d' ' -f1 "$dir/$1"; }

id=$(keyctl padd asymmetric hwcraw "$ring" <"$dir/key.der")
ops0=$(ops)
raw_ops hw "$id"
# Only completed requests count: the public and the private op on 2, not the refused ones.
served=$(($(ops) - ops0))
if hwc_full_selftests; then
	[ "$served" -ge 2 ] && pass "raw ops on 2 served by hwcrypt (+$served, >= 2)" ||
		fail "raw ops on 2 served by hwcrypt" "+$served (want >= 2)"
else
	check_eq "raw ops on 2 served by hwcrypt (one public, one private)" 2 "$served"
fi
check_cmd "rmmod hwcrypt for rsa-generic's answers" hwc_rmmod
check_eq "rsa-generic is the kernel's rsa without hwcrypt" rsa-generic "$(hwc_kernel_choice rsa)"
raw_ops gen "$id"
keyctl unlink "$id" "$ring" >/dev/null

openssl pkeyutl -encrypt -pubin -inkey "$dir/pub.pem" -pkeyopt rsa_padding_mode:none \
	-in "$dir/x2" -out "$dir/ossl.encrypt"
openssl pkeyutl -decrypt -inkey "$pem" -pkeyopt rsa_padding_mode:none \
	-in "$dir/x2" -out "$dir/ossl.decrypt"
# rsa-generic with the range check refuses 0, 1 and n-1 alike, without it computes them alike.
g_new=$(word gen.encrypt.0)
for op in encrypt decrypt; do
	check_eq "raw $op of 2: hwcrypt == OpenSSL" "ok $(hexof "$dir/ossl.$op")" "$(cat "$dir/hw.$op.2")"
	check_eq "raw $op of 2: rsa-generic == OpenSSL" "ok $(hexof "$dir/ossl.$op")" "$(cat "$dir/gen.$op.2")"
	check_eq "raw $op of n: rsa-generic refuses" EINVAL "$(word "gen.$op.n")"
	for v in 0 1 n-1 n; do
		check_eq "raw $op of $v: hwcrypt refuses (rsa-generic: $(word "gen.$op.$v"))" EINVAL \
			"$(word "hw.$op.$v")"
		[ "$v" = n ] && continue
		if [ "$g_new" = EINVAL ]; then
			check_eq "raw $op of $v: rsa-generic refuses, as for 0" EINVAL "$(word "gen.$op.$v")"
		else
			# 0, 1 and n-1 are their own powers for the odd exponents e and d.
			check_eq "raw $op of $v: rsa-generic computes x^k = x, as for 0" \
				"ok $(hexof "$(vfile "$v")")" "$(cat "$dir/gen.$op.$v")"
		fi
	done
done
info "errno table, kernel $(uname -r), rsa2048 enc=raw (ok: computed):"
info "  op       x     $drv  rsa-generic"
for op in encrypt decrypt; do
	for v in $values; do
		info "$(printf '  %-8s %-5s %-18s %s' "$op" "$v" "$(word "hw.$op.$v")" "$(word "gen.$op.$v")")"
	done
done
keyctl unlink "$ring" @u >/dev/null
rm -rf "$dir"

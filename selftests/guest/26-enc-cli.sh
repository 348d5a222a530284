#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `hwcrypt enc` / `hwcrypt dec` on hwcrypt's AES drivers: byte-identical to `openssl enc` for
# ctr and cbc (PKCS#7 padding and -nopad), xts and cts equal to the kernel's generic templates,
# gcm interoperating with kcapi-enc on the kernel's generic gcm both ways; random sizes with 0
# and non-multiples of 16, stdin/stdout; a corrupted tag or padding fails with no output.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
if ! cpu_has aes || ! cpu_has pclmulqdq; then
	skip "enc/dec" "no AES-NI/PCLMULQDQ on this CPU"
	exit 0
fi
check_cmd "insmod" hwc_load_clean
modprobe crypto_user 2>/dev/null

cli=$HWC_CLI
d=$(scratch_dir)
# rnd VAR N: N random bytes in hex into VAR, cut from one pool with shell builtins alone
# (every process costs a lot under TCG).
pool=$(od -An -tx1 -v -N 4096 /dev/urandom | tr -d ' \n')
rnd() {
	[ ${#pool} -ge $(($2 * 2)) ] || pool=$(od -An -tx1 -v -N 4096 /dev/urandom | tr -d ' \n')
	_p=
	while [ ${#_p} -lt $(($2 * 2)) ]; do _p="$_p?"; done
	eval "$1=\${pool%\"\${pool#\$_p}\"}"
	# shellcheck disable=SC2295 # $_p is a pattern: as many ? as characters to drop
	pool=${pool#$_p}
}
r16=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
# 0, around one block, and a random size up to 70 000 (crossing the 64 KiB request pieces).
sizes="0 15 $((r16 % 70000 + 1))"
info "sizes: $sizes"
for s in $sizes 1 17; do head -c "$s" /dev/urandom >"$d/p$s"; done

# The driver: -v names the kernel's choice (checked on one run of each algorithm below).
ours() {
	case $(sed -n 's/.*: driver //p' "$d/err") in
	*-hwcrypt-*) pass "$1 runs on $(sed -n 's/.*: driver //p' "$d/err")" ;;
	*) fail "$1 driver" "$(cat "$d/err")" ;;
	esac
}
# ctr and cbc against openssl enc, both directions, AES-128 and AES-256 alternating.
for mode in ctr cbc; do
	bad_enc='' bad_dec='' bits=128
	for s in $sizes; do
		bits=$((384 - bits))
		rnd K $((bits / 8))
		rnd IV 16
		openssl enc -aes-$bits-$mode -K "$K" -iv "$IV" -in "$d/p$s" -out "$d/o"
		"$cli" enc -v -a "$mode(aes)" -K "$K" --iv "$IV" -i "$d/p$s" -o "$d/h" 2>"$d/err" ||
			bad_enc="$bad_enc $s"
		cmp -s "$d/o" "$d/h" || bad_enc="$bad_enc $s"
		"$cli" dec -a "aes-$bits-$mode" -K "$K" --iv "$IV" -i "$d/o" -o "$d/b" &&
			cmp -s "$d/b" "$d/p$s" || bad_dec="$bad_dec $s"
	done
	ours "enc -a $mode(aes)"
	check_eq "$mode(aes): hwcrypt enc == openssl enc at every size (else: the failing sizes)" "" "$bad_enc"
	check_eq "$mode(aes): hwcrypt dec of openssl enc's output at every size (else: the failing sizes)" "" "$bad_dec"
done

# cbc -nopad, through pipes (stdin/stdout), and ctr through pipes with an explicit driver.
rnd K 24
rnd IV 16
n=$((16 * (r16 % 300 + 1)))
head -c "$n" /dev/urandom >"$d/pn"
openssl enc -aes-192-cbc -nopad -K "$K" -iv "$IV" -in "$d/pn" -out "$d/o"
check_eq "cbc(aes) --nopad, $n bytes via stdin/stdout == openssl enc -nopad" \
	"$(od -An -tx1 "$d/o" | cksum)" \
	"$("$cli" enc -a "cbc(aes)" --nopad -K "$K" --iv "$IV" <"$d/pn" | od -An -tx1 | cksum)"
check_eq "cbc(aes) --nopad dec via stdin/stdout" "$(cksum <"$d/pn")" \
	"$("$cli" dec -a "cbc(aes)" -nopad -K "$K" -iv "$IV" <"$d/o" | cksum)"
check_fails "cbc(aes) --nopad refuses $((n + 1)) bytes" \
	sh -c "head -c $((n + 1)) /dev/urandom | '$cli' enc -a 'cbc(aes)' --nopad -K $K --iv $IV"
s=${sizes##* }
openssl enc -aes-128-ctr -K "${K%????????????????}" -iv "$IV" -in "$d/p$s" -out "$d/o"
check_eq "ctr(aes) -d ctr-aes-hwcrypt-aesni, $s bytes via stdin/stdout == openssl enc" \
	"$(cksum <"$d/o")" \
	"$("$cli" enc -a "ctr(aes)" -d ctr-aes-hwcrypt-aesni -K "${K%????????????????}" --iv "$IV" <"$d/p$s" | cksum)"

# A wrong key makes bad padding: exit 1 and the output file is not left behind. One wrong key in
# about 256 still leaves valid padding (a last byte of 01): the key is drawn until OpenSSL, the
# oracle, refuses the padding too.
rnd K 16
openssl enc -aes-128-cbc -K "$K" -iv "$IV" -in "$d/p17" -out "$d/o"
for _ in 1 2 3 4 5 6 7 8; do
	rnd K2 16
	openssl enc -d -aes-128-cbc -K "$K2" -iv "$IV" -in "$d/o" -out /dev/null 2>/dev/null || break
done
rm -f "$d/bad"
"$cli" dec -a "cbc(aes)" -K "$K2" --iv "$IV" -i "$d/o" -o "$d/bad" 2>"$d/err"
rc=$?
check_eq "cbc(aes) dec with a wrong key: exit 1, no output file ($(cat "$d/err"))" "1 no" \
	"$rc $([ -e "$d/bad" ] && echo yes || echo no)"

# xts and cts(cbc): against the kernel's generic templates; 15 bytes and > 128 KiB refused.
for a in "xts(aes)" "cts(cbc(aes))"; do
	gen="xts(ecb($HWC_AES_GENERIC))" k=64
	[ "$a" = "cts(cbc(aes))" ] && gen="cts(cbc($HWC_AES_GENERIC))" k=32
	bad=
	for s in 17 $((r16 % 70000 + 16)); do
		[ -f "$d/p$s" ] || head -c "$s" /dev/urandom >"$d/p$s"
		rnd K $k
		rnd IV 16
		"$cli" enc -a "$a" -d "$gen" -K "$K" --iv "$IV" -i "$d/p$s" -o "$d/o" || bad="$bad $s"
		"$cli" enc -v -a "$a" -K "$K" --iv "$IV" -i "$d/p$s" -o "$d/h" 2>"$d/err" || bad="$bad $s"
		cmp -s "$d/o" "$d/h" || bad="$bad $s"
		"$cli" dec -a "$a" -K "$K" --iv "$IV" -i "$d/h" | cmp -s - "$d/p$s" || bad="$bad $s"
	done
	ours "enc -a $a"
	check_eq "$a: enc == $gen, dec restores at every size (else: the failing sizes)" "" "$bad"
	check_fails "$a: 15 bytes refused" "$cli" enc -a "$a" -K "$K" --iv "$IV" -i "$d/p15"
done
head -c 131073 /dev/zero >"$d/big"
rm -f "$d/bad"
rnd K 64
check_fails "xts(aes): 128 KiB + 1 refused" "$cli" enc -a "xts(aes)" -K "$K" --iv "$IV" \
	-i "$d/big" -o "$d/bad"
check_eq "xts(aes): no output file after the refusal" no "$([ -e "$d/bad" ] && echo yes || echo no)"

# gcm: round trips, kcapi-enc on the kernel's generic gcm both ways, corrupted tag.
ggen="gcm_base(ctr($HWC_AES_GENERIC),$HWC_GHASH_GENERIC)"
bad_rt='' bad_k2h='' bad_h2k=''
# kcapi-enc takes an AEAD message in one piece of at most 16 pages: stay below 64 KiB.
for s in 0 17 $((r16 % 60000 + 1)); do
	[ -f "$d/p$s" ] || head -c "$s" /dev/urandom >"$d/p$s"
	head -c 16 /dev/urandom >"$d/key"
	rnd IV 12
	rnd A $((s % 40 + 1))
	alen=$((s % 40 + 1))
	"$cli" enc -v -a "gcm(aes)" --keyfile "$d/key" --iv "$IV" --aad "$A" -i "$d/p$s" -o "$d/h" 2>"$d/err" &&
		[ "$(wc -c <"$d/h")" = $((s + 16)) ] || bad_rt="$bad_rt $s"
	"$cli" dec -a "gcm(aes)" --keyfile "$d/key" --iv "$IV" --aad "$A" -i "$d/h" | cmp -s - "$d/p$s" ||
		bad_rt="$bad_rt $s"
	[ "$s" = 0 ] && continue	# kcapi-enc maps its input file: not for empty files
	# hwcrypt -> kcapi-enc: ciphertext and --tag HEX apart; it writes AAD || plaintext.
	head -c "$s" "$d/h" >"$d/ct"
	T=$(tail -c 16 "$d/h" | od -An -tx1 -v | tr -d ' \n')
	kcapi-enc -q -d -c "$ggen" --iv "$IV" --aad "$A" --tag "$T" -i "$d/ct" -o "$d/k" 3<"$d/key" \
		--keyfd 3 && tail -c +$((alen + 1)) "$d/k" | cmp -s - "$d/p$s" || bad_h2k="$bad_h2k $s"
	# kcapi-enc -> hwcrypt: its AAD || ciphertext || tag, the leading AAD dropped.
	rm -f "$d/k"
	kcapi-enc -q -e -c "$ggen" --iv "$IV" --aad "$A" --taglen 16 -i "$d/p$s" -o "$d/k" \
		--keyfd 3 3<"$d/key" && tail -c +$((alen + 1)) "$d/k" >"$d/kt" && cmp -s "$d/kt" "$d/h" ||
		bad_k2h="$bad_k2h $s"
	"$cli" dec -a "gcm(aes)" --keyfile "$d/key" --iv "$IV" --aad "$A" -i "$d/kt" | cmp -s - "$d/p$s" ||
		bad_k2h="$bad_k2h $s"
done
ours "enc -a gcm(aes)"
check_eq "gcm(aes): enc writes ciphertext || tag, dec restores at every size (else: the failing sizes)" "" "$bad_rt"
check_eq "gcm(aes): kcapi-enc ($ggen) decrypts hwcrypt's output at every size (else: the failing sizes)" "" "$bad_h2k"
check_eq "gcm(aes): hwcrypt output == kcapi-enc's after its AAD, and decrypts it at every size (else: the failing sizes)" \
	"" "$bad_k2h"

s=${sizes##* }
rnd K 32
rnd IV 12
"$cli" enc -a "gcm(aes)" -K "$K" --iv "$IV" --aad 0102 -i "$d/p$s" -o "$d/h"
cp "$d/h" "$d/hbad"
flip_byte "$d/hbad" $((s + 15))
rm -f "$d/bad"
"$cli" dec -a "gcm(aes)" -K "$K" --iv "$IV" --aad 0102 -i "$d/hbad" -o "$d/bad" 2>"$d/err"
rc=$?
check_eq "gcm(aes): corrupted tag: exit 1, no output file ($(cat "$d/err"))" "1 no" \
	"$rc $([ -e "$d/bad" ] && echo yes || echo no)"
out=$("$cli" dec -a "gcm(aes)" -K "$K" --iv "$IV" --aad 0102 <"$d/hbad" 2>/dev/null | wc -c)
check_eq "gcm(aes): corrupted tag to stdout: nothing written" 0 "$out"
"$cli" enc -a "gcm(aes)" -K "$K" --iv "$IV" -i "$d/p0" -o "$d/t0"
flip_byte "$d/t0" 3
check_fails "gcm(aes): empty message, no AAD, corrupted tag refused" "$cli" dec -a "gcm(aes)" \
	-K "$K" --iv "$IV" -i "$d/t0" -o "$d/bad"
check_fails "gcm(aes): wrong AAD refused" "$cli" dec -a "gcm(aes)" -K "$K" --iv "$IV" --aad 0103 \
	-i "$d/h" -o "$d/bad"
head -c "$s" "$d/h" >"$d/ct"
T=$(tail -c 16 "$d/h" | od -An -tx1 -v | tr -d ' \n')
check_eq "gcm(aes): dec with the tag apart (--tag HEX, as kcapi-enc)" "$(cksum <"$d/p$s")" \
	"$("$cli" dec -a "gcm(aes)" -d gcm-aes-hwcrypt-aesni -K "$K" --iv "$IV" --aad 0102 --tag "$T" -i "$d/ct" | cksum)"
"$cli" enc -a "gcm(aes)" -K "$K" --iv "$IV" --taglen 12 --tagfile "$d/tag" -i "$d/p17" -o "$d/ct"
check_eq "gcm(aes): --taglen 12 --tagfile: 17 + 12 bytes, decrypts" "17 12 $(cksum <"$d/p17")" \
	"$(wc -c <"$d/ct") $(wc -c <"$d/tag") $("$cli" dec -a "gcm(aes)" -K "$K" --iv "$IV" --tagfile "$d/tag" -i "$d/ct" | cksum)"

# Usage errors are clear and exit 2; key sizes the kernel refuses exit 1.
k16=000102030405060708090a0b0c0d0e0f
iv12=000102030405060708090a0b
"$cli" enc -a "ctr(aes)" -K "${k16}10" --iv "$k16" -i "$d/p1" >/dev/null 2>"$d/err"
rc=$?
check_eq "ctr(aes): 17-byte key: exit 1 ($(cat "$d/err"))" 1 "$rc"
"$cli" enc -a "ctr(aes)" -K "$k16" --iv "$iv12" -i "$d/p1" >/dev/null 2>"$d/err"
rc=$?
check_eq "ctr(aes): 12-byte IV: exit 2 ($(cat "$d/err"))" 2 "$rc"
"$cli" enc -a "gcm(aes)" -K "$k16" --iv "$iv12" --taglen 5 -i "$d/p1" >/dev/null 2>"$d/err"
rc=$?
check_eq "gcm(aes): 5-byte tag: exit 1 ($(cat "$d/err"))" 1 "$rc"
check_fails "-d of another algorithm refused" "$cli" enc -a "ctr(aes)" -d cbc-aes-hwcrypt-aesni \
	-K "$k16" --iv "$k16" -i "$d/p1" -o /dev/null
check_cmd "help enc" "$cli" help enc

rm -rf "$d"
check_cmd "rmmod" hwc_rmmod

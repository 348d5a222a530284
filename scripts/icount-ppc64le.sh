#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Dynamic instructions per byte of hwcrypt's POWER8 cores (hash and AES) and of OpenSSL's ppc64el
# libcrypto on the same messages, and per RSA private operation of each hwcrypt Montgomery tier
# the CPU model has and of OpenSSL, counted under qemu-ppc64le-static (Debian's QEMU has no TCG
# plugins).
#
# Usage: scripts/icount-ppc64le.sh [--cpu power8] [--len 8192] [ALG...]
#        (default sha256 sha512 aes-128-ctr aes-128-gcm; also aes-128-xts aes-128-ecb aes-128-cbc-dec;
#        rsa2048 rsa4096: the RSA table, on each --rsa-cpu model, power8,power9 by default)
# Method: QEMU logs every translated block's instructions (-d in_asm) and, with chaining off
# (nochain), every execution of a block (-d exec); the sum over executions of each block's length
# is the dynamic count. Each workload runs twice, with 1 and 1+N digests of one message through
# the same API a request uses (hwc_md_init+finup / EVP init+update+final on one context), and
# the difference over N*LEN bytes is reported: process start-up and library init cancel out.
# AES: one key set up front, then per message a fresh IV and the calls a request makes (GCM with
# 16 bytes of AAD and the tag) against EVP init-with-IV + update + final (selftests/bench/icount.c).
# RSA: 1 and 1+2 CRT private ops (blinded, with hwcrypt's check by e) on selftests/keys/rsaBITS.pem
# through hwc_rsa_private() per tier, against EVP_PKEY_decrypt without padding on the same key.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cpu=power8 len=8192 n=10 rsacpus=power8,power9 rsacpu=
algs=()
rsa=()
while [ $# -gt 0 ]; do
	case "$1" in
	--cpu) cpu=$2; shift 2 ;;
	--len) len=$2; shift 2 ;;
	--rsa-cpu) rsacpus=$2; shift 2 ;;
	rsa[0-9]*) rsa+=("${1#rsa}"); shift ;;
	-h|--help) sed -n '3,14p' "$0"; exit 0 ;;
	*) algs+=("$1"); shift ;;
	esac
done
[ "${#algs[@]}" -gt 0 ] || [ "${#rsa[@]}" -gt 0 ] || { algs=(sha256 sha512 aes-128-ctr aes-128-gcm); rsa=(2048 4096); }
root=$("$top/scripts/fetch-ppc64el.sh" --print-root)/user
[ -e "$root/usr/include/openssl/evp.h" ] || "$top/scripts/fetch-ppc64el.sh" >/dev/null
make -s -C "$top/selftests" TARGET=ppc64le build/ppc64le/icount >&2
prog=$top/selftests/build/ppc64le/icount

# Dynamic instruction count of one run (the log streams through awk, never to disk).
count() {
	local c=$cpu
	[ "$1" = rsa-private ] && c=$rsacpu
	(cd "$top/selftests" && setarch -R qemu-ppc64le-static -cpu "$c" -L "$root" -d in_asm,exec,nochain -D /dev/stdout \
		"$prog" "$@" 2>/dev/null | awk '
		/^IN:/ { inblk = 1; pc = ""; k = 0; next }
		inblk && /^0x[0-9a-f]+:/ { if (pc == "") pc = substr($1, 1, length($1) - 1); k++; next }
		inblk && !/^0x/ { if (pc != "") len[pc] = k; inblk = 0 }
		/^Trace / {
			split($0, f, "/")
			p = f[2]; sub(/^0+/, "", p)
			total += len["0x" p]
		}
		END { printf "%.0f\n", total }')
}

[ "${#algs[@]}" -eq 0 ] || printf 'alg\tbytes\tcpu\thwcrypt_impl\thwcrypt_insn_per_byte\topenssl_insn_per_byte\tratio\n'
for alg in "${algs[@]}"; do
	declare -A ipb=()
	for side in p8 openssl; do
		a=$(count "$alg" "$side" "$len" 1)
		b=$(count "$alg" "$side" "$len" $((n + 1)))
		ipb[$side]=$(awk -v a="$a" -v b="$b" -v n="$n" -v l="$len" 'BEGIN { printf "%.2f", (b - a) / (n * l) }')
	done
	ratio=$(awk -v h="${ipb[p8]}" -v o="${ipb[openssl]}" 'BEGIN { printf "%.3f", h / o }')
	printf '%s\t%s\t%s\tp8\t%s\t%s\t%s\n' "$alg" "$len" "$cpu" "${ipb[p8]}" "${ipb[openssl]}" "$ratio"
	unset ipb
done

[ "${#rsa[@]}" -gt 0 ] || exit 0
[ "${#algs[@]}" -eq 0 ] || echo
printf 'op\tbits\tcpu\timpl\tinsn_per_op\topenssl_insn_per_op\tratio\n'
for rsacpu in ${rsacpus//,/ }; do
	# The tiers the RSA CPU model runs: hwc_bn_impls[] filtered by its features.
	mapfile -t tiers < <(qemu-ppc64le-static -cpu "$rsacpu" -L "$root" "$prog" --rsa-tiers)
	for bits in "${rsa[@]}"; do
		declare -A ipo=()
		for side in openssl "${tiers[@]}"; do
			a=$(count rsa-private "$side" "$bits" 1)
			b=$(count rsa-private "$side" "$bits" 3)
			ipo[$side]=$(( (b - a) / 2 ))
		done
		for side in "${tiers[@]}"; do
			ratio=$(awk -v h="${ipo[$side]}" -v o="${ipo[openssl]}" 'BEGIN { printf "%.3f", h / o }')
			printf 'rsa-private\t%s\t%s\t%s\t%s\t%s\t%s\n' "$bits" "$rsacpu" "$side" \
				"${ipo[$side]}" "${ipo[openssl]}" "$ratio"
		done
		unset ipo
	done
done

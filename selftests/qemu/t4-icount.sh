#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Dynamic instructions per byte of hwcrypt's T4 hash cores (kmod/sparc/sha_t4.c) and of the
# in-tree Linux T4 code they displace (arch/sparc/crypto/sha{1,256,512}_asm.S of linux-source-6.1,
# assembled by selftests/qemu/t4-validate.sh), on the same aligned messages of 1, 8 and 16 KiB,
# under the patched qemu-sparc64 -cpu TI-UltraSparc-IIi,+crypto. Method of scripts/icount-ppc64le.sh:
# QEMU logs each translated block's instructions (-d in_asm) and, unchained, each execution
# (-d exec); runs with 1 and 1+N compressions, the difference over N*LEN bytes.
# What it cannot show: a T4's cycles. Each hash opcode counts as one instruction here but takes
# tens of cycles there, so equal counts mean equal overhead around the opcodes, not equal speed.
#
# AES: ecb, cbc (both directions) and ctr of each key size, per request as the glues call them
# (hwcrypt's core; Linux's load_*_keys then its bulk routine). xts-enc and gcm-enc have no in-tree
# T4 peer: their linux column is ecb-aes-sparc64 and ctr-aes-sparc64, what the xts and gcm templates
# run underneath, a lower bound of the templates' cost (their tweak and GHASH passes in C come on
# top, and cannot run here: they are kernel C).
#
# RSA (--rsa): dynamic instructions per private operation (CRT, blinded, checked by e, as
# hwc_rsa_private() runs it) of each Montgomery tier the CPU model has, on selftests/keys/
# rsa2048.pem and rsa4096.pem, 1 and 1+2 operations; every result compared with OpenSSL's on
# the host (t4_mont_oracle --key). The ratio is to the portable tier under the same emulator: no
# figure of real T4 hardware can be had here (each MONTMUL/MONTSQR counts as one instruction,
# and what one costs a T4 in cycles is not modelled).
#
# Usage: selftests/qemu/t4-icount.sh [--sha|--rsa]    (tab-separated table on stdout; --sha:
#        hashes only; --rsa: the RSA table only)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/selftests/qemu
out=$top/build/qemu-t4
qemu=$("$top/scripts/build-qemu-t4.sh" --check --user 2>/dev/null)/bin/qemu-sparc64 ||
	qemu=${QEMU_T4:?scripts/build-qemu-t4.sh has no complete build: set QEMU_T4}/bin/qemu-sparc64
n=8
cc=sparc64-linux-gnu-gcc
k=$top/kmod
mkdir -p "$out"
if [ "${1:-}" != --rsa ] && ! { [ -f "$out/sha256_asm.o" ] && [ -f "$out/aes_asm.o" ]; }; then
	"$here/t4-validate.sh" >&2
fi
# The core as the kernel compiles it: v9a, no PIE (a leaf function without a register window).
[ "${1:-}" = --rsa ] || for f in sparc/sha_t4 sparc/aes_t4 generic/aes generic/aes_modes generic/util; do
	"$cc" -O2 -Wall -Wextra -Werror -ffreestanding -fno-strict-aliasing -mcpu=ultrasparc -fno-PIE -I"$k" \
		-I"$k/sparc" -c "$k/$f.c" -o "$out/icount_${f##*/}.o"
done
[ "${1:-}" = --rsa ] ||
	"$cc" -static -O2 -Wall -Wextra -Werror -Wa,--undeclared-regs -I"$k" -I"$k/sparc" "$here/t4_icount.c" \
	"$out"/icount_{sha_t4,aes_t4,aes,aes_modes,util}.o "$out"/sha{1,256,512}_asm.o "$out/aes_asm.o" -o "$out/t4_icount"

# count PROGRAM ARGS...: the run's dynamic instructions.
count() {
	"$qemu" -cpu TI-UltraSparc-IIi,+crypto -d in_asm,exec,nochain -D /dev/stdout \
		"$@" 2>/dev/null | awk '
		/^IN:/ { inblk = 1; pc = ""; k = 0; next }
		inblk && /^0x[0-9a-f]+:/ {
			if (pc == "") { pc = substr($1, 3, length($1) - 3); sub(/^0+/, "", pc) }
			k++; next
		}
		inblk && !/^0x/ { if (pc != "") len[pc] = k; inblk = 0 }
		# sparc64: "Trace 0: host [npc/pc/flags/cflags] symbol"; pc with leading zeros
		/^Trace / {
			split($0, f, "/")
			p = f[2]; sub(/^0+/, "", p)
			total += len[p]
		}
		END { printf "%.0f\n", total }'
}

if [ "${1:-}" = --rsa ]; then
	objs=()
	for f in generic/rsa generic/bignum generic/bn_inv generic/util sparc/bn_impls sparc/bignum_t4; do
		"$cc" -O2 -Wall -Wextra -Werror -ffreestanding -fno-strict-aliasing -mcpu=ultrasparc -fno-PIE \
			-I"$k" -I"$k/sparc" -c "$k/$f.c" -o "$out/icount_${f##*/}.o"
		objs+=("$out/icount_${f##*/}.o")
	done
	"$cc" -static -O2 -Wall -Wextra -Werror -I"$k" -I"$k/sparc" -I"$top/selftests/host" \
		"$here/t4_rsa_icount.c" "$k/sparc/host_cpu.c" "$top/selftests/host/cpu.c" \
		"$top/selftests/host/testutil.c" "${objs[@]}" -o "$out/t4_rsa_icount"
	gcc -O2 -Wall -Wextra -Werror "$here/t4_mont_oracle.c" -o "$out/t4_mont_oracle" -lcrypto
	mapfile -t tiers < <("$qemu" -cpu TI-UltraSparc-IIi,+crypto "$out/t4_rsa_icount" --rsa-tiers)
	printf 'op\tbits\timpl\tinsn_per_op\tratio_to_generic\n'
	for bits in 2048 4096; do
		"$out/t4_mont_oracle" --key "$top/selftests/keys/rsa$bits.pem" "$bits" >"$out/rsa$bits.key"
		declare -A ipo=()
		for t in "${tiers[@]}"; do
			# each run checks its results against OpenSSL's (a wrong one fails the run)
			"$qemu" -cpu TI-UltraSparc-IIi,+crypto "$out/t4_rsa_icount" "$t" "$out/rsa$bits.key" 1 >&2
			a=$(count "$out/t4_rsa_icount" "$t" "$out/rsa$bits.key" 1)
			b=$(count "$out/t4_rsa_icount" "$t" "$out/rsa$bits.key" 3)
			ipo[$t]=$(((b - a) / 2))
		done
		for t in "${tiers[@]}"; do
			printf 'rsa-private\t%s\t%s\t%s\t%s\n' "$bits" "$t" "${ipo[$t]}" \
				"$(awk -v h="${ipo[$t]}" -v g="${ipo[generic]}" 'BEGIN { printf "%.3f", h / g }')"
		done
		unset ipo
	done
	exit 0
fi

printf 'alg\tbytes\thwcrypt_t4_insn_per_byte\tlinux_t4_insn_per_byte\tratio\n'
algs=(sha1 sha256 sha512)
[ "${1:-}" = --sha ] || for b in 128 192 256; do
	for m in ecb-enc ecb-dec cbc-enc cbc-dec ctr xts-enc gcm-enc; do algs+=("aes$b:$m"); done
done
for alg in "${algs[@]}"; do
	for len in 1024 8192 16384; do
		declare -A ipb=()
		for side in hwcrypt linux; do
			# shellcheck disable=SC2086 # ALG:MODE becomes two arguments
			a=$(count "$out/t4_icount" "$side" ${alg/:/ } "$len" 1)
			# shellcheck disable=SC2086 # ALG:MODE becomes two arguments
			b=$(count "$out/t4_icount" "$side" ${alg/:/ } "$len" $((n + 1)))
			ipb[$side]=$(awk -v a="$a" -v b="$b" -v n="$n" -v l="$len" 'BEGIN { printf "%.4f", (b - a) / (n * l) }')
		done
		printf '%s\t%s\t%s\t%s\t%s\n' "$alg" "$len" "${ipb[hwcrypt]}" "${ipb[linux]}" \
			"$(awk -v h="${ipb[hwcrypt]}" -v o="${ipb[linux]}" 'BEGIN { printf "%.3f", h / o }')"
		unset ipb
	done
done

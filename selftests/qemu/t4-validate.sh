#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Validates the T4 QEMU patch (scripts/build-qemu-t4.sh) against OpenSSL and against Linux's own
# T4 code, which ran on real T4 hardware: arch/sparc/crypto/sha{1,256,512}_asm.S and aes_asm.S
# from Debian's linux-source-6.1, assembled here at test time (never committed) into
# t4_hash_check and t4_aes_check, run under the patched qemu-sparc64 with the `crypto` CPU
# property. Three runs, all must go as expected:
#   patched qemu, +crypto      every OpenSSL digest and ciphertext matches              -> pass
#   patched qemu, no +crypto   HWCAP_SPARC_CRYPTO clear                                -> pass
#   sabotaged qemu (one rotation of SHA-256 and the last AES decryption round broken), +crypto
#                              SHA-256 and AES decryption mismatches, nothing else     -> must fail
#
# Usage: selftests/qemu/t4-validate.sh
#   QEMU_T4=<dir>  use this install dir (bin/, sabotage/) instead of scripts/build-qemu-t4.sh's
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/selftests/qemu
out=$top/build/qemu-t4
cache=${HWC_CACHE:-/var/cache/hwcrypt}
cpu=TI-UltraSparc-IIi
mkdir -p "$out"

qdir=${QEMU_T4:-$("$top/scripts/build-qemu-t4.sh" --user)}
qemu=$qdir/bin/qemu-sparc64
bad_qemu=$qdir/sabotage/qemu-sparc64
[ -x "$qemu" ] || { echo "t4-validate: $qemu missing" >&2; exit 1; }

# Linux's T4 hash code from the Debian source package: the unpacked tree that
# build-sparc64-kernel.sh keeps, else just arch/sparc/crypto from the tarball.
ver=$(dpkg-query -W -f '${Version}' linux-source-6.1)
ksrc=$cache/linux-source-6.1-$ver
if [ ! -f "$ksrc/.hwc-unpacked" ]; then
	ksrc=$out/linux-source-6.1
	if [ ! -f "$ksrc/arch/sparc/crypto/sha256_asm.S" ]; then
		mkdir -p "$ksrc"
		tar xf /usr/src/linux-source-6.1.tar.xz -C "$ksrc" --strip-components=1 \
			linux-source-6.1/arch/sparc/crypto
	fi
fi
crypto=$ksrc/arch/sparc/crypto

# The kernel files include two kernel headers; in user space their macros reduce to symbol
# definitions and to no FPU state handling (the process owns its FP registers).
stub=$out/stub
mkdir -p "$stub/linux" "$stub/asm"
cat >"$stub/linux/linkage.h" <<'EOF'
#define ENTRY(name) .text; .align 32; .globl name; .type name, #function; name:
#define ENDPROC(name) .size name, . - name
EOF
cat >"$stub/asm/visasm.h" <<'EOF'
#define VISEntryHalf
#define VISExitHalf nop
#define VISEntry
#define VISExit nop
EOF
cc=sparc64-linux-gnu-gcc
objs=()
for a in sha1 sha256 sha512; do
	"$cc" -c -Wa,-Av9v -Wa,--noexecstack -I"$stub" -I"$crypto" "$crypto/${a}_asm.S" -o "$out/${a}_asm.o"
	objs+=("$out/${a}_asm.o")
done
"$cc" -static -O2 -Wall -Wextra "$here/t4_hash_check.c" "${objs[@]}" -o "$out/t4_hash_check"
# aes_asm.S uses %g2, %g3 and %g7 as scratch, as the kernel's own build allows
# (-Wa,--undeclared-regs); t4_aes_wrap.S keeps them for the process.
"$cc" -c -Wa,-Av9v -Wa,--noexecstack -Wa,--undeclared-regs -I"$stub" -I"$crypto" "$crypto/aes_asm.S" \
	-o "$out/aes_asm.o"
"$cc" -static -O2 -Wall -Wextra -Wa,--undeclared-regs "$here/t4_aes_check.c" "$here/t4_aes_wrap.S" "$out/aes_asm.o" \
	-o "$out/t4_aes_check"

# Vectors: every length 0..300 (all padding cases of both block sizes) and random lengths to
# 4 KiB, random contents; digests by OpenSSL on the host.
vec=$out/vectors.txt
msgs=$out/msgs
rm -rf "$msgs"
mkdir -p "$msgs"
mapfile -t lens < <(seq 0 300)
for _ in $(seq 1 24); do lens+=($((RANDOM % 4097))); done
i=0
for l in "${lens[@]}"; do
	head -c "$l" /dev/urandom >"$msgs/$i"
	i=$((i + 1))
done
: >"$vec"
for a in sha1 sha256 sha512; do
	# shellcheck disable=SC2046,SC2012 # the files are named 0, 1, 2 ...
	(cd "$msgs" && openssl dgst "-$a" -r $(ls | sort -n)) | sed "s|^|$a |; s|\*|*$msgs/|" >>"$vec"
done

# AES vectors: each key size and mode (ecb, cbc, ctr) at 1, 2, 3 blocks (the kernel's
# single-block tails and two-block loops) and random multiples of 16 to 4 KiB; random keys,
# IVs and plaintexts; ciphertexts by OpenSSL on the host.
avec=$out/aes-vectors.txt
: >"$avec"
j=0
for bits in 128 192 256; do
	for mode in ecb cbc ctr; do
		for blocks in 1 2 3 $((RANDOM % 256 + 1)) $((RANDOM % 256 + 1)) 256; do
			key=$(head -c $((bits / 8)) /dev/urandom | od -An -tx1 -v | tr -d ' \n')
			iv=$(head -c 16 /dev/urandom | od -An -tx1 -v | tr -d ' \n')
			head -c $((blocks * 16)) /dev/urandom >"$msgs/aes$j.pt"
			ivarg=(-iv "$iv")
			[ "$mode" = ecb ] && ivarg=()
			openssl enc "-aes-$bits-$mode" -nopad -K "$key" "${ivarg[@]}" \
				-in "$msgs/aes$j.pt" -out "$msgs/aes$j.ct"
			echo "aes-$bits-$mode $key $iv *$msgs/aes$j.pt *$msgs/aes$j.ct" >>"$avec"
			j=$((j + 1))
		done
	done
done

fail=0
echo "t4-validate: patched qemu ($qemu), -cpu $cpu,+crypto:"
if ! "$qemu" -cpu "$cpu,+crypto" "$out/t4_hash_check" <"$vec"; then
	echo "t4-validate: FAIL: the patched emulator disagrees with OpenSSL or Linux's T4 hash code"
	fail=1
fi
if ! "$qemu" -cpu "$cpu,+crypto" "$out/t4_aes_check" <"$avec"; then
	echo "t4-validate: FAIL: the patched emulator disagrees with OpenSSL or Linux's T4 AES code"
	fail=1
fi
echo "t4-validate: patched qemu, -cpu $cpu (no crypto):"
if ! "$qemu" -cpu "$cpu" "$out/t4_hash_check" --no-crypto; then
	echo "t4-validate: FAIL: HWCAP_SPARC_CRYPTO set without the crypto property"
	fail=1
fi
if [ -x "$bad_qemu" ]; then
	echo "t4-validate: sabotaged qemu ($bad_qemu), -cpu $cpu,+crypto (must fail):"
	# It must fail by digest mismatches of the sabotaged SHA-256, not for any other reason.
	if "$bad_qemu" -cpu "$cpu,+crypto" "$out/t4_hash_check" <"$vec" >"$out/sabotage.log" 2>&1; then
		cat "$out/sabotage.log"
		echo "t4-validate: FAIL: the sabotaged emulator passed: the validation cannot see a broken helper"
		fail=1
	elif grep -q 'sha256 op mismatch' "$out/sabotage.log" && grep -q 'sha256 kernel mismatch' "$out/sabotage.log"; then
		grep -v ' mismatch, len' "$out/sabotage.log"
		echo "t4-validate: sabotaged emulator failed on SHA-256 (opcode and kernel asm), as it must"
	else
		cat "$out/sabotage.log"
		echo "t4-validate: FAIL: the sabotaged emulator failed, but not by SHA-256 mismatches"
		fail=1
	fi
	# The broken last decryption round must show in every decryption and in no encryption.
	if "$bad_qemu" -cpu "$cpu,+crypto" "$out/t4_aes_check" <"$avec" >"$out/sabotage-aes.log" 2>&1; then
		cat "$out/sabotage-aes.log"
		echo "t4-validate: FAIL: the sabotaged emulator passed AES: the validation cannot see a broken round"
		fail=1
	elif grep -Eq '\(0 encryption, [1-9][0-9]* decryption\)' "$out/sabotage-aes.log"; then
		grep -v ' mismatch, len' "$out/sabotage-aes.log"
		echo "t4-validate: sabotaged emulator failed on AES decryption only, as it must"
	else
		cat "$out/sabotage-aes.log"
		echo "t4-validate: FAIL: the sabotaged emulator failed AES, but not by decryption mismatches alone"
		fail=1
	fi
else
	echo "t4-validate: FAIL: no sabotaged emulator at $bad_qemu"
	fail=1
fi
[ "$fail" = 0 ] && echo "t4-validate: PASS"
exit "$fail"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of hwcrypt's SPARC hash, AES and Montgomery cores (kmod/sparc, kmod/generic: the module's own sources)
# under the patched qemu-sparc64 (scripts/build-qemu-t4.sh), against OpenSSL on the x86 host
# (Debian has no sparc64 libcrypto): t4_core_check reads OpenSSL's digests of message files.
# Messages: every length 0-300, random lengths to 4 KiB and to 1 MiB, the FIPS 180-4 examples
# ("abc", the 448- and 896-bit messages, a million 'a'); sha1, sha224, sha256, sha384, sha512.
# Runs, all must go as expected:
#   -cpu TI-UltraSparc-IIi,+crypto                   t4 and portable tiers    -> pass
#   the same with --features none                    portable tiers only      -> pass
#   -cpu TI-UltraSparc-IIi (no crypto)               portable tiers only      -> pass
#   sabotaged qemu (SHA-256 rotation broken), +crypto                         -> must fail
# Montgomery (t4_mont_check, vectors from t4_mont_oracle: OpenSSL BN on the host): MPMUL,
# MONTMUL, MONTSQR bare and the rsa t4 tier's exponentiation on 1-32 words, their aborts after
# FLUSHW, and under the emulator's injected aborts (QEMU_T4_MP_ABORT: every 3rd opcode, the
# tier retrying; every opcode, the tier falling back to portable code, results unchanged);
# +crypto must pass, no crypto runs the portable exponentiation only, the sabotaged
# qemu (no final subtraction in MONTMUL/MONTSQR) must fail on exactly those two. And the
# tier's object: branches on public values only (selftests/arch/sparc64/ct_branches.sh), with
# a planted secret-dependent branch that must fail it.
#
# Usage: selftests/qemu/t4-host-test.sh
#   QEMU_T4=<dir>  use this install dir (bin/, sabotage/) instead of scripts/build-qemu-t4.sh's
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/selftests/qemu
out=$top/build/qemu-t4-host
cpu=TI-UltraSparc-IIi
mkdir -p "$out/obj"
fail=0

qdir=${QEMU_T4:-$("$top/scripts/build-qemu-t4.sh" --user)}
qemu=$qdir/bin/qemu-sparc64
bad_qemu=$qdir/sabotage/qemu-sparc64
[ -x "$qemu" ] || { echo "t4-host-test: $qemu missing" >&2; exit 1; }

# The cores get the host tests' core flags (selftests/Makefile), the rest ordinary ones;
cc=sparc64-linux-gnu-gcc
k=$top/kmod
# -mcpu=ultrasparc -fno-PIE as the kernel builds them (v9a: VIS1, for faligndata).
core_flags=(-O2 -g -Wall -Wextra -Werror -ffreestanding -fno-strict-aliasing -mcpu=ultrasparc -fno-PIE -I"$k" -I"$k/sparc")
host_flags=(-O2 -g -Wall -Wextra -Werror -I"$k" -I"$k/sparc" -I"$top/selftests/host")
# The host programs' own helpers, compiled once; cores_plus_helpers LIST CORE...: LIST gets the
# objects of the kmod/ cores named (compiled with the core flags) and of those helpers.
objs=() aobjs=() bobjs=() helpers=()
for f in "$k/sparc/host_cpu.c" "$top/selftests/host/cpu.c" "$top/selftests/host/testutil.c"; do
	o=$out/obj/$(basename "$f" .c).o
	"$cc" "${host_flags[@]}" -c "$f" -o "$o"
	helpers+=("$o")
done
cores_plus_helpers() {
	local -n list=$1
	local f o
	shift
	list=()
	for f in "$@"; do
		o=$out/obj/${f//\//_}.o
		"$cc" "${core_flags[@]}" -c "$k/$f.c" -o "$o"
		list+=("$o")
	done
	list+=("${helpers[@]}")
}
cores_plus_helpers objs generic/md generic/hash_info generic/util generic/sha1 generic/sha256 \
	generic/sha512 sparc/hash_impls sparc/sha_t4
"$cc" "${host_flags[@]}" -c "$here/t4_core_check.c" -o "$out/obj/t4_core_check.o"
objs+=("$out/obj/t4_core_check.o")
"$cc" -static -o "$out/t4_core_check" "${objs[@]}"

# test_aes (selftests/host/test_aes.c, the host tests' AES suite) for sparc64, its OpenSSL
# oracle answered by aes_oracle on the host over two pipes (fds 3 and 4).
cores_plus_helpers aobjs generic/aes generic/aes_modes generic/util sparc/aes_impls sparc/aes_t4
"$cc" "${host_flags[@]}" -DHWC_AES_ORACLE_PIPE -c "$top/selftests/host/test_aes.c" -o "$out/obj/test_aes.o"
"$cc" -static -o "$out/test_aes" "$out/obj/test_aes.o" "${aobjs[@]}"
gcc -O2 -Wall -Wextra -Werror "$top/selftests/host/aes_oracle.c" -o "$out/aes_oracle" -lcrypto

# The multiple-precision opcodes and the T4 RSA tier (t4_mont_check) against OpenSSL BN's
# answers, which t4_mont_oracle computes on the host.
cores_plus_helpers bobjs generic/bignum generic/bn_inv generic/util sparc/bn_impls sparc/bignum_t4
"$cc" "${host_flags[@]}" -c "$here/t4_mont_check.c" -o "$out/obj/t4_mont_check.o"
"$cc" -static -o "$out/t4_mont_check" "$out/obj/t4_mont_check.o" "${bobjs[@]}"
gcc -O2 -Wall -Wextra -Werror "$here/t4_mont_oracle.c" -o "$out/t4_mont_oracle" -lcrypto
seed=$RANDOM
echo "t4-host-test: t4_mont_oracle seed $seed (vectors in $out/mont-vectors.txt)"
"$out/t4_mont_oracle" "$seed" >"$out/mont-vectors.txt"

# Constant time of the tier's own code, on the object (no valgrind for sparc64): its branches
# only on public sizes and the abort flag; the control plants a branch on the first limb of a
# at t4_montmul_once's entry, and the check must fail there and nowhere else.
ctb=$top/selftests/arch/sparc64/ct_branches.sh
"$ctb" "$out/obj/sparc_bignum_t4.o" || fail=1
"$cc" "${core_flags[@]}" -S -o "$out/obj/bignum_t4.s" "$k/sparc/bignum_t4.c"
awk '/^t4_montmul_once:$/ { f = 1; print; next }
     f { print "\tldx [%o0], %g1\n\tbrz %g1, .+8\n\t nop"; f = 0; n++ } { print }
     END { exit n != 1 }' "$out/obj/bignum_t4.s" >"$out/obj/bignum_t4.planted.s"
"$cc" "${core_flags[@]}" -c -o "$out/obj/bignum_t4.plant.o" "$out/obj/bignum_t4.planted.s"
if "$ctb" "$out/obj/bignum_t4.plant.o" >"$out/ct-plant.log" 2>&1 ||
	[ "$(grep -c . "$out/ct-plant.log")" != 1 ] ||
	! grep -q '^FAIL t4_montmul_once: 1 conditional' "$out/ct-plant.log"; then
	cat "$out/ct-plant.log"
	echo "t4-host-test: FAIL: the planted branch was not found (or something else failed)"
	fail=1
else
	echo "ok   control: $(cat "$out/ct-plant.log")"
fi

msgs=$out/msgs
rm -rf "$msgs"
mkdir -p "$msgs"
# The next message file (add runs in a pipeline's subshell: it counts the files).
add() {
	cat >"$msgs/$(find "$msgs" -type f | wc -l)"
}
for l in $(seq 0 300); do head -c "$l" /dev/urandom | add; done
for _ in $(seq 1 24); do head -c $((RANDOM % 4097)) /dev/urandom | add; done
for _ in 1 2 3; do head -c $(((RANDOM * 32768 + RANDOM) % 1048577)) /dev/urandom | add; done
head -c 1048576 /dev/urandom | add
printf abc | add
printf abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq | add
printf abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu | add
head -c 1000000 /dev/zero | tr '\0' a | add
vec=$out/vectors.txt
: >"$vec"
for a in sha1 sha224 sha256 sha384 sha512; do
	# shellcheck disable=SC2046,SC2012 # the files are named 0, 1, 2 ...
	(cd "$msgs" && openssl dgst "-$a" -r $(ls | sort -n)) | sed "s|^|$a |; s|\*|*$msgs/|" >>"$vec"
done

run() {
	local want=$1 what=$2
	shift 2
	echo "t4-host-test: $what:"
	if "$@" <"$vec" >"$out/run.log" 2>&1; then
		[ "$want" = pass ] && grep -v ': [0-9]* vectors$' "$out/run.log" && return 0
	else
		# The sabotage is in SHA-256's opcode: its mismatches, and no other's.
		if [ "$want" = fail ] && grep -Eq '^t4_core_check: sha(224|256)-t4 .* mismatch' "$out/run.log" &&
			! grep ' mismatch, len' "$out/run.log" | grep -Evq 'sha(224|256)-t4'; then
			grep -v ' mismatch, len\|: [0-9]* vectors$' "$out/run.log"
			echo "t4-host-test: failed on the sabotaged SHA-256 (sha224-t4, sha256-t4), as it must"
			return 0
		fi
	fi
	cat "$out/run.log"
	echo "t4-host-test: FAIL: $what: expected to $want"
	fail=1
}
run pass "-cpu $cpu,+crypto" "$qemu" -cpu "$cpu,+crypto" "$out/t4_core_check" --expect-tiers t4
run pass "-cpu $cpu,+crypto --features none" "$qemu" -cpu "$cpu,+crypto" "$out/t4_core_check" \
	--features none --expect-tiers none
run pass "-cpu $cpu (no crypto)" "$qemu" -cpu "$cpu" "$out/t4_core_check" --expect-tiers none
if [ -x "$bad_qemu" ]; then
	run fail "sabotaged qemu, -cpu $cpu,+crypto (must fail)" \
		"$bad_qemu" -cpu "$cpu,+crypto" "$out/t4_core_check" --expect-tiers t4
else
	echo "t4-host-test: FAIL: no sabotaged emulator at $bad_qemu"
	fail=1
fi

# Montgomery: the opcodes and the t4 tier on +crypto (and their aborts after FLUSHW), the
# portable tier's exponentiation alone without crypto.
run_mont() {
	local what=$1
	shift
	echo "t4-host-test: t4_mont_check, $what:"
	if "$@" <"$out/mont-vectors.txt" >"$out/mont.log" 2>&1; then
		cat "$out/mont.log"
		return 0
	fi
	cat "$out/mont.log"
	echo "t4-host-test: FAIL: t4_mont_check, $what"
	fail=1
}
run_mont "-cpu $cpu,+crypto" "$qemu" -cpu "$cpu,+crypto" "$out/t4_mont_check" --expect-t4
run_mont "-cpu $cpu (no crypto)" "$qemu" -cpu "$cpu" "$out/t4_mont_check" --expect-none
# The emulator's fault injection: every third opcode aborting (bare opcodes retried by the
# check, the tier retrying on its own), then every one (the tier's portable fallback).
run_mont "-cpu $cpu,+crypto, every 3rd opcode aborting" env QEMU_T4_MP_ABORT=3 "$qemu" \
	-cpu "$cpu,+crypto" "$out/t4_mont_check" --expect-t4 --retry
run_mont "-cpu $cpu,+crypto, every opcode aborting" env QEMU_T4_MP_ABORT=1 "$qemu" \
	-cpu "$cpu,+crypto" "$out/t4_mont_check" --expect-t4 --modexp-only
# The sabotaged MONTMUL/MONTSQR skip the final subtraction unless the sum overflowed R: their
# vectors must fail, MPMUL's and the abort checks must not. (The tier's exponentiation may pass:
# a result in [m, 2m) is a valid input of the next product, and the last conversion is portable.)
if [ -x "$bad_qemu" ]; then
	echo "t4-host-test: t4_mont_check, sabotaged qemu, -cpu $cpu,+crypto (must fail):"
	if ! "$bad_qemu" -cpu "$cpu,+crypto" "$out/t4_mont_check" --expect-t4 \
		<"$out/mont-vectors.txt" >"$out/mont.log" 2>&1 &&
		grep -Eq 'mismatches \(montmul [1-9][0-9]*, montsqr [1-9][0-9]*, mpmul 0,' "$out/mont.log" &&
		grep -q 'montmul after flushw: aborted (fcc3 unordered), A register kept' "$out/mont.log"; then
		grep -v ' mismatch (word' "$out/mont.log"
		echo "t4-host-test: failed on the sabotaged final subtraction (montmul, montsqr), as it must"
	else
		cat "$out/mont.log"
		echo "t4-host-test: FAIL: t4_mont_check on the sabotaged qemu: expected montmul/montsqr failures only"
		fail=1
	fi
fi

# AES: every tier the CPU model allows against OpenSSL (the portable core in quick mode: it is
# the slow part under emulation, and the x86 host tests run it in full).
run_aes() {
	local want=$1 what=$2 rc=0
	shift 2
	echo "t4-host-test: test_aes, $what:"
	rm -f "$out/req" "$out/resp"
	mkfifo "$out/req" "$out/resp"
	"$out/aes_oracle" <"$out/req" >"$out/resp" &
	"$@" 3>"$out/req" 4<"$out/resp" >"$out/aes.log" 2>&1 || rc=$?
	wait
	if [ "$want" = pass ] && [ "$rc" = 0 ]; then
		grep -E '^(skip|host|testing|seed)|passed|tests' "$out/aes.log" | tail -n 12
		return 0
	fi
	# The sabotage breaks the last decryption round: t4 decryptions fail, nothing else.
	# (Indented FAIL lines are single checks, the others their groups' summaries.)
	if [ "$want" = fail ] && [ "$rc" != 0 ] && grep -q '^ *FAIL t4 .* decrypt' "$out/aes.log" &&
		! grep '^ \+FAIL' "$out/aes.log" | grep -vq '^ *FAIL t4 .* decrypt'; then
		grep -E '^(ok|FAIL) ' "$out/aes.log"
		tail -n 1 "$out/aes.log"
		echo "t4-host-test: failed on t4 decryptions only (the sabotaged last round), as it must"
		return 0
	fi
	tail -n 40 "$out/aes.log"
	echo "t4-host-test: FAIL: test_aes, $what: expected to $want"
	fail=1
}
run_aes pass "-cpu $cpu,+crypto" "$qemu" -cpu "$cpu,+crypto" "$out/test_aes" --generic quick
run_aes pass "-cpu $cpu (no crypto)" "$qemu" -cpu "$cpu" "$out/test_aes" --generic quick
if [ -x "$bad_qemu" ]; then
	run_aes fail "sabotaged qemu, -cpu $cpu,+crypto (must fail)" \
		"$bad_qemu" -cpu "$cpu,+crypto" "$out/test_aes" --skip-generic --quick
fi
[ "$fail" = 0 ] && echo "t4-host-test: PASS"
exit "$fail"

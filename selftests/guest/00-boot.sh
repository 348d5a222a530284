#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Smoke test of the guest: right kernel, AF_ALG usable through libkcapi, module file loads and unloads.
. "$(dirname "$0")/lib.sh"

check_eq "kernel release" "${HWC_ABI:-$(uname -r)}" "$(uname -r)"

flags=
for f in ssse3 sse4_1 avx avx2 avx512f sha_ni bmi2 aes pclmulqdq vaes vpclmulqdq; do
	cpu_has "$f" && flags="$flags $f"
done
info "cpu flags of interest:${flags:- none}"

dir=$(scratch_dir)
# An odd length crosses block boundaries of every SHA variant.
head -c 1000003 /dev/urandom >"$dir/data"
for alg in sha1 sha256 sha512; do
	if ! command -v kcapi-dgst >/dev/null; then
		skip "AF_ALG $alg" "kcapi-dgst missing on the host (kcapi-tools)"
		continue
	fi
	want=$("${alg}sum" "$dir/data" | cut -d' ' -f1)
	got=$(kcapi-dgst -c "$alg" --hex <"$dir/data" 2>&1)
	check_eq "AF_ALG $alg of 1000003 bytes equals ${alg}sum" "$want" "$got"
done

sel=$(crypto_field "$(awk '$1 == "name" && $3 == "sha256" { getline; print $3; exit }' /proc/crypto)" selftest)
check_eq "/proc/crypto sha256 selftest" passed "$sel"

if [ -z "$HWC_MODULE" ] || [ ! -f "$HWC_MODULE" ]; then
	skip "insmod module" "no module file ${HWC_MODULE:-(HWC_MODULE unset)}"
else
	mod=$(hwc_modname)
	if out=$(hwc_insmod 2>&1); then
		pass "insmod $(basename "$HWC_MODULE")"
		if module_loaded; then
			pass "$mod in /sys/module"
		else
			fail "$mod in /sys/module" "not there after insmod"
		fi
		check_cmd "rmmod $mod" hwc_rmmod
	else
		fail "insmod $(basename "$HWC_MODULE")" "$out"
	fi
fi
rm -rf "$dir"

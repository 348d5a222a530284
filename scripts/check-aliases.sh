#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Checks each arch's crypto alias list (kmod/<arch>/hwc_aliases.h) against what the registry can
# register there: the glue's algorithm rows (glue_sha.c, glue_aes.c, glue_rsa.c) crossed with
# the arch's tier tables (<arch>/hash_impls.c, aes_impls.c, bn_impls.c), by the registry's class
# rules: hashes and AES never register a portable (features 0) tier, RSA registers its best
# tier, portable C included. The names come from the sources' table rows; a row shape this
# script does not know makes it fail rather than pass on a partial list.
# Usage: scripts/check-aliases.sh [ARCH_DIR...]   (default: every kmod/<arch>/ with a cores.mk)
set -euo pipefail
kmod=$(cd "$(dirname "${BASH_SOURCE[0]}")/../kmod" && pwd)
die() { echo "check-aliases: $*" >&2; exit 1; }

# Glue rows: "cra_name driver family" (family: the hash family for SHA, "aes", "rsa").
glue_rows() {
	sed -n 's/^[[:space:]]*HWC_SHA("\([^"]*\)", *\([a-z0-9]*\)).*/\1 \1 \2/p' "$kmod/glue_sha.c"
	sed -n 's/^[[:space:]]*HWC_\(SKCIPHER\|AEAD\)("\([^"]*\)", *"\([^"]*\)".*/\2 \3 aes/p' \
		"$kmod/glue_aes.c"
	sed -n 's/.*\.cra_name = "\([^"]*\)", *\.driver = "\([^"]*\)".*/\1 \2 rsa/p' \
		"$kmod/glue_rsa.c"
}

# Tier rows of one arch: "family impl" for every tier the registry may register.
tier_rows() {
	local d=$1
	# { "family", "impl", FEATURES, fn }: a hash tier; FEATURES 0 is portable, never registered.
	sed -n 's/^[[:space:]]*{ *"\([a-z0-9]*\)", *"\([a-z0-9-]*\)", *\([^,]*\),.*/\1 \2 \3/p' \
		"$d/hash_impls.c" | awk '$3 != "0" { print $1, $2 }'
	# .impl = "name" then .features = ...: an AES tier (none is portable); with a .modes list,
	# for those cra_names only ("aes:ecb(aes),cbc(aes)"), as glue_aes.c's hwc_aes_tier().
	awk 'function flush() { if (impl != "" && f != "0") print fam, impl; impl = "" }
	     /\.impl *=/ { flush(); match($0, /"[^"]*"/); impl = substr($0, RSTART + 1, RLENGTH - 2); fam = "aes" }
	     /\.features *=/ { f = $0; sub(/.*\.features *= */, "", f); sub(/,.*/, "", f) }
	     inm { m = m $0 }
	     /\.modes *=/ { m = $0; inm = 1 }
	     inm && /}/ { inm = 0; sub(/[^"]*"/, "", m); sub(/"[^"]*$/, "", m); gsub(/",[[:space:]]*"/, ",", m); fam = "aes:" m }
	     END { flush() }' "$d/aes_impls.c"
	# { "impl", FEATURES, ...: an RSA tier, portable included.
	sed -n 's/^[[:space:]]*{ *"\([a-z0-9-]*\)", *[^",]*,.*/rsa \1/p' "$d/bn_impls.c"
}

expected() {
	local d=$1 cra drv fam tfam impl
	while read -r cra drv fam; do
		while read -r tfam impl; do
			case $tfam in aes:*) [[ ",${tfam#aes:}," == *",$cra,"* ]] && tfam=aes ;; esac
			if [ "$tfam" = "$fam" ]; then
				echo "$cra"
				echo "$drv-hwcrypt-$impl"
			fi
		done < <(tier_rows "$d")
	done < <(glue_rows)
}

fams=$(glue_rows | awk '{ print $3 }' | sort -u | tr '\n' ' ')
case "$fams" in
aes\ rsa\ sha*) ;;
*) die "glue tables not understood (families found: ${fams:-none}; want AES, RSA and SHA rows)" ;;
esac

dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
	for mk in "$kmod"/*/cores.mk; do
		dirs+=("$(basename "$(dirname "$mk")")")
	done
fi
fail=0
for a in "${dirs[@]}"; do
	d=$kmod/$a
	[ -f "$d/hwc_aliases.h" ] || die "$a: no hwc_aliases.h"
	[ -n "$(sed -n '/^[[:space:]]*{ *"/p;/\.impl *=/p' "$d/bn_impls.c")" ] ||
		die "$a: bn_impls.c not understood"
	want=$(expected "$d" | sort -u)
	have=$(sed -n 's/^HWC_ALIAS("\([^"]*\)")$/\1/p' "$d/hwc_aliases.h" | sort)
	dup=$(uniq -d <<<"$have")
	[ -z "$dup" ] || { echo "check-aliases: $a: listed twice: $dup" >&2; fail=1; }
	if [ "$want" != "$(uniq <<<"$have")" ]; then
		echo "check-aliases: $a: kmod/$a/hwc_aliases.h differs from the tables (- missing, + extra):" >&2
		diff <(echo "$want") <(uniq <<<"$have") | sed -n 's/^</-/p;s/^>/+/p' >&2 || true
		fail=1
	else
		echo "check-aliases: $a: $(wc -l <<<"$want") names, as the tables register them"
	fi
done
exit "$fail"

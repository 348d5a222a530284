#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check: the static checks the kernel community runs, with zero findings or each exception
# justified where it is made.
# - checkpatch: the kernel's own scripts/checkpatch.pl (--no-tree) over kmod/, from the cached
#   linux-source-7.2 (scripts/fetch-linux-7.2.sh); SKIPPED when that is not cached;
# - sparse: the module's objects for 6.1 (scripts/kernels.sh --kdir 6.1), C=2;
# - ShellCheck: every shell script in scripts/ and selftests/, sourced files followed;
# - coccicheck: the kernel's own Coccinelle scripts (scripts/coccicheck, MODE=report) over
#   kmod/, from the cached linux-source-7.2; SKIPPED when that or spatch is missing. A clean
#   result is cached under $HWC_CACHE/coccicheck, keyed by the checked files, the scripts and
#   spatch's version (a full run takes about three minutes on two cores).
# Usage: scripts/check.sh [checkpatch|sparse|shellcheck|coccicheck]...   (default: all four)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
out=$repo/build/check
mkdir -p "$out"
failed=()

# The files a check reads: git's list where there is one (untracked work included), else a walk.
tree_files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -c -o --exclude-standard -- "$@"
	else
		find "$@" -type f | sort
	fi
}

# Types checkpatch reports that this tree breaks on purpose, one reason each. Everything else
# checkpatch reports is fixed in the code.
checkpatch_ignore=(
	# The cores are freestanding (kmod/hwc_core.h): built into the host tests too, without kernel
	# headers, so there is no __aligned(), __always_inline, ARRAY_SIZE() or u32 to use, and
	# vector types (__m128i, __vector) only come as typedefs.
	PREFER_DEFINED_ATTRIBUTE_MACRO ARRAY_SIZE NEW_TYPEDEFS
	# Templates: a macro stamps out whole functions, asm text or table rows (x86/aes_modes.h,
	# the bignum bodies, the T4 asm loops), so it cannot be one do-while statement, may end in
	# the semicolon its expansion needs (HWC_ALIAS, the bignum row macros), and an instance may
	# leave an argument of the shared signature unused.
	COMPLEX_MACRO TRAILING_SEMICOLON MACRO_ARG_UNUSED
	# Size dispatch written as a table, one `case N: call(N); return;` per line.
	TRAILING_STATEMENTS
	# Misreadings of the cores: `UNROLL` (a _Pragma) before a loop reads as a function header,
	# casts in its body as parameters without names; named asm operands (`[s] "r"(s)`) as
	# array subscripts; function names in asm `.error` strings as printk text.
	OPEN_BRACE FUNCTION_ARGUMENTS BRACKET_SPACE EMBEDDED_FUNCTION_NAME
	# `(long long)0xc2...ULL`: the intrinsics take signed 64-bit lanes, and the GHASH constant
	# needs its top bit; the cast is the conversion, not noise.
	TYPECAST_INT_CONSTANT
)

# The type names checkpatch must know to read `T *p` as a declaration, not a product: the
# compiler's vector types and every typedef under kmod/ (found here, so a new one needs no list).
checkpatch_typedefs() {
	printf '%s\n' __m128i __m256i __m512i
	grep -rh --include='*.[ch]' '^[[:space:]]*typedef[[:space:]]' kmod | awk '{
		s = $0
		sub(/__attribute__.*$/, "", s)
		if (match(s, /\(\*[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*\)/))	# typedef T (*name)(...)
			n = substr(s, RSTART + 2, RLENGTH - 3)
		else if (match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/))		# typedef T name(...)
			n = substr(s, RSTART, RLENGTH - 1)
		else if (match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*;/))		# typedef T name;
			n = substr(s, RSTART, RLENGTH - 1)
		else
			next
		gsub(/[ \t]/, "", n)
		print n
	}' | sort -u
}

run_checkpatch() {
	local cp files
	cp=$(compgen -G "${HWC_CACHE:-/var/cache/hwcrypt}/linux-source-7.2-*/scripts/checkpatch.pl" |
		sort -V | tail -n 1 || true)
	if [ -z "$cp" ]; then
		echo "check: SKIPPED checkpatch: no cached linux-source-7.2 (scripts/fetch-linux-7.2.sh)"
		return 0
	fi
	mapfile -t files < <(tree_files kmod | grep -E '\.[ch]$')
	checkpatch_typedefs >"$out/checkpatch.typedefs"
	# Two halves at once: checkpatch takes about a second per core file.
	if printf '%s\0' "${files[@]}" |
		xargs -0 -P 2 -n $(((${#files[@]} + 1) / 2)) perl "$cp" --no-tree --terse --show-types \
			--quiet --typedefsfile "$out/checkpatch.typedefs" \
			--ignore "$(IFS=,; echo "${checkpatch_ignore[*]}")" -f >"$out/checkpatch.log" 2>&1 &&
		! grep -v '^total: 0 errors, 0 warnings, ' "$out/checkpatch.log" | grep -q .; then
		echo "check: checkpatch: ${#files[@]} files under kmod/, no findings (${cp%/scripts/*})"
	else
		grep -v '^total: 0 errors, 0 warnings, ' "$out/checkpatch.log"
		failed+=(checkpatch)
	fi
}

run_sparse() {
	local kdir objs src=$out/sparse
	if ! command -v sparse >/dev/null; then
		echo "check: sparse is not installed (scripts/install-deps.sh)" >&2
		failed+=(sparse)
		return 0
	fi
	kdir=$(scripts/kernels.sh --kdir 6.1)
	# Every object but the SIMD cores (hwc_arch_simd): sparse knows none of GCC's vector
	# builtins (<immintrin.h> fails to parse), and those files use no kernel interface, only
	# intrinsics on plain buffers; the compiler's W=1 build (scripts/build-module.sh) checks them.
	objs=$(make -s --no-print-directory -f - src=kmod SRCARCH=x86 srctree="$kdir" objtree="$kdir" <<'EOF'
include kmod/Kbuild
$(info $(addprefix kmod/,$(filter-out $(hwc_arch_simd),$(hwcrypt-y))))
all: ;
EOF
)
	rm -rf "$src"
	mkdir -p "$src"
	cp -r Kbuild kmod "$src/"
	# shellcheck disable=SC2086 # objs is a list of make targets
	if make -j"$(nproc)" -C "$kdir" M="$src" C=2 $objs >"$out/sparse.log" 2>&1 &&
		! grep -E 'warning:|error:' "$out/sparse.log"; then
		echo "check: sparse: $(wc -w <<<"$objs") objects for 6.1, no findings"
	else
		cat "$out/sparse.log"
		failed+=(sparse)
	fi
}

run_shellcheck() {
	local f files=()
	if ! command -v shellcheck >/dev/null; then
		echo "check: shellcheck is not installed (scripts/install-deps.sh)" >&2
		failed+=(shellcheck)
		return 0
	fi
	while IFS= read -r f; do
		case $f in
		*.sh) files+=("$f") ;;
		*) head -n 1 "$f" | grep -qE '^#!.*\b(ba|da)?sh\b' && files+=("$f") ;;
		esac
	done < <(tree_files scripts selftests kmod)
	# -P SCRIPTDIR: the scripts source their neighbours as "$(dirname "$0")/lib.sh".
	if shellcheck -x -P SCRIPTDIR "${files[@]}"; then
		echo "check: shellcheck: ${#files[@]} scripts, no findings"
	else
		failed+=(shellcheck)
	fi
}

# What Coccinelle reports that this tree does on purpose: the cores (kmod/generic, kmod/<arch>)
# are freestanding and the host files (host_cpu.c) are userspace, so neither has ARRAY_SIZE(),
# min() or max() (as checkpatch's ARRAY_SIZE above). What the module alone compiles (the glue at
# kmod/*.c, kmod/compat, <arch>/cpu.c, powerpc/nx.c) keeps every rule.
run_coccicheck() {
	local ksrc key stamp findings
	ksrc=$(compgen -G "${HWC_CACHE:-/var/cache/hwcrypt}/linux-source-7.2-*/scripts/coccicheck" |
		sort -V | tail -n 1 || true)
	ksrc=${ksrc%/scripts/coccicheck}
	if [ -z "$ksrc" ] || ! command -v spatch >/dev/null; then
		echo "check: SKIPPED coccicheck: needs spatch (coccinelle) and a cached linux-source-7.2"
		return 0
	fi
	key=$({ spatch --version | head -n 1; sha256sum <"$repo/scripts/check.sh"
		tree_files kmod | grep -E '\.[ch]$' | xargs sha256sum
		find "$ksrc/scripts/coccinelle" "$ksrc/scripts/coccicheck" -type f | sort | xargs sha256sum
	} | sha256sum | cut -c1-16)
	stamp=${HWC_CACHE:-/var/cache/hwcrypt}/coccicheck/$key.ok
	if [ -f "$stamp" ]; then
		echo "check: coccicheck: no findings (cached: $stamp)"
		return 0
	fi
	# The script takes its setup from make's environment: the module directory as an external
	# module's, no include path (--no-includes rules; the others fall back to the file alone).
	srctree=$ksrc srcroot=$repo/kmod KBUILD_EXTMOD=$repo/kmod MODE=report J=$(nproc) \
		LINUXINCLUDE='' V=0 bash "$ksrc/scripts/coccicheck" >"$out/coccicheck.log" 2>&1 || {
		cat "$out/coccicheck.log"
		failed+=(coccicheck)
		return 0
	}
	findings=$(sed -n "s|^$repo/||p" "$out/coccicheck.log" | grep -E '^kmod/[^ ]+:[0-9]' |
		grep -vE '^kmod/(generic|x86|powerpc|sparc)/[^/]+:[0-9:-]+ WARNING(: Use ARRAY_SIZE| opportunity for (min|max)\(\))' || true)
	# ... except where the module alone compiles the file: those keep every rule.
	findings+=$(sed -n "s|^$repo/||p" "$out/coccicheck.log" |
		grep -E '^kmod/((x86|powerpc|sparc)/cpu|powerpc/nx)\.c:[0-9:-]+ WARNING(: Use ARRAY_SIZE| opportunity for (min|max)\(\))' || true)
	if [ -n "$findings" ]; then
		printf '%s\n' "$findings"
		failed+=(coccicheck)
		return 0
	fi
	mkdir -p "${stamp%/*}"
	: >"$stamp"
	echo "check: coccicheck: $(grep -c '^/usr/bin/spatch' "$out/coccicheck.log") Coccinelle scripts over kmod/, no findings (${ksrc})"
}

[ $# -gt 0 ] || set -- checkpatch sparse shellcheck coccicheck
for c in "$@"; do
	case $c in
	checkpatch | sparse | shellcheck | coccicheck) "run_$c" ;;
	*) echo "check: unknown check $c (checkpatch, sparse, shellcheck, coccicheck)" >&2; exit 2 ;;
	esac
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "check: FAILED: ${failed[*]}" >&2
	exit 1
fi
echo "check: passed"

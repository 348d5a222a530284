#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `hwcrypt list` against a fake /proc/crypto and a fake statistics tree in the layout of
# /sys/module/hwcrypt/drivers/<driver>/{cra_name,priority,requests,bytes,placement}: the columns
# of old without the tree, REQUESTS/BYTES/PLACEMENT with it ('-' for drivers not ours or
# without a directory, '?' for an unreadable or malformed file).
# Usage: tests/list-stats.sh [path/to/hwcrypt]
set -eu
cli=${1:-$(dirname "$0")/../build/hwcrypt}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fails=0
check() {
	if [ "$2" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		printf 'expected:\n%s\ngot:\n%s\n' "$2" "$3"
		fails=$((fails + 1))
	fi
}

# entry NAME DRIVER MODULE PRIORITY TYPE: one /proc/crypto entry.
entry() {
	printf 'name         : %s\ndriver       : %s\nmodule       : %s\npriority     : %s\n' \
		"$1" "$2" "$3" "$4"
	printf 'refcnt       : 1\nselftest     : passed\ninternal     : no\ntype         : %s\n\n' "$5"
}
{
	entry sha256 sha256-hwcrypt-shani hwcrypt 501 shash
	entry sha256 sha256-generic kernel 100 shash
	entry 'xts(aes)' xts-aes-hwcrypt-aesni hwcrypt 900 skcipher
	entry 'xts(aes)' xts-aes-aesni aesni_intel 401 skcipher
	entry 'ctr(aes)' ctr-aes-hwcrypt-aesni hwcrypt 900 skcipher
} >"$t/crypto"

old=$(cat <<'EOO'
ALGORITHM  DRIVER                 PRIORITY  SELFTEST  HWCRYPT
ctr(aes)   ctr-aes-hwcrypt-aesni  900       passed    yes
sha256     sha256-hwcrypt-shani   501       passed    yes
xts(aes)   xts-aes-hwcrypt-aesni  900       passed    yes
EOO
)
check "no statistics directory: the columns of old" "$old" \
	"$("$cli" list --proc-crypto "$t/crypto" --sysfs "$t/none")"

s=$t/drivers
mkdir -p "$s/sha256-hwcrypt-shani" "$s/xts-aes-hwcrypt-aesni" "$s/ctr-aes-hwcrypt-aesni"
printf 'sha256\n' >"$s/sha256-hwcrypt-shani/cra_name"
printf '501\n' >"$s/sha256-hwcrypt-shani/priority"
printf '12\n' >"$s/sha256-hwcrypt-shani/requests"
printf '18446744073709551615\n' >"$s/sha256-hwcrypt-shani/bytes"
printf 'above sha256-ni\n' >"$s/sha256-hwcrypt-shani/placement"
printf '0\n' >"$s/xts-aes-hwcrypt-aesni/requests"
printf '0\n' >"$s/xts-aes-hwcrypt-aesni/bytes"
printf 'below xts-aes-vaes-avx2: measured 3%% slower\n' >"$s/xts-aes-hwcrypt-aesni/placement"
printf 'x1\n' >"$s/ctr-aes-hwcrypt-aesni/requests"
printf '7\n' >"$s/ctr-aes-hwcrypt-aesni/bytes"
printf 'fixed\n' >"$s/ctr-aes-hwcrypt-aesni/placement"

new=$(cat <<'EOO'
ALGORITHM  DRIVER                 PRIORITY  SELFTEST  HWCRYPT  REQUESTS  BYTES                 PLACEMENT
ctr(aes)   ctr-aes-hwcrypt-aesni  900       passed    yes      ?         7                     fixed
sha256     sha256-hwcrypt-shani   501       passed    yes      12        18446744073709551615  above sha256-ni
xts(aes)   xts-aes-hwcrypt-aesni  900       passed    yes      0         0                     below xts-aes-vaes-avx2: measured 3% slower
EOO
)
check "statistics of our drivers: REQUESTS, BYTES, PLACEMENT" "$new" \
	"$("$cli" list --proc-crypto "$t/crypto" --sysfs "$s")"

rm "$s/ctr-aes-hwcrypt-aesni/placement"
all=$(cat <<'EOO'
ALGORITHM  DRIVER                 PRIORITY  SELFTEST  HWCRYPT  REQUESTS  BYTES                 PLACEMENT
ctr(aes)   ctr-aes-hwcrypt-aesni  900       passed    yes      ?         7                     ?
sha256     sha256-hwcrypt-shani   501       passed    yes      12        18446744073709551615  above sha256-ni
sha256     sha256-generic         100       passed    no       -         -                     -
xts(aes)   xts-aes-hwcrypt-aesni  900       passed    yes      0         0                     below xts-aes-vaes-avx2: measured 3% slower
xts(aes)   xts-aes-aesni          401       passed    no       -         -                     -
EOO
)
check "--all: peers without statistics show '-', a missing file '?'" "$all" \
	"$("$cli" list --all --proc-crypto "$t/crypto" --sysfs "$s")"

rm -r "$s/sha256-hwcrypt-shani"
check "a driver of ours without a directory shows '-'" \
	"sha256     sha256-hwcrypt-shani   501       passed    yes      -         -      -" \
	"$("$cli" list --proc-crypto "$t/crypto" --sysfs "$s" | grep sha256)"

[ "$fails" = 0 ] && echo "list-stats: all passed" || { echo "list-stats: $fails failed"; exit 1; }

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Runs the guest suite on each named kernel (max CPU: SHA-NI + AVX2), then once on a CPU model
# without SHA-NI and AVX2, where hwcrypt must load and register nothing.
# Usage: scripts/test-guests.sh 6.1 6.12
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
rc=0
summary=()
run() {
	local label=$1
	shift
	echo "=== guest: $label"
	local log
	log=$(mktemp)
	"$top/scripts/vm.sh" "$@" 2>&1 | tee "$log"
	local r=${PIPESTATUS[0]}
	summary+=("$label: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1) (exit $r)")
	rm -f "$log"
	[ "$r" = 0 ] || rc=1
}
for k in "$@"; do
	abi=$("$top/scripts/kernels.sh" "$k") || exit 1
	run "$k ($abi) -cpu max" --kernel "$k" --module "$top/build/kmod/$abi/hwcrypt.ko"
done
first=${1:-6.1}
abi=$("$top/scripts/kernels.sh" "$first") || exit 1
run "$first ($abi) -cpu Westmere (no SHA-NI, no AVX2)" --kernel "$first" --cpu Westmere \
	--tests 00-boot,10-module --module "$top/build/kmod/$abi/hwcrypt.ko"
echo "=== guest summary"
printf '%s\n' "${summary[@]}"
exit $rc

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# POWER part of `make test`: cross-builds hwcrypt.ko for Debian's ppc64el 6.1 and 6.12 and the
# guest userland, then runs the guest suite on 6.1 (-cpu power8) and 6.12 (-cpu power9).
#
# 50-fuzz is left out here: its model of AF_ALG mispredicts the kernel's own sha*-generic
# drivers on 64 KiB-page kernels (Debian's ppc64el), so its verdict says nothing about hwcrypt.
# 60-aes-afalg and 61-dmcrypt run the p8 AES drivers (61 through a plain dm-crypt table: the
# ppc64el userland has no cryptsetup).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tests=${HWC_PPC_TESTS:-00,10,20,25,30,40,60,61,70,90}
"$top/scripts/fetch-ppc64el.sh" >/dev/null || exit 1
"$top/scripts/build-module-ppc64le.sh" 6.1 6.12 || exit 1
"$top/scripts/build-guest-ppc64le.sh" || exit 1
rc=0
summary=()
for run in "6.1 power8" "6.12 power9"; do
	set -- $run
	echo "=== guest ppc64le: $1 -cpu $2"
	log=$(mktemp)
	"$top/scripts/vm.sh" --arch ppc64le --kernel "$1" --cpu "$2" --tests "$tests" 2>&1 | tee "$log"
	r=${PIPESTATUS[0]}
	summary+=("ppc64le $1 -cpu $2: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1) (exit $r)")
	rm -f "$log"
	[ "$r" = 0 ] || rc=1
done
echo "=== guest ppc64le summary"
printf '%s\n' "${summary[@]}"
exit $rc

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The main job, end to end: boot Debian's 6.1 kernel in QEMU (max CPU: SHA-NI, AVX2), load
# hwcrypt.ko, show `hwcrypt list`, hash real files with `hwcrypt dgst` and check them
# against sha256sum/sha512sum. Expects `make modules-test userspace` to have run (make demo does).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
abi=$("$top/scripts/kernels.sh" "${HWC_DEMO_KERNEL:-6.1}")
exec "$top/scripts/vm.sh" --kernel "$abi" --module "$top/build/kmod/$abi/hwcrypt.ko" \
	--tests 90-demo

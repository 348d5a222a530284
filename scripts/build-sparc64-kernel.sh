#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The sparc64 test kernel (selftests/arch/sparc64/kernel.conf) through scripts/build-test-kernel.sh.
# Usage: scripts/build-sparc64-kernel.sh [--check|--busybox]
exec "$(dirname "$0")/build-test-kernel.sh" --arch sparc64 "$@"

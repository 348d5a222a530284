#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Totals the fuzzers' operations that scripts/vm.sh recorded in build/vm/fuzz-ops.log (one line
# per passing run: test, operations, kernel and CPU), per test and per guest, and fails below a
# minimum. make test-full empties the ledger first and asks for 10^6 (issue: a million fuzzed
# operations per full run, across the x86_64 and ppc64le guests).
# Usage: scripts/fuzz-count.sh [--reset] [--min N]
set -euo pipefail
ledger=$(cd "$(dirname "$0")/.." && pwd)/build/vm/fuzz-ops.log
min=0
while [ $# -gt 0 ]; do
	case $1 in
	--reset) mkdir -p "${ledger%/*}"; : >"$ledger"; exit 0 ;;
	--min) min=${2:?}; shift 2 ;;
	*) echo "usage: fuzz-count.sh [--reset] [--min N]" >&2; exit 2 ;;
	esac
done
[ -f "$ledger" ] || { echo "fuzz-count: no ledger $ledger" >&2; exit 1; }
awk -v min="$min" '
	{ by[$1 " " $3] += $2; test[$1] += $2; total += $2 }
	END {
		for (k in by) printf "fuzz-count: %-10s %10d  %s\n", substr(k, 1, index(k, " ") - 1), by[k], substr(k, index(k, " ") + 1)
		for (t in test) printf "fuzz-count: %-10s %10d  all guests\n", t, test[t]
		printf "fuzz-count: %d fuzzed operations in all (minimum %d)\n", total, min
		exit total >= min ? 0 : 1
	}' "$ledger"

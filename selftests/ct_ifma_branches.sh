#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Constant-time evidence for the ifma tier, which valgrind cannot run (no AVX-512 in its
# virtual CPU): in the object, every function that touches secret digits (the multiplications
# amm1_N/amm2_N/amm4_N and the table lookups select_N) may only branch on loop counters of public
# sizes. The multiplications have exactly two conditional jumps (the guard and the back edge
# of the loop over the K digits of b; the lookups the same over the n table entries), no
# cmov/set either; a data-dependent branch would add to these counts.
# Usage: ct_ifma_branches.sh OBJECT
set -eu
obj=$1
objdump -d --no-show-raw-insn "$obj" | awk '
	/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	fn ~ /^(amm[124]|select)_[0-9]$/ {
		seen[fn] = 1
		if ($2 ~ /^j/ && $2 != "jmp") n[fn]++
		if ($2 ~ /^(cmov|set)/) bad[fn] = bad[fn] " " $2
	}
	END {
		fail = 0
		for (f in seen) {
			lim = 2
			if (n[f] + 0 > lim || bad[f] != "") {
				printf "FAIL %s: %d conditional jumps (at most %d, loops)%s\n", f, n[f], lim, bad[f]
				fail = 1
			}
		}
		if (length(seen) < 17) { print "FAIL: ifma functions not found"; fail = 1 }
		if (!fail) printf "ok   ifma: %d functions branch only on loop counters of public sizes\n", length(seen)
		exit fail
	}'

# SPDX-License-Identifier: GPL-2.0
# Counts the conditional branches of chosen functions in an objdump -d listing and fails where a
# function has more than its limit: the constant-time evidence for bignum tiers that valgrind
# cannot run (selftests/arch/<arch>/ct_branches.sh give the limits and the arch's mnemonics).
# Variables: lims "fn=N fn=N ..." (the branches each function's public control flow needs),
# cond (regex: a conditional branch mnemonic), uncond (regex: mnemonics cond matches that are
# not conditional), what (the label of the "ok" line), why (what the limits stand for); all=1:
# every function of the listing must have a limit (a new one fails until it is looked at).
# ELFv1's code symbols (.name) count as their functions.
BEGIN {
	k = split(lims, l, /[ \t\n]+/)
	for (i = 1; i <= k; i++) if (split(l[i], kv, "=") == 2) lim[kv[1]] = kv[2]
}
/^[0-9a-f]+ <[^>]+>:$/ {
	fn = $2
	gsub(/[<>:]/, "", fn)
	sub(/^\./, "", fn)
	if (all && !(fn in lim)) extra[fn] = 1
	next
}
fn in lim {
	seen[fn] = 1
	op = $2
	sub(/,.*/, "", op)
	if (op ~ cond && op !~ uncond) n[fn]++
}
END {
	fail = 0
	for (f in extra) { printf "FAIL %s: no limit for this function\n", f; fail = 1 }
	for (f in lim) {
		if (!(f in seen)) { printf "FAIL %s not found\n", f; fail = 1; continue }
		if (n[f] + 0 > lim[f]) {
			printf "FAIL %s: %d conditional branches (at most %d: %s)\n", f, n[f], lim[f], why
			fail = 1
		}
	}
	if (!fail) printf "ok   %s: %d functions branch only on %s\n", what, length(seen), why
	exit fail
}

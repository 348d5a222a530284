#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# AF_ALG fuzzer (selftests/guest/fuzz/, built as fuzz_afalg) against every hwcrypt hash (and
# hmac() over it), skcipher and aead driver:
# random valid and invalid socket call sequences, results checked against OpenSSL. A short run
# here; HWC_FULL=1 (make test-full) runs longer. HWC_FUZZ_SEED=N replays a seed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/hwc.sh"
require_module
fuzz=$HWC_REPO/selftests/build/fuzz_afalg
if [ ! -x "$fuzz" ]; then
	fail "fuzzer" "$fuzz missing (make guest-progs)"
	exit 0
fi
hwc_load_clean
if [ -z "$(hwc_expected_drivers)" ]; then
	skip "fuzz" "no hwcrypt driver on this CPU"
	hwc_rmmod
	exit 0
fi
if [ -n "${HWC_FULL:-}" ]; then ops=200000 secs=240; else ops=20000 secs=45; fi
seed=${HWC_FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
dir=$(scratch_dir)
# HWC_FUZZ_GDB=1 (vm.sh --append): run under gdb for a backtrace of a crash of the fuzzer itself.
${HWC_FUZZ_GDB:+gdb -q -batch -ex run -ex bt --args} "$fuzz" --seed "$seed" --ops "$ops" --time "$secs" >"$dir/log" 2>&1
rc=$?
sed 's/^/INFO: fuzz: /' "$dir/log" | grep -v 'fuzz_afalg: seed .*targets' | head -n 60
[ -n "${HWC_OUT:-}" ] && cp "$dir/log" "$HWC_OUT/fuzz-$seed.log"
if [ "$rc" = 0 ]; then
	pass "fuzz_afalg seed $seed: $(grep -o '[0-9]* operations.*' "$dir/log" | head -n 1)"
else
	fail "fuzz_afalg seed $seed" "exit $rc: $(grep -m1 FUZZ-FAIL "$dir/log")"
fi
# Types AF_ALG cannot reach (akcipher: rsa goes through keyctl, 70-rsa) are named, not failed.
# shellcheck disable=SC2013 # crypto type names are single words
for ty in $(sed -n 's/^fuzz_afalg: no fuzzer for type \([^:]*\):.*/\1/p' "$dir/log" | sort -u); do
	case $ty in
	akcipher) skip "fuzz $ty drivers" "AF_ALG has no akcipher interface (rsa: keyctl in 70-rsa)" ;;
	*) fail "fuzz $ty drivers" "fuzz_afalg has no model for type $ty" ;;
	esac
done
check_cmd "rmmod after fuzzing" hwc_rmmod
rm -rf "$dir"

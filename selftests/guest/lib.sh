# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Shared helpers for in-guest tests: result reporting, module loading and small checks (POSIX sh).
#
# A test is selftests/guest/NN-name.sh, run by run.sh inside the guest (chroot of the host root,
# guest kernel) and starting with: . "$(dirname "$0")/lib.sh"
# Every check reports exactly one of pass/fail/skip; run.sh counts them and fails a script that
# exits non-zero or reports nothing. Environment from the harness:
#   HWC_MODULE  module file to insmod (may not exist: see require_module)
#   HWC_ABI     guest kernel release;  HWC_CPU  QEMU -cpu model;  HWC_REPO  repository path
#   HWC_ARCH    guest profile (selftests/arch/<arch>/: expect.sh holds its expectations)
#   HWC_OUT     writable directory that appears on the host as build/vm/run-<abi>/out
# /tmp is a private tmpfs in the guest.

HWC_TEST=${HWC_TEST:-$(basename "$0" .sh)}
HWC_RESULTS=${HWC_RESULTS:-/tmp/hwc-results}
HWC_DMESG_IGNORE=${HWC_DMESG_IGNORE:-/tmp/hwc-dmesg-ignore}
HWC_REPO=${HWC_REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
HWC_MODULE=${HWC_MODULE:-}
HWC_ARCH=${HWC_ARCH:-$(uname -m)}
# shellcheck disable=SC2034 # used by run.sh and hwc.sh
HWC_ARCH_DIR=$HWC_REPO/selftests/arch/$HWC_ARCH

pass() {
	echo "PASS: $HWC_TEST: $1"
	echo pass >>"$HWC_RESULTS"
}

# fail NAME [REASON]: a multi-line REASON is joined with " | " and cut at 400 characters so that
# the result stays one line for the host to pick out.
fail() {
	_hwc_why=$(printf '%s' "${2:-failed}" | tr '\n' '\037' | sed 's/\x1f/ | /g' | cut -c1-400)
	echo "FAIL: $HWC_TEST: $1: $_hwc_why"
	echo fail >>"$HWC_RESULTS"
}

# skip NAME [REASON]
skip() {
	echo "SKIP: $HWC_TEST: $1${2:+: $2}"
	echo skip >>"$HWC_RESULTS"
}

# Free-form information for the log; not a result.
info() {
	echo "INFO: $HWC_TEST: $*"
}

# check_eq NAME EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "expected '$2', got '$3'"
	fi
}

# check_cmd NAME CMD [ARGS...]: passes when CMD succeeds; the failure reason is its last output line.
check_cmd() {
	_hwc_name=$1
	shift
	_hwc_out=$("$@" 2>&1)
	_hwc_rc=$?
	if [ "$_hwc_rc" = 0 ]; then
		pass "$_hwc_name"
	else
		fail "$_hwc_name" "'$*' exited $_hwc_rc: $(printf '%s\n' "$_hwc_out" | tail -n 1)"
	fi
}

# check_fails NAME CMD [ARGS...]: passes when CMD fails (negative tests).
check_fails() {
	_hwc_name=$1
	shift
	if _hwc_out=$("$@" 2>&1); then
		fail "$_hwc_name" "'$*' succeeded but should fail"
	else
		pass "$_hwc_name"
	fi
}

# cpu_has FLAG: the guest CPU advertises FLAG in /proc/cpuinfo (e.g. sha_ni, avx2, ssse3).
cpu_has() {
	grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -qx "$1"
}

# Module name of $HWC_MODULE as the kernel knows it (hwcrypt.ko -> hwcrypt).
hwc_modname() {
	basename "$HWC_MODULE" .ko | tr '-' '_'
}

# require_module: skip the remaining test (exit 0) when there is no module file to load.
require_module() {
	if [ -z "$HWC_MODULE" ] || [ ! -f "$HWC_MODULE" ]; then
		skip "module" "no module file ${HWC_MODULE:-(HWC_MODULE unset)}"
		exit 0
	fi
}

module_loaded() {
	[ -d "/sys/module/$(hwc_modname)" ]
}

# hwc_insmod [PARAM=VALUE...]: load $HWC_MODULE with parameters; output goes to stderr.
# priority=auto's races are forced won (timing under TCG means nothing) unless the caller
# passes its own auto_force= (the later value wins).
# shellcheck disable=SC2120 # the module parameters are optional
hwc_insmod() {
	insmod "$HWC_MODULE" auto_force=win "$@"
}

hwc_rmmod() {
	rmmod "$(hwc_modname)"
}

# crypto_field DRIVER FIELD: a field of DRIVER's /proc/crypto entry (e.g. priority, selftest).
# HWC_PROC_CRYPTO: read a snapshot instead (many lookups while nothing registers: each read of
# /proc/crypto walks every algorithm, slow under TCG).
crypto_field() {
	awk -v drv="$1" -v fld="$2" '
		/^name/ { found = 0 }
		$1 == "driver" && $3 == drv { found = 1 }
		found && $1 == fld { sub(/^[^:]*: */, ""); print; exit }
	' "${HWC_PROC_CRYPTO:-/proc/crypto}"
}

# dmesg_ignore ERE: kernel log lines matching ERE are not held against this run by run.sh's
# dmesg check (for tests that provoke a kernel message on purpose).
# flip_byte FILE OFFSET: XOR the byte at OFFSET with 1, in place. A tampered input must differ
# from the original: writing a fixed byte instead leaves it unchanged when the byte already
# was that value (1 in 256 for a random signature).
flip_byte() {
	fb=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' \n')
	# shellcheck disable=SC2059 # the format is the byte's octal escape
	printf "$(printf '\\%03o' $((fb ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

dmesg_ignore() {
	printf '%s\n' "$1" >>"$HWC_DMESG_IGNORE"
}

# scratch_dir: print a fresh directory under /tmp (guest tmpfs).
scratch_dir() {
	mktemp -d "/tmp/$HWC_TEST.XXXXXX"
}

# Kernel log lines that fail a run (run.sh's final check; tests that provoke expected reports
# check their own window of the log with it): warnings, oopses, KASAN/UBSAN/KFENCE and lockdep
# reports (all start with BUG: or WARNING:), failing crypto self-tests.
# shellcheck disable=SC2034 # read by run.sh and 85-faults.sh
HWC_DMESG_BAD='BUG:|WARNING:|Oops|Call Trace|general protection fault|kernel BUG|UBSAN:|KASAN:|KFENCE:|alg: .*fail|self-?tests? .*fail|blocked for more than|list_(add|del) corruption|refcount_t:|stack-protector|Kernel panic'

# debugfs (fault injection, kmemleak) where the kernel has it; fails quietly where not.
debugfs_mount() {
	[ -d /sys/kernel/debug ] || return 1
	grep -q ' /sys/kernel/debug ' /proc/mounts || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
}

# kmemleak_check NAME: scans for leaks (kernels with CONFIG_DEBUG_KMEMLEAK) and fails NAME for
# any leaked object allocated by hwcrypt: a backtrace through [hwcrypt] or through a module
# address that no longer resolves (hwcrypt unloaded; the debug kernel has no other modules).
# Other leaks are reported as INFO. The report is saved to $HWC_OUT/kmemleak-NAME.txt and the
# list is cleared, so that each check sees only new leaks.
kmemleak_check() {
	_hwc_f=/sys/kernel/debug/kmemleak
	debugfs_mount
	if [ ! -w "$_hwc_f" ]; then
		skip "$1" "kernel without kmemleak"
		return 0
	fi
	# An object counts as leaked once it was unreferenced through two scans in a row.
	echo scan >"$_hwc_f" 2>/dev/null
	sleep 1
	echo scan >"$_hwc_f" 2>/dev/null
	_hwc_rep=$(cat "$_hwc_f")
	echo clear >"$_hwc_f" 2>/dev/null
	_hwc_all=$(printf '%s\n' "$_hwc_rep" | grep -c '^unreferenced object')
	_hwc_ours=$(printf '%s\n' "$_hwc_rep" | awk '
		/^unreferenced object/ { if (hit) n++; hit = 0 }
		/\[hwcrypt\]|\] 0xffffffff[0-9a-f]+$/ { hit = 1 }
		END { if (hit) n++; print n + 0 }')
	if [ -n "${HWC_OUT:-}" ] && [ "$_hwc_all" -gt 0 ]; then
		printf '%s\n' "$_hwc_rep" >"$HWC_OUT/kmemleak-$(echo "$1" | tr -c 'A-Za-z0-9-\n' _).txt"
	fi
	[ "$_hwc_all" -gt "$_hwc_ours" ] && info "kmemleak: $((_hwc_all - _hwc_ours)) leaked objects not from hwcrypt (kernel's own)"
	if [ "$_hwc_ours" = 0 ]; then
		pass "$1"
	else
		fail "$1" "$_hwc_ours leaked objects allocated by hwcrypt: $(printf '%s\n' "$_hwc_rep" | grep -m3 -E '\[hwcrypt\]|\] 0xffffffff[0-9a-f]+$')"
	fi
}

# The kernel runs the crypto manager's full self-tests (7.2 CRYPTO_SELFTESTS_FULL, older
# CRYPTO_MANAGER_EXTRA_TESTS: the debug kernel): every module load then waits tens of seconds
# under TCG for them, so load/unload loops run fewer rounds there.
hwc_full_selftests() {
	[ -e /sys/module/cryptomgr/parameters/noslowtests ] ||
		[ -e /sys/module/cryptomgr/parameters/noextratests ]
}

# wait_listen NS PORT: until a TCP socket in namespace NS listens on PORT (up to 30 s). Under TCG
# on a busy host a freshly started listener can take seconds to bind, and a connect before that
# is refused.
wait_listen() {
	_wl_hex=$(printf '%04X' "$2")
	_wl_i=0
	# shellcheck disable=SC2016 # awk's fields, not the shell's
	until ip netns exec "$1" awk -v p=":$_wl_hex" \
		'substr($2, length($2) - 4) == p && $4 == "0A" { f = 1 } END { exit !f }' /proc/net/tcp; do
		_wl_i=$((_wl_i + 1))
		[ $_wl_i -lt 30 ] || return 1
		sleep 1
	done
}

# SPDX-License-Identifier: GPL-2.0
# Shared helpers for in-guest tests: result reporting, module loading and small checks (POSIX sh).
#
# A test is selftests/guest/NN-name.sh, run by run.sh inside the guest (chroot of the host root,
# guest kernel) and starting with: . "$(dirname "$0")/lib.sh"
# Every check reports exactly one of pass/fail/skip; run.sh counts them and fails a script that
# exits non-zero or reports nothing. Environment from the harness:
#   HWC_MODULE  module file to insmod (may not exist: see require_module)
#   HWC_ABI     guest kernel release;  HWC_CPU  QEMU -cpu model;  HWC_REPO  repository path
#   HWC_OUT     writable directory that appears on the host as build/vm/run-<abi>/out
# /tmp is a private tmpfs in the guest.

HWC_TEST=${HWC_TEST:-$(basename "$0" .sh)}
HWC_RESULTS=${HWC_RESULTS:-/tmp/hwc-results}
HWC_DMESG_IGNORE=${HWC_DMESG_IGNORE:-/tmp/hwc-dmesg-ignore}
HWC_REPO=${HWC_REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
HWC_MODULE=${HWC_MODULE:-}

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
hwc_insmod() {
	insmod "$HWC_MODULE" "$@"
}

hwc_rmmod() {
	rmmod "$(hwc_modname)"
}

# crypto_field DRIVER FIELD: a field of DRIVER's /proc/crypto entry (e.g. priority, selftest).
crypto_field() {
	awk -v drv="$1" -v fld="$2" '
		/^name/ { found = 0 }
		$1 == "driver" && $3 == drv { found = 1 }
		found && $1 == fld { sub(/^[^:]*: */, ""); print; exit }
	' /proc/crypto
}

# dmesg_ignore ERE: kernel log lines matching ERE are not held against this run by run.sh's
# dmesg check (for tests that provoke a kernel message on purpose).
dmesg_ignore() {
	printf '%s\n' "$1" >>"$HWC_DMESG_IGNORE"
}

# scratch_dir: print a fresh directory under /tmp (guest tmpfs).
scratch_dir() {
	mktemp -d "/tmp/$HWC_TEST.XXXXXX"
}

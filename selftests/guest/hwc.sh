# SPDX-License-Identifier: GPL-2.0
# hwcrypt-specific helpers for guest tests (sourced after lib.sh): which drivers this guest CPU
# must get, and the CLI built in the repository.

HWC_CLI=${HWC_CLI:-$HWC_REPO/userspace/build/hwcrypt}
export LD_LIBRARY_PATH="$HWC_REPO/userspace/build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Drivers hwcrypt must register on this CPU, from the guest's own /proc/cpuinfo (an oracle
# independent of the module's feature code).
hwc_expected_drivers() {
	if cpu_has sha_ni && cpu_has sse4_1; then
		echo sha1-hwcrypt-shani sha224-hwcrypt-shani sha256-hwcrypt-shani
	fi
	if cpu_has avx2 && cpu_has bmi2; then
		echo sha384-hwcrypt-avx2 sha512-hwcrypt-avx2
	fi
}

# hwcrypt's drivers currently in /proc/crypto, one per line, sorted.
hwc_proc_drivers() {
	awk '$1 == "driver" { d = $3 } $1 == "module" && $3 == "hwcrypt" { print d }' /proc/crypto | sort
}

# The driver the kernel picks for ALG: highest priority among tested-ok entries of that name.
hwc_kernel_choice() {
	awk -v alg="$1" '
		$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
		$1 == "priority" && n == alg && $3 > best { best = $3; bd = d }
		END { print bd }' /proc/crypto
}

hwc_load_clean() {
	module_loaded && hwc_rmmod
	hwc_insmod "$@"
}

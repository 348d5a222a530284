# SPDX-License-Identifier: GPL-2.0
# hwcrypt-specific helpers for guest tests (sourced after lib.sh): which drivers this guest CPU
# must get, and the CLI built in the repository.

HWC_CLI=${HWC_CLI:-$HWC_REPO/userspace/build/hwcrypt}
export LD_LIBRARY_PATH="$HWC_REPO/userspace/build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Drivers hwcrypt must register on this CPU, from the guest's own /proc/cpuinfo (an oracle
# independent of the module's feature code).
hwc_expected_drivers() {
	hwc_expected_hash_drivers
	_hwc_aes=$(hwc_expected_aes_impl)
	[ -n "$_hwc_aes" ] && hwc_aes_drivers "$_hwc_aes"
	# RSA on every CPU: the portable tier is constant-time, unlike the kernel's rsa-generic.
	# ifma mirrors the module's rule: AVX512F and AVX512_IFMA (the kernel lists neither
	# without zmm state saving), plus adx's BMI2/ADX for its other operations.
	if cpu_has bmi2 && cpu_has adx && cpu_has avx512f && cpu_has avx512ifma; then
		echo rsa-hwcrypt-ifma
	elif cpu_has bmi2 && cpu_has adx; then
		echo rsa-hwcrypt-adx
	else
		echo rsa-hwcrypt-generic
	fi
}

# POWER has no feature flags in /proc/cpuinfo: AT_HWCAP2 (type 26) from the auxiliary vector
# (od's own), PPC_FEATURE2_VEC_CRYPTO = 0x02000000.
hwc_ppc_vec_crypto() {
	_hwc_cap2=$(od -An -v -tx8 /proc/self/auxv | awk '{ for (i = 1; i <= NF; i++) v[n++] = $i }
		END { for (i = 0; i < n; i += 2) if (v[i] ~ /^0*1a$/) print v[i + 1] }')
	[ -n "$_hwc_cap2" ] && [ $((0x$_hwc_cap2 & 0x02000000)) != 0 ]
}

# The hash (shash) drivers alone, for tests that hash with each of them.
hwc_expected_hash_drivers() {
	if [ "$(uname -m)" = ppc64le ]; then
		hwc_ppc_vec_crypto && echo sha224-hwcrypt-p8 sha256-hwcrypt-p8 sha384-hwcrypt-p8 sha512-hwcrypt-p8
		return 0
	fi
	if cpu_has sha_ni && cpu_has sse4_1; then
		echo sha1-hwcrypt-shani sha224-hwcrypt-shani sha256-hwcrypt-shani
	fi
	if cpu_has avx2 && cpu_has bmi2; then
		echo sha384-hwcrypt-avx2 sha512-hwcrypt-avx2
	fi
}

# The AES tier this CPU must get: aesni with AES-NI, PCLMULQDQ and SSE4.1; p8 on POWER with
# vector crypto; nothing otherwise.
hwc_expected_aes_impl() {
	if [ "$(uname -m)" = ppc64le ]; then
		hwc_ppc_vec_crypto && echo p8
		return 0
	fi
	if cpu_has aes && cpu_has pclmulqdq && cpu_has sse4_1; then
		echo aesni
	fi
	return 0
}

# How far above priority= the AES drivers register (HWC_AES_PRIORITY_OFFSET, kmod/glue_aes.h;
# POWER's in-tree vmx drivers sit at 2000 and 2100, so kmod/powerpc/hwc_arch.h raises it).
hwc_aes_priority_offset() {
	if [ "$(uname -m)" = ppc64le ]; then
		echo 1700
	else
		echo 400
	fi
}

# The AES drivers of one implementation tier.
hwc_aes_drivers() {
	for m in ecb-aes cbc-aes ctr-aes xts-aes cts-cbc-aes gcm-aes rfc4106-gcm-aes; do
		echo "$m-hwcrypt-$1"
	done
}

# The cra_name of DRIVER in /proc/crypto (name precedes driver in each entry).
hwc_driver_alg() {
	awk -v drv="$1" '$1 == "name" { n = $3 } $1 == "driver" && $3 == drv { print n; exit }' /proc/crypto
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

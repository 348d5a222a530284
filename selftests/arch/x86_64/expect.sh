# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# x86_64 expectations of the guest oracle (sourced by selftests/guest/hwc.sh after lib.sh): which
# drivers this guest CPU must get, from its own /proc/cpuinfo flags (independent of the module's
# feature code), and the constants of kmod/x86 they depend on.

# The hash (shash) drivers.
hwc_expected_hash_drivers() {
	if cpu_has sha_ni && cpu_has sse4_1; then
		echo sha1-hwcrypt-shani sha224-hwcrypt-shani sha256-hwcrypt-shani
	fi
	if cpu_has avx2 && cpu_has bmi2; then
		echo sha384-hwcrypt-avx2 sha512-hwcrypt-avx2
		# The AVX-512VL message schedule, gated as the zmm tiers are.
		if hwc_zmm_runs; then
			echo sha384-hwcrypt-avx512 sha512-hwcrypt-avx512
		fi
	fi
}

# Intel family 6 models whose clock drops under zmm load (kmod/x86/cpu.c keeps the same list):
# with zmm=auto hwcrypt registers no AVX-512 tier there.
hwc_zmm_downclocks() {
	grep -q -m1 '^vendor_id.*GenuineIntel' /proc/cpuinfo || return 1
	[ "$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)" = 6 ] || return 1
	case $(awk -F': ' '/^model[[:space:]]*:/ { print $2; exit }' /proc/cpuinfo) in
	85 | 106 | 108 | 125 | 126 | 157 | 140 | 141) return 0 ;;
	esac
	return 1
}

# Whether the tiers gated as zmm code run: AVX-512 F, BW and VL, and the module's zmm= value
# (ZMM, default auto) allowing them.
hwc_zmm_runs() {
	cpu_has avx512f && cpu_has avx512bw && cpu_has avx512vl || return 1
	case ${ZMM:-auto} in
	off) return 1 ;;
	auto) ! hwc_zmm_downclocks ;;
	esac
}

# The AES tiers, slowest first (ZMM: the module's zmm= value, default auto).
hwc_aes_impls() {
	cpu_has aes && cpu_has pclmulqdq && cpu_has sse4_1 || return 0
	echo aesni
	cpu_has avx && cpu_has avx2 && cpu_has vaes || return 0
	echo vaes-avx2
	hwc_zmm_runs || return 0
	echo vaes-avx512
}

# Whether the aead (gcm) drivers of tier IMPL register: the VAES tiers' GHASH needs VPCLMULQDQ
# (kmod/x86/aes_impls.c aead_features), which QEMU's TCG lacks.
hwc_aes_tier_has_aead() {
	case $1 in
	vaes-*) cpu_has vpclmulqdq ;;
	*) return 0 ;;
	esac
}

# How far above priority= the AES drivers register (HWC_AES_PRIORITY_OFFSET, kmod/glue_aes.h).
hwc_aes_priority_offset() {
	echo 400
}

# RSA on every CPU: the portable tier is constant-time, unlike the kernel's rsa-generic. ifma
# mirrors the module's rule: AVX512F and AVX512_IFMA (the kernel lists neither without zmm state
# saving), plus adx's BMI2/ADX for its other operations.
hwc_expected_rsa_drivers() {
	if cpu_has bmi2 && cpu_has adx && cpu_has avx512f && cpu_has avx512ifma; then
		echo rsa-hwcrypt-ifma
	elif cpu_has bmi2 && cpu_has adx; then
		echo rsa-hwcrypt-adx
	else
		echo rsa-hwcrypt-generic
	fi
}

# Whether the CPU's modalias must load hwcrypt (kmod/x86/cpu.c's device table): any of the
# flags one family of tiers starts from.
hwc_autoload_expected() {
	cpu_has aes || cpu_has sha_ni || cpu_has avx2 || cpu_has adx
}

# SPDX-License-Identifier: GPL-2.0
# hwcrypt-specific helpers for guest tests (sourced after lib.sh): which drivers this guest CPU
# must get, and the CLI built in the repository.

HWC_CLI=${HWC_CLI:-$HWC_REPO/userspace/build/hwcrypt}
export LD_LIBRARY_PATH="$HWC_REPO/userspace/build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# The kernel's own portable drivers, the oracle some tests bind by name: "aes-generic",
# "ghash-generic", "sha1-generic" up to 6.x; 7.x serves them from the crypto library as "aes-lib",
# "ghash-lib" (a name only gcm_base takes) and "sha1-lib".
if grep -q '^driver *: aes-lib$' /proc/crypto 2>/dev/null; then
	HWC_AES_GENERIC=aes-lib HWC_GHASH_GENERIC=ghash-lib
else
	HWC_AES_GENERIC=aes-generic HWC_GHASH_GENERIC=ghash-generic
fi
if grep -q '^driver *: sha1-lib$' /proc/crypto 2>/dev/null; then
	HWC_SHA1_GENERIC=sha1-lib
else
	HWC_SHA1_GENERIC=sha1-generic
fi
export HWC_AES_GENERIC HWC_GHASH_GENERIC HWC_SHA1_GENERIC

# Drivers hwcrypt must register on this CPU, from the guest's own /proc/cpuinfo (an oracle
# independent of the module's feature code).
hwc_expected_drivers() {
	hwc_expected_hash_drivers
	for impl in $(hwc_aes_impls); do
		hwc_aes_drivers "$impl"
	done
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

# The AES tiers this CPU gets, slowest first (POWER with vector crypto: p8) (ZMM: the module's zmm= value, default auto).
hwc_aes_impls() {
	if [ "$(uname -m)" = ppc64le ]; then
		hwc_ppc_vec_crypto && echo p8
		return 0
	fi
	cpu_has aes && cpu_has pclmulqdq && cpu_has sse4_1 || return 0
	echo aesni
	cpu_has avx && cpu_has avx2 && cpu_has vaes || return 0
	echo vaes-avx2
	cpu_has avx512f && cpu_has avx512bw && cpu_has avx512vl || return 0
	case ${ZMM:-auto} in
	off) return 0 ;;
	auto) hwc_zmm_downclocks && return 0 ;;
	esac
	echo vaes-avx512
}

# The fastest AES tier (the kernel's choice once hwcrypt is loaded), empty without one.
hwc_best_aes_impl() {
	hwc_aes_impls | tail -n 1
}

# Whether the aead (gcm) drivers of tier IMPL register here: the VAES tiers' GHASH needs
# VPCLMULQDQ (kmod/x86/aes_impls.c aead_features), which QEMU's TCG lacks.
hwc_aes_tier_has_aead() {
	case $1 in
	vaes-*) cpu_has vpclmulqdq ;;
	*) return 0 ;;
	esac
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
	for m in ecb-aes cbc-aes ctr-aes xts-aes cts-cbc-aes; do
		echo "$m-hwcrypt-$1"
	done
	if hwc_aes_tier_has_aead "$1"; then
		echo "gcm-aes-hwcrypt-$1" "rfc4106-gcm-aes-hwcrypt-$1"
	fi
}

# The fastest AES tier with aead drivers (the kernel's choice for gcm(aes)).
hwc_best_aead_impl() {
	for impl in $(hwc_aes_impls); do
		hwc_aes_tier_has_aead "$impl" && echo "$impl"
	done | tail -n 1
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

# hwc_load_pkcs8: keyctl's asymmetric keys need the PKCS#8 parser (a module on Debian's
# kernels, compressed on some). Returns 1 if it cannot be loaded.
hwc_load_pkcs8() {
	if ! grep -q pkcs8 /proc/modules && ! modprobe pkcs8_key_parser 2>/dev/null; then
		_hwc_f=$(find "/lib/modules/$(uname -r)" -name 'pkcs8_key_parser.ko*' | head -n 1)
		case "$_hwc_f" in
		*.xz) xz -dc "$_hwc_f" >/tmp/pkcs8.ko && insmod /tmp/pkcs8.ko ;;
		*.zst) zstd -qdc "$_hwc_f" >/tmp/pkcs8.ko && insmod /tmp/pkcs8.ko ;;
		?*) insmod "$_hwc_f" ;;
		esac
	fi
	grep -q pkcs8 /proc/modules || grep -q pkcs8 /proc/kallsyms 2>/dev/null
}

# hwc_rsa_key_files PEM DIR: DIR/key.der (PKCS#8 DER, what keyctl and `hwcrypt rsa -k` take)
# and DIR/pub.pem (the public key, for OpenSSL's side) from the private key PEM.
hwc_rsa_key_files() {
	openssl pkcs8 -topk8 -nocrypt -outform DER -in "$1" -out "$2/key.der"
	openssl pkey -in "$1" -pubout -out "$2/pub.pem"
}

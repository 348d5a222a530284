# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
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

# The architecture's expectations (selftests/arch/<arch>/expect.sh): hwc_expected_hash_drivers,
# hwc_aes_impls (slowest first; ZMM: the module's zmm= value), hwc_aes_tier_has_aead IMPL,
# hwc_aes_priority_offset, hwc_expected_rsa_drivers; optionally hwc_expected_offload_drivers.
# shellcheck source=selftests/arch/x86_64/expect.sh
. "$HWC_ARCH_DIR/expect.sh"

# Drivers hwcrypt must register on this CPU, from the guest's own CPU features (an oracle
# independent of the module's feature code).
hwc_expected_drivers() {
	hwc_expected_hash_drivers
	for impl in $(hwc_aes_impls); do
		hwc_aes_drivers "$impl"
	done
	hwc_expected_rsa_drivers
	# an arch's offload engine tiers (ppc64le: POWER NX), where it has any
	! command -v hwc_expected_offload_drivers >/dev/null || hwc_expected_offload_drivers
}

# The fastest AES tier (the kernel's choice once hwcrypt is loaded), empty without one.
hwc_best_aes_impl() {
	hwc_aes_impls | tail -n 1
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
	awk -v drv="$1" '$1 == "name" { n = $3 } $1 == "driver" && $3 == drv { print n; exit }' \
		"${HWC_PROC_CRYPTO:-/proc/crypto}"
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
		END { print bd }' "${HWC_PROC_CRYPTO:-/proc/crypto}"
}

# shellcheck disable=SC2120 # the module parameters are optional
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

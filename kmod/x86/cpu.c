// SPDX-License-Identifier: GPL-2.0
/* x86 CPU features, read once at load with the kernel's own feature test, and the zmm policy. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <asm/cpu_device_id.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>
#include "hwc_arch_cores.h"
#include "hwc_arch.h"

/*
 * Autoload: udev loads hwcrypt for the CPU's modalias when the CPU has any of these, one per
 * family of tiers: AES-NI (every AES tier, VAES included), SHA-NI (sha1/sha224/sha256), AVX2
 * (sha384/sha512, with BMI2), ADX (rsa's MULX/ADX and IFMA tiers, with BMI2). Entries match one
 * flag each, not a tier's whole set; hwc_arch_features() and the tier tables still decide what
 * registers, so a CPU with one flag of a set but not the rest loads hwcrypt for its portable
 * RSA only. A CPU with none of them never loads it by itself (modprobe still does).
 */
static const struct x86_cpu_id hwc_cpu_ids[] __maybe_unused = {
	X86_MATCH_FEATURE(X86_FEATURE_AES, NULL),
	X86_MATCH_FEATURE(X86_FEATURE_SHA_NI, NULL),
	X86_MATCH_FEATURE(X86_FEATURE_AVX2, NULL),
	X86_MATCH_FEATURE(X86_FEATURE_ADX, NULL),
	{}
};
MODULE_DEVICE_TABLE(x86cpu, hwc_cpu_ids);

static char *hwc_zmm = "auto";
module_param_named(zmm, hwc_zmm, charp, 0444);
MODULE_PARM_DESC(zmm, "AVX-512 (zmm) code: auto (default: not on CPUs that downclock under zmm load), on, off");

/*
 * Intel cores whose clock drops while zmm registers are busy (AVX-512 frequency licences), so
 * that 512-bit code can slow down everything else on the core: family 6, Skylake server through
 * Ice Lake and Tiger Lake. Sapphire Rapids, Rocket Lake and later, and AMD Zen 4/5 run zmm at
 * full clock. (Newer kernels, 7.2 among them, mark the same list X86_FEATURE_PREFER_YMM: compat
 * asks for it where the target kernel has the flag.)
 */
static const u8 hwc_zmm_downclock_models[] = {
	0x55,		/* Skylake-SP/X, Cascade Lake, Cooper Lake */
	0x6a, 0x6c,	/* Ice Lake server (SP, D) */
	0x7d, 0x7e,	/* Ice Lake client */
	0x9d,		/* Ice Lake NNPI */
	0x8c, 0x8d,	/* Tiger Lake */
};

static bool hwc_zmm_downclocks(void)
{
	unsigned int i;

	if (hwc_compat_x86_prefer_ymm())
		return true;
	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL || boot_cpu_data.x86 != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(hwc_zmm_downclock_models); i++)
		if (boot_cpu_data.x86_model == hwc_zmm_downclock_models[i])
			return true;
	return false;
}

/* Whether zmm code may run, given that the CPU and the kernel support it. */
static bool hwc_zmm_allowed(void)
{
	if (!strcmp(hwc_zmm, "on"))
		return true;
	if (!strcmp(hwc_zmm, "off")) {
		pr_info("zmm=off: AVX-512 code not used\n");
		return false;
	}
	if (strcmp(hwc_zmm, "auto"))
		pr_warn("zmm=%s not understood (auto, on, off): using auto\n", hwc_zmm);
	if (hwc_zmm_downclocks()) {
		pr_info("AVX-512 code not used: this CPU (family 6 model 0x%x) downclocks under zmm load; zmm=on forces it\n",
			boot_cpu_data.x86_model);
		return false;
	}
	return true;
}

static char *hwc_xts_form = "auto";
module_param_named(xts_form, hwc_xts_form, charp, 0444);
MODULE_PARM_DESC(xts_form, "zmm XTS tweak update: auto (default: the faster form on this CPU, timed at load), shift, clmul");

#define HWC_XTS_RACE_LEN	16384
#define HWC_XTS_RACE_ROUNDS	8

/*
 * The zmm XTS loop's two forms of the tweak update (aes_modes.h) favour different cores: the
 * shift-and-add form keeps VPCLMULQDQ off Zen's AES pipe, the multiply keeps VPSLLQ off the
 * port of Intel's AES unit. Neither is assumed: both are timed here, alternately, on a 16 KiB
 * AES-256 encryption (a fixed public key), best of eight each, and the faster one runs from now
 * on (a tie keeps shifts). Called before anything registers, so no request sees it change.
 */
static void hwc_xts_pick_form(void)
{
	static const u8 key[64];
	struct hwc_aes_key *k;
	u64 best[2] = { U64_MAX, U64_MAX };
	u8 tweak[16];
	u8 *buf;
	int i;

	if (!strcmp(hwc_xts_form, "shift") || !strcmp(hwc_xts_form, "clmul")) {
		hwc_xts_zmm_clmul = hwc_xts_form[0] == 'c';
		pr_info("xts_form=%s: zmm XTS tweaks advanced by %s\n", hwc_xts_form,
			hwc_xts_zmm_clmul ? "carry-less multiply" : "shifts and adds");
		return;
	}
	if (strcmp(hwc_xts_form, "auto"))
		pr_warn("xts_form=%s not understood (auto, shift, clmul): using auto\n", hwc_xts_form);
	k = kzalloc(sizeof(*k), GFP_KERNEL);
	buf = kzalloc(HWC_XTS_RACE_LEN, GFP_KERNEL);
	if (!k || !buf || hwc_aes_expand_key(k, key, 32))
		goto out;
	for (i = 0; i < 2 * HWC_XTS_RACE_ROUNDS; i++) {
		int form = i & 1;
		u64 t0, t;

		memset(tweak, 0, sizeof(tweak));
		tweak[0] = 1;
		kernel_fpu_begin();
		hwc_xts_zmm_clmul = form;
		t0 = ktime_get_ns();
		hwc_aes_xts_enc_vaes_avx512(k, buf, buf, HWC_XTS_RACE_LEN, tweak);
		t = ktime_get_ns() - t0;
		kernel_fpu_end();
		best[form] = min(best[form], t);
	}
	hwc_xts_zmm_clmul = best[1] < best[0];
	pr_info("zmm XTS tweaks advanced by %s: %llu ns vs %llu ns by %s per 16 KiB (AES-256)\n",
		hwc_xts_zmm_clmul ? "carry-less multiply" : "shifts and adds",
		best[hwc_xts_zmm_clmul], best[!hwc_xts_zmm_clmul],
		hwc_xts_zmm_clmul ? "shifts and adds" : "carry-less multiply");
out:
	kfree_sensitive(k);
	kfree(buf);
}

unsigned int hwc_arch_features(void)
{
	unsigned int f = 0;
	/* A CPU flag is not enough: the kernel must also save the register state (XCR0). */
	bool ymm = boot_cpu_has(X86_FEATURE_AVX) &&
		   cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
	bool zmm = ymm && cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					    XFEATURE_MASK_AVX512, NULL) &&
		   boot_cpu_has(X86_FEATURE_AVX512F);
	bool avx512 = zmm && boot_cpu_has(X86_FEATURE_AVX512BW) && boot_cpu_has(X86_FEATURE_AVX512VL);
	bool ifma = zmm && boot_cpu_has(X86_FEATURE_AVX512IFMA);

	if (boot_cpu_has(X86_FEATURE_XMM4_1))
		f |= HWC_F_SSE41;
	/* CPUID.(EAX=7,ECX=0):EBX[29] on every vendor: no vendor or family gate. */
	if (boot_cpu_has(X86_FEATURE_SHA_NI))
		f |= HWC_F_SHANI;
	if (boot_cpu_has(X86_FEATURE_AES))
		f |= HWC_F_AESNI;
	if (boot_cpu_has(X86_FEATURE_PCLMULQDQ))
		f |= HWC_F_PCLMUL;
	if (boot_cpu_has(X86_FEATURE_BMI2))
		f |= HWC_F_BMI2;
	if (boot_cpu_has(X86_FEATURE_ADX))
		f |= HWC_F_ADX;
	if (ymm) {
		f |= HWC_F_AVX;
		if (boot_cpu_has(X86_FEATURE_AVX2))
			f |= HWC_F_AVX2;
		if (boot_cpu_has(X86_FEATURE_VAES))
			f |= HWC_F_VAES;
		if (boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
			f |= HWC_F_VPCLMUL;
	}
	/*
	 * HWC_F_AVX512 and HWC_F_IFMA mean "this zmm code may run": the CPU, XCR0 and the zmm
	 * policy agree. The policy is asked once, and only where there is zmm code to gate.
	 */
	if ((avx512 || ifma) && hwc_zmm_allowed()) {
		if (avx512)
			f |= HWC_F_AVX512;
		if (ifma)
			f |= HWC_F_IFMA;
	}
	if ((f & HWC_F_AVX512) && (f & HWC_F_VPCLMUL) && (f & HWC_F_VAES))
		hwc_xts_pick_form();
	return f;
}

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
#include "hwc_measure.h"

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

/*
 * The kernel's drivers priority=auto races, loaded first when modprobe loads hwcrypt (udev
 * loads both for the same CPU modalias, in no fixed order): AES modes and GCM, GHASH, the SHA
 * glue. A name the target kernel lacks (7.x serves SHA from the built-in library) is skipped by
 * modprobe; a peer that still comes later is raced when it registers (registry.c).
 */
MODULE_SOFTDEP("pre: aesni_intel ghash_clmulni_intel sha1_ssse3 sha256_ssse3 sha512_ssse3");

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
static char *hwc_gcm_form = "auto";
module_param_named(gcm_form, hwc_gcm_form, charp, 0444);
MODULE_PARM_DESC(gcm_form, "zmm GCM GHASH multiply: auto (default: the faster form on this CPU, timed at load), karatsuba, schoolbook");
static char *hwc_sha512_form = "auto";
module_param_named(sha512_form, hwc_sha512_form, charp, 0444);
MODULE_PARM_DESC(sha512_form, "AVX2 SHA-512 rounds: auto (default: the faster form on this CPU, timed at load), narrow, wide");

#define HWC_FORM_LEN	16384
#define HWC_FORM_ROUNDS	8

/* What the form races time: fixed public keys and a buffer. */
struct hwc_form_input {
	struct hwc_aes_key xk;
	struct hwc_gcm_key gk;
	/* The SHA-384/512 tier that serves, whose rounds the SHA-512 race times. */
	hwc_hash_blocks_fn *sha512;
	u8 buf[HWC_FORM_LEN];
};

/* One form race: the form variable the core reads, the run it times, each form's best. */
struct hwc_form_race {
	int *form;
	void (*run)(struct hwc_form_input *in);
	struct hwc_form_input *in;
	u64 best[2];
};

static int hwc_form_turn(void *arg, unsigned int side)
{
	struct hwc_form_race *f = arg;
	u64 t0, t;

	kernel_fpu_begin();
	*f->form = side;
	t0 = ktime_get_ns();
	f->run(f->in);
	t = ktime_get_ns() - t0;
	kernel_fpu_end();
	f->best[side] = min(f->best[side], t);
	return 0;
}

/*
 * The zmm loops have alternative forms that favour different cores (aes_modes.h: the XTS
 * tweak update by shifts and adds keeps VPCLMULQDQ off Zen's AES pipe, by multiply keeps
 * VPSLLQ off the port of Intel's AES unit; gcm_vaes_avx512.c: Karatsuba saves a multiply
 * where VPCLMULQDQ issues at half rate, schoolbook saves the vector ALU work the zmm AES unit
 * shares its port with on Intel), and so has the AVX2 SHA-512 core (sha512_avx2.c: the narrow
 * rounds fit four integer ALUs, the wide ones a shorter chain on six). Neither is assumed:
 * @param forces one (@names[0] or @names[1]); "auto" times both here, in turns
 * (hwc_alternate(), the driver race's interleaving), on 16 KiB of requests with a fixed public
 * key, best of eight each, and the faster one runs from now on (a tie keeps form 0). Called
 * before anything registers, so no request sees a form change.
 */
static void hwc_pick_form(const char *pname, const char *param, const char *const names[2],
			  const char *what, int *form, void (*run)(struct hwc_form_input *),
			  struct hwc_form_input *in)
{
	struct hwc_form_race f = { form, run, in, { U64_MAX, U64_MAX } };
	int i;

	for (i = 0; i < 2; i++) {
		if (!strcmp(param, names[i])) {
			*form = i;
			pr_info("%s=%s: %s %s\n", pname, param, what, names[i]);
			return;
		}
	}
	if (strcmp(param, "auto"))
		pr_warn("%s=%s not understood (auto, %s, %s): using auto\n", pname, param,
			names[0], names[1]);
	if (!in)
		return;
	hwc_alternate(hwc_form_turn, &f, HWC_FORM_ROUNDS, U64_MAX);
	*form = f.best[1] < f.best[0];
	pr_info("%s %s: %llu ns vs %llu ns %s per 16 KiB\n", what, names[*form], f.best[*form],
		f.best[!*form], names[!*form]);
}

/*
 * Four 4 KiB requests, dm-crypt's requests with 4096-byte encryption sectors (LUKS2's
 * --sector-size 4096): on Zen 5 the two forms tie on 16 KiB requests but not on 4 KiB ones.
 */
static void hwc_race_xts(struct hwc_form_input *r)
{
	u8 tweak[16] = { 1 };
	int i;

	for (i = 0; i < HWC_FORM_LEN / 4096; i++)
		hwc_aes_xts_enc_vaes_avx512(&r->xk, r->buf + 4096 * i, r->buf + 4096 * i, 4096,
					    tweak);
}

static void hwc_race_gcm(struct hwc_form_input *r)
{
	static const u8 iv[12];
	struct hwc_gcm_ctx c;

	hwc_gcm_start(NULL, &r->gk, &c, iv);
	hwc_gcm_enc_vaes_avx512(&r->gk, &c, r->buf, r->buf, HWC_FORM_LEN);
	memzero_explicit(&c, sizeof(c));
}

/*
 * Four 4 KiB messages: the forms differ most where a message is a few pairs of blocks (the
 * narrow form's first pair has its schedule computed ahead of its rounds), and 4 KiB lies
 * between a page-sized update and IPsec's and fs-verity's short ones.
 */
static void hwc_race_sha512(struct hwc_form_input *r)
{
	u64 st[8] = { 0 };
	int i;

	for (i = 0; i < HWC_FORM_LEN / 4096; i++)
		r->sha512(st, r->buf + 4096 * i, 4096 / 128);
}

/*
 * @f: the HWC_F_* bits. The zmm XTS and GCM forms are raced where their tiers run, the SHA-512
 * form wherever an AVX2 SHA-512 tier runs, on the one that serves (AVX-512VL where zmm may run).
 */
static void hwc_pick_forms(unsigned int f)
{
	bool zmm = (f & HWC_F_AVX512) && (f & HWC_F_VPCLMUL) && (f & HWC_F_VAES);
	static const char *const xts_names[2] = { "shift", "clmul" };
	static const char *const gcm_names[2] = { "karatsuba", "schoolbook" };
	static const char *const sha512_names[2] = { "narrow", "wide" };
	static const u8 key[32];
	struct hwc_form_input *r = kzalloc(sizeof(*r), GFP_KERNEL);

	/* AES-256 for XTS (dm-crypt's aes-xts-plain64 default), AES-128 for GCM (IPsec's usual). */
	if (r && (hwc_aes_expand_key(&r->xk, key, 32) || hwc_gcm_setkey(&r->gk, key, 16))) {
		kfree_sensitive(r);
		r = NULL;
	}
	if (r)
		r->sha512 = f & HWC_F_AVX512 ? hwc_sha512_blocks_avx512 : hwc_sha512_blocks_avx2;
	if (zmm) {
		hwc_pick_form("xts_form", hwc_xts_form, xts_names, "zmm XTS tweak update:",
			      &hwc_xts_zmm_clmul, hwc_race_xts, r);
		hwc_pick_form("gcm_form", hwc_gcm_form, gcm_names, "zmm GCM GHASH multiply:",
			      &hwc_gcm_zmm_schoolbook, hwc_race_gcm, r);
	}
	hwc_pick_form("sha512_form", hwc_sha512_form, sha512_names, "AVX2 SHA-512 rounds:",
		      &hwc_sha512_wide, hwc_race_sha512, r);
	kfree_sensitive(r);
}

/*
 * The HWC_F_* bits that are one kernel feature flag each; those marked ymm count only where the
 * kernel saves the ymm registers. SHA_NI is CPUID.(EAX=7,ECX=0):EBX[29] on every vendor: no
 * vendor or family gate.
 */
static const struct {
	u16 cap;
	bool ymm;
	unsigned int flag;
} hwc_x86_caps[] = {
	{ X86_FEATURE_XMM4_1, false, HWC_F_SSE41 },
	{ X86_FEATURE_SHA_NI, false, HWC_F_SHANI },
	{ X86_FEATURE_AES, false, HWC_F_AESNI },
	{ X86_FEATURE_PCLMULQDQ, false, HWC_F_PCLMUL },
	{ X86_FEATURE_BMI2, false, HWC_F_BMI2 },
	{ X86_FEATURE_ADX, false, HWC_F_ADX },
	{ X86_FEATURE_AVX2, true, HWC_F_AVX2 },
	{ X86_FEATURE_VAES, true, HWC_F_VAES },
	{ X86_FEATURE_VPCLMULQDQ, true, HWC_F_VPCLMUL },
};

unsigned int hwc_arch_features(void)
{
	unsigned int i, f = 0;
	/* A CPU flag is not enough: the kernel must also save the register state (XCR0). */
	bool ymm = boot_cpu_has(X86_FEATURE_AVX) &&
		   cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
	bool zmm = ymm && cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					    XFEATURE_MASK_AVX512, NULL) &&
		   boot_cpu_has(X86_FEATURE_AVX512F);
	bool avx512 = zmm && boot_cpu_has(X86_FEATURE_AVX512BW) && boot_cpu_has(X86_FEATURE_AVX512VL);
	bool ifma = zmm && boot_cpu_has(X86_FEATURE_AVX512IFMA);

	for (i = 0; i < ARRAY_SIZE(hwc_x86_caps); i++)
		if ((ymm || !hwc_x86_caps[i].ymm) && boot_cpu_has(hwc_x86_caps[i].cap))
			f |= hwc_x86_caps[i].flag;
	if (ymm)
		f |= HWC_F_AVX;
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
	if ((f & HWC_F_AVX2) && (f & HWC_F_BMI2))
		hwc_pick_forms(f);
	return f;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The T4 multiple-precision opcodes and hwcrypt's T4 RSA tier against OpenSSL BN's answers
 * (t4_mont_oracle on the host writes the vectors; this sparc64 program runs under the patched
 * qemu-sparc64). Per vector line:
 *	montmul/montsqr: the bare opcode (hwc_bn_mul_t4_raw, the tier's own asm), and the
 *	  tier's exponentiation-hook entry through hwc_bn_modexp2_ct() is checked by modexp;
 *	mpmul: the opcode with its operand layout (own asm below: the tier does not use it);
 *	modexp: a^e mod m by the generic context setup and the tier's hook (hwc_bn_best_impl
 *	  with the CPU's features), converted in and out of Montgomery form.
 * Then the abort: after FLUSHW the windows the opcodes read are on the stack, not in the
 * register file; MONTMUL and MPMUL must leave fcc3 unordered and their registers untouched, and
 * succeed on the same operands without the FLUSHW.
 * With the emulator's fault injection (QEMU_T4_MP_ABORT=N: every Nth opcode aborts), --retry
 * repeats each bare opcode until it completes and counts the aborts, and --modexp-only (for
 * N=1, where no opcode ever completes) checks only the tier's exponentiation, which must then
 * give the same results through its retries and portable fallback.
 * Usage: t4_mont_check [--expect-t4|--expect-none] [--retry|--modexp-only] < vectors
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_arch_cores.h"

static unsigned long nvec, nbad, naborts;
static int retry, modexp_only;
/* mismatches per kind of vector: montmul, montsqr, mpmul, modexp */
static const char *const kinds[] = { "montmul", "montsqr", "mpmul", "modexp" };
static unsigned long kbad[4];

static void get(FILE *f, hwc_u64 *x, int words)
{
	int i;

	for (i = 0; i < words; i++)
		if (fscanf(f, "%llx", (unsigned long long *)&x[i]) != 1) {
			fprintf(stderr, "t4_mont_check: bad vector\n");
			exit(2);
		}
}

static void verdict(const char *what, int n, const hwc_u64 *got, const hwc_u64 *want, int words)
{
	unsigned int k;

	nvec++;
	if (!memcmp(got, want, words * sizeof(hwc_u64)))
		return;
	for (k = 0; k < 4; k++)
		kbad[k] += !strcmp(what, kinds[k]);
	if (nbad++ < 20)
		printf("t4_mont_check: %s %d words mismatch (word 0 %016llx, want %016llx)\n", what,
		       n, (unsigned long long)got[0], (unsigned long long)want[0]);
}

#define SAVE "save %%sp, -176, %%sp\n\t"
#define RESTORE "restore\n\t"

/*
 * MPMUL of n words (the encoding's rs2 = n - 1 via a table as in bignum_t4.c would do; here
 * a switch over the 32 encodings, generated below). Layout: A in window C-6 (%o0-%o5), %d0,
 * %d2, C-6 (%l0-%l7, %i0-%i5), %d4-%d22; B in C-5 (%l0-%l7, %o0-%o5), %d24-%d58; the product
 * in C-4..C-1 (%l0-%l7 then %o0-%o5 each) and C (%l0-%l7). Eight SAVEs: the first two keep
 * the compiler's window (C-6's %i are the %o of the window before it) out of it.
 * blk: a[0..31], b[32..63], r[64..127], flag [128]; r[0]'s register (C-4 %l0) starts as
 * blk[64], so an abort shows there as the value kept.
 */
#define LX(w, r) "ldx [%%g1 + " #w "*8], %%" #r "\n\t"
#define SX(w, r) "stx %%" #r ", [%%g1 + " #w "*8]\n\t"
#define LD(w, r) "ldd [%%g1 + " #w "*8], %%f" #r "\n\t"
#define MPMUL_ASM(word, flush)							\
	__asm__ __volatile__("mov %[p], %%g1\n\t"				\
		LD(6, 0) LD(7, 2) LD(22, 4) LD(23, 6) LD(24, 8) LD(25, 10)	\
		LD(26, 12) LD(27, 14) LD(28, 16) LD(29, 18) LD(30, 20) LD(31, 22)	\
		LD(46, 24) LD(47, 26) LD(48, 28) LD(49, 30) LD(50, 32) LD(51, 34)	\
		LD(52, 36) LD(53, 38) LD(54, 40) LD(55, 42) LD(56, 44) LD(57, 46)	\
		LD(58, 48) LD(59, 50) LD(60, 52) LD(61, 54) LD(62, 56) LD(63, 58)	\
		SAVE LX(16, o0) LX(17, o1) LX(18, o2) LX(19, o3) LX(20, o4) LX(21, o5)	\
		SAVE LX(0, o0) LX(1, o1) LX(2, o2) LX(3, o3) LX(4, o4) LX(5, o5)	\
		LX(8, l0) LX(9, l1) LX(10, l2) LX(11, l3) LX(12, l4) LX(13, l5)	\
		LX(14, l6) LX(15, l7)						\
		SAVE LX(32, l0) LX(33, l1) LX(34, l2) LX(35, l3) LX(36, l4)	\
		LX(37, l5) LX(38, l6) LX(39, l7) LX(40, o0) LX(41, o1) LX(42, o2)	\
		LX(43, o3) LX(44, o4) LX(45, o5)				\
		SAVE LX(64, l0) SAVE SAVE SAVE SAVE				\
		flush ".word " #word "\n\t"						\
		"mov 1, %%o5\n\t"						\
		"movu %%fcc3, 0, %%o5\n\t"					\
		SX(128, o5)							\
		SX(120, l0) SX(121, l1) SX(122, l2) SX(123, l3) SX(124, l4)	\
		SX(125, l5) SX(126, l6) SX(127, l7)				\
		RESTORE SX(106, l0) SX(107, l1) SX(108, l2) SX(109, l3)		\
		SX(110, l4) SX(111, l5) SX(112, l6) SX(113, l7) SX(114, o0)	\
		SX(115, o1) SX(116, o2) SX(117, o3) SX(118, o4) SX(119, o5)	\
		RESTORE SX(92, l0) SX(93, l1) SX(94, l2) SX(95, l3)		\
		SX(96, l4) SX(97, l5) SX(98, l6) SX(99, l7) SX(100, o0)		\
		SX(101, o1) SX(102, o2) SX(103, o3) SX(104, o4) SX(105, o5)	\
		RESTORE SX(78, l0) SX(79, l1) SX(80, l2) SX(81, l3)		\
		SX(82, l4) SX(83, l5) SX(84, l6) SX(85, l7) SX(86, o0)		\
		SX(87, o1) SX(88, o2) SX(89, o3) SX(90, o4) SX(91, o5)		\
		RESTORE SX(64, l0) SX(65, l1) SX(66, l2) SX(67, l3)		\
		SX(68, l4) SX(69, l5) SX(70, l6) SX(71, l7) SX(72, o0)		\
		SX(73, o1) SX(74, o2) SX(75, o3) SX(76, o4) SX(77, o5)		\
		RESTORE RESTORE RESTORE RESTORE					\
		: : [p] "r"(blk) : "g1", "memory", "cc", CLOBBER_FP)

#define CLOBBER_FP								\
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11",	\
	"f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23",	\
	"f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31", "f32", "f34", "f36", "f38",	\
	"f40", "f42", "f44", "f46", "f48", "f50", "f52", "f54", "f56", "f58", "f60", "f62"

#define C1(k) case k: MPMUL_ASM(0x81b02900 + k, ""); break;
#define C4(k) C1(k) C1(k + 1) C1(k + 2) C1(k + 3)

static int mpmul(hwc_u64 *blk, int n)
{
	switch (n - 1) {
	C4(0) C4(4) C4(8) C4(12) C4(16) C4(20) C4(24) C4(28)
	}
	return blk[128] != 0;
}

static int mpmul_flushw(hwc_u64 *blk)
{
	MPMUL_ASM(0x81b02900, "flushw\n\t");
	return blk[128] != 0;
}

/*
 * MONTMUL of one word with (flush) or without a FLUSHW right before it. blk: a, b, m, n0,
 * then the flag and a's register after the attempt.
 */
#define MONT1_ASM(flush)							\
	__asm__ __volatile__("mov %[p], %%g1\n\t"				\
		LD(3, 60)							\
		SAVE LX(0, l0) SAVE LX(2, l0) SAVE SAVE LX(1, o0) SAVE SAVE	\
		flush ".word 0x81b02920\n\t"					\
		"mov 1, %%o5\n\t"						\
		"movu %%fcc3, 0, %%o5\n\t"					\
		SX(4, o5)							\
		RESTORE RESTORE RESTORE RESTORE RESTORE SX(5, l0) RESTORE	\
		: : [p] "r"(blk) : "g1", "memory", "cc", CLOBBER_FP)

static void abort_checks(void)
{
	hwc_u64 blk[129], m = 0xfffffffffffffeffull, want;
	int ok;

	/* one word: a = 3, b = 5, m odd, n0 = -m^-1 mod 2^64 by Newton steps */
	hwc_u64 inv = m;
	int i;

	for (i = 0; i < 6; i++)
		inv *= 2 - m * inv;
	blk[0] = 3, blk[1] = 5, blk[2] = m, blk[3] = -inv;
	MONT1_ASM("flushw\n\t");
	ok = blk[4] == 0 && blk[5] == 3;
	printf("t4_mont_check: montmul after flushw: %s, A register %s\n",
	       blk[4] ? "completed" : "aborted (fcc3 unordered)", blk[5] == 3 ? "kept" : "changed");
	nvec++;
	nbad += !ok;
	blk[0] = 3, blk[4] = 7;
	MONT1_ASM("");
	/* 15 / 2^64 mod m, by the oracle-free identity r * 2^64 == 15 (mod m) */
	want = 15;
	{
		unsigned __int128 p = (unsigned __int128)blk[5] * 1 << 64;

		ok = blk[4] == 1 && (hwc_u64)(p % m) == want;
	}
	printf("t4_mont_check: montmul without flushw: %s\n", ok ? "completed, r*2^64 = 15 mod m" :
	       "FAILED");
	nvec++;
	nbad += !ok;
	memset(blk, 0, sizeof(blk));
	blk[0] = 6, blk[32] = 7, blk[64] = 1;
	ok = !mpmul_flushw(blk) && blk[64] == 1;
	printf("t4_mont_check: mpmul after flushw: %s\n", ok ? "aborted, result untouched" : "FAILED");
	nvec++;
	nbad += !ok;
}

int main(int argc, char **argv)
{
	static hwc_u64 a[64], b[64], m[64], r[64], want[64], got[64], e[64], blk[129];
	static hwc_u64 t[2 * HWC_BN_MAX_LIMBS + 2], ws[1 << 16];
	static struct hwc_bn_mont ctx;
	unsigned int feat = hwc_host_cpu_features();
	const struct hwc_bn_impl *bn = hwc_bn_best_impl(feat);
	int expect_t4 = argc > 1 && !strcmp(argv[1], "--expect-t4");
	char op[16];
	int n, i;

	for (i = 2; i < argc; i++) {
		retry |= !strcmp(argv[i], "--retry");
		modexp_only |= !strcmp(argv[i], "--modexp-only");
	}

	printf("t4_mont_check: RSA tier %s\n", bn->impl);
	if (expect_t4 != !strcmp(bn->impl, "t4")) {
		printf("t4_mont_check: FAIL: expected the %s tier\n", expect_t4 ? "t4" : "generic");
		return 1;
	}
	while (scanf("%15s %d", op, &n) == 2) {
		hwc_u64 n0;

		if (!strcmp(op, "montmul") || !strcmp(op, "montsqr")) {
			int sq = op[4] == 's';

			get(stdin, a, n);
			if (!sq)
				get(stdin, b, n);
			get(stdin, m, n);
			get(stdin, &n0, 1);
			get(stdin, want, n);
			if (!expect_t4 || modexp_only)
				continue;
			memset(got, 0xa5, sizeof(got));
			while (!hwc_bn_mul_t4_raw(got, a, b, m, n0, n, sq) && retry)
				naborts++;
			verdict(op, n, got, want, n);
		} else if (!strcmp(op, "mpmul")) {
			get(stdin, a, n);
			get(stdin, b, n);
			get(stdin, want, 2 * n);
			if (!expect_t4 || modexp_only)
				continue;
			do {
				memset(blk, 0, sizeof(blk));
				memcpy(blk, a, n * 8);
				memcpy(blk + 32, b, n * 8);
			} while (!mpmul(blk, n) && retry && ++naborts);
			verdict(op, n, blk + 64, want, 2 * n);
		} else if (!strcmp(op, "modexp")) {
			get(stdin, a, n);
			get(stdin, e, n);
			get(stdin, m, n);
			get(stdin, want, n);
			hwc_bn_mont_init(&ctx, bn, m, n, t);
			/* into Montgomery form, the power, and out (a times 1 over R) */
			bn->mul(r, a, ctx.rr, m, ctx.n0, n, t);
			hwc_bn_modexp2_ct(bn, &ctx, r, r, e, n, 0, 0, 0, 64 * n, ws, 0);
			memset(b, 0, sizeof(b));
			b[0] = 1;
			bn->mul(got, r, b, m, ctx.n0, n, t);
			verdict(op, n, got, want, n);
		}
	}
	if (expect_t4 && !retry && !modexp_only)
		abort_checks();
	if (retry)
		printf("t4_mont_check: %lu injected aborts, each opcode retried until done\n",
		       naborts);
	/* --retry without aborts: the injection did not happen, nothing was tested */
	nbad += retry && !naborts;
	printf("t4_mont_check: %lu checks, %lu mismatches (montmul %lu, montsqr %lu, mpmul %lu, "
	       "modexp %lu)\n", nvec, nbad, kbad[0], kbad[1], kbad[2], kbad[3]);
	return nbad != 0;
}

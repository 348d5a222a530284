// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1, SHA-256 and SHA-512 compression on the SPARC T4 hash opcodes ("SPARC T4 Supplement to
 * the Oracle SPARC Architecture 2011", the SHA1/SHA256/SHA512 instructions). Each opcode runs
 * all rounds of one block: the chaining state sits in the floating-point registers from %f0
 * (SHA-1: %f0-%f4, SHA-256: %f0-%f7, SHA-512: %d0-%d14), the message block in the registers
 * after it (SHA-1/256: %f8-%f23, SHA-512: %d16-%d46), and the new state replaces the old. The
 * state therefore stays in registers over every block of a call; each block is loaded by
 * 8-byte loads, realigned with VIS faligndata when the data is not 8-byte aligned.
 *
 * Freestanding: compiled into the module and into the host tests (under qemu-sparc64). The
 * opcodes are emitted as .word (the kernel assembles for v9a, which lacks their mnemonics).
 * Every FP register an asm statement writes is in its clobber list, and GSR too ("memory" and
 * the registers are all the compiler needs): the compiler never keeps values there across it.
 * The caller owns the FPU protocol: in the kernel hwc_simd_begin() (kmod/sparc/hwc_arch.h)
 * saves the interrupted context's FP state and enables the FPU first.
 */
#include "hwc_arch_cores.h"

#define HWC_T4_SHA1	".word 0x81b02820\n\t"
#define HWC_T4_SHA256	".word 0x81b02840\n\t"
#define HWC_T4_SHA512	".word 0x81b02860\n\t"

/* Aligned loads of 8 bytes at data offset OFF into %dREG. */
#define LDD(off, reg)	"ldd [%[p] + " #off "], %%f" #reg "\n\t"
/*
 * Unaligned: %[t] is the data rounded down to 8 bytes and GSR.align its offset (alignaddr).
 * The raw doublewords alternate between two scratch registers A and B: output k needs raw k
 * and k+1, raw k+1 is loaded into the register raw k-1 had.
 */
#define ALN(off, a, b, reg)						\
	"ldd [%[t] + " #off "], %%f" #b "\n\t"				\
	"faligndata %%f" #a ", %%f" #b ", %%f" #reg "\n\t"

/* The 64-byte block of SHA-1 and SHA-256 into %f8-%f23. */
#define LOAD64_ALIGNED							\
	LDD(0, 8) LDD(8, 10) LDD(16, 12) LDD(24, 14)			\
	LDD(32, 16) LDD(40, 18) LDD(48, 20) LDD(56, 22)
/*
 * The same from unaligned data; %f24 holds the block's first raw doubleword on entry and the
 * next block's on exit (the one at +64, which shares an aligned doubleword with the block's
 * last byte, so no load touches memory past the data's doubleword).
 */
#define LOAD64_UNALIGNED						\
	ALN(8, 24, 26, 8) ALN(16, 26, 24, 10) ALN(24, 24, 26, 12) ALN(32, 26, 24, 14)	\
	ALN(40, 24, 26, 16) ALN(48, 26, 24, 18) ALN(56, 24, 26, 20) ALN(64, 26, 24, 22)

/* The 128-byte block of SHA-512 into %d16-%d46; scratch %d48/%d50. */
#define LOAD128_ALIGNED							\
	LDD(0, 16) LDD(8, 18) LDD(16, 20) LDD(24, 22)			\
	LDD(32, 24) LDD(40, 26) LDD(48, 28) LDD(56, 30)			\
	LDD(64, 32) LDD(72, 34) LDD(80, 36) LDD(88, 38)			\
	LDD(96, 40) LDD(104, 42) LDD(112, 44) LDD(120, 46)
#define LOAD128_UNALIGNED						\
	ALN(8, 48, 50, 16) ALN(16, 50, 48, 18) ALN(24, 48, 50, 20) ALN(32, 50, 48, 22)	\
	ALN(40, 48, 50, 24) ALN(48, 50, 48, 26) ALN(56, 48, 50, 28) ALN(64, 50, 48, 30)	\
	ALN(72, 48, 50, 32) ALN(80, 50, 48, 34) ALN(88, 48, 50, 36) ALN(96, 50, 48, 38)	\
	ALN(104, 48, 50, 40) ALN(112, 50, 48, 42) ALN(120, 48, 50, 44) ALN(128, 50, 48, 46)

/* One block per iteration back to LABEL; the delay slot advances the pointer. */
#define LOOP(ptr, label, size, op)					\
	op								\
	"subcc %[n], 1, %[n]\n\t"					\
	"bne,pt %%xcc, " #label "\n\t"					\
	" add %[" #ptr "], " #size ", %[" #ptr "]\n\t"

#define CLOBBER_F0_F23							\
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11",	\
	"f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23"
#define CLOBBER_F24_F27	"f24", "f25", "f26", "f27"
#define CLOBBER_F0_F31							\
	CLOBBER_F0_F23, CLOBBER_F24_F27, "f28", "f29", "f30", "f31"
#define CLOBBER_D32_D46	"f32", "f34", "f36", "f38", "f40", "f42", "f44", "f46"

/*
 * The chaining state in and out: five or eight 32-bit words, eight 64-bit ones, moved two words
 * per ldd/std where they pair (the state is a struct hwc_md_state's, whose 64-bit member makes
 * it 8-byte aligned; Linux's routines, given a u32 digest, move SHA-1/256 state word by word).
 * The last load goes apart, into the delay slot of the alignment branch.
 */
#define LD(op, off, reg)	#op " [%[s] + " #off "], %%f" #reg "\n\t"
#define ST(op, off, reg)	#op " %%f" #reg ", [%[s] + " #off "]\n\t"
#define STATE2D(x, op)	x(op, 0, 0) x(op, 8, 2)
#define STATE3D(x, op)	STATE2D(x, op) x(op, 16, 4)
#define STATE7D(x, op)							\
	x(op, 0, 0) x(op, 8, 2) x(op, 16, 4) x(op, 24, 6)		\
	x(op, 32, 8) x(op, 40, 10) x(op, 48, 12)

/*
 * One compression function in one asm statement, laid out as Linux's T4 routines are (the same
 * instructions per block, fewer state moves per call): the state loaded while the alignment is
 * tested, then a loop over the blocks with aligned loads or, for unaligned data, with
 * faligndata from raw doublewords (RAW0 holds the first), then the state stored.
 */
#define HWC_T4_HASH(name, word, LOAD, LOAD_LAST, STORE, BLOCK_ALIGNED, BLOCK_UNALIGNED, RAW0, size, op, ...) \
void name(void *state, const hwc_u8 *data, hwc_size nblocks)			\
{										\
	word *s = state;							\
	unsigned long t;							\
										\
	__asm__ __volatile__(							\
		"and %[p], 7, %[t]\n\t"					\
		LOAD								\
		"brz,pt %[t], 1f\n\t"						\
		" " LOAD_LAST							\
		"alignaddr %[p], %%g0, %[t]\n\t"				\
		"ldd [%[t]], %%f" #RAW0 "\n\t"					\
		"2:\n\t" BLOCK_UNALIGNED LOOP(t, 2b, size, op)			\
		"ba,pt %%xcc, 8f\n\t"						\
		" nop\n\t"							\
		"1:\n\t" BLOCK_ALIGNED LOOP(p, 1b, size, op)			\
		"8:\n\t" STORE							\
		: [p] "+r"(data), [n] "+r"(nblocks), [t] "=&r"(t)		\
		: [s] "r"(s)							\
		: "memory", "cc", __VA_ARGS__);					\
}

HWC_T4_HASH(hwc_sha1_blocks_t4, hwc_u32, STATE2D(LD, ldd), LD(ld, 16, 4),
	    STATE2D(ST, std) ST(st, 16, 4),
	    LOAD64_ALIGNED, LOAD64_UNALIGNED, 24, 64, HWC_T4_SHA1,
	    CLOBBER_F0_F23, CLOBBER_F24_F27)
HWC_T4_HASH(hwc_sha256_blocks_t4, hwc_u32, STATE3D(LD, ldd), LD(ldd, 24, 6),
	    STATE3D(ST, std) ST(std, 24, 6),
	    LOAD64_ALIGNED, LOAD64_UNALIGNED, 24, 64, HWC_T4_SHA256,
	    CLOBBER_F0_F23, CLOBBER_F24_F27)
HWC_T4_HASH(hwc_sha512_blocks_t4, hwc_u64, STATE7D(LD, ldd), LD(ldd, 56, 14),
	    STATE7D(ST, std) ST(std, 56, 14),
	    LOAD128_ALIGNED, LOAD128_UNALIGNED, 48, 128, HWC_T4_SHA512,
	    CLOBBER_F0_F31, CLOBBER_D32_D46, "f48", "f50")

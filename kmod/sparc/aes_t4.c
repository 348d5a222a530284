// SPDX-License-Identifier: GPL-2.0
/*
 * AES (FIPS 197) modes on the SPARC T4 AES opcodes ("SPARC T4 Supplement to the Oracle SPARC
 * Architecture 2011": AES_EROUND01/23, AES_DROUND01/23 and their _L last-round forms), GHASH
 * (SP 800-38D) on the VIS3 carry-less multiplies XMULX/XMULXHI, which every T4 has.
 *
 * Each round opcode computes one 64-bit half (columns 0-1 or 2-3) of a full round from the
 * whole 128-bit state in two FP registers and one half of the round key in a third, so a round
 * is two opcodes writing two other registers; the state alternates between %d0/%d2 and the
 * temporaries %d4/%d6. The decryption opcodes are the straightforward inverse cipher (FIPS 197
 * 5.3): they take the encryption schedule in reverse, so hwc_aes_key.ek serves both directions
 * and dk is not used. ek's bytes are the standard's w[] words, big-endian: one ldd per half.
 *
 * One asm statement per call: round keys 1..Nr load once into the top FP registers (%d8-%d62
 * for AES-256, %d16-%d62 for AES-192, %d24-%d62 for AES-128), round key 0 into %d8/%d10 where
 * those are free (AES-128/192) or into temporaries at each block or pair (AES-256, where the
 * 28 round-key doubles and one state fill all 32), then the loop over blocks runs inside. The
 * loops count a negative byte offset up to zero against end pointers: two loop instructions a
 * block (addcc, and a branch whose delay slot holds the last store), three a pair.
 *
 * Data and chaining values go through ldd/std, which need 8-byte alignment: the callers pass
 * misaligned buffers through an aligned bounce buffer. The opcodes are emitted as .word (the
 * kernel assembles for v9a). Every FP register an asm writes is in its clobber list, with the
 * fixed integer registers %g1-%g3 where movxtod needs them. The caller owns the FPU protocol
 * (hwc_simd_begin()/hwc_simd_end(), kmod/sparc/hwc_arch.h).
 *
 * Secret-independent: no branch or address depends on key or data; the only value-dependent
 * branch is where CTR splits a request at a counter wrap (the counter is public).
 */
#include "hwc_arch_cores.h"
#include "../hwc_bytes.h"

#define S_(x) #x
#define S(x) S_(x)

/* A double register number (0..62) in the 5-bit field: bit 5 goes to bit 0. */
#define DREG(n) "(((" S(n) ")&0x1e)|(((" S(n) ")>>5)&1))"

/* op=2, rd, op3=0x19, rs1 = round-key half, rs3 = state columns 2-3, op5, rs2 = columns 0-1. */
#define T4_ROUND(op5, k, a0, a1, d)						\
	".word (0x80000000|(" DREG(d) "<<25)|(0x19<<19)|(" DREG(k) "<<14)|("	\
	DREG(a1) "<<9)|((" S(op5) ")<<5)|" DREG(a0) ")\n\t"

/* VIS3 movxtod %g<r>, %d<d> (op3 0x36, opf 0x118). */
#define MOVXTOD(r, d)								\
	".word (0x80000000|(" DREG(d) "<<25)|(0x36<<19)|(0x118<<5)|" S(r) ")\n\t"

/* op5: encryption 0/1, decryption 2/3; +4 the last round. */
#define ENC 0
#define DEC 2

/* Round r of Nr keeps its key in %d(64 - 4 (Nr + 1 - r)) and the next double. */
#define KR(nr, r) (64 - 4 * ((nr) + 1 - (r)))

#define RND(nr, r, o, a0, a1, b0, b1)						\
	T4_ROUND(o, KR(nr, r), a0, a1, b0) T4_ROUND((o) + 1, KR(nr, r) + 2, a0, a1, b1)
/* Two rounds, state to temporaries and back. */
#define PAIR(nr, r, o) RND(nr, r, o, 0, 2, 4, 6) RND(nr, (r) + 1, o, 4, 6, 0, 2)
#define LASTPAIR(nr, o) RND(nr, (nr) - 1, o, 0, 2, 4, 6) RND(nr, nr, (o) + 4, 4, 6, 0, 2)
#define ROUNDS10(o) PAIR(10, 1, o) PAIR(10, 3, o) PAIR(10, 5, o) PAIR(10, 7, o) LASTPAIR(10, o)
#define ROUNDS12(o) PAIR(12, 1, o) PAIR(12, 3, o) PAIR(12, 5, o) PAIR(12, 7, o) PAIR(12, 9, o) \
	LASTPAIR(12, o)
#define ROUNDS14(o) PAIR(14, 1, o) PAIR(14, 3, o) PAIR(14, 5, o) PAIR(14, 7, o) PAIR(14, 9, o) \
	PAIR(14, 11, o) LASTPAIR(14, o)

/*
 * Key of the round held in %d(a): encryption takes round r from ek + 16 r, decryption takes
 * its round r from ek + 16 (Nr - r). d selects (0 or 1) inside the assembler expression.
 */
#define KOFF(a, nr, d)								\
	S(16 * ((d) * ((64 - (a)) / 4 - 1) + (1 - (d)) * ((nr) + 1 - (64 - (a)) / 4)))
#define LDK(a, b, nr, d)							\
	"ldd [%[ks] + " KOFF(a, nr, d) "], %%f" #a "\n\t"			\
	"ldd [%[ks] + " KOFF(a, nr, d) " + 8], %%f" #b "\n\t"
#define KEYS10(nr, d) LDK(24, 26, nr, d) LDK(28, 30, nr, d) LDK(32, 34, nr, d)		\
	LDK(36, 38, nr, d) LDK(40, 42, nr, d) LDK(44, 46, nr, d) LDK(48, 50, nr, d)	\
	LDK(52, 54, nr, d) LDK(56, 58, nr, d) LDK(60, 62, nr, d)
#define KEYS12(nr, d) LDK(16, 18, nr, d) LDK(20, 22, nr, d) KEYS10(nr, d)
#define KEYS14(nr, d) LDK(8, 10, nr, d) LDK(12, 14, nr, d) KEYS12(nr, d)

/*
 * Round key 0 (the first key applied: ek[0] encrypting, ek[Nr] decrypting) at %[k0]:
 * AES-128/192 keep it in %d8/%d10 over the call (K0_SETUP); AES-256 reloads it into the
 * temporaries at each block. XK0 applies it to the state in %d0/%d2.
 */
#define K0_SETUP_10 "ldd [%[k0]], %%f8\n\tldd [%[k0] + 8], %%f10\n\t"
#define K0_SETUP_12 K0_SETUP_10
#define K0_SETUP_14 ""
#define XK0_10 "fxor %%f0, %%f8, %%f0\n\tfxor %%f2, %%f10, %%f2\n\t"
#define XK0_12 XK0_10
#define XK0_14 "ldd [%[k0]], %%f4\n\tldd [%[k0] + 8], %%f6\n\t"				\
	"fxor %%f0, %%f4, %%f0\n\tfxor %%f2, %%f6, %%f2\n\t"

#define KEYS(nr, d) KEYS##nr(nr, d)
#define ROUNDS(nr, o) ROUNDS##nr(o)
#define K0_SETUP(nr) K0_SETUP_##nr
#define XK0(nr) XK0_##nr

#define CLOBBER_FP								\
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11",	\
	"f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23",	\
	"f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31", "f32", "f34", "f36", "f38",	\
	"f40", "f42", "f44", "f46", "f48", "f50", "f52", "f54", "f56", "f58", "f60", "f62"

/* Loop end: next block; the delay slot stores the second half of this one. */
#define NEXT(reg)								\
	"addcc %[o], 16, %[o]\n\t"						\
	"bne,pt %%xcc, 1b\n\t"							\
	" std %%f" #reg ", [%[d8] + %[o]]\n\t"

/* End pointers and the negative offset the loops count up to zero; the asm operands of them. */
#define PTRS1									\
	long o = -(long)len;							\
	const hwc_u8 *s = src + len, *s8 = s + 8;				\
	hwc_u8 *d = dst + len, *d8 = d - 8;
#define OPS1 [s] "r"(s), [s8] "r"(s8), [d] "r"(d), [d8] "r"(d8)

/* Register names and the offset-addressed moves of the loops below. */
#define FR(n) "%%f" S(n)
#define FXOR(a, b, d) "fxor " FR(a) ", " FR(b) ", " FR(d) "\n\t"
#define LDD(base, reg) "ldd [%[" #base "] + %[o]], " FR(reg) "\n\t"
#define STD(reg, base) "std " FR(reg) ", [%[" #base "] + %[o]]\n\t"

/*
 * One block of each mode, up to its stores (the result in %d0/%d2): the body of the one-block
 * loops and the tail of the two-block ones. XK0ONE applies round key 0 where a loop keeps it
 * (AES-128: %d8/%d10) or loads it into the temporaries (AES-192 in the pair loops, AES-256).
 */
#define XK0ONE_10 XK0_10
#define XK0ONE_12 XK0_14
#define XK0ONE_14 XK0_14
#define XK0ONE(nr) XK0ONE_##nr
#define ECB_ONE(nr, dir) LDD(s, 0) LDD(s8, 2) XK0ONE(nr) ROUNDS(nr, dir)
/* CBC decryption: the previous ciphertext block in %g2/%g3, replaced before the store. */
#define CBCDEC_ONE(nr)								\
	LDD(s, 0) LDD(s8, 2) XK0ONE(nr) ROUNDS(nr, DEC)				\
	MOVXTOD(2, 4) MOVXTOD(3, 6)						\
	"ldx [%[s] + %[o]], %%g2\n\t"						\
	"ldx [%[s8] + %[o]], %%g3\n\t"						\
	FXOR(0, 4, 0) FXOR(2, 6, 2)
/* CTR: the counter in %g2/%g3, its low word incremented per block. */
#define CTR_ONE(nr)								\
	MOVXTOD(2, 0) MOVXTOD(3, 2) "add %%g3, 1, %%g3\n\t"			\
	XK0ONE(nr) ROUNDS(nr, ENC) LDD(s, 4) LDD(s8, 6) FXOR(0, 4, 0) FXOR(2, 6, 2)
/* XEX: the block's tweak at the same offset of the tweak buffer, before and after. */
#define XEX_ONE(nr, dir)							\
	LDD(s, 0) LDD(s8, 2) XK0ONE(nr)						\
	LDD(t, 4) LDD(t8, 6) FXOR(0, 4, 0) FXOR(2, 6, 2)			\
	ROUNDS(nr, dir)								\
	LDD(t, 4) LDD(t8, 6) FXOR(0, 4, 0) FXOR(2, 6, 2)
/* The one-block loop around ONE; and ONE stored as the last block of a pair loop. */
#define LOOP1(one) "1:\n\t" one STD(0, d) NEXT(2)
#define TAIL1(one) one STD(0, d) STD(2, d8)

/*
 * The bulk routines, per key size: @len a nonzero multiple of 16, @src, @dst, @iv and @ks
 * 8-byte aligned (@ks the encryption schedule).
 *
 * CBC encryption is serial, one block at a time: the chaining value stays in %d0/%d2.
 */
#define T4_CBC_ENC(nr, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
		 hwc_u64 iv[2])							\
{										\
	PTRS1									\
										\
	__asm__ __volatile__(							\
		KEYS(nr, 0) K0_SETUP(nr)					\
		"ldd [%[iv]], %%f0\n\t"						\
		"ldd [%[iv] + 8], %%f2\n\t"					\
		"1:\n\t"							\
		"ldd [%[s] + %[o]], %%f4\n\t"					\
		"ldd [%[s8] + %[o]], %%f6\n\t"					\
		"fxor %%f0, %%f4, %%f0\n\t"					\
		"fxor %%f2, %%f6, %%f2\n\t"					\
		XK0(nr) ROUNDS(nr, ENC)						\
		"std %%f0, [%[d] + %[o]]\n\t"					\
		NEXT(2)								\
		"std %%f0, [%[iv]]\n\t"						\
		"std %%f2, [%[iv] + 8]\n\t"					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks), [iv] "r"(iv),	\
		  OPS1								\
		: "memory", "cc", CLOBBER_FP);					\
}

/*
 * CBC decryption one block at a time, for AES-256: the pair loop's eight key reloads a pair
 * cost more instructions than the second chain saves here (Linux's cbc_decrypt_256 is one
 * block at a time as well).
 */
#define T4_CBC_DEC(nr, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
		 hwc_u64 iv[2])							\
{										\
	PTRS1									\
										\
	__asm__ __volatile__(							\
		KEYS(nr, 1) K0_SETUP(nr)					\
		"ldx [%[iv]], %%g2\n\t"						\
		"ldx [%[iv] + 8], %%g3\n\t"					\
		LOOP1(CBCDEC_ONE(nr))						\
		"stx %%g2, [%[iv]]\n\t"						\
		"stx %%g3, [%[iv] + 8]\n\t"					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks + 2 * nr), [iv] "r"(iv),	\
		  OPS1								\
		: "memory", "cc", "g2", "g3", CLOBBER_FP);			\
}

/*
 * The parallel modes two blocks at a time: the second block's state and temporaries are B0/B1
 * and T0/T1, and each round's opcodes alternate between the blocks, so a T4 overlaps one
 * block's rounds with the other's. AES-128 keeps round key 0 in %d8/%d10; AES-192, whose keys
 * start at %d16, loads it into the first block's temporaries once per pair; AES-256 borrows
 * round-key registers (below). Pairs run while 32 bytes or more remain, then one block if 16
 * are left.
 */
#define B0_10 12
#define B1_10 14
#define T0_10 16
#define T1_10 18
#define B0_12 8
#define B1_12 10
#define T0_12 12
#define T1_12 14
/*
 * AES-256: the two states in %d0/%d2 and %d4/%d6, their temporaries in round-key registers
 * whose keys are not needed at that point and are reloaded after: rounds 13-14's (%d56-%d62)
 * for round key 0 and rounds 1-2, rounds 1-2's (%d8-%d14) from round 3 on and for the work
 * after the last round. Eight extra loads a pair, for two independent chains of opcodes.
 */
#define B0_14 4
#define B1_14 6
#define T0_14 12
#define T1_14 14
#define B0(nr) B0_##nr
#define B1(nr) B1_##nr
#define T0(nr) T0_##nr
#define T1(nr) T1_##nr
/* Scratch of the A and B blocks before the rounds (PA, PB) and after them (QA, QB). */
#define PA0(nr) PA0_##nr
#define PA1(nr) PA1_##nr
#define PB0(nr) PB0_##nr
#define PB1(nr) PB1_##nr
#define QA0(nr) QA0_##nr
#define QA1(nr) QA1_##nr
#define QB0(nr) QB0_##nr
#define QB1(nr) QB1_##nr
#define PA0_10 4
#define PA1_10 6
#define PB0_10 T0_10
#define PB1_10 T1_10
#define PA0_12 4
#define PA1_12 6
#define PB0_12 T0_12
#define PB1_12 T1_12
#define QA0_10 4
#define QA1_10 6
#define QB0_10 T0_10
#define QB1_10 T1_10
#define QA0_12 4
#define QA1_12 6
#define QB0_12 T0_12
#define QB1_12 T1_12
#define PA0_14 56
#define PA1_14 58
#define PB0_14 60
#define PB1_14 62
#define QA0_14 8
#define QA1_14 10
#define QB0_14 12
#define QB1_14 14
/* The borrowed round keys 1-2 back, once a pair's last use of QA/QB is done (d: decryption). */
#define POSTK_10(d)
#define POSTK_12(d)
#define POSTK_14(d) LDK(8, 10, 14, d) LDK(12, 14, 14, d)
#define POSTK(nr, d) POSTK_##nr(d)

#define PAIR2(nr, r, o)								\
	RND(nr, r, o, 0, 2, 4, 6) RND(nr, r, o, B0(nr), B1(nr), T0(nr), T1(nr))	\
	RND(nr, (r) + 1, o, 4, 6, 0, 2) RND(nr, (r) + 1, o, T0(nr), T1(nr), B0(nr), B1(nr))
#define LASTPAIR2(nr, o)							\
	RND(nr, (nr) - 1, o, 0, 2, 4, 6)					\
	RND(nr, (nr) - 1, o, B0(nr), B1(nr), T0(nr), T1(nr))			\
	RND(nr, nr, (o) + 4, 4, 6, 0, 2)					\
	RND(nr, nr, (o) + 4, T0(nr), T1(nr), B0(nr), B1(nr))
#define ROUNDS2_10(o) PAIR2(10, 1, o) PAIR2(10, 3, o) PAIR2(10, 5, o) PAIR2(10, 7, o)	\
	LASTPAIR2(10, o)
#define ROUNDS2_12(o) PAIR2(12, 1, o) PAIR2(12, 3, o) PAIR2(12, 5, o) PAIR2(12, 7, o)	\
	PAIR2(12, 9, o) LASTPAIR2(12, o)
#define RND2_14(r, o, a0, a1, b0, b1, c0, c1, d0, d1)				\
	RND(14, r, o, a0, a1, b0, b1) RND(14, r, o, c0, c1, d0, d1)
#define PAIR2_14(r, o)								\
	RND2_14(r, o, 0, 2, 8, 10, 4, 6, 12, 14)				\
	RND2_14((r) + 1, o, 8, 10, 0, 2, 12, 14, 4, 6)
#define ROUNDS2_14(o)								\
	RND2_14(1, o, 0, 2, 56, 58, 4, 6, 60, 62)				\
	RND2_14(2, o, 56, 58, 0, 2, 60, 62, 4, 6)				\
	LDK(56, 58, 14, (o) / 2) LDK(60, 62, 14, (o) / 2)			\
	PAIR2_14(3, o) PAIR2_14(5, o) PAIR2_14(7, o) PAIR2_14(9, o) PAIR2_14(11, o)	\
	RND2_14(13, o, 0, 2, 8, 10, 4, 6, 12, 14)				\
	RND2_14(14, (o) + 4, 8, 10, 0, 2, 12, 14, 4, 6)
#define ROUNDS2(nr, o) ROUNDS2_##nr(o)


/* Round key 0 into both blocks' states; and into the single block's of the tail. */
#define XK0PAIR_10 FXOR(0, 8, 0) FXOR(2, 10, 2) FXOR(12, 8, 12) FXOR(14, 10, 14)
#define XK0PAIR_12 "ldd [%[k0]], %%f4\n\tldd [%[k0] + 8], %%f6\n\t"			\
	FXOR(0, 4, 0) FXOR(2, 6, 2) FXOR(8, 4, 8) FXOR(10, 6, 10)
#define XK0PAIR_14 "ldd [%[k0]], %%f56\n\tldd [%[k0] + 8], %%f58\n\t"			\
	FXOR(0, 56, 0) FXOR(2, 58, 2) FXOR(4, 56, 4) FXOR(6, 58, 6)
#define XK0PAIR(nr) XK0PAIR_##nr
#define K0_SETUP2_10 K0_SETUP_10
#define K0_SETUP2_12 ""
#define K0_SETUP2_14 ""
#define K0_SETUP2(nr) K0_SETUP2_##nr

/*
 * The pair loop around BODY (which ends by storing all but the B block's second half) and
 * the single-block TAIL.
 */
#define LOOP2(nr, body, tail)							\
	"cmp %[o], -32\n\t"							\
	"bg,pn %%xcc, 2f\n\t"							\
	" nop\n\t"								\
	"1:\n\t"								\
	body									\
	"add %[o], 32, %[o]\n\t"						\
	"cmp %[o], -32\n\t"							\
	"ble,pt %%xcc, 1b\n\t"							\
	" std " FR(B1(nr)) ", [%[dm8] + %[o]]\n\t"				\
	"2:\n\t"								\
	"brz,pn %[o], 3f\n\t"							\
	" nop\n\t"								\
	tail									\
	"3:\n\t"

#define PTRS2									\
	long o = -(long)len;							\
	const hwc_u8 *s = src + len, *s8 = s + 8, *s16 = s + 16, *s24 = s + 24;	\
	hwc_u8 *d = dst + len, *d8 = d + 8, *d16 = d + 16, *dm8 = d - 8;
#define OPS2 [s] "r"(s), [s8] "r"(s8), [s16] "r"(s16), [s24] "r"(s24), [d] "r"(d),	\
	[d8] "r"(d8), [d16] "r"(d16), [dm8] "r"(dm8)

#define LOAD2(nr) LDD(s, 0) LDD(s8, 2) LDD(s16, B0(nr)) LDD(s24, B1(nr))
#define STORE2(nr) STD(0, d) STD(2, d8) STD(B0(nr), d16)

#define T4_ECB2(nr, dir, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len)	\
{										\
	PTRS2									\
	__asm__ __volatile__(							\
		KEYS(nr, dir / 2) K0_SETUP2(nr)					\
		LOOP2(nr,							\
		      LOAD2(nr) XK0PAIR(nr) ROUNDS2(nr, dir) POSTK(nr, dir / 2)	\
		      STORE2(nr),						\
		      TAIL1(ECB_ONE(nr, dir)))					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks + (dir ? 2 * nr : 0)), OPS2		\
		: "memory", "cc", CLOBBER_FP);					\
}

/* CBC decryption: block A's chaining value from %g2/%g3, block B's is A's ciphertext. */
#define T4_CBC_DEC2(nr, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
		 hwc_u64 iv[2])							\
{										\
	PTRS2									\
	__asm__ __volatile__(							\
		KEYS(nr, 1) K0_SETUP2(nr)					\
		"ldx [%[iv]], %%g2\n\t"						\
		"ldx [%[iv] + 8], %%g3\n\t"					\
		LOOP2(nr,							\
		      LOAD2(nr) XK0PAIR(nr) ROUNDS2(nr, DEC)				\
		      MOVXTOD(2, QA0(nr)) MOVXTOD(3, QA1(nr))			\
		      FXOR(0, QA0(nr), 0) FXOR(2, QA1(nr), 2)			\
		      LDD(s, QB0(nr)) LDD(s8, QB1(nr))				\
		      FXOR(B0(nr), QB0(nr), B0(nr)) FXOR(B1(nr), QB1(nr), B1(nr))	\
		      "ldx [%[s16] + %[o]], %%g2\n\t"				\
		      "ldx [%[s24] + %[o]], %%g3\n\t"				\
		      POSTK(nr, 1) STORE2(nr),					\
		      TAIL1(CBCDEC_ONE(nr)))					\
		"stx %%g2, [%[iv]]\n\t"						\
		"stx %%g3, [%[iv] + 8]\n\t"					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks + 2 * nr), [iv] "r"(iv), OPS2	\
		: "memory", "cc", "g2", "g3", CLOBBER_FP);			\
}

#define T4_CTR2(nr, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
		 hwc_u64 ctr[2])						\
{										\
	PTRS2									\
	__asm__ __volatile__(							\
		KEYS(nr, 0) K0_SETUP2(nr)					\
		"ldx [%[ctr]], %%g2\n\t"					\
		"ldx [%[ctr] + 8], %%g3\n\t"					\
		LOOP2(nr,							\
		      MOVXTOD(2, 0) MOVXTOD(3, 2) "add %%g3, 1, %%g3\n\t"	\
		      MOVXTOD(2, B0(nr)) MOVXTOD(3, B1(nr)) "add %%g3, 1, %%g3\n\t"	\
		      XK0PAIR(nr) ROUNDS2(nr, ENC)					\
		      LDD(s, QA0(nr)) LDD(s8, QA1(nr)) LDD(s16, QB0(nr)) LDD(s24, QB1(nr))	\
		      FXOR(0, QA0(nr), 0) FXOR(2, QA1(nr), 2)			\
		      FXOR(B0(nr), QB0(nr), B0(nr)) FXOR(B1(nr), QB1(nr), B1(nr))	\
		      POSTK(nr, 0) STORE2(nr),					\
		      TAIL1(CTR_ONE(nr)))					\
		"stx %%g3, [%[ctr] + 8]\n\t"					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks), [ctr] "r"(ctr), OPS2		\
		: "memory", "cc", "g2", "g3", CLOBBER_FP);			\
}

#define T4_XEX2(nr, dir, name)							\
static void name(const hwc_u64 *ks, hwc_u8 *dst, const hwc_u8 *src, hwc_size len,	\
		 const hwc_u8 *tw)						\
{										\
	const hwc_u8 *t = tw + len, *t8 = t + 8, *t16 = t + 16, *t24 = t + 24;	\
	PTRS2									\
	__asm__ __volatile__(							\
		KEYS(nr, dir / 2) K0_SETUP2(nr)					\
		LOOP2(nr,							\
		      LOAD2(nr) XK0PAIR(nr)						\
		      LDD(t, PA0(nr)) LDD(t8, PA1(nr)) LDD(t16, PB0(nr)) LDD(t24, PB1(nr))	\
		      FXOR(0, PA0(nr), 0) FXOR(2, PA1(nr), 2)			\
		      FXOR(B0(nr), PB0(nr), B0(nr)) FXOR(B1(nr), PB1(nr), B1(nr))	\
		      ROUNDS2(nr, dir)						\
		      LDD(t, QA0(nr)) LDD(t8, QA1(nr)) LDD(t16, QB0(nr)) LDD(t24, QB1(nr))	\
		      FXOR(0, QA0(nr), 0) FXOR(2, QA1(nr), 2)			\
		      FXOR(B0(nr), QB0(nr), B0(nr)) FXOR(B1(nr), QB1(nr), B1(nr))	\
		      POSTK(nr, dir / 2) STORE2(nr),				\
		      TAIL1(XEX_ONE(nr, dir)))					\
		: [o] "+r"(o)							\
		: [ks] "r"(ks), [k0] "r"(ks + (dir ? 2 * nr : 0)), [t] "r"(t),	\
		  [t8] "r"(t8), [t16] "r"(t16), [t24] "r"(t24), OPS2		\
		: "memory", "cc", CLOBBER_FP);					\
}

#define T4_ALL2(nr, cbc_dec)							\
	T4_ECB2(nr, ENC, ecb_enc_##nr)						\
	T4_ECB2(nr, DEC, ecb_dec_##nr)						\
	T4_CBC_ENC(nr, cbc_enc_##nr)						\
	cbc_dec(nr, cbc_dec_##nr)						\
	T4_CTR2(nr, ctr_##nr)							\
	T4_XEX2(nr, ENC, xex_enc_##nr)						\
	T4_XEX2(nr, DEC, xex_dec_##nr)
T4_ALL2(10, T4_CBC_DEC2)
T4_ALL2(12, T4_CBC_DEC2)
T4_ALL2(14, T4_CBC_DEC)

typedef void t4_bulk_fn(const hwc_u64 *, hwc_u8 *, const hwc_u8 *, hwc_size);
typedef void t4_chain_fn(const hwc_u64 *, hwc_u8 *, const hwc_u8 *, hwc_size, hwc_u64 *);
typedef void t4_xex_fn(const hwc_u64 *, hwc_u8 *, const hwc_u8 *, hwc_size, const hwc_u8 *);

struct t4_fns {
	t4_bulk_fn *ecb[2];
	t4_chain_fn *cbc_enc, *cbc_dec, *ctr;
	t4_xex_fn *xex[2];
};

#define T4_FNS(nr)								\
	{ { ecb_enc_##nr, ecb_dec_##nr }, cbc_enc_##nr, cbc_dec_##nr, ctr_##nr,	\
	  { xex_enc_##nr, xex_dec_##nr } }
static const struct t4_fns t4_fns[3] = { T4_FNS(10), T4_FNS(12), T4_FNS(14) };

static const struct t4_fns *fns(const struct hwc_aes_key *k)
{
	return &t4_fns[(k->nr - 10) / 2];
}

/*
 * The schedule as the asm reads it: ek itself when 8-byte aligned (hwc_aes_key's alignment
 * is only hwc_u32's), else a copy in @buf.
 */
static const hwc_u64 *sched(const struct hwc_aes_key *k, hwc_u64 buf[30])
{
	if (!((unsigned long)k->ek & 7))
		return (const hwc_u64 *)k->ek;
	__builtin_memcpy(buf, k->ek, 16 * (k->nr + 1));
	return buf;
}

static void sched_done(const hwc_u64 *ks, hwc_u64 buf[30])
{
	if (ks == buf)
		hwc_memzero_explicit(buf, 30 * 8);
}

/* Bytes per pass through the bounce buffer for misaligned data, and per tweak batch. */
#define T4_CHUNK 512

static int aligned(const void *a, const void *b)
{
	return !(((unsigned long)a | (unsigned long)b) & 7);
}

static void ecb(const struct hwc_aes_key *k, int dec, hwc_u8 *dst, const hwc_u8 *src,
		hwc_size nblocks)
{
	hwc_u64 kb[30], bounce[T4_CHUNK / 8];
	const hwc_u64 *ks;
	hwc_size len = 16 * nblocks, n;

	if (!len)
		return;
	ks = sched(k, kb);
	if (aligned(dst, src)) {
		fns(k)->ecb[dec](ks, dst, src, len);
	} else {
		for (; len; len -= n, src += n, dst += n) {
			n = len < T4_CHUNK ? len : T4_CHUNK;
			__builtin_memcpy(bounce, src, n);
			fns(k)->ecb[dec](ks, (hwc_u8 *)bounce, (hwc_u8 *)bounce, n);
			__builtin_memcpy(dst, bounce, n);
		}
		hwc_memzero_explicit(bounce, sizeof(bounce));
	}
	sched_done(ks, kb);
}

void hwc_aes_ecb_enc_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks)
{
	ecb(k, 0, dst, src, nblocks);
}

void hwc_aes_ecb_dec_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks)
{
	ecb(k, 1, dst, src, nblocks);
}

/* CBC and CTR: @len whole blocks; the 16-byte chaining value @cv in and out. */
static void chain(const struct hwc_aes_key *k, t4_chain_fn *fn, hwc_u8 *dst, const hwc_u8 *src,
		  hwc_size len, hwc_u8 cv[16])
{
	hwc_u64 kb[30], bounce[T4_CHUNK / 8], vb[2], *v = vb;
	const hwc_u64 *ks;
	hwc_size n;

	if (!len)
		return;
	ks = sched(k, kb);
	/* A byte-wise copy of a misaligned value costs more than a short request's blocks. */
	if ((unsigned long)cv & 7)
		__builtin_memcpy(vb, cv, 16);
	else
		v = (hwc_u64 *)cv;
	if (aligned(dst, src)) {
		fn(ks, dst, src, len, v);
	} else {
		for (; len; len -= n, src += n, dst += n) {
			n = len < T4_CHUNK ? len : T4_CHUNK;
			__builtin_memcpy(bounce, src, n);
			fn(ks, (hwc_u8 *)bounce, (hwc_u8 *)bounce, n, v);
			__builtin_memcpy(dst, bounce, n);
		}
		hwc_memzero_explicit(bounce, sizeof(bounce));
	}
	if (v == vb)
		__builtin_memcpy(cv, vb, 16);
	sched_done(ks, kb);
}

void hwc_aes_cbc_enc_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks, hwc_u8 iv[16])
{
	chain(k, fns(k)->cbc_enc, dst, src, 16 * nblocks, iv);
}

void hwc_aes_cbc_dec_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size nblocks, hwc_u8 iv[16])
{
	chain(k, fns(k)->cbc_dec, dst, src, 16 * nblocks, iv);
}

/* 8 bytes at @p, which is most often 8-byte aligned: no byte-wise copy then. */
static hwc_u64 ld64(const hwc_u8 *p)
{
	hwc_u64 w;

	if (!((unsigned long)p & 7))
		return *(const hwc_u64 *)p;
	__builtin_memcpy(&w, p, 8);
	return w;
}

/*
 * CTR over whole blocks, split where the counter's low 64 bits (@inc32: its low 32 bits) wrap:
 * the asm only adds 1 to the low word, and the carry is applied here, between calls.
 */
static void ctr_blocks(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		       hwc_size len, hwc_u8 ctr[16], int inc32)
{
	t4_chain_fn *fn = fns(k)->ctr;
	hwc_u64 lo, hi, room, n;

	while (len) {
		lo = ld64(ctr + 8);
		/* Blocks before the wrap; 0 stands for 2^64 (or 2^32). */
		room = inc32 ? (0x100000000ull - (lo & 0xffffffffull)) : 0 - lo;
		n = len / 16;
		if (room && room < n)
			n = room;
		chain(k, fn, dst, src, 16 * n, ctr);
		if (n == room) {
			lo = ld64(ctr + 8);
			if (inc32) {
				/* The asm carried into bit 32: GCM's counter wraps within 32 bits. */
				lo -= 0x100000000ull;
			} else {
				__builtin_memcpy(&hi, ctr, 8);
				hi++;
				__builtin_memcpy(ctr, &hi, 8);
			}
			__builtin_memcpy(ctr + 8, &lo, 8);
		}
		src += 16 * n;
		dst += 16 * n;
		len -= 16 * n;
	}
}

/* A final partial block of CTR: one keystream block from the counter, which then advances. */
static void ctr_tail(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src, hwc_size n,
		     hwc_u8 ctr[16], int inc32)
{
	hwc_u64 blk[2] = { 0, 0 };
	hwc_size i;

	ctr_blocks(k, (hwc_u8 *)blk, (const hwc_u8 *)blk, 16, ctr, inc32);
	for (i = 0; i < n; i++)
		dst[i] = src[i] ^ ((hwc_u8 *)blk)[i];
	hwc_memzero_explicit(blk, sizeof(blk));
}

void hwc_aes_ctr_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
		    hwc_size len, hwc_u8 ctr[16])
{
	hwc_size full = len & ~(hwc_size)15;

	ctr_blocks(k, dst, src, full, ctr, 0);
	if (len > full)
		ctr_tail(k, dst + full, src + full, len - full, ctr, 0);
}

/*
 * IEEE 1619 numbers the tweak little-endian: its halves move through the little-endian ASI
 * (ASI_PRIMARY_LITTLE, 0x88), which needs 8-byte alignment (@p is).
 */
static hwc_u64 ld_le64(const hwc_u64 *p)
{
	hwc_u64 w;

	__asm__("ldxa [%1] 0x88, %0" : "=r"(w) : "r"(p), "m"(*p));
	return w;
}

static void st_le64(hwc_u64 *p, hwc_u64 w)
{
	__asm__("stxa %1, [%2] 0x88" : "=m"(*p) : "r"(w), "r"(p));
}

/*
 * XTS (SP 800-38E): tweaks of up to T4_CHUNK bytes computed here into an aligned buffer (the
 * data bounced alongside when misaligned), the blocks by the XEX asm; ciphertext stealing at
 * the end through the same asm one block at a time.
 */
static void xts(const struct hwc_aes_key *k, int dec, hwc_u8 *dst, const hwc_u8 *src,
		hwc_size len, hwc_u8 tweak[16])
{
	hwc_u64 kb[30], tw[T4_CHUNK / 8], bounce[T4_CHUNK / 8], cc[2], pp[2], t[2];
	hwc_size tail = len % 16, full = len - tail - (tail ? 16 : 0), n, i;
	t4_xex_fn *fn = fns(k)->xex[dec];
	const hwc_u64 *ks = sched(k, kb);
	int al = aligned(dst, src);
	hwc_u64 lo, hi, c;

	__builtin_memcpy(t, tweak, 16);
	lo = ld_le64(&t[0]);
	hi = ld_le64(&t[1]);

	for (; full; full -= n, src += n, dst += n) {
		n = full < T4_CHUNK ? full : T4_CHUNK;
		for (i = 0; i < n / 8; i += 2) {
			st_le64(&tw[i], lo);
			st_le64(&tw[i + 1], hi);
			c = 0 - (hi >> 63);
			hi = (hi << 1) | (lo >> 63);
			lo = (lo << 1) ^ (c & 0x87);
		}
		if (al) {
			fn(ks, dst, src, n, (const hwc_u8 *)tw);
		} else {
			__builtin_memcpy(bounce, src, n);
			fn(ks, (hwc_u8 *)bounce, (hwc_u8 *)bounce, n, (const hwc_u8 *)tw);
			__builtin_memcpy(dst, bounce, n);
		}
	}
	st_le64(&t[0], lo);
	st_le64(&t[1], hi);
	__builtin_memcpy(tweak, t, 16);
	if (tail) {
		/* tw[0..1] the tweak of the last full block, tw[2..3] the next one. */
		st_le64(&tw[0], lo);
		st_le64(&tw[1], hi);
		c = 0 - (hi >> 63);
		st_le64(&tw[2], (lo << 1) ^ (c & 0x87));
		st_le64(&tw[3], (hi << 1) | (lo >> 63));
		/* Decryption takes the later tweak first (IEEE 1619 5.3.2). */
		__builtin_memcpy(cc, src, 16);
		fn(ks, (hwc_u8 *)cc, (const hwc_u8 *)cc, 16, (const hwc_u8 *)tw + (dec ? 16 : 0));
		__builtin_memcpy(pp, src + 16, tail);
		__builtin_memcpy((hwc_u8 *)pp + tail, (hwc_u8 *)cc + tail, 16 - tail);
		__builtin_memcpy(dst + 16, cc, tail);
		fn(ks, (hwc_u8 *)pp, (const hwc_u8 *)pp, 16, (const hwc_u8 *)tw + (dec ? 0 : 16));
		__builtin_memcpy(dst, pp, 16);
		hwc_memzero_explicit(cc, sizeof(cc));
		hwc_memzero_explicit(pp, sizeof(pp));
	}
	if (!al)
		hwc_memzero_explicit(bounce, sizeof(bounce));
	hwc_memzero_explicit(tw, sizeof(tw));
	sched_done(ks, kb);
}

void hwc_aes_xts_enc_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
	xts(k, 0, dst, src, len, tweak);
}

void hwc_aes_xts_dec_t4(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
	xts(k, 1, dst, src, len, tweak);
}

/*
 * GHASH. A block read big-endian is GCM's polynomial bit-reflected (bit 63 of the first word
 * = x^0). The carry-less product of two reflected 128-bit values read as a reflected 256-bit
 * value is the polynomial product times x, so multiplying by H' = H x^-1 gives Y H with no
 * realignment; x^-1 = x^127 + x^6 + x + 1, whose reflected form is 0xc2000...01, so H' is H
 * shifted toward x^0 by one with that folded in when H's x^0 bit drops out. The 256-bit
 * product r0 (x^0..x^63) .. r3 (x^192..x^255) reduces by x^128 = x^7 + x^2 + x + 1: each
 * high word folds into the two words 128 terms lower, as the word shifted right (toward
 * higher powers) by 0, 1, 2 and 7, its overflow into the word after.
 */
/* VIS3 xmulx (opf 0x115, low 64 bits of the carry-less product) and xmulxhi (0x116, high). */
#define XMULX(opf, rs1, rs2, rd)						\
	".word (0x80000000|(" #rd "<<25)|(0x36<<19)|(" #rs1 "<<14)|(" #opf "<<5)|" #rs2 ")\n\t"

/*
 * The eight 64x64 partial products of A = a0:a1 and H = h0:h1, in one asm with its operands in
 * fixed registers (the .word encodings name them): a0 %o0, a1 %o1, h0 %o2, h1 %o3 in, the
 * products in %o4, %o5, %g1-%g3 and %l0-%l2 (l0-l2: window registers, free in any function).
 */
static inline void clmul128(hwc_u64 a0_, hwc_u64 a1_, hwc_u64 h0_, hwc_u64 h1_, hwc_u64 r[4])
{
	register hwc_u64 a0 __asm__("o0") = a0_, a1 __asm__("o1") = a1_;
	register hwc_u64 h0 __asm__("o2") = h0_, h1 __asm__("o3") = h1_;
	register hwc_u64 hh __asm__("o4"), hl __asm__("o5"), m0h __asm__("g1"), m0l __asm__("g2");
	register hwc_u64 m1h __asm__("g3"), m1l __asm__("l0"), lh __asm__("l1"), ll __asm__("l2");

	__asm__(XMULX(0x116, 8, 10, 12)	/* hh  = hi(a0 h0) */
		XMULX(0x115, 8, 10, 13)	/* hl  = lo(a0 h0) */
		XMULX(0x116, 8, 11, 1)	/* m0h = hi(a0 h1) */
		XMULX(0x115, 8, 11, 2)	/* m0l = lo(a0 h1) */
		XMULX(0x116, 9, 10, 3)	/* m1h = hi(a1 h0) */
		XMULX(0x115, 9, 10, 16)	/* m1l = lo(a1 h0) */
		XMULX(0x116, 9, 11, 17)	/* lh  = hi(a1 h1) */
		XMULX(0x115, 9, 11, 18)	/* ll  = lo(a1 h1) */
		: "=r"(hh), "=r"(hl), "=r"(m0h), "=r"(m0l), "=r"(m1h), "=r"(m1l), "=r"(lh), "=r"(ll)
		: "r"(a0), "r"(a1), "r"(h0), "r"(h1));
	r[0] = hh;
	r[1] = hl ^ m0h ^ m1h;
	r[2] = m0l ^ m1l ^ lh;
	r[3] = ll;
}

/* The 256-bit product r0..r3 reduced to @a (see above). */
static inline void reduce(const hwc_u64 r[4], hwc_u64 a[2])
{
	hwc_u64 r1 = r[1], r2 = r[2], v = r[3];

	r1 ^= v ^ (v >> 1) ^ (v >> 2) ^ (v >> 7);
	r2 ^= (v << 63) ^ (v << 62) ^ (v << 57);
	v = r2;
	a[0] = r[0] ^ v ^ (v >> 1) ^ (v >> 2) ^ (v >> 7);
	a[1] = r1 ^ (v << 63) ^ (v << 62) ^ (v << 57);
}

/* H x^-1 from H: one step toward x^0, x^-1 folded in where H's x^0 term drops out. */
static void to_prime(hwc_u64 h[2])
{
	hwc_u64 m = 0 - (h[0] >> 63);

	h[0] = ((h[0] << 1) | (h[1] >> 63)) ^ (m & 0xc200000000000000ull);
	h[1] = (h[1] << 1) ^ (m & 1);
}

/*
 * hp[i] = H^(i+1) x^-1 for i = 0..3: four blocks share one reduction, Y' = (Y + X1) H^4 +
 * X2 H^3 + X3 H^2 + X4 H, the four unreduced products summed first. Computed per call from
 * H, only where a call has enough blocks to repay it; wiped after (they derive from the key).
 */
struct t4_ghash {
	hwc_u64 hp[4][2];
	int npow;
};

#define T4_GHASH_AGG_MIN 8

static void ghash_key(const struct hwc_gcm_key *k, struct t4_ghash *g, hwc_size nblocks)
{
	hwc_u64 p[2], r[4];
	int i;

	g->hp[0][0] = hwc_get_be64(k->h);
	g->hp[0][1] = hwc_get_be64(k->h + 8);
	p[0] = g->hp[0][0];
	p[1] = g->hp[0][1];
	to_prime(g->hp[0]);
	g->npow = nblocks >= T4_GHASH_AGG_MIN ? 4 : 1;
	for (i = 1; i < g->npow; i++) {
		clmul128(p[0], p[1], g->hp[0][0], g->hp[0][1], r);
		reduce(r, p);
		g->hp[i][0] = p[0];
		g->hp[i][1] = p[1];
		to_prime(g->hp[i]);
	}
	hwc_memzero_explicit(p, sizeof(p));
}

static void ghash_blocks(const struct t4_ghash *g, hwc_u64 y[2], const hwc_u8 *src,
			 hwc_size nblocks)
{
	hwc_u64 a[2] = { y[0], y[1] }, r[4], t[4];
	int i;

	if (g->npow == 4) {
		for (; nblocks >= 4; nblocks -= 4, src += 64) {
			clmul128(a[0] ^ ld64(src), a[1] ^ ld64(src + 8), g->hp[3][0], g->hp[3][1], r);
			for (i = 1; i < 4; i++) {
				clmul128(ld64(src + 16 * i), ld64(src + 16 * i + 8), g->hp[3 - i][0],
					 g->hp[3 - i][1], t);
				r[0] ^= t[0];
				r[1] ^= t[1];
				r[2] ^= t[2];
				r[3] ^= t[3];
			}
			reduce(r, a);
		}
	}
	for (; nblocks; nblocks--, src += 16) {
		clmul128(a[0] ^ ld64(src), a[1] ^ ld64(src + 8), g->hp[0][0], g->hp[0][1], r);
		reduce(r, a);
	}
	y[0] = a[0];
	y[1] = a[1];
}

void hwc_ghash_t4(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
		  hwc_size nblocks)
{
	struct t4_ghash g;
	hwc_u64 acc[2];

	ghash_key(k, &g, nblocks);
	acc[0] = hwc_get_be64(y);
	acc[1] = hwc_get_be64(y + 8);
	ghash_blocks(&g, acc, src, nblocks);
	hwc_put_be64(y, acc[0]);
	hwc_put_be64(y + 8, acc[1]);
	hwc_memzero_explicit(&g, sizeof(g));
}

/*
 * GCM: the text in pieces of up to T4_CHUNK bytes, each through the inc32 CTR asm and GHASH
 * (of the ciphertext: after encrypting, before decrypting, so in place works); a final
 * partial block through one keystream block.
 */
static void gcm(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
		const hwc_u8 *src, hwc_size len)
{
	hwc_u64 acc[2], blk[2];
	hwc_size full = len & ~(hwc_size)15, n, i;
	struct t4_ghash g;

	ghash_key(k, &g, full / 16);
	acc[0] = hwc_get_be64(c->y);
	acc[1] = hwc_get_be64(c->y + 8);
	for (; full; full -= n, src += n, dst += n, len -= n) {
		n = full < T4_CHUNK ? full : T4_CHUNK;
		if (!enc)
			ghash_blocks(&g, acc, src, n / 16);
		ctr_blocks(&k->aes, dst, src, n, c->ctr, 1);
		if (enc)
			ghash_blocks(&g, acc, dst, n / 16);
	}
	if (len) {
		blk[0] = blk[1] = 0;
		ctr_blocks(&k->aes, (hwc_u8 *)blk, (const hwc_u8 *)blk, 16, c->ctr, 1);
		for (i = 0; i < len; i++) {
			hwc_u8 in = src[i];

			dst[i] = in ^ ((hwc_u8 *)blk)[i];
			((hwc_u8 *)blk)[i] = enc ? dst[i] : in;
		}
		for (; i < 16; i++)
			((hwc_u8 *)blk)[i] = 0;
		ghash_blocks(&g, acc, (const hwc_u8 *)blk, 1);
		hwc_memzero_explicit(blk, sizeof(blk));
	}
	hwc_put_be64(c->y, acc[0]);
	hwc_put_be64(c->y + 8, acc[1]);
	hwc_memzero_explicit(&g, sizeof(g));
}

HWC_GCM_DEFINE(t4, gcm)

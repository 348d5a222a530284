// SPDX-License-Identifier: GPL-2.0
/*
 * Portable constant-time AES (FIPS 197) and GHASH (SP 800-38D), the fallback of every SIMD tier.
 *
 * AES is bitsliced after Kaesper and Schwabe: four blocks are spread over eight 64-bit words,
 * word b holding bit b of all 64 bytes, so that SubBytes is a Boolean circuit (Boyar and
 * Peralta's depth-16 S-box, 128 gates) run on 64 bytes at once. Nothing is looked up by data
 * and nothing branches on it. Plain 64-bit integer C: the module builds this file without SIMD registers.
 *
 * In a word, the byte in row r, column c of lane (block) l is bit 16r + 4c + l. A row is one
 * 16-bit field, so MixColumns' "next row" is one rotation of the word by 16; ShiftRows, a
 * rotation of each row's field, is folded into MixColumns (fixslicing, below). The round keys
 * are put in planes per call, on the stack, and wiped before it returns: the tiers share one
 * key layout (hwc_aes.h), and a request may switch tiers between any two calls.
 * GHASH multiplies with integer multiplications on masked operands instead of tables (below).
 */
#include "../hwc_aes.h"
#include "../hwc_bytes.h"

#define LANES 4
/* The round's pieces take the turn j as a constant: each must be compiled into its caller. */
#define INLINE static inline __attribute__((always_inline))
/* Loops over the planes: unrolled, so that the words stay in registers rather than arrays. */
#define UNROLL _Pragma("GCC unroll 8")

static void xor_bytes(hwc_u8 *d, const hwc_u8 *a, const hwc_u8 *b, hwc_size n)
{
	hwc_u64 x, y;
	hwc_size i = 0;

	for (; i + 8 <= n; i += 8) {
		__builtin_memcpy(&x, a + i, 8);
		__builtin_memcpy(&y, b + i, 8);
		x ^= y;
		__builtin_memcpy(d + i, &x, 8);
	}
	for (; i < n; i++)
		d[i] = a[i] ^ b[i];
}

static void xor16(hwc_u8 *d, const hwc_u8 *a, const hwc_u8 *b)
{
	xor_bytes(d, a, b, 16);
}

/* Bits p + s of @a trade places with bits p of @b, for the p in @m. */
INLINE void swap2(hwc_u64 *a, hwc_u64 *b, unsigned int s, hwc_u64 m)
{
	hwc_u64 t = ((*a >> s) ^ *b) & m;

	*b ^= t;
	*a ^= t << s;
}

/* Bits p + s and p of @x trade places, for the p in @m. */
INLINE hwc_u64 swap1(hwc_u64 x, unsigned int s, hwc_u64 m)
{
	hwc_u64 t = ((x >> s) ^ x) & m;

	return x ^ t ^ (t << s);
}

/*
 * From q[4 * c1 + l] = bytes 8 * c1 .. 8 * c1 + 7 of lane l (little-endian) to bit planes.
 * A bit's address is 3 word-index bits and 6 position bits; each swap exchanges two of them.
 * Loaded, a word's position is (c0 r1 r0 b2 b1 b0) with c = 2 c1 + c0 and b the bit in its
 * byte; the word index is (c1 l1 l0). Two in-word swaps lift the row to the top, (r1 r0 c0 b),
 * then four word/position swaps trade c0, b2, b1, b0 for c1, c0, l1, l0: word (b2 b1 b0),
 * position (r1 r0 c1 c0 l1 l0). Every swap is its own inverse: unortho runs them backwards.
 */
static void ortho(hwc_u64 q[8])
{
	int i;

	UNROLL
	for (i = 0; i < 8; i++) {
		q[i] = swap1(q[i], 16, 0x00000000ffff0000ULL);
		q[i] = swap1(q[i], 8, 0x0000ff000000ff00ULL);
	}
	UNROLL
	for (i = 0; i < 4; i++)
		swap2(&q[i], &q[i + 4], 8, 0x00ff00ff00ff00ffULL);
	UNROLL
	for (i = 0; i < 4; i++)
		swap2(&q[i], &q[i + 4], 4, 0x0f0f0f0f0f0f0f0fULL);
	UNROLL
	for (i = 0; i < 8; i += (i & 1) ? 3 : 1)
		swap2(&q[i], &q[i + 2], 2, 0x3333333333333333ULL);
	UNROLL
	for (i = 0; i < 8; i += 2)
		swap2(&q[i], &q[i + 1], 1, 0x5555555555555555ULL);
}

static void unortho(hwc_u64 q[8])
{
	int i;

	UNROLL
	for (i = 0; i < 8; i += 2)
		swap2(&q[i], &q[i + 1], 1, 0x5555555555555555ULL);
	UNROLL
	for (i = 0; i < 8; i += (i & 1) ? 3 : 1)
		swap2(&q[i], &q[i + 2], 2, 0x3333333333333333ULL);
	UNROLL
	for (i = 0; i < 4; i++)
		swap2(&q[i], &q[i + 4], 4, 0x0f0f0f0f0f0f0f0fULL);
	UNROLL
	for (i = 0; i < 4; i++)
		swap2(&q[i], &q[i + 4], 8, 0x00ff00ff00ff00ffULL);
	UNROLL
	for (i = 0; i < 8; i++) {
		q[i] = swap1(q[i], 8, 0x0000ff000000ff00ULL);
		q[i] = swap1(q[i], 16, 0x00000000ffff0000ULL);
	}
}

static unsigned int lanes_for(hwc_size nblocks)
{
	return nblocks < LANES ? (unsigned int)nblocks : LANES;
}

/* @n (1..4) consecutive blocks into lanes 0..n-1; the other lanes are zero and ignored. */
static void bs_in(hwc_u64 q[8], const hwc_u8 *in, unsigned int n)
{
	unsigned int l;

	UNROLL
	for (l = 0; l < LANES; l++) {
		q[l] = l < n ? hwc_get_le64(in + 16 * l) : 0;
		q[l + 4] = l < n ? hwc_get_le64(in + 16 * l + 8) : 0;
	}
	ortho(q);
}

static void bs_out(hwc_u8 *out, hwc_u64 q[8], unsigned int n)
{
	unsigned int l;

	unortho(q);
	UNROLL
	for (l = 0; l < n; l++) {
		hwc_put_le64(out + 16 * l, q[l]);
		hwc_put_le64(out + 16 * l + 8, q[l + 4]);
	}
}

/*
 * The S-box circuit of Boyar and Peralta, "A depth-16 circuit for the AES S-box" (2011), in
 * three parts: a top linear layer (their T1..T27) computing what the shared nonlinear middle
 * (M1..M63) takes, and a bottom linear layer (L0..L29, S0..S7). Their U0 and S0 are the most
 * significant bits: plane 7. The inverse S-box reuses the middle between linear layers of its
 * own (inv_sub_bytes_63).
 */
struct sbox_in {
	hwc_u64 T1, T2, T3, T4, T6, T8, T9, T10, T13, T14, T15;
	hwc_u64 T16, T17, T19, T20, T22, T23, T24, T25, T26, T27, U7;
};

struct sbox_out {
	hwc_u64 M46, M47, M48, M49, M50, M51, M52, M53, M54;
	hwc_u64 M55, M56, M57, M58, M59, M60, M61, M62, M63;
};

INLINE void sbox_middle(struct sbox_out *o, const struct sbox_in *in)
{
	hwc_u64 T1 = in->T1, T2 = in->T2, T3 = in->T3, T4 = in->T4;
	hwc_u64 T6 = in->T6, T8 = in->T8, T9 = in->T9, T10 = in->T10;
	hwc_u64 T13 = in->T13, T14 = in->T14, T15 = in->T15, T16 = in->T16;
	hwc_u64 T17 = in->T17, T19 = in->T19, T20 = in->T20, T22 = in->T22;
	hwc_u64 T23 = in->T23, T24 = in->T24, T25 = in->T25, T26 = in->T26;
	hwc_u64 T27 = in->T27, U7 = in->U7;
	hwc_u64 M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14, M15, M16;
	hwc_u64 M17, M18, M19, M20, M21, M22, M23, M24, M25, M26, M27, M28, M29, M30, M31, M32;
	hwc_u64 M33, M34, M35, M36, M37, M38, M39, M40, M41, M42, M43, M44, M45;

	M1 = T13 & T6;
	M2 = T23 & T8;
	M3 = T14 ^ M1;
	M4 = T19 & U7;
	M5 = M4 ^ M1;
	M6 = T3 & T16;
	M7 = T22 & T9;
	M8 = T26 ^ M6;
	M9 = T20 & T17;
	M10 = M9 ^ M6;
	M11 = T1 & T15;
	M12 = T4 & T27;
	M13 = M12 ^ M11;
	M14 = T2 & T10;
	M15 = M14 ^ M11;
	M16 = M3 ^ M2;
	M17 = M5 ^ T24;
	M18 = M8 ^ M7;
	M19 = M10 ^ M15;
	M20 = M16 ^ M13;
	M21 = M17 ^ M15;
	M22 = M18 ^ M13;
	M23 = M19 ^ T25;
	M24 = M22 ^ M23;
	M25 = M22 & M20;
	M26 = M21 ^ M25;
	M27 = M20 ^ M21;
	M28 = M23 ^ M25;
	M29 = M28 & M27;
	M30 = M26 & M24;
	M31 = M20 & M23;
	M32 = M27 & M31;
	M33 = M27 ^ M25;
	M34 = M21 & M22;
	M35 = M24 & M34;
	M36 = M24 ^ M25;
	M37 = M21 ^ M29;
	M38 = M32 ^ M33;
	M39 = M23 ^ M30;
	M40 = M35 ^ M36;
	M41 = M38 ^ M40;
	M42 = M37 ^ M39;
	M43 = M37 ^ M38;
	M44 = M39 ^ M40;
	M45 = M42 ^ M41;
	o->M46 = M44 & T6;
	o->M47 = M40 & T8;
	o->M48 = M39 & U7;
	o->M49 = M43 & T16;
	o->M50 = M38 & T9;
	o->M51 = M37 & T17;
	o->M52 = M42 & T15;
	o->M53 = M45 & T27;
	o->M54 = M41 & T10;
	o->M55 = M44 & T13;
	o->M56 = M40 & T23;
	o->M57 = M39 & T19;
	o->M58 = M43 & T3;
	o->M59 = M38 & T22;
	o->M60 = M37 & T20;
	o->M61 = M42 & T1;
	o->M62 = M45 & T4;
	o->M63 = M41 & T2;
}

/* The S-box without its affine constant (the paper's output XNORs are XORs here). */
INLINE void sbox_linear(hwc_u64 q[8])
{
	hwc_u64 U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4];
	hwc_u64 U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
	hwc_u64 T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14;
	hwc_u64 T15, T16, T17, T18, T19, T20, T21, T22, T23, T24, T25, T26, T27;
	hwc_u64 L0, L1, L2, L3, L4, L5, L6, L7, L8, L9, L10, L11, L12, L13, L14;
	hwc_u64 L15, L16, L17, L18, L19, L20, L21, L22, L23, L24, L25, L26, L27, L28, L29;
	struct sbox_in in;
	struct sbox_out o;

	T1 = U0 ^ U3;
	T2 = U0 ^ U5;
	T3 = U0 ^ U6;
	T4 = U3 ^ U5;
	T5 = U4 ^ U6;
	T6 = T1 ^ T5;
	T7 = U1 ^ U2;
	T8 = U7 ^ T6;
	T9 = U7 ^ T7;
	T10 = T6 ^ T7;
	T11 = U1 ^ U5;
	T12 = U2 ^ U5;
	T13 = T3 ^ T4;
	T14 = T6 ^ T11;
	T15 = T5 ^ T11;
	T16 = T5 ^ T12;
	T17 = T9 ^ T16;
	T18 = U3 ^ U7;
	T19 = T7 ^ T18;
	T20 = T1 ^ T19;
	T21 = U6 ^ U7;
	T22 = T7 ^ T21;
	T23 = T2 ^ T22;
	T24 = T2 ^ T10;
	T25 = T20 ^ T17;
	T26 = T3 ^ T16;
	T27 = T1 ^ T12;

	in.T1 = T1;
	in.T2 = T2;
	in.T3 = T3;
	in.T4 = T4;
	in.T6 = T6;
	in.T8 = T8;
	in.T9 = T9;
	in.T10 = T10;
	in.T13 = T13;
	in.T14 = T14;
	in.T15 = T15;
	in.T16 = T16;
	in.T17 = T17;
	in.T19 = T19;
	in.T20 = T20;
	in.T22 = T22;
	in.T23 = T23;
	in.T24 = T24;
	in.T25 = T25;
	in.T26 = T26;
	in.T27 = T27;
	in.U7 = U7;
	sbox_middle(&o, &in);

	L0 = o.M61 ^ o.M62;
	L1 = o.M50 ^ o.M56;
	L2 = o.M46 ^ o.M48;
	L3 = o.M47 ^ o.M55;
	L4 = o.M54 ^ o.M58;
	L5 = o.M49 ^ o.M61;
	L6 = o.M62 ^ L5;
	L7 = o.M46 ^ L3;
	L8 = o.M51 ^ o.M59;
	L9 = o.M52 ^ o.M53;
	L10 = o.M53 ^ L4;
	L11 = o.M60 ^ L2;
	L12 = o.M48 ^ o.M51;
	L13 = o.M50 ^ L0;
	L14 = o.M52 ^ o.M61;
	L15 = o.M55 ^ L1;
	L16 = o.M56 ^ L0;
	L17 = o.M57 ^ L1;
	L18 = o.M58 ^ L8;
	L19 = o.M63 ^ L4;
	L20 = L0 ^ L1;
	L21 = L1 ^ L7;
	L22 = L3 ^ L12;
	L23 = L18 ^ L2;
	L24 = L15 ^ L9;
	L25 = L6 ^ L10;
	L26 = L7 ^ L9;
	L27 = L8 ^ L10;
	L28 = L11 ^ L14;
	L29 = L11 ^ L17;

	q[7] = L6 ^ L24;
	q[6] = L16 ^ L26;
	q[5] = L19 ^ L28;
	q[4] = L6 ^ L21;
	q[3] = L20 ^ L22;
	q[2] = L25 ^ L29;
	q[1] = L13 ^ L27;
	q[0] = L6 ^ L23;
}

/* SubBytes: the constant 0x63 is bits 0, 1, 5 and 6. */
INLINE void sub_bytes(hwc_u64 q[8])
{
	sbox_linear(q);
	q[0] = ~q[0];
	q[1] = ~q[1];
	q[5] = ~q[5];
	q[6] = ~q[6];
}

/*
 * InvSubBytes through the forward circuit's middle. With S(y) = A(y^-1) + 0x63 and
 * A^-1(x) = L(x) + 5, where L is the linear half of the inverse affine map (FIPS 197 5.3.2:
 * bit i = b(i+2) + b(i+5) + b(i+7)), S^-1(x) = L(S(L(x) + 5)) + 5 = L(S'(L(x + 0x63))): S' is
 * the S-box without its constant, since L(0x63) = 5. This takes x + 0x63 (the decryption keys
 * carry the 0x63, bs_key_init). The top layer composed with the first L and the bottom layer
 * followed by the second are each one XOR network (29 and 35 gates instead of 16 + 27 and
 * 38 + 16), found by Paar's greedy pair merging (scripts/gen-aes-inv-sbox.py).
 */
INLINE void inv_sub_bytes_63(hwc_u64 q[8])
{
	hwc_u64 x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
	hwc_u64 x4 = q[4], x5 = q[5], x6 = q[6], x7 = q[7];
	hwc_u64 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14;
	hwc_u64 a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28;
	hwc_u64 b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14;
	hwc_u64 b15, b16, b17, b18, b19, b20, b21, b22, b23, b24, b25, b26, b27, b28, b29;
	hwc_u64 b30, b31, b32, b33, b34;
	struct sbox_in in;
	struct sbox_out o;

	a0 = x4 ^ x6;
	a1 = x0 ^ x1;
	a2 = x3 ^ x4;
	a3 = x3 ^ x6;
	a4 = x5 ^ a0;
	a5 = x2 ^ x7;
	a6 = a1 ^ a3;
	a7 = x7 ^ a0;
	a8 = x6 ^ x7;
	a9 = a0 ^ a1;
	a10 = x1 ^ x2;
	a11 = x0 ^ a3;
	a12 = x0 ^ x3;
	a13 = x4 ^ x7;
	a14 = a1 ^ a4;
	a15 = x1 ^ x5;
	a16 = a5 ^ a9;
	a17 = x5 ^ a2;
	a18 = x7 ^ a11;
	a19 = a1 ^ a2;
	a20 = x3 ^ a7;
	a21 = x0 ^ a4;
	a22 = a5 ^ a6;
	a23 = a1 ^ a8;
	a24 = a2 ^ a10;
	a25 = x5 ^ a5;
	a26 = a3 ^ a15;
	a27 = x2 ^ a4;
	a28 = x0 ^ a2;

	in.T1 = a2;
	in.T2 = a8;
	in.T3 = a19;
	in.T4 = a20;
	in.T6 = a27;
	in.T8 = a7;
	in.T9 = a28;
	in.T10 = a18;
	in.T13 = a23;
	in.T14 = a22;
	in.T15 = a16;
	in.T16 = a26;
	in.T17 = a14;
	in.T19 = a9;
	in.T20 = a6;
	in.T22 = a0;
	in.T23 = a13;
	in.T24 = a12;
	in.T25 = a17;
	in.T26 = a21;
	in.T27 = a24;
	in.U7 = a25;
	sbox_middle(&o, &in);

	b0 = o.M52 ^ o.M61;
	b1 = o.M59 ^ b0;
	b2 = o.M58 ^ b1;
	b3 = o.M62 ^ b2;
	b4 = o.M49 ^ o.M50;
	b5 = o.M54 ^ b3;
	b6 = o.M48 ^ o.M56;
	b7 = o.M47 ^ b4;
	b8 = o.M50 ^ o.M51;
	b9 = o.M55 ^ o.M63;
	b10 = o.M54 ^ b6;
	b11 = o.M60 ^ b10;
	b12 = o.M46 ^ b5;
	b13 = b7 ^ b11;
	b14 = o.M57 ^ b13;
	b15 = o.M62 ^ b0;
	b16 = o.M47 ^ b8;
	b17 = o.M46 ^ b8;
	b18 = o.M63 ^ b2;
	b19 = b1 ^ b9;
	b20 = o.M58 ^ b15;
	b21 = o.M49 ^ b5;
	b22 = o.M61 ^ b9;
	b23 = b6 ^ b18;
	b24 = o.M53 ^ o.M57;
	b25 = o.M53 ^ b3;
	b26 = b23 ^ b24;
	b27 = b13 ^ b19;
	b28 = o.M51 ^ b21;
	b29 = b12 ^ b16;
	b30 = o.M48 ^ b12;
	b31 = o.M57 ^ b22;
	b32 = b4 ^ b25;
	b33 = b14 ^ b20;
	b34 = b17 ^ b26;

	q[0] = b31;
	q[1] = b32;
	q[2] = b29;
	q[3] = b34;
	q[4] = b30;
	q[5] = b33;
	q[6] = b27;
	q[7] = b28;
}

/*
 * ShiftRows is never applied (Adomnicai and Peyrin's fixslicing; it was a quarter of the time
 * of a round): after i rounds without it, row r of the words is row r of the state turned by j r
 * columns, j = i mod 4 (state column c at word column c + j r). MixColumns then takes row
 * r + k from word column c + j k instead of c, the round keys are stored turned the same way,
 * and the state is set straight once at the end. Ten and fourteen rounds leave j = 2 (rows 1
 * and 3 half turned), twelve j = 0.
 */

/* With n = 16 k, row r of the result is row r + k: MixColumns' row steps are rotations. */
INLINE hwc_u64 rotr(hwc_u64 x, unsigned int n)
{
	return (x >> n) | (x << (64 - n));
}

/* Row r, column c of the result is row r + k, column c + s (mod 4) of @x; k is 1 or 2. */
INLINE hwc_u64 rows_up(hwc_u64 x, unsigned int k, unsigned int s)
{
	hwc_u64 m;

	if (!s)
		return rotr(x, 16 * k);
	/* Columns below 4 - s come from the same row field, the others wrap within it. */
	m = 0x0001000100010001ULL * ((1u << (16 - 4 * s)) - 1);
	return (rotr(x, 16 * k + 4 * s) & m) | (rotr(x, 16 * k + 4 * s - 16) & ~m);
}

/* Two turns of ShiftRows: rows 1 and 3 swap their column halves, rows 0 and 2 stay. */
INLINE void shift_rows2(hwc_u64 q[8])
{
	int i;

	UNROLL
	for (i = 0; i < 8; i++)
		q[i] = swap1(q[i], 8, 0x00ff000000ff0000ULL);
}

/*
 * b_r = 2 a_r + 3 a_r+1 + a_r+2 + a_r+3 = 2 t_r + a_r+1 + t_r+2 with t_r = a_r + a_r+1, rows
 * taken j columns on per row step. Times 2 in planes: each plane moves up one, plane 7 folds
 * back into 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1).
 */
INLINE void mix_columns(hwc_u64 q[8], unsigned int j)
{
	hwc_u64 a1[8], t[8];
	unsigned int s2 = (2 * j) & 3;
	int i;

	UNROLL
	for (i = 0; i < 8; i++) {
		a1[i] = rows_up(q[i], 1, j);
		t[i] = q[i] ^ a1[i];
	}
	q[0] = t[7] ^ a1[0] ^ rows_up(t[0], 2, s2);
	q[1] = t[0] ^ t[7] ^ a1[1] ^ rows_up(t[1], 2, s2);
	q[2] = t[1] ^ a1[2] ^ rows_up(t[2], 2, s2);
	q[3] = t[2] ^ t[7] ^ a1[3] ^ rows_up(t[3], 2, s2);
	q[4] = t[3] ^ t[7] ^ a1[4] ^ rows_up(t[4], 2, s2);
	q[5] = t[4] ^ a1[5] ^ rows_up(t[5], 2, s2);
	q[6] = t[5] ^ a1[6] ^ rows_up(t[6], 2, s2);
	q[7] = t[6] ^ a1[7] ^ rows_up(t[7], 2, s2);
}

/*
 * InvMixColumns' polynomial {0b}x^3 + {0d}x^2 + {09}x + {0e} is MixColumns' times
 * {04}x^2 + {05} (mod x^4 + 1): first u_r = a_r + 4 (a_r + a_r+2), then MixColumns.
 */
INLINE void inv_mix_columns(hwc_u64 q[8], unsigned int j)
{
	hwc_u64 v[8];
	unsigned int s2 = (2 * j) & 3;
	int i;

	UNROLL
	for (i = 0; i < 8; i++)
		v[i] = q[i] ^ rows_up(q[i], 2, s2);
	/* Times 4: planes up two, planes 6 and 7 folded back by 0x1b and 0x36. */
	q[0] ^= v[6];
	q[1] ^= v[6] ^ v[7];
	q[2] ^= v[0] ^ v[7];
	q[3] ^= v[1] ^ v[6];
	q[4] ^= v[2] ^ v[6] ^ v[7];
	q[5] ^= v[3] ^ v[7];
	q[6] ^= v[4];
	q[7] ^= v[5];
	mix_columns(q, j);
}

INLINE void add_round_key(hwc_u64 q[8], const hwc_u64 sk[8])
{
	int i;

	UNROLL
	for (i = 0; i < 8; i++)
		q[i] ^= sk[i];
}

/*
 * The round keys in planes, each replicated in the four lanes and turned back as the state is
 * where it meets them; wiped by the caller. Decryption meets them in the other order, with
 * other turns: one schedule per direction.
 */
struct bs_key {
	hwc_u64 sk[HWC_AES_MAX_ROUNDS + 1][8];
	unsigned int nr;
};

/*
 * Four round keys go through ortho together, one per lane; each is then copied from its lane
 * into the other three (lane l of a row field is bit l of each 4-bit column group).
 */
static void bs_key_init(struct bs_key *b, const struct hwc_aes_key *k, int enc)
{
	unsigned int i, l, n, r, c, j;
	hwc_u8 t[16 * LANES];
	hwc_u64 q[8], x;

	b->nr = k->nr;
	for (i = 0; i <= k->nr; i += n) {
		n = lanes_for(k->nr + 1 - i);
		for (l = 0; l < n; l++) {
			const hwc_u8 *rk = k->ek + 16 * (i + l);

			/* The turn the state has where it meets this key: forwards or backwards. */
			j = (enc ? i + l : i + l - k->nr) & 3;
			if (i + l == k->nr || i + l == 0)
				j = 0;
			/* Row r turned back j r columns: stored column c holds key column c - j r. */
			for (r = 0; r < 4; r++)
				for (c = 0; c < 4; c++)
					t[16 * l + r + 4 * c] = rk[r + 4 * ((c - j * r) & 3)];
		}
		bs_in(q, t, n);
		for (l = 0; l < n; l++) {
			UNROLL
			for (r = 0; r < 8; r++) {
				x = (q[r] >> l) & 0x1111111111111111ULL;
				x |= x << 1;
				b->sk[i + l][r] = x | (x << 2);
			}
			/*
			 * S-box constants, every byte 0x63 (planes 0, 1, 5, 6), moved into keys:
			 * MixColumns and its inverse map a column of equal bytes to itself
			 * (coefficients summing to 1), so a constant added before them is the same
			 * constant after. Encryption adds SubBytes' to the keys that follow an S-box
			 * (1..nr), decryption the one its S-box input needs (inv_sub_bytes_63) to the
			 * keys that precede one (nr..1).
			 */
			if (i + l > 0) {
				b->sk[i + l][0] = ~b->sk[i + l][0];
				b->sk[i + l][1] = ~b->sk[i + l][1];
				b->sk[i + l][5] = ~b->sk[i + l][5];
				b->sk[i + l][6] = ~b->sk[i + l][6];
			}
		}
	}
	hwc_memzero_explicit(t, sizeof(t));
	hwc_memzero_explicit(q, sizeof(q));
}

INLINE void enc_round(hwc_u64 q[8], const hwc_u64 sk[8], unsigned int j)
{
	sbox_linear(q);
	mix_columns(q, j);
	add_round_key(q, sk);
}

static void bs_encrypt(const struct bs_key *b, hwc_u64 q[8])
{
	unsigned int r;

	add_round_key(q, b->sk[0]);
	/* The turn is known per round: a copy of the round for each. */
	for (r = 1; r < b->nr; r++) {
		switch (r & 3) {
		case 0:
			enc_round(q, b->sk[r], 0);
			break;
		case 1:
			enc_round(q, b->sk[r], 1);
			break;
		case 2:
			enc_round(q, b->sk[r], 2);
			break;
		default:
			enc_round(q, b->sk[r], 3);
			break;
		}
	}
	/* No MixColumns in the last round; its key carries the S-box constant, as all do. */
	sbox_linear(q);
	if (b->nr & 3)
		shift_rows2(q);
	add_round_key(q, b->sk[b->nr]);
}

INLINE void dec_round(hwc_u64 q[8], const hwc_u64 sk[8], unsigned int j)
{
	inv_sub_bytes_63(q);
	add_round_key(q, sk);
	inv_mix_columns(q, j);
}

/*
 * FIPS 197's InvCipher (5.3) with the encryption round keys (dk[] is for the AESDEC tiers).
 * Each InvShiftRows left out turns the rows the other way: j = -(rounds so far) mod 4.
 */
static void bs_decrypt(const struct bs_key *b, hwc_u64 q[8])
{
	unsigned int r;

	add_round_key(q, b->sk[b->nr]);
	for (r = b->nr - 1; r > 0; r--) {
		switch ((r - b->nr) & 3) {
		case 0:
			dec_round(q, b->sk[r], 0);
			break;
		case 1:
			dec_round(q, b->sk[r], 1);
			break;
		case 2:
			dec_round(q, b->sk[r], 2);
			break;
		default:
			dec_round(q, b->sk[r], 3);
			break;
		}
	}
	inv_sub_bytes_63(q);
	if (b->nr & 3)
		shift_rows2(q);
	add_round_key(q, b->sk[0]);
}

/* @n (1..4) blocks through the cipher; @q is the caller's, to wipe. */
static void enc_blocks(const struct bs_key *b, hwc_u64 q[8], hwc_u8 *out, const hwc_u8 *in,
		       unsigned int n)
{
	bs_in(q, in, n);
	bs_encrypt(b, q);
	bs_out(out, q, n);
}

static void dec_blocks(const struct bs_key *b, hwc_u64 q[8], hwc_u8 *out, const hwc_u8 *in,
		       unsigned int n)
{
	bs_in(q, in, n);
	bs_decrypt(b, q);
	bs_out(out, q, n);
}

void hwc_aes_encrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16])
{
	struct bs_key b;
	hwc_u64 q[8];

	bs_key_init(&b, k, 1);
	enc_blocks(&b, q, out, in, 1);
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
}

void hwc_aes_decrypt_block(const struct hwc_aes_key *k, hwc_u8 out[16], const hwc_u8 in[16])
{
	struct bs_key b;
	hwc_u64 q[8];

	bs_key_init(&b, k, 0);
	dec_blocks(&b, q, out, in, 1);
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
}

/* SubWord (FIPS 197 5.2) of bytes w[0..3], in lane 0's first column. */
static void sub_word(hwc_u8 w[4])
{
	hwc_u8 blk[16];
	hwc_u64 q[8];

	__builtin_memset(blk, 0, 16);
	__builtin_memcpy(blk, w, 4);
	bs_in(q, blk, 1);
	sub_bytes(q);
	bs_out(blk, q, 1);
	__builtin_memcpy(w, blk, 4);
	hwc_memzero_explicit(blk, sizeof(blk));
	hwc_memzero_explicit(q, sizeof(q));
}

int hwc_aes_expand_key(struct hwc_aes_key *k, const hwc_u8 *key, unsigned int keylen)
{
	unsigned int nk = keylen / 4, nw, i, j, n;
	hwc_u8 rcon = 1, t[4], imc[16 * LANES];
	hwc_u8 *w = k->ek;
	hwc_u64 q[8];

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	k->nr = nk + 6;
	nw = 4 * (k->nr + 1);
	__builtin_memcpy(w, key, keylen);
	/* The branches are on the word index, public; SubWord is the circuit. */
	for (i = nk; i < nw; i++) {
		__builtin_memcpy(t, w + 4 * (i - 1), 4);
		if (i % nk == 0) {
			hwc_u8 b = t[0];	/* RotWord */

			t[0] = t[1];
			t[1] = t[2];
			t[2] = t[3];
			t[3] = b;
			sub_word(t);
			t[0] ^= rcon;
			rcon = (hwc_u8)((rcon << 1) ^ ((rcon >> 7) * 0x1b));
		} else if (nk > 6 && i % nk == 4) {
			sub_word(t);
		}
		for (j = 0; j < 4; j++)
			w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
	}
	/* dk[i] = InvMixColumns(ek[nr - i]), four round keys per pass through the planes. */
	__builtin_memcpy(k->dk, k->ek + 16 * k->nr, 16);
	for (i = 1; i < k->nr; i += n) {
		n = lanes_for(k->nr - i);
		bs_in(q, k->ek + 16 * i, n);
		inv_mix_columns(q, 0);
		bs_out(imc, q, n);
		for (j = 0; j < n; j++)
			__builtin_memcpy(k->dk + 16 * (k->nr - i - j), imc + 16 * j, 16);
	}
	__builtin_memcpy(k->dk + 16 * k->nr, k->ek, 16);
	hwc_memzero_explicit(t, sizeof(t));
	hwc_memzero_explicit(imc, sizeof(imc));
	hwc_memzero_explicit(q, sizeof(q));
	return 0;
}

void hwc_aes_ecb_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size nblocks)
{
	struct bs_key b;
	hwc_u64 q[8];
	unsigned int n;

	bs_key_init(&b, k, 1);
	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = lanes_for(nblocks);
		enc_blocks(&b, q, dst, src, n);
	}
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
}

void hwc_aes_ecb_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size nblocks)
{
	struct bs_key b;
	hwc_u64 q[8];
	unsigned int n;

	bs_key_init(&b, k, 0);
	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = lanes_for(nblocks);
		dec_blocks(&b, q, dst, src, n);
	}
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
}

/* Each block needs the one before: one lane of four does the work. */
void hwc_aes_cbc_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size nblocks, hwc_u8 iv[16])
{
	struct bs_key b;
	hwc_u64 q[8];
	hwc_u8 t[16];

	bs_key_init(&b, k, 1);
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		xor16(t, src, iv);
		enc_blocks(&b, q, iv, t, 1);
		__builtin_memcpy(dst, iv, 16);
	}
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
	hwc_memzero_explicit(t, sizeof(t));
}

void hwc_aes_cbc_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			     hwc_size nblocks, hwc_u8 iv[16])
{
	struct bs_key b;
	hwc_u64 q[8];
	hwc_u8 c[16 * LANES], p[16 * LANES];
	unsigned int n, i;

	bs_key_init(&b, k, 0);
	/* In place is allowed: keep the ciphertext blocks before overwriting them. */
	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = lanes_for(nblocks);
		__builtin_memcpy(c, src, 16 * n);
		dec_blocks(&b, q, p, c, n);
		xor16(dst, p, iv);
		for (i = 1; i < n; i++)
			xor16(dst + 16 * i, p + 16 * i, c + 16 * (i - 1));
		__builtin_memcpy(iv, c + 16 * (n - 1), 16);
	}
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
	hwc_memzero_explicit(p, sizeof(p));
}

void hwc_aes_ctr_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			 hwc_size len, hwc_u8 ctr[16])
{
	struct bs_key b;
	hwc_u64 q[8];
	hwc_u8 ks[16 * LANES];
	hwc_u64 hi, lo;
	hwc_size m;
	unsigned int n, i;

	if (!len)
		return;
	bs_key_init(&b, k, 1);
	/* The counter is public (the IV): a 128-bit big-endian integer as two words. */
	hi = hwc_get_be64(ctr);
	lo = hwc_get_be64(ctr + 8);
	for (; len; len -= m, src += m, dst += m) {
		m = len < sizeof(ks) ? len : sizeof(ks);
		n = (unsigned int)((m + 15) / 16);
		for (i = 0; i < n; i++) {
			hwc_put_be64(ks + 16 * i, hi);
			hwc_put_be64(ks + 16 * i + 8, lo);
			hi += !++lo;
		}
		enc_blocks(&b, q, ks, ks, n);
		xor_bytes(dst, src, ks, m);
	}
	hwc_put_be64(ctr, hi);
	hwc_put_be64(ctr + 8, lo);
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
	hwc_memzero_explicit(ks, sizeof(ks));
}

/* The tweak as a little-endian 128-bit integer in two words: times x, x^128 = x^7+x^2+x+1. */
static void mul_alpha64(hwc_u64 *lo, hwc_u64 *hi)
{
	hwc_u64 carry = *hi >> 63;

	*hi = (*hi << 1) | (*lo >> 63);
	*lo = (*lo << 1) ^ (0x87 & -carry);
}

void hwc_xts_mul_alpha(hwc_u8 t[16])
{
	hwc_u64 lo = hwc_get_le64(t), hi = hwc_get_le64(t + 8);

	mul_alpha64(&lo, &hi);
	hwc_put_le64(t, lo);
	hwc_put_le64(t + 8, hi);
}

/* @n blocks, each XORed with its tweak @t[i] before and after the cipher. */
static void xts_blocks(const struct bs_key *b, hwc_u64 q[8], int enc, hwc_u8 *dst,
		       const hwc_u8 *src, const hwc_u8 *t, unsigned int n)
{
	hwc_u8 x[16 * LANES];

	xor_bytes(x, src, t, 16 * n);
	if (enc)
		enc_blocks(b, q, x, x, n);
	else
		dec_blocks(b, q, x, x, n);
	xor_bytes(dst, x, t, 16 * n);
	hwc_memzero_explicit(x, sizeof(x));
}

static void xts_generic(const struct hwc_aes_key *k, int enc, hwc_u8 *dst, const hwc_u8 *src,
			hwc_size len, hwc_u8 tweak[16])
{
	hwc_size tail = len % 16, full = len / 16 - (tail ? 1 : 0);
	hwc_u8 tw[16 * LANES], cc[16], pp[16], t2[16];
	hwc_u64 lo = hwc_get_le64(tweak), hi = hwc_get_le64(tweak + 8);
	struct bs_key b;
	hwc_u64 q[8];
	unsigned int n, i;

	bs_key_init(&b, k, enc);
	for (; full; full -= n, src += 16 * n, dst += 16 * n) {
		n = lanes_for(full);
		for (i = 0; i < n; i++) {
			hwc_put_le64(tw + 16 * i, lo);
			hwc_put_le64(tw + 16 * i + 8, hi);
			mul_alpha64(&lo, &hi);
		}
		xts_blocks(&b, q, enc, dst, src, tw, n);
	}
	hwc_put_le64(tweak, lo);
	hwc_put_le64(tweak + 8, hi);
	hwc_memzero_explicit(tw, sizeof(tw));
	if (tail) {
		/* Stealing: the last full block and the partial one; decryption swaps the tweaks. */
		__builtin_memcpy(t2, tweak, 16);
		hwc_xts_mul_alpha(t2);
		xts_blocks(&b, q, enc, cc, src, enc ? tweak : t2, 1);
		__builtin_memcpy(pp, src + 16, tail);
		__builtin_memcpy(pp + tail, cc + tail, 16 - tail);
		__builtin_memcpy(dst + 16, cc, tail);
		xts_blocks(&b, q, enc, dst, pp, enc ? t2 : tweak, 1);
		hwc_memzero_explicit(cc, sizeof(cc));
		hwc_memzero_explicit(pp, sizeof(pp));
	}
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
}

static void xts_enc_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size len, hwc_u8 tweak[16])
{
	xts_generic(k, 1, dst, src, len, tweak);
}

static void xts_dec_generic(const struct hwc_aes_key *k, hwc_u8 *dst, const hwc_u8 *src,
			    hwc_size len, hwc_u8 tweak[16])
{
	xts_generic(k, 0, dst, src, len, tweak);
}

/*
 * GHASH (SP 800-38D 6.3-6.4) on 64-bit integers. A block is kept as a 128-bit polynomial r1:r0
 * with bit i of the pair the coefficient of x^i: the standard's first bit (the top bit of byte
 * 0) is x^0, so that is the block with the bits of each byte reversed, little-endian. Products
 * are ordinary carry-less products reduced by x^128 = x^7 + x^2 + x + 1.
 *
 * Carry-less products come from integer multiplications, with no table and no branch: each
 * 32-bit operand is split into four parts holding every fourth bit, so an integer product of
 * two parts adds at most eight one-bit terms at any position, a sum that fits in the three
 * zero bits above it; masking keeps the bits of the right residue. This assumes that a 64-bit
 * multiply takes the same time for any operands, as on x86-64 and POWER (valgrind sees no
 * timing, only branches and addresses).
 */
static hwc_u64 rev8(hwc_u64 x)
{
	x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
	x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
	return ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
}

static void gf_load(hwc_u64 r[2], const hwc_u8 b[16])
{
	r[0] = rev8(hwc_get_le64(b));
	r[1] = rev8(hwc_get_le64(b + 8));
}

static void gf_store(hwc_u8 b[16], const hwc_u64 r[2])
{
	hwc_put_le64(b, rev8(r[0]));
	hwc_put_le64(b + 8, rev8(r[1]));
}

/* Carry-less product of two 32-bit polynomials. */
static inline hwc_u64 clmul32(hwc_u64 a, hwc_u64 b)
{
	hwc_u64 a0 = a & 0x11111111, a1 = a & 0x22222222, a2 = a & 0x44444444, a3 = a & 0x88888888;
	hwc_u64 b0 = b & 0x11111111, b1 = b & 0x22222222, b2 = b & 0x44444444, b3 = b & 0x88888888;
	hwc_u64 z0, z1, z2, z3;

	z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
	z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
	z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
	z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
	return (z0 & 0x1111111111111111ULL) | (z1 & 0x2222222222222222ULL) |
	       (z2 & 0x4444444444444444ULL) | (z3 & 0x8888888888888888ULL);
}

/* 64 x 64 -> 128 bits (r[1]:r[0]), Karatsuba over 32-bit halves. */
static inline void clmul64(hwc_u64 r[2], hwc_u64 a, hwc_u64 b)
{
	hwc_u64 al = a & 0xffffffff, ah = a >> 32, bl = b & 0xffffffff, bh = b >> 32;
	hwc_u64 ll = clmul32(al, bl), hh = clmul32(ah, bh);
	hwc_u64 mm = clmul32(al ^ ah, bl ^ bh) ^ ll ^ hh;

	r[0] = ll ^ (mm << 32);
	r[1] = hh ^ (mm >> 32);
}

/* x = x * h mod x^128 + x^7 + x^2 + x + 1; Karatsuba over 64-bit halves. */
static void gf_mul(hwc_u64 x[2], const hwc_u64 h[2])
{
	hwc_u64 lo[2], hi[2], mid[2], o, p0, p1, p2, p3;

	clmul64(lo, x[0], h[0]);
	clmul64(hi, x[1], h[1]);
	clmul64(mid, x[0] ^ x[1], h[0] ^ h[1]);
	mid[0] ^= lo[0] ^ hi[0];
	mid[1] ^= lo[1] ^ hi[1];
	p0 = lo[0];
	p1 = lo[1] ^ mid[0];
	p2 = hi[0] ^ mid[1];
	p3 = hi[1];
	/* p3:p2 times x^7 + x^2 + x + 1 into p1:p0; what that pushes past x^127 folds once more. */
	o = (p3 >> 63) ^ (p3 >> 62) ^ (p3 >> 57);
	x[1] = p1 ^ p3 ^ (p3 << 1 | p2 >> 63) ^ (p3 << 2 | p2 >> 62) ^ (p3 << 7 | p2 >> 57);
	x[0] = p0 ^ p2 ^ (p2 << 1) ^ (p2 << 2) ^ (p2 << 7) ^ o ^ (o << 1) ^ (o << 2) ^ (o << 7);
}

void hwc_gf128_mul(hwc_u8 x[16], const hwc_u8 y[16])
{
	hwc_u64 a[2], b[2];

	gf_load(a, x);
	gf_load(b, y);
	gf_mul(a, b);
	gf_store(x, a);
	hwc_memzero_explicit(b, sizeof(b));
}

/* @n blocks into the accumulator @y, all in the polynomial form. */
static void ghash_blocks(hwc_u64 y[2], const hwc_u64 h[2], const hwc_u8 *src, hwc_size n)
{
	hwc_u64 b[2];

	for (; n; n--, src += 16) {
		gf_load(b, src);
		y[0] ^= b[0];
		y[1] ^= b[1];
		gf_mul(y, h);
	}
}

void hwc_ghash_generic(const struct hwc_gcm_key *k, hwc_u8 y[16], const hwc_u8 *src,
		       hwc_size nblocks)
{
	hwc_u64 h[2], acc[2];

	gf_load(h, k->h);
	gf_load(acc, y);
	ghash_blocks(acc, h, src, nblocks);
	gf_store(y, acc);
	hwc_memzero_explicit(h, sizeof(h));
	hwc_memzero_explicit(acc, sizeof(acc));
}

static void inc32(hwc_u8 ctr[16])
{
	unsigned int carry = 1;
	int i;

	for (i = 15; i >= 12; i--) {
		carry += ctr[i];
		ctr[i] = (hwc_u8)carry;
		carry >>= 8;
	}
}

/* CTR four blocks per pass through the cipher, then GHASH of the four ciphertext blocks. */
static void gcm_generic(const struct hwc_gcm_key *k, struct hwc_gcm_ctx *c, int enc, hwc_u8 *dst,
			const hwc_u8 *src, hwc_size len)
{
	hwc_u8 ks[16 * LANES], ct[16 * LANES];
	hwc_u64 h[2], acc[2];
	struct bs_key b;
	hwc_u64 q[8];
	hwc_size m;
	unsigned int n, i;

	if (!len)
		return;
	bs_key_init(&b, &k->aes, 1);
	gf_load(h, k->h);
	gf_load(acc, c->y);
	for (; len; len -= m, src += m, dst += m) {
		m = len < sizeof(ks) ? len : sizeof(ks);
		n = (unsigned int)((m + 15) / 16);
		for (i = 0; i < n; i++) {
			__builtin_memcpy(ks + 16 * i, c->ctr, 16);
			inc32(c->ctr);
		}
		enc_blocks(&b, q, ks, ks, n);
		/* A last partial block is hashed zero-padded (only the last piece has one). */
		__builtin_memset(ct + 16 * (n - 1), 0, 16);
		if (enc) {
			xor_bytes(dst, src, ks, m);
			__builtin_memcpy(ct, dst, m);
		} else {
			__builtin_memcpy(ct, src, m);
			xor_bytes(dst, src, ks, m);
		}
		ghash_blocks(acc, h, ct, n);
	}
	gf_store(c->y, acc);
	hwc_memzero_explicit(&b, sizeof(b));
	hwc_memzero_explicit(q, sizeof(q));
	hwc_memzero_explicit(ks, sizeof(ks));
	hwc_memzero_explicit(h, sizeof(h));
	hwc_memzero_explicit(acc, sizeof(acc));
}

HWC_GCM_DEFINE(generic, gcm_generic)

const struct hwc_aes_impl hwc_aes_generic = {
	.impl = "generic",
	.features = 0,
	.expand_key = hwc_aes_expand_key,
	HWC_AES_MODES_INIT(generic),
	.xts_enc = xts_enc_generic,
	.xts_dec = xts_dec_generic,
	HWC_GCM_INIT(generic),
};

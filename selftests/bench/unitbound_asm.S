/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU's own AES and carry-less multiply throughput, for the bench's unit bound
 * (unitbound.c): loops of independent dependency chains, enough of them (12) to cover the
 * latency of every port on current cores, so that only issue width limits the rate. Written
 * in assembly so that no compiler can merge, drop or reorder the instructions counted.
 *
 * Each function takes an iteration count (%rdi) and runs the body that many times; the body's
 * instruction counts are in unitbound.c. Register contents are whatever the caller left: AES
 * rounds and carry-less products take the same time on any data.
 */
	.text

/* vaesenc (or vpclmulqdq) on chains r0..rN of width \v (x, y, z); key/multiplier in reg 15. */
.macro AES v, regs:vararg
	.irp r, \regs
	vaesenc %\v\()mm15, %\v\()mm\r, %\v\()mm\r
	.endr
.endm

.macro CLMUL v, regs:vararg
	.irp r, \regs
	vpclmulqdq $0x11, %\v\()mm15, %\v\()mm\r, %\v\()mm\r
	.endr
.endm

.macro FN name
	.globl \name
	.type \name, @function
	.p2align 5
\name:
.endm

.macro END name
	vzeroupper
	ret
	.size \name, . - \name
.endm

/* 12 AES rounds per iteration on 12 chains. */
.macro AES_FN v
FN hwc_unit_aes_\v
1:	AES \v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	dec %rdi
	jnz 1b
END hwc_unit_aes_\v
.endm

/* 12 carry-less multiplies per iteration on 12 chains. */
.macro CLMUL_FN v
FN hwc_unit_clmul_\v
1:	CLMUL \v, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	dec %rdi
	jnz 1b
END hwc_unit_clmul_\v
.endm

/*
 * GCM's mix per 8 vectors of blocks: \nr rounds on each (8 chains), and 3 carry-less multiplies
 * per vector (Karatsuba's three, the reduction amortised over the aggregated blocks), 24 on 4
 * chains. Out-of-order issue overlaps the two groups across iterations, as in a fused loop.
 */
.macro MIX_FN v, nr
FN hwc_unit_mix\nr\()_\v
1:	.rept \nr
	AES \v, 0, 1, 2, 3, 4, 5, 6, 7
	.endr
	.rept 6
	CLMUL \v, 8, 9, 10, 11
	.endr
	dec %rdi
	jnz 1b
END hwc_unit_mix\nr\()_\v
.endm

AES_FN x
AES_FN y
AES_FN z
CLMUL_FN x
CLMUL_FN y
CLMUL_FN z
MIX_FN x, 10
MIX_FN y, 10
MIX_FN z, 10
MIX_FN x, 14
MIX_FN y, 14
MIX_FN z, 14

/* A chain of 1-cycle adds, 48 per iteration: the core's clock, to express the rates per cycle. */
FN hwc_unit_clock
	xor %eax, %eax
1:	.rept 48
	add $1, %rax
	.endr
	dec %rdi
	jnz 1b
	ret
	.size hwc_unit_clock, . - hwc_unit_clock

	.section .note.GNU-stack, "", @progbits

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space entry points to Linux's T4 AES routines for t4_aes_check.c: each wrapper takes a
 * register window and keeps %g2, %g3 and %g7 across the call. The kernel routines use those
 * globals as scratch, which is right in the kernel but not in a process, where %g7 is the
 * thread pointer and gcc may keep values in %g2/%g3. The FP registers pass through untouched,
 * so a load_*_keys call still feeds the bulk call that follows it. Assembled with
 * -Wa,--undeclared-regs (as the kernel's code is): a .register of %g7 would clash with libc's.
 */
#define WRAP(name)				\
	.text;					\
	.align 32;				\
	.globl w_##name;			\
	.type w_##name, #function;		\
w_##name:					\
	save	%sp, -192, %sp;			\
	mov	%g2, %l2;			\
	mov	%g3, %l3;			\
	mov	%g7, %l7;			\
	mov	%i0, %o0;			\
	mov	%i1, %o1;			\
	mov	%i2, %o2;			\
	mov	%i3, %o3;			\
	call	name;				\
	 mov	%i4, %o4;			\
	mov	%l2, %g2;			\
	mov	%l3, %g3;			\
	mov	%l7, %g7;			\
	ret;					\
	 restore;				\
	.size w_##name, . - w_##name

#define WRAP_BITS(b)					\
	WRAP(aes_sparc64_encrypt_##b);			\
	WRAP(aes_sparc64_decrypt_##b);			\
	WRAP(aes_sparc64_load_encrypt_keys_##b);	\
	WRAP(aes_sparc64_load_decrypt_keys_##b);	\
	WRAP(aes_sparc64_ecb_encrypt_##b);		\
	WRAP(aes_sparc64_ecb_decrypt_##b);		\
	WRAP(aes_sparc64_cbc_encrypt_##b);		\
	WRAP(aes_sparc64_cbc_decrypt_##b);		\
	WRAP(aes_sparc64_ctr_crypt_##b)

WRAP_BITS(128)
WRAP_BITS(192)
WRAP_BITS(256)
WRAP(aes_sparc64_key_expand)

	.section .note.GNU-stack, "", @progbits

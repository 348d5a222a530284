// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-line half of kshim_glue.h: the skcipher walk over one-entry scatterlists, the
 * SIMD section stand-ins and crypto_memneq(), built with the module's flags like the glue.
 */
#include "kshim_glue.h"

noinline bool crypto_simd_usable(void)
{
	__asm__ __volatile__("" : : : "memory");
	return true;
}

noinline void kernel_fpu_begin(void)
{
	__asm__ __volatile__("" : : : "memory");
}

noinline void kernel_fpu_end(void)
{
	__asm__ __volatile__("" : : : "memory");
}

/*
 * As the kernel's (lib/crypto/memneq.c on a CPU with cheap unaligned loads): 64-bit words
 * while they last, then bytes, no early exit. A byte loop here would charge each GCM
 * decryption some 20 cycles the kernel does not spend.
 */
int crypto_memneq(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;
	u64 d = 0, u, v;

	for (; n >= 8; n -= 8, x += 8, y += 8) {
		memcpy(&u, x, 8);
		memcpy(&v, y, 8);
		d |= u ^ v;
		__asm__("" : "+r"(d));
	}
	while (n--)
		d |= (u64)(*x++ ^ *y++);
	return d != 0;
}

static unsigned int page_left(const u8 *p)
{
	return PAGE_SIZE - ((unsigned long)p & (PAGE_SIZE - 1));
}

/* The next step: to the end of src's or dst's page, or the rest. */
static int walk_next(struct skcipher_walk *walk)
{
	unsigned int n = walk->total;

	if (n > page_left(walk->in))
		n = page_left(walk->in);
	if (n > page_left(walk->out))
		n = page_left(walk->out);
	/* A block cut by a page boundary would need the kernel's bounce buffer. */
	if (n < walk->total && n < AES_BLOCK_SIZE) {
		walk->nbytes = 0;
		return -EINVAL;
	}
	walk->src.virt.addr = walk->in;
	walk->dst.virt.addr = walk->out;
	walk->nbytes = n;
	return 0;
}

static int walk_start(struct skcipher_walk *walk, u8 *in, u8 *out, unsigned int total, u8 *iv)
{
	walk->in = in;
	walk->out = out;
	walk->total = total;
	walk->iv = iv;
	walk->nbytes = 0;
	return total ? walk_next(walk) : 0;
}

int skcipher_walk_virt(struct skcipher_walk *walk, struct skcipher_request *req, bool atomic)
{
	(void)atomic;
	return walk_start(walk, req->src->addr, req->dst->addr, req->cryptlen, req->iv);
}

int skcipher_walk_aead_encrypt(struct skcipher_walk *walk, struct aead_request *req,
			       bool atomic)
{
	(void)atomic;
	return walk_start(walk, req->src->addr + req->assoclen, req->dst->addr + req->assoclen,
			  req->cryptlen, req->iv);
}

int skcipher_walk_aead_decrypt(struct skcipher_walk *walk, struct aead_request *req,
			       bool atomic)
{
	(void)atomic;
	return walk_start(walk, req->src->addr + req->assoclen, req->dst->addr + req->assoclen,
			  req->cryptlen - crypto_aead_authsize(req->tfm), req->iv);
}

/* @left bytes of this step were not processed: the next step starts with them. */
int skcipher_walk_done(struct skcipher_walk *walk, int left)
{
	unsigned int done = walk->nbytes - (unsigned int)left;

	walk->in += done;
	walk->out += done;
	walk->total -= done;
	walk->nbytes = 0;
	if (left < 0)
		return -EINVAL;
	return walk->total ? walk_next(walk) : 0;
}

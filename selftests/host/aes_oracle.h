/* SPDX-License-Identifier: GPL-2.0 */
/*
 * test_aes.c's oracle where the target has no libcrypto (sparc64 under qemu-sparc64): each call
 * goes as a request on fd 3 to aes_oracle (selftests/host/aes_oracle.c, OpenSSL on the host),
 * whose answer comes back on fd 4. The byte format is endian-neutral (aes_oracle.c):
 *   request: op (1 crypt, 2 gcm), mode, enc, keylen, len (4 bytes LE), aadlen (4 bytes LE),
 *            key, 16 IV bytes (ecb: zeros; gcm: 12 used), aad, the input
 *   answer:  the output, then 16 tag bytes for gcm
 */
#ifndef HWC_AES_ORACLE_H
#define HWC_AES_ORACLE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void oracle_io(int write_side, void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = write_side ? write(3, p, len) : read(4, p, len);

		if (n <= 0) {
			fprintf(stderr, "aes oracle: %s failed (fds 3/4 not connected to aes_oracle?)\n",
				write_side ? "write" : "read");
			exit(1);
		}
		p += n;
		len -= (size_t)n;
	}
}

static void oracle_request(int op, enum mode m, int enc, const unsigned char *key,
			   unsigned int keylen, const unsigned char *iv, size_t ivlen,
			   const unsigned char *aad, size_t aadlen, const unsigned char *in, size_t len)
{
	unsigned char hdr[12], ivb[16] = { 0 };
	int i;

	hdr[0] = (unsigned char)op;
	hdr[1] = (unsigned char)m;
	hdr[2] = (unsigned char)enc;
	hdr[3] = (unsigned char)keylen;
	for (i = 0; i < 4; i++) {
		hdr[4 + i] = (unsigned char)(len >> (8 * i));
		hdr[8 + i] = (unsigned char)(aadlen >> (8 * i));
	}
	if (iv)
		memcpy(ivb, iv, ivlen);
	oracle_io(1, hdr, sizeof(hdr));
	oracle_io(1, (void *)key, keylen);
	oracle_io(1, ivb, sizeof(ivb));
	if (aadlen)
		oracle_io(1, (void *)aad, aadlen);
	if (len)
		oracle_io(1, (void *)in, len);
}

static void ossl_crypt(enum mode m, int enc, const unsigned char *key, unsigned int keylen,
		       const unsigned char *iv, const unsigned char *in, size_t len,
		       unsigned char *out)
{
	oracle_request(1, m, enc, key, keylen, iv, 16, NULL, 0, in, len);
	if (len)
		oracle_io(0, out, len);
}

static void ossl_gcm(int enc, const unsigned char *key, unsigned int keylen,
		     const unsigned char *iv, const unsigned char *aad, size_t aadlen,
		     const unsigned char *in, size_t len, unsigned char *out, unsigned char tag[16])
{
	oracle_request(2, ECB, enc, key, keylen, iv, 12, aad, aadlen, in, len);
	if (len)
		oracle_io(0, out, len);
	oracle_io(0, tag, 16);
}

#endif /* HWC_AES_ORACLE_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * OpenSSL on the host answering test_aes's oracle calls from a target without libcrypto (the
 * sparc64 test_aes under qemu-sparc64): requests on stdin, answers on stdout, in the format of
 * aes_oracle.h, until end of input. The answers are aes_ossl.h's, the functions the host's own
 * test_aes links.
 */
#include <stdio.h>
#include <stdlib.h>

enum mode { ECB, CBC, CTR, XTS, CTS };
static const char *mode_name[] = { "ecb", "cbc", "ctr", "xts", "cts" };
#include "aes_ossl.h"

#define MAX_MSG (1u << 20)

static int get(void *p, size_t n)
{
	return n == 0 || fread(p, 1, n, stdin) == n;
}

int main(void)
{
	static unsigned char in[MAX_MSG], out[MAX_MSG], aad[MAX_MSG];
	unsigned char hdr[12], key[64], iv[16], tag[16];
	size_t len, aadlen;
	int i;

	while (get(hdr, sizeof(hdr))) {
		len = aadlen = 0;
		for (i = 3; i >= 0; i--) {
			len = len << 8 | hdr[4 + i];
			aadlen = aadlen << 8 | hdr[8 + i];
		}
		if ((hdr[0] != 1 && hdr[0] != 2) || hdr[1] > CTS || hdr[3] > sizeof(key) ||
		    len > MAX_MSG || aadlen > MAX_MSG || !get(key, hdr[3]) || !get(iv, 16) ||
		    !get(aad, aadlen) || !get(in, len)) {
			fprintf(stderr, "aes_oracle: bad request\n");
			return 1;
		}
		if (hdr[0] == 1) {
			ossl_crypt(hdr[1], hdr[2], key, hdr[3], hdr[1] == ECB ? NULL : iv, in, len, out);
			fwrite(out, 1, len, stdout);
		} else {
			ossl_gcm(1, key, hdr[3], iv, aad, aadlen, in, len, out, tag);
			fwrite(out, 1, len, stdout);
			fwrite(tag, 1, 16, stdout);
		}
		fflush(stdout);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * RSA workload of selftests/qemu/t4-icount.sh --rsa: REPS private operations (CRT, blinded,
 * with the check by e) through hwc_rsa_private() on one tier, for counting dynamic
 * instructions under qemu-sparc64. The key and the expected result come from the host
 * (t4_mont_oracle --key: OpenSSL's numbers of selftests/keys/rsaBITS.pem and x^d mod n);
 * every result is compared with it.
 *
 * Usage: t4_rsa_icount --rsa-tiers          the hwc_bn_impls[] this CPU has, one a line
 *        t4_rsa_icount IMPL KEYFILE REPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "hwc_arch_cores.h"

/* One hex line (BN_bn2hex: two digits a byte) into big-endian bytes; returns the byte count. */
static size_t hexline(FILE *f, unsigned char *buf, size_t max)
{
	char line[4200], two[3] = { 0 };
	size_t len, n;

	if (!fgets(line, sizeof(line), f))
		return 0;
	len = strcspn(line, "\n");
	for (n = 0; 2 * n + 1 < len && n < max; n++) {
		two[0] = line[2 * n];
		two[1] = line[2 * n + 1];
		buf[n] = (unsigned char)strtoul(two, NULL, 16);
	}
	return n;
}

int main(int argc, char **argv)
{
	static unsigned char v[10][1024], out[1024], rnd[HWC_RSA_RANDOM_BYTES];
	static struct hwc_rsa_key key;
	static struct hwc_rsa_blind bl;	/* kept across the ops, as the kernel glue keeps it */
	static hwc_u64 setws[HWC_RSA_SETKEY_WS_BYTES / 8];
	unsigned int feat = hwc_host_cpu_features(), k;
	const struct hwc_bn_impl *bn = NULL;
	unsigned long i, reps, seed = 0x9e3779b97f4a7c15ul;
	size_t len[10];
	struct hwc_rsa_raw raw;
	FILE *f;
	void *ws;

	if (argc == 2 && !strcmp(argv[1], "--rsa-tiers")) {
		for (k = 0; k < hwc_bn_nimpls; k++)
			if ((hwc_bn_impls[k].features & feat) == hwc_bn_impls[k].features)
				printf("%s\n", hwc_bn_impls[k].impl);
		return 0;
	}
	if (argc != 4 || !(f = fopen(argv[2], "r")))
		return 2;
	reps = strtoul(argv[3], NULL, 0);
	for (k = 0; k < hwc_bn_nimpls; k++)
		if (!strcmp(hwc_bn_impls[k].impl, argv[1]) &&
		    (hwc_bn_impls[k].features & feat) == hwc_bn_impls[k].features)
			bn = &hwc_bn_impls[k];
	for (k = 0; k < 10; k++)
		len[k] = hexline(f, v[k], sizeof(v[k]));
	fclose(f);
	raw = (struct hwc_rsa_raw){ v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
				    len[0], len[1], len[2], len[3], len[4], len[5], len[6], len[7] };
	if (!bn || hwc_rsa_set_key(&key, bn, &raw, 1, setws))
		return 2;
	ws = aligned_alloc(64, (hwc_rsa_ws_bytes(&key) + 63) & ~63ul);
	if (!ws)
		return 1;
	for (i = 0; i < reps; i++) {
		for (k = 0; k < hwc_rsa_random_bytes(&key); k++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			rnd[k] = (unsigned char)(seed >> 56);
		}
		if (hwc_rsa_private(&key, out, v[8], len[8], rnd, &bl, ws, NULL))
			return 1;
		/* x^d mod n, from OpenSSL on the host (leading zero bytes dropped there) */
		if (memcmp(out + key.bytes - len[9], v[9], len[9])) {
			printf("t4_rsa_icount: %s: wrong result\n", bn->impl);
			return 1;
		}
	}
	hwc_rsa_key_wipe(&key);
	hwc_memzero_explicit(&bl, sizeof(bl));
	free(ws);
	printf("t4_rsa_icount: %s: %lu private ops, results as OpenSSL's\n", bn->impl, reps);
	return 0;
}

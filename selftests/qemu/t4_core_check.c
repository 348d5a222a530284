// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of hwcrypt's SPARC hash cores, run under qemu-sparc64 (selftests/qemu/t4-host-test.sh):
 * the module's own sources (kmod/generic framing and portable cores, kmod/sparc tables and T4
 * cores) against OpenSSL digests computed on the x86 host, since Debian has no sparc64
 * libcrypto. Reads "alg hex-digest *message-file" lines (`openssl dgst -r` with the alg
 * prepended) on stdin; checks every tier of hwc_hash_impls the CPU features allow (the host's:
 * HWCAP_SPARC_CRYPTO and the CFR, narrowed by --features as in the other host tests), each
 * three ways: one-shot finup from a misaligned copy, hwc_md_update in random chunks, and
 * update_blocks calls then finup (the block-only kernel shash path).
 *
 * Usage: t4_core_check [--features MASK] --expect-tiers LIST < vectors
 *   LIST  the non-portable tiers that must be tested, comma-separated ("t4"), or "none"
 * Exit 0 when every digest matches and the tiers tested are those expected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "testutil.h"
#include "t4_vec.h"
#include "hwc_arch_cores.h"

#define MAXMSG (1u << 20)

static void digest_finup(const struct hwc_md_ops *ops, const unsigned char *p, size_t len,
			 unsigned char *out)
{
	struct hwc_md_state st;

	hwc_md_init(ops, &st);
	hwc_md_finup(ops, &st, p, len, out);
}

static void digest_chunked(const struct hwc_md_ops *ops, const unsigned char *p, size_t len,
			   unsigned char *out)
{
	struct hwc_md_state st;
	struct hwc_md_buf buf = { .len = 0 };
	size_t off = 0;

	hwc_md_init(ops, &st);
	while (off < len) {
		size_t left = len - off;
		size_t n = (hwc_test_rnd64() & 3) ? hwc_test_rnd_below(300) : hwc_test_rnd_below(left + 1);

		if (n > left)
			n = left;
		hwc_md_update(ops, &st, &buf, p + off, n);
		off += n;
	}
	hwc_md_final(ops, &st, &buf, out);
}

static int digest_blocks_finup(const struct hwc_md_ops *ops, const unsigned char *p, size_t len,
			       unsigned char *out)
{
	struct hwc_md_state st;
	size_t off = 0, bs = ops->info->blocksize;
	int ok = 1;

	hwc_md_init(ops, &st);
	while (off < len && (hwc_test_rnd64() & 7)) {
		size_t n = (hwc_test_rnd64() & 1) ? hwc_test_rnd_below(4 * bs) :
						    hwc_test_rnd_below(len - off + 1), rem;

		if (n > len - off)
			n = len - off;
		rem = hwc_md_update_blocks(ops, &st, p + off, n);
		off += n - rem;
		ok &= rem == n % bs && st.count == off;
	}
	hwc_md_finup(ops, &st, p + off, len - off, out);
	return ok;
}

int main(int argc, char **argv)
{
	/* One byte over the largest message: a full buffer means the file was too long. */
	static unsigned char msg[MAXMSG + 1], copy[MAXMSG + 8];
	unsigned int features = hwc_host_select_features(&argc, argv);
	const char *expect = NULL;
	unsigned int *nvec, bad = 0, nlines = 0;
	char line[1024], tiers[256] = "", fbuf[256];
	unsigned int i;

	if (argc == 3 && strcmp(argv[1], "--expect-tiers") == 0)
		expect = argv[2];
	if (!expect) {
		fprintf(stderr, "usage: %s [--features MASK] --expect-tiers LIST|none < vectors\n", argv[0]);
		return 2;
	}
	nvec = calloc(hwc_hash_nimpls, sizeof(*nvec));
	if (!nvec)
		return 1;
	printf("t4_core_check: host features %s, ",
	       hwc_host_features_str(hwc_host_cpu_features(), fbuf, sizeof(fbuf)));
	printf("testing with %s\n", hwc_host_features_str(features, fbuf, sizeof(fbuf)));

	while (fgets(line, sizeof(line), stdin)) {
		char name[16], path[512], hdig[160];
		unsigned char want[64], got[64];
		const struct hwc_hash_info *info = NULL;
		size_t len, dlen;

		if (sscanf(line, "%15s %159s *%511s", name, hdig, path) != 3)
			continue;
		for (i = 0; i < hwc_hash_ninfos; i++)
			if (strcmp(name, hwc_hash_infos[i].name) == 0)
				info = &hwc_hash_infos[i];
		if (!info || t4_readmsg(path, msg, sizeof(msg), &len) || t4_unhex(hdig, want, 64, &dlen) ||
		    dlen != info->digestsize) {
			printf("t4_core_check: bad vector line: %.60s\n", line);
			return 1;
		}
		for (i = 0; i < hwc_hash_nimpls; i++) {
			const struct hwc_hash_impl *impl = &hwc_hash_impls[i];
			const struct hwc_md_ops ops = { info, impl, hwc_host_run_blocks };
			/* Misaligned by 0..7 bytes in turn: the T4 cores' faligndata path. */
			size_t off = nlines % 8;
			int k, ok;

			if (strcmp(impl->family, info->family) ||
			    (impl->features & features) != impl->features)
				continue;
			nvec[i]++;
			memcpy(copy + off, msg, len);
			for (k = 0; k < 3; k++) {
				ok = 1;
				if (k == 0)
					digest_finup(&ops, copy + off, len, got);
				else if (k == 1)
					digest_chunked(&ops, msg, len, got);
				else
					ok = digest_blocks_finup(&ops, msg, len, got);
				if (ok && !memcmp(got, want, info->digestsize))
					continue;
				if (bad < 10)
					printf("t4_core_check: %s-%s %s mismatch, len %zu\n", info->name,
					       impl->impl, k == 0 ? "finup" : k == 1 ? "chunked" : "blocks",
					       len);
				bad++;
			}
		}
		nlines++;
	}
	for (i = 0; i < hwc_hash_nimpls; i++) {
		const struct hwc_hash_impl *impl = &hwc_hash_impls[i];

		printf("t4_core_check: %s-%s: %u vectors\n", impl->family, impl->impl, nvec[i]);
		if (nvec[i] && impl->features && !strstr(tiers, impl->impl)) {
			if (tiers[0])
				strcat(tiers, ",");
			strncat(tiers, impl->impl, sizeof(tiers) - strlen(tiers) - 2);
		}
	}
	if (!tiers[0])
		strcpy(tiers, "none");
	printf("t4_core_check: %u vectors, non-portable tiers tested: %s, %u mismatches\n", nlines,
	       tiers, bad);
	if (strcmp(tiers, expect)) {
		printf("t4_core_check: FAIL: expected tiers %s\n", expect);
		return 1;
	}
	return bad || !nlines ? 1 : 0;
}

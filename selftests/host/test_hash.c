// SPDX-License-Identifier: GPL-2.0
/* Host tests of every hash implementation the CPU allows: FIPS vectors, OpenSSL, differential. */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "cpu.h"
#include "testutil.h"

#define MAX_MSG (1u << 20)

/* FIPS 180-4 example messages (NIST CSRC "Examples with intermediate values"). */
static const char msg448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg896[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
			     "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

/* Published digests of "abc", msg448, msg896 and one million 'a', in that order. */
static const struct {
	const char *alg;
	const char *hex[4];
} fips_vectors[] = {
	{ "sha1", {
		"a9993e364706816aba3e25717850c26c9cd0d89d",
		"84983e441c3bd26ebaae4aa1f95129e5e54670f1",
		"a49b2446a02c645bf419f995b67091253a04a259",
		"34aa973cd4c4daa4f61eeb2bdbad27316534016f", } },
	{ "sha224", {
		"23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
		"75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
		"c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
		"20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67", } },
	{ "sha256", {
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		"cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", } },
	{ "sha384", {
		"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
		"3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
		"09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
		"9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985", } },
	{ "sha512", {
		"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		"204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
		"8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
		"e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b", } },
};

/* Label columns: implementation, algorithm, test. */
#define group_begin(impl, alg, name) hwc_test_group_begin("%-8s %-7s %-24s", impl, alg, name)
#define group_end hwc_test_group_end
#define check hwc_test_check

static void hex(char *out, const unsigned char *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", p[i]);
}

/*
 * Message buffer whose end touches an inaccessible page: a core or the framing reading one
 * byte past the message faults instead of passing by luck.
 */
static unsigned char *guard_base;
static hwc_size guard_size;

static void guard_init(void)
{
	long pg = sysconf(_SC_PAGESIZE);

	guard_size = (MAX_MSG + pg - 1) / pg * pg;
	guard_base = mmap(NULL, guard_size + pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard_base == MAP_FAILED || mprotect(guard_base + guard_size, pg, PROT_NONE)) {
		perror("guard buffer");
		exit(1);
	}
}

static unsigned char *guarded(hwc_size len)
{
	return guard_base + guard_size - len;
}

struct hashctx {
	const struct hwc_hash_info *info;
	const struct hwc_hash_impl *impl;
	struct hwc_md_ops ops;
	const EVP_MD *md;
};

static void oracle(const struct hashctx *c, const unsigned char *p, hwc_size len, unsigned char *out)
{
	if (!EVP_Digest(p, len, out, NULL, c->md, NULL)) {
		fprintf(stderr, "EVP_Digest(%s) failed\n", c->info->name);
		exit(1);
	}
}

static void digest_finup(const struct hashctx *c, const unsigned char *p, hwc_size len,
			 unsigned char *out)
{
	struct hwc_md_state st;

	hwc_md_init(&c->ops, &st);
	hwc_md_finup(&c->ops, &st, p, len, out);
}

/* hwc_md_update in random chunks (including empty ones), then hwc_md_final. */
static void digest_chunked(const struct hashctx *c, const unsigned char *p, hwc_size len,
			   unsigned char *out)
{
	struct hwc_md_state st;
	struct hwc_md_buf buf = { .len = 0 };
	hwc_size off = 0;

	hwc_md_init(&c->ops, &st);
	while (off < len) {
		hwc_size left = len - off;
		hwc_size n = (hwc_test_rnd64() & 3) ? hwc_test_rnd_below(300) : hwc_test_rnd_below(left + 1);

		if (n > left)
			n = left;
		hwc_md_update(&c->ops, &st, &buf, p + off, n);
		off += n;
	}
	hwc_md_final(&c->ops, &st, &buf, out);
}

/* The unbuffered path a block-only kernel shash uses: update_blocks calls, then finup. */
static int digest_blocks_finup(const struct hashctx *c, const unsigned char *p, hwc_size len,
			       unsigned char *out)
{
	struct hwc_md_state st;
	hwc_size off = 0, bs = c->info->blocksize;
	int ok = 1;

	hwc_md_init(&c->ops, &st);
	while (off < len && (hwc_test_rnd64() & 7)) {
		hwc_size n = hwc_test_rnd_below(len - off + 1), rem;

		if (hwc_test_rnd64() & 1)
			n = hwc_test_rnd_below(4 * bs);
		if (n > len - off)
			n = len - off;
		rem = hwc_md_update_blocks(&c->ops, &st, p + off, n);
		off += n - rem;
		ok &= rem == n % bs && st.count == off;
	}
	hwc_md_finup(&c->ops, &st, p + off, len - off, out);
	return ok;
}

static void test_fips(const struct hashctx *c)
{
	static unsigned char million[1000000];
	const unsigned char *msgs[4] = { (const unsigned char *)"abc", (const unsigned char *)msg448,
					 (const unsigned char *)msg896, million };
	const hwc_size lens[4] = { 3, sizeof(msg448) - 1, sizeof(msg896) - 1, sizeof(million) };
	unsigned char out[64];
	char got[129];
	unsigned int i, v;

	memset(million, 'a', sizeof(million));
	for (v = 0; v < sizeof(fips_vectors) / sizeof(fips_vectors[0]); v++)
		if (!strcmp(fips_vectors[v].alg, c->info->name))
			break;
	group_begin(c->impl->impl, c->info->name, "fips-180-4-examples");
	check(v < sizeof(fips_vectors) / sizeof(fips_vectors[0]), "no vectors");
	for (i = 0; v < sizeof(fips_vectors) / sizeof(fips_vectors[0]) && i < 4; i++) {
		unsigned char *p = guarded(lens[i]);

		memcpy(p, msgs[i], lens[i]);
		digest_finup(c, p, lens[i], out);
		hex(got, out, c->info->digestsize);
		check(!strcmp(got, fips_vectors[v].hex[i]), "message %u: got %s want %s", i, got,
		      fips_vectors[v].hex[i]);
	}
	group_end();
}

/* Every length up to 1024 covers each padding case (tail fits, tail spills) many times. */
static hwc_size max_len = 1024;

static void test_all_lengths(const struct hashctx *c)
{
	unsigned char want[64], got[64];
	char name[40];
	hwc_size len;

	snprintf(name, sizeof(name), "lengths-0..%zu-openssl", (size_t)max_len);
	group_begin(c->impl->impl, c->info->name, name);
	for (len = 0; len <= max_len; len++) {
		unsigned char *p = guarded(len);

		hwc_test_rnd_fill(p, len);
		oracle(c, p, len, want);
		digest_finup(c, p, len, got);
		check(!memcmp(want, got, c->info->digestsize), "finup length %zu", (size_t)len);
		/* Misaligned by one byte, still ending at the guard page. */
		if (len) {
			oracle(c, p + 1, len - 1, want);
			digest_finup(c, p + 1, len - 1, got);
			check(!memcmp(want, got, c->info->digestsize), "finup length %zu at odd address",
			      (size_t)len - 1);
		}
	}
	group_end();
}

static hwc_size random_len(void)
{
	switch (hwc_test_rnd64() & 3) {
	case 0:
		return hwc_test_rnd_below(4096);
	case 1:
		return hwc_test_rnd_below(65536);
	default:
		return hwc_test_rnd_below(MAX_MSG + 1);
	}
}

static void test_random(const struct hashctx *c, unsigned int count)
{
	unsigned char want[64], got[64];
	unsigned int i;

	group_begin(c->impl->impl, c->info->name, "random-update-final");
	for (i = 0; i < count; i++) {
		hwc_size len = random_len();
		unsigned char *p = guarded(len);

		hwc_test_rnd_fill(p, len);
		oracle(c, p, len, want);
		digest_chunked(c, p, len, got);
		check(!memcmp(want, got, c->info->digestsize), "update/final length %zu", (size_t)len);
	}
	group_end();

	group_begin(c->impl->impl, c->info->name, "random-blocks-finup");
	for (i = 0; i < count; i++) {
		hwc_size len = random_len();
		unsigned char *p = guarded(len);
		int counts_ok;

		hwc_test_rnd_fill(p, len);
		oracle(c, p, len, want);
		counts_ok = digest_blocks_finup(c, p, len, got);
		check(!memcmp(want, got, c->info->digestsize), "update_blocks/finup length %zu",
		      (size_t)len);
		check(counts_ok, "update_blocks return value or count wrong, length %zu", (size_t)len);
	}
	group_end();
}

/*
 * The block function alone against the portable one, from random chaining values (not only
 * IVs) and block counts including 0: catches state layout bugs the IV would hide.
 */
static void test_vs_generic(const struct hwc_hash_impl *impl, unsigned int count)
{
	const struct hwc_hash_impl *gen = hwc_hash_generic_impl(impl->family);
	hwc_size bs = strcmp(impl->family, "sha512") ? 64 : 128;
	unsigned long long s1[8], s2[8];
	unsigned int i;

	group_begin(impl->impl, impl->family, "blocks-vs-generic");
	check(gen != NULL, "no generic impl");
	for (i = 0; gen && i < count; i++) {
		/* nblocks >= 1, as the block interface takes it (hwc_core.h). */
		hwc_size nb = 1 + ((i & 7) ? hwc_test_rnd_below(20) : hwc_test_rnd_below(MAX_MSG / bs));
		unsigned char *p = guarded(nb * bs);

		hwc_test_rnd_fill(p, nb * bs);
		hwc_test_rnd_fill(s1, sizeof(s1));
		memcpy(s2, s1, sizeof(s1));
		impl->blocks(s1, p, nb);
		gen->blocks(s2, p, nb);
		check(!memcmp(s1, s2, sizeof(s1)), "%zu blocks", (size_t)nb);
	}
	group_end();
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--features MASK] [--seed N] [--quick] [--max-len N]\n"
		"  MASK: number or comma list (sse41,ssse3,shani,avx,avx2,bmi2,...; none)\n"
		"  also HWC_FEATURES=MASK in the environment\n", argv0);
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned int features = hwc_host_select_features(&argc, argv);
	unsigned long long seed = (unsigned long long)time(NULL);
	unsigned int nrandom = 64, ndiff = 2000;
	char fbuf[256];
	unsigned int i, j;
	int k, all;

	if (hwc_host_subsets_arg(&argc, argv, &all)) {
		unsigned int reqs[64], nreqs = 0, used = 0, r;

		for (r = 0; r < hwc_hash_nimpls && nreqs + 2 <= 64; r++) {
			reqs[nreqs++] = hwc_hash_impls[r].features;
			used |= hwc_hash_impls[r].features;
		}
		hwc_host_print_subsets(reqs, nreqs, used & features, all);
		return 0;
	}
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--seed") && k + 1 < argc)
			seed = strtoull(argv[++k], NULL, 0);
		else if (!strcmp(argv[k], "--max-len") && k + 1 < argc && atol(argv[k + 1]) > 0 &&
			 atol(argv[k + 1]) <= (long)MAX_MSG)
			max_len = (hwc_size)atol(argv[++k]);
		else if (!strcmp(argv[k], "--quick"))
			nrandom = 4, ndiff = 100;
		else
			usage(argv[0]);
	}
	hwc_test_rng = seed ? seed : 1;
	guard_init();

	printf("host features %s\n", hwc_host_features_str(hwc_host_cpu_features(), fbuf, sizeof(fbuf)));
	printf("testing with  %s\n", hwc_host_features_str(features, fbuf, sizeof(fbuf)));
	printf("seed %llu (replay with --seed %llu)\n", seed, seed);

	for (j = 0; j < hwc_hash_nimpls; j++) {
		const struct hwc_hash_impl *impl = &hwc_hash_impls[j];

		if ((impl->features & features) != impl->features) {
			printf("skip %-8s %-7s needs %s\n", impl->impl, impl->family,
			       hwc_host_features_str(impl->features & ~features, fbuf, sizeof(fbuf)));
			continue;
		}
		for (i = 0; i < hwc_hash_ninfos; i++) {
			struct hashctx c = {
				.info = &hwc_hash_infos[i],
				.impl = impl,
				.ops = { &hwc_hash_infos[i], impl, hwc_host_run_blocks },
			};

			if (strcmp(c.info->family, impl->family))
				continue;
			c.md = EVP_get_digestbyname(c.info->name);
			if (!c.md) {
				fprintf(stderr, "OpenSSL has no %s\n", c.info->name);
				return 1;
			}
			test_fips(&c);
			test_all_lengths(&c);
			test_random(&c, nrandom);
		}
		if (impl->features)
			test_vs_generic(impl, ndiff);
	}
	return hwc_test_summary("");
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libhwcrypt public API: kernel crypto API hashes, symmetric ciphers and AEADs over AF_ALG (via
 * libkcapi), RSA on the kernel's asymmetric keys (via keyctl), and /proc/crypto.
 */
#ifndef HWCRYPT_H
#define HWCRYPT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HWCRYPT_VERSION_MAJOR	0
#define HWCRYPT_VERSION_MINOR	1
#define HWCRYPT_VERSION_PATCH	0

/*
 * Longest digest any kernel hash produces (SHA-512, SHA3-512: 64 bytes); a buffer of this
 * size always satisfies hwcrypt_hash_final().
 */
#define HWCRYPT_MAX_DIGESTSIZE	64

/* Longest IV of any supported skcipher or aead (AES block modes: 16 bytes). */
#define HWCRYPT_MAX_IVSIZE	16

/* Longest AEAD tag (GCM: 16 bytes). */
#define HWCRYPT_MAX_TAGSIZE	16

/*
 * Largest message (AEAD: AAD plus message) that must go to the kernel as one request: xts
 * and cts messages and every AEAD operation. AF_ALG queues a request in the socket's
 * buffers (about 208 KiB by default), so longer ones are refused with -EMSGSIZE rather
 * than left waiting. ecb, cbc and ctr streams have no limit.
 */
#define HWCRYPT_MAX_MESSAGE	(128 * 1024)

/**
 * DOC: Conventions
 *
 * Every function that can fail returns a negative errno value (never sets errno for the
 * caller to read) and 0 or a positive length on success. Lengths are in bytes. Buffers
 * need no alignment (the kernel copies or maps them as given); where an output buffer may
 * not overlap the input, the function says so.
 * hwcrypt_strerror() describes a returned error in the library's terms; the common ones:
 *
 *   -EAFNOSUPPORT      the kernel's AF_ALG socket family, or its "hash" type (algif_hash),
 *                      is not available;
 *   -EPROTONOSUPPORT   the NETLINK_CRYPTO interface (module crypto_user) is not available:
 *                      libkcapi asks it for the digest size of every handle it opens, so
 *                      hashing needs it even though AF_ALG itself is present;
 *   -ENOENT            the kernel knows no algorithm or driver of that name;
 *   -EINVAL            bad argument, e.g. a driver that implements a different algorithm;
 *   -ENOKEY            a keyed hash (hmac(...)) was used before hwcrypt_hash_setkey();
 *   -ENOMEM            out of memory.
 *
 * Naming: algorithms use crypto API names as /proc/crypto shows them in its "name" field
 * ("sha256", "hmac(sha256)"); drivers use the "driver" field (cra_driver_name, e.g.
 * "sha256-hwcrypt-shani", "sha256-generic"). hwcrypt's own drivers are named
 * "<alg>-hwcrypt-<impl>" and are listed with "module : hwcrypt".
 *
 * Handles are not thread-safe: use one handle per thread.
 *
 * libkcapi prints its own diagnostics on stderr by default; libhwcrypt switches that off
 * the first time it opens a handle, because every failure is returned to the caller. Set
 * the environment variable HWCRYPT_DEBUG=1 to get libkcapi's debug log instead.
 */

/**
 * hwcrypt_version() - version string of the library
 *
 * @return a static string "MAJOR.MINOR.PATCH" of the libhwcrypt that is running, which
 *	   may be newer than the HWCRYPT_VERSION_* the caller was compiled against.
 */
const char *hwcrypt_version(void);

/**
 * hwcrypt_strerror() - describe an error returned by a libhwcrypt function
 *
 * @err: [in] negative errno value as returned by libhwcrypt (a positive value is
 *	 treated like its negation)
 *
 * For the errors listed under "Conventions" the text names the kernel interface that is
 * missing (e.g. "AF_ALG interface not available (are af_alg and algif_hash loaded?)"); other
 * values get strerror()'s text. If @err is the error of this thread's last failed
 * hwcrypt_*_init() and the library found its cause (af_alg_restrict and the capability or
 * name it wants, a seccomp filter, a missing CONFIG_CRYPTO_USER_API_* option, an invalid
 * HWCRYPT_BACKEND), the text says that instead.
 *
 * @return a NUL-terminated string, static or thread-local (valid until the thread's next
 *	   hwcrypt_*_init()); never NULL.
 */
const char *hwcrypt_strerror(int err);

/**
 * DOC: Backends: the kernel or the process
 *
 * Every hash, skcipher and aead handle is served either by the kernel crypto API through
 * AF_ALG (with hwcrypt.ko loaded, its drivers) or in this process by the same freestanding
 * cores hwcrypt.ko is built from (SHA-1, SHA-224/256/384/512 and their HMAC; AES ecb, cbc,
 * ctr, xts, cts(cbc); gcm and rfc4106(gcm)), on the fastest tier the CPU has (x86: SHA-NI,
 * AVX2, AES-NI, VAES; the constant-time portable C tier on any CPU). Results are identical.
 *
 * Kernels may refuse AF_ALG: Linux 7.3's sysctl crypto.af_alg_restrict (default 1: only
 * allowlisted algorithm names, most only with CAP_NET_ADMIN in the initial user namespace
 * or CAP_SYS_ADMIN, never driver names; 2: no AF_ALG at all), seccomp filters and container
 * policies (EPERM/EACCES from socket()), kernels without CONFIG_CRYPTO_USER_API_*. Where a
 * driver name is refused at level 1, the library binds the algorithm name and keeps the
 * handle only if /proc/crypto shows the kernel chose that very driver (hwcrypt_path.by_name).
 *
 * The policy, process-wide: hwcrypt_backend_set(), else the environment variable
 * HWCRYPT_BACKEND = "auto" (default: the kernel where it serves the handle, else in
 * process), "kernel" (the kernel or the kernel's error: -ENOENT, -EAFNOSUPPORT, -EPERM,
 * -EACCES, with hwcrypt_strerror() naming the sysctl, capability, seccomp filter or missing
 * CONFIG_CRYPTO_USER_API_* option), "process" (never AF_ALG). In process, a driver name of
 * hwcrypt's ("ctr-aes-hwcrypt-aesni") selects that tier of the cores, -ENOENT if the CPU
 * lacks it; other drivers exist only in the kernel. The environment variable
 * HWCRYPT_CPU_FEATURES (a comma list: sse41, shani, avx, avx2, bmi2, aesni, pclmul, vaes,
 * vpclmul, avx512, adx, ifma; or "none") narrows the features the in-process tiers may use.
 *
 * What the in-process path does not give: keys live in this process's memory (wiped on
 * free and re-key) rather than the kernel's; no offload engine (POWER NX); RSA stays on
 * keyctl.
 */

/* Backend policies (hwcrypt_backend_set()) and the path that serves a handle. */
enum hwcrypt_backend {
	HWCRYPT_BACKEND_AUTO = 0,	/* kernel where it serves, else in process */
	HWCRYPT_BACKEND_KERNEL = 1,	/* AF_ALG only; its refusal is the caller's error */
	HWCRYPT_BACKEND_PROCESS = 2,	/* hwcrypt's cores in this process only */
};

/**
 * hwcrypt_backend_set() - set the backend policy of the process
 *
 * @backend: [in] HWCRYPT_BACKEND_AUTO, HWCRYPT_BACKEND_KERNEL or HWCRYPT_BACKEND_PROCESS
 *
 * Applies to handles opened afterwards, in every thread, and overrides HWCRYPT_BACKEND.
 *
 * @return 0 upon success; -EINVAL for another value.
 */
int hwcrypt_backend_set(enum hwcrypt_backend backend);

/**
 * hwcrypt_backend_get() - the backend policy in force
 *
 * @return the value set by hwcrypt_backend_set(), else that of HWCRYPT_BACKEND ("auto",
 *	   "kernel", "process"; unset or empty: HWCRYPT_BACKEND_AUTO); -EINVAL if
 *	   HWCRYPT_BACKEND holds anything else (every *_init() then fails with -EINVAL).
 */
int hwcrypt_backend_get(void);

/**
 * hwcrypt_backend_name() - name of a backend
 *
 * @backend: [in] an enum hwcrypt_backend value
 *
 * @return "auto", "kernel", "process", or "invalid"; static.
 */
const char *hwcrypt_backend_name(int backend);

/*
 * Which path serves a handle (hwcrypt_hash_path(), hwcrypt_skcipher_path(),
 * hwcrypt_aead_path()). Strings are owned by the handle; NULL where not applicable.
 */
struct hwcrypt_path {
	int backend;		/* HWCRYPT_BACKEND_KERNEL or HWCRYPT_BACKEND_PROCESS */
	const char *driver;	/* as hwcrypt_*_driver(): kernel cra_driver_name, or
				 * "<hwcrypt driver>@process" in process */
	const char *bound;	/* kernel: the name given to bind() */
	int by_name;		/* kernel: the driver asked for was refused by name and
				 * proved by /proc/crypto to serve the algorithm name */
	const char *tier;	/* process: the cores' tier, e.g. "shani", "vaes-avx2", "generic" */
	const char *why;	/* process: why not the kernel (its refusal, or the policy) */
};

/**
 * hwcrypt_afalg_describe() - what the kernel's AF_ALG allows this process, in one line
 *
 * @buf: [out] the text, NUL-terminated (cut to @len)
 * @len: [in] size of @buf (256 always suffices)
 *
 * E.g. "AF_ALG unavailable (EAFNOSUPPORT): the kernel has no AF_ALG ...", "AF_ALG
 * restricted (crypto.af_alg_restrict=1: ...)", "AF_ALG denied (EPERM): ... seccomp filter".
 *
 * @return the length of the text; -EINVAL if @buf is NULL or @len 0.
 */
ssize_t hwcrypt_afalg_describe(char *buf, size_t len);

/**
 * hwcrypt_process_describe() - the in-process tiers this CPU gets, in one line
 *
 * @buf: [out] the text, NUL-terminated (cut to @len)
 * @len: [in] size of @buf (512 always suffices)
 *
 * @return the length of the text; -EINVAL if @buf is NULL or @len 0.
 */
ssize_t hwcrypt_process_describe(char *buf, size_t len);

/**
 * DOC: Message digest API
 *
 * Unkeyed hashes (SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 of FIPS 180-4, or any other
 * hash the kernel offers) and keyed hashes (HMAC of RFC 2104 / FIPS 198-1, "hmac(...)")
 * computed by the kernel crypto API through an AF_ALG "hash" socket.
 *
 * A handle is bound to one kernel driver for its whole life. Streaming use is
 * hwcrypt_hash_update() any number of times, then hwcrypt_hash_final(); after final
 * the handle starts a new message and may be reused (a key stays set).
 *
 * Kernel requirements: AF_ALG with algif_hash (CONFIG_CRYPTO_USER_API_HASH) and, because
 * libkcapi queries the algorithm at open time, NETLINK_CRYPTO (CONFIG_CRYPTO_USER, module
 * crypto_user, which the kernel auto-loads when it is installed as a module).
 */

/* Opaque hash handle. */
struct hwcrypt_hash;

/**
 * hwcrypt_hash_init() - open a (keyed) message digest handle
 *
 * @handle: [out] the new handle, set only on success
 * @alg: [in] crypto API algorithm name, e.g. "sha256" or "hmac(sha256)"
 * @driver: [in] NULL or "best" to let the kernel pick its highest-priority driver for
 *	    @alg; otherwise a cra_driver_name such as "sha256-hwcrypt-shani". For a template
 *	    algorithm like "hmac(sha256)" either the instance's driver name
 *	    ("hmac(sha256-hwcrypt-shani)") or just the inner driver ("sha256-hwcrypt-shani")
 *	    may be given; the latter is wrapped in the template for you.
 *
 * AF_ALG accepts a driver name where it takes an algorithm name, which is how an explicit
 * driver is bound. An explicit driver must implement @alg: if /proc/crypto lists it under
 * another algorithm name the call fails with -EINVAL rather than hash with the wrong
 * function.
 *
 * Free the handle with hwcrypt_hash_free().
 *
 * @return 0 upon success;
 *	   -EINVAL - @handle or @alg is NULL, a name is longer than 63 characters (the
 *		     limit of struct sockaddr_alg that libkcapi fills in), or @driver does not implement @alg;
 *	   -ENOENT - no such algorithm or driver, or (af_alg_restrict) the kernel refuses
 *		     the name and the in-process path cannot serve it or the policy is "kernel";
 *	   -EAFNOSUPPORT - AF_ALG or its hash interface is missing (policy "kernel", or an
 *		     algorithm the in-process cores do not have);
 *	   -EPERM, -EACCES - socket(AF_ALG) denied (seccomp, LSM), as for -EAFNOSUPPORT;
 *	   -EPROTONOSUPPORT - NETLINK_CRYPTO (crypto_user) is missing;
 *	   -ENOMEM - out of memory;
 *	   another negative errno from the kernel.
 */
int hwcrypt_hash_init(struct hwcrypt_hash **handle, const char *alg, const char *driver);

/**
 * hwcrypt_hash_setkey() - set the key of a keyed message digest
 *
 * @handle: [in] hash handle
 * @key: [in] key bytes
 * @keylen: [in] length of @key in bytes; HMAC accepts any length (keys longer than the
 *	    hash block size are hashed first, as RFC 2104 specifies)
 *
 * Must be called before the first hwcrypt_hash_update(), hwcrypt_hash_final() or
 * hwcrypt_hash_digest() of a keyed algorithm; the kernel keeps a copy, so the caller may
 * wipe @key afterwards. Calling it for an unkeyed hash fails. It may be called again between
 * messages: the kernel fixes a tfm's key once it has been used, so the handle then gets a new
 * tfm of the same algorithm and driver (if the kernel refuses the new key, without a key).
 *
 * @return 0 upon success;
 *	   -EINVAL - bad argument, or @keylen does not fit in 32 bits;
 *	   -EBUSY - a streaming operation is in progress on the handle;
 *	   -ENOKEY / -EINVAL / -EOPNOTSUPP - the kernel rejected the key (e.g. the
 *		     algorithm is not keyed).
 */
int hwcrypt_hash_setkey(struct hwcrypt_hash *handle, const uint8_t *key, size_t keylen);

/**
 * hwcrypt_hash_update() - add data to the message being hashed (streaming)
 *
 * @handle: [in] hash handle
 * @in: [in] data; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes, any size (split into pieces libkcapi accepts)
 *
 * The data is handed to the kernel at once (with MSG_MORE, so the kernel keeps the
 * partial state); nothing is buffered in user space.
 *
 * @return 0 upon success;
 *	   -EINVAL - bad argument;
 *	   -ENOKEY - keyed algorithm without key;
 *	   another negative errno from the kernel. After an error the message is lost:
 *	   call hwcrypt_hash_final() to reset the handle or free it.
 */
int hwcrypt_hash_update(struct hwcrypt_hash *handle, const void *in, size_t inlen);

/**
 * hwcrypt_hash_final() - finish the message and return its digest (streaming)
 *
 * @handle: [in] hash handle
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes; must be at least hwcrypt_hash_digestsize()
 *
 * Without a preceding update this is the digest of the empty message. Afterwards the
 * handle is ready for a new message.
 *
 * @return the digest size in bytes upon success;
 *	   -EINVAL - bad argument or @outlen too small (the handle state is unchanged);
 *	   -ENOKEY - keyed algorithm without key;
 *	   another negative errno from the kernel.
 */
ssize_t hwcrypt_hash_final(struct hwcrypt_hash *handle, uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_digest() - hash one buffer with an open handle (one-shot)
 *
 * @handle: [in] hash handle with no streaming operation in progress
 * @in: [in] message; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes; must be at least hwcrypt_hash_digestsize()
 *
 * @return the digest size in bytes upon success;
 *	   -EBUSY - hwcrypt_hash_update() was called without a hwcrypt_hash_final();
 *	   otherwise as hwcrypt_hash_final().
 */
ssize_t hwcrypt_hash_digest(struct hwcrypt_hash *handle, const void *in, size_t inlen,
			    uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_oneshot() - open, (key,) hash one buffer and close in one call
 *
 * @alg: [in] algorithm name as for hwcrypt_hash_init()
 * @driver: [in] driver as for hwcrypt_hash_init(), NULL or "best" for the kernel's choice
 * @key: [in] key for keyed algorithms, NULL for unkeyed ones
 * @keylen: [in] length of @key in bytes (ignored when @key is NULL)
 * @in: [in] message; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes
 * @out: [out] digest
 * @outlen: [in] size of @out in bytes (HWCRYPT_MAX_DIGESTSIZE is always enough)
 *
 * @return the digest size in bytes upon success; a negative errno from
 *	   hwcrypt_hash_init(), hwcrypt_hash_setkey() or hwcrypt_hash_digest() otherwise.
 */
ssize_t hwcrypt_hash_oneshot(const char *alg, const char *driver,
			     const uint8_t *key, size_t keylen,
			     const void *in, size_t inlen, uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_digestsize() - digest size of the handle's algorithm
 *
 * @handle: [in] hash handle
 *
 * @return the digest size in bytes (e.g. 32 for SHA-256), or 0 if @handle is NULL.
 */
unsigned int hwcrypt_hash_digestsize(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_blocksize() - block size of the handle's algorithm
 *
 * @handle: [in] hash handle
 *
 * @return the block size in bytes (64 for SHA-1/224/256, 128 for SHA-384/512), or 0 if
 *	   it is unknown (the driver is not in /proc/crypto) or @handle is NULL.
 */
unsigned int hwcrypt_hash_blocksize(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_driver() - kernel driver (cra_driver_name) that serves the handle
 *
 * @handle: [in] hash handle
 *
 * With an explicit driver this is that driver (template-wrapped, e.g.
 * "hmac(sha256-hwcrypt-shani)"). With "best" it is the entry of /proc/crypto, read
 * right after the socket was bound, that the kernel's own lookup picks: among the
 * non-internal hash entries whose name equals the algorithm and whose selftest passed,
 * the one with the highest priority, the earliest listed on a tie (the kernel lists
 * newest registrations first and keeps the first best it meets); a driver name equal to
 * the algorithm name wins outright, as in the kernel; from Linux 7.2 on asynchronous
 * entries are passed over, as AF_ALG skips them. A driver registered between the
 * bind and the read can make this report differ from the kernel's choice. In process
 * (see "Backends") it is the hwcrypt driver of the tier serving, with "@process"
 * appended: "sha256-hwcrypt-shani@process", "hmac(sha256-hwcrypt-shani)@process".
 *
 * @return a NUL-terminated string owned by the handle, valid until hwcrypt_hash_free();
 *	   NULL if @handle is NULL or /proc/crypto could not be read for a "best" handle.
 */
const char *hwcrypt_hash_driver(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_alg() - algorithm name the handle was opened for
 *
 * @handle: [in] hash handle
 *
 * @return the @alg given to hwcrypt_hash_init() (owned by the handle), or NULL.
 */
const char *hwcrypt_hash_alg(struct hwcrypt_hash *handle);

/**
 * hwcrypt_hash_free() - close a hash handle and release its resources
 *
 * @handle: [in] hash handle; NULL is allowed and ignored
 */
void hwcrypt_hash_free(struct hwcrypt_hash *handle);

/**
 * DOC: Symmetric cipher API
 *
 * Block cipher modes of the kernel crypto API ("skcipher"): "ecb(aes)", "cbc(aes)",
 * "ctr(aes)" (SP 800-38A), "xts(aes)" (IEEE 1619, SP 800-38E), "cts(cbc(aes))" (SP 800-38A
 * addendum, CS3), or any other skcipher the kernel has, computed through an AF_ALG
 * "skcipher" socket. No padding is added or removed: PKCS#7 padding, if wanted, is the
 * caller's (the hwcrypt CLI does it for ecb and cbc).
 *
 * What the library knows of a mode it asks the kernel at hwcrypt_skcipher_init(), never
 * the name: the block size (hwcrypt_skcipher_blocksize(); cra_blocksize, 16 for ecb, cbc,
 * xts and cts of AES, 1 for ctr), the chunk a stream is cut into
 * (hwcrypt_skcipher_chunksize(), /proc/crypto's "chunksize"; 16 for the AES modes), and
 * whether the kernel chains the IV from one request to the next (hwcrypt_skcipher_chained():
 * ecb, cbc, ctr yes; xts, cts no), found by running two chunks as one request and as two on
 * a throwaway tfm of the same driver with a fixed key.
 *
 * Input lengths: a chained mode with a block size above 1 (ecb, cbc) takes whole blocks;
 * a chained mode of block size 1 (ctr) any length; a mode that does not chain (xts, cts)
 * at least one block (or 0) and at most HWCRYPT_MAX_MESSAGE per message.
 *
 * A handle is bound to one driver and one key. A message is either one call of
 * hwcrypt_skcipher_encrypt()/hwcrypt_skcipher_decrypt(), or streamed:
 * hwcrypt_skcipher_begin(), any number of hwcrypt_skcipher_update(), then
 * hwcrypt_skcipher_final(). A chained mode streams in requests of whole chunks, of any total
 * length; other modes are held in the handle until final(), because their last blocks
 * depend on the message end.
 *
 * Errors common to these calls: -EINVAL bad argument or length; -ENOKEY no key set;
 * -EBUSY a streamed message is in progress; -EMSGSIZE a message of a mode that does not
 * chain (or an aead message) larger than HWCRYPT_MAX_MESSAGE; -EBADFD a previous
 * send/receive failed midway and left the socket in an unknown state (free the handle);
 * -ENOENT/-EAFNOSUPPORT/-EPROTONOSUPPORT at init as for hashes (algif_skcipher and
 * crypto_user must be available).
 */

/* Opaque skcipher handle. */
struct hwcrypt_skcipher;

/**
 * hwcrypt_skcipher_init() - open a symmetric cipher handle
 *
 * @handle: [out] the new handle, set only on success
 * @alg: [in] crypto API algorithm name, e.g. "ctr(aes)", "xts(aes)"
 * @driver: [in] NULL or "best" for the kernel's highest-priority driver of @alg, otherwise
 *	    a cra_driver_name such as "ctr-aes-hwcrypt-aesni" or "ctr(aes-generic)"
 *
 * As for hwcrypt_hash_init(), an explicit driver must implement @alg. The block size, IV
 * size and chunk come from the kernel (libkcapi's netlink query, /proc/crypto); whether
 * the mode chains is measured here (see "Symmetric cipher API"). Without /proc/crypto the
 * mode is taken as not chaining: correct for every mode, but limited to
 * HWCRYPT_MAX_MESSAGE per message.
 *
 * @return 0 upon success; -EINVAL bad name or @driver implements another algorithm;
 *	   -ENOENT no such algorithm or driver; -EAFNOSUPPORT no algif_skcipher;
 *	   -EPROTONOSUPPORT no crypto_user; -EOPNOTSUPP an IV above HWCRYPT_MAX_IVSIZE or a
 *	   block or chunk size above 256 bytes; -ENOMEM.
 */
int hwcrypt_skcipher_init(struct hwcrypt_skcipher **handle, const char *alg, const char *driver);

/**
 * hwcrypt_skcipher_setkey() - set the key
 *
 * @handle: [in] skcipher handle
 * @key: [in] key bytes; the kernel keeps a copy, so the caller may wipe it afterwards
 * @keylen: [in] length in bytes: AES 16, 24 or 32; xts(aes) twice that (32, 48, 64)
 *
 * @return 0 upon success; -EINVAL if the algorithm refuses this key length (or, for xts in
 *	   FIPS mode, equal key halves); -EBUSY while a streamed message is in progress.
 */
int hwcrypt_skcipher_setkey(struct hwcrypt_skcipher *handle, const uint8_t *key, size_t keylen);

/**
 * hwcrypt_skcipher_ivsize() - IV size of the handle's algorithm
 *
 * @handle: [in] skcipher handle
 *
 * @return the IV size in bytes (16 for cbc/ctr/xts/cts, 0 for ecb); 0 for NULL.
 */
unsigned int hwcrypt_skcipher_ivsize(struct hwcrypt_skcipher *handle);

/**
 * hwcrypt_skcipher_blocksize() - block size of the handle's algorithm
 *
 * @handle: [in] skcipher handle
 *
 * The kernel's cra_blocksize: the unit input lengths must be whole multiples of in ecb
 * and cbc (16 for AES), 1 for stream modes such as ctr; xts and cts (16) take any length
 * of at least one block.
 *
 * @return the block size in bytes; 0 for NULL.
 */
unsigned int hwcrypt_skcipher_blocksize(struct hwcrypt_skcipher *handle);

/**
 * hwcrypt_skcipher_chunksize() - unit a streamed message is cut into
 *
 * @handle: [in] skcipher handle
 *
 * The kernel's chunksize (/proc/crypto): the block of the underlying cipher, so 16 for ctr
 * as for cbc; the block size where the kernel does not list it. hwcrypt_skcipher_update()
 * holds back less than one chunk.
 *
 * @return the chunk size in bytes; 0 for NULL.
 */
unsigned int hwcrypt_skcipher_chunksize(struct hwcrypt_skcipher *handle);

/**
 * hwcrypt_skcipher_chained() - whether the kernel chains the IV between requests
 *
 * @handle: [in] skcipher handle
 *
 * @return 1 if a message may be streamed in pieces of any total length (the kernel carries
 *	   the IV from one request to the next: ecb, cbc, ctr); 0 if a message is one kernel
 *	   request of at most HWCRYPT_MAX_MESSAGE bytes (xts, cts), or for NULL.
 */
int hwcrypt_skcipher_chained(struct hwcrypt_skcipher *handle);

/**
 * hwcrypt_skcipher_driver() - driver (cra_driver_name) serving the handle
 *
 * @handle: [in] skcipher handle
 *
 * @return a string owned by the handle, as hwcrypt_hash_driver() describes; NULL for NULL.
 */
const char *hwcrypt_skcipher_driver(struct hwcrypt_skcipher *handle);

/**
 * hwcrypt_skcipher_encrypt() - encrypt one message (one-shot)
 *
 * @handle: [in] skcipher handle with a key and no streamed message in progress
 * @iv: [in] IV (ctr: the initial 128-bit big-endian counter block; xts: the tweak, e.g.
 *	the little-endian sector number); may be NULL for ecb
 * @ivlen: [in] length of @iv, must equal hwcrypt_skcipher_ivsize()
 * @in: [in] plaintext, @inlen bytes (see the length rules above)
 * @inlen: [in] length of @in in bytes
 * @out: [out] ciphertext, @inlen bytes; may be the same buffer as @in
 * @outlen: [in] size of @out, at least @inlen
 *
 * @return @inlen upon success; -EINVAL for a wrong @ivlen ("bad IV size"), a length the
 *	   mode cannot take, or @outlen too small; the common errors above. On failure
 *	   @out holds no partial result (it is zeroed).
 */
ssize_t hwcrypt_skcipher_encrypt(struct hwcrypt_skcipher *handle, const uint8_t *iv, size_t ivlen,
				 const void *in, size_t inlen, uint8_t *out, size_t outlen);

/**
 * hwcrypt_skcipher_decrypt() - decrypt one message (one-shot)
 *
 * @handle: [in] skcipher handle with a key and no streamed message in progress
 * @iv: [in] IV as for encryption
 * @ivlen: [in] length of @iv, must equal hwcrypt_skcipher_ivsize()
 * @in: [in] ciphertext
 * @inlen: [in] length of @in in bytes
 * @out: [out] plaintext, @inlen bytes; may be the same buffer as @in
 * @outlen: [in] size of @out, at least @inlen
 *
 * @return @inlen upon success; errors as hwcrypt_skcipher_encrypt().
 */
ssize_t hwcrypt_skcipher_decrypt(struct hwcrypt_skcipher *handle, const uint8_t *iv, size_t ivlen,
				 const void *in, size_t inlen, uint8_t *out, size_t outlen);

/**
 * hwcrypt_skcipher_begin() - start a streamed message
 *
 * @handle: [in] skcipher handle with a key
 * @encrypt: [in] nonzero to encrypt, 0 to decrypt
 * @iv: [in] IV as for hwcrypt_skcipher_encrypt(); copied
 * @ivlen: [in] length of @iv, must equal hwcrypt_skcipher_ivsize()
 *
 * @return 0 upon success; -EINVAL bad IV size; -ENOKEY; -EBUSY if a message is in progress.
 */
int hwcrypt_skcipher_begin(struct hwcrypt_skcipher *handle, int encrypt, const uint8_t *iv,
			   size_t ivlen);

/**
 * hwcrypt_skcipher_update() - process more of a streamed message
 *
 * @handle: [in] skcipher handle after hwcrypt_skcipher_begin()
 * @in: [in] next part of the message, any length
 * @inlen: [in] length of @in in bytes
 * @out: [out] output of the blocks completed by this call; must not overlap @in
 * @outlen: [in] size of @out; @inlen + hwcrypt_skcipher_chunksize() - 1 bytes (AES modes:
 *	    @inlen + 15) always suffice (an incomplete chunk is held in the handle until the
 *	    next call)
 *
 * Chained modes (ecb/cbc/ctr): returns the whole chunks completed so far. Others
 * (xts/cts): returns 0 and keeps the data (up to HWCRYPT_MAX_MESSAGE in total) for
 * hwcrypt_skcipher_final().
 *
 * @return the number of bytes written to @out; -EINVAL bad argument or @outlen too small
 *	   (nothing consumed); -EMSGSIZE, -ENOMEM (message abandoned); -EBADFD or an error
 *	   of the kernel (message abandoned, free the handle).
 */
ssize_t hwcrypt_skcipher_update(struct hwcrypt_skcipher *handle, const void *in, size_t inlen,
				uint8_t *out, size_t outlen);

/**
 * hwcrypt_skcipher_final() - finish a streamed message
 *
 * @handle: [in] skcipher handle after hwcrypt_skcipher_begin()
 * @out: [out] the rest of the output: the held partial chunk (ctr, fewer than 16 bytes)
 *	 or the whole held message (xts/cts)
 * @outlen: [in] size of @out
 *
 * Ends the message whether or not it succeeds; the handle is then ready for begin().
 *
 * @return the number of bytes written; -EINVAL if ecb/cbc hold a partial block or an
 *	   xts/cts message is shorter than one block (16 bytes), or @outlen is too small
 *	   (then nothing ended); another negative errno from the kernel.
 */
ssize_t hwcrypt_skcipher_final(struct hwcrypt_skcipher *handle, uint8_t *out, size_t outlen);

/**
 * hwcrypt_skcipher_free() - close an skcipher handle, wiping buffered data and the IV
 *
 * @handle: [in] skcipher handle; NULL is ignored
 */
void hwcrypt_skcipher_free(struct hwcrypt_skcipher *handle);

/**
 * DOC: AEAD API
 *
 * Authenticated encryption of the kernel crypto API ("aead"): "gcm(aes)" (SP 800-38D:
 * 12-byte IV, tag of 4, 8 or 12 to 16 bytes), "rfc4106(gcm(aes))" (RFC 4106: 4-byte salt
 * after the key, 8-byte IV, AAD 16 or 20 bytes including the IV as ESP has it).
 *
 * Layout, as GCM tools commonly use it: encryption outputs ciphertext || tag (the AAD is
 * authenticated, not output); decryption takes ciphertext || tag. A whole message (AAD
 * and input) must fit HWCRYPT_MAX_MESSAGE (+ tag): AF_ALG processes an AEAD request only
 * once all of it is queued.
 *
 * Decryption releases nothing unverified: a wrong tag (or any other failure) returns
 * -EBADMSG and the output buffer is zeroed, whatever the kernel driver wrote into it
 * first. Streaming (begin/update/final) only collects the input: all output, and the
 * verdict, come from hwcrypt_aead_final().
 */

/* Opaque aead handle. */
struct hwcrypt_aead;

/**
 * hwcrypt_aead_init() - open an AEAD handle
 *
 * @handle: [out] the new handle, set only on success
 * @alg: [in] algorithm name, e.g. "gcm(aes)"
 * @driver: [in] NULL or "best" for the kernel's choice, otherwise a cra_driver_name such
 *	    as "gcm-aes-hwcrypt-aesni" that must implement @alg
 *
 * The tag length starts at the algorithm's maximum (16 for GCM).
 *
 * @return 0 upon success; errors as hwcrypt_skcipher_init() (algif_aead instead of
 *	   algif_skcipher).
 */
int hwcrypt_aead_init(struct hwcrypt_aead **handle, const char *alg, const char *driver);

/**
 * hwcrypt_aead_setkey() - set the key
 *
 * @handle: [in] aead handle
 * @key: [in] key bytes (copied by the kernel)
 * @keylen: [in] gcm(aes): 16, 24 or 32; rfc4106(gcm(aes)): that plus the 4-byte salt
 *
 * @return 0 upon success; -EINVAL if the key length is refused; -EBUSY during a message.
 */
int hwcrypt_aead_setkey(struct hwcrypt_aead *handle, const uint8_t *key, size_t keylen);

/**
 * hwcrypt_aead_settaglen() - set the tag length
 *
 * @handle: [in] aead handle
 * @taglen: [in] tag length in bytes (gcm: 4, 8, 12, 13, 14, 15 or 16; rfc4106: 8, 12, 16)
 *
 * @return 0 upon success; -EINVAL if the algorithm refuses this length ("bad tag size");
 *	   -EBUSY during a message.
 */
int hwcrypt_aead_settaglen(struct hwcrypt_aead *handle, size_t taglen);

/**
 * hwcrypt_aead_ivsize() - IV size of the handle's algorithm
 *
 * @handle: [in] aead handle
 *
 * @return the IV size in bytes (gcm(aes): 12, rfc4106: 8); 0 for NULL.
 */
unsigned int hwcrypt_aead_ivsize(struct hwcrypt_aead *handle);

/**
 * hwcrypt_aead_taglen() - current tag length
 *
 * @handle: [in] aead handle
 *
 * @return the tag length in bytes; 0 for NULL.
 */
unsigned int hwcrypt_aead_taglen(struct hwcrypt_aead *handle);

/**
 * hwcrypt_aead_driver() - driver (cra_driver_name) serving the handle
 *
 * @handle: [in] aead handle
 *
 * In process, the hwcrypt driver of the tier serving with "@process" appended
 * ("gcm-aes-hwcrypt-vaes-avx2@process"); hwcrypt_aead_path() tells more.
 *
 * @return a string owned by the handle; NULL for NULL.
 */
const char *hwcrypt_aead_driver(struct hwcrypt_aead *handle);

/**
 * hwcrypt_aead_encrypt() - encrypt and authenticate one message (one-shot)
 *
 * @handle: [in] aead handle with a key, no message in progress
 * @iv: [in] IV (gcm(aes): the 96-bit IV of SP 800-38D; never reuse one with a key)
 * @ivlen: [in] length of @iv, must equal hwcrypt_aead_ivsize()
 * @aad: [in] additional authenticated data; may be NULL if @aadlen is 0
 * @aadlen: [in] length of @aad in bytes
 * @in: [in] plaintext; may be NULL if @inlen is 0
 * @inlen: [in] length of @in in bytes
 * @out: [out] ciphertext || tag, @inlen + hwcrypt_aead_taglen() bytes; must not overlap @in
 * @outlen: [in] size of @out
 *
 * @return @inlen + tag length upon success; -EINVAL bad IV size or @outlen too small;
 *	   -EMSGSIZE @aadlen + @inlen above HWCRYPT_MAX_MESSAGE; -ENOKEY; another negative
 *	   errno from the kernel. On failure @out is zeroed.
 */
ssize_t hwcrypt_aead_encrypt(struct hwcrypt_aead *handle, const uint8_t *iv, size_t ivlen,
			     const void *aad, size_t aadlen, const void *in, size_t inlen,
			     uint8_t *out, size_t outlen);

/**
 * hwcrypt_aead_decrypt() - verify and decrypt one message (one-shot)
 *
 * @handle: [in] aead handle with a key, no message in progress
 * @iv: [in] IV used for the encryption
 * @ivlen: [in] length of @iv, must equal hwcrypt_aead_ivsize()
 * @aad: [in] the AAD of the encryption; may be NULL if @aadlen is 0
 * @aadlen: [in] length of @aad in bytes
 * @in: [in] ciphertext || tag
 * @inlen: [in] length of @in in bytes, at least hwcrypt_aead_taglen()
 * @out: [out] plaintext, @inlen - tag length bytes; must not overlap @in
 * @outlen: [in] size of @out
 *
 * @return @inlen - tag length upon success; -EBADMSG if the tag does not match (or @inlen
 *	   is shorter than a tag): @out is then zeroed and holds no plaintext; otherwise as
 *	   hwcrypt_aead_encrypt().
 */
ssize_t hwcrypt_aead_decrypt(struct hwcrypt_aead *handle, const uint8_t *iv, size_t ivlen,
			     const void *aad, size_t aadlen, const void *in, size_t inlen,
			     uint8_t *out, size_t outlen);

/**
 * hwcrypt_aead_begin() - start a streamed message
 *
 * @handle: [in] aead handle with a key
 * @encrypt: [in] nonzero to encrypt, 0 to decrypt
 * @iv: [in] IV (copied); @ivlen must equal hwcrypt_aead_ivsize()
 * @ivlen: [in] length of @iv
 * @aad: [in] the whole AAD (copied); may be NULL if @aadlen is 0
 * @aadlen: [in] length of @aad in bytes
 *
 * @return 0 upon success; -EINVAL bad IV size; -EMSGSIZE; -ENOKEY; -EBUSY; -ENOMEM.
 */
int hwcrypt_aead_begin(struct hwcrypt_aead *handle, int encrypt, const uint8_t *iv, size_t ivlen,
		       const void *aad, size_t aadlen);

/**
 * hwcrypt_aead_update() - add input to a streamed message
 *
 * @handle: [in] aead handle after hwcrypt_aead_begin()
 * @in: [in] next part of the plaintext (encryption) or of ciphertext || tag (decryption)
 * @inlen: [in] length of @in in bytes
 *
 * The input is collected in the handle; nothing is output before hwcrypt_aead_final().
 *
 * @return 0 upon success; -EMSGSIZE or -ENOMEM (the message is abandoned); -EINVAL.
 */
int hwcrypt_aead_update(struct hwcrypt_aead *handle, const void *in, size_t inlen);

/**
 * hwcrypt_aead_final() - process a streamed message
 *
 * @handle: [in] aead handle after hwcrypt_aead_begin()
 * @out: [out] as for hwcrypt_aead_encrypt() / hwcrypt_aead_decrypt()
 * @outlen: [in] size of @out
 *
 * Ends the message in every case.
 *
 * @return the output length upon success; -EBADMSG for a tag mismatch (@out zeroed);
 *	   otherwise as hwcrypt_aead_encrypt().
 */
ssize_t hwcrypt_aead_final(struct hwcrypt_aead *handle, uint8_t *out, size_t outlen);

/**
 * hwcrypt_aead_free() - close an aead handle, wiping buffered data, AAD and IV
 *
 * @handle: [in] aead handle; NULL is ignored
 */
void hwcrypt_aead_free(struct hwcrypt_aead *handle);

/**
 * DOC: RSA API (keyctl)
 *
 * AF_ALG offers no akcipher, so RSA goes through the kernel's key retention service: an
 * "asymmetric" key holds the RSA key, and keyctl's pkey operations run the kernel's
 * "rsa" akcipher (hwcrypt's rsa-hwcrypt-* when loaded) under its PKCS#1 v1.5 padding
 * (RFC 8017: RSASSA-PKCS1-v1_5 and RSAES-PKCS1-v1_5). Keys are named by their serial
 * number (key_serial_t, an int32_t), as keyctl(1) prints them.
 *
 * @enc is keyctl's encoding name, NULL for "pkcs1" (6.1 also knows "raw" for encrypt and
 * decrypt); @hash is keyctl's hash name: "sha1", "sha224", "sha256", "sha384", "sha512"
 * (others the kernel has). Signing takes the DIGEST of the message, not the message:
 * the kernel prepends the DigestInfo of @hash and pads, so the signature equals
 * `openssl pkeyutl -sign -pkeyopt digest:HASH` over the digest, or `openssl dgst -HASH
 * -sign` over the message.
 *
 * Kernel requirements: CONFIG_KEYS, asymmetric keys with the X.509 parser (certificates)
 * and, for private keys, the PKCS#8 parser (module pkcs8_key_parser). Where keyctl cannot
 * take a key (ENOSYS, EPERM/EACCES from seccomp, ENODEV/EBADMSG/EOPNOTSUPP: no asymmetric
 * key type or parser) under the policy "auto", or always under "process" (see "Backends"),
 * the key is held in this process and served by hwcrypt's constant-time RSA core (the one
 * rsa-hwcrypt-* runs, with its input range and blinding) under the same PKCS#1 v1.5 rules
 * and errors; such keys have negative serials (no kernel key has one) and only "pkcs1"
 * (-EOPNOTSUPP for another @enc) with sha1, sha224, sha256, sha384, sha512.
 * Errors: negative errno of keyctl: -ENOKEY/-EKEYREVOKED unknown key; -EOPNOTSUPP the
 * key cannot do this operation (e.g. sign with a certificate's public key); -EINVAL bad
 * length or parameters; -EKEYREJECTED bad signature; -EBADMSG data no parser accepts.
 */

/**
 * hwcrypt_rsa_key_load() - add a key to the process keyring
 *
 * @key: [out] serial of the new key, set only on success
 * @der: [in] DER data: an X.509 certificate (public key) or an unencrypted PKCS#8
 *	 PrivateKeyInfo (private key; needs pkcs8_key_parser)
 * @derlen: [in] length of @der in bytes (at most 64 KiB)
 * @desc: [in] key description, NULL for "hwcrypt"
 *
 * The key lives in the process keyring (gone at exit) until hwcrypt_rsa_key_unload(); in
 * process (negative serial, see "RSA API") in the library's memory, wiped on unload.
 *
 * @return 0 upon success; -EBADMSG no parser accepts @der (for PKCS#8: is
 *	   pkcs8_key_parser loaded?); -EINVAL; -ENOMEM; -EDQUOT key quota exceeded (in
 *	   process: 256 keys); under the policy "kernel" keyctl's error as it is.
 */
int hwcrypt_rsa_key_load(int32_t *key, const void *der, size_t derlen, const char *desc);

/**
 * hwcrypt_rsa_key_load_file() - add a key from a file to the process keyring
 *
 * @key: [out] serial of the new key, set only on success
 * @path: [in] file with DER as for hwcrypt_rsa_key_load(), or the same in PEM ("BEGIN
 *	  CERTIFICATE", "BEGIN PRIVATE KEY"; "BEGIN RSA PRIVATE KEY" is not PKCS#8 and
 *	  the kernel refuses it)
 *
 * The description is "hwcrypt:" and the file's base name. The file buffer is wiped.
 *
 * @return 0 upon success; negative errno of open()/read(); -EINVAL empty or larger than
 *	   64 KiB; otherwise as hwcrypt_rsa_key_load().
 */
int hwcrypt_rsa_key_load_file(int32_t *key, const char *path);

/**
 * hwcrypt_rsa_key_unload() - unlink a key from the process keyring
 *
 * @key: [in] serial from hwcrypt_rsa_key_load() or hwcrypt_rsa_key_load_file()
 *
 * @return 0 upon success; negative errno of keyctl_unlink() (-ENOENT: not linked there).
 */
int hwcrypt_rsa_key_unload(int32_t key);

/**
 * hwcrypt_rsa_size() - modulus size of a key
 *
 * @key: [in] key serial
 *
 * @return the modulus size in bytes (the size of signatures and ciphertexts, e.g. 256
 *	   for RSA-2048); negative errno of keyctl_pkey_query().
 */
int hwcrypt_rsa_size(int32_t key);

/**
 * hwcrypt_rsa_sign() - RSASSA-PKCS1-v1_5 signature of a digest
 *
 * @key: [in] serial of a private key
 * @enc: [in] encoding, NULL for "pkcs1"
 * @hash: [in] hash that made @digest, e.g. "sha256" (required)
 * @digest: [in] the message digest
 * @dlen: [in] length of @digest; must be the digest size of @hash (sha256: 32)
 * @sig: [out] signature, big-endian, hwcrypt_rsa_size() bytes
 * @siglen: [in] size of @sig
 *
 * @return the signature length upon success; -EINVAL wrong digest length, unknown hash,
 *	   or @siglen too small; -EOPNOTSUPP not a private key; other keyctl errors.
 */
ssize_t hwcrypt_rsa_sign(int32_t key, const char *enc, const char *hash,
			 const uint8_t *digest, size_t dlen, uint8_t *sig, size_t siglen);

/**
 * hwcrypt_rsa_verify() - verify an RSASSA-PKCS1-v1_5 signature of a digest
 *
 * @key: [in] serial of a public or private key
 * @enc: [in] encoding, NULL for "pkcs1"
 * @hash: [in] hash that made @digest (required)
 * @digest: [in] the message digest; @dlen must be the digest size of @hash
 * @dlen: [in] length of @digest
 * @sig: [in] signature
 * @siglen: [in] length of @sig (the modulus size)
 *
 * @return 0 if the signature is valid; -EKEYREJECTED if it is not; -EINVAL bad lengths;
 *	   other keyctl errors.
 */
int hwcrypt_rsa_verify(int32_t key, const char *enc, const char *hash,
		       const uint8_t *digest, size_t dlen, const uint8_t *sig, size_t siglen);

/**
 * hwcrypt_rsa_encrypt() - RSAES-PKCS1-v1_5 encryption with a key's public part
 *
 * @key: [in] serial of a public or private key
 * @enc: [in] encoding, NULL for "pkcs1"
 * @in: [in] message, at most modulus size - 11 bytes
 * @inlen: [in] length of @in
 * @out: [out] ciphertext, hwcrypt_rsa_size() bytes
 * @outlen: [in] size of @out
 *
 * The padding is random: two encryptions of one message differ.
 *
 * @return the ciphertext length upon success; -EINVAL message too long or @outlen too
 *	   small; other keyctl errors.
 */
ssize_t hwcrypt_rsa_encrypt(int32_t key, const char *enc, const uint8_t *in, size_t inlen,
			    uint8_t *out, size_t outlen);

/**
 * hwcrypt_rsa_decrypt() - RSAES-PKCS1-v1_5 decryption with a private key
 *
 * @key: [in] serial of a private key
 * @enc: [in] encoding, NULL for "pkcs1"
 * @in: [in] ciphertext, modulus size bytes
 * @inlen: [in] length of @in
 * @out: [out] message
 * @outlen: [in] size of @out (modulus size - 11 always suffices)
 *
 * @return the message length upon success; -EBADMSG or -EINVAL bad padding or length
 *	   (@out is zeroed); -EOPNOTSUPP not a private key; other keyctl errors.
 */
ssize_t hwcrypt_rsa_decrypt(int32_t key, const char *enc, const uint8_t *in, size_t inlen,
			    uint8_t *out, size_t outlen);

/**
 * hwcrypt_hash_path() - which path serves a hash handle
 *
 * @handle: [in] hash handle
 * @path: [out] filled in (see struct hwcrypt_path)
 *
 * @return 0 upon success; -EINVAL if @handle or @path is NULL.
 */
int hwcrypt_hash_path(struct hwcrypt_hash *handle, struct hwcrypt_path *path);

/**
 * hwcrypt_skcipher_path() - which path serves a skcipher handle
 *
 * @handle: [in] skcipher handle
 * @path: [out] filled in (see struct hwcrypt_path)
 *
 * @return 0 upon success; -EINVAL if @handle or @path is NULL.
 */
int hwcrypt_skcipher_path(struct hwcrypt_skcipher *handle, struct hwcrypt_path *path);

/**
 * hwcrypt_aead_path() - which path serves an aead handle
 *
 * @handle: [in] aead handle
 * @path: [out] filled in (see struct hwcrypt_path)
 *
 * @return 0 upon success; -EINVAL if @handle or @path is NULL.
 */
int hwcrypt_aead_path(struct hwcrypt_aead *handle, struct hwcrypt_path *path);

/**
 * DOC: Algorithm list API
 *
 * A snapshot of /proc/crypto: one entry per registered driver, in the kernel's order.
 */

/* Selftest states as /proc/crypto reports them. */
enum hwcrypt_selftest {
	HWCRYPT_SELFTEST_UNKNOWN = 0,	/* "unknown": not (yet) tested */
	HWCRYPT_SELFTEST_PASSED = 1,	/* "passed" */
};

/*
 * One /proc/crypto entry. Strings are never NULL ("" when the field is absent).
 * The library allocates these; new fields may be appended in later versions.
 */
struct hwcrypt_alg_info {
	const char *name;		/* "name": algorithm, e.g. "sha256" */
	const char *driver;		/* "driver": cra_driver_name */
	const char *module;		/* "module": "kernel" for built-in, "hwcrypt" for ours */
	const char *type;		/* "type": "shash", "ahash", "skcipher", ... */
	const char *selftest_str;	/* "selftest" as printed: "passed", "unknown" */
	int priority;			/* "priority" */
	enum hwcrypt_selftest selftest;
	int internal;			/* "internal : yes": not reachable from AF_ALG */
	int async;			/* "async : yes" */
	unsigned int digestsize;	/* "digestsize" in bytes, 0 if absent */
	unsigned int blocksize;		/* "blocksize" in bytes, 0 if absent */
	/* Appended with HWCRYPT_0.3 (0 when the entry has no such field): */
	unsigned int ivsize;		/* "ivsize" in bytes */
	unsigned int chunksize;		/* "chunksize": the unit a stream is cut into */
	unsigned int min_keysize;	/* "min keysize" in bytes */
	unsigned int max_keysize;	/* "max keysize" in bytes */
};

/* Opaque snapshot. */
struct hwcrypt_alg_list;

/**
 * hwcrypt_alg_list_read() - take a snapshot of the registered algorithms
 *
 * @list: [out] the snapshot, set only on success
 * @path: [in] file in /proc/crypto format to read, NULL for "/proc/crypto"
 *
 * Entries without a "name" or "driver" field are skipped.
 *
 * @return 0 upon success;
 *	   -EINVAL - @list is NULL;
 *	   -ENOMEM - out of memory;
 *	   negative errno of open()/read() otherwise (e.g. -ENOENT without procfs).
 */
int hwcrypt_alg_list_read(struct hwcrypt_alg_list **list, const char *path);

/**
 * hwcrypt_alg_list_count() - number of entries in a snapshot
 *
 * @list: [in] snapshot
 *
 * @return the number of entries (0 for NULL).
 */
size_t hwcrypt_alg_list_count(const struct hwcrypt_alg_list *list);

/**
 * hwcrypt_alg_list_get() - one entry of a snapshot
 *
 * @list: [in] snapshot
 * @idx: [in] index, 0 <= @idx < hwcrypt_alg_list_count(), in /proc/crypto order
 *
 * @return the entry, valid until hwcrypt_alg_list_free(); NULL if @idx is out of range.
 */
const struct hwcrypt_alg_info *hwcrypt_alg_list_get(const struct hwcrypt_alg_list *list,
						    size_t idx);

/**
 * hwcrypt_alg_list_best() - the driver the kernel picks for an algorithm name
 *
 * @list: [in] snapshot
 * @name: [in] algorithm name, or a driver name (an exact driver match wins, as in the
 *	  kernel's lookup)
 * @type: [in] NULL for any type; "hash" for message digests (types "shash" and "ahash");
 *	  otherwise an exact /proc/crypto type such as "skcipher"
 *
 * Applies the kernel's rule described at hwcrypt_hash_driver(): internal entries never
 * qualify; entries whose selftest passed are preferred over untested ones; the highest
 * priority wins and the earliest entry wins a tie.
 *
 * @return the entry, or NULL if no entry matches.
 */
const struct hwcrypt_alg_info *hwcrypt_alg_list_best(const struct hwcrypt_alg_list *list,
						     const char *name, const char *type);

/**
 * hwcrypt_alg_list_free() - release a snapshot
 *
 * @list: [in] snapshot; NULL is allowed and ignored
 */
void hwcrypt_alg_list_free(struct hwcrypt_alg_list *list);

#ifdef __cplusplus
}
#endif

#endif /* HWCRYPT_H */

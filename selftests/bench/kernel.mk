# SPDX-License-Identifier: GPL-2.0
# Included by selftests/Makefile. `make bench`'s third column: Linux 7.2's own x86 crypto
# assembly and, for the generic rows, its portable C AES (lib/crypto/aes.c, cut out by awk and
# compiled by bench/kernel/kaeslib.c), assembled at bench time from the cached linux-source-7.2 (scripts/fetch-linux-7.2.sh,
# fetched if missing) with the project's shim (bench/kshim), linked with bench/kernel/kglue.c into
# build/kernel/libkasm.so, which the benchmarks dlopen(). Nothing of the kernel is committed or
# copied into the tree; without the source (offline, other arch) the library is removed and the
# benchmarks print "kernel: n/a".

KASM_DIR := $(B)/kernel
KASM_LIB := $(KASM_DIR)/libkasm.so
KASM_SRCS := arch/x86/crypto/aesni-intel_asm.S lib/crypto/x86/aes-aesni.S \
	arch/x86/crypto/aes-xts-avx-x86_64.S arch/x86/crypto/aes-ctr-avx-x86_64.S \
	arch/x86/crypto/aes-gcm-vaes-avx2.S arch/x86/crypto/aes-gcm-vaes-avx512.S \
	lib/crypto/x86/sha1-ni-asm.S lib/crypto/x86/sha1-avx2-asm.S lib/crypto/x86/sha1-ssse3-and-avx.S \
	lib/crypto/x86/sha256-ni-asm.S lib/crypto/x86/sha256-avx2-asm.S lib/crypto/x86/sha512-avx2-asm.S
KASM_ASFLAGS := -D__ASSEMBLY__ -include bench/kshim/kshim.h -Ibench/kshim/include
# As the kernel compiles its glue: no SIMD in C, so IV and counter words are scalar stores.
KASM_CFLAGS := -O2 -g -Wall -Wextra -fPIC -mgeneral-regs-only -fno-strict-aliasing -I$(KMOD) -I$(KMOD)/x86

.PHONY: kernel-asm
ifeq ($(TARGET),host)
bench: kernel-asm
endif

# The source tree is looked up (and fetched) only here, so that other targets never touch the
# network. Each run rebuilds the small library: it follows whichever 7.2 revision is cached.
kernel-asm:
	@src=$$(../scripts/fetch-linux-7.2.sh 2>/dev/null) && [ -f "$$src/arch/x86/crypto/aes-xts-avx-x86_64.S" ] || src=; \
	rm -f $(KASM_LIB); \
	if [ -z "$$src" ]; then echo "kernel-asm: no linux-source-7.2: kernel column n/a" >&2; exit 0; fi; \
	mkdir -p $(KASM_DIR); objs=; \
	for f in $(KASM_SRCS); do \
		o=$(KASM_DIR)/$$(basename $$f .S).o; \
		$(CC) -c $(KASM_ASFLAGS) -Wa,--noexecstack -o $$o $$src/$$f || { echo "kernel-asm: $$f failed: kernel column n/a" >&2; exit 0; }; \
		objs="$$objs $$o"; \
	done; \
	awk '/aes_sbox\[\] = \{/ { p = 1 } /^#ifdef CONFIG_CRYPTO_LIB_AES_ARCH/ { p = 0 } p' \
		$$src/lib/crypto/aes.c > $(KASM_DIR)/kaes_body.c; \
	grep -q aes_decrypt_generic $(KASM_DIR)/kaes_body.c || \
		{ echo "kernel-asm: lib/crypto/aes.c of another shape: kernel column n/a" >&2; exit 0; }; \
	$(CC) -c $(KASM_CFLAGS) -fvisibility=hidden -I$(KASM_DIR) -o $(KASM_DIR)/kaeslib.o \
		bench/kernel/kaeslib.c && \
	$(CC) -c $(KASM_CFLAGS) -o $(KASM_DIR)/kglue.o bench/kernel/kglue.c && \
	$(CC) -shared -Wl,-z,noexecstack -o $(KASM_LIB).tmp $(KASM_DIR)/kglue.o \
		$(KASM_DIR)/kaeslib.o $$objs && \
	mv $(KASM_LIB).tmp $(KASM_LIB) && \
	echo "kernel-asm: $(KASM_LIB) from $$src" >&2

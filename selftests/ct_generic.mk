# SPDX-License-Identifier: GPL-2.0
# Branch counts of every object that sees RSA secrets, and of the portable AES that every
# arch's SIMD drivers fall back to, built as the module builds it for one target (CT_TARGET:
# x86_64, ppc64le, ppc64, sparc64; selftests/arch/<target>/ct_kernel.mk gives the kernel's
# flags, the arch and what a conditional branch is there): generic/bignum.o, bn_inv.o, rsa.o,
# the arch's bignum tiers, generic/aes.o and aes_modes.o (keys, text, GHASH state; the x86 host
# also runs the AES under valgrind's secret tracking: ct_aes in ct-check). Every function of each object has a limit in
# selftests/arch/<target>/ct_generic.lims, the branches its public control flow needs (loops
# over limb counts, the switch on the size, tests of public values); a branch on a secret adds
# to a count, and a function without a limit fails until someone has looked at it. The control:
# bignum.o again with one branch on a secret (the multiplier's first limb) planted at the
# 16-limb product's entry, which must fail there and nowhere else. Run by ct-check (make test);
# a missing cross compiler is a failure, not a skip.
#   make -f ct_generic.mk CT_TARGET=sparc64
KMOD := ../kmod
CT_TARGET ?= x86_64
include arch/$(CT_TARGET)/ct_kernel.mk
CC := $(ct_cross)gcc
OBJDUMP := $(ct_cross)objdump
include $(KMOD)/$(ct_arch)/cores.mk
O := build/ct-generic/$(CT_TARGET)
LIMS := arch/$(CT_TARGET)/ct_generic.lims
MAKEFLAGS += --no-print-directory

CT_OBJS := generic/bignum.o generic/bn_inv.o generic/rsa.o \
	$(filter $(ct_arch)/bignum%.o,$(hwc_arch_cores)) generic/aes.o generic/aes_modes.o
# Kbuild's flags that change code generation, the arch's, then the object's own as kmod/Kbuild
# gives them (vector objects lose the arch's no-vector flags and gain its vector ones).
ct_common := -std=gnu11 -O2 -ffreestanding -fno-strict-aliasing -fno-common -fno-PIE \
	-fno-stack-protector -fno-asynchronous-unwind-tables -fno-delete-null-pointer-checks \
	-fno-strict-overflow -fconserve-stack -I$(KMOD) -I$(KMOD)/$(ct_arch)
ct_flags = $(ct_common) $(if $(filter $1,$(hwc_arch_simd)), \
	$(filter-out $(hwc_arch_nosimd_flags),$(ct_kflags)) $(hwc_arch_simd_flags),$(ct_kflags)) \
	$(hwc_cflags_$1)

.PHONY: check
check: $(CT_OBJS:%=$(O)/%) $(O)/generic/bignum.plant.o
	@command -v $(CC) >/dev/null || { echo "FAIL ct-generic: no $(CC) (make deps installs it)"; exit 1; }
	@$(foreach o,$(CT_OBJS),$(call ct_count,$(O)/$(o),$(o)) &&) true
	@$(call ct_count,$(O)/generic/bignum.plant.o,generic/bignum.o) >$(O)/plant.log 2>&1 && \
		{ cat $(O)/plant.log; echo "FAIL ct-generic $(CT_TARGET): planted branch not found"; exit 1; }; \
	[ "$$(grep -c . $(O)/plant.log)" = 1 ] && grep -q '^FAIL mul_16: ' $(O)/plant.log || \
		{ cat $(O)/plant.log; echo "FAIL ct-generic $(CT_TARGET): the control failed for another reason"; exit 1; }; \
	echo "ok   control $(CT_TARGET): $$(cat $(O)/plant.log)"

# $1 object file, $2 its name in the limits file
ct_count = $(OBJDUMP) -d --no-show-raw-insn $1 | awk -v all=1 \
	-v lims="$$(awk -v o=$2 '$$1 == o { printf "%s=%s ", $$2, $$3 }' $(LIMS))" \
	-v what="$(CT_TARGET) $2" -v why="public sizes and values" \
	-v cond='$(ct_cond)' -v uncond='$(ct_uncond)' -f ct_branches.awk

$(O)/%.o: $(KMOD)/%.c $(wildcard $(KMOD)/*.h $(KMOD)/$(ct_arch)/*.h) arch/$(CT_TARGET)/ct_kernel.mk
	@command -v $(CC) >/dev/null || { echo "FAIL ct-generic: no $(CC) (make deps installs it)"; exit 1; }
	@mkdir -p $(@D)
	$(CC) $(call ct_flags,$*.o) -c -o $@ $<

$(O)/generic/bignum.plant.o: $(O)/generic/bignum.o
	$(CC) $(call ct_flags,generic/bignum.o) -S -o $(@:.o=.s) $(KMOD)/generic/bignum.c
	awk -v plant='$(ct_plant)' -v at='$(ct_plant_at)' '{ print } $$0 ~ at { print plant; n++ } END { exit n != 1 }' \
		$(@:.o=.s) >$(@:.o=.planted.s)
	$(CC) $(call ct_flags,generic/bignum.o) -c -o $@ $(@:.o=.planted.s)

# The limits file's lines for the objects as they are now (to review, not to copy blindly).
.PHONY: counts
counts: $(CT_OBJS:%=$(O)/%)
	@$(foreach o,$(CT_OBJS),$(OBJDUMP) -d --no-show-raw-insn $(O)/$(o) | awk -v o=$(o) \
		-v cond='$(ct_cond)' -v uncond='$(ct_uncond)' \
		'/^[0-9a-f]+ <[^>]+>:$$/ { fn = $$2; gsub(/[<>:]/, "", fn); sub(/^\./, "", fn); n[fn] += 0; next } \
		 fn != "" && NF >= 2 { op = $$2; sub(/,.*/, "", op); if (op ~ cond && op !~ uncond) n[fn]++ } \
		 END { for (f in n) print o, f, n[f] }' | sort -k2 &&) true

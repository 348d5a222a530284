# SPDX-License-Identifier: GPL-2.0
# How host programs compile hwcrypt's cores: selftests/Makefile (tests, benchmark) and
# userspace/Makefile (libhwcrypt's in-process path) include this, so that both build the kmod/
# sources with one set of flags. Set KMOD (path to kmod/) and CC before including.
# Gives: HWC_ARCH, the arch's cores.mk variables, HWC_GENERIC_CORES (generic/ objects, no
# suffix), HWC_CORE_CFLAGS, and hwc_core_cflags (the per-object flags, called with the object
# path below kmod/).

# Freestanding, no libc, per-file SIMD: the flags the module build gives the cores.
HWC_CORE_CFLAGS := -O2 -g -Wall -Wextra -ffreestanding -fno-strict-aliasing -D_MM_MALLOC_H_INCLUDED

HWC_GENERIC_CORES := md hash_info util sha1 sha256 sha512 aes aes_modes bignum bn_inv rsa

# The target's arch directory: the one under kmod/ with a cores.mk whose name starts the
# compiler's machine name (x86 for x86_64, powerpc for powerpc64le, sparc for sparc64), as
# the kernel's SRCARCH does; HWC_ARCH=<dir> overrides. Its cores.mk lists the objects and flags.
HWC_MACHINE := $(firstword $(subst -, ,$(shell $(CC) -dumpmachine)))
HWC_ARCH ?= $(firstword $(foreach d,$(patsubst $(KMOD)/%/cores.mk,%,$(wildcard $(KMOD)/*/cores.mk)), \
	$(if $(filter $(d)%,$(HWC_MACHINE)),$(d))))
ifeq ($(HWC_ARCH),)
$(error no kmod/<arch>/cores.mk for $(HWC_MACHINE))
endif
include $(KMOD)/$(HWC_ARCH)/cores.mk

# Flags of one core object in every host build (cores.mk's per-object and host-only ones; the
# kernel-only ones are about the kernel's stack). $(1): e.g. generic/aes.o, x86/gcm_ni.o.
hwc_core_cflags = $(HWC_CORE_CFLAGS) $(hwc_cflags_$(1)) $(hwc_hcflags_$(1))

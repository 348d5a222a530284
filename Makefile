# SPDX-License-Identifier: GPL-2.0
# hwcrypt: kernel module (kmod/), userspace library and CLI (userspace/), tests and benchmark.
#
#   make                  module for the running kernel (or KDIR=...), library and CLI
#   make demo             the main job: build, boot a VM, load hwcrypt, hash real files with it
#   make check            static checks (about 2 min): checkpatch on kmod/, sparse on the module
#                         for 6.1, shellcheck on scripts/ and selftests/ (scripts/check.sh)
#   make test             make check, then every test: host cores vs OpenSSL, x86 guests on 5.10,
#                         6.1, 6.12, 7.2, 7.3, ppc64le, sparc64 and NX (cached parts), 7.2 build,
#                         Debian packages
#   make test-full        host tests, every x86 guest test on those kernels and the 7.2 debug kernel
#                         (built once, ~15 min), ppc64le with long fuzzing, 7.2 build, test-deploy,
#                         all NX runs, >= 10^6 fuzzed operations: see docs/testing.md
#   make bench            host benchmark vs OpenSSL and Linux 7.2 (FORMAT=tsv, TSV=file, PLOT=file.svg)
#   make deb              Debian packages (dpkg-buildpackage) into build/deb/; make test-deb checks them
#   make test-deploy      the packages on a cached debootstrap'd Debian 12 guest (slow: in test-full)
#   make install          module (for KDIR), library, header, pkg-config file, CLI, initramfs hooks
#   make dkms-install     copy the module sources to /usr/src/hwcrypt-$(VERSION), dkms add/build/install,
#                         initramfs hooks; both then rebuild the initramfs of KVER

VERSION := 0.1.0
KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
PREFIX ?= /usr/local
DESTDIR ?=
W ?=
V ?=
KMAKE = $(MAKE) -C $(KDIR) $(if $(ARCH),ARCH=$(ARCH)) $(if $(CROSS_COMPILE),CROSS_COMPILE=$(CROSS_COMPILE)) \
	$(if $(W),W=$(W)) $(if $(V),V=$(V))

# Kernels the guest tests run on; the arch profiles (selftests/arch/<arch>/vm.conf, through
# scripts/kernels.sh) map these names to kernel trees. PPC_TEST_RUNS: KERNEL:CPU pairs.
TEST_KERNELS ?= 5.10 6.1 6.12 7.2 7.3
PPC_TEST_KERNELS ?= 6.1 6.12
PPC_TEST_RUNS ?= 6.1:power8 6.12:power9
# make test's guest selection (CI: under 45 min on 2 cores) is every test but those that
# selftests/guest/SLOW names with a reason (vm.sh --tests quick); make test-full runs every test.
QUICK_GUEST_TESTS ?= quick
# The 7.2 debug kernel (scripts/build-debug-kernel.sh) is `make test-full`'s, which builds it:
# under TCG it is several times slower than the others, past make test's 45-minute budget.

.PHONY: all module userspace guest-progs deps modules-test modules-ppc64le check check-7.2 check-aliases test \
	test-full test-host \
	test-guest demo bench test-ppc64le test-sparc64 sparc64-cache test-nx nx-cache bench-ppc bench-sparc \
	install install-module install-boot update-initramfs dkms-src dkms-install deb test-deb test-deploy clean

all: module userspace

module:
	@if [ -d "$(KDIR)" ]; then \
		$(KMAKE) M=$(CURDIR) modules; \
	else \
		echo "make: no kernel tree at $(KDIR) (install linux-headers-$(KVER) or pass KDIR=): module not built"; \
	fi

userspace:
	$(MAKE) -C userspace

deps:
	scripts/install-deps.sh

# One module build per test kernel, out of the source tree: build/kmod/<abi>/hwcrypt.ko.
modules-test:
	scripts/build-module.sh $(TEST_KERNELS)

# The same for Debian's ppc64el kernels, cross-built: build/kmod/<abi>-powerpc64le/hwcrypt.ko.
modules-ppc64le:
	scripts/build-module.sh --arch ppc64le $(PPC_TEST_KERNELS)

# x86_64 7.2 is built from Debian's real headers in the sid chroot and booted (TEST_KERNELS);
# sparc64 has no Debian kernel on the mirrors here: compiled against sid's linux-source-7.2.
check-7.2:
	scripts/build-7.2.sh --arch sparc64

# checkpatch (the cached 7.2 source's; SKIPPED when it is not cached), sparse (C=2, 6.1) and
# shellcheck, zero findings; the exceptions are justified where they are made (scripts/check.sh).
check:
	scripts/check.sh

# Each arch's MODULE_ALIAS_CRYPTO list, as the module build generates it from the registry's
# tables (kmod/gen-aliases.sh): all three arches' tables understood, before any kernel build.
check-aliases:
	kmod/gen-aliases.sh --check

test-host: check-aliases
	$(MAKE) -C selftests host-test

guest-progs: userspace
	$(MAKE) -C selftests guest-progs

test-guest: modules-test guest-progs
	scripts/test-guests.sh $(TEST_KERNELS)

# POWER (ppc64le): cores cross-built and run under qemu-ppc64le-static (power8/9/10), the module
# cross-built for Debian's ppc64el 6.1 and 6.12, guests on power8 and power9 (pseries, TCG).
test-ppc64le: modules-ppc64le
	$(MAKE) -C selftests host-test-ppc64le
	scripts/build-guest-ppc64le.sh
	HWC_GUEST_TESTS=$(QUICK_GUEST_TESTS) scripts/test-guests.sh --arch ppc64le $(PPC_TEST_RUNS)

# SPARC T4 (sparc64): the patched emulator validated against Linux's own T4 code (a sabotaged
# build must fail), hwcrypt's T4 cores under it against OpenSSL, the module cross-built for the
# sparc64 test kernel and its sun4u guest. The emulator (qemu-sparc64 about 50 min, first build),
# the kernel (about 80 min) and the guest programs' static libraries (about 6 min) are built
# once into /var/cache/hwcrypt by `make sparc64-cache`; make test runs what is cached and says
# what it skipped, as with the debug kernel.
SPARC_QEMU_CACHED := $(shell scripts/build-qemu-t4.sh --check --user >/dev/null 2>&1 && echo 1)
SPARC_KERNEL_CACHED := $(shell scripts/build-sparc64-kernel.sh --check >/dev/null 2>&1 && echo 1)
# Static sparc64 libcrypto and libkcapi (about 6 min, first build): the guest's AF_ALG tests
# against OpenSSL (60-aes-afalg, 50-fuzz) join the guest run once they are cached.
SPARC_LIBS_CACHED := $(shell scripts/build-sparc64-libs.sh --check >/dev/null 2>&1 && echo 1)
# The guest gets the T4 opcodes where the patched system emulator is built (vm.conf picks it).
SPARC_GUEST_RUN := 6.1$(shell scripts/build-qemu-t4.sh --check >/dev/null 2>&1 && echo :TI-UltraSparc-IIi,+crypto)
test-sparc64:
ifeq ($(SPARC_QEMU_CACHED),1)
	selftests/qemu/t4-validate.sh
	selftests/qemu/t4-host-test.sh
else
	@echo "test-sparc64: SKIPPED the T4 emulator validation and host tests: emulator not cached (make sparc64-cache)"
endif
ifeq ($(SPARC_KERNEL_CACHED),1)
	scripts/build-module.sh --arch sparc64 6.1
ifeq ($(SPARC_LIBS_CACHED),1)
	scripts/build-guest-sparc64.sh
else
	@echo "test-sparc64: SKIPPED the guest's AF_ALG tests against OpenSSL (60-aes-afalg, 50-fuzz): static libraries not cached (make sparc64-cache)"
endif
	HWC_GUEST_TESTS=$(QUICK_GUEST_TESTS) scripts/test-guests.sh --arch sparc64 $(SPARC_GUEST_RUN)
else
	@echo "test-sparc64: SKIPPED the sparc64 guest: test kernel not cached (make sparc64-cache)"
endif

sparc64-cache:
	scripts/build-qemu-t4.sh
	scripts/build-sparc64-kernel.sh
	scripts/build-sparc64-libs.sh

# POWER NX: the coprocessor model (selftests/qemu/nx/) validated against Linux's own big-endian
# NX driver, which must pass its self-tests on it and fail them on the sabotaged model. The
# emulator (about 10 min) and the big-endian test kernel (about 20 min) are built once into
# /var/cache/hwcrypt by `make nx-cache`; make test runs them when cached, as sparc64.
# The same emulator then judges hwcrypt's own NX backend in little-endian guests (ppc64el 6.1
# and 6.12 with -device spapr-nx-crypto, guest test 13-nx, a busy/error storm, and failures
# after partial output). make test runs its quick selection (NX_QUICK=1: 6.12, the plain run
# and one under the storm and the partial-output faults at once: 2.5 min of the 9);
# make test-nx alone and make test-full run all of them.
NX_QEMU_CACHED := $(shell scripts/build-qemu-nx.sh --check >/dev/null 2>&1 && echo 1)
NX_KERNEL_CACHED := $(shell scripts/build-test-kernel.sh --arch ppc64 --check >/dev/null 2>&1 && echo 1)
test-nx:
ifeq ($(NX_QEMU_CACHED)$(NX_KERNEL_CACHED),11)
	scripts/build-module.sh --arch ppc64 6.1
	selftests/qemu/nx/nx-validate.sh
else
	@echo "test-nx: SKIPPED the NX model's validation: emulator or big-endian kernel not cached (make nx-cache)"
endif
ifeq ($(NX_QEMU_CACHED),1)
	$(MAKE) modules-ppc64le
	scripts/build-guest-ppc64le.sh
	selftests/qemu/nx/nx-guests.sh $(if $(NX_QUICK),--quick)
else
	@echo "test-nx: SKIPPED hwcrypt's NX backend in ppc64le guests: emulator not cached (make nx-cache)"
endif

nx-cache:
	scripts/build-qemu-nx.sh
	scripts/build-test-kernel.sh --arch ppc64

# Debug-kernel run: full crypto self-tests, KASAN/UBSAN/lockdep/kmemleak, fault injection, long
# fuzzing and stress (HWC_FULL=1), plus the guest suite on the other TEST_KERNELS.
# The fuzzers' operations are totalled at the end (scripts/fuzz-count.sh): at least 10^6.
test-full: deps
	scripts/build-debug-kernel.sh
	scripts/fuzz-count.sh --reset
	$(MAKE) test-host
	HWC_FULL=1 $(MAKE) test-guest TEST_KERNELS="$(TEST_KERNELS) 7.2-debug"
	HWC_FULL=1 $(MAKE) test-ppc64le
	$(MAKE) check-7.2
	$(MAKE) test-deploy
	$(MAKE) test-nx
	scripts/fuzz-count.sh --min 1000000
	@echo "make test-full: all passed"

test: deps
	$(MAKE) check
	$(MAKE) test-host
	HWC_GUEST_TESTS="$(QUICK_GUEST_TESTS)" $(MAKE) test-guest
	$(MAKE) test-ppc64le
	$(MAKE) test-sparc64
	$(MAKE) test-nx NX_QUICK=1
	$(MAKE) check-7.2
	$(MAKE) test-deb
	@echo "make test: all passed"

demo: deps
	$(MAKE) modules-test TEST_KERNELS=6.1 userspace
	scripts/demo.sh

# POWER: dynamic instructions per byte at 8 KiB, hwcrypt's POWER8 cores vs OpenSSL (qemu-user).
bench-ppc:
	scripts/icount-ppc64le.sh

# SPARC T4: dynamic instructions per byte of hwcrypt's T4 cores vs Linux's T4 code, and per RSA
# private operation of the t4 tier vs the portable one, under the patched qemu-sparc64 (built
# on first use, or by make sparc64-cache).
bench-sparc:
	selftests/qemu/t4-icount.sh
	selftests/qemu/t4-icount.sh --rsa

bench:
	@$(MAKE) --no-print-directory -C selftests bench $(if $(FORMAT),FORMAT=$(FORMAT)) $(if $(PLOT),PLOT=$(PLOT)) $(if $(TSV),TSV=$(abspath $(TSV))) $(if $(BENCH_ARGS),BENCH_ARGS="$(BENCH_ARGS)")

install-module:
	$(KMAKE) M=$(CURDIR) $(if $(DESTDIR),INSTALL_MOD_PATH=$(DESTDIR)) modules_install
	-depmod $(if $(DESTDIR),-b $(DESTDIR)) -a $(KVER)

# Boot: the initramfs-tools hook and init-top loader, the dracut module and its config, so that
# hwcrypt is in the initramfs and loaded before cryptsetup opens the root volume. Always under
# /usr (the only place the two tools look), whatever PREFIX says.
BOOT_SRC := scripts/boot
install-boot:
	install -D -m 0755 $(BOOT_SRC)/initramfs-tools-hook $(DESTDIR)/usr/share/initramfs-tools/hooks/hwcrypt
	install -D -m 0755 $(BOOT_SRC)/hwcrypt-load.sh \
		$(DESTDIR)/usr/share/initramfs-tools/scripts/init-top/hwcrypt
	install -D -m 0755 $(BOOT_SRC)/dracut-module-setup.sh \
		$(DESTDIR)/usr/lib/dracut/modules.d/90hwcrypt/module-setup.sh
	install -D -m 0755 $(BOOT_SRC)/hwcrypt-load.sh \
		$(DESTDIR)/usr/lib/dracut/modules.d/90hwcrypt/hwcrypt-load.sh
	install -D -m 0644 $(BOOT_SRC)/dracut.conf $(DESTDIR)/usr/lib/dracut/dracut.conf.d/50-hwcrypt.conf

# The initramfs of KVER again, now with hwcrypt; an install into a DESTDIR leaves that to whoever
# installs the result (the Debian packages trigger update-initramfs).
update-initramfs:
	@if [ -n "$(DESTDIR)" ]; then :; \
	elif command -v update-initramfs >/dev/null; then update-initramfs -u -k $(KVER); \
	elif command -v dracut >/dev/null; then dracut -f --kver $(KVER); \
	else echo "make: no update-initramfs or dracut: the initramfs of $(KVER) has no hwcrypt"; fi

install: module userspace
	@if [ -f kmod/hwcrypt.ko ]; then $(MAKE) install-module; fi
	$(MAKE) -C userspace install PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)
	$(MAKE) install-boot
	@if [ -f kmod/hwcrypt.ko ]; then $(MAKE) update-initramfs; fi

# The files DKMS builds from (/usr/src/hwcrypt-VERSION): dkms.conf and the Kbuild tree, no objects.
DKMS_SRC = $(DESTDIR)/usr/src/hwcrypt-$(VERSION)
dkms-src:
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	cp -r dkms.conf Kbuild Makefile kmod $(DKMS_SRC)/
	find $(DKMS_SRC)/kmod -name '*.o' -o -name '*.ko' -o -name '*.cmd' \
		-o -name '*.mod*' -o -name 'modules.order' -o -name 'Module.symvers' \
		-o -name 'hwc_aliases_gen.h' | xargs rm -f

dkms-install: dkms-src install-boot
	dkms add hwcrypt/$(VERSION) && dkms build hwcrypt/$(VERSION) -k $(KVER) && \
		dkms install hwcrypt/$(VERSION) -k $(KVER)
	$(MAKE) update-initramfs

# Debian packages (debian/: hwcrypt-dkms, libhwcrypt0, libhwcrypt-dev, hwcrypt) into build/deb/,
# built from a copy of the tree (the files git tracks or would track, built or not) so that
# dpkg-buildpackage's ../ is build/deb/ and the work tree stays clean.
DEB_OUT := build/deb
DEB_SRC := $(DEB_OUT)/hwcrypt-$(VERSION)
deb:
	rm -rf $(DEB_OUT)
	mkdir -p $(DEB_SRC)
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		git ls-files -z -c -o --exclude-standard | xargs -0 cp --parents -t $(DEB_SRC); \
	else \
		tar -c --exclude=./build --exclude='*.o' --exclude='*.ko' . | tar -x -C $(DEB_SRC); \
	fi
	cd $(DEB_SRC) && dpkg-buildpackage -us -uc -b
	rm -rf $(DEB_SRC)
	@ls $(DEB_OUT)/*.deb

# The packages checked: make deb, lintian with no error, each package's contents, dependencies
# and triggers (scripts/test-deb.sh); DKMS=1 also has DKMS build the packaged source for 6.1.
test-deb:
	scripts/test-deb.sh $(if $(filter 1,$(DKMS)),--dkms)

# A Debian 12 machine as a user has it (scripts/build-deploy-image.sh, cached), under TCG: the
# packages installed, DKMS building in the guest, hwcrypt serving the crypttab volume after a
# reboot, removal with the data intact, reinstall, kernel upgrade to 6.12 (scripts/test-deploy.sh).
test-deploy: deb
	scripts/test-deploy.sh

clean:
	-[ -d "$(KDIR)" ] && $(KMAKE) M=$(CURDIR) clean
	$(MAKE) -C userspace clean
	$(MAKE) -C selftests clean
	rm -rf build

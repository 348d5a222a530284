# SPDX-License-Identifier: GPL-2.0
# hwcrypt: kernel module (kmod/), userspace library and CLI (userspace/), tests and benchmark.
#
#   make                  module for the running kernel (or KDIR=...), library and CLI
#   make demo             the main job: build, boot a VM, load hwcrypt, hash real files with it
#   make test             every test: host cores vs OpenSSL, guests on 6.1 and 6.12, 7.2 build
#   make bench            host benchmark vs OpenSSL (FORMAT=tsv, PLOT=file.svg)
#   make install          module (for KDIR), library, header, pkg-config file, CLI
#   make dkms-install     copy the module sources to /usr/src/hwcrypt-$(VERSION) and dkms add/build/install

VERSION := 0.1.0
KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
PREFIX ?= /usr/local
DESTDIR ?=
W ?=
V ?=
KMAKE = $(MAKE) -C $(KDIR) $(if $(ARCH),ARCH=$(ARCH)) $(if $(CROSS_COMPILE),CROSS_COMPILE=$(CROSS_COMPILE)) \
	$(if $(W),W=$(W)) $(if $(V),V=$(V))

# Kernels the guest tests run on; scripts/kernels.sh maps these names to installed trees.
TEST_KERNELS ?= 6.1 6.12

.PHONY: all module userspace guest-progs deps modules-test check-7.2 test test-host test-guest demo bench \
	install install-module dkms-install clean

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

check-7.2:
	scripts/build-7.2.sh

test-host:
	$(MAKE) -C selftests host-test

guest-progs: userspace
	$(MAKE) -C selftests guest-progs

test-guest: modules-test guest-progs
	scripts/test-guests.sh $(TEST_KERNELS)

test: deps
	$(MAKE) test-host
	$(MAKE) test-guest
	$(MAKE) check-7.2
	@echo "make test: all passed"

demo: deps
	$(MAKE) modules-test TEST_KERNELS=6.1 userspace
	scripts/demo.sh

bench:
	@$(MAKE) --no-print-directory -C selftests bench $(if $(FORMAT),FORMAT=$(FORMAT)) $(if $(PLOT),PLOT=$(PLOT)) $(if $(BENCH_ARGS),BENCH_ARGS="$(BENCH_ARGS)")

install-module:
	$(KMAKE) M=$(CURDIR) modules_install
	-depmod -a $(KVER)

install: module userspace
	@if [ -f kmod/hwcrypt.ko ]; then $(MAKE) install-module; fi
	$(MAKE) -C userspace install PREFIX=$(PREFIX) DESTDIR=$(DESTDIR)

dkms-install:
	rm -rf $(DESTDIR)/usr/src/hwcrypt-$(VERSION)
	mkdir -p $(DESTDIR)/usr/src/hwcrypt-$(VERSION)
	cp -r dkms.conf Kbuild Makefile kmod $(DESTDIR)/usr/src/hwcrypt-$(VERSION)/
	find $(DESTDIR)/usr/src/hwcrypt-$(VERSION)/kmod -name '*.o' -o -name '*.ko' -o -name '*.cmd' \
		-o -name '*.mod*' -o -name 'modules.order' -o -name 'Module.symvers' | xargs rm -f
	dkms add hwcrypt/$(VERSION) && dkms build hwcrypt/$(VERSION) -k $(KVER) && \
		dkms install hwcrypt/$(VERSION) -k $(KVER)

clean:
	-[ -d "$(KDIR)" ] && $(KMAKE) M=$(CURDIR) clean
	$(MAKE) -C userspace clean
	$(MAKE) -C selftests clean
	rm -rf build

# Upright: camera firmware that knows which way is up.
# `make sim` runs the firmware on the simulated board; `make test` runs the tests.

SWIFT        ?= swift
PREFIX       ?= /usr/local
DESTDIR      ?=
WERROR       := -Xswiftc -warnings-as-errors
# Release builds optimise across modules: CameraRuntime, the detector and the ring live in
# UprightCore but are instantiated in UprightCLI; without this their generic code runs
# unspecialised (witness-table calls, boxed iterators, malloc per batch): the pipeline is 4x slower.
RELEASE_FLAGS ?= -Xswiftc -cross-module-optimization
# Debian packages the build and the tests need: libi2c for the I2C shim, libturbojpeg0-dev for
# the simulator's JPEGs (it also ships the libturbojpeg.a that `make static` links), exiftool,
# djpeg/cjpeg and ffprobe (ffmpeg) as the independent readers of the files Upright writes,
# busybox-static to run the camera stand-in (Tests/CameraStandIn) as the kernel test's guest
# does, systemd for systemd-analyze (the tests score the service unit's sandbox with it; a
# container image may not have it), tmux, the real terminal `upright watch` is tested in, and
# groff-base, which reads the manual page (packaging/upright.1) for its test.
APT_PACKAGES := libi2c-dev libturbojpeg0-dev libimage-exiftool-perl libjpeg-turbo-progs ffmpeg busybox-static gcc binutils systemd tmux groff-base

CORE_SOURCES := $(shell find Sources/UprightCore -name '*.swift' | LC_ALL=C sort)
EMBEDDED_TARGETS := armv6m-none-none-eabi armv7em-none-none-eabi
EMBEDDED_DIR := .build/embedded

.PHONY: all build release test sim embedded bench install deps clean sanitize fuzz static docs deb deb-test

all: build

# $(call apt_install,PACKAGES,TARGET): installs the missing Debian packages among PACKAGES
# when run as root, or prints the apt-get line to run and fails.
define apt_install
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make $(2): installing$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -q >/dev/null && \
	    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 $$missing >/dev/null || exit 1; \
	  else \
	    echo "make $(2): missing Debian packages; run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

## deps: install missing Debian packages (as root), or print the apt-get line to run
deps:
	$(call apt_install,$(APT_PACKAGES),deps)

# What building `upright` alone takes (make static, make deb, make install on a Pi that will
# not run the tests): the two C libraries it links and binutils (strip, readelf).
BUILD_APT_PACKAGES := libi2c-dev libturbojpeg0-dev binutils
.PHONY: build-deps
build-deps:
	$(call apt_install,$(BUILD_APT_PACKAGES),build-deps)

build: deps
	$(SWIFT) build $(WERROR)

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(WERROR)

test: deps
	$(SWIFT) build --build-tests $(WERROR)
	$(SWIFT) test --skip-build

## sim: the firmware on the simulated board (built-in demo scenario)
sim: release
	.build/release/upright sim $(SIM_ARGS)

## embedded: compile UprightCore for Cortex-M0+ and Cortex-M4F with Embedded Swift
embedded:
	@if grep -rnE '^\s*(@preconcurrency\s+)?import\s+(Foundation|FoundationEssentials|Glibc|Dispatch)' Sources/UprightCore; then \
	  echo "make embedded: UprightCore must not import Foundation, Glibc or Dispatch"; exit 1; fi
	@mkdir -p $(EMBEDDED_DIR)
	@for target in $(EMBEDDED_TARGETS); do \
	  swiftc -enable-experimental-feature Embedded -wmo -parse-as-library -Osize \
	    -target $$target -module-name UprightCore -warnings-as-errors \
	    -c $(CORE_SOURCES) -o $(EMBEDDED_DIR)/UprightCore-$$target.o || exit 1; \
	done
	@llvm-size $(EMBEDDED_DIR)/UprightCore-*.o 2>/dev/null || size $(EMBEDDED_DIR)/UprightCore-*.o

## bench: release build, the Embedded object (for its flash size), then the figures
bench: release embedded
	.build/release/upright bench $(BENCH_ARGS)

## mcu-test: the firmware engine on emulated chips under QEMU: a Cortex-M0 (micro:bit,
## armv6m, soft float) and a Cortex-M4F (MPS2 AN386, armv7em), fed the example traces, the
## scenario corpus, bus recordings of both sensors and a float probe; every input's records
## must equal `upright replay`'s (or the host engine's) on both. Prints the figures (flash,
## RAM, stack, allocations, instructions a sample). See docs/mcu.md.
MCU_APT_PACKAGES := qemu-system-arm gcc-arm-none-eabi libnewlib-arm-none-eabi
MCU_DIR := .build/mcu
MCU_SHARED_SOURCES := $(shell find Embedded/Shared -name '*.swift' | LC_ALL=C sort)
MCU_HARNESS_SOURCES := $(shell find Embedded/Harness -name '*.swift' | LC_ALL=C sort)
MCU_C_OBJECTS := startup semihosting clock runtime
MCU_SWIFTC = swiftc -enable-experimental-feature Embedded -wmo -parse-as-library -Osize \
  -target $(1)-none-none-eabi -Xfrontend -function-sections -warnings-as-errors
# Per chip: the machine QEMU emulates, the triple, and the C compiler's CPU flags. The M4F's
# Swift code uses the FPU with the soft-float calling convention (armv7em-none-none-eabi).
MCU_MACHINES := microbit mps2-an386
MCU_TRIPLE_microbit := armv6m
MCU_TRIPLE_mps2-an386 := armv7em
MCU_CPU_armv6m := -mcpu=cortex-m0 -mthumb -mfloat-abi=soft -DUPRIGHT_MICROBIT
MCU_CPU_armv7em := -mcpu=cortex-m4 -mthumb -mfloat-abi=softfp -mfpu=fpv4-sp-d16 -DUPRIGHT_MPS2_AN386

.PHONY: mcu-deps mcu-firmware mcu-test
mcu-deps:
	$(call apt_install,$(MCU_APT_PACKAGES),mcu-test)

# UprightCore as its own module (the engine's object, measured apart from the harness), the
# harness's chip-independent Swift against it, then the chip glue (Embedded/Harness) and the
# C startup, linked with newlib-nano and libgcc.
define MCU_TARGET_RULES
$(MCU_DIR)/$(1)/UprightCore.o: $(CORE_SOURCES) | mcu-deps
	@mkdir -p $$(@D)
	$(call MCU_SWIFTC,$(1)) -module-name UprightCore -emit-module -emit-module-path $$(@D)/UprightCore.swiftmodule -c $(CORE_SOURCES) -o $$@
	@# swiftc keeps an unchanged object's time, but generic code (the drivers, the engine) is
	@# compiled into the harness from the module: it must be rebuilt whenever the module is.
	@touch $$@
$(MCU_DIR)/$(1)/UprightMCUShared.o: $(MCU_DIR)/$(1)/UprightCore.o $(MCU_SHARED_SOURCES)
	$(call MCU_SWIFTC,$(1)) -module-name UprightMCUShared -I $$(@D) -emit-module -emit-module-path $$(@D)/UprightMCUShared.swiftmodule -c $(MCU_SHARED_SOURCES) -o $$@
	@touch $$@
$(MCU_DIR)/$(1)/UprightMCUHarness.o: $(MCU_DIR)/$(1)/UprightMCUShared.o $(MCU_HARNESS_SOURCES)
	$(call MCU_SWIFTC,$(1)) -enable-experimental-feature Extern -module-name UprightMCUHarness -I $$(@D) -c $(MCU_HARNESS_SOURCES) -o $$@
$(MCU_DIR)/$(1)/%.o: Embedded/Startup/%.c Embedded/Startup/harness.h | mcu-deps
	@mkdir -p $$(@D)
	arm-none-eabi-gcc $(MCU_CPU_$(1)) -Os -ffunction-sections -fdata-sections -Wall -Wextra -Werror -c $$< -o $$@
endef
$(foreach triple,armv6m armv7em,$(eval $(call MCU_TARGET_RULES,$(triple))))

# $(call MCU_LINK,TRIPLE): links the objects among the prerequisites, with a map file.
MCU_LINK = arm-none-eabi-gcc $(MCU_CPU_$(1)) -nostartfiles --specs=nano.specs -T Embedded/Startup/firmware.ld \
  -Wl,--gc-sections -Wl,--no-enum-size-warning -Wl,--no-warn-execstack -Wl,--wrap=malloc -Wl,--wrap=free \
  -Wl,-Map=$(basename $@).map $(filter %.o,$^) -lm -o $@
MCU_OBJECTS = $(foreach o,$(2) UprightMCUHarness UprightMCUShared UprightCore,$(MCU_DIR)/$(1)/$(o).o)

define MCU_MACHINE_RULES
$(MCU_DIR)/firmware-$(1).elf: $(call MCU_OBJECTS,$(MCU_TRIPLE_$(1)),$(MCU_C_OBJECTS)) Embedded/Startup/firmware.ld
	$$(call MCU_LINK,$(MCU_TRIPLE_$(1)))
endef
$(foreach machine,$(MCU_MACHINES),$(eval $(call MCU_MACHINE_RULES,$(machine))))

# The float probe's sensitivity check: the same M4F firmware with flush-to-zero switched on
# must fail the probe (docs/mcu.md, "Floating point").
$(MCU_DIR)/armv7em/startup-flush-to-zero.o: Embedded/Startup/startup.c Embedded/Startup/harness.h | mcu-deps
	arm-none-eabi-gcc $(MCU_CPU_armv7em) -DUPRIGHT_FLUSH_TO_ZERO -Os -ffunction-sections -fdata-sections -Wall -Wextra -Werror -c $< -o $@
$(MCU_DIR)/firmware-mps2-an386-flush-to-zero.elf: $(call MCU_OBJECTS,armv7em,startup-flush-to-zero semihosting clock runtime) Embedded/Startup/firmware.ld
	$(call MCU_LINK,armv7em)

mcu-firmware: $(foreach machine,$(MCU_MACHINES),$(MCU_DIR)/firmware-$(machine).elf) $(MCU_DIR)/firmware-mps2-an386-flush-to-zero.elf

mcu-test: deps mcu-deps
	@$(MAKE) --no-print-directory mcu-firmware
	SWIFT=$(SWIFT) Embedded/mcu-test.sh

## static: a statically linked release binary (Swift runtime included) for the Pi, in
## .build/static (its own scratch directory, so the normal release build is kept), and a
## copy without debug information (nor the linkers' .comment notes), .build/static/upright,
## the one `make install` and `make deb` install. Only the `upright` product: the
## test-support target imports Testing, which has no static library.
static: build-deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product upright --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build/static $(WERROR)
	strip --remove-section=.comment -o .build/static/upright .build/static/release/upright
	@ls -l .build/static/release/upright .build/static/upright

## deb: the Debian package, built from the static binary for this machine's architecture
## (arm64 on a 64-bit Raspberry Pi OS, amd64 here) by packaging/build-deb.sh with dpkg-deb:
## .build/deb/upright_VERSION_ARCH.deb, VERSION being what `upright --version` prints. Then
## lintian, Debian's checker, must find no error and no warning (its overrides say why).
## Install it with `sudo apt install ./.build/deb/upright_*.deb`, here or on another Pi.
DEB_DIR := .build/deb
DEB_APT_PACKAGES := lintian
deb: static
	$(call apt_install,$(DEB_APT_PACKAGES),deb)
	@deb=$$(packaging/build-deb.sh .build/static/upright $(DEB_DIR)) && \
	  echo "lintian $$deb" && lintian --fail-on error,warning "$$deb" && \
	  ls -l "$$deb"

## deb-test: installs the package on this machine for real (as root: CI does), uses it,
## upgrades it over a changed board file, removes it and purges it twice (keeping the photos,
## then deleting them), checking each step: Tests/Packaging/deb-test.sh, one PASS/FAIL line per
## check. Works without a running systemd. Leaves the machine as it was but for the device
## groups it created (i2c, gpio: the package keeps them too) and the packages it installed.
## It checks `make install`'s tree too (DESTDIR=.build/install-test: the static program, unit,
## manual page, boards).
DEB_TEST_APT_PACKAGES := adduser debconf binutils systemd
deb-test: deb
	$(call apt_install,$(DEB_TEST_APT_PACKAGES),deb-test)
	@rm -rf .build/install-test && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/install-test >/dev/null
	Tests/Packaging/deb-test.sh $(DEB_DIR)/upright_$$(.build/static/upright --version | cut -d' ' -f2)_$$(dpkg --print-architecture).deb \
	  .build/install-test

## system-test: the Debian package as a Pi owner runs it, under a booted systemd: Debian bookworm
## with systemd as PID 1 under QEMU, on the kernel rig's kernel and modules, a root file system
## from Debian's packages (mmdebstrap, cached in .kernel-rig/system), the package `make deb`
## builds installed with apt; photos and clips from gpio-sim presses on vivid and on the rpicam
## stand-in, reload, stop, SIGKILL, a reboot, a power cut, devices that come late, an unplugged
## camera, an upgrade, a purge, the sandbox's camera-stack needs (Tests/System/system-test.sh).
## As root. About 5 minutes warm, 6 cold (mmdebstrap, about 70 s).
.PHONY: system-test
system-test: deb
	Tests/System/system-test.sh

## fuzz: every libFuzzer target (Tests/Fuzz/Targets) for FUZZ_SECONDS each (FUZZ_TARGETS names
## some: "FuzzJournal FuzzStartup"; FUZZ_JOBS=N runs N processes a target, libFuzzer's -fork).
## The targets link UprightHost, so libturbojpeg0-dev; -sanitize=fuzzer is the toolchain's own.
FUZZ_SECONDS ?= 60
FUZZ_APT_PACKAGES := libturbojpeg0-dev
fuzz:
	$(call apt_install,$(FUZZ_APT_PACKAGES),fuzz)
	$(if $(FUZZ_TARGETS),FUZZ_TARGETS="$(FUZZ_TARGETS)") $(if $(FUZZ_JOBS),FUZZ_JOBS=$(FUZZ_JOBS)) Tests/Fuzz/run.sh $(FUZZ_SECONDS)

## sanitize: the tests under the thread and address sanitizers. Each sanitizer builds in its
## own scratch directory, so neither run throws away the normal build (or the other's).
## SANITIZE_FILTER narrows the runs to matching tests, e.g. `make sanitize SANITIZE_FILTER=SPSCRing`
## (the ring's two-thread stress tests take about two minutes under the thread sanitizer).
SANITIZE_FILTER ?=
sanitize: deps
	@# The thread sanitizer cannot see Synchronization.Mutex's lock on Linux (a futex taken
	@# by syscall, which it does not intercept), so it reports the guarded state of the
	@# bench's MutexQueue baseline as racing; the two-thread test of that baseline is skipped
	@# here (the ring, whose atomics it does model, is not).
	$(SWIFT) test --sanitize=thread --scratch-path .build/sanitize-thread --skip StalledConsumerBenchmarkTests $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	@# LeakSanitizer: the toolchain's XCTest harness and Foundation.Process leak a few objects
	@# per run (not ours); suppress leaks whose stacks pass through those two libraries only.
	@# FoundationEssentials' Data(contentsOf:) leaks on every call too: the tests read files
	@# with UprightTestSupport's TestFile (POSIXFile.readAll) instead, so it is not suppressed.
	@mkdir -p .build && printf 'leak:libXCTest.so\nleak:libFoundation.so\n' > .build/lsan-suppressions.txt
	LSAN_OPTIONS=suppressions=$(CURDIR)/.build/lsan-suppressions.txt \
	  $(SWIFT) test --sanitize=address --scratch-path .build/sanitize-address $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')

## lint: swift-format's check of the house style (.swift-format) over every Swift file;
## `make format` rewrites the files to it.
SWIFT_FORMAT ?= swift-format
FORMAT_PATHS := Sources Tests Embedded Package.swift
.PHONY: lint format docs
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel $(FORMAT_PATHS)

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel $(FORMAT_PATHS)

## docs: DocC documentation for UprightCore (Sources/UprightCore/UprightCore.docc and every
## public symbol's comment) as a static site in .build/docs, built with the toolchain's docc
## from UprightCore's symbol graph (its own scratch directory, so the normal build is kept).
## Fails on a DocC warning and on a public symbol without a summary line. To read it, serve the
## folder (`python3 -m http.server -d .build/docs 8000`) and open
## http://localhost:8000/documentation/uprightcore/ (a static-hosting site needs a server).
DOCC         ?= docc
DOCS_DIR     := .build/docs
DOCS_SCRATCH := .build/docs-scratch
DOCS_SYMBOLS := $(DOCS_SCRATCH)/symbol-graphs
docs:
	$(call apt_install,python3,docs)
	@mkdir -p $(DOCS_SYMBOLS)
	@# The symbol graph is written when the module compiles; an up-to-date build keeps the last one.
	$(SWIFT) build --target UprightCore --scratch-path $(DOCS_SCRATCH) $(WERROR) \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_SYMBOLS)
	python3 Tests/Documentation/undocumented-symbols.py $(DOCS_SYMBOLS)/UprightCore.symbols.json
	rm -rf $(DOCS_DIR)
	$(DOCC) convert Sources/UprightCore/UprightCore.docc --additional-symbol-graph-dir $(DOCS_SYMBOLS) \
	  --fallback-display-name UprightCore --fallback-bundle-identifier org.upright.UprightCore \
	  --transform-for-static-hosting --warnings-as-errors --output-path $(DOCS_DIR)
	@echo "make docs: $(DOCS_DIR)/documentation/uprightcore/index.html (serve $(DOCS_DIR) over HTTP to read it)"

## soak: SOAK_HOURS (24) device hours of the firmware on the simulated board with seeded faults
## (the standard mix: 1% bus errors, chip resets, unplugs, stuck data, FIFO and ring overflows,
## bounce storms, thousands of presses and clips), then a quarter as long with faults off;
## release build.
SOAK_HOURS ?= 24
SOAK_SEED  ?= 1
.PHONY: soak
soak: release
	.build/release/upright sim --soak $(SOAK_HOURS) --seed $(SOAK_SEED) --out .build/soak

## swarm: SWARM_SEEDS seeds (200) of SWARM_HOURS device hours (24, then a quarter more with faults
## off) from SWARM_SEED (a fresh one, printed, unless given), each with its own mix of faults and
## presses drawn from its seed, as many at a time as there are cores; one line per seed, the
## command that reproduces a failing one, `N passed, M failed`. The seeds' files go to a tmpfs
## (SWARM_OUT, /dev/shm when there is one): thousands of tiny photos, and the disk is not what
## a soak tests.
SWARM_SEEDS ?= 200
SWARM_HOURS ?= 24
# Drawn once (:=): a recursive ?= would draw a new seed at every use, so the seed printed
# would not be the seed run.
ifndef SWARM_SEED
SWARM_SEED := $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
endif
SWARM_OUT   ?= $(shell [ -w /dev/shm ] && echo /dev/shm/upright-swarm || echo .build/swarm)
.PHONY: swarm
swarm: release
	@echo "make swarm: base seed $(SWARM_SEED) (make swarm SWARM_SEED=$(SWARM_SEED) repeats it)"
	.build/release/upright sim --soak $(SWARM_HOURS) --swarm $(SWARM_SEEDS) --seed $(SWARM_SEED) --out $(SWARM_OUT)

## life-swarm: LIFE_SEEDS seeds (20) of LIFE_YEARS device years (1; 30d for days) of use on one
## card each (docs/testing.md, "A long life"): boot after boot over one output folder, each
## beginning with the real start-up, kills, power cuts, flipped bits, a full and a failing card
## between them; from LIFE_SEED (a fresh one, printed, unless given), LIFE_JOBS at a time (the
## cores), under nice. One line per seed, the command that reproduces a failing one, `N passed,
## M failed`. The cards go to a tmpfs (LIFE_OUT, /dev/shm when there is one).
LIFE_SEEDS ?= 20
LIFE_YEARS ?= 1
ifndef LIFE_SEED
LIFE_SEED := $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
endif
LIFE_JOBS ?= $(shell nproc)
LIFE_OUT  ?= $(shell [ -w /dev/shm ] && echo /dev/shm/upright-life || echo .build/life)
.PHONY: life-swarm
life-swarm: release
	@echo "make life-swarm: base seed $(LIFE_SEED) (make life-swarm LIFE_SEED=$(LIFE_SEED) repeats it)"
	nice .build/release/upright sim --life $(LIFE_YEARS) --swarm $(LIFE_SEEDS) --seed $(LIFE_SEED) --jobs $(LIFE_JOBS) --out $(LIFE_OUT)

## kernel-test: LinuxI2CBus, GPIOLine, probe and run against a real kernel (QEMU, i2c-stub, gpio-sim)
## KERNEL_TEST_ONLY=probe (or run, or iio: a chip the kernel drives) runs those checks only, e.g. `make kernel-test KERNEL_TEST_ONLY=probe`
.PHONY: kernel-test
kernel-test: deps
	SWIFT=$(SWIFT) Tests/Kernel/kernel-test.sh

## crash-test: power cuts (SIGKILL to upright and its camera programs at a random moment, then a
## restart in the same directory; CRASH_CUTS of them, 200 by default) and a full card, in the
## kernel rig; every restart's files and journal are checked on the host with djpeg, exiftool
## and ffprobe. CRASH_SEED repeats a run's random moments (it prints the one it used).
CRASH_CUTS ?= 200
.PHONY: crash-test
crash-test: deps
	SWIFT=$(SWIFT) CRASH_CUTS=$(CRASH_CUTS) Tests/Kernel/crash-test.sh

## install: the static binary (make static: no Swift runtime needed where it runs), its manual
## page, the README and docs/, the board files, one of them as /etc/upright/board.json (kept if
## present), the systemd unit, the udev rules (/etc/udev/rules.d/60-upright.rules: the nodes'
## groups) and the unprivileged `upright` user in the i2c, gpio and video
## groups. BOARD picks the board file. On a Pi, `make deb` and installing the package does the
## same and removes cleanly.
BOARD        ?= boards/rpi4-mpu6050.json
UNIT_DIR     ?= /etc/systemd/system
install: static
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)/etc/upright $(DESTDIR)$(UNIT_DIR) $(DESTDIR)$(PREFIX)/share/doc/upright \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/upright/boards
	install -m 0755 .build/static/upright $(DESTDIR)$(PREFIX)/bin/upright
	install -m 0644 packaging/upright.1 $(DESTDIR)$(PREFIX)/share/man/man1/upright.1
	install -m 0644 boards/*.json $(DESTDIR)$(PREFIX)/share/upright/boards/
	install -m 0644 README.md CHANGELOG.md $(DESTDIR)$(PREFIX)/share/doc/upright/
	install -d $(DESTDIR)$(PREFIX)/share/doc/upright/docs
	install -m 0644 docs/*.md docs/timeline.svg $(DESTDIR)$(PREFIX)/share/doc/upright/docs/
	@if [ -e $(DESTDIR)/etc/upright/board.json ]; then \
	  echo "make install: keeping existing /etc/upright/board.json"; \
	else install -m 0644 $(BOARD) $(DESTDIR)/etc/upright/board.json; fi
	sed 's#^ExecStart=/usr/local#ExecStart=$(PREFIX)#' packaging/upright.service > $(DESTDIR)$(UNIT_DIR)/upright.service
	install -D -m 0644 packaging/upright.rules $(DESTDIR)/etc/udev/rules.d/60-upright.rules
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	  for g in i2c gpio video; do getent group $$g >/dev/null || groupadd --system $$g; done; \
	  id upright >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /var/lib/upright \
	    --shell /usr/sbin/nologin --user-group --groups i2c,gpio,video upright; \
	  systemctl daemon-reload 2>/dev/null || true; \
	  echo "make install: done; start with: systemctl enable --now upright"; \
	fi

clean:
	$(SWIFT) package clean
	rm -rf $(EMBEDDED_DIR) $(MCU_DIR)

## powercut-test: real power cuts (the page cache lost) and a slow card, in the kernel rig: the
## output on ext4, vfat and exFAT on a virtio disk through dm-log-writes, photos and clips, the
## log replayed to every flush point (POWERCUT_CUTS of them at most, 100 by default, spread
## evenly), each card fsck'd (repairs counted) and `upright run` started on it and checked as
## crash-test checks; then the slow card (POWERCUT_DELAYS_MS, "loop 0 300 2000": a loop device
## over RAM, dm-delay at 0 ms, 300 ms and 2 s), the press-to-journal latency printed.
## Tests/Kernel/powercut-test.sh says why log-writes.
POWERCUT_CUTS ?= 100
.PHONY: powercut-test
powercut-test: deps
	SWIFT=$(SWIFT) POWERCUT_CUTS=$(POWERCUT_CUTS) $(if $(POWERCUT_ROUNDS),POWERCUT_ROUNDS=$(POWERCUT_ROUNDS)) \
	  $(if $(filter undefined,$(origin POWERCUT_DELAYS_MS)),,POWERCUT_DELAYS_MS="$(POWERCUT_DELAYS_MS)") \
	  $(if $(filter undefined,$(origin POWERCUT_FS)),,POWERCUT_FS="$(POWERCUT_FS)") Tests/Kernel/powercut-test.sh

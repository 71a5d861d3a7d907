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
# container image may not have it), and tmux, the real terminal `upright watch` is tested in.
APT_PACKAGES := libi2c-dev libturbojpeg0-dev libimage-exiftool-perl libjpeg-turbo-progs ffmpeg busybox-static gcc binutils systemd tmux

CORE_SOURCES := $(shell find Sources/UprightCore -name '*.swift' | LC_ALL=C sort)
EMBEDDED_TARGETS := armv6m-none-none-eabi armv7em-none-none-eabi
EMBEDDED_DIR := .build/embedded

.PHONY: all build release test sim embedded bench install deps clean sanitize fuzz static

all: build

## deps: install missing Debian packages (as root), or print the apt-get line to run
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make deps: installing$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -q >/dev/null && \
	    apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 $$missing >/dev/null || exit 1; \
	  else \
	    echo "make deps: missing Debian packages; run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

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

## static: a statically linked release binary (Swift runtime included) for the Pi, in
## .build/static (its own scratch directory, so the normal release build is kept), and a
## copy without debug information, .build/static/upright, the one to install. Only the
## `upright` product: the test-support target imports Testing, which has no static library.
static: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product upright --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build/static $(WERROR)
	strip -o .build/static/upright .build/static/release/upright
	@ls -l .build/static/release/upright .build/static/upright

## fuzz: every libFuzzer target (Tests/Fuzz/Targets) for FUZZ_SECONDS each
FUZZ_SECONDS ?= 60
fuzz:
	Tests/Fuzz/run.sh $(FUZZ_SECONDS)

## sanitize: the tests under the thread and address sanitizers. Each sanitizer builds in its
## own scratch directory, so neither run throws away the normal build (or the other's).
## SANITIZE_FILTER narrows the runs to matching tests, e.g. `make sanitize SANITIZE_FILTER=SampleRing`
## (the ring's two-thread stress tests take about two minutes under the thread sanitizer).
SANITIZE_FILTER ?=
sanitize: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/sanitize-thread $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	@# LeakSanitizer: the toolchain's XCTest harness and Foundation.Process leak a few objects
	@# per run (not ours); suppress leaks whose stacks pass through those two libraries only.
	@# FoundationEssentials' Data(contentsOf:) leaks on every call too: the tests read files
	@# with UprightTestSupport's TestFile (POSIXFile.readAll) instead, so it is not suppressed.
	@mkdir -p .build && printf 'leak:libXCTest.so\nleak:libFoundation.so\n' > .build/lsan-suppressions.txt
	LSAN_OPTIONS=suppressions=$(CURDIR)/.build/lsan-suppressions.txt \
	  $(SWIFT) test --sanitize=address --scratch-path .build/sanitize-address $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')

## soak: SOAK_HOURS (24) device hours of the firmware on the simulated board with seeded faults
## (1% bus errors, chip resets, unplugs, stuck data, FIFO and ring overflows, bounce storms,
## thousands of presses and clips), then a quarter as long with faults off; release build.
SOAK_HOURS ?= 24
SOAK_SEED  ?= 1
.PHONY: soak
soak: release
	.build/release/upright sim --soak $(SOAK_HOURS) --seed $(SOAK_SEED) --out .build/soak

## kernel-test: LinuxI2CBus, GPIOLine, probe and run against a real kernel (QEMU, i2c-stub, gpio-sim)
## KERNEL_TEST_ONLY=probe (or run) runs that command's checks only, e.g. `make kernel-test KERNEL_TEST_ONLY=probe`
.PHONY: kernel-test
kernel-test: deps
	SWIFT=$(SWIFT) Tests/Kernel/kernel-test.sh

## install: binary, a board file under /etc/upright (kept if present), the systemd unit and
## the unprivileged `upright` user in the i2c and gpio groups. BOARD picks the board file.
BOARD        ?= boards/rpi4-mpu6050.json
UNIT_DIR     ?= /etc/systemd/system
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)/etc/upright $(DESTDIR)$(UNIT_DIR) $(DESTDIR)$(PREFIX)/share/doc/upright
	install -m 0755 .build/release/upright $(DESTDIR)$(PREFIX)/bin/upright
	install -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/upright/README.md
	@if [ -e $(DESTDIR)/etc/upright/board.json ]; then \
	  echo "make install: keeping existing /etc/upright/board.json"; \
	else install -m 0644 $(BOARD) $(DESTDIR)/etc/upright/board.json; fi
	sed 's#/usr/local#$(PREFIX)#g' packaging/upright.service > $(DESTDIR)$(UNIT_DIR)/upright.service
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	  for g in i2c gpio video; do getent group $$g >/dev/null || groupadd --system $$g; done; \
	  id upright >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /var/lib/upright \
	    --shell /usr/sbin/nologin --user-group --groups i2c,gpio,video upright; \
	  systemctl daemon-reload 2>/dev/null || true; \
	  echo "make install: done; start with: systemctl enable --now upright"; \
	fi

clean:
	$(SWIFT) package clean
	rm -rf $(EMBEDDED_DIR)

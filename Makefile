# Upright: camera firmware that knows which way is up.
# `make sim` runs the firmware on the simulated board; `make test` runs the tests.

SWIFT        ?= swift
PREFIX       ?= /usr/local
DESTDIR      ?=
WERROR       := -Xswiftc -warnings-as-errors
# Debian packages the build and the tests need: libi2c for the I2C shim, exiftool as the
# independent reader of the files Upright writes.
APT_PACKAGES := libi2c-dev libimage-exiftool-perl

CORE_SOURCES := $(shell find Sources/UprightCore -name '*.swift' | LC_ALL=C sort)
EMBEDDED_TARGETS := armv6m-none-none-eabi armv7em-none-none-eabi
EMBEDDED_DIR := .build/embedded

.PHONY: all build release test sim embedded bench install deps clean sanitize

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
	$(SWIFT) build -c release $(WERROR)

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

bench: release
	.build/release/upright bench $(BENCH_ARGS)

## sanitize: the tests under the thread and address sanitizers. Each sanitizer builds in its
## own scratch directory, so neither run throws away the normal build (or the other's).
## SANITIZE_FILTER narrows the runs to matching tests, e.g. `make sanitize SANITIZE_FILTER=SampleRing`
## (the ring's two-thread stress tests take about two minutes under the thread sanitizer).
SANITIZE_FILTER ?=
sanitize: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/sanitize-thread $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	@# LeakSanitizer: the toolchain's XCTest harness and Foundation.Process leak a few objects
	@# per run (not ours); suppress leaks whose stacks pass through those two libraries only.
	@mkdir -p .build && printf 'leak:libXCTest.so\nleak:libFoundation.so\n' > .build/lsan-suppressions.txt
	LSAN_OPTIONS=suppressions=$(CURDIR)/.build/lsan-suppressions.txt \
	  $(SWIFT) test --sanitize=address --scratch-path .build/sanitize-address $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/upright $(DESTDIR)$(PREFIX)/bin/upright

clean:
	$(SWIFT) package clean
	rm -rf $(EMBEDDED_DIR)

# A thin layer over CMake presets: every target installs missing Debian packages first.
SEEGA := build/release/bin/seega
JOBS ?= $(shell nproc)

.PHONY: all deps build demo test test-release test-asan bench clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

# The main job on built-in defaults.
demo: build
	@bash scripts/demo.sh $(SEEGA)

test: test-release test-asan

test-release: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)
	@ctest --preset release

test-asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan

bench: build
	@build/release/bin/seega_bench

clean:
	rm -rf build

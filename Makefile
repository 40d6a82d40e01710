# One command per job; `make test` is what CI runs (.ci/run calls it).
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
NPM := npm
NATIVE_ADDON := npm/native/upkeep.linux-x64-gnu.node

.PHONY: setup build build-native build-wasm build-types example test test-rust test-wasm test-js lint bench demo clean

## Install what is missing (Debian packages, wasm-bindgen-cli, npm dependencies); skip the rest.
setup:
	./scripts/setup.sh

## Everything a user or a test needs: the N-API addon, both wasm builds, the type declarations.
build: setup build-native build-wasm build-types

build-native:
	cargo build --release -p upkeep-node
	mkdir -p npm/native
	cp target/release/libupkeep_node.so $(NATIVE_ADDON)

build-wasm:
	./scripts/build-wasm.sh

build-types:
	cp npm/lib/index.d.ts npm/lib/index.d.cts

## The README's quick start: update a copy of the bundled example project to a new template release.
example: build
	./scripts/example.sh

## Every check CI runs: formatting, lints, type checks, Rust, wasm and JS tests.
test: build lint test-rust test-wasm test-js

lint:
	cargo fmt --all --check
	# The wasm crate is linted on the host target too: its code is target-independent.
	cargo clippy --all-targets --workspace -- -D warnings
	cd npm && $(NPM) run --silent check

test-rust:
	cargo test --workspace --exclude upkeep-wasm

test-wasm:
	source scripts/wasm-env.sh && CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo_wasm test --release -p upkeep-wasm --tests

test-js:
	node --test tests/js/

## Benchmarks against what users would use instead; results go in BENCHMARKS.md.
bench: build
	node bench/hash.mjs
	node bench/update.mjs

## The browser demo (web-demo/, on the wasm web build).
demo: build
	@if [ -d web-demo ]; then cd web-demo && $(NPM) run dev; else echo "make demo: the browser demo is not built yet (see web-demo/ once it lands)"; fi

clean:
	rm -rf target npm/native npm/wasm npm/lib/index.d.cts

# One command per job; `make test` is what CI runs (.ci/run calls it).
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
NPM := npm
NATIVE_ADDON := npm/native/upkeep.linux-x64-gnu.node

.PHONY: setup build build-native build-wasm build-types example test test-rust test-wasm test-js test-demo soak lint bench demo demo-build clean fuzz fuzz-smoke loop-differential vsix

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

## The VS Code extension packaged with its bundled server: editors/vscode/upkeep.vsix (checked by tests/js/vscode-vsix.test.js).
vsix: build
	./scripts/build-vsix.sh

## Every check CI runs: formatting, lints, type checks, Rust, wasm and JS tests.
test: build lint test-rust test-wasm vsix test-js test-demo fuzz-smoke

lint:
	cargo fmt --all --check
	# The wasm crate is linted on the host target too: its code is target-independent.
	cargo clippy --all-targets --workspace -- -D warnings
	cd npm && $(NPM) run --silent check
	cd web-demo && $(NPM) run --silent check

test-rust:
	cargo test --workspace --exclude upkeep-wasm

test-wasm:
	source scripts/wasm-env.sh && CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo_wasm test --release -p upkeep-wasm --tests

test-js:
	node --test tests/js/

## The browser demo in headless Chromium (Debian's), against the built app; screenshots in web-demo/test-results/.
test-demo: build-wasm demo-build
	cd web-demo && node --test test/

## The long fault-injection runs: 1,000+ concurrent-refresh trials, 300 random kills of a 1,000-file refresh.
soak: build
	UPKEEP_SOAK=1 node --test tests/js/refresh-flow.test.js tests/js/shim-kit.test.js

## The loop engine against its JavaScript reference on fresh random sequences, all engines,
## key order included (LOOP_REFERENCE: the extracted state.mjs; see tests/differential/loop-vectors.mjs).
LOOP_REFERENCE ?= /tmp/ref-loop/loop/state.mjs
loop-differential: build
	node tests/differential/loop-vectors.mjs --reference $(LOOP_REFERENCE) --compare 2000 --seed $$RANDOM

## Fuzz targets of core/fuzz (cargo-fuzz, nightly): a bounded run in `make test`, a longer one here.
FUZZ_TARGETS := numstat glob structured
FUZZ_SECONDS ?= 20
fuzz-smoke:
	@if ! rustup run nightly rustc --version >/dev/null 2>&1; then echo "fuzz-smoke: NOT RUN (no nightly toolchain)"; exit 0; fi; \
	cd core/fuzz && for target in $(FUZZ_TARGETS); do \
	  cargo +nightly fuzz run $$target -- -max_total_time=$(FUZZ_SECONDS) -timeout=2 -max_len=4096 || exit 1; \
	done

fuzz:
	$(MAKE) fuzz-smoke FUZZ_SECONDS=600

## Benchmarks against what users would use instead; results go in BENCHMARKS.md.
bench: build
	./scripts/bench-setup.sh
	node bench/hash.mjs
	node bench/text.mjs
	node bench/score.mjs
	node bench/update.mjs
	node bench/lsp.mjs
	node bench/lifecycle.mjs

## The browser demo (web-demo/, on the wasm web build): build it, serve it on 127.0.0.1 (DEMO_PORT).
DEMO_PORT ?= 4173
demo: build demo-build
	node web-demo/scripts/serve.js $(DEMO_PORT)

demo-build:
	cd web-demo && $(NPM) run --silent build

clean:
	rm -rf target npm/native npm/wasm npm/lib/index.d.cts web-demo/dist web-demo/test-results editors/vscode/server editors/vscode/upkeep.vsix

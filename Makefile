# One command per job; `make test` is what CI runs (.ci/run calls it).
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
NPM := npm

.PHONY: generate setup build build-native build-wasm build-types example test test-rust test-wasm test-js test-demo soak lint bench demo demo-build clean fuzz fuzz-smoke differential-smoke loop-differential score-differential vsix pack cross-arm64

## Install what is missing (Debian packages, wasm-bindgen-cli, npm dependencies); skip the rest.
setup:
	./scripts/setup.sh

## Everything a user or a test needs: the N-API addon, the wasm build, the type declarations.
build: setup build-native build-wasm build-types

## The addon for this machine, stripped, as npm/native/upkeep.<platform>.node, and any cross-built one already there (the release workflow runs the same script per target).
build-native:
	node scripts/build-addon.mjs --with-present

build-wasm:
	./scripts/build-wasm.sh

## The CommonJS copies of the declarations (index.d.cts and generated/types.d.cts), each importing the other's copy.
build-types:
	sed "s#'./generated/types.js'#'./generated/types.cjs'#" npm/lib/index.d.ts > npm/lib/index.d.cts
	sed "s#'../index.js'#'../index.cjs'#" npm/lib/generated/types.d.ts > npm/lib/generated/types.d.cts

## The npm packages, as published: upkeep and one @upkeep/<platform> per addon built, in target/packages/.
pack: build
	node scripts/pack.mjs

## linux-arm64-gnu: Debian's cross toolchain builds the addon, Debian's arm64 Node runs the
## conformance vectors and the fresh-consumer test on it under qemu-user (a few minutes).
## (The test file runs in-process: `node --test` would spawn the arm64 binary without qemu.)
cross-arm64: build
	./scripts/setup.sh cross-arm64
	node scripts/build-addon.mjs linux-arm64-gnu
	UPKEEP_TEST_IMPLEMENTATIONS=native ./scripts/arm64-node.sh tests/js/conformance.test.js
	node --test tests/js/fresh-consumer.test.js

## The README's quick start: update a copy of the bundled example project to a new template release.
example: build
	./scripts/example.sh

## The VS Code extension packaged with its bundled server: editors/vscode/upkeep.vsix (checked by tests/js/vscode-vsix.test.js).
vsix: build
	./scripts/build-vsix.sh

## Every check CI runs: formatting, lints, type checks, Rust, wasm and JS tests.
test: build lint test-rust test-wasm vsix test-js differential-smoke test-demo fuzz-smoke

## Rewrites the contracts generated from the Rust types (see ARCHITECTURE.md, "Generated contracts").
generate:
	node scripts/generate-contracts.mjs

lint:
	node scripts/generate-contracts.mjs --check
	cargo fmt --all --check
	# The wasm crate is linted on the host target too: its code is target-independent.
	cargo clippy --all-targets --workspace -- -D warnings
	# The contracts generator (schemars and its TypeScript reader) builds only with its feature.
	cargo clippy -p upkeep-core --all-targets --features contracts -- -D warnings
	cd npm && $(NPM) run --silent check
	cd web-demo && $(NPM) run --silent check
	# JavaScript format and lint (biome.json; npm/'s pinned devDependency). Fix with:
	# npm/node_modules/.bin/biome check --write
	npm/node_modules/.bin/biome check --error-on-warnings

test-rust:
	cargo test --workspace --exclude upkeep-wasm
	cargo test -p upkeep-core --features contracts --lib contracts

test-wasm:
	source scripts/wasm-env.sh && CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo_wasm test --release -p upkeep-wasm --tests

test-js:
	node --test tests/js/

## The browser demo in headless Chromium (Debian's), against the built app; screenshots in web-demo/test-results/.
test-demo: build-wasm demo-build
	cd web-demo && node --test test/

## The long fault-injection runs: 1,000+ concurrent-refresh trials, 300 random kills of a 1,000-file refresh,
## and the update races hundreds of times (editors saving during the write phase, a second update against
## a slow archive, release files and folders swapped for links mid-run).
soak: build
	UPKEEP_SOAK=1 node --test tests/js/refresh-flow.test.js tests/js/shim-kit.test.js tests/js/update-races.test.js

## The engines against the JavaScript reference, which tests/differential/reference.mjs extracts
## from ../shared/seeds/004_*.txt into a temp folder at run time (never committed): a bounded
## run in `make test` on a fresh seed each time (printed; DIFFERENTIAL_SEED=N repeats one).
DIFFERENTIAL_SEED ?= $$RANDOM
differential-smoke:
	node tests/differential/score-vectors.mjs --compare 20000 --seed $(DIFFERENTIAL_SEED)
	node tests/differential/loop-vectors.mjs --compare 300 --seed $(DIFFERENTIAL_SEED)

## The long runs: the loop engine on 2,000 fresh random sequences (every engine, key order
## included), risk scoring on 200,000 random cases. REFERENCE_SEEDS=<folder> reads the seed
## from elsewhere.
REFERENCE_SEEDS ?=
loop-differential: build
	node tests/differential/loop-vectors.mjs --compare 2000 --seed $(DIFFERENTIAL_SEED) $(if $(REFERENCE_SEEDS),--seeds $(REFERENCE_SEEDS))

score-differential: build
	node tests/differential/score-vectors.mjs --compare 200000 --seed $(DIFFERENTIAL_SEED) $(if $(REFERENCE_SEEDS),--seeds $(REFERENCE_SEEDS))

## Fuzz targets of core/fuzz (cargo-fuzz on a nightly toolchain, which `make setup` installs):
## a bounded run in `make test`, a longer one in `make fuzz`. Without the toolchain it fails;
## it never reports targets it did not run as passed.
FUZZ_TARGETS := numstat glob structured deep
FUZZ_SECONDS ?= 20
FUZZ_TOOLCHAIN ?= nightly
export UPKEEP_FUZZ_TOOLCHAIN := $(FUZZ_TOOLCHAIN)
fuzz-smoke: setup
	@if ! RUSTUP_AUTO_INSTALL=0 rustup run $(FUZZ_TOOLCHAIN) rustc --version >/dev/null 2>&1; then \
	  echo "fuzz-smoke: FAILED: no $(FUZZ_TOOLCHAIN) toolchain, and make setup could not install it (rustup toolchain install $(FUZZ_TOOLCHAIN) --profile minimal)" >&2; exit 1; fi; \
	cd core/fuzz && for target in $(FUZZ_TARGETS); do \
	  cargo +$(FUZZ_TOOLCHAIN) fuzz run $$target -- -max_total_time=$(FUZZ_SECONDS) -timeout=2 -max_len=4096 || exit 1; \
	done

fuzz:
	$(MAKE) fuzz-smoke FUZZ_SECONDS=600

## Benchmarks against what users would use instead; results go in BENCHMARKS.md.
bench: build
	./scripts/bench-setup.sh
	node bench/hash.mjs
	node bench/text.mjs
	node bench/score.mjs
	node bench/binding.mjs
	node bench/update.mjs
	node bench/regen-pending.mjs
	node bench/swap.mjs
	node bench/lsp.mjs
	cargo bench -p upkeep-core --bench structured
	node bench/package-sizes.mjs
	node bench/lifecycle.mjs
	node bench/scale.mjs
	node bench/fleet.mjs 1000 5

## The browser demo (web-demo/, on the wasm web build): build it, serve it on 127.0.0.1 (DEMO_PORT).
DEMO_PORT ?= 4173
demo: build demo-build
	node web-demo/scripts/serve.js $(DEMO_PORT)

demo-build:
	cd web-demo && $(NPM) run --silent build

clean:
	rm -rf target npm/native npm/wasm npm/lib/index.d.cts npm/lib/generated/types.d.cts web-demo/dist web-demo/test-results editors/vscode/server editors/vscode/upkeep.vsix

#!/usr/bin/env bash
# Builds the wasm engine and its JS glue into npm/wasm: one ES module (wasm-bindgen's `web`
# target) and one .wasm that serve browsers and bundlers (lib/browser.js, `await init()`)
# and Node's fallback (lib/engine-node.js, initSync from the file), so the package ships
# the module once. The name section is dropped: a quarter of the bytes, read only by
# debuggers (BENCHMARKS.md, "Package sizes").
# Uses rustup's wasm32 target when installed, else Debian's toolchain (ARCHITECTURE.md, Toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-env.sh

cargo_wasm build --release -p upkeep-wasm
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/upkeep_wasm.wasm"
rm -rf npm/wasm
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir npm/wasm --out-name upkeep "$wasm"

#!/usr/bin/env bash
# Builds the wasm engine and its JS glue: npm/wasm/node (CommonJS, for Node's fallback)
# and npm/wasm/web (ES module with init(), for browsers and bundlers).
# Uses rustup's wasm32 target when installed, else Debian's toolchain (ARCHITECTURE.md, Toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wasm-env.sh

cargo_wasm build --release -p upkeep-wasm
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/upkeep_wasm.wasm"
for target in nodejs web; do
  out="npm/wasm/${target/nodejs/node}"
  rm -rf "$out"
  wasm-bindgen --target "$target" --out-dir "$out" --out-name upkeep "$wasm"
done
# The node glue is CommonJS; mark its folder so the package's "type": "module" doesn't apply.
echo '{"type":"commonjs"}' > npm/wasm/node/package.json

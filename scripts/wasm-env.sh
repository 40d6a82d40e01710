# Sourced by scripts that build or test for wasm32: defines cargo_wasm, which runs cargo
# for wasm32-unknown-unknown with whichever toolchain this machine has (ARCHITECTURE.md, Toolchain).
export CARGO_TARGET_DIR="${UPKEEP_WASM_TARGET_DIR:-$PWD/target/wasm}"
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  cargo_wasm() { cargo "$@" --target wasm32-unknown-unknown; }
else
  export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/lib/llvm-22/bin/wasm-ld
  cargo_wasm() { /usr/bin/cargo "$@" --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort; }
fi

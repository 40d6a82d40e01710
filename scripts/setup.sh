#!/usr/bin/env bash
# Installs what building and testing upkeep needs, skipping whatever is already present.
# Safe to re-run: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
[ -n "$WASM_BINDGEN_VERSION" ] || { echo "setup: cannot read the pinned wasm-bindgen version from Cargo.toml" >&2; exit 1; }

log() { printf 'setup: %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=""
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  log "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# wasm32 standard library: rustup's target when a laptop has it, else Debian's route
# (ARCHITECTURE.md, Toolchain).
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  apt_install rustc-web cargo-web rust-web-src lld-22
fi

# git drives tests and the CLI; chromium runs the browser demo's tests (make test-demo);
# strace checks the durability order of writes (tests/js/write-ordering.test.js); neovim is
# the real editor the language server is tested in (tests/js/lsp-neovim.test.js); unzip reads
# the packaged VS Code extension (tests/js/vscode-vsix.test.js); bsdutils's `script` gives
# the CLI tests a real terminal (tests/js/cli-terminal.test.js); bubblewrap is the
# confinement regenerations prefer (util-linux's unshare is the fallback every Debian
# machine has; tests/js/regen-confinement.test.js exercises both).
apt_install git chromium strace neovim unzip bsdutils bubblewrap util-linux

if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # No --locked: its lockfile pins a crate version the registry here lacks
  # (ARCHITECTURE.md, Toolchain).
  cargo install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# cargo-fuzz drives the fuzz targets in core/fuzz (make fuzz-smoke in make test, make fuzz).
# It runs on a nightly toolchain (UPKEEP_FUZZ_TOOLCHAIN, default nightly), which rustup
# downloads from static.rust-lang.org. Without it the build still works, and make
# fuzz-smoke fails saying so.
if ! cargo fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz (a minute or two, once)"
  cargo install -q cargo-fuzz
fi
FUZZ_TOOLCHAIN=${UPKEEP_FUZZ_TOOLCHAIN:-nightly}
if ! RUSTUP_AUTO_INSTALL=0 rustup run "$FUZZ_TOOLCHAIN" rustc --version >/dev/null 2>&1; then
  log "installing the $FUZZ_TOOLCHAIN toolchain for cargo-fuzz"
  # --no-self-update: installing a toolchain must not replace the rustup binary itself.
  rustup toolchain install --no-self-update "$FUZZ_TOOLCHAIN" --profile minimal ||
    log "WARNING: could not install the $FUZZ_TOOLCHAIN toolchain; make fuzz-smoke (part of make test) fails until it is installed"
fi

# npm dependencies from the committed lockfile; skipped when already in step with it.
if [ ! -f npm/node_modules/.package-lock.json ] || ! cmp -s npm/package-lock.json npm/node_modules/.upkeep-lock-stamp; then
  log "installing npm dependencies"
  (cd npm && npm ci --no-audit --no-fund --loglevel=error)
  cp npm/package-lock.json npm/node_modules/.upkeep-lock-stamp
fi
# The browser demo's dependencies (vite, CodeMirror, playwright-core), from its lockfile.
if [ ! -f web-demo/node_modules/.package-lock.json ] || ! cmp -s web-demo/package-lock.json web-demo/node_modules/.upkeep-lock-stamp; then
  log "installing the browser demo's npm dependencies"
  (cd web-demo && npm ci --no-audit --no-fund --loglevel=error)
  cp web-demo/package-lock.json web-demo/node_modules/.upkeep-lock-stamp
fi
# The VS Code extension's client library and its packager (@vscode/vsce), from its lockfile.
if [ ! -f editors/vscode/node_modules/.package-lock.json ] || ! cmp -s editors/vscode/package-lock.json editors/vscode/node_modules/.upkeep-lock-stamp; then
  log "installing the VS Code extension's npm dependencies"
  (cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error)
  cp editors/vscode/package-lock.json editors/vscode/node_modules/.upkeep-lock-stamp
fi
# `scripts/setup.sh cross-arm64` (make cross-arm64) adds the linux-arm64-gnu route: Debian's
# cross linker and C library, its compiler and std sources when rustup has no aarch64
# target, qemu-user, and Debian's arm64 Node unpacked into target/arm64-node (the arm64
# architecture is added to dpkg for its package lists; nothing arm64 is installed).
if [ "${1:-}" = cross-arm64 ]; then
  rustup target list --installed 2>/dev/null | grep -qx aarch64-unknown-linux-gnu || apt_install rustc-web cargo-web rust-web-src
  apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    log "adding the arm64 architecture to dpkg (for apt-get download of Debian's arm64 Node)"
    as_root dpkg --add-architecture arm64
    as_root apt-get update -qq
  fi
  ./scripts/arm64-node.sh --unpack
fi
log "ready"

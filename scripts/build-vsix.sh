#!/usr/bin/env bash
# Packages the VS Code extension (editors/vscode) as editors/vscode/upkeep.vsix with the
# language server bundled in server/: the npm package's bin, lib, native addon and wasm
# build, and its production dependencies exactly as npm resolved them for the package.
set -euo pipefail
cd "$(dirname "$0")/.."
ext=editors/vscode
[ -f npm/native/upkeep.linux-x64-gnu.node ] && [ -f npm/wasm/upkeep_bg.wasm ] || { echo "build-vsix: run make build first" >&2; exit 1; }
rm -rf "$ext/server" "$ext/upkeep.vsix"
mkdir -p "$ext/server/wasm"
cp -r npm/bin npm/lib npm/schemas npm/native npm/package.json "$ext/server/"
cp npm/wasm/upkeep.js npm/wasm/upkeep_bg.wasm "$ext/server/wasm/"
npm_root=$(cd npm && pwd)
(cd npm && npm ls --omit=dev --all --parseable) | tail -n +2 | while read -r dir; do
  rel=${dir#"$npm_root"/}
  mkdir -p "$ext/server/$(dirname "$rel")"
  cp -rT "$dir" "$ext/server/$rel"
done
(cd "$ext" && npx --no-install vsce package --out upkeep.vsix) >&2
echo "$ext/upkeep.vsix"

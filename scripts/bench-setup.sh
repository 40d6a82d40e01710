#!/usr/bin/env bash
# Installs what `make bench` needs beyond the build: Copier (from PyPI, pinned) in a Python
# virtual environment under target/, for bench/update.mjs's comparison. Not part of
# `make test`. Safe to re-run: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/.."

COPIER_VERSION=9.19.1
VENV=target/bench-venv

log() { printf 'bench-setup: %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ -x "$VENV/bin/copier" ] && [ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("copier"))' 2>/dev/null)" = "$COPIER_VERSION" ]; then
  exit 0
fi

command -v python3 >/dev/null || { as_root apt-get update -qq; as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null; }
# Debian's python3 ships venv's pip bootstrap separately (python3-venv).
if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
  log "installing Debian's python3-venv"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
fi

if [ ! -x "$VENV/bin/pip" ]; then
  log "creating $VENV"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
fi
log "installing copier $COPIER_VERSION into $VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check "copier==$COPIER_VERSION"
"$VENV/bin/copier" --version >&2

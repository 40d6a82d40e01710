#!/usr/bin/env bash
# Runs Debian's arm64 Node under qemu-user: `scripts/arm64-node.sh <node args>`. Node and
# the libraries it links are unpacked from Debian's arm64 packages into
# target/arm64-node/root, never installed: Debian's arm64 nodejs would replace this
# machine's own Node. `--unpack` fetches and unpacks them (scripts/setup.sh cross-arm64
# runs it; it needs `dpkg --add-architecture arm64` and the apt lists that follow).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="$repo/target/arm64-node"
root="$dir/root"

if [ "${1:-}" = --unpack ]; then
  # nodejs:arm64 and what it needs at run time: every arm64 library of the closure, and
  # the arch-independent node-* modules Debian's Node loads from /usr/share/nodejs.
  mapfile -t packages < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances nodejs:arm64 | grep -E '^(node-[a-z0-9.+-]+|[a-z0-9.+-]+:arm64)$' | sort -u)
  [ ${#packages[@]} -gt 0 ] || { echo "arm64-node: apt knows no nodejs:arm64 (dpkg --add-architecture arm64, then apt-get update)" >&2; exit 1; }
  stamp="$(apt-cache policy "${packages[@]}" | grep -E '^\S|Candidate' | tr -s ' ' | paste -sd' ')"
  if [ -x "$root/usr/bin/node" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then exit 0; fi
  echo "arm64-node: unpacking Debian's arm64 Node (${#packages[@]} packages) into target/arm64-node" >&2
  rm -rf "$dir" && mkdir -p "$dir/debs" "$root"
  # Sandbox user root: the download folder is root's (apt's _apt user cannot write it).
  (cd "$dir/debs" && apt-get download -qq -o APT::Sandbox::User=root "${packages[@]}")
  for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$root"; done
  [ -x "$root/usr/bin/node" ] || { echo "arm64-node: no usr/bin/node after unpacking" >&2; exit 1; }
  echo "$stamp" > "$dir/stamp"
  exit 0
fi

[ -x "$root/usr/bin/node" ] || { echo "arm64-node: no arm64 Node in target/arm64-node (run scripts/setup.sh cross-arm64)" >&2; exit 1; }
exec qemu-aarch64 -L "$root" "$root/usr/bin/node" "$@"

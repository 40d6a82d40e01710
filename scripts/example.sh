#!/usr/bin/env bash
# The README's demo: updates a copy of the bundled example project (scaffolded from the
# example template 1.2.0, then edited) to the template's 1.3.0 release, and prints the
# report. Exit 1 from upkeep means "done, with conflicts or deletes to look at".
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r examples/starter-project "$work/project"
echo "\$ upkeep update --baseline examples/starter-template --latest examples/starter-template-1.3.0 --yes" >&2
status=0
node npm/bin/upkeep.js update --root "$work/project" \
  --baseline examples/starter-template --latest examples/starter-template-1.3.0 --yes || status=$?
[ "$status" -le 1 ] || exit "$status"
for shown in README.md .github/workflows/ci.yml .upkeep-merge/package.json.notes docs/scripts.md; do
  if [ -f "$work/project/$shown" ]; then
    echo; echo "\$ cat $shown"; cat "$work/project/$shown"
  fi
done

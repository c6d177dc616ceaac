#!/usr/bin/env bash
# The static half of `npm test`: types, lint, formatting, the import structure (no circle between
# files or folders, no import up a layer: scripts/check-imports.ts) and the migrations against the
# schema, side by side (two cores; none waits on another), each reporting on its own. Run by npm,
# so node_modules/.bin is on the PATH.
set -uo pipefail
tsc --noEmit & types=$!
eslint . & lint=$!
prettier --check --log-level warn '**/*.{ts,tsx,mjs,css,json}' & format=$!
tsx scripts/new-migration.ts --check & migrations=$!
tsx scripts/check-imports.ts & imports=$!
failed=0
# docs/contract/ is a copy of the shared contract: where the source is at hand, they are the same.
if [ -d ../shared/contract ] && ! diff -r ../shared/contract docs/contract; then
  echo 'docs/contract/ differs from ../shared/contract/ (the source): copy it, do not edit it here' >&2
  failed=1
fi
for job in "$types" "$lint" "$format" "$migrations" "$imports"; do wait "$job" || failed=1; done
exit "$failed"

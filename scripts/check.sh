#!/usr/bin/env bash
# The static half of `npm test`: types, lint, formatting and the migrations against the schema, all
# four side by side (two cores; none waits on another), each reporting on its own. Run by npm, so
# node_modules/.bin is on the PATH.
set -uo pipefail
tsc --noEmit & types=$!
eslint . & lint=$!
prettier --check --log-level warn '**/*.{ts,tsx,mjs,css,json}' & format=$!
tsx scripts/new-migration.ts --check & migrations=$!
failed=0
for job in "$types" "$lint" "$format" "$migrations"; do wait "$job" || failed=1; done
exit "$failed"

#!/usr/bin/env bash
# The static half of `npm test`: types and lint side by side (two cores), then formatting and the
# migrations against the schema. Run by npm, so node_modules/.bin is on the PATH.
set -euo pipefail
tsc --noEmit & types=$!
eslint . & lint=$!
wait "$types"
wait "$lint"
prettier --check --log-level warn '**/*.{ts,tsx,mjs,css,json}'
tsx scripts/new-migration.ts --check

#!/usr/bin/env bash
# `npm test`: the static checks, then vitest (unit + integration), then the build (only when the
# sources changed) and Playwright. Each phase's time goes to .test-times/phases.tsv, beside the
# runners' own JSON reports and the servers the run started: `npm run test:times` reads them.
set -uo pipefail
export TEST_TIMES_DIR="$PWD/.test-times"
mkdir -p "$TEST_TIMES_DIR"
# install.tsv is .ci/run's (the install before this run); the rest is this run's.
find "$TEST_TIMES_DIR" -mindepth 1 ! -name install.tsv -delete

phase() {
  local name=$1 started=$EPOCHREALTIME status=0
  shift
  "$@" || status=$?
  awk -v name="$name" -v s="$started" -v e="$EPOCHREALTIME" -v status="$status" -v avg="$(cut -d' ' -f1-3 /proc/loadavg)" \
    'BEGIN { printf "%s\t%.1f\t%s\t%s\n", name, e - s, status, avg }' >>"$TEST_TIMES_DIR/phases.tsv"
  [ "$status" -eq 0 ] || exit "$status"
}

phase check bash scripts/check.sh
phase vitest vitest run
phase build tsx scripts/build-if-stale.ts
phase playwright playwright test

#!/usr/bin/env bash
# npm test (DESIGN §9): from a fresh clone, installs what is missing, then typecheck, lint, format, unit (with the
# production configuration: the compose file against the Compose schema, nginx -t over every nginx file), API and
# the drills' fast variants on PGlite and PostgreSQL (with loadConfig over the compose environment), production
# builds and browser tests.
# Ends non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tooling/scripts/ensure-tools.sh

ensure_test_machine

# vitest runs its files on one core fewer than the machine has, which on CI's two is one: the unit step, and the API
# step's PGlite run once its PostgreSQL side had ended, left a core idle. On every core, back to back on the loaded
# machine: unit 42 and 47 s instead of 49 and 57 s; the API step's two runs side by side 412 s instead of 551 s.
export VITEST_MAX_WORKERS=${VITEST_MAX_WORKERS:-$(nproc)}

declare -a SUMMARY=()
step() {
  local name=$1
  shift
  local started=$SECONDS
  echo
  echo "==> $name"
  "$@"
  SUMMARY+=("$(printf '%-22s %4ds' "$name" $((SECONDS - started)))")
}

# shared-contracts is a project every other package references (`tsc -b`): it is checked once, its declarations
# written to its node_modules/.cache, and the others check their own code against those instead of checking its
# sources again each (shell 9.3 -> 5.4 s, catalog 8.5 -> 3.8 s; the step 138 -> 120 s on the quiet machine). It goes
# first, alone: packages building it at the same time would write the same files. Then --no-sort: each package reads
# the others' code and writes nothing, so none waits for another (in dependency order a core sat idle for much of the
# step: 131 and 136 s sorted, 98 and 121 s unsorted, back to back).
typecheck() {
  pnpm --filter shared-contracts run typecheck &&
    pnpm -r --no-sort --workspace-concurrency=2 --filter '!shared-contracts' run typecheck
}
step typecheck typecheck
# Runs two commands at once, each one's output in a file of its own, and shows each output whole once both have
# ended; fails when either fails. Arguments: a label and a command line, twice.
side_by_side() {
  local logs failed=0
  logs=$(mktemp -d)
  eval "$2" >"$logs/first.log" 2>&1 &
  local first=$!
  eval "$4" >"$logs/second.log" 2>&1 &
  local second=$!
  wait "$first" || failed=1
  echo "--- $1"
  cat "$logs/first.log"
  wait "$second" || failed=1
  echo "--- $3"
  cat "$logs/second.log"
  rm -rf "$logs"
  return "$failed"
}
# ESLint and Prettier each run on one core: side by side they take little more than the longer one.
step "lint + format" side_by_side lint 'pnpm exec eslint .' format 'pnpm exec prettier --check .'
step unit pnpm exec vitest run
# The PGlite and PostgreSQL runs share nothing (each has its own databases) and wait on their databases much of the
# time: side by side they take little more than the longer one. The PGlite run is the longer by a minute and more, so
# the production build (which no API test reads) follows the PostgreSQL run, on the core that run leaves free.
step "api + build" side_by_side "api on PGlite" 'pnpm --filter api --filter drills run test' \
  "api on PostgreSQL, then the build" 'pnpm --filter api --filter drills run test:postgres && pnpm run build'
step browser pnpm --filter e2e run test

echo
echo "All checks passed:"
printf '  %s\n' "${SUMMARY[@]}"

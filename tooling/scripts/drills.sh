#!/usr/bin/env bash
# npm run drills (issue 6): installs what is missing, then drills/src/main.ts runs the full variants of the
# resilience and security drills (DRILLS_ONLY=key1,key2 for some of them), prints their figures and a summary, and
# writes .data/drills/latest.json. Ends non-zero when a drill reports a failure. Ctrl-C stops what it started.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tooling/scripts/ensure-tools.sh

ensure_test_machine

cd drills
# node itself (no pnpm in between), so Ctrl-C reaches the drills, which then stop what they started.
exec node --import tsx src/main.ts

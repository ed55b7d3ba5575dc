#!/usr/bin/env bash
# npm run bench (issue 5): installs what is missing, then bench/src/main.ts builds every app (timed), starts its own
# API, PostgreSQL and origins on ports of its own (19xxx), prints the figures and writes .data/bench/latest.json.
# Ctrl-C stops every server it started.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tooling/scripts/ensure-tools.sh

ensure_pnpm
ensure_apt chromium chromium
# Players' phones have CJK fonts. Without them, Chromium searches every font for each Korean glyph of the nova brand's
# pages (a first layout took 50 ms instead of 29), a cost Lighthouse would count and players never pay.
ensure_apt /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc fonts-noto-cjk
ensure_apt /usr/lib/postgresql/15/bin/initdb postgresql
ensure_dependencies

cd bench
# node itself (no pnpm in between), so Ctrl-C reaches the bench, which then stops its servers by their ids.
exec node --import tsx src/main.ts

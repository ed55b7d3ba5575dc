#!/usr/bin/env bash
# npm start (DESIGN §9): from a fresh clone, installs what is missing, builds, and serves the API on the embedded
# database with demo data plus the shell and the three remotes, each on its own port. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tooling/scripts/ensure-tools.sh

ensure_pnpm
ensure_dependencies
echo "==> building the shell and the remotes"
pnpm run build >/dev/null

SHELL_PORT=${SHELL_PORT:-8080}
CATALOG_PORT=${CATALOG_PORT:-8081}
SUPPORT_PORT=${SUPPORT_PORT:-8082}
ACCOUNT_PORT=${ACCOUNT_PORT:-8083}
API_PORT=${API_PORT:-8090}
export API_URL="http://127.0.0.1:${API_PORT}"
export CATALOG_URL=${CATALOG_URL:-http://localhost:${CATALOG_PORT}}
export SUPPORT_URL=${SUPPORT_URL:-http://localhost:${SUPPORT_PORT}}
export ACCOUNT_URL=${ACCOUNT_URL:-http://localhost:${ACCOUNT_PORT}}

declare -a PIDS=()
stop_all() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all EXIT INT TERM

PORT=$API_PORT pnpm --filter api run start &
PIDS+=($!)
for app in shell:$SHELL_PORT mfe-catalog:$CATALOG_PORT mfe-support:$SUPPORT_PORT mfe-account:$ACCOUNT_PORT; do
  PORT=${app#*:} pnpm --filter "${app%%:*}" run serve &
  PIDS+=($!)
done

for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:${API_PORT}/health" >/dev/null 2>&1 && break
  sleep 1
done
cat <<INFO

The site is up. Open a brand (each host is its own brand, DESIGN §6):
  http://localhost:${SHELL_PORT}/            nova (default)
  http://hikari.localhost:${SHELL_PORT}/     http://sakura.localhost:${SHELL_PORT}/     http://formosa.localhost:${SHELL_PORT}/
  http://atlas.localhost:${SHELL_PORT}/      http://aurum.localhost:${SHELL_PORT}/      http://verda.localhost:${SHELL_PORT}/
  http://jp.aurum.localhost:${SHELL_PORT}/   http://atlas.localhost:${SHELL_PORT}/?self_area=eru&spec_lang=ar
Remotes alone (standalone mode, for QA):
  catalog http://localhost:${CATALOG_PORT}/   support http://localhost:${SUPPORT_PORT}/   account http://localhost:${ACCOUNT_PORT}/
API: http://localhost:${API_PORT}/health   OpenAPI: http://localhost:${API_PORT}/openapi.json
Ctrl-C stops everything.
INFO
wait -n "${PIDS[@]}"

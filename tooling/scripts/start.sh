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
DEMO_OAUTH_PORT=${DEMO_OAUTH_PORT:-8070}
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

# The five quick logins of SPEC §6 work on a plain start: unless real providers are configured (any
# OAUTH_<PROVIDER>_CLIENT_ID set), a local demo provider stands in for all five (tooling/src/demo-oauth).
DEMO_OAUTH=""
if ! env | grep -q '^OAUTH_[A-Z]*_CLIENT_ID='; then
  DEMO_OAUTH="pnpm --silent --filter tooling run demo-oauth"
  eval "$($DEMO_OAUTH env --port "${DEMO_OAUTH_PORT}" --site-port "${SHELL_PORT}")"
  $DEMO_OAUTH serve --port "${DEMO_OAUTH_PORT}" --site-port "${SHELL_PORT}" &
  PIDS+=($!)
fi

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
INFO
if [[ -n "$DEMO_OAUTH" ]]; then
  echo "Quick logins: a demo provider on this machine (http://127.0.0.1:${DEMO_OAUTH_PORT}) stands in for all five; any name signs in."
fi
echo "Ctrl-C stops everything."
wait -n "${PIDS[@]}"

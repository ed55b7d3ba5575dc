# Sourced by start.sh, test.sh, drills.sh and bench.sh: installs what a fresh machine lacks, nothing it already has.

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1 || [[ "$(pnpm --version)" != 10.* ]]; then
    echo "==> installing pnpm 10"
    npm install --global pnpm@10 >/dev/null
  fi
}

APT_UPDATED=0
# ensure_apt <command-or-path to test> <package> [apt options...]
ensure_apt() {
  local probe=$1 package=$2
  shift 2
  if command -v "$probe" >/dev/null 2>&1 || [[ -e "$probe" ]]; then return 0; fi
  local sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  if [[ $APT_UPDATED -eq 0 ]]; then
    echo "==> apt-get update"
    $sudo apt-get update -qq >/dev/null
    APT_UPDATED=1
  fi
  echo "==> installing $package from Debian"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" "$package" >/dev/null
}

ensure_dependencies() {
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
  echo "==> pnpm install"
  pnpm install --frozen-lockfile --reporter=silent
}

# What npm test and npm run drills run on: Chromium for the browser, PostgreSQL's initdb for the database suites, nginx
# with brotli_static for the production edge, openssl for its certificates, and the workspace's dependencies.
ensure_test_machine() {
  ensure_pnpm
  ensure_apt chromium chromium
  ensure_apt /usr/lib/postgresql/15/bin/initdb postgresql
  ensure_apt /usr/sbin/nginx nginx
  ensure_apt /usr/lib/nginx/modules/ngx_http_brotli_static_module.so libnginx-mod-http-brotli-static
  ensure_apt openssl openssl
  ensure_dependencies
}

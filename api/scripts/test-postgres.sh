#!/usr/bin/env bash
# Runs the API tests against a real PostgreSQL server: a throwaway cluster in a temporary folder, on a random free
# port, removed afterwards whatever happens. Extra arguments go to vitest (e.g. a test file).
set -euo pipefail

cd "$(dirname "$0")/.."

find_bindir() {
  if [[ -n "${PG_BINDIR:-}" ]]; then echo "$PG_BINDIR"; return; fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return; fi
  done
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
}

BINDIR="$(find_bindir || true)"
if [[ -z "$BINDIR" || ! -x "$BINDIR/initdb" || ! -x "$BINDIR/pg_ctl" || ! -x "$BINDIR/createdb" ]]; then
  echo "test-postgres: PostgreSQL server binaries (initdb, pg_ctl, createdb) not found." >&2
  echo "  Install them (Debian: apt-get install -y postgresql) or set PG_BINDIR to their folder." >&2
  exit 1
fi

# initdb refuses to run as root: the cluster then belongs to the postgres system user.
if [[ "$(id -u)" == "0" ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "test-postgres: running as root but there is no 'postgres' user to own the cluster." >&2
    exit 1
  fi
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/api-pg-XXXXXX")"
DATADIR="$WORKDIR/data"
STARTED=0

cleanup() {
  local status=$?
  if [[ "$STARTED" == "1" ]]; then
    as_owner "$BINDIR/pg_ctl" -D "$DATADIR" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORKDIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ "$(id -u)" == "0" ]]; then chown postgres: "$WORKDIR"; fi

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})")"

as_owner "$BINDIR/initdb" -D "$DATADIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$WORKDIR/initdb.log" 2>&1 || {
  cat "$WORKDIR/initdb.log" >&2
  exit 1
}
STARTED=1
as_owner "$BINDIR/pg_ctl" -D "$DATADIR" -l "$WORKDIR/server.log" -w -t 60 \
  -o "-p $PORT -k $WORKDIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
  cat "$WORKDIR/server.log" >&2
  exit 1
}
"$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres api_test

echo "test-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on port $PORT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/api_test" node_modules/.bin/vitest run "$@"

#!/usr/bin/env bash
# Runs a command against a private, throw-away PostgreSQL cluster:
#
#   bash scripts/with-postgres.sh npx vitest run --project server
#
# The cluster lives in a temp directory (initdb as the `postgres` user when run as root), listens
# on a free loopback port only, and is stopped and deleted when the command ends, whatever happens.
# The command sees DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres and this script exits
# with its exit code. PG_BIN=/path/to/bin picks the PostgreSQL binaries; otherwise the newest
# Debian install (/usr/lib/postgresql/*/bin) or the initdb on PATH is used.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    echo "$PG_BIN"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
    return
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  fi
}

PG_BIN=$(find_bin)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
  echo "with-postgres: no PostgreSQL binaries (initdb, pg_ctl) found: install PostgreSQL (Debian: apt-get install postgresql) or set PG_BIN." >&2
  exit 1
fi

# As root, PostgreSQL refuses to run: the cluster belongs to the `postgres` user instead.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no 'postgres' user to own the cluster (install Debian's postgresql package)." >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-pg.XXXXXX")
chmod 700 "$tmp"
[ ${#as_owner[@]} -eq 0 ] || chown postgres: "$tmp"

cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ -f "$tmp/data/postmaster.pid" ]; then
    "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 ||
      "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

"${as_owner[@]}" "$PG_BIN/initdb" -D "$tmp/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$tmp/initdb.log" 2>&1 || {
  echo "with-postgres: initdb failed:" >&2
  cat "$tmp/initdb.log" >&2
  exit 1
}

# A disposable cluster: durability settings off for speed. The port is picked free, then retried
# in the rare case another process takes it in between.
for attempt in 1 2 3; do
  port=$(free_port)
  if "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$tmp/data" -l "$tmp/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null; then
    break
  fi
  if [ "$attempt" -eq 3 ]; then
    echo "with-postgres: PostgreSQL did not start:" >&2
    tail -n 20 "$tmp/postgres.log" >&2 || true
    exit 1
  fi
done

version=$("$PG_BIN/postgres" --version)
echo "with-postgres: $version on 127.0.0.1:$port (cluster in $tmp)"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"

set +e
"$@"
code=$?
set -e
exit "$code"

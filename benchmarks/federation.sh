#!/usr/bin/env bash
# A federation's load (issue 21): benchmarks/live.py --clubs 1 and 50, each at the real arrival
# rate (every table posts its round within 120 s) and as fast as they can, against
# `serve --workers 2` on a throwaway PostgreSQL (fsync on, 127.0.0.1 only, its own data
# directory, run as the `postgres` user: run this as root, as .ci/run is), a fresh database
# for each run. About ten minutes; prints one table a run.
#
#   make bench-federation            # or: bash benchmarks/federation.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
PGBIN=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d | sort -V | tail -n 1)
[[ -x "$PGBIN/initdb" ]] || { echo "federation: no PostgreSQL server under /usr/lib/postgresql" >&2; exit 1; }
ROOT=$(mktemp -d /tmp/bridgescore-federation.XXXXXX)
chown postgres: "$ROOT"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres() { (cd "$ROOT" && runuser -u postgres -- "$@"); }
stop() { as_postgres "$PGBIN/pg_ctl" -D "$ROOT/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$ROOT"; }
trap stop EXIT
as_postgres "$PGBIN/initdb" -D "$ROOT/data" -U postgres --auth=trust >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$ROOT/data" -l "$ROOT/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $ROOT -c max_connections=300" start >/dev/null
psql() { as_postgres "$PGBIN/psql" -q -h "$ROOT" -p "$PORT" -U postgres "$@"; }
psql -c "CREATE DATABASE bench"
for rate in 120 0; do
    for clubs in 1 50; do
        psql -c "DROP DATABASE bench" -c "CREATE DATABASE bench"
        echo "=== --clubs $clubs --round-seconds $rate --rounds 1 --workers 2"
        "$PYTHON" benchmarks/live.py --clubs "$clubs" --round-seconds "$rate" --rounds 1 \
            --db "postgresql+psycopg://postgres@127.0.0.1:$PORT/bench" --workers 2
    done
done

#!/usr/bin/env bash
# A federation's load (issue 21): benchmarks/live.py --clubs 1 and 50, each at the real arrival
# rate (every table posts its round within 120 s) and as fast as they can, against
# `serve --workers 2` on a throwaway PostgreSQL (fsync on, 127.0.0.1 only, its own data
# directory, run as the `postgres` user: run this as root, as .ci/run is), a fresh database
# for each run; then the 50 clubs at the real rate again on the bare peer of benchmarks/floor.py
# (the least a Python server on the same parts pays a result), and bridgescore's CPU a result
# over the floor's. About thirteen minutes; prints one table a run, and the ratio.
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
run() {  # the figures of one run, kept in $ROOT/$1 (its name) as they are printed
    local name=$1
    shift
    psql -c "DROP DATABASE bench" -c "CREATE DATABASE bench"
    echo "=== $*"
    "$PYTHON" benchmarks/live.py "$@" --rounds 1 --workers 2 \
        --db "postgresql+psycopg://postgres@127.0.0.1:$PORT/bench" | tee "$ROOT/$name"
}
for rate in 120 0; do
    for clubs in 1 50; do
        run "clubs$clubs-rate$rate" --clubs "$clubs" --round-seconds "$rate"
    done
    if [[ $rate == 120 ]]; then  # right after bridgescore's, on the machine as it is then
        run floor --clubs 50 --round-seconds 120 --floor
    fi
done
posting() { awk -F'|' '/posting only/ {gsub(/ /, "", $3); print $3}' "$ROOT/$1"; }
ours=$(posting clubs50-rate120)
floor=$(posting floor)
echo "server CPU per result, posting only, 50 clubs at the real rate: bridgescore $ours ms," \
    "the floor $floor ms: $(awk -v a="$ours" -v b="$floor" 'BEGIN {printf "%.2f", a / b}')x the floor"

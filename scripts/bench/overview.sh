#!/usr/bin/env bash
# The owner's overview over 1,000,000 generated orders (with the status changes that led each
# to its status) and 200,000 clients (seed_orders.py --history --clients), on SQLite and on
# PostgreSQL, against the release binary: first the tally's catch-up over everything seeded
# (a one-off: a shop upgraded from before the overview is tallied by its migration), then the
# overview for the default year, a one-month range and a sales engineer's own, each for a few
# seconds at 8 connections (wrk). The aim (issue 23) is p99 < 300 ms.
#   scripts/bench/overview.sh [orders=1000000] [clients=200000] [seconds=10]
#   BACKENDS=postgres scripts/bench/overview.sh …   (one database only; both by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
ORDERS="${1:-1000000}"
CLIENTS="${2:-200000}"
SECONDS_EACH="${3:-10}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk"; exit 1; }
cargo build --release --bin mahsoul >/dev/null
BIN="$TARGET_DIR/release/mahsoul"

# shellcheck source=lib.sh
source scripts/bench/lib.sh

run_backend() {
  local backend="$1" dir port url="" db pid
  dir=$(mktemp -d)
  db="$dir/mahsoul.db"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  if [ "$backend" = postgres ]; then
    local name="mahsoul_bench_overview_$$"
    psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
    url="$PG_URL/$name" db="$url"
  fi
  MAHSOUL__DATABASE__URL="$url" RUST_LOG=warn "$BIN" serve --port "$port" --data-dir "$dir" >/dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' RETURN
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
  if [ "$backend" = postgres ]; then
    python3 scripts/bench/seed_products.py 1000 --sql | psql "$url" -q >/dev/null
  else
    python3 scripts/bench/seed_products.py 1000 "$db"
  fi
  echo "== $backend: seeding $ORDERS orders with their status changes and $CLIENTS clients"
  local started=$SECONDS
  python3 scripts/bench/seed_orders.py "$ORDERS" "$db" --clients "$CLIENTS" --history 2>/dev/null
  echo "   seeded in $((SECONDS - started)) s"
  local base="http://127.0.0.1:$port/api" admin sales
  admin=$(token "http://127.0.0.1:$port" 01000000001)
  sales=$(token "http://127.0.0.1:$port" 01000000002)
  started=$SECONDS
  # The first read tallies what is pending (50 batches of 2,000 a read): read until one answers
  # quickly, which means nothing was left.
  while true; do
    local took
    took=$(curl -fs -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $admin" "$base/dashboard/overview")
    python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 0.5 else 1)" "$took" && break
  done
  echo "   tally caught up in $((SECONDS - started)) s: $(query "$backend" "$db" "SELECT count(*) FROM order_history") status changes, $(query "$backend" "$db" "SELECT count(*) FROM users") accounts"
  echo "== $backend, 8 connections, ${SECONDS_EACH}s each"
  printf '%-34s %10s %10s %10s\n' overview req/s p50 p99
  measure "the last twelve months" "$base/dashboard/overview" "$admin"
  measure "one month" "$base/dashboard/overview?from=2025-06-01&to=2025-06-30" "$admin"
  measure "two years" "$base/dashboard/overview?from=2024-11-01&to=2026-11-01" "$admin"
  measure "a sales engineer's own" "$base/dashboard/overview" "$sales"
  if [ "$backend" = postgres ]; then psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS mahsoul_bench_overview_$$" 2>/dev/null || true; fi
  rm -rf "$dir"
}

BACKENDS="${BACKENDS:-sqlite postgres}"
if [[ " $BACKENDS " == *" sqlite "* ]]; then run_backend sqlite; fi
if [[ " $BACKENDS " == *" postgres "* ]]; then
  if scripts/postgres-available "$PG_URL" && command -v psql >/dev/null; then
    run_backend postgres
  else
    echo "!! PostgreSQL is not reachable at $PG_URL: its leg was skipped"
  fi
fi

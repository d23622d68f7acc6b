#!/usr/bin/env bash
# Checkout benchmark against the release binary with 1,000 products, on SQLite and on
# PostgreSQL, in legs of N buyers (default 32): guests placing orders of three lines, each
# with its own Idempotency-Key (checkout.lua), alone and again beside the catalogue's search
# (whose figures alone and beside the orders are printed); then verified clients, each adding
# three products to the server cart and checking it out (checkout_client.lua; its p50/p99
# cover all four calls of a buyer). Prints orders/s and p50/p99 per leg, then checks the books: no stock
# below zero, every unit sold accounted for by a stored order line, and exactly one stored
# order per answer that said "placed". The guests' leg alone also reports what an order costs:
# CPU per order of the server and of PostgreSQL's processes (from /proc/<pid>/stat) and
# transactions per order (pg_stat_database).
#   scripts/bench/checkout.sh [connections=32] [seconds=20]
#   BIN=path/to/mahsoul scripts/bench/checkout.sh …   (another build)
#   BACKENDS=postgres scripts/bench/checkout.sh …      (one database only)
set -euo pipefail
cd "$(dirname "$0")/../.."
CONNECTIONS="${1:-32}"
SECONDS_EACH="${2:-20}"
STOCK=1000000
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk"; exit 1; }
if [ -z "${BIN:-}" ]; then
  cargo build --release --bin mahsoul >/dev/null
  BIN="$TARGET_DIR/release/mahsoul"
fi
SEARCH=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("بذور"))')

# shellcheck source=lib.sh
source scripts/bench/lib.sh

# Prints one leg's figures from wrk's output and leaves its placed orders in `placed`.
report() {
  local title="$1" out="$2" refused failed
  placed=$(awk '$1=="placed" {print $2}' <<<"$out")
  refused=$(awk '$1=="refused" {print $2}' <<<"$out")
  failed=$(awk '$1=="failed" {print $2}' <<<"$out")
  echo "== $title, ${SECONDS_EACH}s"
  printf '%-10s %10s %10s %10s %10s %10s\n' orders/s p50 p99 placed refused failed
  printf '%-10s %10s %10s %10s %10s %10s\n' "$(python3 -c "print(round($placed / $SECONDS_EACH))")" \
    "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")" "$placed" "$refused" "$failed"
}

# CPU time (user + system) of processes so far, in milliseconds: the server's, or with
# `postgres` every PostgreSQL process's (its backends, and the writers that flush for them).
#   cpu_ms <pid>|postgres
cpu_ms() {
  local pids="$1" ticks
  [ "$pids" = postgres ] && pids=$(pgrep -u postgres | tr '\n' ' ')
  ticks=$(for pid in $pids; do awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true; done | awk '{sum += $1} END {print sum + 0}')
  echo $((ticks * 1000 / $(getconf CLK_TCK)))
}

# Transactions committed or rolled back in a PostgreSQL database so far.
transactions() {
  psql "$PG_URL/postgres" -qtAc "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '$1'"
}

run_backend() {
  local backend="$1" dir port url db pid
  dir=$(mktemp -d)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  url="" db="$dir/mahsoul.db"
  if [ "$backend" = postgres ]; then
    local name="mahsoul_bench_checkout_$$"
    psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
    url="$PG_URL/$name" db="$url"
  fi
  # Buyers come from thousands of addresses (X-Forwarded-For through a trusted proxy), so the
  # limit of guest checkouts per address is checked and counted for each order as in a shop.
  MAHSOUL__DATABASE__URL="$url" MAHSOUL__SERVER__TRUSTED_PROXIES=127.0.0.1 RUST_LOG=warn "$BIN" serve --port "$port" --data-dir "$dir" >/dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' RETURN
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
  if [ "$backend" = postgres ]; then
    python3 scripts/bench/seed_products.py 1000 --sql | psql "$url" -q >/dev/null
  else
    python3 scripts/bench/seed_products.py 1000 "$db"
  fi
  query "$backend" "$db" "UPDATE products SET quantity = $STOCK WHERE id <= 30" >/dev/null
  query "$backend" "$db" "UPDATE catalogue_version SET version = version + 1 WHERE id = 1" >/dev/null
  local base="http://127.0.0.1:$port"
  curl -fs "$base/api/products" >/dev/null
  local out placed=0 total_placed=0 alone during server_cpu pg_cpu xacts=0
  server_cpu=$(cpu_ms "$pid") pg_cpu=$(cpu_ms postgres)
  [ "$backend" = postgres ] && xacts=$(transactions "mahsoul_bench_checkout_$$")
  out=$(BENCH_PRODUCTS=30 BENCH_RUN=alone wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency -s scripts/bench/checkout.lua "$base")
  server_cpu=$(( $(cpu_ms "$pid") - server_cpu )) pg_cpu=$(( $(cpu_ms postgres) - pg_cpu ))
  report "$backend, $CONNECTIONS guests" "$out"
  total_placed=$placed
  if [ "$backend" = postgres ]; then
    # PostgreSQL counts a backend's transactions when it next reports, within a second.
    sleep 2
    xacts=$(( $(transactions "mahsoul_bench_checkout_$$") - xacts ))
    python3 -c "p = max($placed, 1); print(f'per order: server CPU {$server_cpu / p:.2f} ms, PostgreSQL CPU {$pg_cpu / p:.2f} ms, in all {($server_cpu + $pg_cpu) / p:.2f} ms; transactions {$xacts / p:.2f}')"
  else
    python3 -c "p = max($placed, 1); print(f'per order: server CPU {$server_cpu / p:.2f} ms (SQLite works inside it)')"
  fi

  # The catalogue's search alone, then again while guests' orders flow (each order bumps the
  # stock version, which the catalogue must absorb without a reload). Both share the cores.
  alone=$(wrk -t1 -c8 -d"${SECONDS_EACH}s" --latency "$base/api/products?search=$SEARCH")
  wrk -t1 -c8 -d"${SECONDS_EACH}s" --latency "$base/api/products?search=$SEARCH" >"$dir/during" &
  local catalogue=$!
  out=$(BENCH_PRODUCTS=30 BENCH_RUN=beside wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency -s scripts/bench/checkout.lua "$base")
  wait "$catalogue"
  during=$(cat "$dir/during")
  report "$backend, $CONNECTIONS guests beside the catalogue's search" "$out"
  total_placed=$((total_placed + placed))
  printf 'catalogue search, 8 connections: alone %s req/s (p99 %s); while orders flow %s req/s (p99 %s)\n' \
    "$(awk '$1=="Requests/sec:" {print $2}' <<<"$alone")" "$(awk '$1=="99%" {print $2}' <<<"$alone")" \
    "$(awk '$1=="Requests/sec:" {print $2}' <<<"$during")" "$(awk '$1=="99%" {print $2}' <<<"$during")"

  # The client leg: verified buyers, one per wrk thread so that each buyer's calls go in order.
  # Each signs up from an address and a block of phone numbers of its own (sign-ups are
  # limited per address and per block).
  local tokens="$dir/tokens"
  for i in $(seq "$CONNECTIONS"); do
    curl -fs -X POST "$base/api/auth/register" -H 'Content-Type: application/json' -H "X-Forwarded-For: 10.$i.200.1" \
      -d "{\"name\":\"Bench buyer $i\",\"phone\":\"011$(printf '%04d' "$i")1234\",\"password\":\"Harvest2026\",\"password_confirmation\":\"Harvest2026\"}" |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["token"])' >>"$tokens"
  done
  query "$backend" "$db" "UPDATE users SET verified_at = CURRENT_TIMESTAMP WHERE verified_at IS NULL" >/dev/null
  out=$(BENCH_PRODUCTS=30 BENCH_TOKENS="$tokens" wrk -t"$CONNECTIONS" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency -s scripts/bench/checkout_client.lua "$base")
  report "$backend, $CONNECTIONS clients (add 3 lines + checkout)" "$out"
  echo "failed cart calls: $(awk '$1=="cart_failed" {print $2}' <<<"$out")"
  total_placed=$((total_placed + placed))
  placed=$total_placed

  local stored negative sold lines
  stored=$(query "$backend" "$db" "SELECT COUNT(*) FROM orders")
  negative=$(query "$backend" "$db" "SELECT COUNT(*) FROM products WHERE quantity < 0")
  sold=$(query "$backend" "$db" "SELECT COALESCE(SUM($STOCK - quantity), 0) FROM products WHERE id <= 30")
  lines=$(query "$backend" "$db" "SELECT COALESCE(SUM(quantity), 0) FROM order_items")
  echo "stored orders $stored (answers placed: $placed); products below zero: $negative; units sold $sold, in order lines $lines"
  # wrk stops mid-flight: an order committed as the clock ran out has no counted answer.
  [ "$negative" = 0 ] && [ "$sold" = "$lines" ] && [ "$stored" -ge "$placed" ] && [ "$stored" -le $((placed + 3 * CONNECTIONS)) ] \
    && echo "books balance" || { echo "BOOKS DO NOT BALANCE"; kill "$pid"; exit 1; }
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
  [ "$backend" = postgres ] && psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS mahsoul_bench_checkout_$$"
  return 0
}

for backend in ${BACKENDS:-sqlite postgres}; do
  if [ "$backend" = sqlite ]; then
    run_backend sqlite
  elif scripts/postgres-available "$PG_URL" && command -v psql >/dev/null; then
    run_backend postgres
  else
    echo "PostgreSQL not reachable: its leg was skipped."
  fi
done

#!/usr/bin/env bash
# The staff's order list over 1,000,000 generated orders (seed_orders.py), on SQLite and on
# PostgreSQL, against the release binary: each filter and search alone for a few seconds at 8
# connections (wrk), as the demo admin, then one sales engineer's own list, then the invoice of
# one order at one connection. Prints requests/s, p50 and p99 per line; the aim (issue 10) is
# p99 < 100 ms for every list and < 50 ms for an invoice.
#   scripts/bench/orders.sh [orders=1000000] [seconds=10]
set -euo pipefail
cd "$(dirname "$0")/../.."
ORDERS="${1:-1000000}"
SECONDS_EACH="${2:-10}"
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
    local name="mahsoul_bench_orders_$$"
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
  echo "== $backend: seeding $ORDERS orders"
  local started=$SECONDS
  python3 scripts/bench/seed_orders.py "$ORDERS" "$db" 2>/dev/null
  echo "   seeded in $((SECONDS - started)) s"
  local base="http://127.0.0.1:$port/api" admin sales phone number product id
  admin=$(token "http://127.0.0.1:$port" 01000000001)
  sales=$(token "http://127.0.0.1:$port" 01000000002)
  phone=$(query "$backend" "$db" "SELECT customer_phone FROM orders WHERE id = $((ORDERS / 2))")
  number=$(query "$backend" "$db" "SELECT number FROM orders WHERE id = $((ORDERS / 3))")
  product=$(query "$backend" "$db" "SELECT name_ar FROM products WHERE id = (SELECT min(id) + 17 FROM products)")
  id=$(query "$backend" "$db" "SELECT max(id) FROM orders WHERE user_id IS NOT NULL")
  echo "== $backend, $ORDERS orders, 8 connections, ${SECONDS_EACH}s each"
  printf '%-34s %10s %10s %10s\n' list req/s p50 p99
  measure "clients, newest first" "$base/dashboard/orders" "$admin"
  measure "status=new" "$base/dashboard/orders?status=new" "$admin"
  measure "source=sales" "$base/dashboard/orders?source=sales" "$admin"
  measure "city=5" "$base/dashboard/orders?city=5" "$admin"
  measure "one month" "$base/dashboard/orders?from=2025-06-01&to=2025-06-30" "$admin"
  measure "search: number" "$base/dashboard/orders?search=$number" "$admin"
  measure "search: phone +20" "$base/dashboard/orders?search=$(enc "+2$phone")" "$admin"
  measure "search: name" "$base/dashboard/orders?search=$(enc 'سمير الفلاح')" "$admin"
  measure "search: name, variant" "$base/dashboard/orders?search=$(enc 'ابراهيم منصور')" "$admin"
  measure "search: product" "$base/dashboard/orders?search=$(enc "${product##* }")" "$admin"
  measure "delivered, city 3, محمد" "$base/dashboard/orders?status=delivered&city=3&search=$(enc 'محمد')" "$admin"
  measure "guests, new" "$base/dashboard/guest-orders?status=new" "$admin"
  measure "a sales engineer's own" "$base/dashboard/orders" "$sales"
  measure "invoice (1 connection)" "$base/dashboard/orders/$id/invoice" "$admin" 1
  if [ "$backend" = postgres ]; then psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS mahsoul_bench_orders_$$" 2>/dev/null || true; fi
  rm -rf "$dir"
}

run_backend sqlite
if scripts/postgres-available "$PG_URL" && command -v psql >/dev/null; then
  run_backend postgres
else
  echo "!! PostgreSQL is not reachable at $PG_URL: its leg was skipped"
fi

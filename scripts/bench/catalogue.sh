#!/usr/bin/env bash
# Catalogue benchmark: 10,000 products, then the list, search and product endpoints under
# wrk (64 connections, 2 threads), next to a static JSON endpoint of the same server as the
# ceiling, on SQLite and on PostgreSQL. Prints requests/s and p50/p99 for each.
#   scripts/bench/catalogue.sh [products=10000] [seconds=15]
#   BIN=path/to/mahsoul scripts/bench/catalogue.sh …   (another build, e.g. the code before a change)
set -euo pipefail
cd "$(dirname "$0")/../.."
PRODUCTS="${1:-10000}"
SECONDS_EACH="${2:-15}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk"; exit 1; }
if [ -z "${BIN:-}" ]; then
  cargo build --release --bin mahsoul >/dev/null
  BIN="$TARGET_DIR/release/mahsoul"
fi
quote() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
SEARCH=$(quote "اسمده عضوي")
# A typo (two letters in a long word), a word said another way, and a word no product has.
TYPO=$(quote "فيرمكولت")
SAID=$(quote "درة شامية")
SOME=$(quote "سماد عضوي للنخيل")

run_backend() {
  local backend="$1" dir port url pid
  dir=$(mktemp -d)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  url=""
  if [ "$backend" = postgres ]; then
    local name="mahsoul_bench_$$"
    psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
    url="$PG_URL/$name"
  fi
  MAHSOUL__DATABASE__URL="$url" RUST_LOG=warn "$BIN" serve --port "$port" --data-dir "$dir" >/dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' RETURN
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
  if [ "$backend" = postgres ]; then
    python3 scripts/bench/seed_products.py "$PRODUCTS" --sql | psql "$url" -q >/dev/null
  else
    python3 scripts/bench/seed_products.py "$PRODUCTS" "$dir/mahsoul.db"
  fi
  local base="http://127.0.0.1:$port/api"
  curl -fs "$base/products" >/dev/null
  echo "== $backend, $(curl -fs "$base/products?per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["meta"]["total"])') products"
  printf '%-28s %12s %10s %10s\n' endpoint "requests/s" p50 p99
  for entry in "static (ceiling)|$base/auth/providers" "list|$base/products?page=3" "list filtered+sorted|$base/products?category=fertilisers&sort=price_asc&in_stock=1" "search|$base/products?search=$SEARCH" "search, a typo|$base/products?search=$TYPO" "search, said alike|$base/products?search=$SAID" "search, some words|$base/products?search=$SOME" "product|$base/products/bench-product-4242"; do
    local label="${entry%%|*}" target="${entry#*|}" out
    out=$(wrk -t2 -c64 -d"${SECONDS_EACH}s" --latency "$target")
    printf '%-28s %12s %10s %10s\n' "$label" \
      "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
      "$(awk '$1=="50%" {print $2}' <<<"$out")" \
      "$(awk '$1=="99%" {print $2}' <<<"$out")"
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}

run_backend sqlite
if scripts/postgres-available "$PG_URL" && command -v psql >/dev/null; then
  run_backend postgres
else
  echo "PostgreSQL not reachable: its leg was skipped."
fi

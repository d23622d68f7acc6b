#!/usr/bin/env bash
# Storefront benchmark: Lighthouse (npm) with Debian's chromium, its mobile profile (a slow 4G
# network and a 4x slower CPU), on the seven storefront routes a buyer walks (Home, a list, a
# product page, the cart, the checkout, the order placed and order tracking), in Arabic and
# English, three runs each; prints the median performance score, first and largest contentful
# paint, total blocking time and bytes transferred. Serves the demo shop from a release build
# with the built frontend. Both of Lighthouse's throttling modes are measured in turn:
# `simulate` (an unthrottled load, its times computed for the slow phone) and `devtools` (the
# real load throttled; the simulation takes a page painted by the server to wait for the
# scripts that, loaded locally, ran before its first paint).
#   scripts/bench/storefront.sh [runs=3]
#   BIN=path/to/mahsoul scripts/bench/storefront.sh …   (another build)
#   THROTTLING=devtools scripts/bench/storefront.sh …    (one mode only)
#   PAGES="/cart /account/checkout" scripts/bench/storefront.sh …   (some routes only)
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS="${1:-3}"
MODES="${THROTTLING:-simulate devtools}"
PAGES="${PAGES:-/ /products /products/neem-oil /cart /account/checkout /order-success /track-order}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
if [ -z "${BIN:-}" ]; then
  cargo build --release --bin mahsoul >/dev/null
  BIN="$TARGET_DIR/release/mahsoul"
fi
(cd frontend && npm run build >/dev/null)

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
RUST_LOG=warn MAHSOUL__SERVER__FRONTEND_DIR=frontend/dist "$BIN" serve --port "$port" --data-dir "$dir" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 150); do curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null && break; sleep 0.2; done

results=$(mktemp -d)
for THROTTLING in $MODES; do
  echo "== throttling: $THROTTLING"
  printf '%-20s %-4s %6s %8s %8s %8s %9s\n' page lang score "FCP ms" "LCP ms" "TBT ms" "KB"
  for page in $PAGES; do
    for lang in ar en; do
      for run in $(seq "$RUNS"); do
        npx -y lighthouse@12 "http://127.0.0.1:$port$page" --quiet --only-categories=performance --throttling-method="$THROTTLING" \
          --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
          --extra-headers="{\"Cookie\": \"language=$lang\"}" \
          --output=json --output-path="$results/$lang-$run.json" >/dev/null 2>&1
      done
      python3 - "$page" "$lang" "$results" "$RUNS" <<'PY'
import json, statistics, sys
page, lang, folder, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
reports = [json.load(open(f"{folder}/{lang}-{run}.json")) for run in range(1, runs + 1)]
def median(pick):
    return statistics.median(pick(report) for report in reports)
audit = lambda name: (lambda report: report["audits"][name]["numericValue"])
print(f"{page:<20} {lang:<4} {median(lambda r: r['categories']['performance']['score'] * 100):6.0f} "
      f"{median(audit('first-contentful-paint')):8.0f} {median(audit('largest-contentful-paint')):8.0f} "
      f"{median(audit('total-blocking-time')):8.0f} {median(audit('total-byte-weight')) / 1024:9.0f}")
PY
    done
  done
done

#!/usr/bin/env bash
# The message sender's poll as the queue ages, on PostgreSQL with autovacuum off (as on this
# project's machines): the poll the server runs every send interval (its SQL, as Diesel writes
# it), timed by EXPLAIN ANALYZE with the buffers it reads (median of 5), with 50 messages
# waiting for a retry:
#   1. on a new queue;
#   2. after N messages (default 1,000,000) were queued and then sent, as the sender marks them;
#   3. after the server's pruning job has run (every second here) until the sent messages past
#      their keeping are gone, or a minute has passed.
#   scripts/bench/queue.sh [messages=1000000]
#   BIN=path/to/mahsoul scripts/bench/queue.sh …   (another build)
set -euo pipefail
cd "$(dirname "$0")/../.."
MESSAGES="${1:-1000000}"
PG_URL="${PG_URL:-postgres://postgres@127.0.0.1:5432}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
if [ -z "${BIN:-}" ]; then
  cargo build --release --bin mahsoul >/dev/null
  BIN="$TARGET_DIR/release/mahsoul"
fi
scripts/postgres-available "$PG_URL" || { echo "PostgreSQL is not reachable at $PG_URL: nothing measured."; exit 1; }

name="mahsoul_bench_queue_$$"
url="$PG_URL/$name"
dir=$(mktemp -d)
psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
trap 'psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $name" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
MAHSOUL__DATABASE__URL="$url" RUST_LOG=warn "$BIN" migrate >/dev/null
psql "$url" -qc "ALTER TABLE message_queue SET (autovacuum_enabled = false)"

# Messages waiting for their next try, an hour away: the poll walks past them and sends none.
psql "$url" -qc "INSERT INTO message_queue (channel, recipient, body, created_at, next_attempt_at)
  SELECT 'sms', '01012345678', 'waiting ' || g, now(), now() + interval '1 hour' FROM generate_series(1, 50) g"

POLL="SELECT message_queue.id, message_queue.channel, message_queue.recipient, message_queue.subject, message_queue.body, message_queue.attempts
  FROM message_queue WHERE ((message_queue.sent_at IS NULL) AND (message_queue.next_attempt_at <= now()::timestamp)) ORDER BY message_queue.id LIMIT 100"

# Prints a stage's line: the poll's median time and buffers, and the queue's rows.
measure() {
  local stage="$1" rows
  rows=$(psql "$url" -qtAc "SELECT COUNT(*) FROM message_queue")
  python3 - "$url" "$POLL" "$stage" "$rows" <<'PY'
import json, statistics, subprocess, sys
url, poll, stage, rows = sys.argv[1:5]
plans = [json.loads(subprocess.check_output(["psql", url, "-qtAc", f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {poll}"]))[0] for _ in range(5)]
time = statistics.median(p["Execution Time"] for p in plans)
buffers = statistics.median(p["Plan"]["Shared Hit Blocks"] + p["Plan"]["Shared Read Blocks"] for p in plans)
def scans(node):
    yield node
    for child in node.get("Plans", []):
        yield from scans(child)
index = next((n.get("Index Name") for n in scans(plans[-1]["Plan"]) if "Index Name" in n), "a sequential scan")
print(f"{stage:<44} {time:>9.3f} {int(buffers):>9} {rows:>9}  {index}")
PY
}

printf '%-44s %9s %9s %9s  %s\n' stage "poll ms" buffers rows "read through"
measure "a new queue"
psql "$url" -qc "INSERT INTO message_queue (channel, recipient, body, created_at, next_attempt_at)
  SELECT 'sms', '01012345678', 'Your order MS-2026-' || g || ' is placed', now() - interval '40 days', now() - interval '40 days'
  FROM generate_series(1, $MESSAGES) g"
psql "$url" -qc "UPDATE message_queue SET sent_at = created_at WHERE next_attempt_at < now()"
measure "after $MESSAGES messages sent"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
MAHSOUL__DATABASE__URL="$url" MAHSOUL__UPKEEP__EVERY_SECS=1 MAHSOUL__DEMO__SEED=false RUST_LOG=warn \
  "$BIN" serve --port "$port" --data-dir "$dir" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 60); do
  [ "$(psql "$url" -qtAc "SELECT COUNT(*) FROM message_queue WHERE sent_at IS NOT NULL")" = 0 ] && break
  sleep 1
done
# One more run after the last batch: the vacuum that follows it.
sleep 2
kill "$pid"
wait "$pid" 2>/dev/null || true
measure "after the pruning job"

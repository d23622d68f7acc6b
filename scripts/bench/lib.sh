# Shared by the benchmark scripts (sourced, not run).

# Runs SQL on a benchmark's database (a PostgreSQL URL when the backend is `postgres`, else a
# SQLite file), one row per line, fields split by `|`; a write is committed.
#   query <backend> <database> <sql>
query() {
  if [ "$1" = postgres ]; then
    psql "$2" -qtAc "$3"
  else
    python3 -c 'import sqlite3,sys; db = sqlite3.connect(sys.argv[1]); [print(*row, sep="|") for row in db.execute(sys.argv[2])]; db.commit()' "$2" "$3"
  fi
}

# A URL's part, percent-encoded.
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }

# The token of a demo account signed in at a shop's base URL.
#   token <base> <username>
token() {
  curl -fs "$1/api/auth/login" -H 'Content-Type: application/json' -d "{\"username\":\"$2\",\"password\":\"Mahsoul2026\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])'
}

# One line of a table: wrk at SECONDS_EACH seconds on a URL as a signed-in user; req/s, p50, p99.
#   measure <title> <url> <token> [connections=8]
measure() {
  local title="$1" url="$2" who="$3" connections="${4:-8}" out
  out=$(wrk -t"$(( connections < 2 ? connections : 2 ))" -c"$connections" -d"${SECONDS_EACH}s" --latency -H "Authorization: Bearer $who" "$url")
  if grep -q "Non-2xx" <<<"$out"; then echo "!! $title answered errors: $(grep Non-2xx <<<"$out")"; fi
  printf '%-34s %10s %10s %10s\n' "$title" "$(awk '/Requests\/sec/ {print int($2)}' <<<"$out")" \
    "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
}


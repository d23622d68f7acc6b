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

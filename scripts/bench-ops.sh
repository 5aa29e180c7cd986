#!/usr/bin/env bash
# What operating the site costs, on the release binary with throwaway SQLite databases:
# - the requests per second for `/` without and with the metrics listener (--metrics-listen),
#   one wrk run each, and their ratio; and with JSON logs, for comparison;
# - how long `college-site backup` takes on a ~100 MB database while `/` is under load, and
#   the throughput of `/` meanwhile.
# Run by scripts/bench.sh; alone: scripts/bench-ops.sh (after `make build`).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/college-site
PORT=${BENCH_OPS_PORT:-18191}
METRICS_PORT=$((PORT + 1))
BASE="http://127.0.0.1:$PORT"
DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
DB_MB=${BENCH_BACKUP_MB:-100}

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }

tmp=$(mktemp -d)
server=
stop_server() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; fi
  server=
}
trap 'stop_server; rm -rf "$tmp"' EXIT

# start_server NAME [serve flags...]: a server on $tmp/NAME.db, logs in $tmp/NAME.log.
start_server() {
  local name=$1
  shift
  "$BIN" serve --listen "127.0.0.1:$PORT" --database "sqlite://$tmp/$name.db" \
    --data-dir "$tmp/$name" "$@" >"$tmp/$name.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -fs "$BASE/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start:" >&2
  cat "$tmp/$name.log" >&2
  exit 1
}

rps() {
  wrk -t2 -c"$CONNECTIONS" -d"$1" -H 'Accept-Encoding: br, gzip' "$BASE/" |
    awk '/Requests\/sec/ {print $2}'
}

echo "== Metrics: requests/s for / (wrk, $CONNECTIONS connections, $DURATION each; client and server share this machine) =="
start_server plain
plain=$(rps "$DURATION")
stop_server
start_server metrics --metrics-listen "127.0.0.1:$METRICS_PORT"
with_metrics=$(rps "$DURATION")
series=$(curl -fs "http://127.0.0.1:$METRICS_PORT/metrics" | grep -c '^college_' || true)
stop_server
start_server json --log-format json
json_logs=$(rps "$DURATION")
stop_server
printf '%-44s %12s requests/s\n' "without metrics" "$plain"
printf '%-44s %12s requests/s (%s series scraped)\n' "with --metrics-listen" "$with_metrics" "$series"
printf '%-44s %12s requests/s\n' "with --log-format json (no metrics)" "$json_logs"
awk -v a="$with_metrics" -v b="$plain" 'BEGIN { printf "%-44s %12.3f\n", "ratio with/without metrics", a / b }'

echo
echo "== Backup: a ${DB_MB} MB SQLite database while / is under load =="
start_server big
stop_server
# Contact messages of 2 KB each (about one to a 4 KB page), written straight into the file
# while no server runs.
rows=$((DB_MB * 250))
sqlite3 "$tmp/big.db" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
  INSERT INTO contact_messages (name, email, subject, message, created_at)
  SELECT 'Visitor', 'visitor@example.in', 'Bench', hex(randomblob(1000)), 0 FROM n;"
size=$(du -m "$tmp/big.db" | cut -f1)
start_server big
load_seconds=30
wrk -t2 -c"$CONNECTIONS" -d"${load_seconds}s" -H 'Accept-Encoding: br, gzip' "$BASE/" >"$tmp/load.txt" &
load=$!
sleep 2
began=$(date +%s.%N)
"$BIN" backup "$tmp/copy.db" --database "sqlite://$tmp/big.db" >"$tmp/backup.txt"
ended=$(date +%s.%N)
wait "$load"
stop_server
under_load=$(awk '/Requests\/sec/ {print $2}' "$tmp/load.txt")
printf '%-44s %12s MB\n' "database" "$size"
awk -v a="$began" -v b="$ended" 'BEGIN { printf "%-44s %12.2f s\n", "backup (VACUUM INTO, fsync, integrity check)", b - a }'
printf '%-44s %12s requests/s (over %s s, the backup within)\n' "/ meanwhile" "$under_load" "$load_seconds"
printf '%-44s %12s MB\n' "copy" "$(du -m "$tmp/copy.db" | cut -f1)"

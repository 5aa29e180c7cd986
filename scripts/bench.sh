#!/usr/bin/env bash
# Prints, in turn:
# - for each route, the bytes of HTML, JS and CSS as served compressed (checking Home's budgets);
# - what the tutorial's editor downloads and how fast it shows an edit (checking its budgets);
# - the offline copy: the precache as transferred, each lesson's largest paint offline (4x slower
#   CPU), the search index's size and a query's time (checking their budgets);
# - what a lesson's load costs a signed-in student (requests, bytes, and that pages outside the
#   tutorial make no progress call);
# - how long a student's pass takes to show in a teacher's open class page, saved on the same
#   server instance and on a second one sharing the database;
# - Lighthouse's mobile figures for every page (score, first and largest paint, blocking time,
#   layout shift, bytes) and the worst of each, with a notice showing a phone's photo;
# - what an editor's upload of a 12-megapixel photo costs: time and peak memory;
# - the requests per second for `/react` (a page as built), `/` (Home with its latest notices),
#   `/about` (with the office's text), one hashed asset, `/notices` and a notice under wrk, each
#   as a share of `/react` (25 notices
#   published first);
# - with 5,000 notices and 50,000 revisions: the editors' list, a search and `/notices` page 1,
#   and how long a publish takes to show on the instance that made it and on a second one,
#   on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set);
# - with 2,000 people (300 current): the editors' list, the faculty CSV, /people and a search,
#   and /people's requests per second as a share of a page as built;
# - with 10,000 students' grievances: the committee's queue (open, overdue, one category) and a
#   student's own list, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set);
# - the cost of a sign-in (one argon2id hash; sign-ins per second, p50/p99, at concurrency 1 and 2);
# - a teacher's class of 500 students with everything done: the table's API time and bytes, and
#   one poll of the live view, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set);
# - what one account can make the server keep and hold: the database's size after an account
#   tries to save past its budget, and the server's peak memory while 24 full accounts download
#   their data at once (a second server, which allows many registrations from one address);
# - what operating the site costs: the metrics' share of `/` throughput, and a backup of a
#   100 MB database under load (scripts/bench-ops.sh).
# Runs the release binary on loopback with a throwaway database; stops it when done.
# Exits 1 when a page breaks a budget (its bytes, its Lighthouse figures, a notice's requests per
# second below 90% of a page as built): each bench still runs, and the end names what failed.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/college-site
PORT=${BENCH_PORT:-18181}
BASE="http://127.0.0.1:$PORT"
DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-32}

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
# The browser benches and Lighthouse drive Debian's Chromium; `make test` installs only its headless shell.
[ -x /usr/bin/chromium ] || { apt-get update -qq && apt-get install -y -qq chromium; }

tmp=$(mktemp -d)
# Staff sign in in two steps: the benches' staff accounts set it up, sealed with a key of this run.
SECOND_FACTOR_KEY=$(head -c 32 /dev/urandom | base64)
export SECOND_FACTOR_KEY
"$BIN" serve --listen "127.0.0.1:$PORT" --database "sqlite://$tmp/bench.db" --data-dir "$tmp" \
  >"$tmp/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do curl -fs "$BASE/healthz" >/dev/null && break; sleep 0.1; done

# A bench that checks budgets: when it fails, the others still run, and the end says which failed.
over_budget=()
checked() {
  local name=$1
  shift
  "$@" || over_budget+=("$name")
}

echo "== Transfer sizes per route (compressed as served) =="
checked "transfer sizes" node web/scripts/bench-sizes.mjs "$BASE"

echo
echo "== The tutorial's editor: downloads and keystroke-to-result time (Chromium) =="
node web/scripts/bench-editor.mjs "$BASE"

echo
echo "== The tutorial offline and its search: precache, offline largest paint, queries (Chromium) =="
node web/scripts/bench-offline.mjs "$BASE"

echo
echo "== A lesson's load for a signed-in student: requests and bytes (Chromium) =="
node web/scripts/bench-progress.mjs "$BASE"

echo
echo "== A teacher's open class page: a student's pass until it shows (Chromium) =="
OTHER_PORT=$((PORT + 2))
"$BIN" serve --listen "127.0.0.1:$OTHER_PORT" --database "sqlite://$tmp/bench.db" --data-dir "$tmp" \
  >"$tmp/other.log" 2>&1 &
other=$!
trap 'kill $server $other 2>/dev/null; wait $server $other 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$OTHER_PORT/healthz" >/dev/null && break; sleep 0.1; done
node web/scripts/bench-classes-live.mjs "$BASE" "$BIN" "$tmp/bench.db" "http://127.0.0.1:$OTHER_PORT"
kill $other; wait $other 2>/dev/null || true

echo
echo "== An editor's upload of a phone's photo: checked, turned upright, stripped and resized =="
cargo run --quiet --release --locked -p college-site --example upload_bench "$tmp/photo.jpg"

seeded=$(PHOTO="$tmp/photo.jpg" node web/scripts/bench-notices-seed.mjs "$BASE" "$BIN" "$tmp/bench.db" 25)
notice=$(sed -n 1p <<<"$seeded")
photo_notice=$(sed -n 2p <<<"$seeded")
echo
echo "== Lighthouse, mobile preset (simulated slow 4G, 4x slower CPU), every page (Chromium) =="
echo "   (with /notices, a notice, and a notice with that photo; 26 notices published, Home shows 3)"
checked "Lighthouse" env EXTRA_ROUTES="/notices,$notice,$photo_notice,/courses,/courses/bca,/disclosure,/disclosure/annual-accounts,/search?q=ragging" \
  BENCH_SERVER_BIN="$BIN" BENCH_DATABASE="sqlite://$tmp/bench.db" node web/scripts/bench-lighthouse.mjs "$BASE"

asset=$(curl -fs "$BASE/" | grep -o '/assets/[^" ]*\.js' | head -n 1)
echo
echo "== Throughput: wrk, $CONNECTIONS connections, 2 threads, $DURATION (client and server share this machine) =="
echo "   (/react is a page as built; /, /about, /notices and a notice are rendered by the server and kept;"
echo "   25 notices published)"
static_rps=""
for path in /react / /about "$asset" /notices "$notice"; do
  rps=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -H 'Accept-Encoding: br, gzip' "$BASE$path" |
    awk '/Requests\/sec/ {print $2}')
  static_rps=${static_rps:-$rps}
  printf '%-40s %12s requests/s  (%s of /react)\n' "$path" "$rps" "$(awk -v a="$rps" -v b="$static_rps" 'BEGIN { printf "%.0f%%", 100 * a / b }')"
done
# The budget: a notice, rendered by the server and kept, serves at least 90% of a page as built.
if awk -v a="$rps" -v b="$static_rps" 'BEGIN { exit !(a < 0.9 * b) }'; then
  echo "OVER BUDGET: a notice serves $(awk -v a="$rps" -v b="$static_rps" 'BEGIN { printf "%.0f%%", 100 * a / b }') of /react's requests per second (budget: 90%)"
  over_budget+=("notice throughput")
fi

echo
echo "== Sign-in cost (argon2id) =="
cargo run --quiet --release --locked -p college-site --example signin_bench
cargo run --quiet --release --locked -p college-site --example lab_signin_bench

echo
echo "== Downloads: slow readers of one large file =="
cargo run --quiet --release --locked -p college-site --example download_bench

echo
echo "== A teacher's class of 500: the table's API and the live view's poll =="
cargo run --quiet --release --locked -p college-site --example classes_bench

echo
echo "== 5,000 notices with 50,000 revisions: the editors' list, a search and /notices page 1;"
echo "   a publish until visitors see it, on the instance that published and on a second one =="
cargo run --quiet --release --locked -p college-site --example content_bench

echo
echo "== 2,000 people (300 current in 12 departments): the editors' list, the faculty list as CSV,"
echo "   /people (kept, its size, a search) and its requests per second beside a page as built =="
cargo run --quiet --release --locked -p college-site --example people_bench
cargo run --quiet --release --locked -p college-site --example grievances_bench

echo
echo "== One account's weight: database size past the budget, memory during 24 downloads =="
LIMITS_PORT=$((PORT + 1))
"$BIN" serve --listen "127.0.0.1:$LIMITS_PORT" --database "sqlite://$tmp/limits.db" \
  --data-dir "$tmp/limits" --auth-rate-per-minute 10000 \
  --registrations-per-ip-per-day 100000 >"$tmp/limits.log" 2>&1 &
limits_server=$!
trap 'kill $server $limits_server 2>/dev/null; wait $server $limits_server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$LIMITS_PORT/healthz" >/dev/null && break; sleep 0.1; done
node web/scripts/bench-account-limits.mjs "http://127.0.0.1:$LIMITS_PORT" "$limits_server" "$tmp/limits.db"

echo
BENCH_OPS_PORT=$((PORT + 10)) ./scripts/bench-ops.sh

echo
if ((${#over_budget[@]} > 0)); then
  printf 'Over budget: %s\n' "${over_budget[@]}"
  exit 1
fi
echo "Every page within its budgets."

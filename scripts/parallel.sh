#!/usr/bin/env bash
# Runs phases of `make test` side by side, each timed (scripts/timed.sh) into a log of its own,
# and prints each phase's whole log as it ends, so a CI log reads phase by phase with no lines
# interleaved. Fails, once all have ended, when any failed.
# Usage: scripts/parallel.sh NAME COMMAND [NAME COMMAND]...
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A names=()
while [ $# -ge 2 ]; do
  scripts/timed.sh "$1" bash -c "$2" >"$logs/$1.log" 2>&1 &
  names[$!]=$1
  echo "== $1: running beside the others; its log follows when it ends"
  shift 2
done
failed=()
while [ ${#names[@]} -gt 0 ]; do
  wait -n -p ended
  status=$?
  name=${names[$ended]}
  unset "names[$ended]"
  cat "$logs/$name.log"
  [ "$status" -eq 0 ] || failed+=("$name")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "== failed: ${failed[*]}" >&2
  exit 1
fi

#!/usr/bin/env bash
# Runs one phase of `make test` and says how long it took, so that a CI log shows where its
# time goes. Usage: scripts/timed.sh NAME COMMAND...
set -uo pipefail
name=$1
shift
started=$(date +%s)
echo "== $name: started at $(date -u +%H:%M:%S)"
"$@"
status=$?
took=$(($(date +%s) - started))
outcome=done
[ "$status" -eq 0 ] || outcome=FAILED
printf '== %s: %s in %dm %02ds\n' "$name" "$outcome" $((took / 60)) $((took % 60))
exit "$status"

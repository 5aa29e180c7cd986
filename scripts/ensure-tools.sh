#!/usr/bin/env bash
# Checks, before anything slow, that this machine has what `make run` or `make test` needs.
# What can be installed here is installed, with one line saying so: Chromium's headless shell
# (apt-get, as root) and cargo-nextest (cargo install). What cannot (Rust, Node.js, or anything when not
# root) stops the command at once, naming the missing piece and how to install it.
# Usage: scripts/ensure-tools.sh run|test
set -euo pipefail

goal=${1:?usage: scripts/ensure-tools.sh run|test}
# The browser tests drive Debian's build of Chromium's headless shell: the same engine as
# Chromium without its windowing layers, it runs the suite on about two thirds of the CPU time
# the full browser's headless mode takes (the benches' Lighthouse runs keep the full browser).
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}
CHROMIUM_PACKAGE=chromium-headless-shell
NODE_MAJOR_MIN=20

missing() {
  echo "make $goal: $1" >&2
  exit 1
}
have() { command -v "$1" >/dev/null 2>&1; }
can_apt() { [ "$(id -u)" -eq 0 ] && have apt-get; }

have cargo || missing "Rust is missing (no cargo on PATH). Install it with rustup (https://rustup.rs), then run 'make $goal' again."
have node || missing "Node.js is missing. Install Node.js $NODE_MAJOR_MIN or newer with npm (Debian: 'apt-get install nodejs npm'), then run 'make $goal' again."
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge "$NODE_MAJOR_MIN" ] ||
  missing "Node.js $(node --version) is too old: the web app needs Node.js $NODE_MAJOR_MIN or newer."
have npm || missing "npm is missing. Install it with Node.js (Debian: 'apt-get install npm'), then run 'make $goal' again."

[ "$goal" = test ] || exit 0

if [ ! -x "$CHROMIUM" ]; then
  can_apt || missing "Chromium's headless shell is missing at $CHROMIUM; the browser tests drive it. Install it with 'sudo apt-get install $CHROMIUM_PACKAGE' (or set CHROMIUM_PATH to a Chromium), then run 'make test' again."
  echo "make test: installing Chromium's headless shell for the browser tests (apt-get install $CHROMIUM_PACKAGE)"
  log=$(mktemp)
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$CHROMIUM_PACKAGE"; } >"$log" 2>&1; then
    cat "$log" >&2
    missing "installing $CHROMIUM_PACKAGE failed (above)."
  fi
  rm -f "$log"
  [ -x "$CHROMIUM" ] || missing "$CHROMIUM_PACKAGE was installed but is not at $CHROMIUM: set CHROMIUM_PATH to where it is."
fi

if ! have cargo-nextest; then
  echo "make test: installing cargo-nextest, the Rust test runner (cargo install cargo-nextest --locked)"
  cargo install cargo-nextest --locked --quiet ||
    missing "installing cargo-nextest failed (above). Install it with 'cargo install cargo-nextest --locked'."
fi

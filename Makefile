# The two commands of the quick start are `make run` and `make test`; the rest are their parts.

CARGO  ?= cargo
NPM    ?= npm
BIN    := target/release/college-site
# The server's tests and the browser tests share one build of this profile (see Cargo.toml).
TEST_PROFILE := quick-release
TEST_BIN_DIR := $(CURDIR)/target/$(TEST_PROFILE)

.PHONY: run test tools-run tools-test build web web-deps web-built lint clippy build-tests test-rust test-web test-e2e bench clean

# The PostgreSQL tests run against the machine's own server when one answers on the usual
# address (and say they were skipped when none does), unless TEST_DATABASE_URL says otherwise.
ifeq ($(origin TEST_DATABASE_URL),undefined)
  ifeq ($(shell bash -c 'exec 3<>/dev/tcp/127.0.0.1/5432' 2>/dev/null && echo up),up)
    export TEST_DATABASE_URL := postgres://postgres@127.0.0.1:5432/test
  endif
endif

## Build everything and start the site on http://127.0.0.1:8080 (SQLite under ./data), with
## the development OpenID provider on :8081 standing in for Google.
## Two-step sign-in's secrets are sealed with a key made once for this checkout's ./data (a
## deployment sets its own SECOND_FACTOR_KEY; see the README).
run: tools-run build
	@mkdir -p data && [ -s data/second-factor.key ] || \
	  (umask 077 && head -c 32 /dev/urandom | base64 > data/second-factor.key)
	@target/release/dev-oidc --listen 127.0.0.1:8081 & oidc=$$!; \
	trap 'kill $$oidc 2>/dev/null' EXIT INT TERM; \
	OIDC_ISSUER=http://127.0.0.1:8081 GOOGLE_CLIENT_ID=college-site-dev \
	GOOGLE_CLIENT_SECRET=dev-secret SECOND_FACTOR_KEY="$${SECOND_FACTOR_KEY:-$$(cat data/second-factor.key)}" \
	$(BIN) serve

## Every test: formatting, lints, type checks, unit tests, server integration tests (SQLite,
## and PostgreSQL when TEST_DATABASE_URL is set), then browser tests against the same build of
## the server. Each phase says how long it took. The checks, clippy and the one build of the
## server for the tests run side by side: the build leaves one of the two cores idle for much
## of its time (a crate waits for the ones it needs), and clippy, in its own profile, does not
## wait for the build's lock.
test:
	@scripts/timed.sh tools $(MAKE) --no-print-directory tools-test
	@scripts/timed.sh web-build $(MAKE) --no-print-directory web
	@scripts/parallel.sh \
	  checks "$(MAKE) --no-print-directory lint test-web" \
	  clippy "$(MAKE) --no-print-directory clippy" \
	  test-build "$(MAKE) --no-print-directory build-tests"
	@scripts/timed.sh server-tests $(MAKE) --no-print-directory test-rust
	@scripts/timed.sh browser-tests $(MAKE) --no-print-directory test-e2e

## Before anything slow: stop at once when Rust or Node is missing; for the tests, install
## Chromium's headless shell and cargo-nextest when they are missing and this machine allows it.
tools-run:
	@scripts/ensure-tools.sh run

tools-test:
	@scripts/ensure-tools.sh test

build: web
	$(CARGO) build --release --locked

web: web-deps
	cd web && $(NPM) run build

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	@touch $@

lint: web-deps
	$(CARGO) fmt --all --check
	cd web && $(NPM) run typecheck && $(NPM) run lint

test-web: web-deps
	cd web && $(NPM) run test:unit

# The server's code reads the built app (web/dist, embedded). Building the app again would
# change web/dist and make cargo compile the server again, so these build it only when it is
# missing (a target run on its own).
web-built: web-deps
	@[ -f web/dist/index.html ] || $(MAKE) --no-print-directory web

# Clippy reads the code in the default (debug) profile: a check compiles no machine code for
# the dependencies, and the C of SQLite and the TLS crates that their build scripts compile is
# then compiled unoptimised. The benches' examples are checked here too.
clippy: web-built
	$(CARGO) clippy --all-targets --locked -- -D warnings

# The one build for the server's tests and the browser tests. The benches' examples are left
# out (clippy checks them; `make bench` builds them). `--tests` also keeps the features the
# tests' dev-dependencies add to shared crates: a build without it would compile those crates
# and the server a second time.
build-tests: web-built
	$(CARGO) build --locked --profile $(TEST_PROFILE) --bins --tests

# Three tests per core: a test waits on its database, its mail server and its timers much of
# its time (on two cores: 141 s instead of 177 s, with the cores busy).
test-rust: build-tests
	@if [ -z "$$TEST_DATABASE_URL" ]; then \
	  echo "NOTE: no PostgreSQL server answers on 127.0.0.1:5432 and TEST_DATABASE_URL is not set: the PostgreSQL tests will be skipped."; \
	else echo "PostgreSQL tests: $${TEST_DATABASE_URL%%\?*}"; fi
	$(CARGO) nextest run --locked --no-fail-fast --cargo-profile $(TEST_PROFILE) --workspace --lib --bins --tests \
	  --test-threads $$(( $$(nproc) * 3 ))

# The binaries the server's tests built, with the app they embed.
test-e2e: build-tests
	cd web && E2E_BIN_DIR=$(TEST_BIN_DIR) $(NPM) run test:e2e

## Prints the size of every page as served (HTML, JS, CSS, compressed), what the tutorial's
## editor and a signed-in lesson load cost, Lighthouse's mobile figures for every page, the
## throughput of the server for `/` and one hashed asset, the cost of a sign-in, a lab's class
## signing in from one address, memory while 300 slow readers download one 10 MB file, and what
## one account can make the server keep (database size past the budget, memory during downloads).
bench: build
	./scripts/bench.sh

clean:
	$(CARGO) clean
	rm -rf web/dist web/node_modules

# The two commands of the quick start are `make run` and `make test`; the rest are their parts.

CARGO  ?= cargo
NPM    ?= npm
BIN    := target/release/college-site

.PHONY: run test build web web-deps lint test-rust test-web test-e2e bench clean

## Build everything and start the site on http://127.0.0.1:8080 (SQLite under ./data), with
## the development OpenID provider on :8081 standing in for Google.
run: build
	@target/release/dev-oidc --listen 127.0.0.1:8081 & oidc=$$!; \
	trap 'kill $$oidc 2>/dev/null' EXIT INT TERM; \
	OIDC_ISSUER=http://127.0.0.1:8081 GOOGLE_CLIENT_ID=college-site-dev \
	GOOGLE_CLIENT_SECRET=dev-secret $(BIN) serve

## Every test: formatting, lints, type checks, unit tests, server integration tests (SQLite,
## and PostgreSQL when TEST_DATABASE_URL is set), then browser tests against the release binary.
test: lint test-web test-rust test-e2e

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

# The server tests read the built app (web/dist), so the app is built first.
test-rust: web
	$(CARGO) clippy --all-targets --locked -- -D warnings
	@if [ -z "$$TEST_DATABASE_URL" ]; then \
	  echo "NOTE: TEST_DATABASE_URL is not set: the PostgreSQL tests will be skipped."; fi
	$(CARGO) nextest run --locked --no-fail-fast

test-e2e: build
	cd web && $(NPM) run test:e2e

## Prints the size of every page as served (HTML, JS, CSS, compressed), the throughput of
## the server for `/` and one hashed asset, and the cost of a sign-in.
bench: build
	./scripts/bench.sh

clean:
	$(CARGO) clean
	rm -rf web/dist web/node_modules

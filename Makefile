# The two commands: `make run` serves the shop, `make test` runs every test.
# Set CARGO_TARGET_DIR to keep Rust builds outside the clone (CI does).

SHELL := /bin/bash
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
PG_URL ?= postgres://postgres@127.0.0.1:5432
PORT ?= 8080

.PHONY: run test frontend-deps frontend-build backend-release browser-deps invoice-deps \
        lint test-rust test-postgres test-api test-frontend test-e2e api-tools bench clean

run: invoice-deps frontend-build backend-release
	@echo "Starting Mahsoul on http://localhost:$(PORT) (SQLite in data/, demo data seeded)"
	$(TARGET_DIR)/release/mahsoul serve --port $(PORT)

test: frontend-deps browser-deps invoice-deps lint test-rust test-postgres test-api test-frontend test-e2e
	@echo "All test suites passed."

frontend-deps:
	@command -v npm >/dev/null || { echo "npm is required (Node.js 20+)"; exit 1; }
	@if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then \
		cd frontend && npm ci --no-audit --no-fund; fi

frontend-build: frontend-deps
	cd frontend && npm run build

backend-release:
	cargo build --release --bin mahsoul

# Debian's chromium for the browser tests, installed when missing.
browser-deps:
	@if ! command -v chromium >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; fi

# Invoices are set in Debian's Noto fonts (fonts-noto-core); the tests read them back with
# poppler's pdftotext. Both are installed when missing.
invoice-deps:
	@if [ ! -f /usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf ] || ! command -v pdftotext >/dev/null; then \
		echo "Installing the invoice fonts (fonts-noto-core) and poppler-utils"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq fonts-noto-core poppler-utils; fi

# Gates that keep the code uniform: one formatting, no clippy warning, and domain crates free
# of frameworks and adapters.
lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	scripts/check-boundaries

test-rust:
	cargo test --workspace

# The store and API tests again on PostgreSQL, each test on a fresh database: every file of
# crates/store/tests is a store test, so a new one cannot be left to SQLite.
STORE_TESTS := $(foreach test,$(basename $(notdir $(wildcard crates/store/tests/*.rs))),--test $(test))
test-postgres:
	@if scripts/postgres-available "$(PG_URL)"; then \
		scripts/drop-test-databases "$(PG_URL)"; \
		export MAHSOUL_TEST_DATABASE=postgres MAHSOUL_TEST_POSTGRES_URL="$(PG_URL)"; \
		cargo test --workspace $(STORE_TESTS) --test api; \
	else \
		echo ""; \
		echo "################################################################"; \
		echo "#  PostgreSQL is NOT reachable at $(PG_URL)"; \
		echo "#  The PostgreSQL leg of the API tests was SKIPPED."; \
		echo "################################################################"; \
		echo ""; \
	fi

# schemathesis and openapi-spec-validator in a virtualenv of their own, made again when the
# pinned versions change.
API_TOOLS := $(abspath $(TARGET_DIR))/api-tools
api-tools:
	@command -v python3 >/dev/null || { echo "python3 is required for the API checks"; exit 1; }
	@if [ ! -f "$(API_TOOLS)/installed" ] || [ scripts/api/requirements.txt -nt "$(API_TOOLS)/installed" ]; then \
		echo "Installing the API checks (schemathesis, openapi-spec-validator)"; \
		rm -rf "$(API_TOOLS)" && python3 -m venv "$(API_TOOLS)" && \
		"$(API_TOOLS)/bin/pip" install -q --disable-pip-version-check -r scripts/api/requirements.txt && \
		touch "$(API_TOOLS)/installed"; fi

# The API document validated, then the API fuzzed from it as a stranger, a customer and an
# admin (a few minutes; scripts/api/fuzz says what is checked).
test-api: api-tools
	cargo test --workspace --no-run
	scripts/api/fuzz "$(abspath $(TARGET_DIR))/debug/mahsoul" "$(API_TOOLS)"

# The API types are generated from the binary's API document; a stale copy fails here.
test-frontend: frontend-deps
	cargo test --workspace --no-run
	scripts/api-types "$(abspath $(TARGET_DIR))/debug/mahsoul" --check
	cd frontend && npm run typecheck && npm run lint && npm test

# Browser tests (@playwright/test, frontend/playwright.config.ts) against the real binary:
# on SQLite in Arabic and English, and on PostgreSQL too when it is reachable (in Arabic, the
# journeys that write or search through the database). The binary
# comes from the test build (`cargo test --workspace` builds it with the same features; a plain
# `cargo build` would resolve features anew and rebuild half the tree).
test-e2e: frontend-build
	cd frontend && node scripts/js-budget.mjs
	cargo test --workspace --no-run
	@if scripts/postgres-available "$(PG_URL)" && command -v psql >/dev/null; then \
		export E2E_DATABASE_URL="$(PG_URL)"; \
	else \
		echo ""; \
		echo "################################################################"; \
		echo "#  PostgreSQL (or psql) is NOT available at $(PG_URL)"; \
		echo "#  The browser tests run on SQLite only: the PostgreSQL leg was SKIPPED."; \
		echo "################################################################"; \
		echo ""; \
	fi; \
	cd frontend && MAHSOUL_BINARY="$(abspath $(TARGET_DIR))/debug/mahsoul" npx playwright test

clean:
	cargo clean
	rm -rf frontend/dist frontend/node_modules

# Two commands work on a fresh machine: `make run` (the main job) and `make test` (everything).
# `make bench` (or `make bench-quick`) builds its own environment and times bridgescore's peers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test test-fast lint typecheck pytest docs bench bench-quick bench-web bench-hardening bench-held bench-live bench-federation clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

PORT ?= 8000
run: $(STAMP)
	$(BIN)/bridgescore serve --port $(PORT)

# The checks at once (`-j 4`): lint, mypy and the docs build take about a minute together, and
# pytest's browser tests leave a third of two cores idle, so they end within pytest's first
# minutes, long before its timing tests (which want a quiet machine) start.
test:
	$(MAKE) -j 4 --output-sync=target lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Two processes (`-n 2`; pytest-xdist; three were no faster: the machine's two cores are busy, the
# PostgreSQL server's work included), each with a PostgreSQL database of its own
# (tests/conftest.py makes bridgescore_test_gw0 and _gw1 beside the one .ci/run creates), a
# worker that runs out of tests taking another's (`--dist worksteal`: no idle worker behind a long
# whole-night test at the end); then the tests that assert a latency (marked timing), alone. The
# tests start many Python processes (servers, commands): compiled once first, each saves half
# a second of CPU where PYTHONDONTWRITEBYTECODE keeps Python from writing its bytecode.
pytest: $(STAMP)
	$(BIN)/python -m compileall -q src tests
	$(BIN)/pytest -n 2 --dist worksteal -m "not timing" --durations=15
	$(BIN)/pytest -m timing

# The documentation site from docs/ into site/: a broken link or anchor, or a page left out of the
# navigation, fails the build (the examples in the pages run in pytest: tests/house/test_docs.py). The
# build date is the last commit's, so the same commit builds the same site.
docs: $(STAMP)
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || echo 0) $(BIN)/properdocs build --strict --quiet

# The quick loop while working: no browser, no killed processes, no cluster (`-m "not slow"`).
test-fast: $(STAMP)
	$(BIN)/pytest -m "not slow" -x

# `make soak`: only the whole nights (tests/scenarios) with BRIDGESCORE_SOAK=1, about ten minutes.
.PHONY: soak
soak: $(STAMP)
	BRIDGESCORE_SOAK=1 $(BIN)/pytest tests/scenarios --durations=5

# The bench environment: bridgescore with its batch, dask and dd extras, the PyPI peers (each on its own, so one
# that cannot be installed is reported instead of stopping the run) and bridge-scorer from npm.
BENCH_VENV := .venv-bench
BENCH_BIN := $(BENCH_VENV)/bin
BENCH_STAMP := $(BENCH_VENV)/.installed-$(shell cat pyproject.toml benchmarks/requirements.txt | cksum | cut -d' ' -f1)
NODE_STAMP := benchmarks/node/node_modules/.package-lock.json

$(BENCH_STAMP): pyproject.toml benchmarks/requirements.txt
	test -x $(BENCH_BIN)/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_BIN)/python -m pip install --quiet --upgrade pip
	$(BENCH_BIN)/python -m pip install --quiet -e '.[batch,dask,dd,events]'
	for peer in $$(grep -v '^#' benchmarks/requirements.txt); do \
		$(BENCH_BIN)/python -m pip install --quiet "$$peer" \
			|| echo "make bench: could not install $$peer; the benchmark will say so"; \
	done
	rm -f $(BENCH_VENV)/.installed-*
	touch $@

$(NODE_STAMP): benchmarks/node/package.json benchmarks/node/package-lock.json
	if command -v npm >/dev/null; then cd benchmarks/node && npm ci --no-audit --no-fund; \
	else echo "make bench: npm not found; bridge-scorer will be skipped"; fi

# BENCH_ARGS picks parts: `make bench BENCH_ARGS='--parts d'` times only the field scoring (d).
BENCH_ARGS ?=
bench: $(BENCH_STAMP) $(NODE_STAMP)
	$(BENCH_BIN)/python benchmarks/run.py $(BENCH_ARGS)

bench-quick: $(BENCH_STAMP) $(NODE_STAMP)
	$(BENCH_BIN)/python benchmarks/run.py --quick $(BENCH_ARGS)

bench-web: $(STAMP)
	$(BIN)/python benchmarks/web.py

# /health latency while a 5 MB PBN file is uploaded and scored (issue 10: nothing on the loop).
bench-hardening: $(STAMP)
	$(BIN)/python benchmarks/health_during_upload.py

# One address holds 1,000 trickling connections while /health is asked from another (issue 33).
bench-held: $(STAMP)
	$(BIN)/python benchmarks/held_connections.py

# A club evening: 30 tables post 810 results while 100 viewers hold the event stream (issue 13).
# LIVE_ARGS='--db postgresql+psycopg://... --workers 2' runs it on PostgreSQL;
# LIVE_ARGS='--against REV' runs the same evening on an older revision and on this tree in turn.
LIVE_ARGS ?=
bench-live: $(STAMP)
	$(BIN)/python benchmarks/live.py $(LIVE_ARGS)

# A federation's load: 1 and 50 clubs of 15 tables on a throwaway PostgreSQL, at the real
# arrival rate and as fast as they can (issue 21; as root: it runs PostgreSQL as `postgres`).
bench-federation: $(STAMP)
	PYTHON=$(BIN)/python bash benchmarks/federation.sh

clean:
	rm -rf $(VENV) $(BENCH_VENV) site .mypy_cache .ruff_cache .pytest_cache .hypothesis bench-data
	rm -rf benchmarks/node/node_modules

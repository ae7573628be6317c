# Thirteen: the two commands are `make book` and `make test` (see README.md).
# Each creates the virtual environment and installs what it needs by itself.

PYTHON ?= python3
VENV   := .venv
BIN    := $(abspath $(VENV))/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
APP_PORT ?= 8866
export PATH := $(BIN):$(PATH)
export PYDEVD_DISABLE_FILE_VALIDATION := 1

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
STAMP := $(VENV)/.installed
WIDGET_JS := _vendor_static/widgets/.versions
AXE_JS := _vendor_test/axe/.version
HUB_PROXY := _vendor_test/chp/.version


.PHONY: book build serve app test test-python test-book check lint typecheck unit nbval browser chromium venv benchmark soak clean

## make book: build the book (every notebook executed, warnings are errors), then serve it
book: build serve

# The commands of the checks, shared by `make test` and the targets below.
LINT      := $(BIN)/ruff check . && $(BIN)/ruff format --check .
TYPECHECK := $(BIN)/mypy
PYTEST    := $(BIN)/python -m pytest -q
UNIT      := rules_lib tests/unit tests/golden tests/prose
BROWSER   := $(PYTEST) -n 2 --dist loadfile tests/browser

## make test: every check CI runs.  Two chains share the two cores: the Python
## checks (ruff, mypy, unit tests) and the book (build, then nbval); the browser tests
## need the built book and come last.  Each stage prints its time
## (test-output/stages.tsv).
STAGE := $(BIN)/python tools/stage.py
T0 := $(shell date +%s)
test: venv $(WIDGET_JS) $(AXE_JS) $(HUB_PROXY) chromium
	@rm -f test-output/stages.tsv
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-python test-book
	@$(STAGE) "browser tests (static site, JupyterLite, Voila, JupyterHub; Chromium)" -- $(BROWSER)
	@echo "== make test passed in $$(( $$(date +%s) - $(T0) )) s"

test-python: venv
	@$(STAGE) "ruff" -- sh -c '$(LINT)'
	@$(STAGE) "mypy rules_lib" -- $(TYPECHECK)
	@$(STAGE) "pytest: unit tests, doctests, playouts" -- $(PYTEST) rules_lib tests --ignore=tests/browser

## make check: the quick checks while you work: ruff, mypy, the unit tests and
## doctests (no random playouts, no book, no browser)
check: lint typecheck unit

## make lint: ruff, the linter and the formatter's check
lint: venv
	$(LINT)

## make typecheck: mypy (strict) on rules_lib
typecheck: venv
	$(TYPECHECK)

## make unit: unit tests, doctests, the sources' worked examples and the prose checks
## (two processes, as the machine has two cores)
unit: venv
	$(PYTEST) -n 2 $(UNIT)

## make browser: the browser tests alone (after `make build`: they need the built book)
browser: venv $(WIDGET_JS) $(AXE_JS) $(HUB_PROXY) chromium
	$(BROWSER)

test-book: venv $(WIDGET_JS)
	@$(STAGE) "book build" -- $(MAKE) --no-print-directory build
	@$(STAGE) "nbval: every book notebook" -- $(MAKE) --no-print-directory nbval

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

venv: $(STAMP)

$(WIDGET_JS): tools/vendor_widgets.sh tools/local-config.js
	sh tools/vendor_widgets.sh

# axe-core for the browser tests' accessibility check (not part of the book)
$(AXE_JS): tools/vendor_axe.sh
	sh tools/vendor_axe.sh

# configurable-http-proxy, JupyterHub's proxy, for the browser test of deploy/ (not part of the book)
$(HUB_PROXY): tools/vendor_proxy.sh
	sh tools/vendor_proxy.sh

chromium:
	@test -x /usr/bin/chromium || { echo "installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

build: venv $(WIDGET_JS)
	rm -rf _build
	$(BIN)/jupyter-book build . --warningiserror --nitpick --keep-going

serve:
	$(BIN)/python tools/serve.py --host $(HOST) --port $(PORT) _build/html

nbval: venv
	$(BIN)/python tools/nbval_notebooks.py test-output/nbval
	$(BIN)/python -m pytest -q -p tests.nbval_patience --nbval-lax --nbval-current-env test-output/nbval

## make app: the book's apps, live, with Voila on 127.0.0.1 (APP=book/apps/x.ipynb for one).
## Before a class: STUDENTS=30 starts 30 kernels per app ahead of time (CLASS_APPS="tien_len"
## for only some apps) and prints a line when they are warm.
APP ?= book/apps
STUDENTS ?= 0
CLASS_APPS ?=
app: venv
	$(BIN)/python tools/voila_app.py --host $(HOST) --port $(APP_PORT) \
	  --students $(STUDENTS) --class-apps "$(CLASS_APPS)" $(APP)

benchmark: venv chromium
	$(BIN)/python benchmarks/poker_eval.py
	$(BIN)/python benchmarks/arrange_solver.py
	$(BIN)/python benchmarks/strategy_sim.py
	$(BIN)/python benchmarks/tien_len_playouts.py
	$(BIN)/python benchmarks/melder.py
	$(BIN)/python benchmarks/tredici_bots.py
	$(BIN)/python benchmarks/search_bots.py
	$(BIN)/python benchmarks/widget_clicks.py
	$(BIN)/python benchmarks/card_clicks.py
	$(BIN)/python benchmarks/classroom.py
	$(BIN)/python benchmarks/live_in_place.py
	$(MAKE) --no-print-directory soak

## make soak: the random full-game playouts over four times as many games as in make test
PLAYOUT_SCALE ?= 4
soak: venv
	PLAYOUT_SCALE=$(PLAYOUT_SCALE) $(BIN)/python -m pytest -q tests/playouts

clean:
	rm -rf _build test-output .app-data _vendor_static _vendor_lite _vendor_test

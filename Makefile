# make lab    -- create .venv if needed, then open JupyterLab on the first lesson
# make test   -- create .venv if needed, then lint, type-check, unit/property tests, notebooks
# make clean  -- remove .venv and every cache
#
# The venv is (re)installed only when pyproject.toml changes (stamp file .venv/.installed).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# JupyterLab refuses to run as root unless told it may (sessions and CI run as root).
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Notebooks run under nbval in the same pytest run as tests/ (only if there are any).
NOTEBOOKS  := $(wildcard notebooks/*.ipynb)
NBVAL_ARGS := $(if $(NOTEBOOKS),--nbval --nbval-current-env \
	--nbval-sanitize-with tests/nbval_sanitize.cfg notebooks)

.PHONY: venv lab test clean

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[widgets,dev]'
	touch $@

lab: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) --notebook-dir=notebooks notebooks/00_start_here.ipynb

test: $(STAMP)
	bash scripts/ensure-system-deps.sh
	$(BIN)/ruff check liverpool widgets rooms tests benchmarks
	$(BIN)/mypy --strict liverpool widgets/liverpool_widgets rooms/liverpool_rooms
	$(BIN)/pytest -p no:cacheprovider tests $(NBVAL_ARGS)

# make bench [ARGS=--quick]  -- its own venv .venv-bench (the engine plus the comparison
# engines open_spiel and rlcard from PyPI), then benchmarks/run_all.py $(ARGS). A comparison
# package that will not install is reported "unavailable" by the benchmark, not a failure.
BENCH_VENV  := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.installed
ARGS ?=

.PHONY: bench

bench: $(BENCH_STAMP)
	$(BENCH_VENV)/bin/python benchmarks/run_all.py $(ARGS)

$(BENCH_STAMP): pyproject.toml Makefile
	[ -x $(BENCH_VENV)/bin/python ] || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e .
	$(BENCH_VENV)/bin/python -m pip install --quiet open_spiel==2.0.2 \
		|| echo "make bench: open_spiel did not install; its comparison will say unavailable"
	$(BENCH_VENV)/bin/python -m pip install --quiet rlcard==1.2.0 'numpy>=1.24,<2.5' \
		|| echo "make bench: rlcard did not install; its comparison will say unavailable"
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \
		-o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +

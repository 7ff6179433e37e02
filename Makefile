# make lab    -- create .venv if needed, then open JupyterLab on the first lesson
# make test   -- create .venv if needed, then lint, type-check, unit/property tests, notebooks;
#                then the engine's tests again, against the compiled engine (make test-fast)
# make fast   -- the compiled engine (mypyc) in its own venv .venv-fast
# make clean  -- remove the venvs and every cache
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

.PHONY: venv lab test fast test-fast clean

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
	MYPYPATH=tests/browser:tests/rooms $(BIN)/mypy --strict liverpool widgets/liverpool_widgets \
		rooms/liverpool_rooms benchmarks tests/browser/conftest.py  # (benchmarks drive test helpers)
	# The tests are typed too. Three conftest.py files share one module name, so each runs apart.
	MYPYPATH=tests/browser:tests/rooms:benchmarks $(BIN)/mypy --strict tests/*.py \
		$(filter-out tests/browser/conftest.py,$(wildcard tests/browser/*.py))
	MYPYPATH=tests/browser:tests/rooms $(BIN)/mypy --strict tests/rooms
	$(BIN)/pytest -p no:cacheprovider tests $(NBVAL_ARGS)
	$(MAKE) --no-print-directory test-fast

# make fast -- the compiled engine: `LIVERPOOL_COMPILE=1 pip install .` (not editable) into its
# own venv .venv-fast, with pytest, hypothesis and dask beside it (CI=1 makes the dask engine's
# tests fail rather than skip when dask is missing). hatch_build.py compiles the modules
# listed in pyproject.toml with mypyc, from the same source, in a temporary directory: no
# compiled file is ever written into the checkout, and .venv stays an editable install of the
# pure source. Rebuilt only when the engine's sources, pyproject.toml or hatch_build.py change
# (stamp file .venv-fast/.installed); a build takes 2-5 minutes on two cores.
FAST_VENV  := .venv-fast
FAST_STAMP := $(FAST_VENV)/.installed
ENGINE_SRC := $(shell find liverpool -name '*.py' -not -path '*/__pycache__/*')
SHOW_BUILD := import liverpool as lp; \
	print('liverpool', 'compiled' if lp.COMPILED else 'NOT compiled', 'from', lp.solver.__file__)

fast: $(FAST_STAMP)
	@$(FAST_VENV)/bin/python -I -c "$(SHOW_BUILD)"

$(FAST_STAMP): pyproject.toml hatch_build.py $(ENGINE_SRC)
	[ -x $(FAST_VENV)/bin/python ] || $(PYTHON) -m venv $(FAST_VENV)
	$(FAST_VENV)/bin/python -m pip install --quiet --upgrade pip
	LIVERPOOL_COMPILE=1 $(FAST_VENV)/bin/python -m pip install --quiet --force-reinstall \
		--no-deps .
	$(FAST_VENV)/bin/python -m pip install --quiet pytest hypothesis 'dask[distributed]'
	$(FAST_VENV)/bin/python -I -c "$(SHOW_BUILD); assert lp.COMPILED"
	touch $@

# make test-fast -- the engine's unit, property and golden tests against the compiled engine
# (not the notebooks, widgets, lessons, rooms or browser tests: .venv-fast holds the engine
# alone). The test files are the checkout's, `liverpool` is .venv-fast's compiled install:
# pytest runs as .venv-fast/bin/pytest, so the checkout is not on sys.path (pytest adds only
# tests/), and LIVERPOOL_EXPECT_COMPILED=1 makes tests/test_compiled.py fail unless every
# module pyproject.toml lists was imported as a compiled extension from outside the checkout.
# Deselected: the docstring checks of test_melds (VerdictCode's source) and test_api_mistakes
# (the actions' class docstrings), which an extension lacks.
# The test files that need Jupyter or the room server (whatever imports the widgets, ipywidgets or
# the rooms package) are found by name, so a new lesson's tests need no edit here.
FAST_IGNORE := tests/browser tests/rooms \
	$(shell grep -l -E 'liverpool_widgets|ipywidgets|liverpool_rooms' tests/test_*.py)
FAST_DESELECT := tests/test_melds.py::test_each_verdict_code_has_a_one_line_docstring \
	tests/test_api_mistakes.py::test_index_fields_say_what_they_index_and_that_they_count_from_0

test-fast: $(FAST_STAMP)
	@$(FAST_VENV)/bin/python -I -c "$(SHOW_BUILD)"
	LIVERPOOL_EXPECT_COMPILED=1 $(FAST_VENV)/bin/pytest -p no:cacheprovider tests \
		$(addprefix --ignore=,$(FAST_IGNORE)) $(addprefix --deselect=,$(FAST_DESELECT))

# make bench [ARGS=--quick]  -- its own venv .venv-bench (the engine plus the comparison
# engines open_spiel and rlcard from PyPI) and the compiled engine (.venv-fast, see make fast:
# engine_throughput.py plays it in a process of its own), then benchmarks/run_all.py $(ARGS).
# A comparison package that will not install is reported "unavailable" by the benchmark, not a
# failure.
BENCH_VENV  := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.installed
ARGS ?=

.PHONY: bench

bench: $(BENCH_STAMP) $(FAST_STAMP)
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
	rm -rf $(VENV) $(FAST_VENV) $(BENCH_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \
		-o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +

# make site -- the static play site in site/ (scripts/build_site.py): Pyodide's core runtime
# from the npm registry's `pyodide` package (fetched once with `npm pack` into
# ~/.cache/liverpool-site, or LIVERPOOL_SITE_CACHE), this checkout's wheel, the play page and
# the notebook's table.js. Publish site/ on any static host; nothing is fetched from elsewhere.
.PHONY: site

site: $(STAMP)
	$(BIN)/python scripts/build_site.py --out site

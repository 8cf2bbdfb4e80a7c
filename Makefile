# boardlab: `make lab` opens the notebooks, `make test` runs every test.
# Both create or update the local virtual environment .venv from pyproject.toml first.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Rewritten whenever pyproject.toml changes, so a second `make test` skips the install.
STAMP  := $(VENV)/.boardlab-installed

# Jupyter refuses to start as root unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_ARGS   ?=

# nbval must keep all cells of one notebook on one worker: --dist loadfile, never plain -n.
PYTEST_WORKERS ?= 2
PYTEST_ARGS    ?=
PYTEST_XDIST   := $(if $(filter-out 0 1,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS) --dist loadfile,)

.PHONY: lab test bench venv clean distclean help

help:
	@echo "make lab        start JupyterLab on notebooks/index.ipynb"
	@echo "make test       run every test (pytest + notebooks with nbval)"
	@echo "make bench      print engine speed figures (python -m boardlab.bench)"
	@echo "make venv       only create or update $(VENV)"
	@echo "make clean      remove build and cache files (keeps $(VENV))"
	@echo "make distclean  clean, and remove $(VENV) too"

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
	  || { echo "boardlab needs Python 3.11 or newer; $(PYTHON) is `$(PYTHON) --version 2>&1`." \
	       "Run e.g. 'make PYTHON=python3.11 test'." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

lab: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) $(LAB_ARGS) notebooks/index.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env $(PYTEST_XDIST) $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m boardlab.bench

clean:
	rm -rf build dist .pytest_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print \
	  | xargs rm -rf

distclean: clean
	rm -rf $(VENV)

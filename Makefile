# boardlab: `make lab` opens the notebooks, `make test` runs every test.
# Both create or update the local virtual environment .venv from pyproject.toml first:
# `make lab` installs boardlab with what JupyterLab needs, `make test` adds the "test" extra.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Rewritten whenever pyproject.toml changes, so a second `make lab` / `make test` skips the install.
LAB_STAMP  := $(VENV)/.boardlab-installed
TEST_STAMP := $(VENV)/.boardlab-test-installed

# Jupyter refuses to start as root unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_ARGS   ?=
# `make app GAME=whitecastle`: that game's app (notebooks/apps/<game>.ipynb) served by Voila.
APP_GAMES  := whitecastle fivetribes alea elgrande
GAME       ?= whitecastle
VOILA_ARGS ?=

# The git filter that keeps notebooks as committed: it strips outputs, execution counts and the
# language_info a kernel writes (it holds the local Python version). The kernelspec stays (without
# it JupyterLab asks for a kernel each time a notebook opens); notebooks are committed with the
# one Lab writes, python3 "Python 3 (ipykernel)", which a test checks.
# tests/notebooks/test_notebooks_clean.py reads this line.
NBSTRIPOUT_ARGS := --keep-id --extra-keys metadata.language_info

# Each test file stays on one worker (--dist loadfile): nbval runs a notebook's cells in one kernel.
PYTEST_WORKERS ?= 2
PYTEST_ARGS    ?=
PYTEST_XDIST   := $(if $(filter-out 0 1,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS) --dist loadfile,)

.PHONY: lab app test book bench venv system-lab system-test strip-outputs clean distclean help

help:
	@echo "make lab            start JupyterLab on notebooks/index.ipynb"
	@echo "make app GAME=...   serve one game's app with Voila (GAME: $(APP_GAMES))"
	@echo "make test           run every test (pytest, and every notebook top to bottom)"
	@echo "make book           render every notebook, executed, into a static site in build/book"
	@echo "make bench          print engine speed figures (python -m boardlab.bench)"
	@echo "make venv           only create or update $(VENV) (what make lab needs)"
	@echo "make strip-outputs  set up the git filter that keeps notebook outputs out of commits"
	@echo "make clean          remove build and cache files (keeps $(VENV))"
	@echo "make distclean      clean, and remove $(VENV) too"

venv: $(LAB_STAMP)

# System packages (scripts/setup-system.sh): installed with apt-get where root or sudo allows,
# otherwise one line says what is missing and what to do.
system-lab:
	@PYTHON=$(PYTHON) scripts/setup-system.sh lab

system-test:
	@PYTHON=$(PYTHON) scripts/setup-system.sh test

define check_python
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
	  || { echo "boardlab needs Python 3.11 or newer; $(PYTHON) is `$(PYTHON) --version 2>&1`." \
	       "Run e.g. 'make PYTHON=python3.11 test'." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
endef

$(LAB_STAMP): pyproject.toml
	$(check_python)
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml
	$(check_python)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(LAB_STAMP)

# Lab autosaves outputs into the notebooks; this git filter strips them from what is staged and
# committed (the file on disk keeps them), so a Lab session never dirties a commit or `git status`.
# The command is relative: git runs it from the top of whichever work tree is in use.
strip-outputs: $(LAB_STAMP)
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	  git config filter.nbstripout.clean '$(BIN)/nbstripout $(NBSTRIPOUT_ARGS)' && \
	  git config filter.nbstripout.smudge cat && \
	  git config diff.ipynb.textconv '$(BIN)/nbstripout -t $(NBSTRIPOUT_ARGS)' && \
	  echo "git filter nbstripout set: notebook outputs stay out of commits (.gitattributes)"; \
	fi

lab: system-lab $(LAB_STAMP) strip-outputs
	$(BIN)/jupyter lab $(ALLOW_ROOT) --config=scripts/jupyter_lab_config.py --ServerApp.root_dir=notebooks \
	  --LabApp.default_url=/lab/tree/index.ipynb $(LAB_ARGS)

# Voila runs the app in a kernel whose folder is notebooks/apps: saved records go to notebooks/apps/records.
app: $(LAB_STAMP)
	@case " $(APP_GAMES) " in *" $(GAME) "*) ;; *) \
	  echo "no app for GAME=$(GAME); choose one of: $(APP_GAMES)" >&2; exit 2;; esac
	$(BIN)/voila notebooks/apps/$(GAME).ipynb $(VOILA_ARGS)

test: system-test $(TEST_STAMP)
	$(BIN)/python -m pytest $(PYTEST_XDIST) $(PYTEST_ARGS)

# A static site of every lesson, executed, with its figures and tables (scripts/book.py):
# build/book/index.html is the front page. BOOK_ARGS="--only whitecastle/01" renders a part.
book: $(LAB_STAMP)
	$(BIN)/python scripts/book.py --out build/book $(BOOK_ARGS)

bench: $(LAB_STAMP)
	$(BIN)/python -m boardlab.bench

clean:
	rm -rf build dist .pytest_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print \
	  | xargs rm -rf

distclean: clean
	rm -rf $(VENV)

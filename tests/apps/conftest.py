"""Fixtures of the app tests: every game's name, the language put back after each test, and for
the browser tests a Voila server plus headless Chromium (recipe section 3 of jupyter-recipes.md;
the helpers are those of tests/notebooks/conftest.py)."""

import os
import shutil
import sys
from pathlib import Path

import pytest

from boardlab.core import glossary
from tests.notebooks.conftest import _free_port, chromium, headless_chromium, loopback_page, serve  # noqa: F401 (fixtures)

GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")


@pytest.fixture(autouse=True)
def _english_again():
    """The language switch is process-wide: a test that switches to Korean must not leak it."""
    yield
    glossary.use_language("en")


@pytest.fixture(params=GAMES)
def game_name(request) -> str:
    return request.param


# -- the real front end ------------------------------------------------------------------------

def _voila_command() -> list[str]:
    """``voila`` from the environment running the tests (.venv/bin/voila under make test)."""
    script = Path(sys.executable).with_name("voila")
    return [str(script)] if script.exists() else [sys.executable, "-m", "voila"]


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory, repo_root, chromium):
    """Voila on a free loopback port serving a copy of notebooks/apps (records are saved in the copy).

    Yields ``(base_url, work_dir)``; each page load runs its notebook in a new kernel."""
    root = tmp_path_factory.mktemp("voila")
    work = root / "apps"
    shutil.copytree(repo_root / "notebooks" / "apps", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "records"))
    port = _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / "config"), "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
           "IPYTHONDIR": str(root / "ipython")}
    env.pop("MPLBACKEND", None)
    command = _voila_command() + ["--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
                                  f"--Voila.root_dir={work}"]
    # any answer will do: a 404 on the folder means the server is up
    with serve(command, env, work, root / "voila.log", port, "/voila/static/", "voila", any_reply=True) as base:
        yield base, work


@pytest.fixture
def app_page(headless_chromium):
    yield from loopback_page(headless_chromium)

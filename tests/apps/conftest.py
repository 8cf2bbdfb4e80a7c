"""Fixtures of the app tests: every game's name, the language put back after each test, and for
the browser tests a Voila server plus headless Chromium (recipe section 3 of jupyter-recipes.md;
the helpers are those of tests/notebooks/conftest.py)."""

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from boardlab.core import glossary
from tests.notebooks.conftest import CHROMIUM_ARGS, NOT_LOOPBACK, SERVER_START_TIMEOUT, _free_port, chromium  # noqa: F401 (fixture)

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
    log_path = root / "voila.log"
    log = open(log_path, "wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=work)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"voila exited with {server.returncode}:\n{log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{base}/voila/static/", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # it answers (404 on the folder): the server is up
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"voila did not answer within {SERVER_START_TIMEOUT} s:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.2)
        yield base, work
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)
        log.close()


@pytest.fixture(scope="session")
def app_browser(chromium, sync_pw):
    browser = sync_pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def app_page(app_browser):
    """A fresh page that can reach only the loopback server."""
    context = app_browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.route(NOT_LOOPBACK, lambda route: route.abort())
    try:
        yield page
    finally:
        context.close()

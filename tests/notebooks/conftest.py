"""Fixtures for the notebook tests: a JupyterLab server and a headless Chromium driven by Playwright.

Measured on this project's machine:

* the server runs from the project's environment (the ``jupyter`` beside this Python), as root only
  with ``--allow-root``, on a free loopback port, with a throwaway ``JUPYTER_CONFIG_DIR`` whose
  page config switches the news announcements off (their toast covers the page);
* the notebooks are copied into a temporary work folder, so browser autosave never touches the repo;
* Chromium is Debian's (``/usr/bin/chromium``): never ``playwright install``; every request that
  is not to the loopback server is aborted, so nothing waits on the network.

The fixture names avoid pytest-playwright's (``browser``, ``page``, ...), whose plugin is installed
with the test extra: these tests manage their own browser.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NOT_LOOPBACK = re.compile(r"^(?!(https?|wss?)://(127\.0\.0\.1|localhost)[:/]).+")
SERVER_START_TIMEOUT = 90  # seconds; ~2.5 s on an idle machine


def chromium_path() -> str | None:
    """Debian's chromium, if this machine has it."""
    found = shutil.which("chromium")
    if found:
        return found
    return CHROMIUM if os.path.exists(CHROMIUM) else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _jupyter_command() -> list[str]:
    """``jupyter lab`` from the environment running the tests (.venv/bin/jupyter under make test)."""
    script = Path(sys.executable).with_name("jupyter")
    return [str(script), "lab"] if script.exists() else [sys.executable, "-m", "jupyterlab"]


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's chromium. Browser tests are skipped at collection on a machine without it (never
    in CI, tests/conftest.py); a test that gets here without one fails rather than skips."""
    path = chromium_path()
    if path is None:
        pytest.fail("Debian's chromium is not installed: run scripts/setup-system.sh test as root (make test does)")
    return path


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory, repo_root, chromium):
    """A fresh JupyterLab on a free port serving a copy of notebooks/ (one per test session).

    Yields ``(base_url, token, work_dir)``; the server log is in ``work_dir.parent / "lab.log"``.
    """
    root = tmp_path_factory.mktemp("lab")
    work = root / "work"
    shutil.copytree(repo_root / "notebooks", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    with jupyter_lab(work, root) as (base, token):
        yield base, token, work


@contextmanager
def jupyter_lab(work: Path, root: Path, extra: Sequence[str] = ()):
    """JupyterLab serving ``work`` on a free loopback port, its settings, runtime files and log
    (``root / "lab.log"``) in ``root``, with ``extra`` arguments; yields ``(base_url, token)``."""
    cfg, runtime, ipython, workspaces = (root / d for d in ("config", "runtime", "ipython", "ws"))
    (cfg / "labconfig").mkdir(parents=True)
    (cfg / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(cfg), "JUPYTER_RUNTIME_DIR": str(runtime),
           "IPYTHONDIR": str(ipython)}
    env.pop("MPLBACKEND", None)  # the suite sets Agg; a reader's Lab uses the inline backend
    command = _jupyter_command() + [
        "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
        "--LabApp.expose_app_in_browser=True", f"--LabApp.workspaces_dir={workspaces}",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra]
    with serve(command, env, work, root / "lab.log", port, f"/api/status?token={token}", "jupyter lab") as base:
        yield base, token


def _answers(url: str, any_reply: bool = False) -> bool:
    """Whether a server answers ``url`` with 200 (or, with ``any_reply``, with any HTTP status)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status == 200 or any_reply
    except urllib.error.HTTPError:
        return any_reply
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@contextmanager
def serve(command: list[str], env: dict, cwd: Path, log_path: Path, port: int, ready_path: str, name: str,
          any_reply: bool = False):
    """Run ``command`` (a local server on ``port``, output to ``log_path``) until it answers
    ``ready_path`` (see ``_answers``) and yield the base URL; the server is stopped afterwards,
    killed if it does not stop."""
    log = open(log_path, "wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _answers(base + ready_path, any_reply):
            if server.poll() is not None:
                raise RuntimeError(f"{name} exited with {server.returncode}:\n{log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not answer within {SERVER_START_TIMEOUT} s:\n"
                                   f"{log_path.read_text()[-3000:]}")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)
        log.close()


@pytest.fixture(scope="session")
def headless_chromium(chromium, sync_pw):
    """Headless Debian Chromium through Playwright's sync API (one per test session, shared by the
    notebook and the app browser tests)."""
    browser = sync_pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


def loopback_page(browser):
    """A fresh page (own context) that can reach only the loopback server; closed afterwards."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.route(NOT_LOOPBACK, lambda route: route.abort())
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def lab_page(headless_chromium):
    yield from loopback_page(headless_chromium)

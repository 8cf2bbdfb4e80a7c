"""A JupyterLab session leaves `git status` clean: a notebook opened, run and saved in the browser
keeps its outputs on disk, the nbstripout filter that `make strip-outputs` (and `make lab`) sets up
strips them, the execution counts and the kernel's metadata from what git sees, and Lab's save hook
(scripts/jupyter_lab_config.py) lets git's index catch up with the file's new size.

All of it happens in a temporary clone of this checkout, so the test never touches the work tree.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.notebooks.conftest import jupyter_lab, loopback_page
from tests.notebooks.test_browser import ALL_CELLS_RAN, ERRORS, WAIT_SESSION, _screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "alea/01-where-can-my-roll-go.ipynb"


def _git(clone: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=clone, capture_output=True, text=True, check=True, timeout=120).stdout


def test_a_lab_session_leaves_git_status_clean(repo_root, headless_chromium, tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(repo_root), str(clone)], check=True, timeout=300)
    # a fresh checkout's files are "racily clean" (as new as the index): git would pass every notebook
    # through the filter to compare; one status a second later, before the filter exists, settles the index
    time.sleep(1.1)
    assert _git(clone, "status", "--porcelain") == ""
    # the Makefile's own target, with this environment's tools (-o: never rebuild the venv here)
    venv = Path(sys.executable).parent.parent
    stamp = venv / ".boardlab-installed"
    subprocess.run(["make", "-s", "strip-outputs", f"VENV={venv}", "-o", str(stamp)], cwd=clone, check=True,
                   timeout=120, capture_output=True)
    assert _git(clone, "status", "--porcelain") == ""

    # started as `make lab` starts it: with the project's Lab settings (the index refresh after a save)
    settings = f"--config={clone / 'scripts' / 'jupyter_lab_config.py'}"
    with jupyter_lab(clone / "notebooks", tmp_path, [settings]) as (base, token):
        for page in loopback_page(headless_chromium):
            page.goto(f"{base}/lab/tree/{NOTEBOOK}?reset&token={token}", wait_until="domcontentloaded")
            page.wait_for_function(WAIT_SESSION, timeout=120_000)
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.click("li[data-command='runmenu:run-all']")
            page.wait_for_function(ALL_CELLS_RAN, timeout=300_000, polling=1000)
            assert page.evaluate(ERRORS) == []
            page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
            page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                                   timeout=30_000)
            _screenshot(page, tmp_path, "lab-git-status.png")

    saved = json.loads((clone / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    assert any(cell.get("outputs") for cell in saved["cells"]), "the session saved no outputs: nothing was tested"
    assert saved["metadata"].get("language_info", {}).get("version"), "Lab wrote no language_info: nothing to strip"
    assert _git(clone, "status", "--porcelain") == ""
    assert _git(clone, "diff", "HEAD", "--stat") == ""

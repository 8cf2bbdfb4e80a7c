"""Settings shared by the whole test suite, including the kernels that run the notebooks."""

import os
import shutil
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

# Figures are drawn off screen, in this process and in the kernels the notebook runs start (they
# inherit the environment).
os.environ.setdefault("MPLBACKEND", "Agg")

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout being tested (the folder holding pyproject.toml)."""
    return REPO_ROOT


def pytest_collection_modifyitems(config, items):
    """Skip `browser` tests on a developer machine without Debian's chromium.

    In CI (CI=true) they are never skipped: .ci/run installs chromium, and a missing browser
    there must fail rather than hide behind a skip.
    """
    if os.environ.get("CI") or shutil.which(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} not found: apt-get install chromium (see .ci/run)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def sync_pw():
    """The test session's one Playwright (sync API). A second ``sync_playwright()`` started while
    the first is open fails ("Sync API inside the asyncio loop"), which happened whenever xdist put
    the notebook and the app browser tests on the same worker: both browsers come from this one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw

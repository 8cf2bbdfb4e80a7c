"""Settings shared by the tests in tests/ (conftest.py at the top holds what the notebooks share too)."""

import os
import shutil
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout being tested (the folder holding pyproject.toml)."""
    return REPO_ROOT


def pytest_collection_modifyitems(config, items):
    """Skip `browser` tests on a developer machine without Debian's chromium.

    scripts/setup-system.sh (run by make test and .ci/run) installs it where root or sudo allows,
    and otherwise says so. In CI (CI=true) they are never skipped: a missing browser there must
    fail rather than hide behind a skip.
    """
    if os.environ.get("CI") or shutil.which(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} not found: run 'sudo scripts/setup-system.sh test' "
                            "(or 'sudo apt-get install chromium')")
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

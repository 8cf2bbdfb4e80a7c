"""Notebook 01 in a real JupyterLab, driven by headless Chromium (the recipe and fixtures of
tests/notebooks: Debian's chromium, a loopback-only server on a copy of the notebooks)."""

import time

import pytest

from tests.notebooks.conftest import chromium, lab_browser, lab_page, lab_server  # noqa: F401 (fixtures)
from tests.notebooks.test_browser import ALL_CELLS_RAN, ERRORS, WAIT_SESSION, _screenshot

pytestmark = pytest.mark.browser

NOTEBOOK = "alea/01-where-can-my-roll-go.ipynb"


def test_alea_notebook_01_runs_in_lab_and_the_roll_widget_answers(lab_server, lab_page, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    base, token, _ = lab_server
    page = lab_page
    start = time.monotonic()
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}", wait_until="domcontentloaded")
    page.wait_for_function(WAIT_SESSION, timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.click("li[data-command='runmenu:run-all']")

    summary = page.locator(".widget-html-content", has_text="can go to")
    expect(summary).to_contain_text("1 2 3 3 3 5 6 6", timeout=120_000)
    expect(summary).to_contain_text("Templum, Senatus, Castrum, Forum")
    page.wait_for_function(ALL_CELLS_RAN, timeout=120_000)
    assert page.evaluate(ERRORS) == [], "the notebook raised in the browser's kernel"

    # A reader types a new roll: three 6s with 3 players (no Templum: seed point 2).
    box = page.locator(".widget-text input").first
    box.scroll_into_view_if_needed()
    page.locator(".widget-toggle-buttons button", has_text="3").first.click()
    box.fill("6 6 6")
    box.press("Enter")
    expect(summary).to_contain_text("6 6 6 (3 dice, 3 players)", timeout=30_000)
    expect(summary).to_contain_text("can go to: Senatus, Castrum, Forum")
    table = page.locator(".widget-output table").first
    expect(table.locator("tr", has_text="Castrum")).to_contain_text("6 | 6 6 | 6 6 6")
    shot = _screenshot(page, tmp_path, "lab-alea-01-666.png")
    assert shot.stat().st_size > 10_000
    print(f"browser test: {time.monotonic() - start:.1f} s from page open; screenshots in {tmp_path}")

"""The real front end of a "What would a strong player do here?" notebook: White Castle 07 in
JupyterLab, in headless Chromium. It runs top to bottom in a real kernel; the advisor widget
renders its table and plot; moving the budget slider and picking another position in the page
reach the Python callback and change what the reader sees. Fixtures and waits as in
test_browser.py (tests/notebooks/conftest.py; recipe §3)."""

from __future__ import annotations

import pytest

from tests.notebooks.test_browser import _open_and_run, _screenshot

# The kernel has answered everything sent so far.
KERNEL_IDLE = """() => {
  const w = window.jupyterapp.shell.currentWidget, s = w && w.sessionContext && w.sessionContext.session;
  return !!(s && s.kernel && s.kernel.status === 'idle');
}"""

pytestmark = pytest.mark.browser

NOTEBOOK = "whitecastle/07-what-would-a-strong-player-do.ipynb"


def test_the_advisor_widget_follows_its_budget_and_position_in_lab(lab_server, lab_page, tmp_path):
    from playwright.sync_api import expect

    base, token, _ = lab_server
    page = lab_page
    _open_and_run(page, base, token, NOTEBOOK)
    summary = page.locator(".widget-html-content", has_text="best for player").first
    expect(summary).to_contain_text("At budget 200, best for player 0", timeout=60_000)
    slider = page.locator(".widget-slider", has_text="advisor budget").first
    slider.scroll_into_view_if_needed()
    readout = slider.locator(".widget-readout")
    expect(readout).to_have_text("200")
    live = page.locator(".boardlab-live").filter(has=page.locator("img")).first
    picture = live.locator("img").first
    before = picture.get_attribute("src")
    expect(live.locator("table").first).to_contain_text("take coral 1 (left end)")
    _screenshot(page, tmp_path, "lab-wc07-budget-200.png")

    handle = slider.locator(".noUi-handle")
    handle.click()
    for _ in range(5):                       # 200 -> 300 in steps of 20, as a reader would
        handle.press("ArrowRight")
    expect(readout).to_have_text("300")
    expect(summary).to_contain_text("At budget 300,", timeout=60_000)   # every step's answer has arrived
    expect(picture).not_to_have_attribute("src", before)
    after_budget = picture.get_attribute("src")

    # Known issue (see the report of branch advise-nb): under load, a position picked while the
    # kernel was still busy with the slider's answers was not applied in some runs; pick it once
    # the kernel is idle, as this test checks the path from the page to the kernel.
    page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=250)
    page.wait_for_timeout(500)
    page.locator(".widget-dropdown select").first.select_option(
        label="the seed's example: the coral 5 in hand, where to place it")
    expect(live.locator("table").first).to_contain_text("place on castle floor 1 room A", timeout=60_000)
    expect(picture).not_to_have_attribute("src", after_budget, timeout=60_000)
    live.scroll_into_view_if_needed()
    shot = _screenshot(page, tmp_path, "lab-wc07-coral-5-placed.png")
    assert shot.stat().st_size > 10_000

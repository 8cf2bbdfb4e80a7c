"""The real front end: notebook 01 in JupyterLab, in headless Chromium.

What plain pytest cannot see: that the widget JavaScript loads, the notebook runs top to bottom
in a real kernel behind a real Lab, the widgets render, and moving a slider in the page reaches
the Python callback and changes what the reader sees. Skips cleanly where Debian's chromium is
missing (tests/notebooks/conftest.py); ``.ci/run`` installs it.

Robustness (recipe §3, two flakes measured there): wait on the session with the synchronous
``WAIT_SESSION`` predicate, which includes "Run All" being enabled, never on the status bar; and
scroll a slider into view before touching it.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "whitecastle/01-dice-cost-vs-lantern.ipynb"

# SYNC predicate: an async one returns a Promise, which wait_for_function takes as truthy at once.
WAIT_SESSION = """() => {
  const app = window.jupyterapp, w = app && app.shell.currentWidget, sc = w && w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return !!(w && w.context && w.context.isReady && sc.isReady && k && k.connectionStatus === 'connected'
            && k.status === 'idle' && app.commands.isEnabled('runmenu:run-all'));
}"""

# Every code cell has run (an execution count) and the kernel is idle again.
ALL_CELLS_RAN = """() => {
  const w = window.jupyterapp.shell.currentWidget, s = w && w.sessionContext && w.sessionContext.session;
  if (!s || !s.kernel || !w.content || !w.content.model) return false;
  const cells = Array.from(w.content.model.cells);
  return s.kernel.status === 'idle' && cells.every(c => c.type !== 'code' || c.executionCount);
}"""

# Error outputs anywhere in the notebook, read from the model (cells scrolled out of view may not
# be in the DOM).
ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget, found = [];
  Array.from(w.content.model.cells).forEach((c, i) => {
    if (c.type !== 'code') return;
    for (const o of c.outputs.toJSON()) if (o.output_type === 'error') found.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
  });
  return found;
}"""


def _screenshot(page, tmp_path: Path, name: str) -> Path:
    """Keep a screenshot in the test's tmp folder (and in $BOARDLAB_SCREENSHOTS if set)."""
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=False)
    target = os.environ.get("BOARDLAB_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / name)
    return path


def test_notebook_01_runs_in_lab_and_the_space_slider_updates_the_picks(lab_server, lab_page, tmp_path):
    from playwright.sync_api import expect

    base, token, _ = lab_server
    page = lab_page
    start = time.monotonic()
    page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}", wait_until="domcontentloaded")
    page.wait_for_function(WAIT_SESSION, timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()  # the top menu "Run"
    page.click("li[data-command='runmenu:run-all']")               # "Run All Cells"

    # The explorer renders from the kernel: its summary names the best pick of the start position.
    summary = page.locator(".widget-html-content", has_text="Best pick")
    expect(summary).to_contain_text("take black 6 (right end)", timeout=120_000)
    expect(summary).to_contain_text("worth +3 coins")
    page.wait_for_function(ALL_CELLS_RAN, timeout=120_000)
    assert page.evaluate(ERRORS) == [], "the notebook raised in the browser's kernel"

    slider = page.locator(".widget-slider", has_text="space value").first
    slider.scroll_into_view_if_needed()
    readout = slider.locator(".widget-readout")
    expect(readout).to_have_text("3 · floor 1")
    picture = page.locator(".boardlab-live img").first
    picture.wait_for(timeout=30_000)
    before = picture.get_attribute("src")
    table = page.locator(".boardlab-live table").first
    coral_right_coins = table.locator("tr", has_text="take coral 5 (right end)").locator("td").nth(1)
    expect(coral_right_coins).to_have_text("+2")
    _screenshot(page, tmp_path, "lab-01-space-3.png")

    # Two steps right on the keyboard: value 3 -> 4 -> 5, as a reader would do.
    handle = slider.locator(".noUi-handle")
    handle.click()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    expect(readout).to_have_text("5 · outside")

    # Seed rule: against a value of 5 every pick's coins drop by 2; the 5 now moves no coins and
    # the best pick (black 6, right end) earns +1.
    expect(summary).to_contain_text("worth +1 coins", timeout=30_000)
    expect(coral_right_coins).to_have_text("0")
    expect(picture).not_to_have_attribute("src", before)
    picture.scroll_into_view_if_needed()
    shot = _screenshot(page, tmp_path, "lab-01-space-5.png")
    assert shot.stat().st_size > 10_000
    print(f"browser test: {time.monotonic() - start:.1f} s from page open; screenshots in {tmp_path}")


def _open_and_run(page, base, token, notebook):
    # ?reset: a fresh workspace, so tabs restored from an earlier test never become the current one
    page.goto(f"{base}/lab/tree/{notebook}?reset&token={token}", wait_until="domcontentloaded")
    page.wait_for_function(WAIT_SESSION, timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.click("li[data-command='runmenu:run-all']")
    page.wait_for_function(ALL_CELLS_RAN, timeout=300_000, polling=1000)
    assert page.evaluate(ERRORS) == [], f"{notebook} raised in the browser's kernel"


def test_notebook_03_warrior_slider_is_wide_and_drags_by_mouse(lab_server, lab_page, tmp_path):
    """Issue 8: 03's warrior and courtier sliders were 2-38 px wide and could not be dragged."""
    from playwright.sync_api import expect

    base, token, _ = lab_server
    page = lab_page
    _open_and_run(page, base, token, "whitecastle/03-climbing-the-court.ipynb")
    slider = page.locator(".widget-slider", has_text="warriors in the 5-iron yard").first
    slider.scroll_into_view_if_needed()
    track = slider.locator(".noUi-target")
    box = track.bounding_box()
    assert box["width"] >= 200, f"the slider track is {box['width']:.0f} px wide"
    for label in ("warriors in the 3-iron yard", "courtiers: floor 1", "courtiers: floor 3"):
        assert page.locator(".widget-slider", has_text=label).first.locator(".noUi-target").bounding_box()["width"] >= 200
    readout = slider.locator(".widget-readout")
    expect(readout).to_have_text("2")
    summary = page.locator(".widget-html-content", has_text="Warriors:").first
    expect(summary).to_contain_text("warrior value 4 ")     # 2 warriors of value 2
    handle = slider.locator(".noUi-handle").bounding_box()
    page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 1, box["y"] + box["height"] / 2, steps=10)
    page.mouse.up()
    expect(readout).to_have_text("5")
    # the callback follows the drag: 5 warriors of value 2 (no courtier inside yet, so still 0 points)
    expect(summary).to_contain_text("warrior value 10 ")
    expect(summary).to_contain_text("Warriors: 0 points")
    _screenshot(page, tmp_path, "lab-03-warriors-dragged.png")


def test_notebook_01_in_korean_shows_the_seeds_terms(lab_server, lab_page, tmp_path):
    """Issue 7 of the teaching layer: LANGUAGE = "ko" in the parameter cell labels widgets in Korean."""
    import json

    from playwright.sync_api import expect

    base, token, work = lab_server
    korean = work / "whitecastle" / "01-dice-cost-vs-lantern-ko.ipynb"
    nb = json.loads((work / NOTEBOOK).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell["source"] = [line.replace('LANGUAGE = "en"', 'LANGUAGE = "ko"') for line in cell["source"]]
    korean.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    page = lab_page
    _open_and_run(page, base, token, "whitecastle/01-dice-cost-vs-lantern-ko.ipynb")
    slider = page.locator(".widget-slider", has_text="칸의 기준값").first
    slider.scroll_into_view_if_needed()
    expect(slider.locator(".widget-readout")).to_have_text("3 · 1층")
    expect(page.locator(".widget-label", has_text="가진 동전").first).to_be_visible()
    shot = _screenshot(page, tmp_path, "lab-01-korean.png")
    assert shot.stat().st_size > 10_000

"""Each game's board picture in headless Chromium at 1280 px (issue 26, point 2): drawn at 2 and
at the most players, in the middle of a random game, in English and in Korean. Checked by what
the browser lays out, never by pixels: the picture fits the page without a scroll bar, and no
text runs outside the picture or is drawn under 11 px. Screenshots are kept in the test's folder (and in
$BOARDLAB_SCREENSHOTS when set)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from boardlab.core import glossary
from boardlab.core.svgpic import MIN_FONT
from tests.test_board_pictures import GAMES, draw, player_counts, states

pytestmark = pytest.mark.browser

#: every text's rendered box and size, and the picture's, as the browser lays them out
MEASURE = """() => {
  const svg = document.querySelector('svg');
  const box = svg.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            px: parseFloat(getComputedStyle(t).fontSize) * scale};
  });
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          scroll: document.documentElement.scrollWidth, texts};
}"""


def _page(headless_chromium):
    context = headless_chromium.new_context(viewport={"width": 1280, "height": 900})
    return context, context.new_page()


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("name", GAMES)
def test_the_board_fits_1280_px_and_every_text_is_inside_and_readable(name, language, headless_chromium, tmp_path):
    context, page = _page(headless_chromium)
    glossary.use_language(language)
    try:
        for players in player_counts(name):
            state = states(name, players)[1]
            page.set_content(f"<html><body style='margin:8px'>{draw(state)}</body></html>")
            seen = page.evaluate(MEASURE)
            where = f"{name} at {players} players ({language})"
            assert seen["scroll"] <= 1280, f"{where}: the page scrolls sideways ({seen['scroll']} px)"
            box = seen["box"]
            outside = [t["text"] for t in seen["texts"] if t["left"] < box["left"] - 1 or t["right"] > box["right"] + 1
                       or t["top"] < box["top"] - 1 or t["bottom"] > box["bottom"] + 1]
            assert not outside, f"{where}: texts run outside the picture: {outside[:5]}"
            small = [(t["text"], round(t["px"], 1)) for t in seen["texts"] if t["px"] < MIN_FONT - 0.01]
            assert not small, f"{where}: texts under {MIN_FONT} px: {small[:5]}"
            shot = tmp_path / f"board-{name}-{players}p-{language}.png"
            page.screenshot(path=str(shot), full_page=True)
            target = os.environ.get("BOARDLAB_SCREENSHOTS")
            if target:
                Path(target).mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, Path(target) / shot.name)
    finally:
        glossary.use_language("en")
        context.close()

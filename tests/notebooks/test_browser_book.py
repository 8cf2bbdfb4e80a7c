"""The lesson book in a browser: `make book`'s script builds the index and one lesson per game
(the whole book takes as long as the notebooks' own run); a plain static file server on loopback
serves the folder, as any web host would, and headless Chromium reads it. Screenshots are kept
(see _screenshot)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.notebooks.conftest import _free_port, loopback_page, serve
from tests.notebooks.test_browser import _screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = {  # one lesson per game: (page, its title, what its first widget view says)
    "whitecastle": ("whitecastle/01-dice-cost-vs-lantern.html", "The low die or the high die?", "Best pick"),
    "fivetribes": ("fivetribes/01-the-auction-track.html", "The auction track", None),
    "alea": ("alea/01-where-can-my-roll-go.html", "Where can my roll go?", None),
    "elgrande": ("elgrande/01-power-cards.html", "Power cards", None),
}


@pytest.fixture(scope="module")
def site(repo_root, tmp_path_factory):
    out = tmp_path_factory.mktemp("book") / "site"
    only = [arg for page, _, _ in LESSONS.values() for arg in ("--only", page.removesuffix(".html"))]
    done = subprocess.run([sys.executable, str(repo_root / "scripts" / "book.py"), "--out", str(out), *only],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    port = _free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(out)]
    with serve(command, {}, out, out.parent / "http.log", port, "/index.html", "http.server") as base:
        yield base


def test_the_index_is_the_front_page_and_links_the_lessons(site, headless_chromium, tmp_path):
    for page in loopback_page(headless_chromium):
        page.goto(f"{site}/index.html")
        assert "four board games" in page.locator("h1").first.inner_text()
        for href, _, _ in LESSONS.values():
            # (a first lesson is linked twice: on the "learn a game" path and in its game's list)
            assert page.locator(f'a[href="{href}"]').count() >= 1, href
        _screenshot(page, tmp_path, "book-index.png")


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_page_of_each_game_shows_its_executed_figures_and_widgets(game, site, headless_chromium, tmp_path):
    href, title, widget_text = LESSONS[game]
    for page in loopback_page(headless_chromium):
        page.goto(f"{site}/index.html")
        page.click(f'a[href="{href}"]')
        page.wait_for_load_state()
        assert title in page.locator("h1").first.inner_text()
        figures = page.locator(".jp-OutputArea-output img[src^='data:image/png']")
        assert figures.count() >= 1, "no figure on the page"
        assert all(figures.nth(i).evaluate("img => img.naturalWidth") > 200 for i in range(figures.count()))
        assert page.locator(".jp-OutputArea-output table").count() >= 1, "no table on the page"
        notes = page.locator(".book-live")
        if widget_text:
            assert notes.count() >= 1 and "make lab" in notes.first.inner_text()
            assert page.locator(".jp-OutputArea-output", has_text=widget_text).count() >= 1
        assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        page.locator("a", has_text="All lessons").first.click()
        page.wait_for_load_state()
        assert page.url.endswith("/index.html")
        page.goto(f"{site}/{href}")
        figures.first.scroll_into_view_if_needed()
        _screenshot(page, tmp_path, f"book-{game}.png")

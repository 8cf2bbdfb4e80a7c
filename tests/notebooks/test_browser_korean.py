"""What a Korean reader sees (issue 27, point 6): two Korean lessons per game as `make book` pages
and every app's Korean twin in Voila, in headless Chromium. Each page's full-page screenshot is kept
(see _screenshot: the test's folder, and $BOARDLAB_SCREENSHOTS when set), and the page is read as a
Korean reader would read it:

* no English left: a prose text (paragraphs, list items, table cells, printed output) may not hold
  a run of three or more English words, and a heading, table header, widget label, button or tab
  may not hold any English word, outside code, numbers and the small ALLOWED list of proper names,
  units and notation;
* no missing glyphs: every font a Hangul text is set in draws Hangul (a missing glyph is drawn as
  one and the same box, so two different syllables would come out alike);
* no text drawn over other text: the boxes of different text nodes do not overlap.

The lessons: two of each game, among the quicker to execute; the book's Korean pages are built by
scripts/book.py's own `render` (the English pages are not needed here).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.apps.conftest import GAMES, voila_server  # noqa: F401 (fixture)
from tests.apps.test_browser import LOAD_TIMEOUT, SEED, _click_first_option, _screenshot
from tests.notebooks.conftest import _free_port, loopback_page, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = (  # two per game
    "whitecastle/01-dice-cost-vs-lantern.ko",
    "whitecastle/04-round-end-and-gardens.ko",
    "fivetribes/01-the-auction-track.ko",
    "fivetribes/02-moving-the-meeples.ko",
    "alea/01-where-can-my-roll-go.ko",
    "alea/04-misplayed-rules.ko",
    "elgrande/01-power-cards.ko",
    "elgrande/04-majorities-and-ties.ko",
)

#: English a Korean page may show: game and component names the seeds keep in Latin letters,
#: units, file formats, the project's and its tools' names. Anything else English is a finding.
ALLOWED = {
    "boardlab", "make", "lab", "book", "app", "JSON", "CSV", "PNG", "SVG", "MCTS", "UCT", "Voila", "JupyterLab",
    "Alea", "Iacta", "Est", "Five", "Tribes", "El", "Grande", "The", "White", "Castle",
    "Senatus", "Templum", "Castrum", "Forum", "Romanum", "Latrina", "Castillo",
    "se", "SE", "vs", "English", "ipynb", "html",
    "greedy", "random", "mcts",  # the bots' names, which the Korean help introduces as names
}

#: English still on a page (patterns a whole text matches), found here and reported to the page's
#: owner (issue 27, point 6): the test fails on anything else, so no new English slips in; drop an
#: entry when it is translated.
KNOWN_ENGLISH = {
    # apps (s2-learn): Alea's patricians
    "ko-app-alea": {r"(red|green|blue|yellow|purple|orange) (man|woman) [IVX]+"},
    # lessons (the game's helper): tables built in the notebook with English keys, widget text
    "ko-fivetribes-01-the-auction-track": {r"거절됨: bid 4 \(seat P1, 0 gold\): illegal action .*"},
    "ko-elgrande-04-majorities-and-ties": {r"\d+ region scorings: first place tied in .*"},
    "ko-alea-04-misplayed-rules": {
        r": the set ends as soon as one player has placed all dice\..*",
        "KeyError: 'turns per set change'"},  # a bug: the Korean widget's first view raises (reported)
}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
ROMAN = re.compile(r"[IVXL]+")  # card and province numbers
SENTENCE = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[\s,;:()/]+[A-Za-z][A-Za-z'’-]*){2,}")

# Every visible text node a reader meets, with its kind: "label" (a heading, table header, button,
# widget label or tab: no English word at all) or "prose" (no English run of three words). Code
# (inputs, inline code, stderr) is left out.
TEXTS_JS = r"""() => {
  const skip = '.jp-InputArea-editor, .jp-InputPrompt, code, kbd, .jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"], script, style';
  const label = 'h1, h2, h3, h4, h5, h6, th, button, label, .widget-label, .widget-readout, .lm-TabBar-tabLabel, .p-TabBar-tabLabel, .jupyter-widget-Collapse-header, .p-Collapse-header, .lm-Collapse-header, legend, option, summary, title';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\s+/g, ' ').trim();
    const el = n.parentElement;
    if (!text || !el || el.closest(skip)) continue;
    if (!(el.closest('select') || el).getClientRects().length) continue;  // not displayed
    out.push([el.closest(label) ? 'label' : 'prose', text]);
  }
  out.push(['label', document.title]);
  return out;
}"""

# The font families Hangul text is set in, each with whether it draws two different syllables
# differently (a missing glyph draws one and the same box for both).
HANGUL_FONTS_JS = r"""() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const fonts = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (/[\uac00-\ud7a3]/.test(n.textContent) && n.parentElement && n.parentElement.getClientRects().length)
      fonts.add(getComputedStyle(n.parentElement).fontFamily);
  const canvas = document.createElement('canvas');
  canvas.width = 40; canvas.height = 40;
  const ctx = canvas.getContext('2d');
  const draw = (font, ch) => {
    ctx.clearRect(0, 0, 40, 40); ctx.font = `24px ${font}`; ctx.fillText(ch, 4, 30);
    return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(',');
  };
  return Array.from(fonts).map(f => [f, draw(f, '가') !== draw(f, '줘') && ctx.measureText('한').width > 0]);
}"""

# Pairs of visible text nodes whose drawn boxes overlap (more than 2 px each way).
OVERLAPS_JS = r"""() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const boxes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || n.parentElement.closest('option, script, style')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.width > 1 && r.height > 1)
        boxes.push({n, text: n.textContent.trim().slice(0, 40), l: r.left + scrollX, r: r.right + scrollX,
                    t: r.top + scrollY, b: r.bottom + scrollY});
  }
  boxes.sort((a, b) => a.t - b.t);
  const found = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length && boxes[j].t < boxes[i].b - 2; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.n === b.n) continue;
      if (Math.min(a.r, b.r) - Math.max(a.l, b.l) > 2 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 2)
        found.push([a.text, b.text]);
    }
  return found.slice(0, 20);
}"""


def english_left(texts: list[list[str]]) -> list[str]:
    """The texts that still show English: any word outside ALLOWED in a label, a run of three
    such words in prose."""
    def english_words(text: str) -> list[str]:
        return [w for w in LATIN_WORD.findall(text) if w not in ALLOWED and not ROMAN.fullmatch(w)]

    left = {text for kind, text in texts
            if (english_words(text) if kind == "label"
                else any(len(english_words(run)) >= 3 for run in SENTENCE.findall(text)))}
    return sorted(left)


def read_as_a_korean_reader(page, tmp_path: Path, name: str) -> None:
    """Screenshot the whole page (``name``.png) and check glyphs, overlaps and English left."""
    # a page that scrolls inside a container (Voila) is shot whole in a viewport as tall as it
    height = page.evaluate("() => Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))")
    page.set_viewport_size({"width": 1400, "height": min(max(height, 1000), 16_000)})
    shot = _screenshot(page, tmp_path, f"{name}.png")  # full page
    assert shot.stat().st_size > 10_000
    fonts = page.evaluate(HANGUL_FONTS_JS)
    assert fonts, "no Hangul on the page"
    assert all(ok for _, ok in fonts), f"fonts that draw Hangul as boxes: {[f for f, ok in fonts if not ok]}"
    assert page.evaluate(OVERLAPS_JS) == [], "texts drawn over each other"
    left = english_left(page.evaluate(TEXTS_JS))
    known = KNOWN_ENGLISH.get(name, set())
    new = [t for t in left if not any(re.fullmatch(k, t) for k in known)]
    print(f"{name}: English still met (known, reported): {sorted(set(left) - set(new))}")
    assert new == [], f"English a Korean reader meets on {name}"


# -- the lessons, as `make book` pages --------------------------------------------------------------

RENDER = """
import os, sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
os.environ.pop("MPLBACKEND", None)  # figures inline, as in JupyterLab
import book  # scripts/, on PYTHONPATH
notebooks, out, rels = Path(sys.argv[1]), Path(sys.argv[2]), [Path(r) for r in sys.argv[3:]]
with ProcessPoolExecutor(2) as pool:
    list(pool.map(book.render, [notebooks] * len(rels), rels, [out] * len(rels)))
"""


@pytest.fixture(scope="module")
def korean_pages(repo_root, tmp_path_factory):
    """The Korean lessons rendered by the book's own code, served on loopback as any web host would."""
    out = tmp_path_factory.mktemp("book-ko") / "site"
    rels = [f"{lesson}.ipynb" for lesson in LESSONS]
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    env["PYTHONPATH"] = str(repo_root / "scripts")
    done = subprocess.run([sys.executable, "-c", RENDER, str(repo_root / "notebooks"), str(out), *rels],
                          capture_output=True, text=True, timeout=1800, env=env, cwd=repo_root)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    port = _free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(out)]
    with serve(command, {}, out, out.parent / "http.log", port, f"/{LESSONS[0]}.html", "http.server") as base:
        yield base


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_korean_lesson_page_reads_in_korean(lesson, korean_pages, headless_chromium, tmp_path):
    for page in loopback_page(headless_chromium):
        page.goto(f"{korean_pages}/{lesson}.html")
        page.wait_for_load_state()
        assert page.locator(".jp-OutputArea-output img[src^='data:image/png']").count() >= 1
        read_as_a_korean_reader(page, tmp_path, f"ko-{lesson.replace('/', '-').removesuffix('.ko')}")


# -- the apps, their Korean twins in Voila ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_korean_app_reads_in_korean(game, voila_server, headless_chromium, tmp_path):
    from playwright.sync_api import expect

    base, _ = voila_server
    for page in loopback_page(headless_chromium):
        page.goto(f"{base}/voila/render/{game}.ko.ipynb", wait_until="domcontentloaded")
        page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)
        expect(page.locator("button.boardlab-undo")).to_have_text("내 마지막 결정 되돌리기", timeout=30_000)
        page.get_by_text("새 게임: 인원, 자리, 옵션", exact=True).click()  # open what a reader would
        seed = page.locator(".boardlab-seed input")  # a known game, so what it shows is the same each run
        seed.fill(str(SEED))
        seed.press("Tab")
        page.locator("button.boardlab-start").click()
        expect(page.locator(".boardlab-status")).to_contain_text("번째 결정", timeout=30_000)
        page.locator(".boardlab-advisor").get_by_text("강한 플레이어라면 어떻게 할까?", exact=True).click()
        for _ in range(2):  # two decisions: the log and the options show played actions
            status = page.locator(".boardlab-status").inner_text()
            _click_first_option(page)
            page.wait_for_function("(b) => { const s = document.querySelector('.boardlab-status').innerText;"
                                   " return s !== b && /\\d+번째 결정|끝났/.test(s); }", arg=status, timeout=60_000)
        read_as_a_korean_reader(page, tmp_path, f"ko-app-{game}")

"""Learn to play in a real browser (issue 26, point 5): for every game, a scripted new player opens
the app served by Voila, reads the game in one screen, and plays a WHOLE game at 2 players by
clicking the first option the panel offers: the first half in English, then, after the language
switch, the rest in Korean. At every decision the panel shows a rule text in the page's language;
an option refused (once in each language) shows the same rule; at the default 4 players the bots
pause after a turn, tell it and wait for Continue; at the end the score sheet names the winner and
the Rules tab shows the rules page. Each click's answer time (click until the next decision and its
explanation, or the pause, are on the page) is printed with its median and 90th percentile.
Screenshots are kept in the test's folder (and in $BOARDLAB_SCREENSHOTS when set).
"""

from __future__ import annotations

import re
import time

import pytest

from boardlab.apps.glossary import KO
from boardlab.core.svgpic import MIN_FONT
from tests.apps.conftest import GAMES
from tests.apps.test_browser import LOAD_TIMEOUT, SEED, _current_options, _screenshot

pytestmark = pytest.mark.browser

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: the human decisions played in English before the switch to Korean: about half of the whole
#: 2-player game of seed ``SEED`` against a greedy bot (White Castle 33, Five Tribes 100, Alea 79,
#: El Grande 52 human decisions); the test checks that the game went on past it in Korean
IN_ENGLISH = {"whitecastle": 16, "fivetribes": 50, "alea": 40, "elgrande": 26}
#: a whole game is far longer than this many human decisions: a game that does not end is a bug
MOST_DECISIONS = 400

#: the browser notes when the player's click happens (after Playwright has found the button)
CLICK_CLOCK = "document.addEventListener('click', () => { window.boardlabClicked = performance.now(); }, true)"
#: the next thing to answer is on the page: a new status line, and either the panel explains the
#: decision, or the bots are paused after a turn, or the game is over. Returns the seconds since
#: the click, as the browser measures them
NEXT_DECISION = """(before) => {
  const s = document.querySelector('.boardlab-status');
  if (!s || s.innerText === before) return false;
  const since = (performance.now() - window.boardlabClicked) / 1000;
  if (/game is over|게임이 끝났습니다/.test(s.innerText) || s.querySelector('.boardlab-paused')) return since;
  if (!/decision \\d+|\\d+번째 결정/.test(s.innerText)) return false;
  const explained = [...document.querySelectorAll('.boardlab-lesson .boardlab-rule-text')].some(r => r.innerText.trim());
  return explained && since;
}"""


#: the app's own time for the latest answer, once it has written it (see ``App.play``)
ANSWER_TIME = """() => {
  const t = document.querySelector('.boardlab-timing');
  const m = t && /\\d+\\.\\d+/.exec(t.textContent);
  return m ? m[0] : false;
}"""


#: the board as the browser draws it in the app: its scale, its smallest text (px), the page's width
BOARD = """() => {
  const svg = document.querySelector('.boardlab-picture svg');
  const scale = svg.getScreenCTM().a;
  const sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return {scale, smallest: Math.min(...sizes), scroll: document.documentElement.scrollWidth};
}"""


def _assert_board_at_full_size(page, game: str) -> None:
    """Issue 26 point 2: in a 1280 px window the app shows the board unscaled, no text under 11 px
    (White Castle's 1080 px board goes under the options for it), and nothing scrolls sideways."""
    seen = page.evaluate(BOARD)
    assert abs(seen["scale"] - 1) < 0.01, f"{game}: the board is drawn at scale {seen['scale']:.2f}"
    assert seen["smallest"] >= MIN_FONT - 0.01, f"{game}: a text of {seen['smallest']:.1f} px on the board"
    assert seen["scroll"] <= 1280, f"{game}: the page scrolls sideways ({seen['scroll']} px)"


def _word(english: str, language: str) -> str:
    return KO[english] if language == "ko" else english


def _status(page) -> str:
    return page.locator(".boardlab-status").inner_text()


def _over(page) -> bool:
    return bool(re.search("game is over|게임이 끝났습니다", _status(page)))


def _rule_texts(page) -> list[str]:
    return [t.strip() for t in page.locator(".boardlab-lesson .boardlab-rule-text b").all_inner_texts()]


def _click(page, locator, answers: list) -> None:
    """Click, then wait for the next decision (or pause, or the end): the time from the click to
    the answer on the page is an answer time."""
    before = _status(page)
    locator.click()
    answers.append(page.wait_for_function(NEXT_DECISION, arg=before, timeout=60_000).json_value())


def _first_option(page):
    """The first option the panel offers: its button, or (a long list) the first entry picked."""
    page.locator("button.boardlab-option, .boardlab-options-list select").first.wait_for(timeout=30_000)
    buttons = page.locator("button.boardlab-option")
    if buttons.count():
        return buttons.first.inner_text().strip(), buttons.first
    select = page.locator(".boardlab-options-list select")
    text = select.locator("option").first.inner_text().strip()
    select.select_option(index=0)
    return text, page.locator("button.boardlab-play-selected")


def _decide(page, language: str, answers: list, in_kernel: list | None = None) -> str:
    """One human decision: the panel shows a rule text in ``language``; click its first option.
    ``in_kernel`` gets the part of the answer time the app spent in the kernel (its own timing)."""
    rules = _rule_texts(page)
    assert rules and all(rules), f"{_status(page)}: no rule text in the panel"
    assert all(bool(HANGUL.search(r)) == (language == "ko") for r in rules), (language, rules)
    text, button = _first_option(page)
    _click(page, button, answers)
    if in_kernel is not None:
        # the app clears its timing before it redraws and writes it after: wait for this answer's
        in_kernel.append(float(page.wait_for_function(ANSWER_TIME, timeout=30_000).json_value()))
    return text


def _refuse(page, clicked: list[str], language: str, tmp_path, name: str) -> None:
    """Type an option played earlier that is not on offer now: the refusal states the panel's rule."""
    from playwright.sync_api import expect

    offered, rules = set(_current_options(page)), _rule_texts(page)
    page.locator(".boardlab-entry input").fill(next((c for c in reversed(clicked) if c not in offered), "decline decline"))
    page.locator("button.boardlab-play").click()
    refusal = page.locator(".boardlab-refusal")
    expect(refusal).to_contain_text(_word("Not allowed", language), timeout=30_000)
    for rule in rules:
        expect(refusal.locator(".boardlab-refusal-rule")).to_contain_text(rule)
    _screenshot(page, tmp_path, name)


def _new_game_at_two_players(page) -> None:
    from playwright.sync_api import expect

    page.get_by_text("New game: players, seats and options").click()
    page.locator(".boardlab-option-players select").select_option(label="2")
    expect(page.locator(".boardlab-seat-1 select")).to_have_value("bot: greedy")
    expect(page.locator(".boardlab-seat-2 select")).to_have_count(0)
    seed = page.locator(".boardlab-seed input")
    seed.fill(str(SEED))
    seed.press("Tab")
    before = _status(page)
    page.locator("button.boardlab-start").click()
    page.wait_for_function(NEXT_DECISION, arg=before, timeout=60_000)  # the new game's first decision
    page.get_by_text("New game: players, seats and options").click()  # fold the setup away again


@pytest.mark.parametrize("game", GAMES)
def test_a_new_player_learns_a_whole_game_by_clicking_in_english_then_korean(game, voila_server, app_page, tmp_path):
    from playwright.sync_api import expect

    base, _ = voila_server
    page = app_page
    began = time.monotonic()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
    page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)
    page.evaluate(CLICK_CLOCK)

    # the game in one screen, before the first decision
    overview = page.locator(".boardlab-overview")
    expect(page.locator(".boardlab-heading")).to_contain_text("play, replay and learn")
    for heading in ("The goal.", "How a round goes.", "How you score."):
        expect(overview).to_contain_text(heading)
    _screenshot(page, tmp_path, f"learn-{game}-1-overview.png")
    _assert_board_at_full_size(page, game)

    # at the default 4 players the bots pause after a turn: what it did, and Continue
    answers: list[float] = []  # human decisions
    resumed: list[float] = []  # Continue clicks
    paused = page.locator(".boardlab-status .boardlab-paused")
    for _ in range(20):
        if paused.count():
            break
        _decide(page, "en", answers)
    expect(paused).to_contain_text("Click Continue")
    expect(page.locator(".boardlab-narration")).to_contain_text("chose")
    expect(page.locator("button.boardlab-option")).to_have_count(0)
    _screenshot(page, tmp_path, f"learn-{game}-2-paused.png")
    while paused.count():
        _click(page, page.locator("button.boardlab-continue-bots"), resumed)
    expect(page.locator("button.boardlab-continue-bots")).to_be_hidden()

    # a whole game at 2 players: half in English, the rest in Korean
    _new_game_at_two_players(page)
    answers.clear()
    clicked: list[str] = []
    in_kernel: list[float] = []
    language, told_in_korean = "en", False
    while not _over(page):
        assert len(clicked) < MOST_DECISIONS, f"{game}: no end after {MOST_DECISIONS} human decisions"
        if paused.count():  # never at 2 players (the next turn is the human's), but a pause waits here
            _click(page, page.locator("button.boardlab-continue-bots"), resumed)
            continue
        if len(clicked) == 1:
            expect(overview).to_be_hidden()  # folded away after the first decision
            _refuse(page, clicked, language, tmp_path, f"learn-{game}-3-refused.png")
        if len(clicked) == IN_ENGLISH[game]:
            _screenshot(page, tmp_path, f"learn-{game}-4-english-mid-game.png")
            _assert_board_at_full_size(page, game)
            page.locator(".boardlab-language button", has_text="한국어").click()
            language = "ko"
            expect(page.locator(".boardlab-lesson")).to_contain_text("지금 정할 것", timeout=30_000)
            expect(page.locator(".boardlab-heading")).to_contain_text("플레이, 다시 보기, 배우기")  # the page's own heading too
            _refuse(page, clicked, language, tmp_path, f"learn-{game}-5-korean-refused.png")
        if language == "ko" and not told_in_korean:
            told_in_korean = "봇이 한 일" in page.locator(".boardlab-narration").inner_text()
        clicked.append(_decide(page, language, answers, in_kernel))
    assert language == "ko" and len(clicked) > IN_ENGLISH[game], f"{game}: the game ended before the Korean half"
    assert told_in_korean, f"{game}: the bots' turns were never told in Korean"
    sheet = page.locator(".boardlab-sheet")
    expect(sheet).to_contain_text(_word("Final score sheet", "ko"))
    expect(sheet).to_contain_text(re.compile("승자|공동 승리"))
    _screenshot(page, tmp_path, f"learn-{game}-6-over.png")

    # the rules page, from the panel's link
    page.locator("button.boardlab-rules-link").click()
    expect(page.locator(".boardlab-rules h1")).to_contain_text("게임하는 법", timeout=30_000)
    page.locator(".boardlab-rules svg").first.wait_for()
    _screenshot(page, tmp_path, f"learn-{game}-7-rules.png")

    answers.sort()
    in_kernel.sort()
    print(f"{game} learn to play in the browser: a whole 2-player game, {len(clicked)} human decisions "
          f"({IN_ENGLISH[game]} in English); click to answer median {answers[len(answers) // 2]:.2f} s, "
          f"90th percentile {answers[int(0.9 * len(answers))]:.2f} s, max {answers[-1]:.2f} s "
          f"(in the kernel: median {in_kernel[len(in_kernel) // 2]:.2f} s, 90th percentile "
          f"{in_kernel[int(0.9 * len(in_kernel))]:.2f} s); "
          f"{len(resumed)} Continue clicks, median {sorted(resumed)[len(resumed) // 2]:.2f} s; "
          f"whole test {time.monotonic() - began:.0f} s")

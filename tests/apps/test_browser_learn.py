"""Learn to play in a real browser (issue 26, point 5): for every game, a scripted new player opens
the app served by Voila, reads the game in one screen, and plays by clicking the first option the
panel offers, in English and then, after the language switch, in Korean. At every decision the
panel shows a rule text in the page's language; an option refused shows the same rule; the bots'
turns are told; the Rules tab shows the rules page. Each click's answer time (click until the next
decision and its explanation are on the page) is printed. Screenshots are kept in the test's folder
(and in $BOARDLAB_SCREENSHOTS when set).

A whole game takes 30 (White Castle) to a few hundred (Five Tribes, El Grande) human decisions, a
few minutes each in a browser on this machine: the test plays ``DECISIONS`` decisions in each
language instead (tests/apps/test_learn.py checks the panel at 40 human decisions of every game in
plain Python, and plays a whole El Grande game for the narration).
"""

from __future__ import annotations

import re
import time

import pytest

from tests.apps.conftest import GAMES
from tests.apps.test_browser import LOAD_TIMEOUT, _click_first_option, _current_options, _screenshot

pytestmark = pytest.mark.browser

#: human decisions clicked in each language
DECISIONS = 6
HANGUL = re.compile(r"[\uac00-\ud7a3]")

#: the next decision is on the page: a new status line, and the panel explains it (or the game is over)
NEXT_DECISION = """(before) => {
  const s = document.querySelector('.boardlab-status');
  if (!s || s.innerText === before) return false;
  if (/game is over|게임이 끝났습니다/.test(s.innerText)) return true;
  if (!/decision \\d+|\\d+번째 결정/.test(s.innerText)) return false;
  return [...document.querySelectorAll('.boardlab-lesson .boardlab-rule-text')].some(r => r.innerText.trim());
}"""


def _rule_texts(page) -> list[str]:
    return [t.strip() for t in page.locator(".boardlab-lesson .boardlab-rule-text b").all_inner_texts()]


def _play(page, language: str, answers: list) -> list[str]:
    """Click the first option ``DECISIONS`` times; at each decision the panel's rule text is in
    ``language``. Returns the options clicked (fewer if the game ended)."""
    clicked = []
    for _ in range(DECISIONS):
        status = page.locator(".boardlab-status").inner_text()
        if "over" in status or "끝났습니다" in status:
            break
        rules = _rule_texts(page)
        assert rules and all(rules), f"decision {len(clicked)}: no rule text in the panel"
        assert all(bool(HANGUL.search(r)) == (language == "ko") for r in rules), (language, rules)
        start = time.monotonic()
        clicked.append(_click_first_option(page))
        page.wait_for_function(NEXT_DECISION, arg=status, timeout=60_000)
        answers.append(time.monotonic() - start)
    return clicked


@pytest.mark.parametrize("game", GAMES)
def test_a_new_player_learns_the_game_by_clicking_in_english_and_korean(game, voila_server, app_page, tmp_path):
    from playwright.sync_api import expect

    base, _ = voila_server
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
    page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)

    # the game in one screen, before the first decision
    overview = page.locator(".boardlab-overview")
    for heading in ("The goal.", "How a round goes.", "How you score."):
        expect(overview).to_contain_text(heading)
    _screenshot(page, tmp_path, f"learn-{game}-1-overview.png")

    answers: list[float] = []
    clicked = _play(page, "en", answers)
    assert len(clicked) == DECISIONS
    expect(overview).to_be_hidden()  # folded away after the first decision
    expect(page.locator(".boardlab-narration")).to_contain_text("chose")
    _screenshot(page, tmp_path, f"learn-{game}-2-decision.png")

    # an option the rules refuse now: the refusal names the rule in the panel's words
    offered, rules = set(_current_options(page)), _rule_texts(page)
    page.locator(".boardlab-entry input").fill(next((c for c in clicked if c not in offered), "decline decline"))
    page.locator("button.boardlab-play").click()
    refusal = page.locator(".boardlab-refusal")
    expect(refusal).to_contain_text("Not allowed", timeout=30_000)
    for rule in rules:
        expect(refusal.locator(".boardlab-refusal-rule")).to_contain_text(rule)
    _screenshot(page, tmp_path, f"learn-{game}-3-refused.png")

    # the same game in Korean: the panel, the narration and the buttons switch
    page.locator(".boardlab-language button", has_text="한국어").click()
    expect(page.locator(".boardlab-lesson")).to_contain_text("지금 정할 것", timeout=30_000)
    _play(page, "ko", answers)
    expect(page.locator(".boardlab-narration")).to_contain_text("봇이 한 일")
    _screenshot(page, tmp_path, f"learn-{game}-4-korean.png")

    # the rules page, from the panel's link
    page.locator("button.boardlab-rules-link").click()
    expect(page.locator(".boardlab-rules h1")).to_contain_text("게임하는 법", timeout=30_000)
    page.locator(".boardlab-rules svg").first.wait_for()
    _screenshot(page, tmp_path, f"learn-{game}-5-rules.png")

    answers.sort()
    print(f"{game} learn to play in the browser: {len(answers)} clicks, answer median {answers[len(answers) // 2]:.2f} s, "
          f"max {answers[-1]:.2f} s")

"""Every game's app in a real browser: Voila serving notebooks/apps, headless Debian Chromium.

For each game, as a new player would: open the page, set the seed and start a game, play ten
decisions by clicking, type an illegal option and see it refused with its rule, undo, save the
record, load it in the replay tab and step through it, then let the bots finish and read the
final score sheet. Checked by structure and text, never by pixels; screenshots are kept in the
test's folder (and in $BOARDLAB_SCREENSHOTS when set). Each click's answer time (click until
the page shows the next decision) is printed.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from tests.apps.conftest import GAMES

pytestmark = pytest.mark.browser

DECISIONS = 10
SEED = 7
LOAD_TIMEOUT = 90_000  # ms: a cold kernel imports pandas, ipywidgets and the game


def _screenshot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=True)
    target = os.environ.get("BOARDLAB_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / name)
    return path


def _decision_number(page) -> int:
    text = page.locator(".boardlab-status").inner_text()
    found = re.search(r"decision (\d+)", text)
    assert found, f"no decision number in the status line {text!r}"
    return int(found.group(1))


def _current_options(page) -> list[str]:
    buttons = page.locator("button.boardlab-option")
    if buttons.count():
        return [t.strip() for t in buttons.all_inner_texts()]
    return [t.strip() for t in page.locator(".boardlab-options-list select option").all_inner_texts()]


def _no_pause(page) -> None:
    """Switch learn mode's pause after each bot turn off (the bots then play on to the human at
    once, as without learning; the pause is tested in test_browser_learn.py)."""
    from playwright.sync_api import expect

    page.locator(".boardlab-pause-switch input").uncheck()
    expect(page.locator(".boardlab-status .boardlab-paused")).to_have_count(0, timeout=60_000)


def _continue_while_paused(page, limit: float = 120.0) -> None:
    """Click Continue while learn mode's bots wait after a turn (each click plays one bot turn).
    The status line says so; the page may still be redrawing (a new game that needs no Continue),
    so a button that does not become clickable soon is looked at again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    button, paused = page.locator("button.boardlab-continue-bots"), page.locator(".boardlab-status .boardlab-paused")
    deadline = time.monotonic() + limit
    while paused.count():
        assert time.monotonic() < deadline, f"still paused after {limit} s of Continue clicks"
        status = page.locator(".boardlab-status").inner_text()
        try:
            button.click(timeout=3_000)
        except PlaywrightTimeout:
            continue
        page.wait_for_function("(b) => { const s = document.querySelector('.boardlab-status');"
                               " return s.innerText !== b || !s.querySelector('.boardlab-paused'); }", arg=status,
                               timeout=60_000)


def _click_first_option(page) -> str:
    """Click the first option button, or pick the first entry of a long list and play it (after
    Continue, when the bots are paused)."""
    _continue_while_paused(page)
    page.locator("button.boardlab-option, .boardlab-options-list select").first.wait_for(timeout=30_000)
    buttons = page.locator("button.boardlab-option")
    if buttons.count():
        text = buttons.first.inner_text().strip()
        buttons.first.click()
        return text
    select = page.locator(".boardlab-options-list select")
    text = select.locator("option").first.inner_text().strip()
    select.select_option(index=0)
    page.locator("button.boardlab-play-selected").click()
    return text


def _wait_for_status_change(page, before: str, timeout: int = 30_000) -> None:
    """Until the status line names a new decision (past "the bots are deciding...")."""
    page.wait_for_function("(before) => { const s = document.querySelector('.boardlab-status');"
                           " return s && s.innerText !== before && /decision \\d+|game is over/.test(s.innerText); }",
                           arg=before, timeout=timeout)


def _assert_hidden_information(page, game: str, over: bool) -> None:
    """Mid-game the picture is the human seat's view (state.view): the bots' senate cards (Alea),
    gold (Five Tribes) and the Castillo's colours (El Grande) are not in it; at the end they are."""
    words = page.locator(".boardlab-picture svg").first.text_content()
    if game == "alea":
        shown = words.count("senate cards: ")  # one line per player whose cards the page names
        assert (shown > 1) if over else (shown == 1), f"senate card lines shown: {shown}"
    elif game == "fivetribes":
        assert ("gold ?" in words) != over
    elif game == "elgrande":
        assert ("inside (announced)" in words) != over


@pytest.mark.parametrize("game", GAMES)
def test_play_refuse_undo_save_replay_and_finish_in_the_browser(game, voila_server, app_page, tmp_path):
    from playwright.sync_api import expect

    base, work = voila_server
    page = app_page
    began = time.monotonic()
    page.goto(f"{base}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
    page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)
    loaded = time.monotonic() - began
    _no_pause(page)
    expect(page.locator(".boardlab-status")).to_contain_text(re.compile(r"player 0(, red)? \(you\) to decide"))

    # setup: a known seed, then a new game
    page.get_by_text("New game: players, seats and options").click()
    seed = page.locator(".boardlab-seed input")
    seed.fill(str(SEED))
    seed.press("Tab")
    page.locator("button.boardlab-start").click()
    expect(page.locator(".boardlab-status")).to_contain_text("decision", timeout=30_000)
    page.get_by_text("New game: players, seats and options").click()  # fold the setup away again
    _screenshot(page, tmp_path, f"app-{game}-1-start.png")

    # ten decisions by clicking; each answer timed from the click to the next decision shown
    clicked, answers = [], []
    for _ in range(DECISIONS):
        status = page.locator(".boardlab-status").inner_text()
        number = _decision_number(page)
        start = time.monotonic()
        clicked.append(_click_first_option(page))
        _wait_for_status_change(page, status)
        answers.append(time.monotonic() - start)
        assert _decision_number(page) > number
    assert len(clicked) == DECISIONS
    log = page.locator(".boardlab-log").inner_text()  # the last 8 decisions: mine, unless 8 bot decisions followed it
    assert clicked[-1] in log or log.count("(bot: ") == 8, log
    _assert_hidden_information(page, game, over=False)
    _screenshot(page, tmp_path, f"app-{game}-2-ten-decisions.png")

    # an illegal entry: an option clicked earlier that is not on offer now
    offered = set(_current_options(page))
    illegal = next(t for t in clicked if t not in offered)
    number = _decision_number(page)
    page.locator(".boardlab-entry input").fill(illegal)
    page.locator("button.boardlab-play").click()
    refusal = page.locator(".boardlab-refusal")
    expect(refusal).to_contain_text("Not allowed", timeout=30_000)
    expect(refusal).to_contain_text("rule:")
    assert "rule: notation" not in refusal.inner_text(), "a readable option is refused by a rule, not as unreadable"
    assert _decision_number(page) == number
    _screenshot(page, tmp_path, f"app-{game}-3-refused.png")

    # undo one decision (with the bots' answers to it)
    status = page.locator(".boardlab-status").inner_text()
    page.locator("button.boardlab-undo").click()
    _wait_for_status_change(page, status)
    assert _decision_number(page) < number

    # save the record
    page.locator("button.boardlab-save").click()
    expect(page.locator(".boardlab-save-message")).to_contain_text("Saved as", timeout=30_000)
    saved = sorted((work / "records").glob(f"{game}-seed{SEED}-*.json"), key=lambda p: p.stat().st_mtime)
    assert saved, "the record file was not written"
    expect(page.locator(".boardlab-save-message")).to_contain_text(saved[-1].name)
    assert page.locator("a.boardlab-download").get_attribute("download") == saved[-1].name

    # reload it in the replay tab and step through it
    page.get_by_role("tab", name="Replay", exact=True).click()
    expect(page.locator(".boardlab-replay-files select option:checked")).to_have_text(saved[-1].name)
    page.locator("button.boardlab-load").click()
    note = page.locator(".boardlab-step-note")
    expect(note).to_contain_text("step 0 of", timeout=30_000)
    steps = int(re.search(r"step 0 of (\d+)", note.inner_text()).group(1))
    assert steps >= DECISIONS - 1
    for _ in range(3):
        page.locator("button.boardlab-forward").click()
    expect(note).to_contain_text(f"step 3 of {steps}")
    page.locator("button.boardlab-back").click()
    expect(note).to_contain_text(f"step 2 of {steps}")
    expect(note).to_contain_text("chose")
    page.locator(".boardlab-replay-picture svg").first.wait_for()
    page.locator("button.boardlab-last").click()
    expect(note).to_contain_text(f"step {steps} of {steps}")
    expect(page.locator(".boardlab-replay-sheet")).to_contain_text("Score sheet where the record ends")
    _screenshot(page, tmp_path, f"app-{game}-4-replay.png")

    # back to play: the bots finish the game and the final score sheet names the winner
    page.get_by_role("tab", name="Play", exact=True).click()
    page.locator("button.boardlab-finish").click()
    expect(page.locator(".boardlab-status")).to_contain_text("The game is over.", timeout=120_000)
    sheet = page.locator(".boardlab-sheet")
    expect(sheet).to_contain_text("Final score sheet")
    expect(sheet).to_contain_text("total")
    expect(sheet).to_contain_text(re.compile(r"Winner: player \d|Shared win: player"))
    _assert_hidden_information(page, game, over=True)
    _screenshot(page, tmp_path, f"app-{game}-5-finished.png")
    print(f"{game} app in the browser: page ready {loaded:.1f} s, answers to clicks "
          f"{min(answers):.2f}-{max(answers):.2f} s (mean {sum(answers) / len(answers):.2f} s), "
          f"whole test {time.monotonic() - began:.1f} s")


@pytest.mark.parametrize("game,status,word", [
    ("elgrande", "플레이어 0, 빨강 (당신) 차례", "왕"),  # the King, in the seed's word
    ("whitecastle", "플레이어 0 (당신) 차례", "다리와 정원"),  # bridges and gardens
])
def test_the_language_switch_shows_korean_in_the_browser(game, status, word, voila_server, app_page, tmp_path):
    from playwright.sync_api import expect

    base, _ = voila_server
    page = app_page
    page.goto(f"{base}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
    page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)
    _no_pause(page)
    page.locator(".boardlab-language button", has_text="한국어").click()
    expect(page.locator("button.boardlab-undo")).to_have_text("내 마지막 결정 되돌리기", timeout=30_000)
    expect(page.locator(".boardlab-status")).to_contain_text(status)
    expect(page.locator(".boardlab-picture svg").first).to_contain_text(word)
    expect(page.get_by_role("tab", name="다시 보기", exact=True)).to_be_visible()
    _screenshot(page, tmp_path, f"app-{game}-korean.png")


def test_the_advisor_answers_in_the_browser_with_a_moving_progress_bar(voila_server, app_page, tmp_path):
    from playwright.sync_api import expect

    base, _ = voila_server
    page = app_page
    page.goto(f"{base}/voila/render/alea.ipynb", wait_until="domcontentloaded")
    page.locator(".boardlab-picture svg").first.wait_for(timeout=LOAD_TIMEOUT)
    _no_pause(page)
    page.locator(".boardlab-advisor").get_by_text("What would a strong player do?").click()
    handle = page.locator(".boardlab-budget .ui-slider-handle, .boardlab-budget .noUi-handle").first
    handle.click()
    handle.press("ArrowRight")  # 200 -> 400 iterations: a few seconds, long enough to watch
    expect(page.locator(".boardlab-budget .widget-readout")).to_have_text("400")
    page.locator("button.boardlab-ask").click()
    widths, began = set(), time.monotonic()
    advice = page.locator(".boardlab-advice")
    while "Best:" not in advice.inner_text() and time.monotonic() - began < 120:
        widths.add(page.evaluate("() => document.querySelector('.boardlab-advice-progress .progress-bar').style.width"))
        page.wait_for_timeout(100)
    expect(advice).to_contain_text("Best: ")
    expect(advice.locator("tr")).to_have_count(1 + len(_current_options(page)))  # a row per legal option
    assert {w for w in widths if w not in ("", "0%", "100%")}, f"the bar never showed progress: {sorted(widths)}"
    _screenshot(page, tmp_path, "app-alea-advice.png")
    print(f"advisor in the browser: 400 iterations in {time.monotonic() - began:.1f} s, bar widths seen {len(widths)}")

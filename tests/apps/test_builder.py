"""The app's widgets driven without a browser: what a click, a typed entry, undo, save, load,
the replay arrows, the advisor and the language switch do (ipywidgets' Python objects only)."""

import datetime
import re

import ipywidgets as W
import pandas as pd
import pytest

import boardlab
from boardlab.apps import builder
from boardlab.apps.builder import BUTTON_LIMIT, App
from boardlab.apps.session import HUMAN
from boardlab.core import glossary
from boardlab.core.advise import RANKING_RULE
from tests.apps.helpers import illegal_but_readable

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _app(name, tmp_path, **kwargs):
    kwargs.setdefault("pause", False)  # the bots answer at once (the pause has its own tests below)
    return App(name, records_dir=tmp_path / "records", seed=kwargs.pop("seed", 7), **kwargs)


def _click_first_option(app):
    """What a player does: click the first option button, or pick the first of a long list."""
    buttons = [w for w in app._option_widgets if isinstance(w, W.Button) and "boardlab-option" in w._dom_classes]
    if buttons:
        text = buttons[0].description  # read first: the same button is relabelled for the next decision
        buttons[0].click()
        return text
    app.option_list.value = app.option_list.options[0]
    chosen = next(w for w in app._option_widgets if "boardlab-play-selected" in getattr(w, "_dom_classes", ()))
    text = app.option_list.value
    chosen.click()
    return text


def test_the_app_shows_the_picture_and_the_options_of_the_decision_asked_now(game_name, tmp_path):
    app = _app(game_name, tmp_path)
    state = app.session.state
    assert app.session.human_to_move and "<svg" in app.picture.value
    legal = [str(a) for a in state.legal_actions()]
    if len(legal) <= BUTTON_LIMIT:
        assert [b.description for b in app._option_widgets] == legal
    else:
        assert list(app.option_list.options) == legal
    assert re.search(r"player 0(, red)? \(you\) to decide", app.status.value)
    assert [d.value for d in app.seat_box.children] == [HUMAN] + ["greedy"] * (state.game.players - 1)


def test_ten_clicked_decisions_a_refusal_an_undo_a_save_and_the_replay(game_name, tmp_path):
    app = _app(game_name, tmp_path)
    clicked = [_click_first_option(app) for _ in range(10)]
    assert [d.action for d in app.session.decisions if d.by == HUMAN] == clicked
    assert len(app.answer_seconds) == 10 and "answered in" in app.timing.value
    pictures = app.picture.value
    app.entry.value = illegal_but_readable(app.session, clicked)
    app.play_button.click()
    assert "Not allowed" in app.message.value and "rule" in app.message.value
    assert app.picture.value == pictures  # nothing moved
    before = len(app.session.decisions)
    app.undo_button.click()
    assert len(app.session.decisions) < before and app.session.human_to_move
    assert sum(d.by == HUMAN for d in app.session.decisions) == 9
    app.save_button.click()
    saved = list((tmp_path / "records").glob(f"{game_name}-*.json"))
    assert len(saved) == 1 and saved[0].name in app.save_message.value and "download" in app.save_message.value
    assert app.replay_files.value == str(saved[0])
    app.load_button.click()
    assert app.tabs.selected_index == 1 and app.replay.steps == len(app.session.decisions)
    assert "step 0 of" in app.step_note.value and app.replay_sheet.value == ""
    app.forward_button.click()
    app.forward_button.click()
    app.back_button.click()
    assert app.step.value == 1 and "step 1 of" in app.step_note.value
    app.last_button.click()
    assert app.step.value == app.replay.steps and "Score sheet where the record ends" in app.replay_sheet.value
    app.first_button.click()
    assert app.step.value == 0


def test_bots_finish_the_game_and_the_score_sheet_names_the_winner(game_name, tmp_path):
    app = _app(game_name, tmp_path)
    app.finish_button.click()
    state = app.session.state
    assert state.is_over and "The game is over." in app.status.value
    assert "Final score sheet" in app.sheet.value and ("Winner:" in app.sheet.value or "Shared win:" in app.sheet.value)
    totals = [state.score_sheet()[p]["total"] for p in range(state.game.players)]
    assert all(f"<td>{t}</td>" in app.sheet.value for t in totals)
    assert app.finish_button.disabled and not app._option_widgets
    path = app.save()
    app._load(path, path.name)
    app.last_button.click()
    assert "Final score sheet" in app.replay_sheet.value


def test_an_uploaded_record_is_loaded_and_a_broken_one_refused(tmp_path):
    app = _app("alea", tmp_path)
    _click_first_option(app)
    path = app.save()
    app.upload.value = ({"name": path.name, "type": "application/json", "size": path.stat().st_size,
                         "content": memoryview(path.read_bytes()),
                         "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert app.replay.steps == len(app.session.decisions) and "Loaded" in app.replay_message.value
    app._load(b'{"format": "boardlab-record"', "broken.json")
    assert "not valid JSON" in app.replay_message.value and app.replay is None
    assert app.forward_button.disabled


def test_setup_starts_the_game_it_shows_and_refuses_a_bad_combination(tmp_path):
    app = _app("elgrande", tmp_path)
    app.players.value = 3
    assert len(app.seat_box.children) == 3
    app.seat_box.children[0].value = "random"
    app.seat_box.children[1].value = HUMAN
    app.option_controls["edition"].value = "1995"
    app.seed.value = 12
    app.start_button.click()
    session = app.session
    assert session.game.players == 3 and session.game.edition == "1995" and session.seed == 12
    assert session.seats == ["random", HUMAN, "greedy"] and session.state.to_move == 1
    app.players.value = 2
    app.option_controls["edition"].value = "2023"
    app.option_controls["merge_stacks"].value = False
    app.start_button.click()
    assert "merge_stacks" in app.setup_message.value and app.session is session  # the old game stays


def test_a_long_list_of_options_narrows_as_the_player_types(tmp_path):
    app = _app("alea", tmp_path, seed=3)
    _click_first_option(app)  # choose a building: then the roll offers many placements and rerolls
    while app.option_list is None:
        _click_first_option(app)
    everything = list(app.option_list.options)
    app.entry.value = "reroll"
    assert list(app.option_list.options) == [t for t in everything if "reroll" in t]


def test_the_language_switch_shows_the_seeds_terms_and_every_app_label_in_korean(game_name, tmp_path):
    app = _app(game_name, tmp_path)
    glossary.clear_missing()
    app.language.value = "ko"
    assert app.undo_button.description == "내 마지막 결정 되돌리기"
    assert re.search(r"플레이어 0(, \S+)? \(당신\) 차례", app.status.value)
    assert HANGUL.search(app.picture.value), "the board picture stays in English"
    assert app.tabs.titles == ("게임하기", "다시 보기", "규칙", "복기")
    _click_first_option(app)
    app.finish()
    app.save()
    app.load_selected()
    app.last_button.click()
    assert "최종 점수표" in app.replay_sheet.value
    assert not {m for m in glossary.missing() if m[0] == "apps"}, "app labels without a Korean entry"
    assert "최종 점수표" in app.sheet.value and HANGUL.search(app.replay_picture.value)
    untranslated = {m for m in glossary.missing() if m[0] == game_name}
    assert not untranslated, f"picture or score sheet words without a Korean entry: {sorted(untranslated)[:5]}"
    app.language.value = "en"
    assert app.undo_button.description == "Undo my last decision"


def _fake_advise(state, budget=None, seed=0, rollout="random", workers=1, progress=None):
    """The agreed advise API (tasks/api.md): one row per legal option, best first."""
    legal = [str(a) for a in state.legal_actions()]
    for done in range(0, budget + 1, budget // 4):
        progress(done, budget)
    table = pd.DataFrame({"action": legal, "visits": [budget // len(legal)] * len(legal),
                          "margin": [-float(i) for i in range(len(legal))], "margin_se": [0.5] * len(legal),
                          "win_rate": [0.5] * len(legal), "win_rate_se": [0.05] * len(legal),
                          "close": [False] * len(legal), "best_in": [1] + [0] * (len(legal) - 1)})
    table.attrs = {"game": state.game.name, "player": state.to_move, "budget": budget, "seed": seed,
                   "rollout": rollout}
    return table


def test_the_advisor_panel_shows_advise_table_and_follows_its_progress(tmp_path, monkeypatch):
    monkeypatch.setattr(boardlab, "advise", _fake_advise, raising=False)
    app = _app("whitecastle", tmp_path)
    before = app.session.state.to_json()
    app.budget.value = 800
    app.ask_button.click()
    legal = [str(a) for a in app.session.state.legal_actions()]
    assert f"Best: {legal[0]}" in app.advice.value
    assert app.advice_progress.max == 800 and app.advice_progress.value == 800
    assert app.session.state.to_json() == before
    _click_first_option(app)
    assert app.advice.value == ""  # advice of the old position is not left standing


def test_the_advisor_panel_with_the_real_search(tmp_path):
    app = _app("elgrande", tmp_path)
    app.budget.value = 50
    seen = []
    app.advice_progress.observe(lambda change: seen.append(change["new"]), names="value")
    table = app.ask()
    legal = {str(a) for a in app.session.state.legal_actions()}
    assert set(table["action"]) == legal and table.attrs["budget"] == 50
    assert seen[-1] == app.advice_progress.max == 50 and len(seen) > 2  # the bar moved while it searched
    assert f"Best: {table.iloc[0]['action']}" in app.advice.value
    assert RANKING_RULE["en"] in app.advice.value  # the panel says how its options are ordered
    assert ("Within the error of it" in app.advice.value) == bool(table.close[1:].any())


def test_without_advise_the_advisor_says_so(tmp_path, monkeypatch):
    monkeypatch.delattr(boardlab, "advise", raising=False)
    app = _app("fivetribes", tmp_path)
    assert app.ask_button.disabled and "needs boardlab.advise" in app.advice.value
    assert app.ask() is None


def test_no_app_widget_is_an_output_widget(tmp_path):
    app = _app("whitecastle", tmp_path)
    seen, todo = set(), [app.widget]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        assert not isinstance(w, W.Output), "an Output widget hangs nbclient-run notebooks (core.liveview)"
        todo += list(getattr(w, "children", ()))
    assert len(seen) > 30


def test_an_unknown_option_is_refused_naming_the_known_ones(tmp_path):
    with pytest.raises(ValueError, match="unknown option.*'wizards'.*known"):
        App("whitecastle", records_dir=tmp_path, wizards=True)
    assert builder.app("alea", records_dir=tmp_path, seed=1, players=2).children


def test_the_replay_continues_as_a_game_from_the_step_shown(tmp_path):
    app = _app("fivetribes", tmp_path, players=2)  # two seats: the log still shows the record's note
    for _ in range(4):
        _click_first_option(app)
    app.save()
    app.load_selected()
    app.step_to(3)
    app.continue_button.click()
    assert app.tabs.selected_index == 0 and app.session.state.history[:3] == app.replay.state(3).history[:3]
    assert "from the record" in app.log.value


def test_alone_against_the_white_castle_rival_the_sheet_shows_both_and_who_wins(tmp_path):
    app = _app("whitecastle", tmp_path)
    app.players.value = 1
    assert [d.value for d in app.seat_box.children] == [HUMAN]
    app.option_controls["difficulty"].value = "easy"
    app.start_button.click()
    assert app.session.game.players == 1 and app.session.game.difficulty == "easy"
    app.finish_button.click()
    assert "the rival" in app.sheet.value
    assert ("You beat the rival." in app.sheet.value) != ("The rival wins." in app.sheet.value)
    assert "Winner:" not in app.sheet.value
    app.players.value = 2
    app.start_button.click()
    assert "difficulty" in app.setup_message.value  # a solo option at 2 players is refused, naming it


def test_option_buttons_are_relabelled_not_rebuilt_for_each_decision(tmp_path):
    app = _app("elgrande", tmp_path)
    pool = list(app._button_pool)
    assert app._option_widgets == pool[:len(app._option_widgets)]
    for _ in range(6):
        _click_first_option(app)
    assert all(a is b for a, b in zip(app._button_pool, pool))  # the same widgets, relabelled
    assert len(app._button_pool) <= BUTTON_LIMIT
    assert [b.description for b in app._option_widgets] == [str(a) for a in app.session.state.legal_actions()]


def _play_until_paused(app, limit: int = 40):
    """Click first options until the bots stop after a turn with another bot to move."""
    for _ in range(limit):
        if app.waiting:
            return
        _click_first_option(app)
    pytest.fail(f"no pause after {limit} human decisions")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_learning_the_bots_pause_after_each_turn_until_continue(game_name, tmp_path, language):
    """Issue 26 point 1: in learn mode the bots stop after each turn; the page tells that turn
    and shows Continue (계속); the human cannot play for the bot; Continue plays the next turn."""
    app = _app(game_name, tmp_path, pause=True, language=language)
    assert app.pausing and app.pause.value and app.pause.layout.display is None
    _play_until_paused(app)
    session = app.session
    mine = max((i for i, d in enumerate(session.decisions) if d.by == HUMAN), default=-1)  # -1: bots began
    turn = session.decisions[mine + 1:]
    assert turn and {d.player for d in turn} == {turn[0].player} != {session.state.to_move}
    assert not session.is_human(session.state.to_move), "paused with a bot to move"
    assert app.continue_bots_button.layout.display is None
    assert app.continue_bots_button.description == ("계속" if language == "ko" else "Continue")
    assert "boardlab-paused" in app.status.value and (HANGUL.search(app.status.value) is not None) == (language == "ko")
    assert app._option_widgets == [] and app.lesson.value == "" and app.ask_button.disabled
    assert len(re.findall(r"<br>", app.narration.value)) == min(len(turn), builder.NARRATED)  # one line each
    assert app.play(str(session.state.legal_actions()[0])).rule == "not your turn"
    while app.waiting:
        before = len(session.decisions)
        made = app.continue_bots()
        assert made and len({d.player for d in session.decisions[before:]}) == 1
        assert len(re.findall(r"<br>", app.narration.value)) == min(made, builder.NARRATED)
    assert session.human_to_move or session.is_over
    assert app.continue_bots_button.layout.display == "none" and app.continue_bots() == 0


def test_paused_or_not_the_game_is_the_same_and_switching_the_pause_off_lets_the_bots_play_on(tmp_path):
    paused, at_once = _app("fivetribes", tmp_path, pause=True), _app("fivetribes", tmp_path)
    _play_until_paused(paused)
    for _ in range(len([d for d in paused.session.decisions if d.by == HUMAN])):
        _click_first_option(at_once)
    paused.pause.value = False  # switched off while paused: the bots play on to the human at once
    assert not paused.waiting and paused.session.decisions == at_once.session.decisions
    for _ in range(5):  # and from now on they answer a decision at once (the old behaviour)
        _click_first_option(paused)
        _click_first_option(at_once)
        assert not paused.waiting and paused.session.decisions == at_once.session.decisions
    paused.pause.value = True
    _play_until_paused(paused)
    paused.learn.value = False  # the pause is a part of learning: off with it
    assert not paused.waiting and not paused.pausing and paused.pause.layout.display == "none"


def test_undo_while_paused_takes_back_the_human_decision_and_the_bots_turn(tmp_path):
    app = _app("elgrande", tmp_path, pause=True)
    _play_until_paused(app)
    mine = max(i for i, d in enumerate(app.session.decisions) if d.by == HUMAN)
    taken_back = len(app.session.decisions) - mine
    assert app.undo() == taken_back and len(app.session.decisions) == mine
    assert app.session.human_to_move and not app.waiting and app.narration.value == ""
    assert app.continue_bots_button.layout.display == "none"


def test_a_board_too_wide_to_sit_beside_the_options_goes_under_them_at_full_size(game_name, tmp_path):
    """Issue 26 point 2 (no text under 11 px at 1280 px): White Castle's 1080 px board would be
    scaled to 0.83 beside the 320 px options column; it goes under the panel and the options
    instead (the browser check of its scale: test_browser_learn.py)."""
    app = _app(game_name, tmp_path)
    wide = builder.picture_width(app.picture.value) > builder.BESIDE_LIMIT
    assert wide == (game_name == "whitecastle")
    first = app.play_area.children[0]
    if wide:
        assert app._explain in first.children and app._act in first.children
        assert app.play_area.children[1:] == (app._board, app._more) and app.full_size.layout.display == "none"
    else:
        assert app.play_area.children == (app._board, app._side)
        assert app._side.children == (app._explain, app._act, app._more)
    assert app.coach.panel in app._more.children  # the hint stays above the advisor either way


def test_the_bots_decision_count_follows_the_language_switch(tmp_path):
    app = _app("whitecastle", tmp_path, players=3)
    while "the bots made" not in app.bot_note.value:
        _click_first_option(app)
    app.language.value = "ko"
    assert app.bot_note.value and HANGUL.search(app.bot_note.value) and "the bots made" not in app.bot_note.value

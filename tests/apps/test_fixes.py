"""Fixes found by trying the apps as a first-time teacher would (issue 26, point 3), each driven on
the widgets' Python objects: the language switch keeps the seats and options, Undo and a finished
game clear stale advice and bot counts, typed options are case-insensitive (in the app's text box
and in every game's notation), a forced decision runs no search, and the Voila page carries no
Jupyter instructions."""

from __future__ import annotations

import json
import random

import pandas as pd
import pytest

import boardlab
from boardlab.apps import options as setup_options
from boardlab.apps.builder import App
from boardlab.apps.session import HUMAN
from boardlab.core.game import Game
from tests.apps.conftest import GAMES


def _app(name, tmp_path, **kwargs):
    kwargs.setdefault("pause", False)  # the bots answer at once (the pause: test_builder.py)
    return App(name, records_dir=tmp_path / "records", seed=kwargs.pop("seed", 7), **kwargs)


def _fake_advise(state, budget=None, seed=0, rollout="random", workers=1, progress=None):
    legal = [str(a) for a in state.legal_actions()]
    table = pd.DataFrame({"action": legal, "visits": [1] * len(legal), "margin": [0.0] * len(legal),
                          "margin_se": [0.5] * len(legal), "win_rate": [0.5] * len(legal),
                          "win_rate_se": [0.05] * len(legal), "close": [True] * len(legal),
                          "best_in": [1] + [0] * (len(legal) - 1)})
    table.attrs = {"game": state.game.name, "player": state.to_move, "budget": budget, "seed": seed}
    return table


def test_the_language_switch_keeps_every_seat_and_option(tmp_path):
    app = _app("elgrande", tmp_path)
    app.players.value = 4
    seats = ["random", HUMAN, "greedy", HUMAN]
    for d, kind in zip(app.seat_box.children, seats):
        d.value = kind
    app.option_controls["edition"].value = "1995"
    app.seed.value = 31
    app.language.value = "ko"
    assert [d.value for d in app.seat_box.children] == seats
    assert app.seat_box.children[0].label == "봇: 무작위"  # relabelled, still the bot chosen
    assert app.option_controls["edition"].value == "1995" and app.players.value == 4 and app.seed.value == 31
    app.start_button.click()
    assert app.session.seats == seats and app.session.game.edition == "1995" and app.session.seed == 31
    app.language.value = "en"
    assert [d.value for d in app.seat_box.children] == seats


def test_undo_clears_the_advisors_table_and_the_bots_count(tmp_path, monkeypatch):
    monkeypatch.setattr(boardlab, "advise", _fake_advise, raising=False)
    app = _app("fivetribes", tmp_path)
    app.play(app.session.state.legal_actions()[0])
    while "the bots made" not in app.bot_note.value:  # a human decision the bots answered
        app.play(app.session.state.legal_actions()[0])
    app.ask()
    assert "Best:" in app.advice.value
    app.undo()
    assert app.advice.value == "" and app.bot_note.value == "" and app.advice_progress.value == 0


def test_a_human_decision_no_bot_answers_leaves_no_old_bot_count(tmp_path):
    app = _app("alea", tmp_path, seats=[HUMAN, HUMAN])
    app.bot_note.value = "<span>the bots made 3 decisions</span>"  # what an earlier stretch left
    app.play(app.session.state.legal_actions()[0])
    assert app.bot_note.value == ""


def test_the_end_of_the_game_clears_the_advisors_table(tmp_path, monkeypatch):
    monkeypatch.setattr(boardlab, "advise", _fake_advise, raising=False)
    app = _app("alea", tmp_path)
    app.ask()
    assert "Best:" in app.advice.value
    app.finish()
    assert app.session.is_over and app.advice.value == "" and app.ask_button.disabled


@pytest.mark.parametrize("game_name", GAMES)
def test_a_typed_option_is_read_whatever_its_case(game_name, tmp_path):
    app = _app(game_name, tmp_path)
    text = str(app.session.state.legal_actions()[-1])
    app.entry.value = f"  {text.upper()} "
    app.play_button.click()
    assert app.message.value == "" and [d.action for d in app.session.decisions if d.by == HUMAN] == [text]


@pytest.mark.parametrize("game_name", GAMES)
def test_every_games_notation_is_case_insensitive(game_name):
    """Every legal option of two random games reads back from its upper, lower and title case."""
    for players in (2, max(_player_counts(game_name))):
        game = Game.by_name(game_name)(players=players)
        state, rng = game.new_game(5), random.Random(5)
        seen = 0
        while not state.is_over and seen < 1500:
            for action in state.legal_actions():
                text = str(action)
                for typed in (text.upper(), text.lower(), text.title()):
                    assert game.parse_action(typed) == action, (text, typed)
                seen += 1
            state.apply(rng.choice(state.legal_actions()))


def _player_counts(game_name):
    return next(o.choices for o in setup_options.options(Game.by_name(game_name)) if o.name == "players")


def _forced_position(app, rng):
    """Play random options (every seat human) until a decision has one legal option (a new game
    with the next seed when one ends first)."""
    for _ in range(2000):
        if app.session.is_over:
            app.seed.value += 1
            app.start()
        legal = app.session.state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert app.play(rng.choice(legal)) is None
    raise AssertionError("no forced decision in 2000 decisions")


@pytest.mark.parametrize("game_name", GAMES)
def test_a_forced_decision_runs_no_search(game_name, tmp_path, monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("the advisor searched a forced decision")

    monkeypatch.setattr(boardlab, "advise", no_search, raising=False)
    players = Game.by_name(game_name)().players
    app = _app(game_name, tmp_path, seats=[HUMAN] * players)
    only = _forced_position(app, random.Random(3))
    assert app.ask_button.disabled and "Only one option is legal now" in app.advice.value
    assert app.ask() is None and str(only) in app.advice.value


def test_a_board_wider_than_its_column_can_be_shown_at_full_size(tmp_path):
    """White Castle's 1080 px board is scaled to the column; the switch shows it at its own size."""
    app = _app("whitecastle", tmp_path)
    assert "boardlab-full-size" not in app.picture._dom_classes
    app.full_size.value = True
    assert "boardlab-full-size" in app.picture._dom_classes and "boardlab-full-size" in app.replay_picture._dom_classes
    assert ".boardlab-full-size .boardlab-app-picture svg{max-width:none}" in app.picture.value
    app.full_size.value = False
    assert "boardlab-full-size" not in app.picture._dom_classes


@pytest.mark.parametrize("game", GAMES)
def test_the_apps_heading_and_introduction_follow_the_language_switch(game, tmp_path):
    """The heading and what the game is are the app's, not a notebook's markdown: 한국어 turns them too."""
    app = _app(game, tmp_path, language="en")
    assert "play, replay and learn" in app.title.value and "<b>learn to play</b>" in app.title.value
    app.language.value = "ko"
    try:
        assert "플레이, 다시 보기, 배우기" in app.title.value and "<b>배우며 하기</b>" in app.title.value
        assert "play, replay and learn" not in app.title.value
    finally:
        app.language.value = "en"


def test_the_voila_pages_give_no_jupyter_instructions(repo_root):
    """Voila shows the markdown and the outputs, never the code: instructions for JupyterLab users
    live in code comments only."""
    for game in GAMES:
        nb = json.loads((repo_root / "notebooks" / "apps" / f"{game}.ipynb").read_text(encoding="utf-8"))
        shown = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        for words in ("Run All", "make app", "JupyterLab", "cells"):
            assert words not in shown, f"{game}'s app page tells a reader {words!r}"


def test_a_new_alea_game_in_the_app_plays_todays_senate_deck(tmp_path):
    """The app sets only the options it shows; the rest are today's defaults (19 senate cards),
    not what a record saved before the option existed played (14)."""
    app = _app("alea", tmp_path)
    assert app.game().senate_deck == Game.by_name("alea")().senate_deck == 19


def test_one_bot_decision_is_counted_in_the_singular():
    from boardlab.apps import builder

    assert builder.T("the bots made {n} decision", n=1) == "the bots made 1 decision"
    assert "the bots made {n} decision" in builder.glossary.glossary("apps")

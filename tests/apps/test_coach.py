"""The coach in the app (issue 28): the hint on the human's decision, the opt-in cost of a choice,
and the Review tab over the game in play or a loaded record, in English and Korean."""

import re

import pytest

from boardlab.apps.builder import App
from boardlab.apps.coach import KO, Coach
from boardlab.core.advise import RANKING_RULE


@pytest.fixture
def app(tmp_path):
    return App("alea", records_dir=tmp_path / "records", seed=3, players=2, seats=["human", "greedy"])


def test_every_app_has_a_hint_panel_and_a_review_tab(app):
    assert isinstance(app.coach, Coach) and app.tabs.titles == ("Play", "Replay", "Rules", "Review")
    assert app.coach.review_box in app.tabs.children
    app.language.value = "ko"
    assert app.tabs.titles[-1] == "복기" and app.coach.hint_button.description == "힌트"
    app.language.value = "en"
    assert app.coach.hint_button.description == "Hint"


def test_the_hint_names_the_best_option_why_and_the_ranking_rule(app):
    table = app.coach.hint()
    text = app.coach.hint_text.value
    assert f"Best: {table.action[0]}" in text and "Why:" in text and RANKING_RULE["en"] in text
    assert "mcts-100, rated" in text  # the strength of the player behind the advice


def test_after_a_choice_the_player_who_opted_in_sees_its_cost(app):
    table = app.coach.hint()
    app.coach.cost_box.value = True
    worst = table.action.iloc[-1]
    app.play(worst)
    shown = app.coach.hint_text.value
    assert f"Your choice {worst}" in shown and re.search(r"cost \d+ points of win chance \((good|inaccuracy|mistake|"
                                                         r"blunder|unclear)\)", shown)


def test_the_review_tab_grades_the_game_and_steps_through_its_decisions(app):
    app.finish()
    r = app.coach.run_review(budget=8)
    assert len(r.decisions) > 0 and "accuracy" in app.coach.review_summary.value
    assert "<svg" in app.coach.review_figure.value and app.coach.review_progress.value == app.coach.review_progress.max
    app.coach.review_decision.value = 1
    row = r.decisions.iloc[1]
    assert f"Step {row.step}" in app.coach.review_note.value and app.coach.review_picture.value
    app.language.value = "ko"
    assert "정확도" in app.coach.review_summary.value
    app.language.value = "en"


def test_the_review_of_a_loaded_record_and_without_one(app):
    app.coach.review_source.value = "record"
    assert app.coach.run_review(budget=8) is None and "Load a record" in app.coach.review_summary.value
    app.finish()
    app.save()
    app.load_selected()
    assert len(app.coach.run_review(budget=4).decisions) > 0


def test_the_korean_labels_keep_their_fields():
    for english, korean in KO.items():
        assert set(re.findall(r"{\w+}", english)) == set(re.findall(r"{\w+}", korean)), english


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_why_names_the_part_of_the_position_value_the_best_option_raises_most(tmp_path, language):
    import pandas as pd

    from boardlab.apps import learn
    from boardlab.apps.coach import why_text
    from boardlab.core import glossary
    from boardlab.core.game import Game

    glossary.use_language(language)
    import random

    state, rng = Game.by_name("whitecastle")(players=2).new_game(1), random.Random(0)
    while not any(a.kind == "gate" for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    gate = next(a for a in state.legal_actions() if a.kind == "gate")
    table = pd.DataFrame({"action": [gate], "win_rate": [0.5], "win_rate_se": [0.1]})
    after = state.copy()
    after.reseed(0)
    after.apply(gate)
    part, rise = learn.biggest_rise("whitecastle", state, after, state.to_move)
    text = why_text(state, table)
    assert learn.part_name("whitecastle", part) in text and f"(+{round(rise, 1):g})" in text
    assert text.startswith("이유: 포지션 가치 중" if language == "ko" else "Why: it raises ")

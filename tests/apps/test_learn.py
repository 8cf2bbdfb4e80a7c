"""The app's learn-to-play mode, driven in plain Python: the game in one screen before the first
decision, a rule text at every human decision (English and Korean), refusals with the rule in the
panel's words, the bots' turns told one sentence each (and not when switched off), the Rules tab."""

from __future__ import annotations

import re

import pytest

from boardlab.apps import learn
from boardlab.apps.builder import NARRATED, App
from boardlab.core import glossary
from boardlab.core.glossary import has_hangul

#: human decisions played per game (whole games of Five Tribes and El Grande take a few hundred)
DECISIONS = 40


def _app(game, tmp_path, **kw):
    return App(game, seed=11, records_dir=tmp_path, pause=False, **kw)  # the pause: tests/apps/test_builder.py


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_human_decision_shows_the_rule_of_each_kind_asked(game_name, tmp_path, language):
    app = _app(game_name, tmp_path, language=language)
    assert app.overview_box.selected_index == 0, "the game in one screen opens before the first decision"
    for heading in ("The goal", "How a round goes", "How you score"):
        assert glossary.term("apps", heading) in app.overview.value
    played = 0
    while not app.session.is_over and played < DECISIONS:
        state = app.session.state
        for kind in learn.kinds_at(state):
            rule, _ = learn.kind_text(game_name, kind, language)
            assert rule.replace("'", "&#x27;") in app.lesson.value, (played, kind)
        assert has_hangul(app.lesson.value) == (language == "ko")
        first = app._option_widgets[0].description if app.option_list is None else app.option_list.value
        assert app.play(first) is None
        played += 1
        assert app.overview_box.selected_index is None, "the overview folds away after the first decision"
    assert played == DECISIONS or app.session.is_over


def test_a_refusal_shows_the_rule_in_the_panels_words(tmp_path):
    app = _app("alea", tmp_path)
    kinds = learn.kinds_at(app.session.state)
    assert app.play("send 8 dice to the Latrina") is not None
    for kind in kinds:
        assert learn.kind_text("alea", kind)[0].replace("'", "&#x27;") in app.message.value
    assert "boardlab-refusal-rule" in app.message.value


def test_the_bots_turns_are_told_one_sentence_each_and_the_switch_stops_it(tmp_path):
    app = _app("whitecastle", tmp_path, players=3)
    before = len(app.session.decisions)
    app.play(app.session.state.legal_actions()[0])
    bots = [d for d in app.session.decisions[before + 1:]]
    assert bots and all(d.by == "greedy" for d in bots)
    told = re.findall(r"player \d \(greedy\) chose", app.narration.value)
    assert len(told) == min(len(bots), NARRATED)
    app.narrate.value = False
    assert app.narration.value == ""
    app.narrate.value = True
    assert "chose" in app.narration.value
    app.learn.value = False
    assert app.lesson.value == app.narration.value == app.overview.value == ""


def test_the_narration_never_tells_a_secret_disk(tmp_path):
    """(Until the game is over: then every disk has been revealed by the scoring anyway.)"""
    app = _app("elgrande", tmp_path, players=3)
    hidden = 0
    while not app.session.is_over:
        app.play(app.session.state.legal_actions()[0])
        if not app.session.is_over:
            assert "set disk to" not in app.narration.value
            hidden += "set the secret disk (hidden)" in app.narration.value
    assert hidden, "no bot set a disk: the test saw no secret"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_rules_tab_shows_the_rules_page_with_the_board(tmp_path, language):
    app = _app("fivetribes", tmp_path, language=language)
    assert app.rules.value == ""
    app.rules_link.click()
    assert app.tabs.selected_index == 2
    assert ("파이브 트라이브스: 게임하는 법" if language == "ko" else "Five Tribes: how to play") in app.rules.value
    assert "<svg" in app.rules.value


def test_the_bots_last_turns_stay_told_until_they_play_again_and_undo_forgets_them(tmp_path):
    app = _app("whitecastle", tmp_path, players=3)
    for _ in range(50):  # a human decision after which the human decides again (a seal exchange, the die's space)
        before = len(app.session.decisions)
        told = app.narration.value
        app.play(app.session.state.legal_actions()[0])
        if len(app.session.decisions) == before + 1 and told:
            break
    else:
        pytest.fail("no human decision followed by the same human's in 50")
    assert app.narration.value == told, "a decision of the human's own does not wipe what the bots did"
    app.undo()
    assert app.narration.value == ""


def test_hovering_an_option_tells_what_it_does(tmp_path):
    app = _app("whitecastle", tmp_path)
    first = app._option_widgets[0]
    assert first.tooltip.startswith(first.description + ": ") and len(first.tooltip) > len(first.description) + 10
    app.learn.value = False
    assert app._option_widgets[0].tooltip == app._option_widgets[0].description


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_bots_turn_is_told_with_the_part_of_its_valuation_the_choice_raised_most(game_name, tmp_path, language):
    from boardlab.apps.builder import narration

    app = _app(game_name, tmp_path, players=3, language=language)
    session, why = app.session, ("이유: 봇의 평가에서" if language == "ko" else "why: ")
    told = []
    for _ in range(40):  # (Alea's parts move only when a set is scored)
        app.play(session.state.legal_actions()[0])
        told = [s for s in narration(session, 0, app.viewer()) if why in s]
        if told:
            break
    assert told, f"{game_name}: no bot decision was told with its reason"
    bots = [i for i, d in enumerate(session.decisions) if d.by == "greedy"]
    reasons = []
    for i in bots:
        after = session._before[i + 1] if i + 1 < len(session._before) else session.state
        rise = learn.biggest_rise(game_name, session._before[i], after, session.decisions[i].player)
        if rise is not None:
            reasons.append(learn.reason_text(game_name, *rise))
    assert reasons and all(any(r in s for r in reasons) for s in told)
    assert all(has_hangul(s) == (language == "ko") for s in told)



def test_a_run_of_the_humans_own_decisions_keeps_the_bots_turn_told(tmp_path, monkeypatch):
    """The story tells the latest NARRATED decisions of the bots, not the latest decisions: a Five
    Tribes turn can be more than a dozen of the human's own. Here NARRATED is 2, and the human makes
    two decisions in a row (a die, then its space) after the bots' turn."""
    from boardlab.apps import builder

    monkeypatch.setattr(builder, "NARRATED", 2)
    app = _app("whitecastle", tmp_path, players=3)
    for _ in range(80):
        app.play(app.session.state.legal_actions()[0])
        by = [d.by for d in app.session.decisions[-3:]]
        if by[-2:] == [builder.HUMAN, builder.HUMAN] and by[0] != builder.HUMAN:
            assert "chose" in app.narration.value
            return
    pytest.fail("the human never decided twice in a row after a bot in 80 decisions")

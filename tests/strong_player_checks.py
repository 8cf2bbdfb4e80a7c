"""What every game's strong-player lesson test shares (notebooks "What would a strong player do
here?"): the widget's positions, the advisor's table on one of them, the widget driven by its
controls, the ladder at tiny budgets, and the Korean build of every figure and table."""

from __future__ import annotations

from boardlab.core import strength, tables


def check_positions(lesson) -> None:
    """Every widget position is a decision of the lesson's 2-player game and survives JSON."""
    for label, build in lesson.positions().items():
        state = build()
        assert state.game.players == 2, label
        assert not state.is_over and state.legal_actions(), label
        assert strength.via_json(state).to_json() == state.to_json(), label


def check_advice(lesson, state, budget: int = 40) -> None:
    """One advisor row per legal option, the position unchanged, table and figure in the house style."""
    before = state.to_json()
    advice = lesson.advice(state, budget, seed=1)
    assert sorted(advice["action"]) == sorted(str(a) for a in state.legal_actions())
    assert state.to_json() == before
    tables.check_article(lesson.advice_table(advice))
    note = lesson.advice_figure(advice).texts[-1].get_text()
    assert state.game.title in note and f"advisor budget {budget}" in note


def check_widget(lesson, other_label: str) -> None:
    """The widget answers the budget and the position it is set to."""
    app = lesson.Explorer(budget=20, seed=1, budgets=(10, 100))
    assert app.advice.attrs["budget"] == 20
    app.controls["budget"].value = 30
    assert app.advice.attrs["budget"] == 30 and app.calls == 2
    app.controls["position"].value = other_label
    assert app.calls == 3
    assert sorted(app.advice["action"]) == sorted(str(a) for a in app.state.legal_actions())
    return app


def check_ladder(lesson, games: int = 2, iterations: int = 2, horizon: int = 4) -> None:
    """The ladder plays every pairing of random, greedy and mcts, ``games`` games each (mcts
    rollouts cut after ``horizon`` decisions: the test is about the plumbing, not the strength)."""
    result = lesson.ladder(games=games, iterations=iterations, seed=3, horizon=horizon)
    rungs = strength.ladder_rungs(result.pairings)
    assert len(rungs) == 3 and set(rungs["games"]) == {games}
    tables.check_article(lesson.ladder_table(result))
    note = lesson.ladder_figure(result, games=games, iterations=iterations, seed=3, horizon=horizon).texts[-1].get_text()
    assert f"mcts {iterations} iterations per decision, rollouts cut after {horizon} decisions" in note


def korean_build(lesson, state):
    """The lesson's figures, tables and position labels, built in the current language."""
    advice = lesson.advice(state, 20, seed=2)
    app = lesson.Explorer(budget=10, seed=2, budgets=(10, 100))
    result = lesson.ladder(games=2, iterations=2, seed=2, horizon=4)
    return {"figs": [lesson.advice_figure(advice), app.figure,
                     lesson.ladder_figure(result, games=2, iterations=2, seed=2),
                     lesson.ladder_figure(result, games=2, iterations=2, seed=2, horizon=4)],
            "tables": [lesson.advice_table(advice), lesson.ladder_table(result)], "labels": list(lesson.positions())}


def check_korean(built, game: str) -> None:
    from tests.korean_checks import missing_glyphs, missing_terms

    assert not missing_terms(game)
    assert not missing_glyphs(built["figs"])
    advice, ladder = built["tables"]
    assert "선택지" in advice.columns and "판정" in ladder.columns
    assert all("시드" in k or "예시" in k for k in built["labels"])

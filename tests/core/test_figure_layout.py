"""Every lesson figure fits, in English and in Korean: no two drawn texts (titles, axis and tick
labels, legends, annotations) overlap, and the provenance line is clear of them and of the axes
and inside the figure. Korean y-axis labels read horizontally (above the axis), never sideways.

The figures are those each game's Korean test builds (every figure kind of its lessons), the
White Castle's lessons below, and each game's strong-player figures, drawn with Agg."""

from __future__ import annotations

import contextlib
import importlib
import io

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from boardlab.core import glossary, plotting  # noqa: E402
from tests.layout_checks import layout_problems  # noqa: E402

GAMES = ("whitecastle", "alea", "elgrande", "fivetribes")
STRONG_STATE = {"whitecastle": "teaching_state", "alea": "later_roll", "elgrande": None, "fivetribes": None}


def _whitecastle_figures():
    from boardlab.whitecastle.lessons import climbing_the_court as court, dice_cost_vs_lantern as dice
    from boardlab.whitecastle.lessons import drafting_the_bridges as draft, outcome_distributions as outcomes
    from boardlab.whitecastle.lessons import records as recorder, round_end_and_gardens as gardens
    from boardlab.whitecastle.lessons import the_solo_rival as rival

    records = recorder.record_many(seed=1, tables={"random": ("random", "random"),
                                                   "greedy vs random": ("greedy", "random")},
                                   games={"random": 4, "greedy vs random": 2}, progress=False)
    rounds = {"random": 4, "greedy": 1}
    drift = draft.drift_summary(draft.exposed_ends_many(rounds=rounds, seed=1, progress=False))
    runs = rival.play_games(3, 1, "random")
    exact = rival.first_die_exact()
    figs = [dice.PickExplorer().result.figure, dice.coin_change_figure(3), dice.break_even_figure(lantern_worth=2),
            dice.break_even_mc_figure(dice.break_even_monte_carlo(rolls=100, seed=1), seed=1),
            draft.after_pick_figure(3, "left"), draft.drift_figure(drift, seed=1, rounds=rounds),
            draft.gap_figure(drift, seed=1, rounds=rounds),
            court.route_figure(), court.lantern_figure(), court.multiplier_figure(), court.court_figure(records),
            gardens.time_track_figure(), gardens.bridge_figure(records), gardens.empty_bridges_figure(records),
            outcomes.total_score_figure(records), outcomes.category_figure(records),
            outcomes.win_rate_figure(records), outcomes.greedy_win_figure(records, "greedy vs random"),
            outcomes.left_right_figure(records), outcomes.space_figure(records),
            outcomes.seat_run_figure(outcomes.seat_run(live_games=0)),
            rival.first_die_figure(exact, rival.first_die_sample(20, 1), 1),
            rival.score_figure(runs["games"], 1, "random"), rival.block_figure(runs["turns"], 1, "random")]
    explorers = [court.warrior_explorer(), court.lantern_explorer(), gardens.turn_order_explorer(),
                 draft.AfterPickExplorer(), outcomes.outcome_explorer(records), rival.difficulty_explorer(runs["games"])]
    return figs + [f for e in explorers for f in _explorer_figures(e)]


def _explorer_figures(explorer):
    result = getattr(explorer, "result", None)
    found = [getattr(explorer, "figure", None), getattr(result, "figure", None)]
    if isinstance(result, dict):
        found.append(result.get("figure"))
    return [f for f in found if isinstance(f, matplotlib.figure.Figure)]


def _strong_figures(game: str):
    lesson = importlib.import_module(f"boardlab.{game}.lessons.what_would_a_strong_player_do")
    state = next(iter(lesson.positions().values()))()
    result = lesson.ladder(games=2, iterations=2, seed=2, horizon=4)
    return [lesson.advice_figure(lesson.advice(state, 20, seed=2)),
            lesson.ladder_figure(result, games=2, iterations=2, seed=2, horizon=4)]


def _figures(game: str):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        if game == "whitecastle":
            figs = _whitecastle_figures()
        else:
            figs = list(importlib.import_module(f"tests.{game}.test_lessons_korean")._figures_and_widgets()[0])
        return figs + _strong_figures(game)


@pytest.fixture(scope="module", params=[(g, lang) for g in GAMES for lang in ("en", "ko")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def figures(request):
    game, language = request.param
    if language == "ko" and plotting.korean_font() is None:
        pytest.fail("no Korean font: the Python package koreanize-matplotlib (a boardlab dependency) is missing")
    plotting.use_language(language)
    try:
        yield game, language, _figures(game)
    finally:
        plotting.use_language("en")


def test_no_text_overlaps_another_or_the_provenance_line(figures):
    game, language, figs = figures
    assert len(figs) >= 8
    problems = [f"figure {i} ({_title(fig)}): {p}" for i, fig in enumerate(figs) for p in layout_problems(fig)]
    assert not problems, f"{len(problems)} layout problems in {game}'s {language} figures:\n" + "\n".join(problems[:40])


def test_korean_y_labels_read_horizontally(figures):
    game, language, figs = figures
    if language != "ko":
        return
    sideways = [(i, ax.yaxis.label.get_text()) for i, fig in enumerate(figs) for ax in fig.axes
                if ax.get_visible() and ax.yaxis.label.get_visible() and ax.yaxis.label.get_text().strip()
                and ax.yaxis.label.get_rotation() % 180 != 0 and glossary.has_hangul(ax.yaxis.label.get_text())]
    assert not sideways, sideways


def _title(fig) -> str:
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()] + ([fig._suptitle.get_text()] if fig._suptitle else [])
    return (titles[0] if titles else "untitled")[:60]

"""Notebook 06's lesson module (the solo rival): exact answers and their Monte Carlo twins, the
simulated tables, the widget callback, your own cards, and the Korean labels."""

from __future__ import annotations

import contextlib
import io
import random
import warnings
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from boardlab import whitecastle  # noqa: E402
from boardlab.core import glossary, plotting, stats  # noqa: E402
from boardlab.whitecastle import solo  # noqa: E402
from boardlab.whitecastle.lessons import the_solo_rival as lesson  # noqa: E402

from .solo_helpers import DECK  # noqa: E402


@pytest.fixture(scope="module")
def runs():
    return lesson.play_games(2, seed=5, policy="random")


@pytest.fixture(scope="module")
def sample():
    return lesson.first_die_sample(1500, seed=11)


def test_end_die_of_three_dice_matches_its_monte_carlo_twin():
    rng = random.Random(3)
    rolls = [[rng.randint(1, 6) for _ in range(3)] for _ in range(20000)]
    for end, pick in (("left", min), ("right", max)):
        pmf = lesson.end_die_pmf(end)
        assert sum(pmf.values()) == 1 and pmf[6 if end == "right" else 1] == Fraction(91, 216)
        stats.assert_frequencies_agree(pmf, [pick(r) for r in rolls], f"{end} end")


def test_first_die_exact_matches_new_games(sample):
    exact = lesson.first_die_exact()
    stats.assert_frequencies_agree(exact["pips"], sample["pips"], "rival's first die")
    stats.assert_mean_agrees(exact["coins"], sample["coins"], "coins of the first die")
    stats.assert_probability_agrees(exact["right end"], int((sample["end"] == "right").sum()), len(sample), "right end")
    for bridge, p in exact["bridge"].items():
        stats.assert_probability_agrees(p, int((sample["bridge"] == bridge).sum()), len(sample), bridge)
    check = lesson.first_die_check(exact, sample)
    assert list(check["quantity"]) == ["mean pips", "mean coins", "share right end"] and (check["z"].abs() <= 4).all()


def test_first_die_exact_follows_the_deck():
    # a deck of right-end cards on the Well: the die is the highest of three, every pip above 1 earns
    cards = [dict(c, end="right", space="WELL") for c in DECK]
    exact = lesson.first_die_exact(whitecastle.Game(players=1, solo_cards=cards))
    assert exact["right end"] == 1 and exact["pips"] == lesson.end_die_pmf("right")
    assert exact["coins"] == sum(p * (v - 1) for v, p in lesson.end_die_pmf("right").items())


def test_first_die_sample_needs_the_rival_to_move_first():
    with pytest.raises(ValueError, match="moves first only at medium and hard"):
        lesson.first_die_sample(3, 1, whitecastle.Game(players=1, difficulty="easy"))


def test_play_games_keeps_both_sheets_and_every_rival_die(runs):
    games, turns = runs["games"], runs["turns"]
    assert len(games) == 2 * 3 and list(dict.fromkeys(games["difficulty"])) == list(solo.DIFFICULTIES)
    assert len(turns) == 9 * len(games) and set(turns["round"]) == {1, 2, 3}
    assert (turns["space was taken"] == (turns["named"] != turns["space"])).all()
    summary = lesson.score_summary(games)
    assert list(summary["games"]) == [2, 2, 2] and summary["rival mean"].gt(0).all()
    shares = lesson.turn_shares(turns)
    assert set(shares["what"]) == {"right end", "takes a space", "space was taken", "die missing"}
    assert shares["share"].between(0, 1).all()


def test_card_table_names_the_assumed_cards_and_the_template_loads_back(tmp_path):
    table = lesson.card_table()
    assert list(table.index) == list(range(1, 10)) and table.loc[1, "status"] == "confirmed"
    assert lesson.assumed_cards() == list(range(2, 10))
    path = lesson.write_card_template(tmp_path / "cards.csv")
    game = whitecastle.Game(players=1, solo_cards=path)
    assert solo.cards_of(game) == solo.cards_of(whitecastle.Game(players=1))


def test_the_explorer_callback_follows_its_control(runs):
    with contextlib.redirect_stdout(io.StringIO()):
        explorer = lesson.difficulty_explorer(runs["games"], "easy")
    assert explorer.result["difficulty"] == "easy" and explorer.calls == 1
    explorer.controls["difficulty"].value = "hard"
    assert explorer.result["difficulty"] == "hard" and explorer.result["games"] == 2
    assert "hard" in explorer.figure.axes[0].get_title()


@pytest.fixture
def korean():
    plotting.use_language("ko")
    glossary.clear_missing()
    yield
    plotting.use_language("en")


def test_notebook_06_figures_and_widget_are_korean(korean, runs, sample):
    figures = [lesson.first_die_figure(lesson.first_die_exact(), sample, 11),
               lesson.score_figure(runs["games"], 5, "random"), lesson.block_figure(runs["turns"], 5, "random")]
    with contextlib.redirect_stdout(io.StringIO()):
        explorer = lesson.difficulty_explorer(runs["games"])
    figures.append(explorer.figure)
    assert glossary.missing() == set(), glossary.missing()
    assert explorer.controls["difficulty"].description == "난이도"
    assert figures[2].axes[0].get_title() == "도쿠가와 가문이 길을 막는 방식"
    for fig in figures:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig.savefig(io.BytesIO(), format="png")
        assert not [w for w in caught if "missing from font" in str(w.message)]

"""The Alea lesson modules behind notebooks/alea: tables, figures and widget callbacks, in plain
pytest (setting widget values on the Python objects)."""

from fractions import Fraction

import pytest

from boardlab.alea import odds
from boardlab.alea.lessons import common
from boardlab.alea.lessons import where_can_my_roll_go as L1


@pytest.mark.parametrize("text, dice", [("1 2 3 3 6", (1, 2, 3, 3, 6)), ("6,1", (1, 6)), ("35", (3, 5))])
def test_parse_roll_reads_a_typed_roll(text, dice):
    assert common.parse_roll(text) == dice


@pytest.mark.parametrize("text, message", [("", "at least one die"), ("1 7", "not a die"),
                                           ("1 1 1 1 1 1 1 1 1", "8 dice"), (3, "a roll is text")])
def test_parse_roll_refuses_what_is_not_a_roll(text, message):
    with pytest.raises(ValueError, match=message):
        common.parse_roll(text)


def test_01_pattern_table_holds_the_exact_odds():
    table = L1.pattern_table().set_index("dice")
    assert table.loc[8, "straight >= 4"] == float(odds.pattern_probability("straight", 4, 8))
    assert table.loc[3, "group >= 3"] == float(Fraction(1, 36))
    assert table.loc[1, "sum-5 pair"] == 0.0


def test_01_where_can_it_go_lists_the_engines_placements():
    rows = L1.where_can_it_go((6, 6, 6), players=4).set_index("building")
    assert list(rows.index) == ["Templum", "Senatus", "Castrum", "Forum"]
    assert rows.loc["Castrum", "options"] == "6 | 6 6 | 6 6 6" and rows.loc["Forum", "options"] == "6"


def test_01_roll_explorer_callback_follows_the_widgets():
    ex = L1.RollExplorer(roll="1 2 3 4", players=4)
    assert ex.updates == 1 and "Templum" in list(ex.result["building"])
    ex.players.value = 3
    assert ex.updates == 2 and "Templum" not in list(ex.result["building"])
    ex.roll.value = "x"
    assert ex.result is None and "not a die" in ex.summary.value and ex.figure is None
    ex.roll.value = "5 5"
    assert "5 5" in ex.result.set_index("building").loc["Castrum", "options"]
    assert "boardlab" in ex.figure.texts[-1].get_text()  # the provenance line


def test_01_simulated_straights_agree_with_the_exact_distribution():
    sim = L1.simulated_straights(dice=8, rolls=500, seed=3)
    assert (abs(sim["simulated"] - sim["exact"]) <= 4 * sim["se"]).all()
    fig = L1.simulated_figure(sim, 3)
    assert "500 simulated rolls" in fig.texts[-1].get_text()


# -- 02 reroll or place ----------------------------------------------------------------------------
from boardlab.alea.lessons import reroll_or_place as L2  # noqa: E402


def test_02_keep_table_and_strategies_are_exact():
    table = L2.keep_table((1, 2, 3, 6, 6), "straight", 4, top=None)
    assert len(table) == 24 and table.iloc[0]["keep"] == "1 2 3" and table.iloc[0]["exact"] == "11/36"
    s = L2.strategies((3, 3, 3, 1, 5, 6), "group", 4)
    assert s["best keep"] == (3, 3, 3) and s["keep the best subset"] == odds.reroll_probability((3, 3, 3), 3, "group", 4)


def test_02_reroll_explorer_callback_refuses_an_impossible_wish():
    ex = L2.RerollExplorer()
    assert ex.updates == 1 and ex.strategies["best keep"] == (1, 2, 3)
    ex.kind.value = "group"
    ex.length.value = 6
    assert ex.result is None and "needs at least 6 dice" in ex.summary.value
    ex.roll.value = "4 4 4 4 4 4 1"
    assert ex.result.iloc[0]["probability"] == 1.0


def test_02_simulated_reroll_and_chip_income():
    check = L2.simulated_reroll((5, 5), 3, "group", 3, trials=1500, seed=2)
    assert abs(check["simulated"] - check["exact"]) <= 4 * check["se"]
    chips = L2.chip_income(player_counts=(3,), games=4, seed=1)
    assert chips.loc[0, "games"] == 4 and 0 < chips.loc[0, "share"] < 1
    assert "greedy" in L2.chip_figure(chips, 1).texts[-1].get_text()


# -- 03 Templum and Senatus ------------------------------------------------------------------------
from boardlab.alea.lessons import templum_and_senatus as L3  # noqa: E402
from boardlab.core.stats import assert_mean_agrees  # noqa: E402


def test_03_kept_distribution_is_exact_and_sums_to_one():
    for drawn in range(1, 7):
        for keep in (1, 2):
            if keep <= drawn:
                assert sum(L3.kept_distribution(drawn, keep).values()) == 1
    assert L3.kept_distribution(1, 1) == {1: Fraction(8, 30), 2: Fraction(14, 30), 3: Fraction(8, 30)}
    with pytest.raises(ValueError, match="drawn must be"):
        L3.kept_distribution(0, 1)


def test_03_expected_kept_has_a_monte_carlo_twin():
    import random

    rng = random.Random(4)
    pile = [1] * 8 + [2] * 14 + [3] * 8
    values = [sum(sorted(rng.sample(pile, 3), reverse=True)[:2]) for _ in range(4000)]
    assert_mean_agrees(L3.expected_kept(3, 2), values, "best 2 of 3 fortune tiles")


def test_03_rank_observer_and_widget():
    ranks = L3.simulated_rank_rewards(players=4, games=3, seed=1)
    assert set(ranks["building"]) <= {"Templum", "Senatus"} and (ranks["n"] > 0).all()
    assert "greedy" in L3.rank_figure(ranks).texts[-1].get_text()
    ex = L3.TemplumExplorer(first_drawn=4, other_drawn=1)
    assert ex.result == {"first": L3.expected_kept(4, 2), "other": 2}
    ex.other.value = 3
    assert ex.updates == 2 and ex.result["other"] == L3.expected_kept(3, 1)


# -- 04 misplayed rules ----------------------------------------------------------------------------
from boardlab.alea import MISPLAYS  # noqa: E402
from boardlab.alea.lessons import misplayed_rules as L4  # noqa: E402


@pytest.fixture(scope="module")
def misplays_measured():
    return L4.measure(games=3, seed=2, policy="random")


def test_04_measure_covers_every_misplay_with_paired_changes(misplays_measured):
    summary, tables = misplays_measured
    assert list(summary["misplay"]) == list(MISPLAYS)
    assert set(tables) == set(MISPLAYS) | {"correct rules, 3 players", "correct rules, 4 players"}
    rescored = summary[summary["how"] == "same games, rescored"]
    assert set(rescored["misplay"]) == set(L4.SCORING_ONLY) and (rescored["turns per set change"] == 0).all()
    assert (summary["players"] == [L4.players_for(m) for m in summary["misplay"]]).all()
    assert "random" in L4.misplay_figure([summary]).texts[-1].get_text()


def test_04_paired_change_of_identical_runs_is_exactly_zero(misplays_measured):
    _, tables = misplays_measured
    base = tables["correct rules, 4 players"]
    assert L4.paired_change(base, base, "total") == (0.0, 0.0)


def test_04_misplay_explorer_callback(misplays_measured):
    _, tables = misplays_measured
    ex = L4.MisplayExplorer(tables, 2, misplay="card_iii_without_itself")
    assert ex.updates == 1 and list(ex.result["category"])[-1] == "total"
    assert (ex.result.set_index("category").loc[["provinces", "patricians", "fortune", "chips"], "change"] == 0).all()
    ex.misplay.value = "five_sets_always"
    assert ex.updates == 2 and "rule point 1" in ex.summary.value


def test_04_misplay_explorer_shows_its_tables_not_an_error(misplays_measured):
    """Every misplay's view draws its two tables and histogram: the category table has no "turns se"
    column, and pairing it with one used to raise KeyError inside the widget's first view."""
    _, tables = misplays_measured
    ex = L4.MisplayExplorer(tables, 2, misplay="set_ends_at_once")
    for misplay in MISPLAYS:
        ex.misplay.value = misplay
        assert "b00020" not in ex.output.value and "Error" not in ex.output.value, (misplay, ex.output.value[-300:])
        assert "<table" in ex.output.value.replace("&lt;", "<")


# -- 05 outcome distributions ----------------------------------------------------------------------
from boardlab.alea.lessons import outcome_distributions as L5  # noqa: E402


def test_05_tables_figures_and_widget():
    table = L5.run(greedy_games=2, random_games=3, seed=1, player_counts=(2, 4))
    assert set(table["players"]) == {2, 4} and set(table["setting"]) == {"greedy", "random"}
    means = L5.category_means(table).set_index(["setting", "players"])
    assert means.loc[("greedy", 2), "fortune"] == 0 and means.loc[("greedy", 2), "n"] == 4
    assert (L5.winners(table)["games"] == [2, 2, 3, 3]).all()
    assert (L5.lengths(table)["turns per set"] > 0).all()
    seats = L5.seat_win_rates(table)
    assert ((seats["lo"] <= seats["rate"]) & (seats["rate"] <= seats["hi"])).all()
    prov = L5._prov(table)
    assert "greedy/random" in prov
    for fig in (L5.category_figure(L5.category_means(table), prov), L5.winner_figure(table, prov),
                L5.seat_figure(seats, prov)):
        assert fig.texts[-1].get_text() == prov
    ex = L5.OutcomeExplorer(table, setting="random", players=4)
    assert ex.result.iloc[0]["n"] == 12
    ex.players.value = 2
    assert ex.updates == 2 and ex.result.iloc[0]["n"] == 6 and "mean total" in ex.summary.value


def test_every_alea_notebook_has_its_lesson_module_and_uses_it():
    import importlib
    import json
    import re
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "notebooks" / "alea"
    notebooks = sorted(folder.glob("*.ipynb"))
    assert len(notebooks) >= 6  # 01-05 and 06 (the strong player)
    for path in notebooks:
        name = path.name.split(".")[0].split("-", 1)[1].replace("-", "_")  # 01-x.ko.ipynb: the twin of 01-x
        if name == "review_a_game":  # every game's review notebook uses the core's review (tests/test_shape.py)
            continue
        importlib.import_module(f"boardlab.alea.lessons.{name}")
        code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                         if c["cell_type"] == "code")
        assert re.search(rf"from boardlab\.alea\.lessons import {name} as \w+", code), path.name


def test_04_rescored_misplays_and_identical_games_keep_their_winners(misplays_measured):
    summary, _ = misplays_measured
    s = summary.set_index("misplay")
    assert s["winner changed"].between(0, 1).all() and s["unrelated games"].between(0, 1).all()
    assert (s.loc[s["games changed"] == 0, "winner changed"] == 0).all()


def test_seat_win_rates_share_a_tied_win():
    """A tie shares the win (1/k for k tied winners), as in every boardlab table (issue 25 point 4):
    the seats' rates sum to 1 and compare with the fair share."""
    import pandas as pd
    from boardlab.alea.lessons import outcome_distributions as L5
    games = pd.DataFrame({"setting": "greedy", "players": 2, "game_id": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "winner": [True, True, True, False], "win_share": [0.5, 0.5, 1.0, 0.0]})
    rates = L5.seat_win_rates(games).set_index("seat")["rate"]
    assert list(rates) == [0.75, 0.25]

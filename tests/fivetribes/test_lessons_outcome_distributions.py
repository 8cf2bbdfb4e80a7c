"""Lesson 05 (outcome distributions): seat win rates, category means, game length, the bidding
effect and the outcome widget, on small watched runs.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A).
"""


import pandas as pd
import pytest
from matplotlib.figure import Figure

from boardlab.fivetribes.lessons import outcome_distributions as L


def _provenance_text(fig: Figure) -> str:
    return " ".join(t.get_text() for t in fig.texts)


@pytest.fixture(scope="module")
def outcome_table():
    runs = {("all random", 3): L.record_turns(L.Game(players=3), ["random"] * 3, 12, 9, moves=False),
            ("front", 2): L.record_turns(L.Game(players=2), [L.BidStylePolicy("front"), "greedy"], 2, 9,
                                    rotate_seats=True, moves=False)}
    return runs, L.with_setting(runs)


def test_seat_win_rates_use_wilson_intervals(outcome_table):
    _, table = outcome_table
    rates = L.seat_win_rates(table[table["setting"] == "all random"])
    assert list(rates["seat"]) == [0, 1, 2] and (rates["games"] == 12).all()
    assert rates["wins"].sum() == pytest.approx(12)       # a tie shares the win: one win per game
    assert ((rates["lo"] <= rates["rate"]) & (rates["rate"] <= rates["hi"])).all()
    assert isinstance(L.seat_figure(rates, "prov"), Figure)


def test_a_tie_shares_the_win_in_seat_and_bidding_tables():
    """The one tie rule (core.stats.win_shares): k players tied for first get 1/k of a win each."""
    table = pd.DataFrame({"players": 2, "setting": "s", "game_id": [0, 0, 1, 1], "deal": [0, 0, 1, 1],
                          "seat": [0, 1, 0, 1], "policy": ["a", "b", "a", "b"], "total": [50, 50, 60, 40],
                          "winner": [True, True, True, False], "win_share": [0.5, 0.5, 1.0, 0.0],
                          "bid_gold": 0, "mean_position": 1.5})
    rates = L.seat_win_rates(table).set_index("seat")
    assert list(rates["wins"]) == [1.5, 0.5] and list(rates["rate"]) == [0.75, 0.25]
    effect = L.bidding_effect(table, "a")
    assert effect.loc[0, "wins"] == 1.5 and effect.loc[0, "rate"] == 0.75


def test_category_means_length_and_bidding_effect(outcome_table):
    runs, table = outcome_table
    means = L.category_means(table)
    row = means[means["setting"] == "all random"].iloc[0]
    assert row["total"] == pytest.approx(table.loc[table["setting"] == "all random", "total"].mean())
    length = L.length_table(table).set_index("setting")
    assert length.loc["all random", "games"] == 12
    assert length.loc["all random", "turns"] == pytest.approx(
        runs["all random", 3].turns.groupby("game_id").size().mean())
    effect = L.bidding_effect(table[table["setting"] == "front"], "greedy (front bids)")
    assert effect.loc[0, "games"] == 4 and effect.loc[0, "bid_gold"] > 0
    effect["opponents_bid_gold"] = [1.0]
    for fig in (L.category_figure(means, "prov"), L.length_figure(table, "prov"),
                L.bidding_figure(effect, "prov"), L.bid_gold_vs_score_figure(table, "prov")):
        assert isinstance(fig, Figure) and "prov" in _provenance_text(fig)
    assert "all random" in L.provenance_of(runs) and "2 and 3 players" in L.provenance_of(runs)


def test_outcome_explorer_follows_setting_and_player_count():


    rows = []
    for players in (2, 3):
        for game_id in range(3):
            for seat in range(players):
                policy = "greedy" if seat == 0 else "random"
                rows.append({"setting": "greedy vs random", "players": players, "game_id": game_id, "seat": seat,
                             "policy": policy, **{c: 1 for c in L.CATEGORIES},
                             "total": len(L.CATEGORIES) + (10 if policy == "greedy" else 0)})
    table = pd.DataFrame(rows)
    app = L.OutcomeExplorer(table, "test provenance", setting="greedy vs random", players=2)
    assert int(app.result["n"].sum()) == 6
    app.players.value = 3
    assert int(app.result["n"].sum()) == 9 and app.updates == 2
    greedy = app.result.set_index("policy").loc["greedy", "total"]
    assert greedy == len(L.CATEGORIES) + 10
    assert "greedy" in app.summary.value
    with pytest.raises(ValueError, match="no simulated games"):
        L.outcome_view(table, "all random", 2, "x")


def test_outcome_explorer_stamps_each_figure_with_the_run_it_shows(outcome_table):
    runs, table = outcome_table
    app = L.OutcomeExplorer(table, runs, setting="all random", players=3)
    stamp = _provenance_text(app.figure)
    assert "3 players" in stamp and "12 games" in stamp and "all random" in stamp and "2 and 3" not in stamp
    app.setting.value = "front"          # no 3-player games in that setting: refused, named
    assert app.result is None and "no simulated games" in app.summary.value
    app.players.value = 2
    stamp = _provenance_text(app.figure)
    assert "2 players" in stamp and "4 games" in stamp and "seats rotated" in stamp

"""boardlab.tournament (issue 11, point 3): seat-rotated matches, Wilson intervals, ratings."""

import pytest

import boardlab
from boardlab.core.stats import wilson_interval
import math

from boardlab.core.tournament import PAIRING_COLUMNS, budget_players, elo_ratings, main
from toygame import ToyRace


def test_pairings_hold_win_rates_with_wilson_intervals_and_margins():
    result = boardlab.tournament(ToyRace(players=2), {"random": "random", "cautious": "cautious"}, games=40, seed=1)
    p = result.pairings
    assert list(p.columns) == PAIRING_COLUMNS and len(p) == 1
    row = p.iloc[0]
    assert (row.a, row.b, row.games) == ("random", "cautious", 40)
    assert row.win_rate_a == row.wins_a / 40
    assert (row.ci_low, row.ci_high) == pytest.approx(wilson_interval(row.wins_a, 40))
    assert row.margin_a_se > 0
    assert list(result.ratings.columns) == ["player", "rating", "se", "ci_low", "ci_high"]
    assert result.ratings.rating.mean() == pytest.approx(1000)
    assert set(result.table().columns) >= {"pairing", "games", "a wins (%)", "95 % interval (%)"}


def test_seats_are_rotated_so_a_sits_first_in_even_games_and_second_in_odd_games():
    from boardlab.core.playing import GameResult
    from boardlab.core.tournament import _pair_outcome

    sheet = {0: {"total": 30}, 1: {"total": 20}}
    ranks = {0: 1, 1: 2}
    even = GameResult(0, 1, 2, ("a", "b"), 10, sheet, ranks)
    odd = GameResult(1, 1, 2, ("b", "a"), 10, sheet, ranks)
    assert _pair_outcome(2, even) == (1.0, 10.0)  # a in seat 0 won by 10
    assert _pair_outcome(2, odd) == (0.0, -10.0)  # a in seat 1 lost by 10
    tied = GameResult(2, 1, 2, ("a", "b"), 10, {0: {"total": 5}, 1: {"total": 5}}, {0: 1, 1: 1})
    assert _pair_outcome(2, tied) == (0.5, 0.0)


def test_three_players_make_three_pairings_and_the_same_seed_the_same_table():
    players = {"random": "random", "cautious": "cautious", "random too": "random"}
    a = boardlab.tournament(ToyRace(players=2), players, games=10, seed=3)
    b = boardlab.tournament(ToyRace(players=2), players, games=10, seed=3)
    assert len(a.pairings) == 3 and a.pairings.equals(b.pairings)


def test_elo_ratings_order_the_stronger_first_and_stay_finite_after_a_sweep():
    ratings = elo_ratings(["weak", "strong"], [("weak", "strong", 0.0, 50)]).set_index("player").rating
    assert ratings["strong"] > ratings["weak"] and ratings["strong"] - ratings["weak"] < 2000
    even = elo_ratings(["x", "y"], [("x", "y", 25.0, 50)]).set_index("player").rating
    assert even["x"] == pytest.approx(even["y"])


def test_rating_intervals_come_from_the_fishers_information_and_shrink_with_games():
    # two players, n games plus the two half wins: the log-odds' SE is 1 / sqrt(n p q); each
    # rating sits half of it from the mean, 400 / ln 10 points per unit of log strength
    ratings = elo_ratings(["x", "y"], [("x", "y", 50.0, 100)]).set_index("player")
    expected = 400 / math.log(10) * 0.5 / math.sqrt(101 * 0.25)
    assert ratings.se["x"] == pytest.approx(expected) and ratings.se["y"] == pytest.approx(expected)
    assert ratings.ci_low["x"] == pytest.approx(1000 - 1.96 * expected)
    more = elo_ratings(["x", "y"], [("x", "y", 200.0, 400)]).set_index("player")
    assert more.se["x"] < ratings.se["x"]
    never = elo_ratings(["x", "y", "z"], [("x", "y", 5.0, 10)]).set_index("player")
    assert math.isinf(never.se["z"])


def test_a_ratings_round_robin_of_budgets(tmp_path):
    from boardlab.alea import Game

    game = Game(players=2)
    players = budget_players(game, [2, 4])
    assert list(players) == ["greedy", "mcts-2", "mcts-4"] and players["mcts-4"].iterations == 4
    out = tmp_path / "ratings.csv"
    main(["--game", "alea", "--budgets", "2,4", "--games", "2", "--ratings-csv", str(out)])
    import pandas as pd

    table = pd.read_csv(out)
    assert sorted(table.player) == ["greedy", "mcts-2", "mcts-4"] and len(table) == 3
    assert (table.ci_low <= table.rating).all() and (table.rating <= table.ci_high).all()
    assert set(table.games_per_pairing) == {2} and set(table.players_at_table) == {2}


def test_bad_players_are_refused():
    with pytest.raises(ValueError, match="at least two"):
        boardlab.tournament(ToyRace(), {"random": "random"})


def test_the_command_line_prints_the_pairings(capsys):
    main(["--game", "alea", "--players", "random,greedy", "--games", "4", "--seed", "2"])
    out = capsys.readouterr().out
    assert "random greedy" in out and "ci_low" in out and "rating" in out

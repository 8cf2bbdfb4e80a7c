"""Games watched turn by turn (lessons.recording): the same games as ``simulate``, every action
turn in order, seat rotation, workers that do not change the tables, the bidding-style policy.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A).
"""

from __future__ import annotations

import random

import pandas as pd
import pytest

from boardlab import simulate
from boardlab.fivetribes import Game, bots
from boardlab.fivetribes.lessons import recording as L
from boardlab.fivetribes.components import COLOURS


def test_record_turns_plays_the_same_games_as_simulate():
    game = Game(players=3)
    sim = simulate(game, ["random", "greedy", "random"], 4, seed=11)
    obs = L.record_turns(game, ["random", "greedy", "random"], 4, seed=11, moves=False)
    cols = ["game_id", "seat", "policy", "total", "rank", "winner", "decisions"]
    pd.testing.assert_frame_equal(sim[cols].reset_index(drop=True), obs.seats[cols], check_dtype=False)


def test_record_turns_records_every_action_turn_in_turn_order():
    obs = L.record_turns(Game(players=4), ["random"] * 4, 3, seed=5)
    for (_, rnd), g in obs.turns.groupby(["game_id", "round"]):
        assert list(g["position"]) == list(range(1, len(g) + 1)) == list(range(1, 5))
        # turns go from the dearest spot down
        assert list(g["slot"]) == sorted(g["slot"], reverse=True)
    t = obs.turns
    assert (t["paid"] <= t["spot_cost"]).all()
    assert (t["moves_other_reading"] >= t["moves"]).all()
    per_seat = obs.seats.set_index(["game_id", "seat"])["bid_gold"]
    assert per_seat.sum() == t["paid"].sum()
    done = t[t["colour"].notna()]
    assert set(done["colour"]) <= set(COLOURS) and (done["collected"] >= 1).all()


def test_record_turns_rotates_seats_and_workers_do_not_change_the_tables():
    game = Game(players=3)
    specs = [L.BidStylePolicy("front"), "greedy", "greedy"]
    one = L.record_turns(game, specs, 2, seed=3, rotate_seats=True, moves=False)
    front = one.seats[one.seats["policy"] == "greedy (front bids)"]
    assert list(front["seat"]) == [0, 1, 2, 0, 1, 2]  # each deal once with the front bidder in every seat
    two = L.record_turns(game, specs, 2, seed=3, rotate_seats=True, moves=False, workers=2)
    pd.testing.assert_frame_equal(one.seats, two.seats)
    pd.testing.assert_frame_equal(one.turns, two.turns)
    assert "1× greedy (front bids) + 2× greedy" in one.provenance()
    with pytest.warns(DeprecationWarning, match="rotate_seats"):
        old = L.record_turns(game, specs, 4, seed=3, rotate=True, moves=False, progress=False)
    assert list(old.seats[old.seats["policy"] == "greedy (front bids)"]["seat"]) == [0, 1, 2, 0]


def test_bid_style_policy_bids_as_named_and_otherwise_plays_greedy():
    st = Game(players=3).new_game(4)
    rng = random.Random(0)
    assert L.BidStylePolicy("front")(st, rng).slot == 8
    assert L.BidStylePolicy("cheapest")(st, random.Random(1)) == bots.GreedyPolicy()(st, random.Random(1))
    assert L.BidStylePolicy("random")(st, rng) in st.legal_actions()
    while st.step == "bid":
        st.apply(st.legal_actions()[0])
    assert L.BidStylePolicy("front")(st, random.Random(2)) == bots.GreedyPolicy()(st, random.Random(2))
    with pytest.raises(ValueError, match="bidding style"):
        L.BidStylePolicy("loud")


def test_record_turns_keeps_the_core_recorder_shape_one_row_per_decision():
    from boardlab.core.decisions import COLUMNS

    game = Game(players=3)
    obs = L.record_turns(game, ["random", "greedy", "random"], 3, seed=11, moves=False, progress=False)
    sim = simulate(game, ["random", "greedy", "random"], 3, seed=11)
    d = obs.decisions
    assert tuple(d.columns[:len(COLUMNS)]) == COLUMNS
    assert {"round", "position", "options", "gold"} <= set(d.columns)
    # one row per decision of every game, numbered 0, 1, ... within each game
    per_game = d.groupby("game_id").size()
    assert per_game.tolist() == sim.groupby("game_id")["decisions"].first().tolist()
    assert all(g["step"].tolist() == list(range(len(g))) for _, g in d.groupby("game_id"))
    assert set(d["game"]) == {"fivetribes"} and set(d["seat"]) == {0, 1, 2}
    # the decision is what the engine asked; bids come first, each seat's options were offered
    assert d.groupby("game_id")["decision"].first().eq("bid").all()
    assert set(d["decision"]) >= {"bid", "start", "drop"} and (d["options"] >= 1).all()
    # the action is in the game's notation and parses back
    for text in d["action"].head(50):
        assert str(game.parse_action(text)) == text
    # the deciding seat's policy, as in the scores table
    policy_of = sim.drop_duplicates(["game_id", "seat"]).set_index(["game_id", "seat"])["policy"]
    assert all(policy_of[(g, s)] == p for g, s, p in d[["game_id", "seat", "policy"]].itertuples(index=False))

"""Tests of boardlab.fivetribes.explore, the logic behind the Five Tribes notebooks 01, 02, 03, 05.

Widget callbacks are driven without a kernel by setting ``widget.value`` on the Python objects
(jupyter-recipes.md §2, pattern A); each check compares the widget's result with the rules or
with an independent computation (the engine played step by step, brute-force enumeration).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from boardlab import simulate
from boardlab.core.policies import play
from boardlab.fivetribes import bots, complete_moves
from boardlab.fivetribes import explore as E
from boardlab.fivetribes.actions import Move
from boardlab.fivetribes.components import (
    BID_COSTS,
    BLOCK,
    CARD_COUNTS,
    COLOURS,
    DECK,
    FAKIR,
    JAFAAR,
    MERCH,
    NTILES,
    TILE_INDEX,
    TILE_NAMES,
    TILE_SET,
    TILE_TYPES,
    distance,
    merchandise_points,
)


def _provenance_text(fig: Figure) -> str:
    return " ".join(t.get_text() for t in fig.texts)


# ---------------------------------------------------------------------------------------------
# Notebook 01: the auction track


def test_bid_track_table_reads_the_engine_costs():
    table = E.bid_track_table()
    assert tuple(table["cost (gold)"]) == BID_COSTS == (0, 0, 0, 1, 3, 5, 8, 12, 18)
    assert list(table["acts (if all spots are taken)"])[-1] == "1st"


def test_spot_for_bid_maps_zero_to_the_front_zero_spot():
    assert E.spot_for_bid(0) == 2 and E.spot_for_bid(1) == 3 and E.spot_for_bid(18) == 8
    with pytest.raises(ValueError, match="spot costs"):
        E.spot_for_bid(2)


def test_auction_widget_two_zero_bids_put_the_later_zero_bidder_first():
    ex = E.AuctionExplorer(players=3, bids=(5, 3, 1, 0))
    assert ex.result is not None and ex.updates == 1
    ex.bids[0].value = 0
    ex.bids[1].value = 0      # two zeros: bid 2 pushed bid 1 back and acts before it
    table = ex.result.table.set_index("bid")
    assert table.loc[2, "turn"] < table.loc[1, "turn"]
    assert table.loc[3, "turn"] == 1                       # the 1-gold bid acts before both zeros
    assert list(table["paid"]) == [0, 0, 1]
    ex.bids[2].value = 0      # three zeros: exactly the reverse of the bid order
    assert list(ex.result.table.sort_values("turn")["bid"]) == [3, 2, 1]
    assert ex.result.state.play_order == [2, 1, 0]
    assert "P2, P1, P0" in ex.summary.value


def test_auction_widget_refuses_a_fourth_zero_with_two_players_naming_the_rule():
    ex = E.AuctionExplorer(players=3, bids=(0, 0, 0, 0))
    ex.players.value = 2
    assert ex.result is None
    assert "three 0 spots are full" in ex.summary.value
    ex.bids[3].value = 1
    assert list(ex.result.table.sort_values("turn")["bid"]) == [4, 3, 2, 1]
    assert [w.description for w in ex.bids] == ["bid 1: P0", "bid 2: P1", "bid 3: P0", "bid 4: P1"]


def test_auction_widget_refuses_a_paid_spot_taken_twice():
    ex = E.AuctionExplorer(players=4, bids=(8, 0, 0, 0))
    ex.bids[2].value = 8
    assert ex.result is None and "already taken" in ex.summary.value


def test_auction_pays_the_spot_price_and_orders_from_the_dearest_spot():
    r = E.auction(4, [3, 18, 0, 5])
    assert list(r.table["paid"]) == [3, 18, 0, 5]
    assert [r.state.gold[p] for p in range(4)] == [47, 32, 50, 45]
    assert list(r.table.sort_values("turn")["bid"]) == [2, 4, 1, 3]
    assert isinstance(r.figure, Figure) and "boardlab" in _provenance_text(r.figure)


def test_auction_needs_one_bid_per_marker():
    with pytest.raises(ValueError, match="4 turn markers"):
        E.auction(2, [0, 0, 0])


def _price_by_rule(earlier):
    """The price of going first for the next bidder, from the rule text (no engine)."""
    paid = [b for b in earlier if b > 0]
    zeros = len(earlier) - len(paid)
    if not paid:
        return 0 if zeros < 3 else 1
    top = max(paid)
    higher = [c for c in E.BID_AMOUNTS if c > top]
    return higher[0] if higher else None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_price_to_act_first_matches_the_rule(players):
    markers = 4 if players in (2, 4) else 3
    for earlier in itertools.product(E.BID_AMOUNTS, repeat=markers - 1):
        paid = [b for b in earlier if b > 0]
        if len(paid) != len(set(paid)) or sum(1 for b in earlier if b == 0) > 3:
            with pytest.raises(ValueError):
                E.price_to_act_first(players, earlier)
            continue
        assert E.price_to_act_first(players, earlier) == _price_by_rule(earlier), earlier


def test_first_price_grid_marks_forbidden_and_hopeless_cells():
    grid = E.first_price_grid(3)
    assert grid.loc[0, 0] == 0 and grid.loc[5, 3] == 8
    assert np.isnan(grid.loc[5, 5]) and np.isinf(grid.loc[18, 0])
    assert isinstance(E.first_price_figure(grid), Figure)


def test_turn_value_tables_on_a_small_frame():
    turns = pd.DataFrame({"players": [3] * 6, "position": [1, 2, 3, 1, 2, 3], "gain": [10, 8, 6, 12, 8, 4],
                          "paid": [5, 1, 0, 8, 0, 0], "slot": [5, 3, 2, 6, 2, 1], "spot_cost": [5, 1, 0, 8, 0, 0]})
    value = E.turn_value_table(turns).set_index("position")
    assert value.loc[1, "gain"] == 11 and value.loc[1, "paid"] == 6.5 and value.loc[3, "net"] == 5
    premium = E.first_mover_premium(E.turn_value_table(turns))
    assert premium.loc[0, "premium"] == 6 and premium.loc[0, "last_position"] == 3
    spots = E.spot_value_table(turns).set_index("spot_cost")
    assert spots.loc[0, "turns"] == 3 and spots.loc[8, "net"] == 4


# ---------------------------------------------------------------------------------------------
# Watching games


def test_record_turns_plays_the_same_games_as_simulate():
    game = E.Game(players=3)
    sim = simulate(game, ["random", "greedy", "random"], 4, seed=11)
    obs = E.record_turns(game, ["random", "greedy", "random"], 4, seed=11, moves=False)
    cols = ["game_id", "seat", "policy", "total", "rank", "winner", "decisions"]
    pd.testing.assert_frame_equal(sim[cols].reset_index(drop=True), obs.players[cols], check_dtype=False)


def test_record_turns_records_every_action_turn_in_turn_order():
    obs = E.record_turns(E.Game(players=4), ["random"] * 4, 3, seed=5)
    for (_, rnd), g in obs.turns.groupby(["game_id", "round"]):
        assert list(g["position"]) == list(range(1, len(g) + 1)) == list(range(1, 5))
        # turns go from the dearest spot down
        assert list(g["slot"]) == sorted(g["slot"], reverse=True)
    t = obs.turns
    assert (t["paid"] <= t["spot_cost"]).all()
    assert (t["moves_other_reading"] >= t["moves"]).all()
    per_player = obs.players.set_index(["game_id", "seat"])["bid_gold"]
    assert per_player.sum() == t["paid"].sum()
    done = t[t["colour"].notna()]
    assert set(done["colour"]) <= set(COLOURS) and (done["collected"] >= 1).all()


def test_record_turns_rotates_seats_and_workers_do_not_change_the_tables():
    game = E.Game(players=3)
    specs = [E.BidStylePolicy("front"), "greedy", "greedy"]
    one = E.record_turns(game, specs, 4, seed=3, rotate=True, moves=False)
    front = one.players[one.players["policy"] == "greedy (front bids)"]
    assert list(front["seat"]) == [0, 1, 2, 0]
    two = E.record_turns(game, specs, 4, seed=3, rotate=True, moves=False, workers=2)
    pd.testing.assert_frame_equal(one.players, two.players)
    pd.testing.assert_frame_equal(one.turns, two.turns)
    assert "1× greedy (front bids) + 2× greedy" in one.provenance()


def test_bid_style_policy_bids_as_named_and_otherwise_plays_greedy():
    st = E.Game(players=3).new_game(4)
    rng = random.Random(0)
    assert E.BidStylePolicy("front")(st, rng).slot == 8
    assert E.BidStylePolicy("cheapest")(st, random.Random(1)) == bots.GreedyPolicy()(st, random.Random(1))
    assert E.BidStylePolicy("random")(st, rng) in st.legal_actions()
    while st.step == "bid":
        st.apply(st.legal_actions()[0])
    assert E.BidStylePolicy("front")(st, random.Random(2)) == bots.GreedyPolicy()(st, random.Random(2))
    with pytest.raises(ValueError, match="bidding style"):
        E.BidStylePolicy("loud")


# ---------------------------------------------------------------------------------------------
# Notebook 02: moving the meeples


def _ends_from_complete_moves(meeples, tile, loop=False):
    return Counter((TILE_NAMES[path[-1]], COLOURS[c]) for _, path, c in complete_moves(meeples, loop, [tile]))


def _ends_step_by_step(state, tile):
    """Every (path, final colour) reached by playing the move drop by drop through the engine."""
    st = state.copy()
    while st.step == "bid":
        st.apply(st.legal_actions()[0])
    assert st.step == "start"
    st.apply(Move("move", tile))
    seen = set()

    def walk(s, path):
        if s.step != "drop":
            seen.add((tuple(p for p, _ in path), path[-1][1]))
            return
        for a in s.legal_actions():
            c = s.copy()
            c.apply(a)
            walk(c, path + [(a.tile, a.colour)])

    walk(st, [])
    return Counter((TILE_NAMES[p[-1]], COLOURS[c]) for p, c in seen)


@pytest.mark.parametrize("seed,tile", [(0, "C3"), (0, "A1"), (3, "D4"), (7, "F5")])
def test_reachable_ends_match_complete_moves_and_step_by_step_play(seed, tile):
    st = E.board(seed)
    table = E.reachable_ends(st, tile)
    got = Counter({(r.end, r.colour): r.paths for r in table.itertuples()})
    assert got == _ends_from_complete_moves(st.meeples, TILE_INDEX[tile])
    assert got == _ends_step_by_step(st, TILE_INDEX[tile])
    steps = sum(st.tile_meeples(TILE_INDEX[tile]))
    for r in table.itertuples():
        d = distance(TILE_INDEX[tile], TILE_INDEX[r.end])
        assert r.steps == steps and d <= steps and (steps - d) % 2 == 0
        assert st.meeples[TILE_INDEX[r.end] * 5 + COLOURS.index(r.colour)] == r.already_there >= 1


def test_move_widget_table_matches_complete_moves_for_each_tile_and_board():
    ex = E.MoveExplorer(seed=0, tile="C3")
    assert ex.updates == 1 and int(ex.result["paths"].sum()) == 38
    for tile in ("A1", "B2", "E4"):
        ex.tile.value = tile
        got = Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()})
        assert got == _ends_from_complete_moves(ex.state.meeples, TILE_INDEX[tile])
    ex.seed.value = 5
    assert ex.state.meeples == E.board(5).meeples
    got = Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()})
    assert got == _ends_from_complete_moves(E.board(5).meeples, TILE_INDEX["E4"])
    assert ex.figure is None or "boardlab" in _provenance_text(ex.figure)


def test_move_widget_loop_reading_uses_the_other_rule_and_reports_no_move():
    st = E.Game(players=3).new_game(0)
    data = st.to_json()
    # a 5-meeple tile whose only way to end on yellow is by coming back over its own drops
    for t in range(NTILES):
        data["bag"] = [a + b for a, b in zip(data["bag"], data["meeples"][t])]
        data["meeples"][t] = [0, 0, 0, 0, 0]
    take = {"C3": [0, 0, 0, 4, 1]}
    for name, counts in take.items():
        data["meeples"][TILE_INDEX[name]] = counts
        data["bag"] = [a - b for a, b in zip(data["bag"], counts)]
    pos = E.Game(players=3).state_from_json(data)
    assert E.reachable_ends(pos, "C3").empty
    looped = E.reachable_ends(pos, "C3", loop=True)
    assert Counter({(r.end, r.colour): r.paths for r in looped.itertuples()}) \
        == _ends_from_complete_moves(pos.meeples, TILE_INDEX["C3"], loop=True)
    assert not looped.empty and set(looped["colour"]) == {"blue"}
    ex = E.MoveExplorer(seed=0, tile="C3")
    ex.loop.value = True
    assert Counter({(r.end, r.colour): r.paths for r in ex.result.itertuples()}) \
        == _ends_from_complete_moves(ex.state.meeples, TILE_INDEX["C3"], loop=True)


def test_moves_on_fresh_boards_count_the_engine_moves_and_readings_agree():
    df = E.moves_on_fresh_boards(5, seed=1)
    for row in df.itertuples():
        st = E.Game(players=3).new_game(row.game_seed)
        assert row.moves == len(complete_moves(st.meeples, False)) == row.moves_loop
    assert isinstance(E.moves_histogram(df, "prov"), Figure)


def test_moves_by_round_table_and_figure():
    obs = E.record_turns(E.Game(players=3), ["random"] * 3, 3, seed=2)
    table = E.moves_by_round(obs.turns)
    assert table["turns"].sum() == len(obs.turns)
    assert table.loc[table["round"] == 1, "moves"].iloc[0] == obs.turns.loc[obs.turns["round"] == 1, "moves"].mean()
    assert isinstance(E.moves_by_round_figure(table, obs.provenance(), min_turns=1), Figure)


# ---------------------------------------------------------------------------------------------
# Notebook 03: the five tribes


def test_blue_expectation_is_block_size_times_twelve_thirtieths():
    assert E.BLUE_TILES == sum(TILE_TYPES[k].blue for k in TILE_SET) == 12
    exact = E.blue_expectation_exact()
    for t in range(NTILES):
        r, c = divmod(t, 6)
        assert exact[r][c] == Fraction(len(BLOCK[t]) * 12, 30)
    for block in (4, 6, 9):
        dist = E.blue_count_distribution(block)
        assert sum(dist.values()) == 1
        assert sum(k * p for k, p in dist.items()) == Fraction(block * 12, 30)


def test_blue_counts_on_boards_count_blue_valued_tiles_of_the_engine_board():
    counts = E.blue_counts_on_boards(3, seed=4)
    from boardlab.core.simulate import game_seeds
    tiles = E.Game(players=3).new_game(game_seeds(4, 2)[0]).tiles
    assert list(counts[2]) == [sum(TILE_TYPES[tiles[u]].blue for u in BLOCK[t]) for t in range(NTILES)]


def test_builders_widget_gives_exact_expected_gold_for_the_tile():
    counts = E.blue_counts_on_boards(50, seed=1)
    ex = E.BuildersExplorer(counts, "prov", builders=1, fakirs=0, tile="C3")
    assert ex.result["expected_blue"] == Fraction(18, 5)
    ex.tile.value = "A1"
    assert ex.result["block"] == 4 and ex.result["expected_blue"] == Fraction(8, 5)
    ex.builders.value = 3
    ex.fakirs.value = 1
    assert ex.result["expected_gold"] == Fraction(8, 5) * 4
    ex.tile.value = "B1"
    dist = ex.result["distribution"]
    assert list(dist["exact"]) == [E.blue_count_distribution(6)[k] for k in range(7)]
    assert abs(dist["simulated"].sum() - 1) < 1e-12


def test_assassins_widget_lists_the_tiles_within_reach():
    ex = E.AssassinsExplorer(assassins=1, fakirs=0, tile="A1")
    assert ex.result["tiles"] == ["A1", "A2", "B1"]
    ex.tile.value = "C3"
    ex.assassins.value = 3
    ex.fakirs.value = 2
    assert ex.result["reach"] == 5 and len(ex.result["tiles"]) == 30
    assert int(E.reach_counts(3)[2, 2]) == 22 and int(E.reach_counts(3)[0, 0]) == 10
    with pytest.raises(ValueError):
        E.reach_counts(-1)


def test_vizier_widget_and_points_follow_the_rule():
    ex = E.VizierExplorer(players=3, viziers=(4, 2, 2, 0))
    assert list(ex.result["points"]) == [24, 2, 2]
    ex.viziers[2].value = 3
    assert list(ex.result["points"]) == [24, 2, 13]
    ex.players.value = 2
    assert list(ex.result["points"]) == [14, 2] and ex.viziers[2].disabled
    ex.viziers[0].value = 2
    assert list(ex.result["points"]) == [2, 2]       # a tie: nobody gets the other's 10
    ex.viziers[0].value = 15
    assert ex.result is None and "16 Viziers" in ex.summary.value
    with pytest.raises(ValueError):
        E.vizier_points([1])


def test_vizier_points_agree_with_the_engine_score_sheet():
    game = E.Game(players=4)
    for seed in range(6):
        st = play(game, ["random"] * 4, seed)
        sheet = st.score_sheet()
        points = E.vizier_points(st.viziers)
        for p in range(4):
            extra = 2 * st.viziers[p] if st.djinn_owner[JAFAAR] == p else 0   # Jafaar: 3 per Vizier
            assert sheet[p]["viziers"] == points[p] + extra


def _merchant_draw_brute(n):
    deck = list(DECK)
    out = Counter()
    total = 0
    for hand in itertools.combinations(range(len(deck)), n):
        counts = [0] * 10
        for i in hand:
            counts[deck[i]] += 1
        out[(merchandise_points([counts[c] for c in MERCH]), counts[FAKIR])] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in out.items()}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_merchant_draw_matches_brute_force_over_the_deck(n):
    assert E.merchant_draw(n) == _merchant_draw_brute(n)


def test_merchant_table_and_widget():
    table = E.merchant_table()
    assert list(table["expected fakirs"]) == [Fraction(n, 3) for n in range(1, 10)]
    assert table.loc[0, "expected set value"] == Fraction(36, 54)
    assert sum(CARD_COUNTS) == comb(54, 1) == 54
    sim = E.merchant_simulated(E.fresh_rows(40, seed=1))
    ex = E.MerchantsExplorer(table, sim, "prov", merchants=1)
    assert ex.result["expected_value"] == Fraction(2, 3) and ex.result["expected_fakirs"] == Fraction(1, 3)
    ex.merchants.value = 3
    assert ex.result["expected_value"] == Fraction(6829, 2067) and ex.result["expected_fakirs"] == 1
    assert sum(ex.result["distribution"].values()) == 1
    with pytest.raises(ValueError):
        E.merchant_draw(10)


def test_tribe_payoff_table_groups_turns_by_colour():
    turns = pd.DataFrame({"colour": ["yellow", "yellow", "red", "red", None], "collected": [2, 4, 1, 1, 0],
                          "gain": [10, 20, 3, 5, 0]})
    table = E.tribe_payoff_table(turns).set_index("colour")
    assert table.loc["yellow", "gain"] == 15 and table.loc["red", "share"] == 0.5
    assert table.loc["yellow", "tribe"] == "Viziers"
    assert isinstance(E.tribe_payoff_figure(table.reset_index(), "prov"), Figure)


# ---------------------------------------------------------------------------------------------
# Notebook 05: outcome distributions


@pytest.fixture(scope="module")
def outcome_table():
    runs = {("all random", 3): E.record_turns(E.Game(players=3), ["random"] * 3, 12, 9, moves=False),
            ("front", 2): E.record_turns(E.Game(players=2), [E.BidStylePolicy("front"), "greedy"], 4, 9,
                                    rotate=True, moves=False)}
    return runs, E.with_setting(runs)


def test_seat_win_rates_use_wilson_intervals(outcome_table):
    _, table = outcome_table
    rates = E.seat_win_rates(table[table["setting"] == "all random"])
    assert list(rates["seat"]) == [0, 1, 2] and (rates["games"] == 12).all()
    assert rates["wins"].sum() >= 12                      # shared wins count for every winner
    assert ((rates["lo"] <= rates["rate"]) & (rates["rate"] <= rates["hi"])).all()
    assert isinstance(E.seat_figure(rates, "prov"), Figure)


def test_category_means_length_and_bidding_effect(outcome_table):
    runs, table = outcome_table
    means = E.category_means(table)
    row = means[means["setting"] == "all random"].iloc[0]
    assert row["total"] == pytest.approx(table.loc[table["setting"] == "all random", "total"].mean())
    length = E.length_table(table).set_index("setting")
    assert length.loc["all random", "games"] == 12
    assert length.loc["all random", "turns"] == pytest.approx(
        runs["all random", 3].turns.groupby("game_id").size().mean())
    effect = E.bidding_effect(table[table["setting"] == "front"], "greedy (front bids)")
    assert effect.loc[0, "games"] == 4 and effect.loc[0, "bid_gold"] > 0
    effect["opponents_bid_gold"] = [1.0]
    for fig in (E.category_figure(means, "prov"), E.length_figure(table, "prov"),
                E.bidding_figure(effect, "prov"), E.bid_gold_vs_score_figure(table, "prov")):
        assert isinstance(fig, Figure) and "prov" in _provenance_text(fig)
    assert "all random" in E.provenance_of(runs) and "players=3/2" in E.provenance_of(runs)


def test_count_agrees_uses_the_binomial_tail_for_rare_outcomes():
    # common outcomes: within 4 standard errors
    assert E.count_agrees(1000, 2000, Fraction(1, 2)) and not E.count_agrees(1100, 2000, Fraction(1, 2))
    # a 1-in-60,000 outcome seen once in 2000 boards is 6 standard errors out, yet happens in 3 % of runs
    assert E.count_agrees(1, 2000, 1.5e-5) and E.count_agrees(0, 2000, 1.5e-5)
    assert not E.count_agrees(4, 2000, 1.5e-5)
    assert E.count_agrees(6, 2000, 6.2e-4) and not E.count_agrees(9, 2000, 6.2e-4)
    assert E.count_agrees(2000, 2000, 1 - 1e-6) and not E.count_agrees(1990, 2000, 1 - 1e-6)
    assert E.count_agrees(0, 100, 0) and not E.count_agrees(1, 100, 0)
    table = E.blue_distribution_table(E.blue_counts_on_boards(50, seed=3), "C3")
    assert table["agrees"].all()


def test_outcome_explorer_follows_setting_and_player_count():
    import pandas as pd

    rows = []
    for players in (2, 3):
        for game_id in range(3):
            for seat in range(players):
                policy = "greedy" if seat == 0 else "random"
                rows.append({"setting": "greedy vs random", "players": players, "game_id": game_id, "seat": seat,
                             "policy": policy, **{c: 1 for c in E.CATEGORIES},
                             "total": len(E.CATEGORIES) + (10 if policy == "greedy" else 0)})
    table = pd.DataFrame(rows)
    app = E.OutcomeExplorer(table, "test provenance", setting="greedy vs random", players=2)
    assert int(app.result["n"].sum()) == 6
    app.players.value = 3
    assert int(app.result["n"].sum()) == 9 and app.updates == 2
    greedy = app.result.set_index("policy").loc["greedy", "total"]
    assert greedy == len(E.CATEGORIES) + 10
    assert "greedy" in app.summary.value
    with pytest.raises(ValueError, match="no simulated games"):
        E.outcome_view(table, "all random", 2, "x")


@pytest.mark.parametrize("tile, block", [(0, 4), (1, 6), (7, 9)])
def test_blue_count_distribution_monte_carlo_twin_on_engine_boards(tile, block):
    # Exact hypergeometric answer against boards set up by the engine (tile 0 is a corner, 1 an
    # edge, 7 an inside tile of the 5x6 board).
    from boardlab.core.stats import assert_frequencies_agree

    counts = E.blue_counts_on_boards(1500, seed=99)[:, tile]
    assert_frequencies_agree(E.blue_count_distribution(block), counts.tolist(), f"tile {tile}")

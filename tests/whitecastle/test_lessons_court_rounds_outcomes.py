"""Tests of the lessons behind notebooks 03-05 (boardlab.whitecastle.lessons: climbing_the_court,
round_end_and_gardens, outcome_distributions, and their shared records and common).

Widget callbacks are driven without a kernel by setting ``widget.value`` (jupyter-recipes §2,
pattern A); every result is checked against the rules (the seed) or against the engine.
"""

import random
from collections import Counter
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from boardlab import simulate, whitecastle  # noqa: E402
from boardlab.core import stats  # noqa: E402
from boardlab.whitecastle.lessons import common as LC  # noqa: E402
from boardlab.whitecastle.lessons import records as LR  # noqa: E402
from boardlab.whitecastle.lessons import climbing_the_court as L03  # noqa: E402
from boardlab.whitecastle.lessons import round_end_and_gardens as L04  # noqa: E402
from boardlab.whitecastle.lessons import outcome_distributions as L05  # noqa: E402
from boardlab.whitecastle import positions  # noqa: E402
from boardlab.whitecastle import rules as R  # noqa: E402
from boardlab.whitecastle import scoring  # noqa: E402
from boardlab.whitecastle.positions import take_options  # noqa: E402


def _texts(fig):
    """Every text on a figure: titles, axis labels, tick labels, free texts."""
    out = [t.get_text() for t in fig.texts]
    if getattr(fig, "_suptitle", None) is not None:
        out.append(fig._suptitle.get_text())
    for ax in fig.axes:
        out += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    return out


def _check_figure(fig, *, simulated=False):
    """Article-ready: titled, labelled axes, a provenance line naming the version (and for
    simulated figures the sample size and seed)."""
    texts = _texts(fig)
    assert any(t.get_text().startswith("boardlab ") for t in fig.texts), texts
    stamp = next(t.get_text() for t in fig.texts if t.get_text().startswith("boardlab "))
    assert "The White Castle" in stamp.replace("\n", " · ")
    if simulated:
        assert "games" in stamp and "seed" in stamp
    main = [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]
    assert any(ax.get_title() for ax in main) or (fig._suptitle and fig._suptitle.get_text())
    for ax in main:
        assert ax.get_ylabel() or ax is not main[0], "the first axes needs a y label"
        assert ax.get_xlabel() or ax.get_xticklabels(), "axes need an x label or named ticks"


# ============================================================ routes to floor 3 (notebook 03)


def test_route_table_lists_every_route_with_seed_costs():
    t = L03.route_table().set_index("route")
    assert len(t) == 7
    # Seed: the gate costs 2 coins; 2 pearls climb one floor, 5 pearls two floors.
    assert (t["coins"] == 2).all()
    assert t.loc["gate → floor 1", "pearls"] == 2
    assert t.loc["gate → floor 2", "pearls"] == 5
    assert t.loc["gate → floor 1 → floor 2", "pearls"] == 4
    assert t.loc["gate → floor 1 → floor 3", "pearls"] == t.loc["gate → floor 2 → floor 3", "pearls"] == 7
    assert t.loc["gate → floor 1 → floor 2 → floor 3", "pearls"] == 6
    # Seed: a courtier scores 1 / 3 / 6 / 10 at the gate / floor 1 / 2 / 3.
    assert list(t.groupby("ends on")["courtier points"].first().loc[list(LC.LEVELS)]) == [1, 3, 6, 10]
    assert t.loc["gate → floor 1 → floor 2 → floor 3", "pearls per point"] == Fraction(2, 3)
    assert t.loc["gate → floor 2 → floor 3", "pearls per point"] == Fraction(7, 9)
    assert t.loc["gate → floor 1 → floor 2", "pearls per point"] == Fraction(4, 5)
    # The gate entry shares a Courtier action with the first climb.
    assert t.loc["gate → floor 1", "courtier actions"] == 1
    assert t.loc["gate → floor 1 → floor 2 → floor 3", "courtier actions"] == 3
    assert t.loc["gate", "counts for warriors"] == False  # noqa: E712 (numpy bool)
    assert t.loc["gate → floor 1 → floor 2", "card swaps"] == 2


@pytest.mark.parametrize("route", [r for r in L03.courtier_routes() if len(r) > 1], ids=L03.route_name)
def test_engine_route_costs_match_the_table(route):
    played = L03.climb_route(route, resource_card=1)  # card 1's back and Decree give a coin and a pearl
    row = L03.route_table().set_index("route").loc[L03.route_name(route)]
    assert played["coins paid"].sum() == row["coins"] == 2
    assert played["pearls paid"].sum() == row["pearls"]
    assert played["courtier points"].iloc[-1] == row["courtier points"]
    assert played["courtier on"].iloc[-1] == LC.LEVELS[route[-1]]


def test_climb_route_refuses_a_route_that_skips_three_floors():
    with pytest.raises(ValueError, match="climb 1 or 2 floors"):
        L03.climb_route((0, 3))


def test_each_card_swap_moves_the_old_card_and_its_icon_into_the_lantern():
    t = L03.lantern_growth((0, 1, 2, 3), resource_card=9)  # back: +1 food, no Decree
    assert list(t["lantern icons"]) == [1, 1, 2, 3, 3]
    assert t["to the lantern"].iloc[2] == "start:courtier"  # floor 1: the starting card goes in
    assert t["icon added"].iloc[2] == "+1 Passage of Time step"
    assert t["to the lantern"].iloc[3].startswith("steward:")  # floor 2: the steward goes in
    assert t["icon added"].iloc[3] == "+1 coin"
    assert t["to the lantern"].iloc[4] == ""  # floor 3 takes no card
    # jumping two floors passes one room only: one swap
    assert list(L03.lantern_growth((0, 2), resource_card=9)["lantern icons"]) == [1, 1, 2]


def test_a_diplomat_swapped_out_shows_one_clan_point():
    t = L03.climb_route((0, 2), resource_card=9)
    card = t["action card"].iloc[-1]
    assert card.startswith("diplomat:")
    assert LC.lantern_reward([card]) == Counter({"cp": 1})
    assert LC.lantern_reward(["start:warrior"]) == Counter({"time": 1})
    assert LC.lantern_reward(["steward:4"]) == Counter({"coin": 1})


def test_lantern_icon_table_covers_every_kind_of_lantern_card():
    t = L03.lantern_icon_table().set_index("card")
    assert t.loc["starting action card", "icon"] == "+1 Passage of Time step"
    assert t.loc["steward (floor 1)", "icon"] == "+1 coin"
    assert t.loc["diplomat (floor 2)", "icon"] == "+1 clan point"


def test_lantern_widget_follows_the_route_and_resource_card():
    e = L03.lantern_explorer()
    assert e.calls == 1 and list(e.result["table"]["lantern icons"]) == [1, 1, 2, 3, 3]
    e.controls["route"].value = (0, 2)
    assert e.calls == 2 and list(e.result["table"]["courtier on"])[-1] == "floor 2"
    e.controls["resource_card"].value = 1  # back +1 pearl, Decree: +1 coin
    assert e.result["table"]["lantern reward"].iloc[0] == "+1 coin, +1 mother-of-pearl"
    assert "diplomat:" in e.html.value
    assert e.figure.axes[0].get_title().startswith("Lantern reward")


# ============================================================ warriors x courtiers (notebook 03)


def test_courtier_on_floor_1_with_two_warriors_in_the_5_iron_yard_adds_4_warrior_points():
    e = L03.warrior_explorer(warriors=(2, 0, 0), court=(0, 0, 0, 0))
    assert e.result.warrior_points == 0
    e.controls["level1"].value = 1
    # seed: warrior value (2 warriors x 2) times courtiers inside the castle (1)
    assert e.result.warrior_points == 4
    assert e.result.courtier_points == 3
    assert "Warriors: 4 points" in e.html.value
    assert e.result.warrior_points == scoring.warrior_points([2, 0, 0], [0, 1, 0, 0])


def test_a_courtier_at_the_gate_does_not_multiply_warriors():
    e = L03.warrior_explorer(warriors=(2, 1, 1), court=(0, 1, 0, 0))
    before = e.result
    e.controls["level0"].value = 3
    assert e.result.warrior_points == before.warrior_points == 6
    assert e.result.courtier_points == before.courtier_points + 3


def test_warrior_table_rows_and_next_step_values():
    s = L03.warrior_table((1, 2, 1), (1, 1, 1, 0))
    assert list(s.table["warrior value"]) == [2, 2, 1]
    assert list(s.table["points"]) == [4, 4, 2]
    assert s.warrior_points == 10 and s.courtier_points == 1 + 3 + 6
    options = dict(zip(s.options["one more"], s.options["adds points"]))
    assert options["warrior in the 5-iron yard (costs 5 iron)"] == 2 * 2
    assert options["courtier moved gate → floor 1 (2 pearls)"] == 2 + 5  # +2 courtier points, +5 warrior value
    assert options["courtier moved floor 1 → floor 3 (5 pearls)"] == 7
    assert s.note == ""


def test_warrior_table_says_when_more_workers_are_set_than_a_clan_has():
    s = L03.warrior_table((3, 3, 0), (0, 0, 0, 0))
    assert "only 5 warriors" in s.note and "only 5 warriors" in s.html()


def test_multiplier_grid_figure_marks_the_position():
    e = L03.warrior_explorer(warriors=(2, 0, 0), court=(0, 2, 0, 0))
    fig = e.figure
    _check_figure(fig)
    assert len(fig.axes[0].patches) == 1  # the outline of the current cell
    assert fig.axes[0].patches[0].get_xy() == (4 - 0.5, 2 - 0.5)


# ============================================================ Passage of Time (notebook 04)


def test_time_track_gates_and_points():
    t = L04.time_track_table().set_index("space")
    assert {s: c for s, c in t["seals to enter"].items() if c} == {6: 1, 11: 2, 15: 3}
    assert list(t["points"].loc[[0, 5, 6, 10, 11, 14]]) == [0, 0, 3, 3, 6, 6]
    assert list(t["points"].loc[15:20]) == [10, 11, 12, 13, 14, 15]
    assert t.loc[20, "seals from space 0"] == 6


def test_move_marker_stops_at_a_gate_without_seals():
    assert L04.move_marker(5, 2, seals=0)["end"] == 5  # the rest of the move is lost
    paid = L04.move_marker(5, 2, seals=1)
    assert paid["end"] == 7 and paid["seals left"] == 0 and "pay 1 seal" in paid["decisions"]
    assert L04.move_marker(10, 1, seals=1)["end"] == 10  # space 11 needs 2 seals
    assert L04.move_marker(14, 2, seals=3)["end"] == 16
    declined = L04.move_marker(5, 2, seals=1, pay=False)
    assert declined["end"] == 5 and declined["seals left"] == 1


def test_turn_order_furthest_first_and_last_arrival_first_on_a_tie():
    t = L04.next_turn_order([7, 7, 4, 11], arrival=[0, 1, 2, 3])
    assert list(t["player"]) == ["P3", "P1", "P0", "P2"]  # P1 arrived on 7 after P0: on top
    t = L04.next_turn_order([7, 7, 4, 11], arrival=[1, 0, 2, 3])
    assert list(t["player"]) == ["P3", "P0", "P1", "P2"]


def test_next_turn_order_refuses_a_bad_arrival_list():
    with pytest.raises(ValueError, match="each of the 3 players once"):
        L04.next_turn_order([1, 2, 3], arrival=[0, 0, 1])


def test_turn_order_widget_moving_a_marker_past_another_changes_the_order():
    e = L04.turn_order_explorer(spaces=(7, 7, 4, 11), arrival=(0, 1, 2, 3))
    assert list(e.result["player"]) == ["P3", "P1", "P0", "P2"]
    e.controls["p2"].value = 12  # P2 passes everyone
    assert list(e.result["player"]) == ["P2", "P3", "P1", "P0"]
    assert "Next turn order: P2, P3, P1, P0" in e.html.value
    assert e.figure.axes[0].get_title().endswith("P2, P3, P1, P0")
    e.controls["p0"].value = 12  # P0 joins P2 on 12 but arrived first: below P2
    assert list(e.result["player"])[:2] == ["P2", "P0"]
    e.controls["arrival"].value = (1, 2, 3, 0)  # now P0's marker arrived last: on top
    assert list(e.result["player"])[:2] == ["P0", "P2"]
    assert e.calls == 4


def test_time_and_route_figures_are_article_ready():
    for fig in (L04.time_track_figure(), L03.route_figure(), L03.lantern_figure(), L03.multiplier_figure()):
        _check_figure(fig)
        # these hold at any player count: the stamp does not claim one
        assert "The White Castle · any player count · " in fig.texts[-1].get_text().replace("\n", " · ")
    fig = L04.turn_order_figure(L04.next_turn_order([1, 2, 3]))
    _check_figure(fig)
    assert "The White Castle · 3 players · " in fig.texts[-1].get_text().replace("\n", " · ")


# ============================================================ bridges at round end: exact


def _brute_force(players: int, lone_die_is_left: bool = True):
    """Every sequence of uniformly random take actions, enumerated one by one (independent of
    the dynamic programme in bridge_exact)."""
    holds, left = Fraction(0), Fraction(0)
    picks = 3 * players

    def walk(bridges, p, step, lefts):
        nonlocal holds, left
        if step == picks:
            holds += p if bridges[0] else 0
            left += p * lefts
            return
        opts = take_options(bridges, players, lone_die_is_left)
        for c, end in opts:
            after = list(bridges)
            after[c] -= 1
            walk(tuple(after), p / len(opts), step + 1, lefts + (end == "left"))

    walk((players + 1,) * 3, Fraction(1), 0, 0)
    return holds, left / picks


@pytest.mark.parametrize("lone", [True, False])
def test_bridge_exact_agrees_with_brute_force_at_2_players(lone):
    holds, left_share = _brute_force(2, lone)
    e = LC.bridge_exact(2, lone)
    assert e["p_holds"] == holds and e["left_share"] == left_share
    assert sum(e["empty"].values()) == 1 and sum(e["dist"].values()) == 1
    assert all(sum(b) == 3 for b in e["dist"])  # three dice always stay


def _takes_of_one_round(state, rng, picks):
    """Play the takes of one round on an engine state: each die taken uniformly at random among
    the engine's legal take actions (``state.legal_actions()``), every other decision answered
    with its first legal option that is not a seal exchange. Returns the dice left per bridge
    and the number of takes the engine counts as a left end."""
    lefts = 0
    for _ in range(picks):
        while state.decision[0] != "take":
            legal = state.legal_actions()
            state.apply(next((a for a in legal if a.kind != "exchange"), legal[0]))
        action = rng.choice([a for a in state.legal_actions() if a.kind == "take"])
        lefts += action.m == 0
        state.apply(action)
    return [len(b) for b in state.bridges], lefts


@pytest.mark.parametrize("lone", [True, False])
def test_bridge_exact_monte_carlo_twin_within_4_standard_errors(lone):
    """The twin plays the takes of a round in the engine itself (not the exact model's options)."""
    rng = random.Random(11)
    n = 4000
    for players in (2, 3, 4):
        e = LC.bridge_exact(players, lone)
        start = positions.load(positions.teaching_position(players), lone_die_is_left=lone)
        assert [len(b) for b in start.bridges] == [players + 1] * 3
        holds, left_shares, empties = 0, [], []
        for _ in range(n):
            left, lefts = _takes_of_one_round(start.copy(), rng, 3 * players)
            holds += left[0] > 0
            left_shares.append(lefts / (3 * players))
            empties.append(left.count(0))
        stats.assert_probability_agrees(e["p_holds"], holds, n, f"{players}p bridge holds a die")
        stats.assert_mean_agrees(e["left_share"], left_shares, f"{players}p left share")
        stats.assert_frequencies_agree(e["empty"], empties, f"{players}p empty bridges")


def test_bridge_exact_table_values():
    t = L04.bridge_exact_table().set_index("players")
    assert t.loc[2, "P(a bridge holds a die)"] == Fraction(4931, 6750)
    assert list(t["dice taken"]) == [6, 9, 12]
    for n in (2, 3, 4):
        row = t.loc[n]
        assert row["P(0 bridges empty)"] + row["P(1 bridges empty)"] + row["P(2 bridges empty)"] == 1
        # three dice stay: the expected number of empty bridges is 3 x (1 - P(holds))
        expected_empty = row["P(1 bridges empty)"] + 2 * row["P(2 bridges empty)"]
        assert expected_empty == 3 * (1 - row["P(a bridge holds a die)"])


# ============================================================ the game recorder


@pytest.fixture(scope="module")
def random_records():
    return {n: LR.record_games(whitecastle.Game(players=n), ["random"] * n, 40, seed=3) for n in (2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_recorded_picks_add_up(random_records, players):
    rec = random_records[players]
    picks = rec.picks
    # every game: 3 rounds x 3 dice per player
    assert (picks.groupby("game_id").size() == 3 * players * 3).all()
    ends = picks["end"].value_counts()
    assert ends.get("left", 0) + ends.get("right", 0) == len(picks) == 40 * 9 * players
    assert picks["space"].notna().all() and set(picks["space"]) <= set(LC.SPACE_GROUPS)
    assert (picks.groupby(["game_id", "seat"]).size() == 9).all()
    # three dice stay on the bridges at every round end
    assert (rec.rounds.groupby(["game_id", "round"])["dice left"].sum() == 3).all()
    assert len(rec.rounds) == 40 * 3 * 3
    # a domain row takes its own colour only
    rows = picks[picks["space"].str.startswith("ROW")]
    assert all(whitecastle.actions.ROWS.index(s) == ["coral", "black", "white"].index(c)
               for s, c in zip(rows["space"], rows["colour"]))


def test_a_pick_row_has_the_core_recorder_columns_and_what_the_taker_saw(random_records):
    from boardlab.core.decisions import COLUMNS

    picks = random_records[2].picks
    assert list(picks.columns[:len(COLUMNS)]) == list(COLUMNS) and "player" not in picks.columns
    assert set(picks["decision"]) == {"take"} and (picks["game"] == "whitecastle").all()
    assert all(a.startswith(f"take {c} {p} ") for a, c, p in zip(picks["action"], picks["colour"], picks["pips"]))
    pair = picks[~picks["lone die"]]
    # the other end of a bridge: higher (or equal) when the left die is taken, lower when the right
    left, right = pair[pair["end"] == "left"], pair[pair["end"] == "right"]
    assert (left["other end"] >= left["pips"]).all() and (right["other end"] <= right["pips"]).all()
    assert picks.loc[picks["lone die"], "other end"].isna().all()
    # every lantern holds at least the starting resource card's icon
    assert (picks["lantern icons"] >= 1).all() and (picks["lantern"] != "").all()


def test_lone_die_is_counted_as_left_by_default(random_records):
    lone = random_records[3].picks[random_records[3].picks["lone die"]]
    assert len(lone) > 0 and (lone["end"] == "left").all()


def test_recorded_scores_equal_simulate():
    game = whitecastle.Game(players=3)
    rec = LR.record_games(game, ["random"] * 3, 12, seed=21)
    df = simulate(game, ["random"] * 3, games=12, seed=21, progress=False)
    pd.testing.assert_frame_equal(rec.scores[list(df.columns)], df, check_like=False)
    assert set(rec.scores.groupby("game_id")["start_position"].apply(sorted).map(tuple)) == {(1, 2, 3)}
    assert (rec.scores[[c for c in LR.HOLDING_COLUMNS if c.startswith("courtiers")]].sum(axis=1) <= 5).all()


def test_record_games_same_tables_with_two_workers():
    game = whitecastle.Game(players=2)
    one = LR.record_games(game, ["random", "random"], 8, seed=4, workers=1)
    two = LR.record_games(game, ["random", "random"], 8, seed=4, workers=2)
    pd.testing.assert_frame_equal(one.scores, two.scores)
    pd.testing.assert_frame_equal(one.picks, two.picks)
    pd.testing.assert_frame_equal(one.rounds, two.rounds)


def test_record_games_refuses_bad_arguments():
    game = whitecastle.Game(players=2)
    with pytest.raises(ValueError, match="games must be an integer >= 1"):
        LR.record_games(game, ["random"] * 2, 0, seed=1)
    with pytest.raises(ValueError, match="one per seat"):
        LR.record_games(game, ["random"], 3, seed=1)


def test_recorded_garden_actions_equal_the_engines_round_end_activations(monkeypatch):
    """Spy on the engine's own round-end list and compare it with the recorder's count."""
    seen = {}
    original = R.Rules._end_round

    def spy(self):
        original(self)
        if self.phase == "roundend":
            seen[(self.seed, self.round)] = len(self.activations)

    monkeypatch.setattr(R.Rules, "_end_round", spy)
    for players in (2, 4):
        rec = LR.record_games(whitecastle.Game(players=players), ["random"] * players, 30, seed=8)
        seeds = rec.scores.groupby("game_id")["game_seed"].first()
        mine = rec.rounds.groupby(["game_id", "round"])["garden actions"].sum()
        for (game_id, rnd), count in mine.items():
            assert count == seen.get((int(seeds[game_id]), rnd), 0), (players, game_id, rnd)
        assert mine.sum() > 0  # some gardens did act
        assert (mine.xs(3, level="round") == 0).all()  # never after round 3


def test_random_tables_agree_with_the_exact_odds():
    records = LR.record_many(player_counts=(2, 4), games=150, seed=5)
    t = L04.bridge_table(records)
    for _, row in t.iterrows():
        assert stats.agrees_within(row["share"], row["exact (random takes)"], row["se"])
    lr = L05.pick_shares(records, "end")
    for _, row in lr[lr["end"] == "left"].iterrows():
        assert stats.agrees_within(row["share"], float(LC.bridge_exact(row["players"])["left_share"]), row["se"])


def test_clustered_share_is_never_narrower_than_wilson():
    r = LC.clustered_share([3, 0, 3, 0], [3, 3, 3, 3])  # all-or-nothing games: strongly clustered
    lo, hi = stats.wilson_interval(6, 12)
    assert r["share"] == 0.5 and r["ci_low"] <= lo and r["ci_high"] >= hi
    assert r["ci_high"] - r["ci_low"] > hi - lo


# ============================================================ tables and figures over records


@pytest.fixture(scope="module")
def mixed_records():
    return LR.record_many(tables={"random": ("random", "random"), "greedy vs random": ("greedy", "random")},
                         games={"random": 30, "greedy vs random": 2}, seed=6)


def test_summary_tables_have_one_row_per_group(mixed_records):
    s = L05.score_summary(mixed_records)
    assert len(s) == 3 * 3  # per count: random table, greedy seat, random seats beside it
    assert (s["ci_low"] <= s["mean total"]).all() and (s["mean total"] <= s["ci_high"]).all()
    w = L05.win_rate_table(mixed_records, "start_position")
    random_rows = w[w["table"] == "random"]
    assert random_rows.groupby("players")["count"].sum().tolist() == [30, 30, 30]  # one winner per game
    c = L05.category_table(mixed_records)
    assert set(c["category"]) == set(scoring.CATEGORIES)
    spaces = L05.pick_shares(mixed_records, "space group")
    shares = spaces.groupby(["players", "table", "policy"])["share"].sum()
    assert all(abs(x - 1) < 1e-9 for x in shares)


def test_simulation_figures_are_article_ready_and_show_uncertainty(mixed_records):
    records4 = {k: v for k, v in mixed_records.items() if k[1] == "random"}
    figs = [L05.total_score_figure(mixed_records), L05.category_figure(mixed_records, 2),
            L05.win_rate_figure(mixed_records), L05.greedy_win_figure(mixed_records, "greedy vs random"),
            L05.left_right_figure(mixed_records), L05.space_figure(mixed_records, 3),
            L04.bridge_figure(records4), L04.empty_bridges_figure(records4), L03.court_figure(mixed_records, 2)]
    for fig in figs:
        _check_figure(fig, simulated=True)
        # error bars are line collections on the axes
        assert any(ax.collections for ax in fig.axes), fig.axes[0].get_title()


def test_garden_action_table(random_records):
    records = {(n, "random"): r for n, r in random_records.items()}
    t = L04.garden_action_table(records)
    assert list(t["players"]) == [2, 3, 4]
    assert ((t["share that acted"] >= 0) & (t["share that acted"] <= 1)).all()


def test_court_table_counts_courtiers_per_level(mixed_records):
    t = L03.court_table(mixed_records, 2)
    assert set(t["level"]) == set(LC.LEVELS) | {"inside (floors 1-3)"}
    assert (t["mean"] >= 0).all()


def test_space_shares_cover_every_action_space_and_can_pool_player_counts(mixed_records):
    per_space = L05.pick_shares(mixed_records, "space")
    assert list(per_space["space"].unique()) == list(LC.SPACE_ORDER)
    sums = per_space.groupby(["players", "table", "policy"])["share"].sum()
    assert all(abs(x - 1) < 1e-9 for x in sums)
    pooled = L05.pick_shares(mixed_records, "space", by=("table", "policy")).set_index(["table", "policy", "space"])
    random_seats = per_space[per_space["table"] == "random"]
    # pooled over the player counts: the counts add up, and games of different counts stay apart
    assert pooled.loc[("random", "random", "WELL"), "count"] == random_seats[random_seats["space"] == "WELL"]["count"].sum()
    assert pooled.loc[("random", "random", "WELL"), "games"] == 3 * 30


def test_outcome_widget_switches_player_count_and_view(mixed_records):
    e = L05.outcome_explorer(mixed_records, players=3, view="space")
    assert e.calls == 1 and list(e.result["table"]["space"].unique()) == [LC.SPACE_LABELS[s] for s in LC.SPACE_ORDER]
    assert e.figure.axes[0].get_ylabel() == "action space" and "F1A" in e.html.value
    e.controls["players"].value = 2
    assert e.result["players"] == 2 and "2 players" in e.figure.axes[0].get_title()
    e.controls["view"].value = "total"
    assert set(e.result["table"]["policy"]) == {"random", "greedy"} and e.figure.axes[0].get_title() == "2 players"
    e.controls["view"].value = "category"
    assert list(e.result["table"]["category"].unique()) == list(scoring.CATEGORIES)
    assert e.calls == 4
    _check_figure(e.figure, simulated=True)
    with pytest.raises(ValueError, match="view must be one of"):
        L05.outcome_view(mixed_records, L05.outcome_tables(mixed_records), 3, "seats")
    with pytest.raises(ValueError, match="by must be"):
        L05.space_figure(mixed_records, 3, by="room")


def test_no_lesson_edits_a_position_by_hand_every_position_is_built():
    """Lessons describe positions to ``Game.build_position`` (its report names what it filled);
    none sets a decision, a queue, a marker or the turn in a position's JSON form itself."""
    import importlib
    import inspect
    import pkgutil
    import re

    import boardlab.whitecastle.lessons as lessons

    by_hand = re.compile(r"\.update\(actor|\[\"(decision|queue|time|time_stamp|turn|actor|held)\"\]\s*=")
    for info in pkgutil.iter_modules(lessons.__path__):
        source = inspect.getsource(importlib.import_module(f"{lessons.__name__}.{info.name}"))
        assert not by_hand.search(source), (info.name, by_hand.search(source).group(0))
        for names in re.findall(r"from boardlab\.whitecastle\.positions import (.*)", source):
            assert set(names.replace(" ", "").split(",")) <= {"load", "take_actions", "take_options"}, info.name


def test_later_climbs_are_built_on_the_position_reached_with_pearls_reset():
    state = L03.climbed_state((0, 1, 2), resource_card=9)
    assert state.players[0].court == [0, 0, 1, 0]
    t = L03.climb_route((0, 1, 2), resource_card=9)
    assert list(t["pearls paid"]) == [0, 0, 2, 2]  # each climb paid from the 7 the builder gave back

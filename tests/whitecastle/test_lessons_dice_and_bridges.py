"""Notebooks 01-02's logic and widgets (boardlab.whitecastle.lessons.dice_cost_vs_lantern and drafting_the_bridges), checked against the rules.

The widget callbacks run without a kernel (recipe §2A): setting ``widget.value`` is what the
browser does through the comm, and ``interactive_output`` reruns the callback at once. The
assertions read model state: the returned table, the figure's artists, the HTML summary.
"""

from __future__ import annotations

import contextlib
import io
import math
import warnings
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from boardlab.whitecastle.lessons import common as LC  # noqa: E402
from boardlab.whitecastle.lessons import dice_cost_vs_lantern as L01  # noqa: E402
from boardlab.whitecastle.lessons import drafting_the_bridges as L02  # noqa: E402
from boardlab.whitecastle import odds, positions  # noqa: E402
from boardlab.whitecastle.dice import COLOURS  # noqa: E402

SEED_BRIDGES = {"coral": (1, 3, 5), "black": (2, 2, 6), "white": (1, 4, 4)}


@pytest.fixture
def quiet():
    """Without a kernel, display() prints; keep the test output clean."""
    with contextlib.redirect_stdout(io.StringIO()):
        yield


def picks(table) -> dict:
    return {(r["bridge"], r["end"]): r for r in table.to_dict("records")}


# --------------------------------------------------------------------------- plain functions


def test_parse_bridge_lays_dice_low_to_high_and_refuses_bad_text():
    assert L01.parse_bridge("5 1 3") == (1, 3, 5)
    assert L01.parse_bridge("1,3,5") == L01.parse_bridge("135") == (1, 3, 5)
    assert L01.parse_bridge("  ") == ()
    with pytest.raises(ValueError, match="pips 1 to 6"):
        L01.parse_bridge("1 7")
    with pytest.raises(ValueError, match="at most 4 dice"):
        L01.parse_bridge("1 2 3 4 5", max_dice=4)


def test_seed_example_left_pays_two_right_earns_two_break_even_four():
    # Seed: ends 1 and 5, a space of value 3: the left 1 pays 2 coins (then the lantern), the
    # right 5 earns 2 coins.
    table = L01.pick_table({"coral": (1, 3, 5)}, 3, lantern=["pearl", "coin"])
    p = picks(table)
    assert p[("coral", "left")]["coins"] == -2
    assert p[("coral", "right")]["coins"] == 2
    assert p[("coral", "left")]["lantern"] == "1 mother-of-pearl, 1 coin"
    assert p[("coral", "right")]["lantern"] == ""
    assert p[("coral", "left")]["value"] == -2 + 2 and p[("coral", "right")]["value"] == 2
    example = L01.seed_example()
    assert (example.left_change, example.right_change, example.break_even) == (-2, 2, 4)


def test_pick_table_lone_die_is_one_left_pick_and_empty_bridge_offers_nothing():
    table = L01.pick_table({"coral": (4,), "black": (), "white": (2, 6)}, 3, lantern=["time"])
    assert list(table["pick"]) == ["take coral 4 (left end)", "take white 2 (left end)",
                                   "take white 6 (right end)"]
    assert table.iloc[0]["lantern_worth"] == 1  # the lone die counts as the left end (assumed)
    alt = L01.pick_table({"coral": (4,)}, 3, lantern=["time"], lone_die_is_left=False)
    assert list(alt["end"]) == ["right"] and alt.iloc[0]["lantern_worth"] == 0


def test_pick_table_lists_exactly_the_engines_legal_take_actions():
    bridges = {"coral": (4,), "black": (2, 2, 6), "white": (1, 5)}
    for lone in (True, False):
        d = positions.set_bridges(positions.teaching_position(3), bridges)
        legal = {str(a) for a in positions.load(d, lone_die_is_left=lone).legal_actions() if a.kind == "take"}
        assert set(L01.pick_table(bridges, 3, lone_die_is_left=lone)["pick"]) == legal


def test_teaching_position_is_clean_and_loads():
    d = positions.teaching_position(4, seed=3)
    assert d["round"] == 1 and d["order"] == [0, 1, 2, 3] and d["actor"] == 0 and d["decision"] == ["take"]
    for i, p in enumerate(d["players"]):
        assert not any(p["goods"].values()) and p["lantern"] == [] and p["card"] == "start:courtier"
        assert p["time"] == 0 and p["time_stamp"] == -i  # player 0's marker on top
    state = positions.load(d)
    assert state.to_move == 0 and all(a.kind == "take" for a in state.legal_actions())
    d["players"][0]["goods"]["coin"] = 9
    assert positions.teaching_position(4, seed=3)["players"][0]["goods"]["coin"] == 0  # a fresh copy each call


def test_example_position_puts_the_example_room_and_lantern_in_place():
    d = L01.example_position(3, bridges={"coral": (5, 1, 3)}, coins=4, lantern_cards=["resource:1"])
    assert d["rooms"][0] == {"card": L01.EXAMPLE_ROOM[0], "tiles": L01.EXAMPLE_ROOM[1]}
    assert d["bridges"] == {"coral": [1, 3, 5], "black": [], "white": []}
    assert d["players"][0]["goods"]["coin"] == 4 and d["players"][0]["lantern"] == ["resource:1"]
    cards = [r["card"] for r in d["rooms"]] + d["decks"]["steward"] + d["decks"]["diplomat"]
    assert len(cards) == len(set(cards))  # the card swapped out went where steward 12 was
    positions.load(d)  # a valid position


def test_pick_you_cannot_pay_for_is_not_placeable_and_never_best():
    # Coins are settled first: with 1 coin, a 1 on a space of value 3 (cost 2) cannot go there,
    # even with a rich lantern.
    table = L01.pick_table({"coral": (1, 3, 5)}, 3, lantern=["cp"] * 5, coins=1)
    p = picks(table)
    assert not p[("coral", "left")]["placeable"] and not p[("coral", "left")]["best"]
    assert p[("coral", "right")]["best"]


def test_better_by_worth_matches_break_even_distribution_without_coin_limit():
    for players in (2, 3, 4):
        curve = L01.better_by_worth(players, space=4)
        dist = odds.break_even_distribution(players + 1)
        for row in curve.to_dict("records"):
            w = row["lantern_worth"]
            assert row["left_exact"] == sum((p for k, p in dist.items() if k < w), Fraction(0))
            assert row["equal_exact"] == dist.get(w, 0)
            assert row["left_exact"] + row["equal_exact"] + row["right_exact"] == 1


def test_engine_plays_the_seed_example_as_the_odds_module_says():
    table = L01.engine_seed_example(players=3, coins=5)
    left, right = table.iloc[0], table.iloc[1]
    # left 1 on value 3: pay 2, then the lantern's coin Decree gives 1 back; +1 pearl from the
    # lantern and +2 pearls from the room's block
    assert left["coin_change"] == -2 + 1 == left["placement"] + left["lantern_coins"]
    assert left["pearl_change"] == 1 + 2
    # right 5: earn 2, no lantern
    assert right["coin_change"] == 2 == right["placement"]
    assert right["pearl_change"] == 2


def test_coin_change_summary_matches_hand_computed_minimum_of_four_dice():
    # E[min of 4 dice] = sum_k P(min >= k) = (6^4 + 5^4 + 4^4 + 3^4 + 2^4 + 1) / 6^4 = 2275/1296
    summary = L01.coin_change_summary(3).set_index(["players", "end"])
    assert summary.loc[(3, "left"), "expected"] == Fraction(2275, 1296) - 3
    assert summary.loc[(3, "right"), "expected"] == 7 - Fraction(2275, 1296) - 3
    assert summary.loc[(3, "left"), "p_earn"] == Fraction(3, 6) ** 4  # all four dice above 3
    for row in summary.to_dict("records"):
        assert row["p_pay"] + row["p_nothing"] + row["p_earn"] == 1


def test_break_even_summary_two_coin_lantern_at_three_players():
    # Four dice within one pip of each other: 6 all-equal rolls + 5 adjacent pairs x (2^4 - 2)
    table = L01.break_even_summary()
    assert "p_equal" not in table.columns  # the chance of a tie at a worth is p_break_even itself
    row = table[(table["players"] == 3) & (table["worth"] == 2)].iloc[0]
    assert row["p_left_better_exact"] == Fraction(6 + 5 * 14, 1296)
    assert row["p_break_even_exact"] == Fraction(4 * (3 ** 4 - 2 * 2 ** 4 + 1), 1296)


def test_monte_carlo_twins_agree_within_four_standard_errors():
    check = L01.monte_carlo_check(space=3, lantern_worth=2, rolls=4000, seed=5)
    assert len(check) == 15 and (check["n"] == 4000).all()
    assert (check["z"].abs() < 4).all(), check
    after = L02.monte_carlo_after_pick(4, "right", rolls=4000)
    assert (after["z"].abs() < 4).all(), after


def test_figures_have_titles_labels_and_a_provenance_line_and_no_missing_glyphs():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figures = [L01.coin_change_figure(3), L01.break_even_figure(2), L02.after_pick_figure(3, "left"),
                   L01.pick_figure(L01.pick_table(SEED_BRIDGES, 3, lantern=["pearl"]), 3)]
        for fig in figures:
            fig.canvas.draw()
    assert not [w for w in caught if "missing from font" in str(w.message)]
    for fig in figures:
        assert any("boardlab" in t.get_text() for t in fig.texts), "no provenance stamp"
        for ax in fig.axes:
            if ax.get_label() == "<colorbar>":
                continue
            assert ax.get_title() or fig.get_suptitle(), "untitled panel"
            assert ax.get_xlabel(), "unlabelled x axis"


# --------------------------------------------------------------------------- notebook 01 widget


def test_pick_explorer_starts_with_the_seed_example_position(quiet):
    app = L01.PickExplorer()
    assert app.updates == 1 and app.result is not None
    p = picks(app.result.table)
    assert p[("coral", "left")]["coins"] == -2 and p[("coral", "right")]["coins"] == 2
    assert "Best pick" in app.summary.value
    assert "lantern is worth more than 4 coins" in app.summary.value  # coral: 5 - 1
    assert app.svg.startswith("<?xml") and "<svg" in app.svg


def test_space_slider_3_to_5_changes_every_picks_coins_by_minus_two(quiet):
    # Seed: the die is compared with the space's value; raising the value by 2 costs 2 coins more
    # (or earns 2 fewer) whichever die is placed.
    app = L01.PickExplorer(coins=20)
    before = picks(app.result.table)
    svg_before = app.svg
    app.space.value = 5
    after = picks(app.result.table)
    assert app.updates == 2
    for key in before:
        assert after[key]["coins"] - before[key]["coins"] == -2
    assert after[("coral", "right")]["coins"] == 0  # the 5 on a 5: no coins move
    assert app.svg != svg_before
    assert "space of value 5" in app.result.figure.axes[0].get_title()
    # the figure's coin bars are the table's coins
    widths = [bar.get_width() for bar in app.picture.coins_bars][:len(app.result.table)]
    assert widths == list(app.result.table["coins"])


def test_space_slider_to_the_well_compares_with_one(quiet):
    app = L01.PickExplorer()
    app.space.value = 1
    for r in app.result.table.to_dict("records"):
        assert r["coins"] == r["die"] - 1  # seed: the Well's value is always 1


def test_stacked_die_replaces_the_printed_value_at_three_players(quiet):
    app = L01.PickExplorer(players=3)
    app.stacked.value = 6  # a 6 already on the castle floor 1 space
    for r in app.result.table.to_dict("records"):
        assert r["coins"] == r["die"] - 6
    app.players.value = 2  # seed: no stacking at 2 players
    assert app.result is None and "never stacked at 2 players" in app.summary.value


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_pick_explorer_refuses_in_the_readers_language(quiet, language):
    from boardlab.core import glossary
    from tests.korean_checks import english_left

    before = glossary.language()
    glossary.use_language(language)
    try:
        refusals = []
        for kw in (dict(bridges={"coral": (1, 3)}, players=2, stacked_on=2), dict(bridges={"coral": (1, 3, 4, 5, 6)}, players=2),
                   dict(bridges={}, players=2)):
            with pytest.raises(ValueError) as refused:
                L01.explore_picks(**kw)
            refusals.append(str(refused.value))
        for text in ("1 x", "7", "1 2 3 4 5 6"):
            with pytest.raises(ValueError) as refused:
                L01.parse_bridge(text, max_dice=4)
            refusals.append(str(refused.value))
    finally:
        glossary.use_language(before)
    for text in refusals:
        if language == "ko":
            assert glossary.has_hangul(text) and english_left(text) is None, text
        else:
            assert not glossary.has_hangul(text)


def test_stacking_is_refused_on_the_well_and_the_domain(quiet):
    app = L01.PickExplorer(players=4)
    app.space.value = 6
    app.stacked.value = 2
    assert app.result is None and "never stacked" in app.summary.value
    app.stacked.value = 0
    assert app.result is not None


def test_lantern_icons_add_their_assumed_worth_to_left_picks_only(quiet):
    app = L01.PickExplorer()
    before = picks(app.result.table)
    app.counts["cp"].value = 1  # a diplomat card's back: 1 clan point, worth 2 coins by default
    after = picks(app.result.table)
    for (colour, end), row in after.items():
        delta = row["value"] - before[(colour, end)]["value"]
        assert delta == (2 if end == "left" else 0)
    assert app.picture.worth_line.get_xdata()[0] == 4  # pearl 1 + coin 1 + cp 2
    app.worths["cp"].value = 0.5
    assert app.result.table.attrs["lantern_worth"] == Fraction(5, 2)
    assert "clan point" in picks(app.result.table)[("coral", "left")]["lantern"]


def test_enough_lantern_makes_the_left_die_best(quiet):
    app = L01.PickExplorer(bridges={"coral": (1, 3, 5), "black": (), "white": ()}, coins=5)
    assert picks(app.result.table)[("coral", "right")]["best"]
    app.counts["food"].value = 3  # lantern worth 2 + 3 = 5 > break-even 4
    p = picks(app.result.table)
    assert p[("coral", "left")]["best"] and not p[("coral", "right")]["best"]


def test_coins_held_decide_what_can_be_placed(quiet):
    app = L01.PickExplorer(bridges={"coral": (1, 3, 5), "black": (), "white": ()}, coins=5)
    app.counts["food"].value = 3
    app.coins.value = 1  # the 1 costs 2 on a space of value 3: not placeable any more
    p = picks(app.result.table)
    assert not p[("coral", "left")]["placeable"] and p[("coral", "right")]["best"]
    curve = app.picture.curve
    exact = odds.better_pick_distribution(4, 3, lantern_worth=5, coins=1)
    assert curve.loc[curve["lantern_worth"] == 5, "left_exact"].item() == exact["left"]


def test_bridge_text_errors_are_reported_in_the_summary_not_raised(quiet):
    app = L01.PickExplorer()
    app.bridges["coral"].value = "1 9"
    assert app.result is None and "pips 1 to 6" in app.summary.value
    app.bridges["coral"].value = "1 2 3 4 5"  # five dice at 3 players
    assert app.result is None and "starts with 4" in app.summary.value
    app.bridges["coral"].value = "2 6"
    assert picks(app.result.table)[("coral", "right")]["die"] == 6


def test_roll_button_lays_players_plus_one_dice_low_to_high(quiet):
    app = L01.PickExplorer(players=4)
    updates = app.updates
    app.roll.click()
    for colour in COLOURS:
        dice = L01.parse_bridge(app.bridges[colour].value)
        assert len(dice) == 5 and list(dice) == sorted(dice)
    assert app.updates > updates and app.result is not None


def test_players_toggle_changes_the_fresh_bridge_panel(quiet):
    app = L01.PickExplorer()
    assert "3 players (4 dice)" in app.result.figure.axes[1].get_title()
    app.players.value = 2
    assert "2 players (3 dice)" in app.result.figure.axes[1].get_title()
    assert app.picture.curve.equals(L01.better_by_worth(2, 3, coins=5))


def test_bench_widget_update_reports_a_positive_median():
    ms = L01.bench_widget_update(updates=4)
    assert 0 < ms < 5000


# --------------------------------------------------------------------------- notebook 02


def test_after_pick_summary_left_pick_raises_the_left_end_to_the_second_lowest_die():
    table = L02.after_pick_summary().set_index(["players", "taken"])
    # fresh 4-die bridge: E[min] = 2275/1296
    assert table.loc[(3, "nothing yet"), "left"] == Fraction(2275, 1296)
    # after the left die is taken the right end is unchanged, and vice versa
    assert table.loc[(3, "left"), "right"] == table.loc[(3, "nothing yet"), "right"]
    assert table.loc[(3, "right"), "left"] == table.loc[(3, "nothing yet"), "left"]
    # symmetry of dice: new left after a left pick mirrors new right after a right pick
    for players in (2, 3, 4):
        assert table.loc[(players, "left"), "left"] == 7 - table.loc[(players, "right"), "right"]
        assert table.loc[(players, "left"), "spread"] < table.loc[(players, "nothing yet"), "spread"]


def test_after_pick_explorer_callbacks(quiet):
    app = L02.AfterPickExplorer(players=3, end="left")
    m = app.result.matrix
    assert math.isclose(m.values.sum(), 1.0)
    for (left, right), p in odds.after_pick_distribution(4, "left").items():
        assert math.isclose(m.loc[left, right], float(p))
    png = app.png
    app.end.value = "right"
    assert "take the <b>right</b> die" in app.summary.value or "<b>right</b>" in app.summary.value
    assert app.png != png
    assert math.isclose(app.result.matrix.sum(axis=1).loc[1], float(odds.left_end_distribution(4)[1]))
    app.players.value = 4
    assert "5 dice" in app.summary.value


def test_exposed_ends_by_pick_records_every_pick_of_round_one():
    ends = L02.exposed_ends_by_pick(2, "random", rounds=3, seed=9)
    assert sorted(ends["pick"].unique()) == [1, 2, 3, 4, 5, 6]
    for (_, pick), part in ends.groupby(["round_id", "pick"]):
        assert len(part) == 3 and (part["taken"] != "").sum() == 1
        assert part["dice"].sum() == 9 - (pick - 1)  # one die leaves the bridges per pick
    first = ends[ends["pick"] == 1]
    assert (first["dice"] == 3).all()
    taken = ends[ends["taken"] != ""]
    # the die taken is the left or right end of its bridge
    assert set(taken["taken"]) <= {"left", "right"}
    again = L02.exposed_ends_by_pick(2, "random", rounds=3, seed=9, workers=2)
    assert again.equals(ends)  # seeded: the same games, whatever the workers


def test_drift_summary_and_figure_from_a_small_run():
    import pandas as pd

    ends = pd.concat([L02.exposed_ends_by_pick(2, "random", rounds=6, seed=2),
                      L02.exposed_ends_by_pick(2, "greedy", rounds=1, seed=2)])
    summary = L02.drift_summary(ends)
    random_rows = summary[summary["policy"] == "random"]
    assert list(random_rows["pick"]) == [1, 2, 3, 4, 5, 6]
    assert (random_rows["rounds"] == 6).all() and (random_rows["left_se"] > 0).all()
    assert summary[summary["policy"] == "greedy"]["left_se"].isna().all()  # one round: no error bar
    assert ((summary["p_left_taken_lo"] <= summary["p_left_taken"])
            & (summary["p_left_taken"] <= summary["p_left_taken_hi"])).all()
    fig = L02.drift_figure(summary, seed=2, rounds={"random": 6, "greedy": 1})
    assert "boardlab" in fig.texts[-1].get_text().replace("\n", " · ") and "seed 2" in fig.texts[-1].get_text().replace("\n", " · ")
    # the game with its options (lone_die_is_left changes which picks count as left ends)
    assert "The White Castle · 2 players · options as default" in fig.texts[-1].get_text().replace("\n", " · ")
    other = L02.drift_figure(summary, seed=2, rounds={"random": 6}, options={"lone_die_is_left": False})
    assert "lone_die_is_left=False" in other.texts[-1].get_text().replace("\n", " · ")
    assert fig.axes[0].get_ylabel() == "mean exposed end (pips)"


def test_break_even_monte_carlo_agrees_and_its_figure_is_stamped():
    check = L01.break_even_monte_carlo(rolls=3000, seed=4)
    assert len(check) == 18 and (check["z"].abs() < 4).all(), check
    for players in (2, 3, 4):
        assert math.isclose(check[check["players"] == players]["simulated"].sum(), 1.0)
    fig = L01.break_even_mc_figure(check, seed=4)
    assert "3000 bridges" in fig.texts[-1].get_text().replace("\n", " · ")


def test_gap_figure_draws_one_line_per_player_count_and_policy():
    import pandas as pd

    ends = pd.concat([L02.exposed_ends_by_pick(p, "random", rounds=3, seed=1) for p in (2, 3)])
    summary = L02.drift_summary(ends)
    fig = L02.gap_figure(summary, seed=1, rounds={"random": 3})
    lines = [c for c in fig.axes[0].containers]
    assert len(lines) == 2  # one errorbar container per player count
    assert fig.axes[0].get_title() == "random players"
    assert "The White Castle · 2 and 3 players · options as default" in fig.texts[-1].get_text().replace("\n", " · ")


def test_provenance_names_the_game_with_its_options_and_player_counts():
    assert LC.game_provenance(3).split(" · ")[1:4] == ["The White Castle", "3 players", "options as default"]
    line = LC.game_provenance((2, 3, 4), options={"lone_die_is_left": False}, seed=5, note="exact")
    assert line.split(" · ")[1:] == ["The White Castle", "2, 3 and 4 players", "options: lone_die_is_left=False",
                                     "seed 5", "exact"]
    assert "any player count" in LC.game_provenance()
    for fig in (L01.coin_change_figure(3), L01.break_even_figure(2)):
        assert "The White Castle · 2, 3 and 4 players · options as default" in fig.texts[-1].get_text().replace("\n", " · ")
    assert "The White Castle · 3 players" in L02.after_pick_figure(3, "left").texts[-1].get_text().replace("\n", " · ")

"""Rule tests: final scoring and the tie-break.

Seed: to the clan points earned during play add the Passage of Time, the courtiers' positions
(gate 1, floor 1 3, floor 2 6, floor 3 10 each), the warriors (per training yard, the total value
of your warriors there times your courtiers inside the castle; courtiers at the gate do not
count), the gardeners (the points printed on their cards), coins and Daimyo seals together
(1 point per 5), and food, iron and mother-of-pearl (each: 3-6 left = 1 point, 7 = 2). Highest
total wins; on a tie the player earlier in the updated final turn order wins.

Reference facts: Passage of Time scores 0 on spaces 0-5, 3 on 6-10, 6 on 11-14, then the printed
10-15 on spaces 15-20; warrior values are 2 (5-iron yard), 1 (3-iron) and 1 (1-iron); a garden
card's points are 2 x its food cost - 1.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import blank, bridges, give, load, room

CATEGORIES = ["in-game points", "passage of time", "courtiers", "warriors", "gardeners",
              "coins and seals", "resources"]


def _over(players=3, order=None):
    d = blank(players)
    d["round"] = 3
    d["phase"] = "over"
    d["actor"] = None
    d["decision"] = None
    d["queue"] = []
    d["order"] = list(order or range(players))
    return d


def _court(d, player, court):
    d["players"][player]["court"] = list(court)
    d["players"][player]["home"]["courtier"] = 5 - sum(court)
    return d


def _warriors(d, player, warriors):
    d["players"][player]["warriors"] = list(warriors)
    d["players"][player]["home"]["warrior"] = 5 - sum(warriors)
    return d


def _sheet(d, player=0):
    return load(d).score_sheet()[player]


def test_score_sheet_lists_one_category_per_line_then_the_total():
    sheet = _sheet(_over())
    assert list(sheet) == CATEGORIES + ["total"]


def test_in_game_points_count_as_they_are():
    assert _sheet(give(_over(), 0, cp=17))["in-game points"] == 17


@pytest.mark.parametrize("space, points", [
    (0, 0), (5, 0), (6, 3), (10, 3), (11, 6), (14, 6),
    (15, 10), (16, 11), (17, 12), (18, 13), (19, 14), (20, 15),
])
def test_passage_of_time_scores_0_3_6_by_season_then_10_to_15(space, points):
    d = _over()
    d["players"][0]["time"] = space
    assert _sheet(d)["passage of time"] == points


@pytest.mark.parametrize("court, points", [
    ((1, 0, 0, 0), 1), ((0, 1, 0, 0), 3), ((0, 0, 1, 0), 6), ((0, 0, 0, 1), 10),
    ((1, 1, 1, 2), 1 + 3 + 6 + 20), ((0, 0, 0, 0), 0),
])
def test_courtiers_score_1_3_6_10_by_position(court, points):
    assert _sheet(_court(_over(), 0, court))["courtiers"] == points


@pytest.mark.parametrize("warriors, court, points", [
    ((1, 2, 1), (0, 1, 1, 0), (2 + 2 + 1) * 2),
    ((1, 0, 0), (0, 0, 0, 3), 2 * 3),
    ((0, 1, 1), (0, 1, 0, 0), 2 * 1),
])
def test_warriors_value_times_courtiers_inside_the_castle(warriors, court, points):
    d = _warriors(_court(_over(), 0, court), 0, warriors)
    assert _sheet(d)["warriors"] == points


def test_courtiers_at_the_gate_do_not_multiply_warriors():
    d = _warriors(_court(_over(), 0, (4, 0, 0, 0)), 0, (2, 2, 1))
    assert _sheet(d)["warriors"] == 0
    d = _warriors(_court(_over(), 0, (4, 1, 0, 0)), 0, (2, 2, 1))
    assert _sheet(d)["warriors"] == (4 + 2 + 1) * 1


def test_gardeners_score_the_points_on_their_cards():
    d = _over()
    cards = [1, 7, 2, 8, 3, 10]  # points 9, 1, 7, 3, 7, 5
    for slot, card in enumerate(cards):
        d["gardens"][slot] = {"card": card, "gardeners": []}
    for slot in (0, 1, 3):
        d["gardens"][slot]["gardeners"] = [0]
    d["players"][0]["home"]["gardener"] = 2
    assert _sheet(d)["gardeners"] == 9 + 1 + 3


def test_garden_card_points_are_twice_the_food_minus_one():
    from boardlab.whitecastle import components as C

    for g in C.gardens().values():
        assert g.points == 2 * g.food - 1


@pytest.mark.parametrize("coin, seal, points", [
    (4, 0, 0), (5, 0, 1), (3, 2, 1), (7, 3, 2), (0, 5, 1), (14, 0, 2), (20, 5, 5),
])
def test_coins_and_seals_together_score_1_per_5(coin, seal, points):
    assert _sheet(give(_over(), 0, coin=coin, seal=seal))["coins and seals"] == points


@pytest.mark.parametrize("amount, points", [(0, 0), (2, 0), (3, 1), (6, 1), (7, 2)])
def test_each_resource_scores_1_for_3_to_6_and_2_for_7(amount, points):
    for resource in ("food", "iron", "pearl"):
        assert _sheet(give(_over(), 0, **{resource: amount}))["resources"] == points


def test_resources_score_per_type():
    assert _sheet(give(_over(), 0, food=3, iron=7, pearl=2))["resources"] == 1 + 2 + 0


def test_total_is_the_sum_of_the_categories():
    d = give(_over(), 0, cp=5, coin=6, seal=4, food=7, iron=3, pearl=1)
    d["players"][0]["time"] = 12
    _court(d, 0, (1, 1, 0, 1))
    _warriors(d, 0, (1, 0, 1))
    sheet = _sheet(d)
    expected = {"in-game points": 5, "passage of time": 6, "courtiers": 1 + 3 + 10,
                "warriors": (2 + 1) * 2, "gardeners": 0, "coins and seals": 2, "resources": 3}
    assert {k: sheet[k] for k in CATEGORIES} == expected
    assert sheet["total"] == sum(expected.values())


def test_highest_total_wins():
    d = _over(order=[0, 1, 2])
    give(d, 0, cp=3)
    give(d, 1, cp=9)
    give(d, 2, cp=5)
    assert load(d).ranks() == {1: 1, 2: 2, 0: 3}


def test_tie_goes_to_the_player_earlier_in_the_final_turn_order():
    d = _over(order=[2, 0, 1])
    give(d, 0, cp=8)
    give(d, 1, cp=8)
    give(d, 2, cp=8)
    assert load(d).ranks() == {2: 1, 0: 2, 1: 3}
    d = _over(order=[1, 0, 2])
    give(d, 0, cp=8)
    give(d, 2, cp=8)
    assert load(d).ranks() == {0: 1, 2: 2, 1: 3}


def test_tie_break_uses_the_turn_order_updated_after_round_three():
    # A full last turn: player 2 plays last but moves furthest on the Passage of Time, so the
    # final turn order puts them first and they win the tie.
    d = blank(3)
    d["round"] = 3
    d["turn"] = 8
    d["actor"] = 2
    bridges(d, coral=[2, 5, 6], black=[3], white=[])
    room(d, "F1A", "steward:2", ("white", "coral", "black"))  # coral fires the middle: +1 Passage of Time
    give(d, 0, cp=2)
    give(d, 2, cp=2)  # players 0 and 2 end on the same total (3 coins and 1 step score nothing)
    state = load(d)
    state.apply("take coral 6 (right end)")  # 6 on a value-3 room: +3 coins
    state.apply("place on castle floor 1 room A")
    assert state.is_over
    assert state.order[0] == 2
    totals = {i: s["total"] for i, s in state.score_sheet().items()}
    assert totals[0] == totals[2]
    assert state.ranks() == {2: 1, 0: 2, 1: 3}  # in the old order [0, 1, 2] player 0 would have won

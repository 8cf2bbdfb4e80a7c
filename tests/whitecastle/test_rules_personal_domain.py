"""Rule tests: the personal domain.

Seed: clan members wait in rows on the personal domain. Sending one out reveals the reward
under its place, but that reward is not taken then. When a die of the row's colour is placed on
the personal domain, first the rewards visible in that row are gained, then the matching action
of the current personal action card is performed. Dice are never stacked there.

Reference §3 (facts): rows top to bottom are coral (courtiers), black (gardeners), white
(warriors); each row's die space has value 6; each row shows a printed base icon that no worker
covers (1 food / 1 iron / 1 mother-of-pearl) and five worker spaces uncovered left to right:
coral food, food, 2 coins, food, seal; black iron, iron, lantern, iron, 2 coins; white pearl,
pearl, seal, pearl, lantern.
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import ask, blank, give, goods, hold, lantern, load, refused, texts

ROW_TEXT = {"coral": "place on my coral domain row", "black": "place on my black domain row",
            "white": "place on my white domain row"}


def _away(d, player=0, courtiers=0, gardeners=0, warriors=0):
    """Send workers away from the domain board (courtiers to the gate, gardeners onto garden
    cards, warriors into the 1-iron yard) so the JSON stays consistent."""
    p = d["players"][player]
    p["home"] = {"courtier": 5 - courtiers, "gardener": 5 - gardeners, "warrior": 5 - warriors}
    p["court"] = [courtiers, 0, 0, 0]
    p["warriors"] = [0, 0, warriors]
    for slot in range(gardeners):
        d["gardens"][slot]["gardeners"].append(player)
    return d


def _row(colour, card="start:courtier", pips=6, end="right", **goods_):
    d = blank(3)
    d["players"][0]["card"] = card
    give(d, 0, **goods_)
    return hold(d, colour, pips, end)


@pytest.mark.parametrize("colour, other", [("coral", "black"), ("black", "white"), ("white", "coral")])
def test_domain_row_takes_only_a_die_of_its_own_colour(colour, other):
    state = load(_row(colour))
    assert ROW_TEXT[colour] in texts(state)
    assert ROW_TEXT[other] not in texts(state)
    refused(state, ROW_TEXT[other], "domain row colour")


def test_domain_row_space_value_is_six():
    state = load(_row("white", card="steward:2", pips=4, coin=2))
    state.apply(ROW_TEXT["white"])
    assert goods(state)["coin"] == 0  # a 4 on the value-6 row pays 2


@pytest.mark.parametrize("colour, gain", [("coral", "food"), ("black", "iron"), ("white", "pearl")])
def test_domain_row_pays_its_base_icon_with_every_worker_home(colour, gain):
    # steward 2: top pay 1 seal -> Courtier | middle +1 Passage of Time | bottom +2 iron
    state = load(_row(colour, card="steward:2"))
    state.apply(ROW_TEXT[colour])
    g = goods(state)
    extra_iron = 2 if colour == "white" else 0
    assert g[gain] == 1 + (extra_iron if gain == "iron" else 0)


@pytest.mark.parametrize("away, food, coin, seal", [
    (1, 2, 0, 0), (2, 3, 0, 0), (3, 3, 2, 0), (4, 4, 2, 0), (5, 4, 2, 1),
])
def test_coral_row_pays_every_uncovered_reward(away, food, coin, seal):
    d = _away(_row("coral", card="steward:12"), courtiers=away)  # steward 12 top block: +2 pearl
    state = load(d)
    state.apply(ROW_TEXT["coral"])
    g = goods(state)
    assert (g["food"], g["coin"], g["seal"], g["pearl"]) == (food, coin, seal, 2)


def test_black_row_uncovered_lantern_pays_the_lantern_rewards():
    # Three gardeners gone: base iron + iron + iron + lantern rewards (a CP Decree here).
    d = _away(_row("black", card="steward:2"), gardeners=3)
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply(ROW_TEXT["black"])  # a right-end die: the lantern comes from the row only
    g = goods(state)
    assert (g["iron"], g["cp"]) == (3, 1)
    assert state.players[0].time == 1  # steward 2's middle block


def test_white_row_with_all_warriors_gone():
    d = _away(_row("white", card="steward:2"), warriors=5)
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply(ROW_TEXT["white"])
    g = goods(state)
    # base + 4 pearl spaces... space 3 is a seal, space 5 the lantern: 4 pearl, 1 seal, 1 CP
    assert (g["pearl"], g["seal"], g["cp"], g["iron"]) == (4, 1, 1, 2)


def test_domain_row_rewards_first_then_the_action_card_block():
    # steward 14's bottom block: pay 1 seal -> Warrior action. With three warriors gone the white
    # row uncovers a seal, and only that seal pays for the card's block: so the row came first.
    d = _away(_row("white", card="steward:14", iron=1), warriors=3)
    state = load(d)
    state.apply(ROW_TEXT["white"])
    assert goods(state)["seal"] == 1
    assert "pay 1 seal for warrior action" in texts(state)
    # With only two warriors gone there is no seal, so the block cannot be paid and is skipped.
    d = _away(_row("white", card="steward:14", iron=1), warriors=2)
    state = load(d)
    state.apply(ROW_TEXT["white"])
    assert state.to_move == 1


@pytest.mark.parametrize("colour, expected", [
    ("coral", {"pearl": 2}),           # steward 12 top: +2 mother-of-pearl
    ("black", {"seal": 1, "cp": 1}),   # middle: +1 seal, +1 CP
])
def test_action_card_block_lines_up_with_the_row(colour, expected):
    state = load(_row(colour, card="steward:12"))
    state.apply(ROW_TEXT[colour])
    g = goods(state)
    for k, v in expected.items():
        assert g[k] == v
    # the bottom (white) block is steward 12's "pay 1 seal -> Gardener"
    state = load(_row("white", card="steward:12", seal=1, food=5))
    state.apply(ROW_TEXT["white"])
    assert "pay 1 seal for gardener action" in texts(state)


def test_diplomat_block_covering_two_rows_fires_for_either_row():
    # diplomat 10: top+middle +2 coins, lantern rewards | bottom Warrior action
    for colour in ("coral", "black"):
        d = _row(colour, card="diplomat:10")
        lantern(d, 0, "decree:cp")
        state = load(d)
        state.apply(ROW_TEXT[colour])
        assert (goods(state)["coin"], goods(state)["cp"]) == (2, 1), colour
    state = load(_row("white", card="diplomat:10", iron=1))
    state.apply(ROW_TEXT["white"])
    assert "place a warrior in the 1-iron yard" in texts(state)


def test_starting_action_card_block_covers_all_three_rows():
    for colour in ("coral", "black", "white"):
        state = load(_row(colour, card="start:warrior", iron=5))
        state.apply(ROW_TEXT[colour])
        assert "place a warrior in the 5-iron yard" in texts(state), colour


def test_worker_leaving_reveals_its_reward_but_it_is_not_taken_at_once():
    d = blank(3)
    d["yards"][2] = [{"tile": 3, "face": "yellow"}]  # +3 food, so the warrior's own effect is known
    give(d, 0, iron=1)
    state = load(ask(d, ["warrior"]))
    state.apply("place a warrior in the 1-iron yard")
    g = goods(state)
    assert g["pearl"] == 0  # the uncovered +1 mother-of-pearl is not paid now
    assert (g["iron"], g["food"]) == (0, 3)
    assert state.players[0].home == [5, 5, 4]
    # Later, a white die in the white row pays the base icon and the uncovered space.
    d = state.to_json()
    d["players"][0]["card"] = "steward:2"  # bottom: +2 iron
    state = load(hold(d, "white", 6, "right"))
    state.apply(ROW_TEXT["white"])
    assert goods(state)["pearl"] == 2


def test_courtier_leaving_for_the_gate_reveals_food_not_taken_at_once():
    d = give(blank(3), 0, coin=2)
    state = load(ask(d, ["courtier", False, False]))
    state.apply("send a courtier to the gate")
    assert goods(state)["food"] == 0
    assert state.players[0].home == [4, 5, 5]


def test_gardener_leaving_reveals_iron_not_taken_at_once():
    d = blank(3)
    d["gardens"][1]["card"] = 7  # stone garden 7: 1 food, +3 coins
    give(d, 0, food=1)
    state = load(ask(d, ["gardener"]))
    state.apply("place a gardener in the coral stone garden")
    assert goods(state)["iron"] == 0
    assert goods(state)["coin"] == 3
    assert state.players[0].home == [5, 4, 5]


def test_domain_placement_with_a_left_die_also_pays_the_lantern():
    # The left-die lantern applies to domain rows like to any space.
    d = _row("coral", card="steward:12", pips=6, end="left")
    lantern(d, 0, "decree:cp")
    state = load(d)
    state.apply(ROW_TEXT["coral"])
    g = goods(state)
    assert (g["cp"], g["food"], g["pearl"]) == (1, 1, 2)

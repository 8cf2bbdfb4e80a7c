"""Rule tests: gardeners and warriors.

Seed: a gardener is placed on a garden card by paying food and at once performs that card's
action. A clan cannot add a gardener to a card that already holds one of its own, but another
clan's gardener there does not block it. A warrior is placed in a training yard by paying iron
and performs the action of the tile(s) of that yard.

Reference facts: the yards cost 5, 3 and 1 iron (warrior values 2, 1, 1); the 5-iron yard holds
two tiles and a warrior there resolves both, in order. Garden slots: two cards under each bridge,
the plant card first ("coral plant garden", "coral stone garden", ...).
"""

from __future__ import annotations

import pytest

from tests.whitecastle.helpers import ask, blank, give, goods, load, refused, texts

# Garden cards used: 3 plant, 4 food, 7 CP, pay 3 coins -> Courtier action;
# 7 stone, 1 food, +3 coins; 8 stone, 2 food, +2 seals; 6 stone, 1 food, +2 any resource.
GARDENS = [3, 8, 2, 7, 1, 6]  # coral plant/stone, black plant/stone, white plant/stone
YARDS = [[{"tile": 1, "face": "yellow"}, {"tile": 6, "face": "yellow"}],  # 5 iron: +3 pearl, +5 coins
         [{"tile": 5, "face": "blue"}],                                     # 3 iron: white-tile action
         [{"tile": 3, "face": "yellow"}]]                                   # 1 iron: +3 food


def _gardener(food, gardeners=None, player=0, **goods_):
    d = blank(3)
    for slot, card in enumerate(GARDENS):
        d["gardens"][slot] = {"card": card, "gardeners": []}
    for slot, owners in (gardeners or {}).items():
        d["gardens"][slot]["gardeners"] = list(owners)
        for o in owners:
            d["players"][o]["home"]["gardener"] -= 1
    give(d, player, food=food, **goods_)
    return ask(d, ["gardener"], player)


def _warrior(iron, **goods_):
    d = blank(3)
    d["yards"] = YARDS
    give(d, 0, iron=iron, **goods_)
    return ask(d, ["warrior"])


def test_gardener_costs_the_food_shown_on_the_garden_card():
    state = load(_gardener(food=2))
    assert "place a gardener in the coral stone garden" in texts(state)  # card 8: 2 food
    assert "place a gardener in the coral plant garden" not in texts(state)  # card 3: 4 food
    refused(state, "place a gardener in the coral plant garden", "gardener costs food")
    state.apply("place a gardener in the coral stone garden")
    assert goods(state)["food"] == 0
    assert state.gardeners[1] == (0,)
    assert state.players[0].home[1] == 4


def test_gardener_performs_the_garden_card_action_at_once():
    state = load(_gardener(food=1))
    state.apply("place a gardener in the black stone garden")  # card 7: +3 coins
    assert goods(state)["coin"] == 3


def test_plant_garden_action_costs_coins_and_may_be_declined():
    state = load(_gardener(food=4, coin=5))
    state.apply("place a gardener in the coral plant garden")  # card 3: pay 3 coins -> Courtier
    assert texts(state) >= {"pay 3 coins for courtier action", "decline"}
    state.apply("pay 3 coins for courtier action")
    assert goods(state)["coin"] == 2
    assert state.decision[0] == "courtier"


def test_no_gardener_onto_a_card_that_holds_one_of_your_own():
    state = load(_gardener(food=5, gardeners={1: [0]}))
    assert "place a gardener in the coral stone garden" not in texts(state)
    refused(state, "place a gardener in the coral stone garden", "one of your gardeners per garden card")


def test_other_clans_gardeners_do_not_block_a_garden_card():
    state = load(_gardener(food=5, gardeners={1: [1, 2]}))
    assert "place a gardener in the coral stone garden" in texts(state)
    state.apply("place a gardener in the coral stone garden")
    assert state.gardeners[1] == (0, 1, 2)


def test_no_gardener_action_without_a_gardener_at_home():
    d = _gardener(food=5, gardeners={0: [0], 1: [0], 2: [0], 3: [0], 4: [0]})
    state = load(d)
    # Nothing can be done: the decision is skipped and the turn passes.
    assert state.to_move == 1


@pytest.mark.parametrize("iron, offered", [
    (5, {"5-iron", "3-iron", "1-iron"}),
    (4, {"3-iron", "1-iron"}),
    (2, {"1-iron"}),
])
def test_warrior_costs_5_3_or_1_iron_by_yard(iron, offered):
    state = load(_warrior(iron))
    yards = {t.split("the ")[1].split(" yard")[0] for t in texts(state) if t.startswith("place a warrior")}
    assert yards == offered


@pytest.mark.parametrize("yard, cost", [(0, 5), (1, 3), (2, 1)])
def test_warrior_pays_its_yard_iron(yard, cost):
    state = load(_warrior(7))
    state.apply(f"place a warrior in the {cost}-iron yard")
    while state.to_move == 0 and state.legal_actions():
        state.apply("decline")
    assert goods(state)["iron"] == 7 - cost
    assert state.players[0].warriors[yard] == 1
    assert state.players[0].home[2] == 4


def test_warrior_without_enough_iron_is_refused():
    state = load(_warrior(4))
    refused(state, "place a warrior in the 5-iron yard", "warrior costs iron")


def test_warrior_resolves_every_tile_in_its_yard():
    state = load(_warrior(5))
    state.apply("place a warrior in the 5-iron yard")
    g = goods(state)
    assert (g["pearl"], g["coin"]) == (3, 5)


def test_warrior_resolves_the_single_tile_of_a_small_yard():
    state = load(_warrior(1))
    state.apply("place a warrior in the 1-iron yard")
    assert goods(state)["food"] == 3


def test_no_warrior_action_without_a_warrior_at_home():
    d = _warrior(5)
    d["players"][0]["home"]["warrior"] = 0
    d["players"][0]["warriors"] = [2, 2, 1]
    state = load(d)
    assert state.to_move == 1  # nothing to decide


def test_several_warriors_may_share_a_yard():
    d = _warrior(3)
    d["players"][0]["warriors"] = [0, 2, 0]
    d["players"][0]["home"]["warrior"] = 3
    state = load(d)
    assert "place a warrior in the 3-iron yard" in texts(state)


def test_paid_garden_action_not_offered_when_paying_leaves_too_little_to_perform_it():
    # plant 3: pay 3 coins -> Courtier action. With 4 coins and no mother-of-pearl the only
    # courtier move is the gate (2 coins), which paying 3 would make unaffordable.
    from tests.whitecastle.helpers import garden

    d = garden(give(blank(3), 0, food=4, coin=4), 0, 3)
    state = load(ask(d, ["gardener"]))
    state.apply("place a gardener in the coral plant garden")
    assert "pay 3 coins for courtier action" not in texts(state)
    assert goods(state)["coin"] == 4


def test_paid_garden_action_offered_when_the_action_stays_possible_after_paying():
    from tests.whitecastle.helpers import garden

    d = garden(give(blank(3), 0, food=4, coin=5), 0, 3)
    state = load(ask(d, ["gardener"]))
    state.apply("place a gardener in the coral plant garden")
    state.apply("pay 3 coins for courtier action")
    state.apply("send a courtier to the gate")
    assert goods(state)["coin"] == 0 and state.players[0].court[0] == 1

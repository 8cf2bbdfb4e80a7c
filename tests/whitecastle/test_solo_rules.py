"""Rule tests of the solo mode, one per statement of the reference's solo section (white-castle.md
section 9, "Visit of the Tokugawa clan"), plus the readings shipped as assumed (RULES.md, "Solo mode")."""

from __future__ import annotations

import pytest

from boardlab import whitecastle
from boardlab.core.policies import play
from boardlab.whitecastle import components as C
from boardlab.whitecastle import solo
from boardlab.whitecastle.validate import invariants

from .solo_helpers import DECK, card, load, rival, rival_moves, set_deck, solo_start


def played(seed=3, policy="random", **options):
    return play(whitecastle.Game(players=1, **options), [policy], seed, seed)


# ------------------------------------------------------------------ setup (reference 9, "Setup")
def test_solo_plays_with_nine_dice_three_per_bridge_as_at_two_players():
    state = whitecastle.Game(players=1).new_game(seed=4)
    assert [len(b) for b in state.bridges] == [3, 3, 3]


def test_solo_leaves_the_three_plus_player_castle_cards_in_the_box():
    state = whitecastle.Game(players=1).new_game(seed=4)
    in_play = state.decks["steward"] + state.decks["diplomat"] + state.room_cards
    assert sorted(in_play) == sorted(C.deck("steward", 2) + C.deck("diplomat", 2))
    assert len(C.deck("steward", 2)) == 9 and len(C.deck("diplomat", 2)) == 9


def test_solo_has_no_stacking_a_die_of_the_rival_closes_the_space():
    d = set_deck(solo_start(), top=2, row=[3, 4])  # card 1 shows next: coral left end -> floor 1 room A
    state = rival_moves(d)
    assert state.space_dice["F1A"] and state.capacity() == 1
    state.apply(next(a for a in state.legal_actions() if a.kind == "take"))
    assert "place on castle floor 1 room A" not in [str(a) for a in state.legal_actions()]


def test_solo_human_is_dealt_one_starting_pair_and_does_not_draft():
    state = whitecastle.Game(players=1).new_game(seed=2)
    assert len(state.offer) == 1 and state.to_move == 0
    assert [a.kind for a in state.legal_actions()] == ["pair"]


def test_rival_has_no_domain_board_its_workers_wait_in_a_pool():
    state = played(seed=5)
    r = rival(state)
    assert r.card == "" and r.lantern == [] and r.rows_used == [False, False, False]
    assert r.home[0] + sum(r.court) == 5 and r.home[2] + sum(r.warriors) == 5
    assert r.home[1] + sum(solo.RIVAL in g for g in state.gardeners) == 5


def test_solo_deck_is_shuffled_into_a_face_up_deck_of_nine_cards():
    state = whitecastle.Game(players=1).new_game(seed=6)
    numbers = [state.rival_top, *state.rival_deck, *state.rival_row]
    assert sorted(numbers) == list(range(1, 10)) and state.rival_row == []
    tops = {whitecastle.Game(players=1).new_game(seed=s).rival_top for s in range(40)}
    assert len(tops) >= 7  # the top card differs from game to game


@pytest.mark.parametrize("level, cp, first, time", [("easy", 0, 0, 0), ("medium", 3, 1, 1), ("hard", 8, 1, 3)])
def test_difficulty_sets_the_rivals_cp_turn_order_place_and_marker(level, cp, first, time):
    state = whitecastle.Game(players=1, difficulty=level).new_game(seed=7)
    r = rival(state)
    assert (r.goods["cp"], state.order[0], r.time) == (cp, first, time)
    assert state.order == ((0, 1) if first == 0 else (1, 0))


def test_easy_rival_marker_starts_under_the_humans_on_space_zero():
    state = whitecastle.Game(players=1, difficulty="easy").new_game(seed=7)
    assert state.turn_order_from_time() == [0, 1]


def test_medium_rival_takes_the_first_turn_of_the_game():
    state = whitecastle.Game(players=1, difficulty="medium").new_game(seed=8)
    state.apply(state.legal_actions()[0])
    while state.decision[0] != "take":
        state.apply(state.legal_actions()[0])
    assert state.turn == 1 and len(state.rival_row) >= 1 and rival(state).goods["coin"] >= 0
    assert sum(len(v) for v in state.space_dice.values()) == 1  # the rival's die


# ------------------------------------------------------------------ the rival's dice and coins
def test_rival_turns_the_top_card_and_the_new_top_names_its_die():
    # top card 2 is turned into the row; the new top is card 1 (deck holds only it under 3, 4 in the row)
    d = set_deck(solo_start(), top=2, row=[3, 4])
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.rival_row[-1] == 2  # turned over
    assert state.rival_last == ("coral", 2, "left", "F1A", "F1A", 1)  # card 1: coral bridge, left end -> floor 1 room A
    assert state.bridges[0] == (4, 5)


def test_rival_takes_the_die_at_the_named_end():
    d = set_deck(solo_start(), top=3, row=[1, 4])  # card 2 will show: black bridge, right end
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.rival_last == ("black", 6, "right", "F2A", "F2A", 1) and state.bridges[1] == (1, 3)


def test_rival_never_pays_coins_for_a_low_die():
    d = set_deck(solo_start(), top=2, row=[3, 4])  # card 1: coral left die (a 2) on floor 1 (value 3)
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    # the 2 on a space of value 3 costs nothing; card 2, the one card turned, gains no coins
    assert state.rival_row == [3, 4, 2] and rival(state).goods["coin"] == 0


def test_rival_gains_coins_when_its_die_beats_the_space_value():
    d = set_deck(solo_start(), top=3, row=[1, 4])  # card 2: black right die (a 6) on floor 2 (value 4)
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    # the 6 on a space of value 4 earns 2; card 3, the one card turned, gains no coins
    assert state.rival_row == [1, 4, 3] and rival(state).goods["coin"] == 6 - 4


def test_rival_ignores_the_castle_colour_rule():
    d = set_deck(solo_start(), top=2, row=[3, 4])  # card 1 puts a coral die in floor 1 room A
    d["rooms"][0]["tiles"] = ["black", "white", "black"]
    d["rooms"][1]["tiles"] = ["coral", "coral", "white"]
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.space_dice["F1A"] == (2,) and "coral" not in state.room_tiles[0]


def test_rival_places_on_the_well_when_its_space_is_taken():
    d = set_deck(solo_start(), top=2, row=[3, 4])
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    d["space_dice"]["F1A"] = [3]
    state = rival_moves(d)
    assert state.rival_last == ("coral", 2, "left", "WELL", "F1A", 1) and state.space_dice["F1A"] == (3,)


def test_a_missing_die_turns_the_next_card():
    # the coral bridge is empty: a coral card showing after card 4 is turned is turned over too,
    # until a card names a bridge with dice
    extra_turns = set()
    for seed in range(1, 12):
        d = set_deck(solo_start(seed=seed), top=4)
        d["bridges"] = {"coral": [], "black": [1, 3, 6], "white": [2, 5, 6]}
        state = rival_moves(d)
        assert state.rival_row[0] == 4
        assert all(DECK[n - 1]["bridge"] == "coral" for n in state.rival_row[1:])  # turned: no die
        assert DECK[state.rival_top - 1]["bridge"] != "coral" and state.rival_last[0] != "coral"
        extra_turns.add(len(state.rival_row) - 1)
        assert state.rival_last[5] == len(state.rival_row)  # cards turned this turn
    assert extra_turns == {0, 1}  # card 1 (coral) sometimes showed and was turned over too


def test_lone_die_is_at_both_ends_for_the_rival():
    d = set_deck(solo_start(), top=3, row=[1, 4])  # card 2: black right end
    d["bridges"] = {"coral": [2, 4, 5], "black": [3], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.rival_last[:2] == ("black", 3) and state.bridges[1] == ()


# ------------------------------------------------------------------ its actions
def test_rival_performs_only_the_actions_of_the_one_card_it_turned_this_turn():
    # [SM]: "if you only flipped one card, the AI only takes the two actions on that single card";
    # card 4, turned on an earlier turn, acts no more
    d = set_deck(solo_start(), top=2, row=[3, 4])  # card 2 turned: the row ends 4, 2
    d["bridges"] = {"coral": [3, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    r = rival(state)
    # card 2 only: courtier to the gate, 2 steps on the Passage of Time (card 4's cp:2, coins:2 not)
    assert state.rival_last[5] == 1 and solo.acting_cards(state) == [2]
    assert r.goods["cp"] == 0 and r.goods["coin"] == 0 and r.court[0] == 1 and r.time == 2


def test_a_missing_die_makes_the_rival_perform_the_last_two_cards_it_turned():
    # [SM]: "if you flipped two or more cards, the AI only looks at the two rightmost cards":
    # card 1 turned, card 4 shows (coral, empty bridge): turned too; card 2 or 3 shows: a die
    d = set_deck(solo_start(), top=1, row=[3, 2])  # card 4 alone under the top
    d["bridges"] = {"coral": [], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.rival_last[5] == 2 and solo.acting_cards(state) == [1, 4] == state.rival_row
    r = rival(state)
    # card 1: coins:1, cp:1; card 4: cp:2, coins:2; cards 2 and 3 (turned on earlier turns) not
    assert r.goods["cp"] == 1 + 2 and r.goods["coin"] == 1 + 2 + max(0, state.rival_last[1] - solo.SPACE_VALUE[state.rival_last[3]])
    assert r.court == [0, 0, 0, 0] and r.time == 0 and r.home == [5, 5, 5]


def test_rival_performs_one_cards_actions_when_only_one_was_turned():
    d = set_deck(solo_start(), top=4)  # the first turn of the game: card 4 is the only turned card
    d["bridges"] = {"coral": [3, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    r = rival(state)
    assert state.rival_row == [4] and r.goods["cp"] == 2 and r.court[0] == 0 and r.time == 0
    assert r.goods["coin"] == 2 + max(0, state.rival_last[1] - solo.SPACE_VALUE[state.rival_last[3]])


def _after(actions, d_edit=None, round_number=1):
    """The rival after one turn that turned two cards carrying ``actions`` (four action texts):
    card 1 is turned, card 2 shows a die on the empty black bridge, so it is turned too, and
    card 3 shows the white die the rival takes."""
    cards = [card(1, "coral", "left", "WELL", actions[0], actions[1]),
             card(2, "black", "left", "WELL", actions[2], actions[3]),
             card(3, "white", "left", "WELL", "cp:1", "cp:1")]
    d = set_deck(solo_start(cards=cards), top=1, row=[], cards=cards)
    d["rival"]["deck"] = [2]
    d["rival"]["row"] = [3]
    d["bridges"] = {"coral": [1, 1, 1], "black": [], "white": [1, 5, 6]}
    d["round"] = round_number
    if d_edit:
        d_edit(d)
    return rival_moves(d, cards=cards)


def test_rival_action_gain_coins_cp_and_influence():
    state = _after(["coins:3", "cp:4", "time:2", "coins:1"])
    r = rival(state)
    assert (r.goods["coin"], r.goods["cp"], r.time) == (4, 4, 2)


def test_rival_gardener_goes_to_the_lowest_value_card_on_its_side_without_a_rival_gardener():
    state = _after(["gardener:right", "gardener:right", "gardener:any", "gardener:left"])
    points = [state.gardens()[c].points for c in state.garden_cards]
    mine = [g for g in range(6) if solo.RIVAL in state.gardeners[g]]
    stones = sorted(range(1, 6, 2), key=lambda g: (points[g], g))
    plants = sorted(range(0, 6, 2), key=lambda g: (points[g], g))
    rest = sorted((g for g in range(6) if g not in stones[:2]), key=lambda g: (points[g], g))
    assert sorted(mine) == sorted([stones[0], stones[1], rest[0], next(p for p in plants if p != rest[0])])
    assert rival(state).home[1] == 1 and all(state.gardeners[g].count(solo.RIVAL) == 1 for g in mine)


def test_other_clans_gardeners_do_not_stop_the_rivals():
    points = {n: g.points for n, g in C.gardens().items()}

    def human_on_five(d):  # the human's gardeners on every card but the most valuable one
        best = max(range(6), key=lambda s: points[d["gardens"][s]["card"]])
        for s, g in enumerate(d["gardens"]):
            g["gardeners"] = [0] if s != best else []
        d["players"][0]["home"]["gardener"] = 0
    state = _after(["gardener:any", "cp:1", "cp:1", "cp:1"], human_on_five)
    lowest = min(range(6), key=lambda s: (points[state.garden_cards[s]], s))
    assert state.gardeners[lowest] == (0, solo.RIVAL)


def test_rival_courtier_goes_to_the_gate_and_its_lowest_courtier_climbs():
    state = _after(["courtier:gate", "courtier:up1", "courtier:gate", "courtier:up2"])
    # gate (1 at the gate), it climbs to floor 1, a second one to the gate, the lowest (gate) climbs 2
    assert rival(state).court == [0, 1, 1, 0] and rival(state).home[0] == 3


def test_rival_climb_from_floor_two_by_two_floors_stops_on_floor_three():
    def on_floor_two(d):
        d["players"][1]["home"]["courtier"] = 4
        d["players"][1]["court"] = [0, 0, 1, 0]
    state = _after(["courtier:up2", "cp:1", "cp:1", "cp:1"], on_floor_two)
    assert rival(state).court == [0, 0, 0, 1]
    assert state.daimyo_slots == (None, None, None)  # it takes no Daimyo slot (assumed)


def test_rival_climbing_takes_no_room_card():
    def at_gate(d):
        d["players"][1]["home"]["courtier"] = 4
        d["players"][1]["court"] = [1, 0, 0, 0]
    before = load(set_deck(solo_start(), top=2)).room_cards
    state = _after(["courtier:up1", "cp:1", "cp:1", "cp:1"], at_gate)
    assert rival(state).court == [0, 1, 0, 0] and rival(state).card == "" and rival(state).lantern == []
    assert state.room_cards == before


@pytest.mark.parametrize("iron, yard", [(5, 0), (3, 1), (1, 2)])
def test_rival_warrior_goes_to_the_yard_shown_without_iron(iron, yard):
    state = _after([f"warrior:{iron}", "cp:1", "cp:1", "cp:1"])
    r = rival(state)
    assert r.warriors[yard] == 1 and r.home[2] == 4 and r.goods["iron"] == 0


def test_rival_gains_no_resources_or_seals_in_a_whole_game():
    state = whitecastle.Game(players=1, difficulty="hard").new_game(seed=11)
    import random

    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        g = rival(state).goods
        assert g["food"] == g["iron"] == g["pearl"] == g["seal"] == 0


@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_an_action_the_rival_cannot_do_scores_the_round_number(round_number):
    def no_workers(d):
        p = d["players"][1]
        p["home"] = {"courtier": 0, "gardener": 5, "warrior": 0}
        p["court"] = [0, 0, 0, 5]
        p["warriors"] = [5, 0, 0]
    state = _after(["courtier:gate", "courtier:up1", "warrior:3", "cp:1"], no_workers, round_number)
    assert rival(state).goods["cp"] == 3 * round_number + 1


def test_rival_time_passes_the_gates_without_seals_and_stops_at_twenty():
    def near_the_end(d):
        d["players"][1]["time"] = 4
    state = _after(["time:3", "cp:1", "cp:1", "cp:1"], near_the_end)
    assert rival(state).time == 7 and rival(state).goods["seal"] == 0
    def at_the_end(d):
        d["players"][1]["time"] = 20
    state = _after(["time:3", "cp:1", "cp:1", "cp:1"], at_the_end)
    assert rival(state).time == 20 and rival(state).goods["cp"] == 1 + 3  # could not move: round 1 CP


# ------------------------------------------------------------------ end of round
def _round_end(coins: int, rival_first: bool, round_number: int = 3, keep=True, gardens=()):
    """The rival's end of round with ``coins``, first or second in the new turn order."""
    state = whitecastle.Game(players=1, rival_keeps_coins=keep).new_game(seed=12)
    r = rival(state)
    r.goods["coin"], r.goods["cp"] = coins, 0
    state.order = (1, 0) if rival_first else (0, 1)
    state.round = round_number
    state.gardeners = tuple((solo.RIVAL,) if slot in gardens else () for slot in range(6))
    solo.round_end(state)
    return r


def test_rival_trades_coins_per_three_when_first_each_set_worth_the_round():
    r = _round_end(10, rival_first=True, round_number=3)
    assert r.goods["cp"] == 9  # the reference's example: first, 10 coins, round 3 -> 9 CP


def test_rival_trades_coins_per_five_when_second():
    r = _round_end(10, rival_first=False, round_number=2)
    assert r.goods["cp"] == 4 and r.goods["coin"] == 0


@pytest.mark.parametrize("keep, left", [(True, 1), (False, 0)])
def test_option_rival_keeps_coins_decides_the_leftover(keep, left):
    r = _round_end(10, rival_first=True, round_number=1, keep=keep)
    assert r.goods["cp"] == 3 and r.goods["coin"] == left


def test_the_trade_follows_the_new_turn_order():
    state = whitecastle.Game(players=1, difficulty="easy").new_game(seed=12)
    r = rival(state)
    r.time, r.goods["coin"], r.goods["cp"] = 9, 3, 0  # second this round, first in the next
    state._end_round()
    assert state.order == (1, 0) and r.goods["cp"] == 1  # 3 coins make a set only when first


@pytest.mark.parametrize("round_number, gains", [(1, 1), (2, 2), (3, 0)])
def test_rival_gardeners_under_a_bridge_with_a_die_score_the_round_number(round_number, gains):
    state = whitecastle.Game(players=1).new_game(seed=13)
    state.bridges = ((2,), (), (5,))
    state.round = round_number
    state.order = (0, 1)
    state.players[1].goods["coin"] = 0
    # under coral (die left), black (empty), white (die left)
    state.gardeners = tuple((solo.RIVAL,) if slot in (0, 2, 5) else () for slot in range(6))
    cp = rival(state).goods["cp"]
    solo.round_end(state)
    assert rival(state).goods["cp"] - cp == 2 * gains


def test_rival_gardeners_perform_no_card_action_at_round_end():
    state = whitecastle.Game(players=1).new_game(seed=14)
    state.gardeners = ((solo.RIVAL,), (0,), (), (), (), ())
    state.bridges = ((3,), (4,), (5,))
    state._end_round()
    assert state.activations == ((0, 1),)  # the human's gardener acts; the rival's scores instead


# ------------------------------------------------------------------ scoring and the result
def test_rival_final_scoring_is_the_humans():
    state = played(seed=15)
    from boardlab.whitecastle.scoring import player_sheet

    assert solo.rival_sheet(state) == player_sheet(state, solo.RIVAL)
    assert set(solo.rival_sheet(state)) == set(state.score_sheet()[0])


def test_score_sheet_and_ranks_hold_the_human_seat_only():
    state = played(seed=16)
    assert set(state.score_sheet()) == {0} and state.ranks() == {0: 1}


def test_a_tie_with_the_rival_goes_to_the_earlier_in_final_turn_order():
    state = played(seed=17)
    human = state.score_sheet()[0]["total"]
    rival(state).goods["cp"] += human - solo.rival_sheet(state)["total"]
    assert solo.rival_sheet(state)["total"] == human
    assert solo.human_wins(state) == (state.order[0] == 0)


# ------------------------------------------------------------------ the deck over a game
def test_an_empty_deck_is_refilled_from_the_row_keeping_its_two_latest_cards():
    d = set_deck(solo_start(), top=3, row=[1, 4, 2])  # nothing under the top
    d["bridges"] = {"coral": [3, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d)
    assert state.rival_row == [2, 3]  # 1 and 4 went back under the top; 2 and 3 stay for their actions
    assert sorted([state.rival_top, *state.rival_deck]) == [1, 4]


@pytest.mark.parametrize("reshuffle", ["round", "empty"])
def test_option_solo_reshuffle_round_returns_every_card_at_a_rounds_start(reshuffle):
    state = whitecastle.Game(players=1, solo_reshuffle=reshuffle).new_game(seed=18)
    state.rival_row = [state.rival_deck.pop(), state.rival_deck.pop()]
    solo.new_round(state)
    assert (state.rival_row == []) == (reshuffle == "round")
    assert sorted([state.rival_top, *state.rival_deck, *state.rival_row]) == list(range(1, 10))


def test_the_deck_runs_out_in_round_three_and_play_goes_on():
    for seed in range(6):
        state = played(seed=seed)
        assert state.is_over and sorted([state.rival_top, *state.rival_deck, *state.rival_row]) == list(range(1, 10))


def test_positions_stay_consistent_through_a_greedy_solo_game():
    game = whitecastle.Game(players=1, difficulty="hard")
    state = game.new_game(19)
    policy = game.policy("greedy")
    import random

    rng = random.Random(19)
    while not state.is_over:
        invariants(state)
        state.apply(policy(state, rng))
    invariants(state)


# ------------------------------------------------------------------ the picture
def test_the_state_picture_shows_the_rival_and_who_won():
    from boardlab.whitecastle import render

    state = played(seed=21, difficulty="hard")
    svg = render.state_svg(state)
    assert 'class="rival"' in svg and "solo vs the Tokugawa rival (hard)" in svg and "solo (hard)" in svg
    won = "you beat the rival" if solo.human_wins(state) else "the rival wins"
    assert f"Game over: {won}" in svg and f"rival {solo.rival_sheet(state)['total']}" in svg
    fresh = whitecastle.Game(players=1).new_game(seed=21)
    assert f"next die (top card #{fresh.rival_top})" in render.state_svg(fresh)
    assert 'class="rival"' not in render.state_svg(whitecastle.Game(players=2).new_game(seed=21))


def test_placing_on_the_space_the_rivals_die_closed_is_refused_naming_the_rule():
    from boardlab.core import IllegalAction

    state = rival_moves(set_deck(solo_start(), top=2, row=[3, 4]))  # the rival's die is on floor 1 room A
    take = next(a for a in state.legal_actions() if a.kind == "take" and a.x in state.room_tiles[0])
    state.apply(take)  # a die whose colour room A shows: only the rival's die stands in the way
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply("place on castle floor 1 room A")
    assert refused.value.rule == "no stacking in the solo game"
    assert "castle floor 1 room A already holds 1 dice" in str(refused.value)
    assert state.to_json() == before


def test_a_deck_naming_only_empty_bridges_falls_back_on_the_first_bridge_with_dice():
    cards = [card(n, "coral", "left", "F1A") for n in (1, 2, 3)]
    d = set_deck(solo_start(cards=cards), top=1, cards=cards)
    d["bridges"] = {"coral": [], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d, take="white", cards=cards)
    turned = solo.SEARCH_ROUNDS * len(cards) + 1
    assert state.rival_last == ("black", 6, "right", "WELL", "WELL", turned)
    assert sorted([state.rival_top, *state.rival_deck, *state.rival_row]) == [1, 2, 3]


# ------------------------------------------------------------------ the middle die (a data value)
MIDDLE_DECK = [dict(c, end="middle") if c["number"] == 2 else c for c in DECK]  # card 2: black bridge, middle die


def test_a_card_may_name_the_middle_die_the_second_of_three():
    d = set_deck(solo_start(cards=MIDDLE_DECK), top=3, row=[1, 4], cards=MIDDLE_DECK)  # card 2 will show
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 3, 6], "white": [2, 5, 6]}
    state = rival_moves(d, cards=MIDDLE_DECK)
    assert state.rival_last[:3] == ("black", 3, "middle") and state.bridges[1] == (1, 6)


def test_assumed_a_bridge_of_fewer_than_three_dice_has_no_middle_die_the_rival_turns_another_card():
    d = set_deck(solo_start(cards=MIDDLE_DECK), top=3, row=[1, 4], cards=MIDDLE_DECK)
    d["bridges"] = {"coral": [2, 4, 5], "black": [1, 6], "white": [2, 5, 6]}
    state = rival_moves(d, cards=MIDDLE_DECK)
    assert 2 in state.rival_row and state.rival_last[5] >= 2  # card 2 found no die: another was turned
    assert state.bridges[1] == (1, 6) and state.rival_last[0] != "black"  # card 2 is the deck's only black card
    assert "middle die" in " ".join(solo.ASSUMED_READINGS)


def test_the_shipped_cards_name_no_middle_die_and_a_table_may():
    ends = [c.end for c in solo.shipped_cards()]
    assert sorted(ends) == ["left"] * 4 + ["right"] * 5  # unchanged
    assert [c.end for c in solo.read_cards(MIDDLE_DECK)].count("middle") == 1
    with pytest.raises(ValueError, match=r"solo_cards\[0\]\.end: expected one of left, right, middle"):
        solo.read_cards([dict(DECK[0], end="top")] + DECK[1:])

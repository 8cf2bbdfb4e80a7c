"""Rule tests: dice and bridges, rounds and turns.

Seed: roll the black, white and coral dice and lay each colour on its bridge from the lowest pip
to the highest; one die more per colour than there are players; on your turn take a die exposed
at one end of a bridge (only the ends), so taking one changes which die is open to the next
player; 3 rounds, 3 dice per player a round (9 turns); after everyone has played three times,
three dice remain on the bridges and the round ends.

Documented edge-case choice (no source decides it): a bridge's last die counts as its left end,
so it pays the lantern (option ``lone_die_is_left``, default True).
"""

from __future__ import annotations

import random

import pytest

from boardlab import whitecastle
from tests.whitecastle.helpers import blank, bridges, goods, lantern, load, refused, texts

COLOURS = ("coral", "black", "white")


def _random_game(players: int, seed: int):
    """Play a game with random choices; yield (state, the action about to be applied) before
    every step, and (final state, None) at the end."""
    rng = random.Random(seed)
    state = whitecastle.Game(players=players).new_game(seed=seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        yield state, action
        state.apply(action)
    yield state, None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_per_colour_is_players_plus_one(players):
    state = whitecastle.Game(players=players).new_game(seed=3)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    for colour in COLOURS:
        assert len(state.to_json()["bridges"][colour]) == players + 1


@pytest.mark.parametrize("seed", range(6))
def test_bridges_laid_low_to_high_left_to_right_every_round(seed):
    seen_rounds = set()
    for state, _ in _random_game(3, seed):
        if state.phase == "turn" and state.turn == 0 and state.decision == ("take",):
            seen_rounds.add(state.round)
            for colour, dice in state.to_json()["bridges"].items():
                assert dice == sorted(dice), (colour, dice)
                assert len(dice) == 4
    assert seen_rounds == {1, 2, 3}


def test_only_a_bridge_end_can_be_taken():
    d = bridges(blank(3), coral=[1, 3, 4, 6], black=[2, 2, 5, 6], white=[1, 1, 2, 3])
    state = load(d)
    takes = {t for t in texts(state) if t.startswith("take")}
    assert takes == {
        "take coral 1 (left end)", "take coral 6 (right end)",
        "take black 2 (left end)", "take black 6 (right end)",
        "take white 1 (left end)", "take white 3 (right end)",
    }
    # The 3 and the 4 are in the middle of the coral bridge.
    refused(state, "take coral 3 (left end)", "only a bridge end can be taken")
    refused(state, "take coral 4 (right end)", "only a bridge end can be taken")


def test_taking_the_left_end_makes_the_next_die_the_left_end():
    d = bridges(blank(3), coral=[1, 3, 4, 6], black=[2, 5], white=[1, 3])
    state = load(d)
    state.apply("take coral 1 (left end)")
    assert state.bridges[0] == (3, 4, 6)
    state.apply("place on the Well")
    # Player 1 now sees the 3 as the coral bridge's left end.
    assert "take coral 3 (left end)" in texts(state)
    assert "take coral 6 (right end)" in texts(state)


def test_taking_the_right_end_makes_the_next_die_the_right_end():
    d = bridges(blank(3), coral=[1, 3, 4, 6], black=[2, 5], white=[1, 3])
    state = load(d)
    state.apply("take coral 6 (right end)")
    assert state.bridges[0] == (1, 3, 4)
    state.apply("place on the Well")
    assert "take coral 4 (right end)" in texts(state)
    assert "take coral 1 (left end)" in texts(state)


def test_a_taken_die_keeps_its_pips():
    d = bridges(blank(3), coral=[2, 5], black=[], white=[])
    state = load(d)
    state.apply("take coral 5 (right end)")
    assert state.to_json()["held"] == {"colour": "coral", "pips": 5, "end": "right"}


def test_lone_die_counts_as_left_end_and_pays_the_lantern():
    # Documented choice (option lone_die_is_left, default True).
    d = bridges(blank(3), coral=[4], black=[], white=[])
    lantern(d, 0, "decree:cp")
    state = load(d)
    assert texts(state) == {"take coral 4 (left end)"}
    state.apply("take coral 4 (left end)")
    state.apply("place on the Well")
    assert goods(state)["cp"] == 1  # the lantern paid


def test_lone_die_is_the_right_end_when_option_is_off():
    d = bridges(blank(3), coral=[4], black=[], white=[])
    lantern(d, 0, "decree:cp")
    state = load(d, lone_die_is_left=False)
    assert texts(state) == {"take coral 4 (right end)"}
    state.apply("take coral 4 (right end)")
    state.apply("place on the Well")
    assert goods(state)["cp"] == 0  # no lantern


def test_equal_dice_at_both_ends_only_the_left_one_pays_the_lantern():
    d = bridges(blank(3), coral=[3, 3], black=[], white=[])
    lantern(d, 0, "decree:cp")
    state = load(d)
    assert {"take coral 3 (left end)", "take coral 3 (right end)"} <= texts(state)
    for end, cp in (("left", 1), ("right", 0)):
        state = load(d)
        state.apply(f"take coral 3 ({end} end)")
        state.apply("place on the Well")
        assert goods(state)["cp"] == cp, end


def test_an_empty_bridge_offers_no_die():
    d = bridges(blank(3), coral=[], black=[3, 5], white=[])
    state = load(d)
    assert {t for t in texts(state) if t.startswith("take")} == {"take black 3 (left end)", "take black 5 (right end)"}
    refused(state, "take coral 1 (left end)", "bridge")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_rounds_each_player_takes_three_dice_a_round(players):
    takes: dict[tuple[int, int], int] = {}
    rounds = set()
    final = None
    for state, action in _random_game(players, seed=11 + players):
        final = state
        if action is not None and action.kind == "take":
            key = (state.round, state.to_move)
            takes[key] = takes.get(key, 0) + 1
            rounds.add(state.round)
    assert final.is_over
    assert rounds == {1, 2, 3}
    assert takes == {(r, p): 3 for r in (1, 2, 3) for p in range(players)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_dice_remain_on_the_bridges_when_the_round_ends(players):
    checked = set()
    for state, action in _random_game(players, seed=5 + players):
        if action is not None and action.kind == "take" and state.turn == 3 * players - 1:
            # The round's last die is being taken: what stays on the bridges is left at round end.
            assert sum(len(b) for b in state.bridges) == 4
            checked.add(state.round)
    assert checked == {1, 2, 3}


def test_each_turn_takes_exactly_one_die():
    d = bridges(blank(3), coral=[1, 2, 3, 4], black=[1, 2, 3, 4], white=[1, 2, 3, 4])
    state = load(d)
    state.apply("take black 4 (right end)")
    assert state.decision == ("place",)
    assert not any(t.startswith("take") for t in texts(state))  # no second die this turn
    state.apply("place on the Well")
    assert state.to_move == 1


def test_left_end_is_the_lowest_die():
    # Taking the left end is taking the lowest die of that bridge.
    d = bridges(blank(3), coral=[2, 2, 5, 6], black=[], white=[])
    hold_state = load(d)
    hold_state.apply("take coral 2 (left end)")
    assert hold_state.to_json()["held"]["end"] == "left"
    assert hold_state.bridges[0] == (2, 5, 6)

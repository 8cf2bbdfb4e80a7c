"""The fast option generators agree with the rules they stand for: the placement options (a
table of the castle colour and domain row rules, checked only on those spaces) are exactly the
spaces ``_placement_problem`` finds no problem with, and every decision's options come out in
sorted order (some generators list them in order instead of sorting)."""

import random

import pytest

from boardlab import whitecastle
from boardlab.whitecastle.actions import SPACES


def _positions(players, seeds):
    game = whitecastle.Game(players=players)
    for seed in seeds:
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_placement_options_are_the_spaces_without_a_placement_problem(players):
    placements = 0
    for state in _positions(players, range(4)):
        if state.decision[0] != "place":
            continue
        colour, pips, _ = state.held
        expected = [s for s in SPACES if state._placement_problem(s, colour, pips) is None]
        assert sorted(state._placeable_spaces()) == sorted(expected)
        placements += 1
    assert placements > 20


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_options_of_every_decision_are_sorted(players):
    kinds = set()
    for state in _positions(players, range(12)):
        legal = state.legal_actions()
        assert list(legal) == sorted(legal), state.decision
        kinds.add(state.decision[0])
    assert {"take", "place", "any", "courtier", "outside", "gardener", "warrior", "paid", "light"} <= kinds


@pytest.mark.parametrize("players", [2, 4])
def test_exchange_options_are_the_affordable_exchanges_of_targets_below_their_cap(players):
    """The exchange tables (no cap checked where none can be reached) offer exactly the rule's
    exchanges: the seals pay the rate and the target is below its cap."""
    from boardlab.whitecastle.rules import CAP, EXCHANGE_DECISIONS, EXCHANGE_RATE

    checked = set()
    for state in _positions(players, range(12)):
        if state.decision[0] not in EXCHANGE_DECISIONS or state.phase != "turn":
            continue
        goods = state.players[state.actor].goods
        expected = {t for t, rate in EXCHANGE_RATE.items()
                    if goods["seal"] >= rate and (CAP[t] is None or goods[t] < CAP[t])}
        assert {a.x for a in state.legal_actions() if a.kind == "exchange"} == expected
        checked.add((min(goods["seal"], 2), len(expected)))
    assert {(1, 1), (2, 4), (2, 3)} <= checked  # one seal, two or more, and a resource at its cap


@pytest.mark.parametrize("players", [1, 2, 4])
def test_kept_lantern_tasks_are_the_lantern_cards_rewards(players):
    """Each clan's lantern rewards, kept as tasks beside its cards, are the rewards of the cards
    in its lantern area, oldest first; in a position read back from JSON too."""
    from boardlab.whitecastle.rules import lantern_tasks

    game = whitecastle.Game(players=players)
    action_cards = 0  # lantern areas holding an action card (left there on entering a room)
    for step, state in enumerate(_positions(players, range(8))):
        states = [state, game.state_from_json(state.to_json())] if step % 10 == 0 else [state]
        for s in states:
            for p in s.players:
                assert p.lantern_tasks == lantern_tasks(p.lantern)
                action_cards += any(card.startswith("start:") for card in p.lantern)
    assert action_cards > 0

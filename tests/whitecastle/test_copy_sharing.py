"""copy() shares structure with the original: what it shares must be immutable, and a shared
player is copied before either state changes it (copy-on-write). The conformance harness checks
that copies stay independent at every decision; these tests check the sharing design itself,
so a container the rules would change in place cannot slip into the shared part."""

import random

import pytest

from boardlab import whitecastle
from boardlab.core.chance import ChanceStream
from boardlab.core.game import Game
from boardlab.whitecastle.state import Player

#: attributes a copy gets its own object for (``WhiteCastleState._copy_position``)
COPIED = {"chance", "players", "queue", "space_dice", "decks", "history", "rival_deck", "rival_row", "rival_log"}


def _immutable(value) -> bool:
    if value is None or isinstance(value, (str, int, float, bool, Game)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_immutable(v) for v in value)
    return False


def _positions(game, seeds=range(3)):
    for seed in seeds:
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_copy_shares_only_immutable_values_and_copies_the_rest(players):
    for state in _positions(whitecastle.Game(players=players)):
        copy = state.copy()
        for name, value in copy.__dict__.items():
            if name in COPIED:
                assert value is not state.__dict__[name] or value is None, name
            elif name not in ("_writer", "start"):  # start: the core's private JSON copy, never changed
                assert _immutable(value), (name, value)
        for values in (copy.space_dice.values(), copy.decks.values()):
            assert all(_immutable(v) for v in values)
        assert all(type(x) is tuple for x in copy.queue)
        assert isinstance(copy.chance, ChanceStream)


def test_shared_players_are_copied_on_write_by_either_state():
    state = whitecastle.Game(players=3).new_game(seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.copy()
    assert all(a is b for a, b in zip(copy.players, state.players))  # shared, not copied
    assert all(type(p) is Player and p.writer not in (state._writer, copy._writer) for p in state.players)
    seat = copy.actor
    before = state.players[seat]
    mine = copy._player(seat)
    assert mine is not before and copy._player(seat) is mine  # copied once, then changed in place
    mine.goods["coin"] += 5
    assert state.players[seat] is before and before.goods["coin"] == mine.goods["coin"] - 5
    theirs = state._player(seat)  # the original also copies: the copy may still see nothing of it
    assert theirs is not before and theirs.to_json() == before.to_json()


def test_a_copy_of_a_copy_is_independent_of_both():
    state = whitecastle.Game(players=2).new_game(seed=9)
    first = state.copy()
    second = first.copy()
    texts = [s.to_json() for s in (state, first)]
    rng = random.Random(9)
    while not second.is_over:
        second.apply(rng.choice(second.legal_actions()))
    assert [s.to_json() for s in (state, first)] == texts

"""The pieces of Five Tribes' search player (``bots.MCTS_DEFAULTS``): the greedy it plays inside
a search (``SearchRollout``) and its evaluation of a leaf (``turn_margins``)."""

import random

import pytest

from boardlab.core.game import Game
from boardlab.fivetribes import bots


def positions(step: str, seeds=range(3)):
    """Positions at ``step`` from seeded greedy games (two players)."""
    game = Game.by_name("fivetribes")(players=2)
    greedy = game.policy("greedy")
    for seed in seeds:
        st, rng = game.new_game(seed), random.Random(seed)
        while not st.is_over:
            if st.step == step:
                yield st.copy()
            st.apply(greedy(st, rng))


def best_value(st, starts) -> float:
    """The best ``walk_value`` of the complete moves from ``starts``, listed walk by walk."""
    m = st.meeples
    return max(bots.walk_value(st, st.player, (path[-1], c, path.count(path[-1])), m[s * 5:s * 5 + 5])
               for s, path, c in bots.movegen.complete_moves(m, False, starts))


def test_search_rollout_picks_a_best_move():
    """Its start tile has a move of the best value among all the moves listed walk by walk (and
    that value is greedy's, but where greedy counts more meeples of the end's colour than the
    hand holds), and it passes when greedy does."""
    greedy, fast = bots.GreedyPolicy(), bots.SearchRollout()
    seen = 0
    for st in positions("start"):
        mine, theirs = fast(st, random.Random(1)), greedy(st, random.Random(1))
        if theirs.kind != "move":
            assert mine == theirs
            continue
        starts = [a.tile for a in st.legal_actions() if a.kind == "move"]
        assert mine.kind == "move"
        assert best_value(st, [mine.tile]) == pytest.approx(best_value(st, starts))
        seen += 1
    assert seen > 80


def test_search_rollout_walks_to_the_move_it_valued():
    """From a start, its drops finish a walk whose key (end tile, last colour, entries into the
    end) is one of the best-valued keys it had in view when it started the walk."""
    fast = bots.SearchRollout()
    checked = 0
    for st in positions("start", seeds=range(2)):
        rng = random.Random(3)
        action = fast(st, rng)
        if action.kind != "move":
            continue
        st.apply(action)
        first = st.copy()  # just picked up: the walk's keys are all still open
        keys = [(e, c, n) for e, n in bots.movegen.end_visits(st.mv_pos, -1, sum(st.hand))
                for c in range(5) if st.hand[c] and st.orig[c] >> e & 1]
        top = max(bots.walk_value(first, first.player, k, first.hand) for k in keys)
        path, colour = [], None
        while st.step == "drop":
            drop = fast(st, rng)
            path.append(drop.tile)
            colour = drop.colour
            st.apply(drop)
        key = (path[-1], colour, path.count(path[-1]))
        assert bots.walk_value(first, first.player, key, first.hand) == pytest.approx(top)
        checked += 1
    assert checked > 50


def test_turn_margins_finish_the_move_and_leave_the_position_alone():
    """The evaluation plays the move in progress to its end (the next bid or choice of move) on a
    copy, and reads the score sheet there: the position given is unchanged; in the middle of a walk
    the finished move changes the sheet, at a bid or a choice of move it is read as it stands."""
    moved = 0
    for st in positions("drop", seeds=range(2)):
        before = st.to_json()
        margins = bots.turn_margins(st)
        assert st.to_json() == before and set(margins) == {0, 1}
        moved += margins != st.margins()
    assert moved, "finishing a walk never changed a margin: the move was not played out"
    for st in [*positions("bid", seeds=range(1)), *positions("start", seeds=range(1))]:
        assert bots.turn_margins(st) == st.margins()

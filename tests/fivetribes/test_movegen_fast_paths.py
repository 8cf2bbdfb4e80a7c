"""The fast paths of move generation answer exactly as the per-tile, per-drop tests they replace."""

import random

import pytest

from boardlab.fivetribes import movegen
from boardlab.fivetribes.components import NBR, NTILES

NCOL = movegen.NCOL


def random_board(rng, big_stack: bool) -> list[int]:
    board = [0] * (NTILES * NCOL)
    for _ in range(rng.randrange(1, 60)):
        board[rng.randrange(NTILES) * NCOL + rng.randrange(NCOL)] += 1
    if big_stack:  # more meeples on one tile than the start-reach table covers
        t = rng.randrange(NTILES)
        for c in rng.sample(range(NCOL), 2):
            board[t * NCOL + c] += 15
    return board


def naive_masks(board) -> list[int]:
    masks = [0] * NCOL
    for t in range(NTILES):
        for c in range(NCOL):
            if board[t * NCOL + c]:
                masks[c] |= 1 << t
    return masks


@pytest.mark.parametrize("loop", [False, True])
def test_legal_starts_and_any_start_agree_with_start_ok_on_every_tile(loop):
    rng = random.Random(11)
    for i in range(300):
        board = random_board(rng, big_stack=i % 3 == 0)
        masks = movegen.colour_masks(board)
        assert masks == naive_masks(board)
        expected = [s for s in range(NTILES) if movegen.start_ok(board, masks, s, loop)]
        assert movegen.legal_starts(board, loop) == expected
        assert movegen.any_start(board, loop) == bool(expected)
        # the rules' call: masks kept up to date by the caller, and a table of actions per tile
        table = [f"move {s}" for s in range(NTILES)]
        assert movegen.legal_starts(board, loop, False, tuple(masks), table) == [table[s] for s in expected]
        assert movegen.any_start(board, loop, tuple(masks)) == bool(expected)


def test_drop_options_without_loops_agree_with_drop_ok_for_every_colour_and_neighbour():
    rng = random.Random(12)
    checked = 0
    for _ in range(400):
        board = random_board(rng, big_stack=False)
        orig = movegen.colour_masks(board)
        hand = [rng.randrange(3) for _ in range(NCOL)]
        left = sum(hand)
        if not left:
            continue
        pos = rng.randrange(NTILES)
        prev = rng.choice([-1, *NBR[pos]])
        expected = [(x, n) for n in NBR[pos] if n != prev for x in range(NCOL)
                    if hand[x] and movegen.drop_ok(pos, n, x, hand, left, orig, orig, False)]
        assert movegen.drop_options(pos, prev, hand, left, orig, orig, False) == expected
        # a hand as the state holds it (a tuple, whose colours are remembered), asked twice
        for _ in range(2):
            assert movegen.plain_drops(pos, prev, tuple(hand), left, tuple(orig)) == expected
        checked += 1
    assert checked > 300


def test_drop_sets_list_each_colour_of_the_bitmask_on_its_tile():
    table = [[f"{x}@{n}" for n in range(NTILES)] for x in range(NCOL)]
    sets = movegen.drop_sets(table)
    for n in (0, 7, NTILES - 1):
        for cm in range(1 << NCOL):
            assert sets[n][cm] == tuple(table[x][n] for x in range(NCOL) if cm >> x & 1)


def test_the_step_table_is_reach_for_every_neighbour_but_the_tile_just_left():
    for pos in range(NTILES):
        for prev in (-1, *NBR[pos]):
            steps = movegen.STEPS[pos][prev]
            assert [n for n, _ in steps] == [n for n in NBR[pos] if n != prev]
            for n, ends in steps:
                assert all(ends[k] == movegen.reach(n, pos, k) for k in (0, 1, 2, 5, 24))


def test_move_keys_are_the_keys_of_the_listed_moves():
    """``move_keys`` (from the walks' geometry) gives each start tile exactly the keys (end tile,
    final colour, entries into the end) of the moves ``complete_moves`` lists from it."""
    rng = random.Random(5)
    for i in range(200):
        board = random_board(rng, big_stack=False)  # big stacks have millions of walks to list
        starts = [s for s in range(NTILES) if sum(board[s * NCOL:s * NCOL + NCOL])]
        listed: dict = {s: set() for s in starts}
        for s, path, c in movegen.complete_moves(board, False, starts):
            listed[s].add((path[-1], c, path.count(path[-1])))
        assert {s: set(keys) for s, keys in movegen.move_keys(board, starts)} == listed

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
        checked += 1
    assert checked > 300

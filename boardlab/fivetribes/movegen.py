"""Meeple-move generation: the mancala walk, as bitmask tables over the 5x6 board.

A move picks up every meeple of a start tile and walks exactly that many orthogonal steps,
never stepping straight back to the tile just left, dropping one meeple per step; the last
meeple must land on a tile already holding its colour. Two geometric tables answer "where
can a walk end?" without enumerating walks:

* ``reach(pos, prev, k)``: bitmask of the tiles where a walk of exactly ``k`` steps from
  ``pos`` can end (``prev`` = the tile just left, -1 for none);
* ``revisit(pos, prev, k)``: bitmask of the tiles ``e`` where such a walk can end *after
  also passing through e at an earlier step* (steps 1..k-1). Only used when meeples
  dropped earlier in the same move count for the last-meeple rule (``loop_drops_count``).

With them the engine offers a drop (colour x on tile n) only when the move can still be
finished legally, so the step-by-step decisions never lead into a dead end, and
``complete_moves`` enumerates every complete legal move (start, path, final colour), the
way perft pins a chess move generator.
"""

from __future__ import annotations

from functools import lru_cache

from boardlab.fivetribes.components import NBR, NTILES

NCOL = 5


@lru_cache(maxsize=None)
def reach(pos: int, prev: int, k: int) -> int:
    if k == 0:
        return 1 << pos
    m = 0
    for n in NBR[pos]:
        if n != prev:
            m |= reach(n, pos, k - 1)
    return m


@lru_cache(maxsize=None)
def revisit(pos: int, prev: int, k: int) -> int:
    if k < 2:
        return 0
    m = 0
    for n in NBR[pos]:
        if n != prev:
            m |= revisit(n, pos, k - 1)
            if reach(n, pos, k - 1) >> n & 1:
                m |= 1 << n
    return m


def colour_masks(meeples) -> list[int]:
    """Per colour, the bitmask of tiles holding at least one meeple of it."""
    masks = [0, 0, 0, 0, 0]
    for t in range(NTILES):
        base = t * NCOL
        b = 1 << t
        for c in range(NCOL):
            if meeples[base + c]:
                masks[c] |= b
    return masks


def start_ok(meeples, masks, s: int, loop: bool) -> bool:
    """Whether some complete legal move starts at tile ``s`` (``masks`` from ``colour_masks``)."""
    base = s * NCOL
    hand = meeples[base:base + NCOL]
    k = sum(hand)
    if not k:
        return False
    r = reach(s, -1, k)
    clear = ~(1 << s)
    dup = False
    for c in range(NCOL):
        h = hand[c]
        if h:
            if r & masks[c] & clear:
                return True
            if h >= 2:
                dup = True
    return loop and dup and revisit(s, -1, k) != 0


def legal_starts(meeples, loop: bool) -> list[int]:
    masks = colour_masks(meeples)
    return [s for s in range(NTILES) if start_ok(meeples, masks, s, loop)]


def drop_ok(pos: int, n: int, x: int, hand, left: int, orig, live, loop: bool) -> bool:
    """Whether dropping colour ``x`` on neighbour ``n`` keeps the move finishable.

    ``hand`` holds the meeples still in hand (``left`` of them, including x); ``orig`` are the
    colour masks right after the pick-up, ``live`` the same plus this move's drops so far.
    """
    r = left - 1
    if r == 0:
        return ((live if loop else orig)[x] >> n) & 1 == 1
    rm = reach(n, pos, r)
    if not loop:
        for c in range(NCOL):
            h = hand[c] - (c == x)
            if h > 0 and rm & orig[c]:
                return True
        return False
    bit = 1 << n
    vis = None
    for c in range(NCOL):
        h = hand[c] - (c == x)
        if h > 0:
            m = live[c] | bit if c == x else live[c]
            if rm & m:
                return True
            if h >= 2:
                if vis is None:
                    vis = revisit(n, pos, r)
                if vis:
                    return True
    return False


def drop_options(pos: int, prev: int, hand, left: int, orig, live, loop: bool) -> list[tuple[int, int]]:
    """Every (colour, tile) drop that keeps the move finishable."""
    out = []
    for n in NBR[pos]:
        if n == prev:
            continue
        for x in range(NCOL):
            if hand[x] and drop_ok(pos, n, x, hand, left, orig, live, loop):
                out.append((x, n))
    return out


def complete_moves(meeples, loop: bool = False, starts=None) -> list[tuple[int, tuple, int]]:
    """Every complete legal move of a board: (start tile, path of tiles entered, final colour).

    The colours dropped before the last step are free and not part of a complete move.
    """
    masks = colour_masks(meeples)
    out = []
    for s in range(NTILES) if starts is None else starts:
        base = s * NCOL
        hand = meeples[base:base + NCOL]
        k = sum(hand)
        if not k:
            continue
        clear = ~(1 << s)
        orig = [m & clear for m in masks]
        colours = [c for c in range(NCOL) if hand[c]]
        target = 0
        for c in colours:
            target |= orig[c]
        dups = [c for c in colours if hand[c] >= 2]
        if loop and dups:
            _walk_all(s, -1, k, [], s, colours, orig, dups, target, 0, out)
        else:
            _walk(s, -1, k, [], s, colours, orig, target, out)
    return out


def _walk(pos, prev, k, path, s, colours, orig, target, out):
    if k == 0:
        bit = 1 << pos
        tp = tuple(path)
        for c in colours:
            if orig[c] & bit:
                out.append((s, tp, c))
        return
    for n in NBR[pos]:
        if n != prev and reach(n, pos, k - 1) & target:
            path.append(n)
            _walk(n, pos, k - 1, path, s, colours, orig, target, out)
            path.pop()


def _walk_all(pos, prev, k, path, s, colours, orig, dups, target, seen, out):
    """Loop-counting variant: an end also counts when it was visited earlier (2+ of the colour)."""
    if k == 0:
        bit = 1 << pos
        tp = tuple(path)
        earlier = pos in tp[:-1]
        for c in colours:
            if orig[c] & bit or (earlier and c in dups):
                out.append((s, tp, c))
        return
    for n in NBR[pos]:
        if n == prev:
            continue
        r = reach(n, pos, k - 1)
        bit = 1 << n
        if r & (target | seen | (bit if k > 1 else 0)) or revisit(n, pos, k - 1):
            path.append(n)
            _walk_all(n, pos, k - 1, path, s, colours, orig, dups, target, seen | bit, out)
            path.pop()


def count_moves(meeples, loop: bool = False) -> int:
    return len(complete_moves(meeples, loop))


def completions(pos: int, prev: int, hand, orig, live, loop: bool = False) -> list[tuple[tuple, int]]:
    """Every way to finish a move in progress: (rest of the path, final colour)."""
    k = sum(hand)
    colours = [c for c in range(NCOL) if hand[c]]
    ends = live if loop else orig
    target = 0
    for c in colours:
        target |= ends[c]
    out: list = []

    def walk(p, q, left, path):
        if left == 0:
            bit = 1 << p
            tp = tuple(path)
            earlier = loop and p in tp[:-1]
            for c in colours:
                if ends[c] & bit or (earlier and hand[c] >= 2):
                    out.append((tp, c))
            return
        for n in NBR[p]:
            if n == q:
                continue
            if not loop and not reach(n, p, left - 1) & target:
                continue
            path.append(n)
            walk(n, p, left - 1, path)
            path.pop()

    walk(pos, prev, k, [])
    return out

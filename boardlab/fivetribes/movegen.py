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
from itertools import compress

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


TILES = range(NTILES)
TILE_BITS = tuple(1 << t for t in TILES)
#: ``START_ENDS[s][k]``: where a walk of k steps from start tile s can end, s itself excluded
#: (``reach`` as a table for the usual meeple counts; larger ones call ``reach``)
START_ENDS = tuple(tuple(reach(s, -1, k) & ~TILE_BITS[s] for k in range(25)) for s in TILES)
#: ``STEPS[pos][prev]``: the steps of a walk at ``pos`` that just left ``prev`` (index -1: no tile
#: left yet), as ``(neighbour n, ends)`` with ``ends[k] = reach(n, pos, k)`` for the usual step counts
STEPS = tuple(
    tuple(tuple((n, tuple(reach(n, pos, k) for k in range(25))) for n in NBR[pos] if n != prev)
          for prev in (*TILES, -1))
    for pos in TILES)


def drop_sets(table) -> tuple:
    """``sets[n][cm]``: the drops ``table[x][n]`` on tile n of every colour x in the bitmask cm."""
    return tuple(tuple(tuple(table[x][n] for x in range(NCOL) if cm >> x & 1) for cm in range(1 << NCOL))
                 for n in TILES)


#: ``PAIR_SETS[n][cm]``: the drops (colour x, tile n) of the colours in bitmask cm, as pairs
PAIR_SETS = drop_sets(tuple(tuple((x, n) for n in TILES) for x in range(NCOL)))
_HANDS: dict = {}


def _hand_colours(hand) -> tuple:
    """(bitmask of the colours in hand, those colours, bitmask of the colours held twice or more),
    remembered per hand (a hand is a small tuple, and few hands occur)."""
    got = _HANDS.get(hand) if type(hand) is tuple else None  # a list (a JSON hand): worked out, not remembered
    if got is None:
        held = tuple(x for x in range(NCOL) if hand[x])
        got = _HANDS[tuple(hand)] = (sum(1 << x for x in held), held, sum(1 << x for x in held if hand[x] >= 2))
    return got


def colour_masks(meeples) -> list[int]:
    """Per colour, the bitmask of tiles holding at least one meeple of it (the tiles' bits are
    distinct, so their sum is their union)."""
    return [sum(compress(TILE_BITS, meeples[c::NCOL])) for c in range(NCOL)]


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


def legal_starts(meeples, loop: bool, first_only: bool = False, masks=None, table=TILES) -> list:
    """The tiles where some complete legal move starts: ``start_ok`` for every tile, unrolled
    over the five colours (this runs at every start decision). ``first_only``: stop at the first;
    ``masks``: the board's ``colour_masks`` when the caller keeps them up to date; each start tile s
    is listed as ``table[s]`` (the tile number; the rules pass their pre-built Move actions)."""
    m0, m1, m2, m3, m4 = colour_masks(meeples) if masks is None else masks
    out = []
    for s, h0, h1, h2, h3, h4 in zip(TILES, meeples[0::NCOL], meeples[1::NCOL], meeples[2::NCOL],
                                     meeples[3::NCOL], meeples[4::NCOL]):
        k = h0 + h1 + h2 + h3 + h4
        if not k:
            continue
        try:
            r = START_ENDS[s][k]
        except IndexError:  # more meeples on one tile than the table covers
            r = reach(s, -1, k) & ~TILE_BITS[s]
        if ((h0 and r & m0) or (h1 and r & m1) or (h2 and r & m2) or (h3 and r & m3) or (h4 and r & m4)
                or (loop and max(h0, h1, h2, h3, h4) >= 2 and revisit(s, -1, k))):
            out.append(table[s])
            if first_only:
                break
    return out


def any_start(meeples, loop: bool, masks=None) -> bool:
    """Whether any complete legal move exists on the board."""
    return bool(legal_starts(meeples, loop, True, masks))


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


def drop_options(pos: int, prev: int, hand, left: int, orig, live, loop: bool, sets=PAIR_SETS) -> list:
    """Every (colour, tile) drop that keeps the move finishable, each as ``sets[tile][1 << colour][0]``
    (``drop_sets``: pairs by default; the rules pass their pre-built Drop actions)."""
    if not loop:
        return plain_drops(pos, prev, hand, left, orig, sets)
    out = []
    for n in NBR[pos]:
        if n == prev:
            continue
        for x in range(NCOL):
            if hand[x] and drop_ok(pos, n, x, hand, left, orig, live, loop):
                out.append(sets[n][1 << x][0])
    return out


def plain_drops(pos: int, prev: int, hand, left: int, orig, sets=PAIR_SETS) -> list:
    """``drop_options`` when earlier drops do not count (the default): ``plain_drop_colours`` listed
    as drops, neighbour by neighbour."""
    return drops_of(pos, prev, plain_drop_colours(pos, prev, hand, left, orig), sets)


def plain_drop_colours(pos: int, prev: int, hand, left: int, orig) -> int:
    """The drop options without loops as one int: bits ``5 i .. 5 i + 4`` hold the colours that
    may be dropped on the i-th neighbour of ``STEPS[pos][prev]`` (0: none). Decided per neighbour
    rather than per (colour, neighbour): dropping x on n keeps the move finishable when some colour
    still in hand afterwards can end a walk of the remaining steps from n. With ``pos`` and ``prev``
    the int names the options, so the rules keep their sorted tuple per int."""
    held, colours, dups = _hand_colours(hand)
    r = left - 1
    steps = STEPS[pos][prev]
    out = 0
    shift = 0
    if r == 0:  # the last meeple lands on a tile that already holds its colour
        m = orig[colours[0]]
        for n, _ in steps:
            if m >> n & 1:
                out |= held << shift
            shift += 5
        return out
    for n, ends in steps:
        rm = ends[r] if r < 25 else reach(n, pos, r)
        good = 0  # the colours that could make the last drop
        for c in colours:
            if rm & orig[c]:
                good |= 1 << c
        if good:
            if good & (good - 1) or good & dups:  # whichever x is dropped now, a good colour stays in hand
                out |= held << shift
            else:  # the one good colour, held once, must stay in hand
                out |= (held & ~good) << shift
        shift += 5
    return out


def drops_of(pos: int, prev: int, colours: int, sets=PAIR_SETS) -> list:
    """The drops ``plain_drop_colours`` names, neighbour by neighbour (``sets`` as in ``drop_options``)."""
    out = []
    for n, _ in STEPS[pos][prev]:
        cm = colours & 31
        if cm:
            out += sets[n][cm]
        colours >>= 5
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
        if not any(hand):
            continue
        clear = ~(1 << s)
        ends = [m & clear for m in masks]  # the board right after the pick-up
        out.extend((s, tp, c) for tp, c in _finishes(s, -1, hand, ends, loop))
    return out


def count_moves(meeples, loop: bool = False) -> int:
    return len(complete_moves(meeples, loop))


def completions(pos: int, prev: int, hand, orig, live, loop: bool = False) -> list[tuple[tuple, int]]:
    """Every way to finish a move in progress: (rest of the path, final colour)."""
    return _finishes(pos, prev, hand, live if loop else orig, loop)


def _finishes(pos: int, prev: int, hand, ends, loop: bool) -> list[tuple[tuple, int]]:
    """Every (path, final colour) that drops the meeples of ``hand`` from ``pos`` (just entered from
    ``prev``) and ends legally. ``ends[c]`` is the mask of tiles where a last meeple of colour c may
    land; with ``loop`` a tile entered earlier in this path also counts for a colour held 2+ times
    (one of them dropped there on the way)."""
    colours = [c for c in range(NCOL) if hand[c]]
    dups = [c for c in colours if hand[c] >= 2] if loop else []
    target = 0
    for c in colours:
        target |= ends[c]
    out: list = []
    _walk(pos, prev, sum(hand), [], ends, colours, dups, target, 0, out)
    return out


def _walk(pos, prev, k, path, ends, colours, dups, target, seen, out):
    """The one walker: every path of k more steps, pruned by the ``reach`` table (and, when
    earlier drops count, by the tiles ``seen`` so far and the ``revisit`` table)."""
    if k == 0:
        bit = 1 << pos
        tp = tuple(path)
        earlier = dups and pos in tp[:-1]
        for c in colours:
            if ends[c] & bit or (earlier and c in dups):
                out.append((tp, c))
        return
    k1 = k - 1
    if dups:
        for n in NBR[pos]:
            if n == prev:
                continue
            bit = 1 << n
            if reach(n, pos, k1) & (target | seen | (bit if k1 else 0)) or revisit(n, pos, k1):
                path.append(n)
                _walk(n, pos, k1, path, ends, colours, dups, target, seen | bit, out)
                path.pop()
    else:
        for n in NBR[pos]:
            if n != prev and reach(n, pos, k1) & target:
                path.append(n)
                _walk(n, pos, k1, path, ends, colours, dups, target, seen, out)
                path.pop()


@lru_cache(maxsize=None)
def end_visits(pos: int, prev: int, k: int) -> tuple:
    """Where a walk of exactly ``k`` steps from ``pos`` (just entered from ``prev``) can end and
    how often it enters its end tile: the pairs ``(end, entries)``. This is all that greedy's
    valuation reads of a path (``bots._Plans``), and it depends on the board's geometry alone,
    so a board's hundreds of walks need not be listed to value its moves."""
    if k == 0:
        return ((pos, 0),)
    out = set()
    for n in NBR[pos]:
        if n != prev:
            for e, entries in end_visits(n, pos, k - 1):
                out.add((e, entries + (n == e)))
    return tuple(sorted(out))


def move_keys(meeples, starts) -> list[tuple[int, tuple]]:
    """Per start tile s of ``starts`` (when earlier drops do not count): ``(s, keys)`` with the
    keys ``(end, final colour, entries into end)`` of the complete moves from s -- the keys of
    ``complete_moves`` without listing its paths."""
    masks = colour_masks(meeples)
    out = []
    for s in starts:
        base = s * NCOL
        hand = meeples[base:base + NCOL]
        clear = ~(1 << s)
        colours = [(c, masks[c] & clear) for c in range(NCOL) if hand[c]]
        out.append((s, [(e, c, entries) for e, entries in end_visits(s, -1, sum(hand))
                        for c, ends in colours if ends >> e & 1]))
    return out

"""Majority scoring: ranks by caballero count with the seed's tie rule, the +2 bonuses, the sheet.

``rank_points`` is the one statement of the tie rule; the engine, ``odds`` and the notebooks all
use it. Score-sheet categories: ``castillo`` (its openings at general scorings), ``regions``
(the nine regions at general scorings, rank points only), ``bonuses`` (Grande and King +2 at any
scoring), ``special`` (rank points of special scorings from action cards), ``total``.
"""

from __future__ import annotations

from functools import lru_cache

CATEGORIES = ("castillo", "regions", "bonuses", "special")
CASTILLO_CAT, REGIONS_CAT, BONUS_CAT, SPECIAL_CAT = range(4)


def rank_positions(counts) -> list[int]:
    """(See ``_rank_positions``; a fresh list each call.)"""
    return list(_rank_positions(tuple(counts)))


@lru_cache(maxsize=1 << 16)
def _rank_positions(counts: tuple) -> tuple:
    """The scoring position (1 = first) of each colour in one place; 0 for a colour not present.

    Colours are grouped by count, largest first. A group of one takes the next position; a tied
    group all take the position after it (the next lower rank, SEED) and the pointer moves past
    both, so three tied for first all take second and the next colour takes third (RG6)."""
    present = sorted({n for n in counts if n > 0}, reverse=True)
    pos = [0] * len(counts)
    p = 1
    for n in present:
        group = [c for c, m in enumerate(counts) if m == n]
        if len(group) == 1:
            pos[group[0]] = p
            p += 1
        else:
            for c in group:
                pos[c] = p + 1
            p += 2
    return tuple(pos)


def rank_points(counts, values, ranks: int = 3) -> list[int]:
    """Points of each colour in one place: ``values[position-1]`` for positions within ``ranks``."""
    return list(place_scoring(tuple(counts), tuple(values), ranks)[0])


@lru_cache(maxsize=1 << 16)
def place_scoring(counts: tuple, values: tuple, ranks: int) -> tuple[tuple, int]:
    """(``rank_points``, ``sole_first``) of one place, remembered (the engine scores by ``podium``)."""
    pts = tuple(values[p - 1] if 0 < p <= ranks and p <= len(values) else 0 for p in _rank_positions(counts))
    return pts, sole_first(counts)


#: the podium of a place by its counts, one table per number of scoring ranks and of players: the
#: (player, position index) pairs of the players placed within the scoring ranks and the sole
#: first player. The engine scores ten places at every general scoring and a place's counts repeat
#: often: one dict lookup by the counts alone (values apart) instead of ``place_scoring``'s key of
#: three and a loop over every player; cleared when it grows large.
_PODIUMS: dict = {}
PODIUM_TABLE_MAX = 1 << 16


def podium_table(ranks: int, players: int) -> dict:
    """The podium table for ``ranks`` scoring ranks and ``players`` players (a dummy's colour past
    them): counts tuple -> ``podium(counts, ranks, players)``."""
    table = _PODIUMS.get((ranks, players))
    if table is None:
        table = _PODIUMS[ranks, players] = {}
    elif len(table) > PODIUM_TABLE_MAX:
        table.clear()
    return table


def podium(counts: tuple, ranks: int, players: int) -> tuple[tuple, int]:
    """(((colour, position - 1), ...) for the players' colours (the dummy's colour, ``players``,
    takes its rank but is left out) placed within ``ranks``, ``sole_first`` or -1 for the dummy)."""
    placed = tuple((c, p - 1) for c, p in enumerate(_rank_positions(counts)) if 0 < p <= ranks and c < players)
    first = sole_first(counts)
    return placed, first if first < players else -1


def sole_first(counts) -> int:
    """The colour alone in first place, or -1 (a tie for first has no sole first)."""
    best = max(counts) if counts else 0
    if best <= 0:
        return -1
    leaders = [c for c, m in enumerate(counts) if m == best]
    return leaders[0] if len(leaders) == 1 else -1


def score_sheet(st) -> dict:
    P = st.game.players
    sheet = {}
    for p in range(P):
        row = {cat: st.sheet[p][i] for i, cat in enumerate(CATEGORIES)}
        row["total"] = sum(st.sheet[p])
        sheet[p] = row
    return sheet


def ranks(st) -> dict:
    """Competition ranks by total; equal totals share the rank (the seed: ties share the win)."""
    totals = [sum(s) for s in st.sheet]
    return {p: 1 + sum(t > totals[p] for t in totals) for p in range(len(totals))}

"""Exact answers about El Grande's mechanisms (``fractions.Fraction`` over enumerated outcomes).

* ``region_points``: the points each colour takes in one region for given counts (ties, ranks
  that score, the +2 bonuses); ``expected_region_points``: the same when some counts are
  uncertain (each a distribution), enumerated over the product of those distributions.
* ``castillo_destination_value``: at a general scoring, the expected points a player takes
  (Castillo, the nine regions and bonuses) for a secret destination, given the announced Castillo
  counts and a distribution for every other player's destination (uniform by default).
* ``turn_position_distribution`` / ``p_moves_first``: the chance that a power card acts first
  (or at each position) given the cards already played this round and the hands of the players
  still to play, each playing uniformly among their playable cards (exact enumeration of the
  sequential plays).

A small enumerator of our own is used: the outcome spaces are products of a few small
distributions, and each outcome is scored by the engine's own ``scoring.rank_points``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from boardlab.elgrande import components as C
from boardlab.elgrande.scoring import rank_points, sole_first

NR, CAST = C.NREGIONS, C.CASTILLO


def region_points(counts, values, ranks: int = 3, grande=None, king: bool = False, scoring=None) -> list[int]:
    """Points per colour in one region: rank points plus +2 for a sole first in its own Grande's
    region (``grande[c]`` true) and +2 for a sole first when the region is the King's.
    ``scoring``: the colours that take points (default all; the dummy takes ranks but none)."""
    counts = list(counts)
    pts = rank_points(counts, values, ranks)
    first = sole_first(counts)
    if first >= 0:
        if grande is not None and grande[first]:
            pts[first] += C.GRANDE_BONUS
        if king:
            pts[first] += C.KING_BONUS
    if scoring is not None:
        pts = [p if c in scoring else 0 for c, p in enumerate(pts)]
    return pts


def _check_distribution(dist, what: str) -> dict:
    if not isinstance(dist, dict) or not dist:
        raise ValueError(f"{what} must be a non-empty dict {{outcome: probability}}, got {dist!r}")
    total = sum(Fraction(p) for p in dist.values())
    if total != 1 or any(Fraction(p) < 0 for p in dist.values()):
        raise ValueError(f"{what}: probabilities must be non-negative and sum to 1, got {dist!r}")
    return {k: Fraction(p) for k, p in dist.items()}


def expected_region_points(counts, values, ranks: int = 3, uncertain=None, grande=None, king=False) -> list:
    """Expected points per colour when ``uncertain[c]`` ({count: probability}) replaces counts[c]."""
    uncertain = {c: _check_distribution(d, f"uncertain[{c}]") for c, d in (uncertain or {}).items()}
    colours = sorted(uncertain)
    out = [Fraction(0)] * len(counts)
    for combo in itertools.product(*(uncertain[c].items() for c in colours)):
        row = list(counts)
        p = Fraction(1)
        for c, (n, q) in zip(colours, combo):
            row[c] = n
            p *= q
        for c, pts in enumerate(region_points(row, values, ranks, grande, king)):
            out[c] += p * pts
    return out


def uniform(outcomes) -> dict:
    outcomes = list(outcomes)
    return {o: Fraction(1, len(outcomes)) for o in outcomes}


def castillo_destination_value(st, player: int, dest: int, others=None) -> Fraction:
    """Expected general-scoring points of ``player`` (Castillo + nine regions + bonuses) when its
    Castillo caballeros go to ``dest``; ``others[c]`` is {region: probability} for each other
    player with caballeros inside (default: uniform over the nine regions). The announced counts
    are the Castillo's contents; the King's region sends caballeros to the court."""
    cfg = st.cfg
    NC, P = cfg.NC, cfg.P
    if not 0 <= dest < NR:
        raise ValueError(f"dest must be a region 0..{NR - 1}, got {dest!r}")
    inside = [c for c in range(P) if st.cab[CAST * NC + c] and c != player]
    others = dict(others or {})
    dists = {c: _check_distribution(others.get(c, uniform(range(NR))), f"others[{c}]") for c in inside}
    from boardlab.elgrande.rules import place_values

    castillo = rank_points(st.cab[CAST * NC:(CAST + 1) * NC], place_values(st, CAST), cfg.ranks)[player]
    total = Fraction(0)
    for combo in itertools.product(*(dists[c].items() for c in inside)):
        cab = st.cab[:]
        p = Fraction(1)
        choice = {player: dest}
        for c, (r, q) in zip(inside, combo):
            choice[c] = r
            p *= q
        for c in range(NC):
            k = cab[CAST * NC + c]
            cab[CAST * NC + c] = 0
            r = choice.get(c, -1)
            if k and 0 <= r != st.king:
                cab[r * NC + c] += k
        points = 0
        for r in range(NR):
            counts = cab[r * NC:(r + 1) * NC]
            grande = [c < P and st.grande[c] == r for c in range(NC)]
            points += region_points(counts, place_values(st, r), cfg.ranks, grande, r == st.king,
                                    scoring=range(P))[player]
        total += p * points
    return castillo + total


def _playable(hand, taken):
    return [v for v in hand if v not in taken]


def turn_position_distribution(card: int, played=(), hands_after=()) -> dict:
    """{position: probability} of ``card`` in the round's turn order (1 = acts first, highest card),
    given the values already played this round (``played``, the dummy's included) and the hands of
    the players still to play after it, in playing order, each choosing uniformly among its hand's
    values not yet played."""
    played = tuple(played)
    if card in played:
        raise ValueError(f"power card {card} was already played this round")
    hands = [tuple(h) for h in hands_after]
    above = sum(1 for v in played if v > card)
    dist: dict[int, Fraction] = {}

    def walk(i, taken, n_above, p):
        if i == len(hands):
            dist[n_above + 1] = dist.get(n_above + 1, Fraction(0)) + p
            return
        options = _playable(hands[i], taken)
        if not options:
            raise ValueError(f"the player at position {i} after you has no playable power card")
        q = p / len(options)
        for v in options:
            walk(i + 1, taken | {v}, n_above + (v > card), q)

    walk(0, frozenset(played) | {card}, above, Fraction(1))
    return dict(sorted(dist.items()))


def p_moves_first(card: int, played=(), hands_after=()) -> Fraction:
    """The chance that ``card`` is the highest this round (its player acts first)."""
    return turn_position_distribution(card, played, hands_after).get(1, Fraction(0))

"""Heuristic policies for El Grande.

* ``random``: uniform over the legal actions.
* ``greedy``: one decision of lookahead on a position value (``Greedy.value``): points already
  scored, plus what the board would pay now (every region and the Castillo scored at its current
  counts, bonuses included), measured against the best opponent, plus a little for caballeros
  waiting in the court. Its valuations are documented keyword parameters (weights, not rules):
  the fields of ``Greedy``, listed with their defaults in ``WEIGHTS``. Power cards are chosen by a separate rule (tempo against caballeros); picking up a
  caballero looks one step further (the best place to put it). Secret disks are valued with the
  player's own move only, so the policy never reads another player's hidden disk.

A policy is a callable ``(state, rng) -> action`` with a ``name``; it never changes the state.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache

from boardlab.core.policies import valuations
from boardlab.elgrande import components as C
from boardlab.elgrande.rules import DISK_STEPS, place_values
from boardlab.elgrande.scoring import rank_points, sole_first

NP, NR, CAST = C.NPLACES, C.NREGIONS, C.CASTILLO


class RandomPolicy:
    name = "random"

    def __call__(self, state, rng: random.Random):
        return rng.choice(state.legal_actions())

    def __repr__(self):
        return "RandomPolicy()"


@dataclasses.dataclass(frozen=True)
class Greedy:
    """One-step lookahead on ``value``. Parameters (all judgements, not rules):

    * ``board_weight``: worth of one point the board would pay if scored now (0.5: a majority
      held now is only half-way to being scored);
    * ``court_weight``: worth of a caballero waiting in the court;
    * ``power_caballero`` / ``power_tempo``: a power card's worth is ``power_caballero`` per
      caballero it brings plus ``power_tempo`` per point of its number (moving early);
    * ``place_first``: prefer placing before the special action (True) when the two tie.
    """

    board_weight: float = 0.5
    court_weight: float = 0.3
    power_caballero: float = 1.0
    power_tempo: float = 0.35
    place_first: bool = True
    name: str = "greedy"

    def __post_init__(self):
        valuations("elgrande", WEIGHTS, {key: getattr(self, key) for key in WEIGHTS})  # refuses a wrong kind

    # -- the position value --------------------------------------------------------------------
    def board_points(self, st, counts_of=None) -> list[float]:
        """Points each player would take if every region and the Castillo were scored now."""
        cfg = st.cfg
        NC, P = cfg.NC, cfg.P
        cab = st.cab if counts_of is None else counts_of
        pts = [0.0] * P
        grande = tuple(st.grande)
        for r in range(NP):
            counts = tuple(cab[r * NC:(r + 1) * NC])
            if not any(counts):
                continue
            got = _region_payout(counts, place_values(st, r), cfg.ranks, r, st.king == r, grande, P)
            for p in range(P):
                pts[p] += got[p]
        return pts

    def value(self, st, p: int, counts_of=None) -> float:
        P = st.cfg.P
        totals = [sum(s) for s in st.sheet]
        board = self.board_points(st, counts_of)
        mine = totals[p] + self.board_weight * board[p]
        best_other = max((totals[q] + self.board_weight * board[q] for q in range(P) if q != p), default=0.0)
        return mine - best_other + self.court_weight * st.court[p]

    # -- choosing ---------------------------------------------------------------------------------
    def __call__(self, st, rng: random.Random):
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        p = st.to_move
        if st.step == "power":
            return max(legal, key=lambda a: (self._power_worth(st, p, a.a), a.a))
        if st.step in DISK_STEPS:
            return max(legal, key=lambda a: self._disk_worth(st, p, a.a))
        if st.step == "order":
            return legal[0] if self.place_first else legal[1]
        best, best_v = [], None
        for a in legal:
            v = self._after(st, p, a)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return rng.choice(best)

    def _after(self, st, p, a) -> float:
        copy = st.copy()
        copy.reseed(0)  # a lookahead copy never sees the real future
        copy.apply(a)
        if a.kind == "pick":  # a picked-up caballero: value its best destination (one level only)
            return max(self._after(copy, p, b) for b in copy.legal_actions())
        if a.kind == "card":  # a card's worth shows only when played: count its placement number
            return self.value(copy, p) + 0.5 * min(C.CARD_TYPES[a.b].place, st.court[p])
        return self.value(copy, p)

    def _power_worth(self, st, p, v) -> float:
        brings = min(C.POWER_CABALLEROS[v], st.province[p])
        return self.power_caballero * brings + self.power_tempo * v

    def _disk_worth(self, st, p, r) -> float:
        """Own move only: the others' disks are secret."""
        NC = st.cfg.NC
        cab = st.cab[:]
        court_gain = 0
        if st.step == "cdisk":
            k = cab[CAST * NC + p]
            cab[CAST * NC + p] = 0
            if r == st.king:
                court_gain = k
            else:
                cab[r * NC + p] += k
        else:
            effect = C.CARD_TYPES[st.card].effect
            if effect == "disk_back":
                n = C.CARD_TYPES[st.card].param("n")
                cab[r * NC + p] -= min(n, cab[r * NC + p])
            elif effect == "eviction":
                cab[r * NC + p] += cab[st.src * NC + p]
                cab[st.src * NC + p] = 0
            else:  # disk scoring: what scoring r alone would pay me, less the best opponent
                got = rank_points(cab[r * NC:(r + 1) * NC], place_values(st, r), st.cfg.ranks)[:st.cfg.P]
                return got[p] - max(got[q] for q in range(st.cfg.P) if q != p)
        return self.value(st, p, cab) + self.court_weight * court_gain


def value_parts(state, seat: int) -> dict[str, float]:
    """``Greedy().value`` of ``seat`` split into named parts that sum to it: the points scored, what
    each place would pay now (by its name, times ``board_weight``), the best opponent's points and
    board (less), and the caballeros in court. The app and the coach tell a choice's reason by the
    part it raises most."""
    from boardlab.elgrande.actions import place_text

    greedy, cfg = Greedy(), state.cfg
    NC, P = cfg.NC, cfg.P
    totals = [sum(s) for s in state.sheet]
    grande = tuple(state.grande)
    parts = {"points scored": float(totals[seat])}
    for r in range(NP):
        counts = tuple(state.cab[r * NC:(r + 1) * NC])
        if any(counts):  # (as ``board_points``: an empty place pays nobody)
            paid = _region_payout(counts, place_values(state, r), cfg.ranks, r, state.king == r, grande, P)[seat]
        else:
            paid = 0
        parts[place_text(r)] = greedy.board_weight * paid
    board = greedy.board_points(state)
    best_other = max((totals[q] + greedy.board_weight * board[q] for q in range(P) if q != seat), default=0.0)
    parts["the best opponent"] = -best_other
    parts["caballeros in court"] = greedy.court_weight * state.court[seat]
    return parts


@lru_cache(maxsize=1 << 16)
def _region_payout(counts: tuple, values: tuple, ranks: int, r: int, king: bool, grande: tuple, P: int) -> tuple:
    """What one place pays each player if scored now, bonuses included (memoised: positions repeat)."""
    got = rank_points(counts, values, ranks)[:P]
    if r < CAST:
        first = sole_first(counts)
        if 0 <= first < P:
            got[first] += (C.GRANDE_BONUS if grande[first] == r else 0) + (C.KING_BONUS if king else 0)
    return tuple(got)


#: the game's own policies by name (the core adds "random" and "mcts": ``Game.policy``)
#: the greedy policy's keyword parameters and their defaults (the fields of ``Greedy``:
#: ``game.policy("greedy", board_weight=0.8)``)
WEIGHTS = {f.name: f.default for f in dataclasses.fields(Greedy) if f.name != "name"}

POLICIES = {"greedy": Greedy}
_POLICIES = {"random": RandomPolicy, **POLICIES}


def policy(name: str, **params):
    """A policy by name: 'random' or 'greedy' (the fields of ``Greedy``); ``Game.policy`` also knows 'mcts'."""
    if name not in _POLICIES:
        raise ValueError(f"El Grande has no policy named {name!r}; known: {sorted(_POLICIES)}")
    return _POLICIES[name](**params)


_VALUE = Greedy()


def margins(st) -> dict:
    """{player: the greedy position value} (own points plus half of what the board would pay now,
    less the best opponent's): the evaluation an mcts search uses where it cuts a rollout off."""
    return {p: _VALUE.value(st, p) for p in range(st.cfg.P)}


#: decisions the greedy policy makes by its own rules (a power card's tempo, the secret disks, the
#: order of placing and acting), which the position value cannot judge: the search leaves them to it
GREEDY_STEPS = frozenset(("power", "order") + DISK_STEPS)


def searched(st) -> bool:
    """Whether mcts branches on this decision (the others are the greedy policy's)."""
    return st.step not in GREEDY_STEPS


#: how many options an mcts search weighs at a decision it branches on: greedy's best few
SEARCH_WIDTH = 4


def candidates(st, legal) -> list:
    """The options an mcts search weighs (progressive bias from greedy's valuation): the
    ``SEARCH_WIDTH`` options whose position value after them is highest for the player to move."""
    if len(legal) <= SEARCH_WIDTH or not searched(st):
        return legal
    p = st.to_move
    return sorted(legal, key=lambda a: -_VALUE._after(st, p, a))[:SEARCH_WIDTH]


#: what ``game.policy("mcts")`` uses unless told otherwise: no rollout, the greedy position value
#: judges each new leaf (random rollouts misjudge El Grande badly: measured in the tournament note),
#: and the greedy policy plays the decisions the tree does not branch on (``searched``): without
#: that, mcts won 35 % of 100 two-player games against greedy at 200 iterations; with it 60 %
#: (Wilson 50-69 %), and 71.5 % (62-79 %) at the default 600 (tournament, seed 0, 0.08 s a decision).
#: Weighing only greedy's best few options (``candidates``): 8 of 10 games against greedy at 128
#: iterations where all options won 6 of the same 10 (seeds 0-9, stream 2), mean margin +13.8 against +1.7
MCTS_DEFAULTS = {"rollout": "greedy", "horizon": 0, "evaluate": margins, "branch": searched, "candidates": candidates}

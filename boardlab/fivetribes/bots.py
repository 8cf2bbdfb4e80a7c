"""Heuristic policies for Five Tribes.

* ``random``: uniform over the legal actions.
* ``greedy``: one-move lookahead with a hand-written value of each complete move (tile taken,
  tribe collected, tile action) -- it plans the whole walk when it picks the start tile and
  re-plans at every drop; bids the cheapest free spot; buys goods that grow its sets, takes the
  best-value djinn it can afford, kills to hurt the leader or take a tile, never sells.
  Its valuations (judgements, not rules) are documented keyword parameters, listed with their
  defaults in ``WEIGHTS`` (the fields of ``Weights``): ``vizier_worth`` 3.0, ``kill_worth`` 3.0, ``fakir_worth`` 0.5,
  ``palm_to_opponent`` -2, ``palace_to_opponent`` -3 (a compulsory palm/palace landing on an
  opponent's tile): ``game.policy("greedy", kill_worth=1.0)``.

A policy is a callable ``(state, rng) -> action`` with a ``name``; it never changes the state.
"""

from __future__ import annotations

import dataclasses
import functools
import random

from boardlab.core.policies import valuations
from boardlab.core.search import lookahead_copy
from boardlab.fivetribes import movegen
from boardlab.fivetribes.actions import bid_price
from boardlab.fivetribes.components import (
    BLUE, COLOURS, DJINNS, FAKIR, GREEN, MERCH, RED, TILE_KIND, TILE_VALUE, WHITE, YELLOW, blue_tiles_around, const,
    merchandise_points,
)

NCOL = len(COLOURS)
# rule values, from the component data
PALM_VP, PALACE_VP, ELDER_VP = const("palm_vp"), const("palace_vp"), const("elder_vp")
SM_PRICE, LM_PRICE = const("small_market_price"), const("large_market_price")
# the greedy policy's own weights (judgements, not rules)
VIZIER_WORTH = 3.0  # 1 VP each plus a share of the 10-VP bonuses
KILL_WORTH = 3.0  # a kill: hurts an opponent, may open a tile
FAKIR_WORTH = 0.5  # a Fakir card: extra Builders/Assassins reach, djinn costs
PALM_TO_OPPONENT, PALACE_TO_OPPONENT = -2, -3  # a compulsory palm/palace landing on an opponent's tile


@dataclasses.dataclass(frozen=True)
class Weights:
    """The greedy policy's valuations in VP (defaults: the constants above)."""

    vizier_worth: float = VIZIER_WORTH
    kill_worth: float = KILL_WORTH
    fakir_worth: float = FAKIR_WORTH
    palm_to_opponent: float = PALM_TO_OPPONENT
    palace_to_opponent: float = PALACE_TO_OPPONENT

    def __post_init__(self):
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
                raise ValueError(f"{f.name} must be a number of VP, got {v!r}")


DEFAULT_WEIGHTS = Weights()
#: the greedy policy's keyword parameters and their defaults (``game.policy("greedy", kill_worth=1.0)``)
WEIGHTS = dataclasses.asdict(DEFAULT_WEIGHTS)


def _tile_worth(st, t: int) -> int:
    """VP of taking tile t now: its printed value plus the palms and palaces on it."""
    return TILE_VALUE[st.tiles[t]] + PALM_VP * st.palms[t] + PALACE_VP * st.palaces[t]


class RandomPolicy:
    name = "random"

    def __call__(self, state, rng: random.Random):
        return rng.choice(state.legal_actions())

    def __repr__(self):
        return "RandomPolicy()"


def value_parts(state, seat: int) -> dict[str, float]:
    """The position as greedy values it, in named parts: greedy judges each move by the points it
    adds to the score sheet's categories (``move_value``), so its position value is the sheet's
    total and the parts are the sheet's categories (they sum to it). The app and the coach tell a
    choice's reason by the part it raises most."""
    return {category: float(points) for category, points in state.score_sheet()[seat].items() if category != "total"}


def move_value(st, p: int, e: int, c: int, path, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Rough value for player p of ending a move on tile e collecting colour c."""
    return _move_value(st, p, e, c, sum(1 for u in path if u == e), w)


def _move_value(st, p: int, e: int, c: int, visits: int, w: Weights = DEFAULT_WEIGHTS, dropped: int = 0) -> float:
    """``move_value`` of a path that enters its last tile e ``visits`` times (and drops ``dropped``
    meeples of other colours there on the way: ``walk_value``)."""
    m = st.meeples
    b = e * NCOL
    n = m[b + c] + 1 + (visits - 1 if c is not None else 0)
    others = sum(m[b:b + NCOL]) - m[b + c] + dropped
    kind = TILE_KIND[st.tiles[e]]
    owner = st.camel[e]
    v = 0.0
    if owner < 0 and others == 0 and st.camels[p] > 0:
        owner = p
        v += _tile_worth(st, e)
    if c == YELLOW:
        v += w.vizier_worth * n
    elif c == WHITE:
        v += ELDER_VP * n
    elif c == GREEN:
        drawn = tuple(st.res_row[:n])
        v += _merchandise_gain(tuple(st.cards[p]), drawn) + w.fakir_worth * drawn.count(FAKIR)
    elif c == BLUE:
        v += _blue_tiles_around(tuple(st.tiles), e) * (n + st.cards[p][FAKIR])
    elif c == RED:
        v += w.kill_worth
    if kind == "palm" and st.palm_supply:
        v += PALM_VP if owner == p else (w.palm_to_opponent if owner >= 0 else 0)
    elif kind == "palace" and st.palace_supply:
        v += PALACE_VP if owner == p else (w.palace_to_opponent if owner >= 0 else 0)
    elif kind == "djinn" and st.dj_row and st.elders[p] + (c == WHITE) * n >= 2:
        v += max(0, max(DJINNS[d].vp for d in st.dj_row) - 4)
    return v


@functools.lru_cache(maxsize=4096)
def _merchandise_gain(cards: tuple, drawn: tuple) -> int:
    """Merchandise points that the cards ``drawn`` add to a hand of ``cards`` (counts per card),
    remembered: greedy asks it for every Merchant ending it weighs."""
    after = list(cards)
    for k in drawn:
        after[k] += 1
    return merchandise_points([after[k] for k in MERCH]) - merchandise_points([cards[k] for k in MERCH])


#: ``blue_tiles_around``, remembered per board (the tiles never change during a game)
_blue_tiles_around = functools.lru_cache(maxsize=1024)(blue_tiles_around)


class GreedyPolicy:
    """One-move lookahead on the documented valuations ``Weights`` (keyword parameters)."""

    name = "greedy"

    def __init__(self, **given):
        """``given``: some of ``WEIGHTS`` as keyword parameters."""
        self.weights = Weights(**valuations("fivetribes", WEIGHTS, given))

    def __repr__(self):
        return "GreedyPolicy()"

    def __call__(self, st, rng: random.Random):
        w = self.weights
        legal = st.legal_actions()
        step = st.step
        p = st.player
        if step == "bid":
            return min(legal, key=lambda a: (a.slot if a.slot > 2 else 0, a.fakirs))
        if step == "start":
            moves = [a for a in legal if a.kind == "move"]
            if not moves:
                return next(a for a in legal if a.kind == "pass")
            plans = _complete_moves(bytes(st.meeples), st.game.loop_drops_count, tuple(a.tile for a in moves))
            best = _best(st, p, plans, rng, w)
            return next(a for a in moves if a.tile == best[0])
        if step == "drop":
            loop = st.game.loop_drops_count
            plans = _completions(st.mv_pos, st.mv_prev, tuple(st.hand), tuple(st.live if loop else st.orig), loop)
            _, path, c = _best(st, p, plans, rng, w)
            nxt = path[0]
            drops = [a for a in legal if a.tile == nxt]
            if len(path) == 1:
                for a in drops:
                    if a.colour == c:
                        return a
            pref = [a for a in drops if a.colour != c] or drops
            return pref[0] if pref else legal[0]
        if step == "builders":
            return max((a for a in legal if a.kind == "builders"), key=lambda a: a.fakirs)
        if step == "kill":
            return max(legal, key=lambda a: _kill_value(st, p, a, w))
        if step == "place":
            def gain(a):
                mine = st.camel[a.tile] == p
                theirs = st.camel[a.tile] >= 0 and not mine
                worth, given = (PALM_VP, w.palm_to_opponent) if a.item == "palm" else (PALACE_VP, w.palace_to_opponent)
                return (worth if mine else given if theirs else 0) - (1 if a.pay else 0)
            return max(legal, key=gain)
        if step == "market":
            return max(legal, key=lambda a: _buy_value(st, p, a))
        if step == "sacred":
            return max(legal, key=lambda a: (DJINNS[a.djinn].vp - (2 * ELDER_VP if a.pay == "elder+elder"
                                                                    else ELDER_VP + w.fakir_worth))
                       if a.kind == "take" else 0)
        if step == "sibittis":
            return max(legal, key=lambda a: DJINNS[a.djinn].vp)
        if step == "end":
            return next(a for a in legal if a.kind == "pass")
        return legal[0]


class _Plans:
    """A position's plans ``(start, path, colour)`` and each one's key: what ``move_value`` reads of
    it (the last tile, the colour, how often the path enters that tile). A position has hundreds
    of plans but a few dozen keys, so greedy values each key once."""

    __slots__ = ("plans", "keys")

    def __init__(self, plans):
        self.plans = tuple(plans)
        self.keys = [(path[-1], c, path.count(path[-1])) for _, path, c in self.plans]

    def values(self, st, p: int, w: Weights = DEFAULT_WEIGHTS) -> dict:
        """``move_value`` of each key for player p."""
        return {key: _move_value(st, p, *key, w) for key in set(self.keys)}


#: a plan valued this far below the best loses to it whatever the jitter (draws below 1e-3)
_OUT_OF_REACH = 2e-3


def _best(st, p, plans: _Plans, rng, w: Weights = DEFAULT_WEIGHTS):
    """The plan ``(start, path, colour)`` of the highest ``move_value``, ties broken by a small
    random jitter (one draw per plan, in plan order; the first of equal totals wins). Only the plans
    within reach of the best value are compared, but every plan still takes its draw, so the
    random stream and the pick are those of comparing them all."""
    draw = rng.random
    jitter = [draw() for _ in plans.plans]
    if not jitter:
        return None
    values = plans.values(st, p, w)
    top = max(values.values()) - _OUT_OF_REACH
    contenders = {key for key, v in values.items() if v >= top}
    keys = plans.keys
    best = max([i for i, key in enumerate(keys) if key in contenders],
               key=lambda i: values[keys[i]] + jitter[i] * 1e-3)
    return plans.plans[best]


@functools.lru_cache(maxsize=128)
def _complete_moves(board: bytes, loop: bool, starts: tuple) -> _Plans:
    """``movegen.complete_moves`` as ``_Plans``, remembered per board: a search's playouts start
    from the same few boards again and again (the root's, and those one move away)."""
    return _Plans(movegen.complete_moves(board, loop, starts))


@functools.lru_cache(maxsize=1024)
def _completions(pos: int, prev: int, hand: tuple, ends: tuple, loop: bool) -> _Plans:
    """``movegen.completions`` of a move in progress as ``_Plans`` (``ends``: the move's ``live``
    masks when earlier drops count, else ``orig``), remembered: the playouts of a search replay
    the same walks."""
    return _Plans((None, path, c) for path, c in movegen.completions(pos, prev, hand, ends, ends, loop))


def _start_values(st, p: int, starts: tuple, w: Weights = DEFAULT_WEIGHTS) -> dict:
    """{start tile: ``move_value`` of its best complete move} for player p. Without loops it reads
    the moves' keys from ``movegen.move_keys`` (the geometry of the walks, not the walks: a
    fortieth of the cost of listing them); with loops from the listed moves."""
    if st.game.loop_drops_count:
        plans = _complete_moves(bytes(st.meeples), True, starts)
        per_start: dict = {}
        for (start, _, _), key in zip(plans.plans, plans.keys):
            per_start.setdefault(start, set()).add(key)
        per_start = list(per_start.items())
    else:
        per_start = movegen.move_keys(st.meeples, starts)
    values: dict = {}
    best = {}
    for start, keys in per_start:
        top = -1e9
        for key in keys:
            v = values.get(key)
            if v is None:
                v = values[key] = _move_value(st, p, *key, w)
            if v > top:
                top = v
        if keys:
            best[start] = top
    return best


def _kill_value(st, p, a, w: Weights = DEFAULT_WEIGHTS) -> float:
    if a.kind != "kill":
        return -1
    if a.player >= 0:
        q = a.player
        return sum(w.vizier_worth if c == YELLOW else ELDER_VP for c in a.colours) + 0.1 * st.viziers[q]
    t = a.tile
    left = sum(st.meeples[t * NCOL:t * NCOL + NCOL]) - len(a.colours)
    v = w.fakir_worth * (1 - a.fakirs)
    if left == 0 and st.camel[t] < 0 and st.camels[p] > 0:
        v += _tile_worth(st, t)
    return v


def _buy_value(st, p, a) -> float:
    if a.kind != "buy":
        return 0
    cards = list(st.cards[p])
    before = merchandise_points([cards[k] for k in MERCH])
    for k in a.cards:
        cards[k] += 1
    gain = merchandise_points([cards[k] for k in MERCH]) - before
    price = SM_PRICE if TILE_KIND[st.tiles[st.p_tile]] == "small market" else LM_PRICE
    return gain - price


#: the game's own policies by name (the core adds "random" and "mcts": ``Game.policy``)
POLICIES = {"greedy": GreedyPolicy}


def policy(name: str, **params):
    """A policy by name: 'random' or 'greedy' (with its parameters); ``Game.policy`` also knows 'mcts'."""
    if name == "random":
        return RandomPolicy()
    if name not in POLICIES:
        raise ValueError(f"fivetribes has no policy named {name!r}; known: random, {', '.join(POLICIES)}")
    return POLICIES[name](**params)



def searched(st) -> bool:
    """The decisions an mcts search branches on: the bid and the choice of move (start tile or
    djinn power). The rest (the walk's steps, the tile actions, the end of the turn) is left to
    the search's greedy (``SearchRollout``), which plans the whole walk from the chosen start."""
    return st.step in ("bid", "start")



class SearchRollout(GreedyPolicy):
    """The default greedy as an mcts search plays it (rollouts, and the decisions the tree does not
    branch on), on the same valuation of a move (``move_value`` of its key: end tile, colour,
    entries into the end) with three differences:

    * the keys come from the board's geometry (``movegen.move_keys``) instead of a list of every
      walk: a fraction of the cost of a move;
    * a walk that passes its end tile before it ends is valued with only as many meeples of the
      end's colour as the hand holds, the rest of its drops there being of other colours, which
      keep the tile from being taken (``walk_value``; greedy counts one of the end's colour per
      entry, more than the hand may hold), and it drops the end's colour there as it passes, as
      valued (greedy drops another, and its re-plan at the next drop finds the move it valued gone);
    * a tie between equal values is broken by one draw among the tied keys, not one per walk.

    With loops (``loop_drops_count``) it is greedy itself."""

    name = "mcts rollout"

    def __repr__(self):
        return "SearchRollout()"

    def __call__(self, st, rng: random.Random):
        step = st.step
        if step == "start" and not st.game.loop_drops_count:
            legal = st.legal_actions()
            moves = {a.tile: a for a in legal if a.kind == "move"}
            if not moves:
                return next(a for a in legal if a.kind == "pass")
            m = st.meeples
            per_start = [(s, m[s * NCOL:s * NCOL + NCOL], keys) for s, keys in movegen.move_keys(m, tuple(moves))]
            start, _ = _best_key(st, per_start, rng, self.weights)
            return moves[start]
        if step == "drop" and not st.game.loop_drops_count:
            pos, prev, hand, orig = st.mv_pos, st.mv_prev, st.hand, st.orig
            left = sum(hand)
            keys = [(e, c, entries) for e, entries in movegen.end_visits(pos, prev, left)
                    for c in range(NCOL) if hand[c] and orig[c] >> e & 1]
            _, (e, c, entries) = _best_key(st, ((None, hand, keys),), rng, self.weights)
            legal = st.legal_actions()
            if left == 1:
                return next((a for a in legal if a.tile == e and a.colour == c), legal[0])
            for n in movegen.NBR[pos]:  # the first neighbour on a walk to the chosen end
                if n != prev and (e, entries - (n == e)) in movegen.end_visits(n, pos, left - 1):
                    break
            drops = [a for a in legal if a.tile == n]
            if n == e and hand[c] >= 2:  # passing the end: drop the end's colour there, as valued
                return next((a for a in drops if a.colour == c), drops[0])
            pref = [a for a in drops if a.colour != c] or drops
            return pref[0] if pref else legal[0]
        return GreedyPolicy.__call__(self, st, rng)


def walk_value(st, p: int, key: tuple, hand, w: Weights = DEFAULT_WEIGHTS) -> float:
    """``SearchRollout``'s value for player p of the walk ``key`` (end tile, colour, entries into
    the end) with ``hand`` to drop: ``move_value`` counting a meeple of the end's colour dropped at
    each entry into the end as far as the hand holds them, and one of another colour at the
    entries beyond."""
    e, c, held, others = _walk_terms(key, hand)
    return _move_value(st, p, e, c, held, w, others)


def _walk_terms(key: tuple, hand) -> tuple:
    """(end, colour, meeples of that colour dropped at the end, other meeples dropped there) of the
    walk ``key`` with ``hand``: what ``walk_value`` values (and ``_best_key`` caches on)."""
    e, c, entries = key
    held = min(entries, hand[c])
    return e, c, held, entries - held


def _best_key(st, per_start, rng, w: Weights = DEFAULT_WEIGHTS):
    """The ``(start, key)`` of the highest ``walk_value`` among ``per_start`` (triples of a start,
    its hand and its keys), ties broken by one draw."""
    values: dict = {}
    top = -1e9
    tied: list = []
    p = st.player
    for start, hand, keys in per_start:
        for key in keys:
            valued = _walk_terms(key, hand)
            v = values.get(valued)
            if v is None:
                e, c, held, others = valued
                v = values[valued] = _move_value(st, p, e, c, held, w, others)
            if v > top + 1e-9:
                top, tied = v, [(start, key)]
            elif v > top - 1e-9:
                tied.append((start, key))
    return tied[0] if len(tied) == 1 else tied[int(rng.random() * len(tied))]


_ROLLOUT = SearchRollout()
#: the generator of the rollout policy's tie-breaks inside ``turn_margins`` (each search iteration
#: already samples its own future: ``State.reseed``)
_TURN_SEED = 0


def turn_margins(state) -> dict:
    """The evaluation where an mcts search stops: the move in progress (its walk, its tile's
    actions, the market, the end of the turn) is finished on a copy by the search's greedy
    (``SearchRollout``), up to the next bid or choice of move, then {player: own total minus the
    best other total} on the score sheet. A bid is judged as it stands (its gold paid)."""
    s = lookahead_copy(state)
    rng = random.Random(_TURN_SEED)
    while not s.is_over and s.step not in ("bid", "start"):
        s.apply(_ROLLOUT(s, rng))
    return s.margins()

#: how many options an mcts search weighs at a move (the start tiles of greedy's best walks) and
#: at a bid (the cheapest spots, one per price)
SEARCH_MOVES, SEARCH_BIDS = 5, 3


def candidates(st, legal) -> list:
    """The options an mcts search weighs (progressive bias from greedy's valuation): at a move, the
    ``SEARCH_MOVES`` start tiles whose best walk greedy values most (so greedy's own pick, ties
    aside); at a bid, for each of the ``SEARCH_BIDS`` lowest prices its earliest-acting spot. Everything else
    (djinn powers, dearer bids) is left out: a small budget spread over thirty moves and seven bids
    measures noise, and the noise paid gold for nothing."""
    if st.step == "start":
        moves = [a for a in legal if a.kind == "move"]
        if not moves:
            return legal
        best = _start_values(st, st.player, tuple(a.tile for a in moves))
        ranked = sorted(moves, key=lambda a: -best.get(a.tile, -1e9))
        return ranked[:SEARCH_MOVES]
    if st.step == "bid":
        cheapest: dict = {}
        for a in legal:
            price = bid_price(a.slot, a.fakirs)
            if price not in cheapest or a.slot > cheapest[price].slot:
                cheapest[price] = a
        return [cheapest[price] for price in sorted(cheapest)[:SEARCH_BIDS]]
    return legal


#: what ``game.policy("mcts")`` uses unless told otherwise (random rollouts misjudge Five Tribes
#: badly: mcts with 100 random rollouts lost every game to greedy by about 250 points): the tree
#: branches on bids and moves only, weighing only greedy's best few of them (``candidates``: at 16
#: iterations and rollouts of 5, 6 of 8 games against greedy where weighing every option won 3 of
#: the same 8); the search's greedy (``SearchRollout``) plays the rest, and each new leaf is judged
#: at once (horizon 0) by finishing its move and reading the score sheet (``turn_margins``).
#: At the default 100 iterations (search.DEFAULT_ITERATIONS) it wins 92.5 of 100 two-player games
#: against greedy (seeds 0-99, mcts in seat seed % 2, ``boardlab.bench.duel_games``; Wilson 95 %
#: 86-96 %) at 6.5 ms of CPU a decision, where 0984470's search, side by side in the same run, won
#: 64 (54-73 %) at 69.2 ms (docs/speed.md). Until issue 24 (session 5) the leaves were judged by
#: greedy rollouts of 20 decisions: 76.5 of 100 at 50 iterations and about 30-50 ms, most of it
#: listing every walk of each rollout board.
MCTS_DEFAULTS = {"rollout": _ROLLOUT, "horizon": 0, "evaluate": turn_margins, "branch": searched,
                 "candidates": candidates}

"""Heuristic policies for The White Castle.

``greedy``: looks ahead through the rest of its own turn (take a die, place it, the choices the
space asks for) and picks the action whose outcome scores best on ``position_value``: the
final score the position would earn now plus a small worth for what can still be spent.
Lookahead copies are reseeded, so the bot never sees a card the deck will really give.

Its valuations are documented keyword parameters (judgements, not rules), listed with their
defaults in ``WEIGHTS``: ``holding_worth`` (points per unspent good: ``HOLDING_WORTH``, e.g. a
coin is worth 0.3; may be given in part), ``lantern_card_worth`` (0.6 per card in the lantern
area), ``workers_away_worth`` (0.3 per worker off the domain board) and ``depth`` (4 decisions
of its own turn looked through): ``game.policy("greedy", holding_worth={"coin": 0.5})``.

``MCTS_DEFAULTS``: how ``game.policy("mcts")`` searches this game. Its tree branches only on the
die draft and the placement (``searched``); the default greedy makes the other choices of a turn,
in the real game and along the tree's path (``SearchRollout``), and a new leaf is judged at once by
finishing its turn with a greedy of depth 2 and comparing the seats' ``position_value``
(``turn_margins``), not by random play to the end.
"""

from __future__ import annotations

import random

from boardlab.core.policies import valuations
from boardlab.whitecastle.scoring import player_sheet

# Worth, in points, of holdings that will be spent later (a heuristic, not a rule).
HOLDING_WORTH = {"food": 0.45, "iron": 0.45, "pearl": 0.5, "coin": 0.3, "seal": 0.4}
LANTERN_CARD_WORTH = 0.6
WORKERS_AWAY_WORTH = 0.3
#: the greedy policy's parameters and their defaults (``game.policy("greedy", depth=2)``)
WEIGHTS = {
    "depth": 4,                                  # decisions of its own turn looked through
    "holding_worth": HOLDING_WORTH,              # points per unspent good
    "lantern_card_worth": LANTERN_CARD_WORTH,    # points per card in the lantern area
    "workers_away_worth": WORKERS_AWAY_WORTH,    # points per worker off the domain board
}


def position_value(state, player: int, holding_worth: dict = HOLDING_WORTH,
                   lantern_card_worth: float = LANTERN_CARD_WORTH,
                   workers_away_worth: float = WORKERS_AWAY_WORTH) -> float:
    """The player's score if the game ended now, plus the worth of unspent holdings."""
    p = state.players[player]
    value = float(player_sheet(state, player)["total"])
    if not state.is_over:
        value += sum(p.goods[k] * w for k, w in holding_worth.items())
        value += lantern_card_worth * len(p.lantern)
        value += workers_away_worth * (15 - sum(p.home))
    return value


def value_parts(state, seat: int) -> dict[str, float]:
    """``position_value`` of ``seat`` (default worths) split into named parts that sum to it: each
    score-sheet category, then the worth of the goods held, of the lantern cards and of the
    workers off the domain board. The app and the coach tell a choice's reason by the part it
    raises most."""
    p = state.players[seat]
    parts = {category: float(points) for category, points in player_sheet(state, seat).items() if category != "total"}
    if not state.is_over:
        parts["goods held"] = sum(p.goods[k] * w for k, w in HOLDING_WORTH.items())
        parts["lantern cards"] = LANTERN_CARD_WORTH * len(p.lantern)
        parts["workers away"] = WORKERS_AWAY_WORTH * (15 - sum(p.home))
    return parts


def _segment(state):
    """What identifies 'the same turn' (or draft pick, or round-end activation)."""
    return (state.phase, state.round, state.turn, state.drafted, len(state.activations))


def without_dominated_takes(actions: list) -> list:
    """``actions`` less every right-end take whose bridge shows the same number at its left end:
    the left die is the same die (a bridge is sorted, so what remains is the same too) and brings
    the lantern's rewards for free, so the right end is never better."""
    left = {(a.x, a.n) for a in actions if a.kind == "take" and a.m == 0}
    if not left:
        return actions
    return [a for a in actions if not (a.kind == "take" and a.m == 1 and (a.x, a.n) in left)]


class GreedyPolicy:
    name = "greedy"

    def __init__(self, **given):
        """``given``: some of ``WEIGHTS`` as keyword parameters (``holding_worth`` may be given in part)."""
        chosen = valuations("whitecastle", WEIGHTS, given)
        if type(chosen["depth"]) is not int or chosen["depth"] < 1:
            raise ValueError(f"depth must be a positive integer (decisions looked through), got {chosen['depth']!r}")
        self.depth = chosen["depth"]
        # the defaults' order is kept: the sum of worths is added up in the same order
        self.holding_worth = chosen["holding_worth"]
        self.lantern_card_worth = chosen["lantern_card_worth"]
        self.workers_away_worth = chosen["workers_away_worth"]

    def __repr__(self):
        return "GreedyPolicy()"

    def __call__(self, state, rng):
        actions = without_dominated_takes(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        me, segment = state.to_move, _segment(state)
        seed = rng.getrandbits(32)
        scored = [(self._value(state, a, me, segment, self.depth, seed), rng.random(), a) for a in actions]
        return max(scored)[2]

    def _value(self, state, action, me, segment, depth, seed) -> float:
        child = state._copy_position()
        child.history = []
        child.reseed(seed)
        child.apply(action)
        if depth > 1 and not child.is_over and child.to_move == me and _segment(child) == segment:
            options = [a for a in child.legal_actions() if a.kind != "exchange"] or child.legal_actions()
            return max(self._value(child, a, me, segment, depth - 1, seed) for a in options)
        return position_value(child, me, self.holding_worth, self.lantern_card_worth, self.workers_away_worth)


#: the game's own policies by name (the core adds "random" and "mcts": ``Game.policy``)
POLICIES = {"greedy": GreedyPolicy}


def policy(name: str, **params):
    """The game's own policy ``name`` with its parameters (``Game.policy`` also knows 'random' and 'mcts')."""
    if name in POLICIES:
        return POLICIES[name](**params)
    raise ValueError(f"The White Castle has policies 'random', 'greedy' and 'mcts'; got {name!r}")


# -- the search player's defaults (``game.policy("mcts")``; see boardlab.core.search) -----------------

#: decisions the mcts tree branches on: which die to take (bridge and end) and where to place it
SEARCHED_DECISIONS = frozenset(("take", "place"))
#: lookahead depth of the greedy policy that finishes a leaf's turn in a search (what a space
#: gives, which courtier climbs, ...; ``turn_margins``, once per iteration): 2 is a tenth of the default's cost
FOLLOW_UP_DEPTH = 2


def searched(state) -> bool:
    """Whether mcts branches on this decision: the die draft and the placement (the others are
    the follow-up policy's, see ``SearchRollout``)."""
    return state.decision is not None and state.decision[0] in SEARCHED_DECISIONS


class SearchRollout:
    """The policy inside a search: the decisions the tree branches on (``searched``) uniformly at
    random, the follow-up choices of a turn (the real game's, which ``MctsPolicy`` does not search,
    and those along the tree's path) by the default greedy (depth 4), as the greedy opponent makes
    them. ``follow_up``, a greedy of depth ``FOLLOW_UP_DEPTH``, finishes a leaf's turn
    (``turn_margins``), where it runs once per iteration (issue 24: depth 2 for the follow-ups won 7
    of 10 against greedy, seeds 100-109, where depth 4 won 8, and 20 of 23 over seeds 100-122; see
    MCTS_DEFAULTS for the 100-game figures)."""

    name = "mcts rollout"

    def __init__(self):
        self.follow_up = GreedyPolicy(depth=FOLLOW_UP_DEPTH)
        self.own_follow_up = GreedyPolicy()

    def __call__(self, state, rng):
        if searched(state):
            return rng.choice(state.legal_actions())
        return self.own_follow_up(state, rng)

    def __repr__(self):
        return "SearchRollout()"


_ROLLOUT = SearchRollout()
#: the follow-up generator's seed inside ``turn_margins`` (the state's own chance stream, reseeded
#: by each search iteration, already varies what the turn brings)
_TURN_SEED = 0


def value_margins(state) -> dict:
    """{player: own ``position_value`` minus the best other's} (alone: minus the rival's total)."""
    if state.game.players == 1:
        from boardlab.whitecastle.solo import rival_sheet

        return {0: position_value(state, 0) - rival_sheet(state)["total"]}
    values = [position_value(state, p) for p in range(len(state.players))]
    return {p: v - max(w for q, w in enumerate(values) if q != p) for p, v in enumerate(values)}


def turn_margins(state) -> dict:
    """The evaluation where an mcts search stops: the turn in progress is finished on a copy by
    the follow-up policy (a die taken but not yet placed is worth nothing yet; a leaf where the
    mover's turn has just ended has the next seat's whole turn played), then ``value_margins``."""
    s = state.copy()
    rng = random.Random(_TURN_SEED)
    segment = _segment(s)
    while not s.is_over and _segment(s) == segment:
        s.apply(_ROLLOUT.follow_up(s, rng))
    return value_margins(s)


#: what ``game.policy("mcts")`` uses unless told otherwise (budget: search.DEFAULT_ITERATIONS):
#: the tree branches on the die draft and the placement only (``searched``), the default greedy
#: plays the rest of each turn, and each new leaf is judged at once (horizon 0) by finishing its
#: turn with greedy of depth 2 and comparing greedy's position values (``turn_margins``). Against greedy in two-player
#: games (``python -m boardlab.core.tournament --game whitecastle --players greedy,mcts``, seed 0):
#: random rollouts to the end at 200 iterations won 50 of 100; these defaults at 600 win 77 of 100
#: (Wilson 95 % 68-84 %), by 10.5 ± 1.2 points, and 82 of 100 other deals (seeds 1000-1099:
#: 73-88 %), in about 0.36 s of one core a decision (0.65 s where the tree branches; 14 of 20 at
#: 200 iterations with depth-2 greedy rollouts to the end instead of the cut-off, 0.24 s). The
#: default budget is now 150 (issue 24, strength per CPU-second: search.DEFAULT_ITERATIONS); at 200
#: it won 12 of 16 against greedy, at 0.11 s a decision of the mcts seat against 0.28 s at 600.
#: Since the follow-up choices are made by the default greedy (depth 4, ``SearchRollout``; before,
#: by a depth-2 greedy: 24 of 35, seeds 0-34, at 67 ms), 150 iterations
#: win 88 of 100 against greedy (seeds 0-99, mcts in seat seed % 2, ``boardlab.bench.duel_games``;
#: Wilson 95 % 80-93 %), by 16.2 ± 1.5 points, at 70 ms of CPU a decision of the mcts seat (load
#: 11-13 on 2 cores; 0984470's defaults: 248 ms)
MCTS_DEFAULTS = {"rollout": _ROLLOUT, "horizon": 0, "evaluate": turn_margins, "branch": searched}

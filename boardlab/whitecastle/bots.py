"""Heuristic policies for The White Castle.

``greedy``: looks ahead through the rest of its own turn (take a die, place it, the choices the
space asks for) and picks the action whose outcome scores best on ``position_value``: the
final score the position would earn now plus a small worth for what can still be spent.
Lookahead copies are reseeded, so the bot never sees a card the deck will really give.
"""

from __future__ import annotations

from boardlab.whitecastle.scoring import player_sheet

# Worth, in points, of holdings that will be spent later (a heuristic, not a rule).
HOLDING_WORTH = {"food": 0.45, "iron": 0.45, "pearl": 0.5, "coin": 0.3, "seal": 0.4}
LANTERN_CARD_WORTH = 0.6
WORKERS_AWAY_WORTH = 0.3


def position_value(state, player: int) -> float:
    """The player's score if the game ended now, plus the worth of unspent holdings."""
    p = state.players[player]
    value = float(player_sheet(state, player)["total"])
    if not state.is_over:
        value += sum(p.goods[k] * w for k, w in HOLDING_WORTH.items())
        value += LANTERN_CARD_WORTH * len(p.lantern)
        value += WORKERS_AWAY_WORTH * (15 - sum(p.home))
    return value


def _segment(state):
    """What identifies 'the same turn' (or draft pick, or round-end activation)."""
    return (state.phase, state.round, state.turn, state.drafted, len(state.activations))


class GreedyPolicy:
    name = "greedy"

    def __init__(self, depth: int = 4):
        self.depth = depth

    def __call__(self, state, rng):
        actions = state.legal_actions()
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
        return position_value(child, me)


def policy(name: str):
    if name == "greedy":
        return GreedyPolicy()
    raise ValueError(f"The White Castle has policies 'random' and 'greedy'; got {name!r}")

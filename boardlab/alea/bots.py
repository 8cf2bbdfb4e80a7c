"""Heuristic policies for Alea Iacta Est.

* ``random``: uniform over the legal actions.
* ``greedy``: places the combination with the highest value less a cost per die it spends, judged
  by the documented weights below; spends a Repete chip when a reroll is expected to gain more
  than ``reroll_gain`` points: it tries keeping the dice of its best placement and keeping
  nothing, each on ``REROLL_SAMPLES`` rolls of the other dice drawn from its own generator (never
  the game's chance stream), and compares the mean best placement after with the best now; sends as few
  dice as allowed to the Latrina; takes the best reward for itself (the highest province, with a
  bonus for a colour of its patricians; the highest patrician, with a bonus for a colour of its
  provinces; the senate card of highest ``card_worth``).
  Every valuation is a documented keyword parameter, listed with its default in ``WEIGHTS``:
  ``game.policy("greedy", die_cost=0.8)`` (the same form in every game; ``card_worth`` may be
  given in part).

A policy is a callable ``(state, rng) -> action`` with a ``name``; it never changes the state.
"""

from __future__ import annotations

import random
import warnings

from boardlab.alea import rules
from boardlab.alea.components import (
    CASTRUM, FORUM, LATRINA, PAT_COLOUR, PAT_VALUE, PROV_COLOUR, PROV_VALUE, SENATE, SENATUS, TEMPLUM,
)
from boardlab.core.policies import valuations

#: the greedy policy's valuations (judgements, not rules), in points
WEIGHTS = {
    "die_cost": 0.6,          # a die spent now cannot be used later in the set
    "fortune_tile": 2.0,      # mean fortune tile value
    "senate_card": 2.5,       # a senate card (most score a few points)
    "province_value": 1.0,    # per printed province value
    "patrician_value": 1.0,   # per patrician value, times the chance it finds its province
    "forum_column": 0.15,     # lost per column further right
    "latrina_chip": 0.5,      # a chip is half a point
    # reroll when that is expected to gain more than this: the placement values overrate a reroll;
    # against a greedy that never rerolls (200 two-player games), 0.5 lost by 5.7 points a game,
    # 1 by 2.7, 2 by 0.6, and 3 won by 1.0 ± 0.7, spending about 4 chips a game
    "reroll_gain": 3.0,
    "card_worth": {"per_card": 4.0, "per_colour": 4.0, "per_assigned_patrician": 4.0, "border": 2.5,
                   "free": 3.0, "extra_patrician": 2.0, "none": 0.0},
}


def value_parts(state, seat: int) -> dict[str, float]:
    """The position as greedy values it, in named parts: the score sheet's categories, with each
    fortune tile at greedy's ``fortune_tile`` worth until the game ends (its face is hidden from
    the other players, and from a reason told to them). They sum to the sheet's total with that
    one change. The app and the coach tell a choice's reason by the part it raises most."""
    sheet = state.score_sheet()[seat]
    parts = {category: float(points) for category, points in sheet.items() if category != "total"}
    if not state.is_over:
        parts["fortune"] = WEIGHTS["fortune_tile"] * len(state.fortune[seat])
    return parts


class RandomPolicy:
    name = "random"

    def __call__(self, state, rng: random.Random):
        return rng.choice(state.legal_actions())

    def __repr__(self):
        return "RandomPolicy()"


def placement_value(st, building: int, dice: tuple, w=WEIGHTS) -> float:
    """Rough value for the player to move of placing ``dice`` in ``building`` now."""
    n = len(dice)
    if building == TEMPLUM:
        gain = w["fortune_tile"] * (2 if st.tem_leader >= 0 else 1.5)
    elif building == SENATUS:
        gain = w["senate_card"] * (1.0 + 0.1 * (len(st.sen[st.player]) + n))
    elif building == CASTRUM:
        shown = sorted((PROV_VALUE[t] for t in st.prov_shown), reverse=True)
        gain = w["province_value"] * (shown[0] if shown else 0) + 0.3 * n
    elif building == FORUM:
        best = max((PAT_VALUE[t] for t in st.pat_shown), default=0)
        gain = n * (w["patrician_value"] * best + 1.0 - w["forum_column"] * rules._forum_position(st, dice[0]))
    else:
        return w["latrina_chip"] * n - 2.0
    return gain - w["die_cost"] * n


#: rolls the greedy policy draws to judge a reroll (its own draws: it never sees the real dice)
REROLL_SAMPLES = 8


class GreedyPolicy:
    name = "greedy"

    def __init__(self, weights=None, **given):
        """``given``: some of ``WEIGHTS`` (the documented valuations) as keyword parameters.
        ``weights={...}``, the old spelling, still works and warns."""
        if weights is not None:
            if not isinstance(weights, dict):
                raise ValueError(f"weights must be a dict with keys among {', '.join(WEIGHTS)}, got {weights!r}")
            warnings.warn("greedy(weights={...}) is the old spelling: pass the valuations as keyword parameters, "
                          f"e.g. game.policy('greedy', {', '.join(f'{k}={v!r}' for k, v in weights.items())})",
                          DeprecationWarning, stacklevel=2)
            given = {**weights, **given}
        self.weights = valuations("alea", WEIGHTS, given)

    def __repr__(self):
        return "GreedyPolicy()"

    def best_placement(self, st):
        places = rules.placements(st)
        best = None
        for b, opts in places.items():
            if b == LATRINA:
                cand = (self.weights["latrina_chip"] * max(opts) - 2.0, b, max(opts))
            else:
                cand = max((placement_value(st, b, d, self.weights), b, d) for d in opts)
            if best is None or cand[:2] > best[:2]:
                best = cand
        return best

    def __call__(self, st, rng: random.Random):
        legal = st.legal_actions()
        p = st.player
        if st.step == "turn":
            value, b, dice = self.best_placement(st)
            if st.chips[p] > 0:
                reroll = self._reroll(st, legal, value, () if b == LATRINA else dice, rng)
                if reroll is not None:
                    return reroll
            return next(a for a in legal if a.kind == "choose" and a.building == b)
        if st.step == "dice":
            if st.chosen == LATRINA:  # as few dice as the rules allow: the rest may still be rewarded
                return min(legal, key=lambda a: a.count)
            return max(legal, key=lambda a: (placement_value(st, st.chosen, a.dice, self.weights), a))
        if st.step == "senate":
            cw = self.weights["card_worth"]
            return max(legal, key=lambda a: (cw.get(SENATE[a.card].effect, 0.0), a))
        if st.step == "castrum":
            mine = {PAT_COLOUR[t] for t in st.pats[p]}
            return max(legal, key=lambda a: (PROV_VALUE[a.tile] + 1.5 * (PROV_COLOUR[a.tile] in mine), a))
        if st.step == "forum":
            mine = {PROV_COLOUR[t] for t in st.provs[p]}
            return max(legal, key=lambda a: (PAT_VALUE[a.tile] + 2.0 * (PAT_COLOUR[a.tile] in mine), a))
        return rng.choice(legal)


    def _reroll(self, st, legal, value: float, best_dice: tuple, rng: random.Random):
        """The reroll expected to gain most over ``value`` (the best placement now), if that gain
        exceeds ``reroll_gain``; else None."""
        rerolls = {a.keep: a for a in legal if a.kind == "reroll"}
        best, best_gain = None, self.weights["reroll_gain"]
        for keep in dict.fromkeys((best_dice, ())):
            if keep not in rerolls:
                continue
            gain = self._mean_after(st, keep, rng) - value
            if gain > best_gain:
                best, best_gain = rerolls[keep], gain
        return best

    def _mean_after(self, st, keep: tuple, rng: random.Random) -> float:
        """The mean best placement value after keeping ``keep`` and rolling the other dice, over
        ``REROLL_SAMPLES`` rolls drawn from ``rng``."""
        copy = st._copy_position()
        n = len(st.hand) - len(keep)
        total = 0.0
        for _ in range(REROLL_SAMPLES):
            copy.hand = tuple(sorted(keep + tuple(rng.randint(1, 6) for _ in range(n))))
            copy._places = copy._open = None
            total += self.best_placement(copy)[0]
        return total / REROLL_SAMPLES


#: the game's own policies by name (the core adds "random" and "mcts": ``Game.policy``)
POLICIES = {"greedy": GreedyPolicy}


def policy(name: str, **params):
    """A policy by name: 'random' or 'greedy' (keyword parameters: ``WEIGHTS``); ``Game.policy`` also knows 'mcts'."""
    if name == "random":
        return RandomPolicy()
    if name in POLICIES:
        return POLICIES[name](**params)
    raise ValueError(f"alea has policies 'random', 'greedy' and 'mcts', not {name!r}")


_GREEDY = GreedyPolicy()


def candidates(st, legal) -> list:
    """The options an mcts search weighs (progressive bias from greedy's valuation): at a turn with
    Repete chips, every building but only the two rerolls greedy weighs (keep the dice of its best
    placement, keep none) of the dozens the rules allow; everything else as the rules list it. A
    small budget spread over every reroll measures noise."""
    if st.step != "turn" or st.chips[st.player] == 0:
        return legal
    _, building, dice = _GREEDY.best_placement(st)
    keeps = {(), () if building == LATRINA else dice}
    return [a for a in legal if a.kind == "choose" or a.keep in keeps]


#: what ``game.policy("mcts")`` uses unless told otherwise: random rollouts cut after 30 decisions
#: and judged by the score sheet as it stands (``boardlab.core.search.position_outcome``) instead
#: of played to the end (about 180 decisions): a third of the CPU time, and in 24 two-player games
#: against greedy it won 21 (to the end: 4 of 4 at three times the cost; 40 iterations to the end
#: for the same time won 15 of 24). Weighing only greedy's two rerolls (``candidates``, issue 24):
#: against greedy, seeds 100-179, 70 of 80 games (Wilson 78-93 %) at 32-34 ms of CPU a decision
#: (load 6-12 on 2 cores), where weighing every reroll won 33 of 40 (seeds 100-139; 37 of the same
#: 40 with candidates) at the same cost
MCTS_DEFAULTS = {"horizon": 30, "candidates": candidates}

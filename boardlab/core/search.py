"""Monte Carlo tree search through the engine contract, for every game (GUIDE section 9).

The search is information-set UCT (single observer): every iteration starts from a fresh
lookahead copy of the position, ``reseed``ed so that it samples a future of chance events (and
each game's ``reseed`` also redeals what the player to move cannot know: see the games'
``state.py``); no iteration ever sees the real future. The tree is keyed by the actions chosen
along the way (an open-loop tree: a node is "these choices were made", whatever the dice did in
between), and a child is compared only with the siblings that were legal in the same iteration
(availability counts), as in ISMCTS (Cowling, Powley and Whitehouse 2012).

Forced decisions (one legal action) are played without a node, and so are decisions a game
tells the search not to branch on (``branch``: Five Tribes leaves the steps of a walk to its
greedy policy). A game may also name the few options a node weighs (``candidates``: Five Tribes
and El Grande keep their greedy valuation's best few, a progressive bias that spends a small
budget where a good player would look; a choice outside them is never made). Each iteration
ends with a rollout by a policy (uniform random by default, or the game's greedy policy) to the
end of the game, or for ``horizon`` decisions only, after which an evaluation judges the position (``evaluate``: the score sheet as it stands, or the
game's own, e.g. El Grande's greedy position value). The final score sheet gives every seat a
reward: its share of the win (1 for a sole first
place, 1/k for k tied first places) plus ``MARGIN_WEIGHT`` times a squashed score margin (own
total minus best other total), so that among moves that all win, the wider win is preferred.
The statistics kept per node (visits, win share, margin and their squares) are what
:func:`boardlab.core.advise.advise` reports.

Search is reproducible: the same seed gives the same tree and the same choice. ``MctsPolicy``
stops a search as soon as no remaining iteration could change its choice (``stop_when_decided``):
the same choice for 15-25 % less CPU; :func:`boardlab.core.advise.advise` always spends its budget.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable

from boardlab.core.errors import brief
from boardlab.core.game import State

__all__ = ["DEFAULT_ITERATIONS", "ROLLOUTS", "MctsPolicy", "Node", "Settings", "search", "final_outcome"]

#: iterations per decision of ``game.policy("mcts")`` when none are given, chosen for strength per
#: CPU-second (issue 24: a third of the CPU time of 0984470's defaults, measured by
#: ``python -m boardlab.bench --strength --compare 0984470``; it prints the win rates against greedy)
#: (Five Tribes went from 50 to 100 when its leaves began to be judged at the end of the move
#: instead of by rollouts of 20 decisions, about a tenth of the CPU of an iteration: on the tuning
#: seeds 100-199, 100 iterations won 91 of 100 against greedy at 6.3 ms a decision; before the
#: search's greedy counted the hand (``fivetribes.bots.walk_value``), 50 iterations won 32.5 of 40
#: (seeds 140-179) and 150 won 33.5 where 100 won 35: see ``fivetribes.bots.MCTS_DEFAULTS``; El Grande went
#: from 200 to 100 when its search began to weigh greedy's best few options, which doubled the CPU
#: of an iteration: at 200 it won 11 of 12 at 18.5 ms a decision, where main's won 10 of 12 at 9.0)
DEFAULT_ITERATIONS = {"whitecastle": 150, "fivetribes": 100, "alea": 100, "elgrande": 100}
#: for a game not listed above
FALLBACK_ITERATIONS = 200
#: the rollout policies a search accepts by name
ROLLOUTS = ("random", "greedy")
#: UCB exploration constant (rewards lie in 0..1)
EXPLORATION = 0.7
#: weight of the squashed margin in the reward (the rest is the share of the win)
MARGIN_WEIGHT = 0.2
#: score margin that counts as a clear win: the margin term is tanh(margin / scale), the scale
#: per game (Five Tribes' totals run to the hundreds), ``MARGIN_SCALE`` for a game not listed
MARGIN_SCALES = {"whitecastle": 10.0, "fivetribes": 30.0, "alea": 10.0, "elgrande": 15.0}
MARGIN_SCALE = 10.0
#: a rollout longer than this means a rules bug (no real game is anywhere near it)
MAX_ROLLOUT = 100_000


class Node:
    """One choice in the tree: how often it was tried, how often it was legal when its parent
    was visited, and the sums of the mover's rewards, win shares and margins (and squares)."""

    __slots__ = ("children", "visits", "avail", "reward", "win", "win_sq", "margin", "margin_sq", "options")

    def __init__(self):
        self.children: dict = {}
        self.options: list | None = None  # the candidates chosen on the first visit (Settings.candidates)
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.win = 0.0
        self.win_sq = 0.0
        self.margin = 0.0
        self.margin_sq = 0.0


def final_outcome(state: State) -> tuple[dict, dict]:
    """({player: win share}, {player: score margin}) of a finished game (the game's own judgement:
    ``State.win_shares`` and ``State.margins``, so a solo game is judged against its rival)."""
    return state.win_shares(), state.margins()


def sheet_margins(state: State) -> dict:
    """{player: own total minus the best other total} on the score sheet as it stands now."""
    return state.margins()


def position_outcome(state: State, scale: float, evaluate: Callable | None = None) -> tuple[dict, dict]:
    """({player: estimated win share}, {player: margin}) of an unfinished position: the margins
    of ``evaluate(state)`` (None: the score sheet as if the game ended now) squashed to 0..1 (a
    lead of ``scale`` points reads as a 76 % chance of winning). The cut-off evaluation."""
    margins = (evaluate or sheet_margins)(state)
    return {p: 0.5 * (1.0 + math.tanh(m / scale)) for p, m in margins.items()}, margins


def lookahead_copy(state: State) -> State:
    """A copy for search: the position only (no history list to copy; search never replays)."""
    copy = state._copy_position()
    copy.history = []
    copy.seed, copy.start = state.seed, state.start
    return copy


@dataclass(frozen=True)
class Settings:
    """How a search plays: see :func:`search`."""

    rollout: Callable | None = None
    exploration: float = EXPLORATION
    horizon: int | None = None
    evaluate: Callable | None = None
    branch: Callable | None = None
    candidates: Callable | None = None


def search(state: State, iterations: int, rng: random.Random, settings: Settings = Settings(),
           progress: Callable[[int, int], None] | None = None, progress_every: int = 0,
           stop_when_decided: bool = False, root_options: list | None = None) -> Node:
    """Run ``iterations`` iterations from ``state`` (never changed) and return the root node;
    its children are the root's legal actions with their statistics.

    ``settings.rollout``: a policy ``(state, rng) -> action`` playing every seat after the tree
    (None: uniform random); ``horizon``: a rollout stops after this many decisions (0: none) and
    the position is judged by ``evaluate(state) -> {player: margin}`` (None: its score sheet; see
    :func:`position_outcome`); ``horizon=None`` plays every rollout to the end of the game;
    ``branch(state) -> bool``: the decisions the tree branches on below the root (None: all);
    the others are played by the rollout policy without a node. ``candidates(state, legal) ->
    list``: the options a node weighs (None: every legal one), e.g. a game's greedy valuation's
    best few, so that a small budget is spent where a good player would look.
    ``progress(done, total)`` is called every ``progress_every`` iterations.
    ``stop_when_decided``: stop as soon as the most visited child leads every other by more
    visits than there are iterations left, so that :func:`best_action` cannot change (the same
    choice as the whole budget, for less; the statistics are then those of fewer iterations).
    ``root_options``: the options the root weighs (None: as ``candidates`` says)."""
    if state.is_over:
        raise ValueError("the game is over: there is no decision to search")
    root = Node()
    root.options = root_options
    for i in range(iterations):
        _iterate(state, root, rng, settings)
        if progress is not None and progress_every and ((i + 1) % progress_every == 0 or i + 1 == iterations):
            progress(i + 1, iterations)
        if stop_when_decided and _decided(root, iterations - i - 1):
            break
    return root


def _decided(root: Node, left: int) -> bool:
    """Whether the most visited child of ``root`` leads the second by more than ``left`` visits."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


def _iterate(state: State, root: Node, rng: random.Random, settings: Settings) -> None:
    s = lookahead_copy(state)
    s.reseed(rng.getrandbits(62))
    node = root
    path: list[tuple[Node, int]] = []
    choice = rng.choice
    rollout, branch, candidates = settings.rollout, settings.branch, settings.candidates
    expanded = False
    while not s.is_over:
        legal = s.legal_actions()
        if path and (len(legal) == 1 or (branch is not None and not branch(s))):
            # forced, or not a decision the tree branches on: no node (the root always has one)
            s.apply(legal[0] if len(legal) == 1 else choice(legal) if rollout is None else rollout(s, rng))
            continue
        if candidates is not None:
            legal = _candidates(node, s, legal, candidates)
        mover = s.to_move
        children = node.children
        untried = []
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            action = choice(untried)
            child = children[action] = Node()
            child.avail = 1
            s.apply(action)
            path.append((child, mover))
            expanded = True
            break
        action = _select(children, legal, settings.exploration)
        node = children[action]
        s.apply(action)
        path.append((node, mover))
    if expanded:
        _play_out(s, rng, rollout, MAX_ROLLOUT if settings.horizon is None else settings.horizon)
    scale = MARGIN_SCALES.get(s.game.name, MARGIN_SCALE)
    wins, margins = final_outcome(s) if s.is_over else position_outcome(s, scale, settings.evaluate)
    for node, mover in path:
        w, m = wins[mover], margins[mover]
        node.visits += 1
        node.reward += (1.0 - MARGIN_WEIGHT) * w + MARGIN_WEIGHT * 0.5 * (1.0 + math.tanh(m / scale))
        node.win += w
        node.win_sq += w * w
        node.margin += m
        node.margin_sq += m * m


def _candidates(node: Node, s: State, legal: list, candidates: Callable) -> list:
    """The options ``node`` weighs: chosen by ``candidates`` on its first visit (a game's valuation
    can cost more than the rest of an iteration) and kept while they are legal; chosen anew when
    the chance events of an iteration leave none of them legal."""
    if node.options is not None:
        kept = [a for a in node.options if a in legal]
        if kept:
            return kept
    node.options = candidates(s, legal)
    return node.options


def _select(children: dict, legal, exploration: float):
    best, best_value = None, -math.inf
    for a in legal:
        child = children[a]
        value = child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
        if value > best_value:
            best, best_value = a, value
    return best


def _play_out(s: State, rng: random.Random, rollout, steps: int) -> None:
    """Play at most ``steps`` decisions (all seats) by ``rollout`` (None: uniform random)."""
    if rollout is None:
        choice = rng.choice
        for _ in range(steps):
            if s.is_over:
                return
            s.apply(choice(s.legal_actions()))
    else:
        for _ in range(steps):
            if s.is_over:
                return
            s.apply(rollout(s, rng))
    if not s.is_over and steps >= MAX_ROLLOUT:
        raise RuntimeError(f"a {s.game.name} rollout did not end within {MAX_ROLLOUT} decisions")


def best_action(root: Node, legal):
    """The most visited legal action (ties: the better mean reward, then the listed order)."""
    return max(legal, key=lambda a: (root.children[a].visits, root.children[a].reward) if a in root.children
               else (-1, 0.0))


#: the most iterations a search accepts: about 170 times the largest default (600), already
#: minutes to hours per decision; a larger number is a typo that would run until stopped
MAX_ITERATIONS = 100_000


def check_iterations(iterations, label: str = "iterations") -> int:
    if type(iterations) is not int or iterations < 1:
        raise ValueError(f"{label} must be a positive integer, got {brief(iterations)}")
    if iterations > MAX_ITERATIONS:
        got = f"{iterations:,}" if iterations < 10**30 else "a number of 30 digits or more"
        raise ValueError(f"{label} must be at most {MAX_ITERATIONS:,} (already minutes to hours of search "
                         f"per decision), got {got}")
    return iterations


def rollout_policy(game, rollout):
    """The rollout policy for a name ("random": None, the fast built-in) or a callable."""
    if rollout == "random":
        return None
    if rollout == "greedy":
        return game.policy("greedy")
    if callable(rollout):
        return rollout
    raise ValueError(f"rollout must be one of {', '.join(repr(r) for r in ROLLOUTS)} or a policy callable; "
                     f"got {rollout!r}")


def default_iterations(game) -> int:
    return DEFAULT_ITERATIONS.get(game.name, FALLBACK_ITERATIONS)


class MctsPolicy:
    """``game.policy("mcts", iterations=..., seed=..., rollout=..., horizon=..., evaluate=...,
    branch=..., candidates=...)``: UCT with ``iterations`` iterations per decision (default:
    ``DEFAULT_ITERATIONS[game]``); the other parameters are those of :func:`search`
    (``rollout``: "random", "greedy" or a policy). A decision ``branch`` rejects is left to the
    rollout policy without a search.

    Its search generator is drawn from the game's policy generator (and mixed with ``seed``
    when given), so a seeded game is replayed with the same choices."""

    def __init__(self, game, iterations: int | None = None, seed: int | None = None, rollout="random",
                 horizon: int | None = None, evaluate: Callable | None = None, branch: Callable | None = None,
                 exploration: float = EXPLORATION, name: str = "mcts", candidates: Callable | None = None):
        self.game_name = game.name
        self.iterations = default_iterations(game) if iterations is None else check_iterations(iterations)
        if seed is not None and type(seed) is not int:
            raise ValueError(f"seed must be an integer or None, got {seed!r}")
        self.seed = seed
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or not exploration >= 0:
            raise ValueError(f"exploration must be a number >= 0, got {exploration!r}")
        if horizon is not None and (type(horizon) is not int or horizon < 0):
            raise ValueError(f"horizon must be an integer >= 0 or None (rollouts to the end), got {horizon!r}")
        for label, f in (("evaluate", evaluate), ("branch", branch), ("candidates", candidates)):
            if f is not None and not callable(f):
                raise ValueError(f"{label} must be a callable of a state or None, got {f!r}")
        self.rollout_spec = rollout
        self.settings = Settings(rollout_policy(game, rollout), float(exploration), horizon, evaluate, branch,
                                 candidates)
        self.name = name

    def __call__(self, state: State, rng: random.Random):
        legal = state.legal_actions()
        draw = rng.getrandbits(64)  # drawn even for a forced move: the other seats' draws stay put
        if len(legal) == 1:
            return legal[0]
        search_rng = random.Random(draw if self.seed is None else f"{self.seed}:{draw}")
        settings = self.settings
        if settings.branch is not None and not settings.branch(state):
            rollout = settings.rollout
            return search_rng.choice(legal) if rollout is None else rollout(state, search_rng)
        if settings.candidates is not None:
            legal = settings.candidates(state, legal)
            if len(legal) == 1:
                return legal[0]
        root = search(state, self.iterations, search_rng, settings, stop_when_decided=True)
        return best_action(root, legal)

    def __repr__(self):
        return f"MctsPolicy({self.game_name!r}, iterations={self.iterations}, rollout={self.rollout_spec!r})"

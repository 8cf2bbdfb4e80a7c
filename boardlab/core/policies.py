"""Policies: who chooses the actions, and ``play`` for one whole game.

A policy is a callable ``policy(state, rng) -> action`` with a ``name`` attribute. ``rng`` is a
``random.Random`` owned by the game being played (one per game, shared by the seats), so a
policy's choices are reproducible from the policy seed alone. A policy must not change the
state it is given; search works on ``state.copy()`` (and ``reseed``s its copies so it cannot
see the real future of chance events).
"""

from __future__ import annotations

import inspect
import random
from typing import Callable, Mapping, Sequence

from boardlab.core.chance import VERSION as CHANCE_VERSION
from boardlab.core.game import Game, State

#: Guard against a rules bug that never ends a game (no real game is anywhere near it).
MAX_DECISIONS = 1_000_000


class RandomPolicy:
    """Uniform over the legal actions: the baseline every game supports."""

    name = "random"

    def __call__(self, state: State, rng: random.Random):
        return rng.choice(state.legal_actions())

    def __repr__(self):
        return "RandomPolicy()"


def policy_name(policy) -> str:
    """The label a policy carries in tables and figures."""
    return getattr(policy, "name", None) or getattr(policy, "__name__", None) or type(policy).__name__


def named_policy(game: Game, name, params: dict, known: Mapping[str, Callable],
                 mcts_defaults: Mapping | None = None) -> Callable:
    """The policy ``name`` of ``game`` built with ``params``: what every game's ``Game.policy``
    does. ``"random"`` (no parameters) and ``"mcts"`` (see :class:`boardlab.core.search.MctsPolicy`)
    are the core's; ``known`` maps the game's own names (e.g. ``"greedy"``) to their factories;
    ``mcts_defaults``: the game's own defaults for "mcts" (e.g. its cut-off evaluation).
    An unknown name or parameter is refused with a ValueError listing what is known."""
    from boardlab.core.search import MctsPolicy

    factories = {"random": RandomPolicy, **known, "mcts": lambda **kw: MctsPolicy(game, **kw)}
    if not isinstance(name, str) or name not in factories:
        raise ValueError(f"{game.name} has no policy named {name!r}; known: {', '.join(sorted(factories))}")
    accepted = _parameters(MctsPolicy if name == "mcts" else factories[name], skip=("game",) if name == "mcts" else ())
    unknown = [] if accepted is None else sorted(set(params) - set(accepted))
    if unknown:
        listed = ", ".join(accepted) if accepted else "none"
        raise ValueError(f"policy {name!r} of {game.name} has no parameter(s) {', '.join(unknown)}; "
                         f"its parameters: {listed}")
    if name == "mcts":
        params = {**(mcts_defaults or {}), **params}
    return factories[name](**params)


def _parameters(factory, skip=()) -> list[str] | None:
    """The keyword parameters a policy factory (a class or function) accepts; None if it takes
    any keyword (``**params``: then it checks them itself)."""
    target = factory.__init__ if inspect.isclass(factory) and factory.__init__ is not object.__init__ else factory
    if target is object.__init__:
        return []
    parameters = inspect.signature(target).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    return [n for n in names if n not in ("self", "name", *skip)]


def resolve_policy(game: Game, spec) -> Callable:
    """A policy from its spec: ``"random"``, a name known to ``game.policy``, or a callable."""
    if isinstance(spec, str):
        if spec == "random":
            return RandomPolicy()
        try:
            return game.policy(spec)
        except ValueError as exc:
            raise ValueError(f"unknown policy {spec!r} for {game.name}: {exc}") from exc
    if callable(spec):
        return spec
    raise ValueError(
        f"a policy must be a name such as 'random' or a callable (state, rng) -> action; got {spec!r}"
    )


def resolve_policies(game: Game, specs: Sequence) -> list[Callable]:
    """One policy per seat, checking there is exactly one spec per player."""
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Sequence):
        raise ValueError(
            f"policies must be a list with one policy per seat (e.g. {['random'] * game.players}); got {specs!r}"
        )
    if len(specs) != game.players:
        raise ValueError(
            f"{game.name} with {game.players} players needs {game.players} policies (one per seat); got {len(specs)}"
        )
    return [resolve_policy(game, spec) for spec in specs]


def play(game: Game, policies: Sequence, seed: int, policy_seed: int | None = None,
         max_decisions: int = MAX_DECISIONS, chance: int = CHANCE_VERSION) -> State:
    """Play one game from ``seed`` to its end and return the finished state.

    ``policies`` has one spec per seat (see ``resolve_policy``). The policies' shared
    generator is seeded with ``policy_seed`` (``seed`` if not given). ``chance``: the chance
    stream's version (``boardlab.core.chance``).
    """
    seats = resolve_policies(game, policies)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    state = game.new_game(seed, chance=chance)
    for _ in range(max_decisions):
        if state.is_over:
            return state
        state.apply(seats[state.to_move](state, rng))
    if state.is_over:
        return state
    raise RuntimeError(
        f"{game.name} game with seed {seed} (policy seed {policy_seed}) did not end within {max_decisions} decisions"
    )

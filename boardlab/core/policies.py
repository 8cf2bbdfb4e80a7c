"""Policies: who chooses the actions, and ``play`` for one whole game.

A policy is a callable ``policy(state, rng) -> action`` with a ``name`` attribute. ``rng`` is a
``random.Random`` owned by the game being played (one per game, shared by the seats), so a
policy's choices are reproducible from the policy seed alone. A policy must not change the
state it is given; search works on ``state.copy()`` (and ``reseed``s its copies so it cannot
see the real future of chance events).
"""

from __future__ import annotations

import inspect
import json
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


class Labelled:
    """A policy built from a text spec with parameters, named in tables by that text
    (``"mcts:iterations=400"``), so two settings of one policy stay apart."""

    def __init__(self, policy: Callable, name: str):
        self.policy, self.name = policy, name

    def __call__(self, state: State, rng: random.Random):
        return self.policy(state, rng)

    def __repr__(self):
        return f"Labelled({self.policy!r}, {self.name!r})"


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


def valuations(game_name: str, defaults: Mapping, given: Mapping, policy: str = "greedy") -> dict:
    """The parameters a heuristic policy plays with: the game's documented ``defaults`` (its
    ``bots.WEIGHTS``) with ``given`` in place of some. Every game's greedy takes them the same way,
    as keyword parameters (``game.policy("greedy", die_cost=0.8)``). A mapping-valued parameter
    (e.g. White Castle's ``holding_worth``) may be given in part: the rest keep their defaults.
    ValueError for an unknown name (listing the accepted ones) or a value of the wrong kind."""
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise ValueError(f"policy {policy!r} of {game_name} has no parameter(s) {', '.join(map(str, unknown))}; "
                         f"its parameters: {', '.join(defaults)}")
    chosen = {}
    for name, default in defaults.items():
        value = given.get(name, default)
        if isinstance(default, Mapping):
            if not isinstance(value, Mapping) or set(value) - set(default):
                raise ValueError(f"{name} must be a dict with keys among {', '.join(default)}, got {value!r}")
            value = {key: _number(f"{name}[{key!r}]", value.get(key, d), d) for key, d in default.items()}
        else:
            value = _number(name, value, default)
        chosen[name] = value
    return chosen


def _number(label: str, value, default):
    """``value`` if it is of the kind of ``default`` (true/false, or a number: kept as given, so
    an integer parameter such as a depth stays an int); else ValueError."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{label} must be true or false, got {value!r}")
    elif isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValueError(f"{label} must be a number, got {value!r}")
    return value


def parse_spec(spec: str) -> tuple[str, dict]:
    """A policy's name and parameters from its text: ``"greedy"``, ``"mcts:iterations=400"``,
    ``"mcts:iterations=400,horizon=20"``. A value is read as JSON (``400``, ``0.8``, ``true``,
    ``{"coin": 0.5}``) and otherwise kept as text (``rollout=greedy``)."""
    name, colon, rest = spec.partition(":")
    params = {}
    for item in rest.split(",") if colon else ():
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not key:
            raise ValueError(f"a policy parameter is written NAME=VALUE (mcts:iterations=400), got {item.strip()!r} "
                             f"in {spec!r}")
        try:
            params[key] = json.loads(value)
        except ValueError:
            params[key] = value
    return name.strip(), params


def resolve_policy(game: Game, spec) -> Callable:
    """A policy from its spec: ``"random"``, a name known to ``game.policy`` with its parameters if
    any (``"mcts:iterations=400"``, see ``parse_spec``), or a callable."""
    if isinstance(spec, str):
        if spec == "random":
            return RandomPolicy()
        name, params = parse_spec(spec)
        try:
            policy = game.policy(name, **params)
        except ValueError as exc:
            known = "policy" if params else "unknown policy"
            raise ValueError(f"{known} {spec!r} for {game.name}: {exc}") from exc
        return Labelled(policy, spec.strip()) if params else policy
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

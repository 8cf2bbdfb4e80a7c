"""The games known by name (to ``replay``, ``Game.by_name``, golden files and the benchmarks).

Kept apart from ``game.py`` so that ``record.py`` can find a game class without importing the
engine contract that builds records (no import circle).
"""

from __future__ import annotations

import importlib

from boardlab.core.errors import brief

_REGISTRY: dict[str, type] = {}


def register(game_cls: type) -> type:
    """Class decorator: make a game known to ``replay`` and ``Game.by_name``."""
    _REGISTRY[game_cls.name] = game_cls
    return game_cls


def game_class(name) -> type:
    """The game class registered under ``name``, importing ``boardlab.<name>`` on first use."""
    if not isinstance(name, str):
        raise ValueError(f"a game name must be a string, got {brief(name)}")
    if name not in _REGISTRY and name.isidentifier():
        try:
            importlib.import_module(f"boardlab.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"boardlab.{name}":
                raise  # a real error inside the game package must not read as "unknown game"
    if name not in _REGISTRY:
        raise ValueError(f"unknown game {brief(name)}; known games: {sorted(_REGISTRY)}")
    return _REGISTRY[name]


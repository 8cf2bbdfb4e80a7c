"""Checks for a position's JSON form: every refusal names the field path and what was expected.

Each game's ``state_from_json`` validates with these before it builds anything, so a position
that loads is one the game's invariants accept. The checks are exact: a bool is not an int, a
float is never an int, a string is never a number, and nothing is coerced.

>>> expect_int(3, "players[0].coins", 0, 50)
3
>>> expect_int(True, "round")
Traceback (most recent call last):
...
boardlab.core.errors.InvalidPosition: round: expected an integer, got True (bool)
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from boardlab.core.errors import InvalidPosition

#: longest text shown of a refused value, so a huge input gives a short message
_SHOWN = 60


def shown(value: Any) -> str:
    """A short, safe rendering of a refused value and its JSON type."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the refusal
        text = "<unprintable>"
    if len(text) > _SHOWN:
        text = text[: _SHOWN - 3] + "..."
    return f"{text} ({type(value).__name__})"


def fail(path: str, expected: str, value: Any = None, *, show_value: bool = True) -> None:
    """Refuse: ``<path>: expected <expected>, got <value>``."""
    got = f", got {shown(value)}" if show_value else ""
    raise InvalidPosition(f"{path}: expected {expected}{got}")


def require(condition: bool, path: str, expected: str) -> None:
    """Refuse unless ``condition``: ``<path>: expected <expected>`` (for cross-field facts)."""
    if not condition:
        raise InvalidPosition(f"{path}: expected {expected}")


def expect_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """An exact integer (not bool, not float) within ``lo..hi`` when given."""
    if type(value) is not int:
        fail(path, "an integer", value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            bounds = f"an integer from {lo} to {hi}"
        elif lo is not None:
            bounds = f"an integer >= {lo}"
        else:
            bounds = f"an integer <= {hi}"
        fail(path, bounds, value)
    return value


def expect_bool(value: Any, path: str) -> bool:
    if type(value) is not bool:
        fail(path, "true or false", value)
    return value


def expect_str(value: Any, path: str) -> str:
    if type(value) is not str:
        fail(path, "a string", value)
    return value


def expect_choice(value: Any, path: str, choices: Iterable) -> Any:
    """One of ``choices``, compared with its exact type (``True`` is not ``1``)."""
    choices = tuple(choices)
    if not any(type(value) is type(c) and value == c for c in choices):
        listed = ", ".join(repr(c) for c in choices)
        fail(path, f"one of {listed}", value)
    return value


def expect_list(value: Any, path: str, length: int | None = None, *, min_length: int = 0,
                max_length: int | None = None) -> list:
    """A JSON array, of exactly ``length`` items when given, else within the bounds."""
    if type(value) is not list:
        fail(path, "a list", value)
    if length is not None and len(value) != length:
        fail(path, f"a list of {length} items", value)
    if len(value) < min_length or (max_length is not None and len(value) > max_length):
        most = f" and at most {max_length}" if max_length is not None else ""
        fail(path, f"a list of at least {min_length}{most} items", value)
    return value


def expect_dict(value: Any, path: str, keys: Iterable[str] = (), optional: Iterable[str] = (), *,
                exact: bool = True) -> dict:
    """A JSON object holding every key of ``keys``; with ``exact``, no key outside ``keys`` and
    ``optional`` (an unknown key is usually a typo whose value would be silently ignored)."""
    if type(value) is not dict:
        fail(path, "an object", value)
    keys, optional = tuple(keys), tuple(optional)
    missing = [k for k in keys if k not in value]
    if missing:
        fail(path, f"an object with the field(s) {', '.join(missing)}", show_value=False)
    if exact:
        unknown = sorted(str(k) for k in value if k not in keys and k not in optional)
        if unknown:
            allowed = ", ".join(keys + optional)
            fail(path, f"only the fields {allowed}; unknown field(s) {', '.join(unknown)}",
                 show_value=False)
    return value


def expect_counts(found: Iterable, expected: Counter | dict, what: str, fields: str = "") -> None:
    """Conservation: the items found across all places are exactly ``expected`` (a multiset).

    ``what`` names the components, e.g. "dice" or "castle cards", and ``fields`` the fields that
    hold them; the message says which item is missing or extra and how many times."""
    found = Counter(found)
    expected = Counter(expected)
    missing = expected - found
    extra = found - expected
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(f"{k!s} x{n}" for k, n in sorted(missing.items(), key=str)))
        if extra:
            parts.append("extra " + ", ".join(f"{k!s} x{n}" for k, n in sorted(extra.items(), key=str)))
        where = f" (held in {fields})" if fields else ""
        raise InvalidPosition(f"{what}: expected each in exactly one place; " + "; ".join(parts) + where)


def expect_permutation(value: Any, path: str, items: Iterable) -> list:
    """A list holding each of ``items`` exactly once, in any order (turn orders, seat lists)."""
    items = list(items)
    expect_list(value, path, len(items))
    remaining = list(items)
    for entry in value:
        match = next((i for i, item in enumerate(remaining)
                      if type(entry) is type(item) and entry == item), None)
        if match is None:
            fail(path, f"an ordering of {items}", value)
        del remaining[match]
    return value


def check_playable(state, decision: str = "step"):
    """Refuse a loaded position that validates field by field but cannot be played: one not
    over whose decision has no legal option, or a legal option the rules cannot apply (each is
    tried on a copy). ``decision`` names the field that says what is decided now. Returns
    ``state`` (unchanged)."""
    if state.is_over:
        return state
    try:
        legal = state.legal_actions()
    except Exception as exc:  # an engine that cannot list the options of this position
        raise InvalidPosition(f"{decision}: expected a decision whose options can be listed; listing them "
                              f"fails ({_reason(exc)}): the fields disagree with {decision!r}") from None
    if not legal:
        raise InvalidPosition(f"{decision}: expected a decision with at least one legal option; player "
                              f"{state.to_move} has none, so the position's fields disagree with it")
    for action in legal:
        trial = state.copy()
        trial.seed = trial.start = None  # a failure must not rebuild (and so re-check) the position
        try:
            trial.apply(action)
        except Exception as exc:
            raise InvalidPosition(f"{decision}: expected every legal option to be playable; '{action}' fails "
                                  f"({_reason(exc)}), so the position's fields disagree with it") from None
    return state


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text[:120]}" if text else type(exc).__name__

"""Errors raised by every game: each names the rule or the expectation it enforces."""

import re

#: longest text of a refused value shown in a message, so a huge input gives a short message
SHOWN_LIMIT = 60


def brief(value, limit: int = SHOWN_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, never failing: refusal messages quote the
    refused input, and a hostile, huge or deeply nested value must not break the refusal."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__, a 5000-digit int, a too deeply nested list
        text = f"<{type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``rule`` names the rule it breaks."""

    def __init__(self, rule: str, detail: str):
        self.rule = rule
        self.detail = detail
        super().__init__(f"illegal action ({rule}): {detail}")


class InvalidPosition(ValueError):
    """A position (JSON state form) that no legal game could reach or that breaks a component limit."""


class RecordError(ValueError):
    """A malformed or tampered game record. ``step`` is the 1-based action index, if any."""

    def __init__(self, message: str, step: int | None = None):
        self.step = step
        prefix = f"record step {step}: " if step is not None else "record: "
        super().__init__(prefix + message)


class NotAnAction(IllegalAction, TypeError):
    """Something given to ``State.apply`` that is not one of this game's actions at all (None,
    a number, a plain tuple, another game's action). Both an IllegalAction (so every refusal
    handler catches it) and a TypeError (it is the wrong kind of value)."""


#: a run of more digits than this in an action's text is refused before a parser converts it (an
#: int of thousands of digits would otherwise end in Python's integer-limit message)
LONGEST_NUMBER = 30
#: the longest action text a game reads (the longest of the four games' actions has 58 characters)
LONGEST_NOTATION = 500


def check_notation(text) -> str:
    """``text`` if it can be an action's text; else ValueError with a short message: not text,
    far too long, or holding a number far beyond any option of a game (each game's
    ``parse_action`` calls this first, so no parser quotes or converts a hostile input)."""
    if not isinstance(text, str):
        raise ValueError(f"expected an action's text, got {brief(text)} ({type(text).__name__})")
    if len(text) > LONGEST_NOTATION:
        raise ValueError(f"{brief(text)} has {len(text):,} characters, far more than any action's text")
    digits = max((len(run) for run in _DIGITS.findall(text)), default=0)
    if digits > LONGEST_NUMBER:
        raise ValueError(f"{brief(text)} holds a number of {digits} digits, far beyond any option of this game")
    return text


_DIGITS = re.compile(r"\d[\d_]*")

"""Errors raised by every game: each names the rule or the expectation it enforces."""

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

"""Errors raised by every game: each names the rule or the expectation it enforces."""


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

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
    """An action the rules do not allow now. ``rule`` names the rule it breaks, ``detail`` says why
    (English: ``str(exc)`` and the attributes are what they always were).

    A refusal made from templates (``rule`` and ``detail`` with ``{field}`` slots, ``fields``
    their values, ``game`` whose glossary holds their Korean) can be read in either language:
    ``exc.text("ko")``, ``exc.explain("ko") -> (rule, detail)``. A field holding an action, or a
    list of actions, is written in the language's notation; a text field that is a glossary term
    is translated; numbers and lists of numbers stay as they are."""

    def __init__(self, rule: str, detail: str, fields: dict | None = None, game: str | None = None):
        self.templates = (rule, detail)
        self.fields = dict(fields or {})
        self.game = game
        self.rule, self.detail = self.explain("en")
        super().__init__(f"illegal action ({self.rule}): {self.detail}")

    def explain(self, language: str | None = None) -> tuple[str, str]:
        """(rule, detail) in ``language`` ("en" or "ko"; None: the glossary's current language)."""
        from boardlab.core import glossary

        language = language or glossary.language()
        if language == "en" and not self.fields:
            return self.templates
        game = self.game or "core"
        shown = {k: _field_text(game, v, language) for k, v in self.fields.items()}
        said = (glossary.translate(game, t, language) for t in self.templates)
        return tuple(glossary.particles(t.format_map(shown)) if self.fields else t for t in said)

    def text(self, language: str | None = None) -> str:
        """The whole refusal in ``language``: ``illegal action (rule): detail`` or its Korean."""
        from boardlab.core import glossary

        rule, detail = self.explain(language)
        return glossary.translate("core", "illegal action ({rule}): {detail}", language).format(rule=rule, detail=detail)


def _field_text(game: str, value, language: str) -> str:
    """A refusal's field as ``glossary.field_text`` writes it; a hand-built action that does not
    format is shown as what it is."""
    from boardlab.core import glossary

    try:
        return glossary.field_text(game, value, language)
    except Exception:
        return brief(value)


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

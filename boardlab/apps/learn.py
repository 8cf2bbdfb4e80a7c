"""Learn to play: the texts a new player sees while playing a first game in the app.

Each game ships its teaching texts as data in ``boardlab/<game>/teaching.py`` (``OVERVIEW``: goal,
a round, scoring; ``KINDS``: per action kind the rule that governs the decision and what an option
of that kind does, in English and Korean) and a rules page ``boardlab/<game>/how_to_play.<lang>.md``.
This module reads them for any game through the engine contract: the kinds of a decision are the
``kind`` fields of its legal options.
"""

from __future__ import annotations

import html
import importlib
from importlib import resources

from boardlab.core import glossary

T = glossary.terms("apps")

#: the headings of the one-screen overview, in its order
OVERVIEW_PARTS = (("goal", "The goal"), ("round", "How a round goes"), ("score", "How you score"))


def teaching(game: str):
    """The game's teaching module (``boardlab.<game>.teaching``)."""
    return importlib.import_module(f"boardlab.{game}.teaching")


def _language(language: str | None) -> str:
    return glossary.language() if language is None else language


def kinds_at(state) -> list[str]:
    """The kinds of the decision asked now: the distinct ``kind`` of its legal options, in order."""
    kinds: list[str] = []
    for action in state.legal_actions():
        if action.kind not in kinds:
            kinds.append(action.kind)
    return kinds


def kind_text(game: str, kind: str, language: str | None = None) -> tuple[str, str]:
    """(the rule that governs a decision of this kind, what an option of this kind does)."""
    texts = teaching(game).KINDS.get(kind)
    if texts is None:
        raise KeyError(f"{game}: no teaching text for the decision kind {kind!r}; add it to "
                       f"boardlab/{game}/teaching.py (KINDS)")
    return texts[_language(language)]


def overview_html(game: str) -> str:
    """The game in one screen: goal, how a round goes, how you score (in the current language)."""
    parts = teaching(game).OVERVIEW[glossary.language()]
    rows = "".join(f"<p><b>{html.escape(T(title))}.</b> {html.escape(parts[key])}</p>" for key, title in OVERVIEW_PARTS)
    return f"<div class='boardlab-overview'>{rows}</div>"


def decision_html(state) -> str:
    """What is decided now: the rule of each kind of the legal options, then what each kind of
    option does, with the number of options of that kind."""
    game = state.game.name
    legal = state.legal_actions()
    lines = []
    for kind in kinds_at(state):
        rule, does = kind_text(game, kind)
        examples = [a for a in legal if a.kind == kind]
        first = glossary.action_text(game, examples[0])
        more = T(" (and {n} more like it)", n=len(examples) - 1) if len(examples) > 1 else ""
        lines.append(f"<li class='boardlab-rule-text'><b>{html.escape(rule)}</b><br>"
                     f"<span class='boardlab-option-meaning'>&#8594; <i>{html.escape(first)}</i>{html.escape(more)}: "
                     f"{html.escape(does)}</span></li>")
    return (f"<div class='boardlab-decision-panel'><b>{html.escape(T('What you decide now'))}</b>"
            f"<ul style='margin:4px 0 0 0;padding-left:18px'>{''.join(lines)}</ul></div>")


def option_meaning(game: str, action, language: str | None = None) -> str:
    """One option in plain words: its text, then what an option of its kind does."""
    return f"{glossary.action_text(game, action, _language(language))}: {kind_text(game, action.kind, language)[1]}"


def rules_page_path(game: str, language: str | None = None):
    """The rules page of ``game`` (Markdown, shipped in the package)."""
    return resources.files(f"boardlab.{game}") / f"how_to_play.{_language(language)}.md"


def rules_page_html(game: str, picture: str) -> str:
    """The rules page as HTML, with ``picture`` (the board at the start of a 3-player game, as the
    app draws it) as its illustration after the first section."""
    import mistune

    text = rules_page_path(game).read_text(encoding="utf-8")
    head, _, rest = text.partition("\n## ")
    figure = (f"<figure style='margin:8px 0'>{picture}<figcaption class='boardlab-note'>"
              f"{html.escape(T('The board at the start of a 3-player game; the key under it names every symbol.'))}"
              "</figcaption></figure>")
    body = mistune.html(head) + figure + (mistune.html("## " + rest) if rest else "")
    return f"<div class='boardlab-rules-page' style='max-width:900px;line-height:1.5'>{body}</div>"


__all__ = ["teaching", "kinds_at", "kind_text", "overview_html", "decision_html", "option_meaning",
           "rules_page_path", "rules_page_html"]

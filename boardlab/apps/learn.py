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

#: the games that ship teaching texts (every registered game does; tests check it)
GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
#: the headings of the one-screen overview, in its order
OVERVIEW_PARTS = (("goal", "The goal"), ("round", "How a round goes"), ("score", "How you score"))
#: at most this many bot decisions are narrated after a human decision (the latest ones)
NARRATED = 12


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


def narration(session, since: int, viewer: int | None) -> list[str]:
    """One sentence per bot decision made from decision ``since`` on (the latest ``NARRATED``):
    who chose what, what it does, and how that seat's score moved by it."""
    from boardlab.apps.builder import public_text, seat_name  # the app's own wording of seats and hidden choices

    game = session.game.name
    sentences = []
    for i in range(max(since, len(session.decisions) - NARRATED), len(session.decisions)):
        decision = session.decisions[i]
        if decision.by in ("human", "record"):
            continue
        before = session._before[i]
        after = session._before[i + 1] if i + 1 < len(session._before) else session.state
        gain = after.score_sheet()[decision.player]["total"] - before.score_sheet()[decision.player]["total"]
        action = session.state.history[len(before.history)]
        private = public_text(game, decision.action, decision.player, viewer) != glossary.action_text(game, decision.action)
        does = "" if private else kind_text(game, action.kind)[1]
        sentence = T("{seat} ({bot}) chose '{action}'", seat=seat_name(game, decision.player), bot=decision.by,
                     action=public_text(game, decision.action, decision.player, viewer))
        if does:
            sentence += f": {does}"
        if gain:
            sentence += T(" ({gain} point)" if abs(gain) == 1 else " ({gain} points)", gain=f"{gain:+d}")
        sentences.append(sentence + ".")
    return sentences


def rules_page_path(game: str, language: str | None = None):
    """The rules page of ``game`` (Markdown, shipped in the package)."""
    return resources.files(f"boardlab.{game}") / f"how_to_play.{_language(language)}.md"


def rules_page_html(game: str, state=None) -> str:
    """The rules page as HTML, with the board picture of ``state`` (a new 3-player game when
    None) as its illustration after the first section."""
    import mistune

    from boardlab.apps.builder import picture_html
    from boardlab.core.game import Game

    text = rules_page_path(game).read_text(encoding="utf-8")
    if state is None:
        cls = Game.by_name(game)
        state = cls(players=3).new_game(1)
    head, _, rest = text.partition("\n## ")
    picture = (f"<figure style='margin:8px 0'>{picture_html(state)}<figcaption class='boardlab-note'>"
               f"{html.escape(T('The board at the start of a 3-player game; the key under it names every symbol.'))}"
               "</figcaption></figure>")
    body = mistune.html(head) + picture + (mistune.html("## " + rest) if rest else "")
    return f"<div class='boardlab-rules-page' style='max-width:900px;line-height:1.5'>{body}</div>"


def rules_page(game: str, language: str | None = None):
    """The rules page for a notebook: an HTML display object (see :func:`rules_page_html`)."""
    from IPython.display import HTML

    if language is not None:
        glossary.use_language(language)
    return HTML(rules_page_html(game))


__all__ = ["GAMES", "teaching", "kinds_at", "kind_text", "overview_html", "decision_html", "option_meaning",
           "narration", "rules_page_path", "rules_page_html", "rules_page"]

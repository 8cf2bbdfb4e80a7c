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
from boardlab.core.teaching import josa

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


#: a decision with at most this many options lists each in plain words; a longer one lists the
#: first ``SHOWN_PER_KIND`` of each kind and says how many more there are
LISTED_ALL = 8
SHOWN_PER_KIND = 3


def decision_html(state) -> str:
    """What is decided now: per kind of the legal options, the rule that governs it, then each
    option in plain words (the first ``SHOWN_PER_KIND`` of a kind when there are more than
    ``LISTED_ALL`` options, with how many more)."""
    game = state.game.name
    legal = state.legal_actions()
    shown = len(legal) if len(legal) <= LISTED_ALL else SHOWN_PER_KIND
    lines = []
    for kind in kinds_at(state):
        rule, _ = kind_text(game, kind)
        of_kind = [a for a in legal if a.kind == kind]
        options = "".join(f"<li class='boardlab-option-meaning'>{html.escape(option_meaning(state, a))}</li>"
                          for a in of_kind[:shown])
        if len(of_kind) > shown:
            options += f"<li class='boardlab-note'>{html.escape(T('and {n} more', n=len(of_kind) - shown))}</li>"
        lines.append(f"<li class='boardlab-rule-text'><b>{html.escape(rule)}</b>"
                     f"<ul style='margin:2px 0 4px 0;padding-left:16px'>{options}</ul></li>")
    return (f"<div class='boardlab-decision-panel'><b>{html.escape(T('What you decide now'))}</b>"
            f"<ul style='margin:4px 0 0 0;padding-left:18px'>{''.join(lines)}</ul></div>")


def option_meaning(state, action, language: str | None = None) -> str:
    """One option of the position in plain words: its text, then the game's ``option_text`` (what
    it costs and brings here, from the engine's own numbers)."""
    game, language = state.game.name, _language(language)
    return f"{glossary.action_text(game, action, language)}: {teaching(game).option_text(state, action, language)}"


def part_name(game: str, part: str, language: str | None = None) -> str:
    """A part of greedy's valuation (``boardlab.<game>.bots.value_parts``) in words: the game's own
    words for it (``teaching.part_words``), else the glossary's term."""
    language = _language(language)
    words = getattr(teaching(game), "part_words", lambda _: None)(part)
    if words is not None:
        return words[language]
    if language == "en":
        return part
    return glossary.glossary(game).get(part) or glossary.glossary("apps").get(part, part)


def biggest_rise(game: str, before, after, seat: int) -> tuple[str, float] | None:
    """(part, rise): the part of greedy's valuation of ``seat`` (``bots.value_parts``) that rose
    most from ``before`` to ``after``; None when no part rose."""
    value_parts = importlib.import_module(f"boardlab.{game}.bots").value_parts
    was, now = value_parts(before, seat), value_parts(after, seat)
    part, rise = max(((k, v - was.get(k, 0.0)) for k, v in now.items()), key=lambda kv: kv[1])
    return (part, rise) if rise > 1e-9 else None


def reason_text(game: str, part: str, rise: float) -> str:
    """'why: gardeners rose most in its valuation (+7)', in the current language."""
    name = part_name(game, part)
    if glossary.language() == "ko":
        name += josa(name, "이", "가")
    return T("why: {part} rose most in its valuation ({rise})", part=name, rise=f"+{round(rise, 1):g}")


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


__all__ = ["teaching", "kinds_at", "kind_text", "overview_html", "decision_html", "option_meaning", "part_name",
           "biggest_rise", "reason_text",
           "rules_page_path", "rules_page_html"]

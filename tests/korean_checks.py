"""What every game's Korean test shares: build the figures and widgets in Korean, read their
texts, and find labels without a Korean entry or glyphs the Korean font cannot draw."""

from __future__ import annotations

import re
import warnings

import pytest

from boardlab.core import glossary, plotting


def in_korean(build):
    """For a module fixture: ``build()``'s figures and widgets made in Korean, English after."""
    if plotting.korean_font() is None:
        pytest.fail("no Korean font: the Python package koreanize-matplotlib (a boardlab dependency) is missing")
    plotting.use_language("ko")
    glossary.clear_missing()
    try:
        yield build()
    finally:
        plotting.use_language("en")


def figure_texts(fig) -> list[str]:
    import matplotlib.text

    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]


def missing_terms(game: str) -> list[str]:
    """English labels of ``game`` asked for in Korean that have no Korean entry."""
    return sorted(english for name, english in glossary.missing() if name == game)


def missing_glyphs(figs) -> list[str]:
    """The font's missing-glyph warnings raised while drawing ``figs``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for fig in figs:
            fig.canvas.draw()
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


#: three English words in a row (Latin names the seeds keep, such as "Germania III", are shorter)
ENGLISH = re.compile(r"\b[A-Za-z]{2,}(?:[ ,;:]+[A-Za-z]{2,}){2,}\b")
#: what a Korean message may quote as the user gave it, and the Roman numerals of card names
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
ROMAN = re.compile(r"\b[IVXLC]+\b")


def english_left(text: str) -> str | None:
    """The first English phrase (three English words in a row) left in a Korean ``text``, quoted
    input and Roman numerals aside; None when there is none."""
    found = ENGLISH.search(ROMAN.sub("", QUOTED.sub("", text)))
    return found.group(0) if found else None

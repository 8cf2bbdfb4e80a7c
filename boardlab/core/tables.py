"""The one table style of every lesson: what a reader of a notebook or an article sees.

A lesson computes a tidy DataFrame (numbers, Fractions, short machine names) and shows it through
:func:`article_table`, which returns a new DataFrame of text with

* named indexes (every level has a name; a table without a meaningful index gets "row" 1, 2, ...);
* plain-word column headers (``rename`` maps machine names such as ``ci_low`` to words; a header
  still holding an underscore is refused);
* numbers written out, never in scientific notation, with a fixed number of decimals;
* percentages and fractions written one way everywhere (:func:`percent`: ``"5.9 %"``;
  :func:`fraction`: ``"19/27"``; :func:`signed`: ``"+2"`` / ``"−2"`` with a true minus sign);
* nothing shown as ``NaN``, ``inf`` or ``None``: a missing or undefined value is :data:`BLANK`;
* in Korean (``plotting.use_language("ko")``), given the game's translator (``terms=``), headers,
  index names and text values in the game's glossary words, actions in its Korean notation
  (:func:`in_language`); numbers, percentages and fractions are written the same in both.

Formatters (each takes one value and returns text): :func:`percent`, :func:`fraction`,
:func:`number`, :func:`signed`, :func:`interval` (a 95 % interval of two shares), :func:`plus_minus`.
:func:`check_article` is the test-side check that a displayed table follows the style.
"""

from __future__ import annotations

import functools
import math
import re
import numbers
from collections.abc import Callable, Iterable
from fractions import Fraction

import pandas as pd

from boardlab.core import glossary

#: What a reader sees for a missing, undefined or infinite value.
BLANK = "—"
MINUS = "−"  # U+2212, as printed; a hyphen reads as a dash in tables
_SCIENTIFIC = re.compile(r"\d(\.\d+)?e[+-]?\d")


def _missing(x) -> bool:
    if x is None:
        return True
    try:
        return bool(pd.isna(x)) or (isinstance(x, float) and math.isinf(x))
    except (TypeError, ValueError):
        return False


def _fixed(x: float, digits: int) -> str:
    text = f"{x:,.{digits}f}"
    if float(text.replace(",", "")) == 0:
        text = text.lstrip("-")  # no "-0.00"
    return text.replace("-", MINUS)


def number(x, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals (thousands separated), an integer without any."""
    if _missing(x):
        return BLANK
    if isinstance(x, numbers.Integral) and not isinstance(x, bool):
        return _fixed(int(x), 0)
    return _fixed(float(x), digits)


def percent(p, digits: int = 1) -> str:
    """A share or probability as a percentage: 0.0586 -> ``"5.9 %"``."""
    if _missing(p):
        return BLANK
    return _fixed(100 * float(p), digits) + " %"


def fraction(f) -> str:
    """An exact value as a fraction: ``Fraction(19, 27)`` -> ``"19/27"``; an integer as itself."""
    if _missing(f):
        return BLANK
    f = Fraction(f)
    text = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    return text.replace("-", MINUS)


def signed(x, digits: int = 2) -> str:
    """Coins or points with their sign, as a player reads them: ``+2`` earned, ``−2`` paid, ``0``;
    a non-integer with up to ``digits`` decimals."""
    if _missing(x):
        return BLANK
    value = Fraction(x).limit_denominator(10_000) if not isinstance(x, Fraction) else x
    if value.denominator == 1:
        text = str(abs(value.numerator))
    else:
        text = f"{abs(float(value)):.{digits}f}".rstrip("0").rstrip(".")
    return text if value == 0 else ("+" if value > 0 else MINUS) + text


def plus_minus(mean, se, digits: int = 2) -> str:
    """A mean and its standard error: ``"1.23 ± 0.05"``."""
    if _missing(mean):
        return BLANK
    if _missing(se):
        return number(mean, digits)
    return f"{number(mean, digits)} ± {number(se, digits)}"


def interval(low, high, digits: int = 0) -> str:
    """A 95 % interval of two shares: ``"41 % to 55 %"`` (in Korean ``"41 % ~ 55 %"``)."""
    if _missing(low) or _missing(high):
        return BLANK
    return glossary.term("core", "{low} to {high}", low=percent(low, digits), high=percent(high, digits))


def _formatter(spec) -> Callable:
    if callable(spec):
        return spec
    kinds = {"percent": percent, "fraction": fraction, "signed": signed, "number": number, "text": _text}
    if isinstance(spec, str) and spec in kinds:
        return kinds[spec]
    if isinstance(spec, int) and not isinstance(spec, bool):
        return lambda x: number(x, spec)
    raise ValueError(f"a column format is one of {sorted(kinds)}, a number of decimals or a function; got {spec!r}")


def _text(x) -> str:
    if _missing(x):
        return BLANK
    if isinstance(x, bool):
        return glossary.term("core", "yes" if x else "no")
    if isinstance(x, Fraction):
        return fraction(x)
    if isinstance(x, numbers.Integral):
        return number(x)
    if isinstance(x, numbers.Real):
        return number(x)
    return str(x)


def article_table(df: pd.DataFrame, *, index: str | Iterable[str] | None = None, rename: dict | None = None,
                  formats: dict | None = None, columns: Iterable[str] | None = None,
                  digits: int = 2, terms=None) -> pd.DataFrame:
    """``df`` as a reader sees it (see the module text).

    ``index``: column(s) of ``df`` to make the (named) index, looked up before renaming;
    ``columns``: the columns to show, in order (default: all), also before renaming;
    ``formats``: column -> ``"percent"``, ``"fraction"``, ``"signed"``, ``"number"``, ``"text"``,
    a number of decimals, or a function of one value; other number columns get ``digits``
    decimals, integers none, booleans "yes"/"no"; ``rename``: column -> plain-word header;
    ``terms``: the game's translator (``glossary.terms(game)``) or its name: the words of the
    table in the current language (:func:`in_language`).
    """
    formats = dict(formats or {})
    rename = dict(rename or {})
    for key in formats:
        if key not in df.columns and key not in (df.index.names or []):
            raise ValueError(f"format given for {key!r}, which is not a column; columns: {list(df.columns)}")
    out = df.copy()
    if index is not None:
        keys = [index] if isinstance(index, str) else list(index)
        missing = [k for k in keys if k not in out.columns]
        if missing:
            raise ValueError(f"index column(s) {missing} not in the table; columns: {list(out.columns)}")
        out = out.set_index(keys)
    if columns is not None:
        out = out[list(columns)]
    shown = pd.DataFrame(index=out.index)
    for col in out.columns:
        spec = formats.get(col)
        fmt = _formatter(spec) if spec is not None else (
            (lambda x: number(x, digits)) if pd.api.types.is_float_dtype(out[col]) else _text)
        shown[rename.get(col, col)] = [fmt(x) for x in out[col]]
    names = [rename.get(n, n) for n in (shown.index.names or [None])]
    if all(n is None for n in names) and isinstance(shown.index, pd.RangeIndex):
        shown.index = pd.RangeIndex(1, len(shown) + 1, name=glossary.term("core", "row"))
    else:
        shown.index = shown.index.set_names(names)
        shown.index = shown.index.map(_index_text) if shown.index.nlevels == 1 else \
            pd.MultiIndex.from_tuples([tuple(_index_text(v) for v in t) for t in shown.index], names=names)
    if terms is not None:
        shown = in_language(shown, terms)
    check_article(shown)
    return shown


#: Where a label made of several glossary words is cut to translate each ("gate → floor 1").
_JOINS = (" → ", " · ", ", ", " + ", " vs ", "; ")
_WORD = re.compile("[A-Za-z]{2}")


def in_language(table: pd.DataFrame, terms) -> pd.DataFrame:
    """``table`` (a displayed table of text) with its headers, index names and text values in
    the current language: as it is in English; in Korean, each text holding a word in Latin
    letters is looked up in the glossary of ``terms``' game (``terms``: a translator or a game name), then
    read as that game's action notation, then cut at " → ", ", ", ... into words looked up one
    by one. A text found nowhere stays English and is noted in :func:`glossary.missing`."""
    if glossary.language() != "ko":
        return table
    game = getattr(terms, "game", terms)
    word = functools.partial(_korean, game)
    out = table.copy()
    out.columns = pd.Index([word(c) for c in out.columns], name=word(out.columns.name))
    for col in out.columns:
        out[col] = [word(v) for v in out[col]]
    names = [word(n) for n in out.index.names]
    if out.index.nlevels == 1:
        out.index = out.index.map(word).set_names(names)
    else:
        out.index = pd.MultiIndex.from_tuples([tuple(word(v) for v in t) for t in out.index], names=names)
    return out


def _korean(game: str, text):
    if not isinstance(text, str) or not _WORD.search(text):  # numbers, tiles (C3), seats (P0): as they are
        return text
    found = _lookup(game, text)
    if found is not None:
        return found
    for join in _JOINS:
        parts = text.split(join)
        if len(parts) > 1:
            found = [_lookup(game, p) if _WORD.search(p) else p for p in parts]
            if all(f is not None for f in found):
                return (" 대 " if join == " vs " else join).join(found)
    return glossary.term(game, text)  # noted as missing; the English shows


def _lookup(game: str, text: str) -> str | None:
    table = glossary.glossary(game)
    if text in table:
        return table[text]
    try:
        korean = glossary.notation(game).korean(text)
    except (ImportError, AttributeError):  # "core", or a game without a Korean notation
        korean = None
    return korean if korean is not None else _from_template(game, text)


def _from_template(game: str, text: str) -> str | None:
    """``text`` read by a glossary entry with fields ("second bid {n}" reads "second bid 8"), each
    field's value a number or itself a glossary word; None if no entry reads it so."""
    for rx, korean in _templates(game):
        m = rx.fullmatch(text)
        if not m:
            continue
        values = {k: v if not _WORD.search(v) else _lookup(game, v) for k, v in m.groupdict().items()}
        if all(v is not None for v in values.values()):
            return glossary.particles(korean.format(**values))
    return None


@functools.cache
def _templates(game: str) -> list:
    found = []
    for english, korean in glossary.glossary(game).items():
        parts = re.split(r"\{(\w+)\}", english)
        if len(parts) < 3 or len(set(parts[1::2])) != len(parts[1::2]) or not all(parts[2:-1:2]) \
                or re.search(r"\{\w+:", korean) or not "".join(parts[0::2]).strip():
            continue  # no field, a repeated one, two side by side, a number format or no words: not read back
        found.append((len("".join(parts[0::2])), glossary.template_regex(english), korean))
    return [(rx, korean) for _, rx, korean in sorted(found, key=lambda t: -t[0])]


def _index_text(x):
    if isinstance(x, (str, numbers.Integral)) and not isinstance(x, bool):
        return x
    return _text(x)


def check_article(table: pd.DataFrame) -> None:
    """Raise ValueError unless ``table`` follows the style: every index level named, headers
    without underscores, no ``nan``/``inf``/``None``/scientific notation in any cell."""
    if any(n is None or str(n).strip() == "" for n in table.index.names):
        raise ValueError(f"every index level needs a plain-word name; got {list(table.index.names)}")
    for name in list(table.columns) + list(table.index.names):
        if "_" in str(name):
            raise ValueError(f"header {name!r} is a machine name: give it plain words (rename=...)")
    for col in table.columns:
        for value in table[col]:
            _check_cell(col, value)
    for value in table.index.to_flat_index():
        for part in value if isinstance(value, tuple) else (value,):
            _check_cell("index", part)


def _check_cell(col, value) -> None:
    if _missing(value):
        raise ValueError(f"column {col!r} shows a missing value; show {BLANK!r} instead")
    text = str(value)
    low = text.lower()
    if low.strip("+−- %") in ("nan", "inf", "none") or _SCIENTIFIC.search(low):
        raise ValueError(f"column {col!r} shows {text!r}: write numbers out (no NaN, inf or 1e-05)")


__all__ = ["BLANK", "MINUS", "number", "percent", "fraction", "signed", "plus_minus", "interval",
           "article_table", "in_language", "check_article"]

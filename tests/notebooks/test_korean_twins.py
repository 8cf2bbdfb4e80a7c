"""Every notebook has a Korean twin that stays in step with it (issue 27, point 1).

A twin ``01-x.ko.ipynb`` sits beside ``01-x.ipynb``. It is the same notebook for a Korean reader:

* the same code cells in the same order; only comments and the ``LANGUAGE = "en"`` line may
  differ (the twin sets ``LANGUAGE = "ko"``), so both run the same computation and the same asserts;
* its prose is Korean (each markdown cell is mostly Hangul, not English left in place);
* every number its prose states is a number the English notebook states or computes (in its prose
  or its code). The English prose's numbers are asserted by the code cells next to them, so a Korean
  number that is not in the English notebook is a number nobody asserts: the test names it.

``python scripts/twins.py sync`` copies changed code cells from each English notebook into its twin.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KOREAN = ".ko.ipynb"
LANGUAGE_LINE = re.compile(r"""^(\s*LANGUAGE\s*=\s*)["'](en|ko)["']""", re.M)
NUMBER = re.compile(r"(?<![\w.])[−-]?\d+(?:[.,]\d+)*")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def english_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts and not p.name.endswith(KOREAN))


def twin_of(path: Path) -> Path:
    return path.with_name(path.name[: -len(".ipynb")] + KOREAN)


def cells(path: Path, kind: str) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def code_without_comments(source: str) -> str:
    """The code's tokens without comments and with the language setting blanked, one line each."""
    source = LANGUAGE_LINE.sub(r'\1"<language>"', source)
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    magics = [line.strip() for line in source.splitlines() if line.lstrip().startswith(("%", "!"))]
    tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
    kept = [t.string for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                                        tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)]
    return " ".join(magics + kept)


def numbers(text: str) -> set[str]:
    return {n.replace("−", "-").lstrip("-").replace(",", "") for n in NUMBER.findall(text)}


def _rel(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).as_posix()


@pytest.mark.parametrize("english", english_notebooks(), ids=_rel)
def test_every_notebook_has_a_korean_twin(english):
    assert twin_of(english).is_file(), f"{_rel(english)} has no Korean twin {twin_of(english).name}"


def _pairs():
    return [p for p in english_notebooks() if twin_of(p).is_file()]


@pytest.mark.parametrize("english", _pairs(), ids=_rel)
def test_twin_has_the_same_code_cells(english):
    ours = [code_without_comments(c) for c in cells(english, "code")]
    theirs = [code_without_comments(c) for c in cells(twin_of(english), "code")]
    assert len(ours) == len(theirs), f"{len(ours)} code cells in English, {len(theirs)} in Korean"
    for number, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, f"code cell {number} differs: run `python scripts/twins.py sync`"


@pytest.mark.parametrize("english", _pairs(), ids=_rel)
def test_twin_runs_in_korean(english):
    settings = [LANGUAGE_LINE.search(c) for c in cells(twin_of(english), "code")]
    found = [m.group(2) for m in settings if m]
    assert found in ([], ["ko"]), f"the twin sets LANGUAGE to {found}; it must set 'ko' once"
    if any(LANGUAGE_LINE.search(c) for c in cells(english, "code")):
        assert found == ["ko"]


@pytest.mark.parametrize("english", _pairs(), ids=_rel)
def test_twin_prose_is_korean(english):
    for number, text in enumerate(cells(twin_of(english), "markdown")):
        prose = re.sub(r"`[^`]*`|\$[^$]*\$|\([^)]*\.ipynb[^)]*\)|https?://\S+", "", text)
        hangul, latin = len(HANGUL.findall(prose)), len(LATIN_WORD.findall(prose))
        assert hangul >= latin, f"markdown cell {number} reads as English ({latin} Latin words, {hangul} Hangul): {text[:80]!r}"


@pytest.mark.parametrize("english", _pairs(), ids=_rel)
def test_twin_states_only_numbers_the_english_notebook_has(english):
    known = numbers("\n".join(cells(english, "markdown") + cells(english, "code")))
    for number, text in enumerate(cells(twin_of(english), "markdown")):
        extra = sorted(numbers(text) - known)
        assert not extra, f"markdown cell {number} states {extra}, which the English notebook neither states nor asserts"


def test_the_checks_catch_a_drifted_twin(tmp_path):
    english = tmp_path / "01-x.ipynb"
    twin = twin_of(english)

    def write(path, *cells_):
        path.write_text(json.dumps({"cells": [{"cell_type": k, "source": s, "metadata": {}} for k, s in cells_]}))

    write(english, ("markdown", "Greedy wins 42 % of games."), ("code", 'LANGUAGE = "en"  # or "ko"\nx = 42'))
    write(twin, ("markdown", "탐욕 봇이 43 %를 이깁니다."), ("code", 'LANGUAGE = "ko"  # 한국어\nx = 42'))
    assert [code_without_comments(c) for c in cells(english, "code")] == \
           [code_without_comments(c) for c in cells(twin, "code")]
    assert numbers(cells(twin, "markdown")[0]) - numbers("\n".join(cells(english, "markdown"))) == {"43"}

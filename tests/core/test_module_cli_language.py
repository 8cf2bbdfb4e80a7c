"""The module command lines a user is told to run (``python -m boardlab.core.review``,
``...core.tournament``, ``...core.golden``, ``...whitecastle.odds``) write their help and usage
errors in Korean with ``--language ko`` or ``BOARDLAB_LANGUAGE=ko``, as ``boardlab`` and
``python -m boardlab.bench`` do (:mod:`boardlab.cli_language`); English stays byte for byte."""

import argparse
import contextlib
import gettext
import io
import re
import sys
from pathlib import Path

import pytest

from boardlab.core import glossary, golden, review, tournament
from boardlab.whitecastle import odds
from tests.korean_checks import english_left

GOLDEN = Path(__file__).parent / "expected" / "cli-module-help-en-py3.11.txt"  # recorded before they spoke Korean
PROGRAMS = {"review": review.main, "tournament": tournament.main, "golden": golden.main, "odds": odds.main}
#: (program, arguments): none of them does any work (help, or a refusal before it)
CASES = [("review", ["--help"]), ("review", []), ("review", ["--budget", "x"]),
         ("tournament", ["--help"]), ("tournament", []), ("tournament", ["--game", "alea", "--games", "x"]),
         ("golden", ["--help"]), ("golden", []), ("golden", ["--new", "x.json"]), ("golden", ["--check"]),
         ("golden", ["--check", "--update", "a.json"]),
         ("odds", ["--help"]), ("odds", []), ("odds", ["--write-data"])]
HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.fixture(autouse=True)
def terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("BOARDLAB_LANGUAGE", raising=False)


def run(program: str, argv: list) -> tuple:
    """(exit status, stdout, stderr) of ``python -m ... argv`` in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = PROGRAMS[program](argv)
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def transcript() -> str:
    return "".join(f"$ {program} {' '.join(argv)}\n[exit {code}]\n[stdout]\n{out}[stderr]\n{err}"
                   for program, argv in CASES for code, out, err in [run(program, argv)])


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="argparse lays out help differently in other Pythons; "
                                                              "the recorded English help is Python 3.11's")
def test_english_help_and_usage_errors_are_byte_identical_to_before():
    assert transcript() == GOLDEN.read_text(encoding="utf-8")

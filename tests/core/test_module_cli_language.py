"""The module command lines a user is told to run (``python -m boardlab.core.review``,
``...core.tournament``, ``...core.golden``, ``...whitecastle.odds``) write their help and usage
errors in Korean with ``--language ko`` or ``BOARDLAB_LANGUAGE=ko``, as ``boardlab`` and
``python -m boardlab.bench`` do (:mod:`boardlab.cli_language`); English stays byte for byte."""

import argparse
import gettext
import re
import sys
from pathlib import Path

import pytest

from boardlab.core import glossary, golden, review, tournament
from boardlab.whitecastle import odds
from tests import cli_runs
from tests.cli_runs import captured
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
    return captured(PROGRAMS[program], argv)


def transcript() -> str:
    return cli_runs.transcript(CASES, run)


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="argparse lays out help differently in other Pythons; "
                                                              "the recorded English help is Python 3.11's")
def test_english_help_and_usage_errors_are_byte_identical_to_before():
    assert transcript() == GOLDEN.read_text(encoding="utf-8")


def test_english_is_the_default_and_has_no_korean(monkeypatch):
    cli_runs.assert_english_is_the_default(CASES, run, "usage: python -m boardlab.core.golden", monkeypatch)


@pytest.mark.parametrize("program", PROGRAMS)
def test_korean_help_has_hangul_in_every_line_and_no_english_sentence(program):
    from boardlab import cli_language
    from tests.core.test_cli_help_language import prose

    code, out, err = run(program, ["--language", "ko", "--help"])
    assert code == 0 and err == ""
    assert out.startswith("사용법: python -m boardlab.") and "\n옵션:\n" in out and "이 도움말을 보여 주고 끝냅니다" in out
    lines = prose(out)
    assert len(lines) >= 3
    assert not [line for line in lines if not HANGUL.search(line)], lines
    left = [(english_left(line), line) for line in lines]
    assert not [pair for pair in left if pair[0]], left
    assert not [line for line in out.splitlines() if cli_language.columns(line) > 80]
    assert argparse._ is gettext.gettext and glossary.language() == "en"  # nothing outlives the command


@pytest.mark.parametrize("program", PROGRAMS)
def test_the_environment_gives_korean_too_and_the_option_wins(program, monkeypatch):
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "ko")
    assert run(program, ["--help"]) == run(program, ["--language", "ko", "--help"])
    assert run(program, ["--help"])[1].startswith("사용법: ")
    assert run(program, ["--help", "--language", "en"])[1].startswith("usage: ")


#: each refusal of CASES in Korean: the last line of its stderr
KOREAN_ERRORS = {
    ("review", ()): "python -m boardlab.core.review: 오류: 복기할 기록을 주거나 --example 게임을 쓰세요",
    ("review", ("--budget", "x")): "python -m boardlab.core.review: 오류: 인자 --budget: 잘못된 정수 값: 'x'",
    ("tournament", ()): "python -m boardlab.core.tournament: 오류: 다음 인자가 필요합니다: --game",
    ("tournament", ("--game", "alea", "--games", "x")):
        "python -m boardlab.core.tournament: 오류: 인자 --games: 잘못된 정수 값: 'x'",
    ("golden", ()): "python -m boardlab.core.golden: 오류: 다음 인자 중 하나가 필요합니다: --check --update --new",
    ("golden", ("--new", "x.json")): "python -m boardlab.core.golden: 오류: --new에는 --game이 필요합니다",
    ("golden", ("--check",)): "python -m boardlab.core.golden: 오류: 골든 파일을 하나 이상 주세요",
    ("golden", ("--check", "--update", "a.json")):
        "python -m boardlab.core.golden: 오류: 인자 --update: --check 인자와 함께 쓸 수 없습니다",
    ("odds", ()): "python -m boardlab.whitecastle.odds: 오류: 다음 인자가 필요합니다: --write-data",
    ("odds", ("--write-data",)): "python -m boardlab.whitecastle.odds: 오류: 인자 --write-data: 값이 하나 필요합니다",
}


def test_every_refusal_is_korean_in_korean_with_the_korean_usage():
    refusals = [(program, tuple(argv)) for program, argv in CASES if "--help" not in argv]
    assert sorted(refusals) == sorted(KOREAN_ERRORS)  # every recorded English refusal has its Korean one
    for (program, argv), expected in KOREAN_ERRORS.items():
        code, out, err = run(program, ["--language", "ko", *argv])
        assert (code, out) == (2, "") and err.startswith("사용법: python -m boardlab."), (program, argv)
        assert err.splitlines()[-1] == expected
    assert argparse._ is gettext.gettext and glossary.language() == "en"


@pytest.mark.parametrize("program", PROGRAMS)
def test_a_language_that_is_not_one_is_refused_naming_the_languages(program):
    code, _, err = run(program, ["--language", "fr", "--help"])
    assert code == 2 and f"invalid choice: 'fr' (choose from {', '.join(map(repr, glossary.LANGUAGES))})" in err


# -- bench: its language choices, the refusals after its arguments, one kind of run ----------------

def bench_run(argv):
    from boardlab import bench

    return captured(bench.main, argv)


@pytest.mark.parametrize("argv", [["--compare", "no-such-ref-anywhere"], ["--strength", "--compare", "no-such-ref-anywhere"]])
def test_bench_a_ref_that_is_no_commit_is_refused_in_the_commands_language(argv):
    from boardlab.bench import repo_root

    code, _, err = bench_run(argv)
    assert code == 2 and err.splitlines()[-1] == ("python -m boardlab.bench: error: --compare: 'no-such-ref-anywhere' "
                                                  f"is not a commit of the git repository at {repo_root()}")
    code, _, err = bench_run(["--language", "ko", *argv])
    assert code == 2 and err.splitlines()[-1] == ("python -m boardlab.bench: 오류: --compare: 'no-such-ref-anywhere'는 "
                                                  f"{repo_root()}에 있는 git 저장소의 커밋이 아닙니다")
    assert glossary.language() == "en"


def test_bench_language_choices_are_the_glossarys(monkeypatch):
    code, _, err = bench_run(["--language", "fr"])
    assert code == 2 and f"(choose from {', '.join(map(repr, glossary.LANGUAGES))})" in err
    monkeypatch.setattr(glossary, "LANGUAGES", glossary.LANGUAGES + ("xx",))
    assert bench_run(["--language", "xx", "--help"])[0] == 0  # a language the glossary gains, the option takes


@pytest.mark.parametrize("flags, kind", [
    ([], "speed"), (["--compare", "r"], "compare"), (["--strength"], "strength"), (["--strength", "--compare", "r"], "strength"),
    (["--review", "--strength", "--compare", "r"], "review"), (["--scale", "--review", "--compare", "r"], "scale")])
def test_bench_checks_exactly_the_kind_of_run_main_does(flags, kind, monkeypatch):
    """One kind of run per command line (bench.run_kind): main runs it, and only its checks refuse."""
    from boardlab import bench

    _, _, found, _ = bench._arguments(flags)
    assert found == kind
    ran = []
    for name in ("bench_scale", "bench_review", "strength", "compare", "run"):
        monkeypatch.setattr(bench, name, lambda *a, _name=name, **k: ran.append(_name) or {})
    for name in ("format_scale", "format_review", "format_strength", "format_compare", "format_report"):
        monkeypatch.setattr(bench, name, lambda report: "")
    assert bench_run(flags)[0] == 0
    assert ran == [{"scale": "bench_scale", "review": "bench_review", "speed": "run"}.get(kind, kind)]
    code, _, err = bench_run(flags + ["--workers", "0", "--rounds", "0"])
    refused = {"review": "--workers must be at least 1", "compare": "--rounds must be at least 1"}.get(kind)
    assert (code, refused and refused in err) == ((2, True) if refused else (0, None))

"""``--help`` in the command's language: ``boardlab``, its commands and ``python -m boardlab.bench``
write their help, argparse's own words and usage errors in Korean with ``--language ko`` (anywhere
on the command line) or ``BOARDLAB_LANGUAGE=ko``; English stays the default, byte for byte."""

import argparse
import gettext
import re
import sys
from pathlib import Path

import pytest

from boardlab import bench, cli_language
from boardlab.cli import main
from boardlab.core import glossary
from tests import cli_runs
from tests.cli_runs import captured
from tests.korean_checks import english_left

GOLDEN = Path(__file__).parent / "expected" / "cli-help-en-py3.11.txt"  # not a golden playthrough (those are replayed)
#: what the golden file holds: (program, arguments), as recorded from main before --help spoke Korean
CASES = [("boardlab", ["--help"]), ("boardlab", ["simulate", "--help"]), ("boardlab", ["games", "--help"]),
         ("boardlab", ["bench", "--help"]), ("bench", ["--help"]),
         ("boardlab", ["simulate", "alea", "--chance", "9", "--games", "1", "--seed", "1"]),
         ("boardlab", ["simulate", "alea"]), ("boardlab", ["nope"]),
         ("boardlab", ["simulate", "alea", "--games", "x", "--seed", "1"]),
         ("boardlab", ["games", "alea", "--frobnicate"]), ("bench", ["--seconds", "x"]), ("bench", ["--seconds", "0"])]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: an option's name (and placeholder) alone on its line, its help below
NAME_ALONE = re.compile(r"^\s+-[-\w]*( \S+)?(, -[-\w]*( \S+)?)*$")


@pytest.fixture(autouse=True)
def terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    monkeypatch.delenv("BOARDLAB_LANGUAGE", raising=False)


def run(program: str, argv: list) -> tuple:
    """(exit status, stdout, stderr) of ``boardlab argv`` or ``python -m boardlab.bench argv`` in this process."""
    return captured((main if program == "boardlab" else bench.main), argv)


def transcript() -> str:
    return cli_runs.transcript(CASES, run)


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="argparse lays out help differently in other Pythons; "
                                                              "the recorded English help is Python 3.11's")
def test_english_help_and_usage_errors_are_byte_identical_to_before():
    assert transcript() == GOLDEN.read_text(encoding="utf-8")


def test_english_is_the_default_and_has_no_korean(monkeypatch):
    cli_runs.assert_english_is_the_default(CASES, run, "usage: boardlab simulate", monkeypatch, CASES[:5])


def prose(help_text: str) -> list[str]:
    """The lines of a help text that explain something: not the usage block, not an example's
    command (an example's explanation, after two spaces, is kept), not an option's name alone."""
    lines, section = [], None
    for line in help_text.splitlines():
        if line.startswith(("사용법:", "usage:")):
            section = "usage"
        elif line in ("예:", "examples:"):
            section = "examples"
        elif not line.strip() and section == "usage":
            section = None
        if section == "usage" or not line.strip() or NAME_ALONE.match(line):
            continue
        if section == "examples" and line.startswith("  "):
            lines += re.split(r"(?<=\S)\s{2,}(?=\S)", line.strip(), maxsplit=1)[1:]  # the command stays as typed
            continue
        lines.append(line)
    return lines


KOREAN_HELP = [("boardlab", ["--language", "ko", "--help"]), ("boardlab", ["simulate", "--help", "--language", "ko"]),
               ("boardlab", ["--language=ko", "games", "--help"]), ("boardlab", ["--language", "ko", "bench", "--help"]),
               ("bench", ["--lang", "ko", "--help"])]


@pytest.mark.parametrize("program, argv", KOREAN_HELP, ids=[" ".join(a) for _, a in KOREAN_HELP])
def test_korean_help_has_hangul_in_every_line_and_no_english_sentence(program, argv):
    code, out, err = run(program, argv)
    assert code == 0 and err == ""
    assert out.startswith("사용법: ") and "\n옵션:\n" in out and "이 도움말을 보여 주고 끝냅니다" in out
    lines = prose(out)
    assert len(lines) >= 5
    assert not [line for line in lines if not HANGUL.search(line)]
    left = [(english_left(line.replace("Alea Iacta Est", "")), line) for line in lines]  # the seeds' Latin title
    assert not [pair for pair in left if pair[0]], left
    # laid out by terminal columns: nothing but an example's command passes the 80 columns
    assert not [line for line in out.splitlines() if cli_language.columns(line) > 80 and "boardlab " not in line[:12]]
    assert argparse._ is gettext.gettext and glossary.language() == "en"  # nothing outlives the command


def test_the_environment_gives_korean_help_too(monkeypatch):
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "ko")
    for program, argv in [("boardlab", ["simulate", "--help"]), ("bench", ["--help"])]:
        assert run(program, argv) == run(program, ["--language", "ko"] + argv)
        assert run(program, argv)[1].startswith("사용법: ")
    assert run("boardlab", ["--language", "en", "games", "--help"])[1].startswith("usage: ")  # the option wins


@pytest.mark.parametrize("program, argv", [("boardlab", ["simulate", "--help"]), ("bench", ["--help"])])
def test_the_help_column_is_straight_with_korean_placeholders(program, argv):
    """argparse counts a Hangul syllable as one column: the help beside ``--players 인원`` stands
    where the others do, and no short option's help is pushed below its name."""
    _, out, _ = run(program, ["--language", "ko"] + argv)
    options = out.split("\n옵션:\n")[1].split("\n\n")[0].splitlines()
    starts = set()
    for line in options:
        match = re.match(r"^(  -\S*(?: \S+)?(?:, -\S+)?  +)\S", line)
        if match:
            starts.add(cli_language.columns(match.group(1)))
    assert "  --players 인원  " in out and len(starts) == 1, starts
    assert not [line for line in options if NAME_ALONE.match(line)]


def test_a_wrong_choice_or_a_missing_option_in_korean_is_a_korean_error_naming_the_option():
    code, out, err = run("boardlab", ["simulate", "alea", "--chance", "9", "--games", "1", "--seed", "1",
                                      "--language", "ko"])
    assert code == 2 and out == "" and err.startswith("사용법: boardlab simulate ")
    assert err.endswith("boardlab simulate: 오류: 인자 --chance: 잘못된 선택 9 (다음 중에서 고르세요: 1, 2)\n")
    code, _, err = run("boardlab", ["--language", "ko", "simulate", "alea", "--policies", "greedy"])
    assert code == 2 and err.endswith("boardlab simulate: 오류: 다음 인자가 필요합니다: --games, --seed\n")
    code, _, err = run("boardlab", ["--language", "ko", "nope"])
    assert code == 2 and "boardlab: 오류: 인자 명령: 잘못된 선택 'nope' (다음 중에서 고르세요: 'simulate'" in err
    code, _, err = run("boardlab", ["--language", "ko", "simulate", "alea", "--games", "x", "--seed", "1"])
    assert code == 2 and err.endswith("오류: 인자 --games: 정수가 필요합니다. 받은 값: 'x'\n")
    code, _, err = run("bench", ["--language", "ko", "--seconds", "0"])
    assert code == 2 and err.endswith("python -m boardlab.bench: 오류: --seconds는 0보다 커야 합니다. 받은 값: 0.0\n")
    code, _, err = run("boardlab", ["--language", "ko", "bench", "--game", "nope"])
    assert code == 2 and "오류: --game에 알 수 없는 게임 'nope'; 있는 게임: whitecastle" in err
    assert argparse._ is gettext.gettext and glossary.language() == "en"


def test_the_help_says_what_the_commands_own_korean_lines_say():
    """The games and the placeholders read as the command's refusals and listing write them."""
    _, help_text, _ = run("boardlab", ["--language", "ko", "simulate", "--help"])
    _, _, refusal = run("boardlab", ["--language", "ko", "simulate", "nope", "--games", "1", "--seed", "1"])
    known = refusal.split("있는 게임: ")[1].strip()
    assert "alea(Alea Iacta Est)" in known and "whitecastle(백로성)" in known
    assert " ".join(help_text.split("다음 중 하나: ")[1].split("\n")[0:2]).split() == known.split()
    _, listing, _ = run("boardlab", ["--language", "ko", "games", "alea"])
    assert "--option 이름=값" in listing and "--option 이름=값" in help_text
    _, top, _ = run("boardlab", ["--language", "ko", "--help"])
    assert "백로성, 파이브 트라이브스, 알레아 이악타 에스트, 엘 그란데" in top


@pytest.mark.parametrize("argv, environment, language", [
    (["--language", "ko", "games"], "", "ko"), (["games", "--language=ko"], "", "ko"), (["--lang", "ko"], "", "ko"),
    (["games"], "ko", "ko"), (["--language", "en", "games"], "ko", "en"), (["--language", "fr"], "ko", "en"),
    (["--language", "ko", "simulate", "--language", "en"], "", "en"), (["simulate", "--", "--language", "ko"], "", "en"),
    (["--language"], "", "en"), (["--option", "language=ko"], "", "en")])
def test_the_language_is_read_before_argparse_reads_the_line(argv, environment, language, monkeypatch):
    monkeypatch.setenv("BOARDLAB_LANGUAGE", environment)
    assert cli_language.asked_language(argv) == language


def test_the_command_is_found_after_a_language_given_before_it():
    assert cli_language.command_at(["bench"]) == 0
    assert cli_language.command_at(["--language", "ko", "bench"]) == 2
    assert cli_language.command_at(["--language=ko", "bench"]) == 1
    assert cli_language.command_at(["--version", "bench"]) == 0


def test_korean_text_is_wrapped_and_measured_in_terminal_columns():
    assert cli_language.columns("--players 인원") == 14 and cli_language.columns("abc") == 3
    lines = cli_language.wrap("자리마다 정책 하나씩 쉼표로 나누어 (greedy,random,random), 또는 모든 자리에", 30)
    assert all(cli_language.columns(line) <= 30 for line in lines) and len(lines) == 3
    assert " ".join(lines) == "자리마다 정책 하나씩 쉼표로 나누어 (greedy,random,random), 또는 모든 자리에"

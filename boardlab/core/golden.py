"""Golden playthroughs: a recorded game in text notation with the state after each decision.

A golden file is plain text: a header (game, options, seed), the start position, then for each
decision its step, player, number of options and action, each followed by ``state.summary()``,
then the final score sheet and ranks, and last the game record as JSON. The text is always
regenerated from that record, so a test compares the committed file with what the engine says
today and any rule change that alters a game shows up as a diff that must be accepted on purpose.

A game's test::

    GOLDEN = Path(__file__).parent / "golden"

    @pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.name)
    def test_golden(path):
        check_golden(path)

Commands::

    python -m boardlab.core.golden --new tests/whitecastle/golden/3p-seed7.txt \\
        --game whitecastle --options '{"players": 3}' --seed 7      # play a random game, write it
    python -m boardlab.core.golden --update tests/whitecastle/golden/*.txt  # accept a rule change
    BOARDLAB_UPDATE_GOLDEN=1 python -m pytest tests/whitecastle           # the same, from the tests

``--update`` keeps each file's record; if a rule change makes that record illegal, make a new
game with ``--new``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from pathlib import Path

from boardlab.core.errors import RecordError
from boardlab.core.game import Game, State
from boardlab.core.record import Record, replay, start_state

UPDATE_ENV = "BOARDLAB_UPDATE_GOLDEN"
RECORD_MARKER = "record (JSON; the text above is regenerated from it)"


def golden_text(source: Record | State) -> str:
    """The golden text of a game, from its record (or from a state, through its record)."""
    record = source.record if isinstance(source, State) else source
    final = replay(record)  # refuses a tampered record with the step at fault
    game = final.game
    state = start_state(game, record)
    lines = [
        f"# boardlab golden playthrough: {record.game}",
        f"# options: {json.dumps(record.options, sort_keys=True)}",
        f"# seed: {record.seed}" + ("  (from a start position)" if record.start is not None else "")
        + (f"  (chance stream {record.chance})" if record.chance != 1 else ""),
        "# The text is regenerated from the record at the bottom; accept an intended change with",
        "#   python -m boardlab.core.golden --update <this file>",
        "",
        "start",
        _indent(state.summary()),
    ]
    for step, text in enumerate(record.actions, 1):
        player, options = state.to_move, len(state.legal_actions())
        state.apply(game.parse_action(text))
        lines += ["", f"step {step}, player {player} (choice of {options}): {text}", _indent(state.summary())]
    lines += ["", "end" if state.is_over else "unfinished", *_score_lines(state)]
    lines += ["", RECORD_MARKER, json.dumps(record.to_json(), indent=1)]
    return "\n".join(lines) + "\n"


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in str(text).splitlines() or [""])


def _score_lines(state: State) -> list[str]:
    if not state.is_over:
        return []
    sheet, ranks = state.score_sheet(), state.ranks()
    return [
        f"  player {p}: " + ", ".join(f"{k} {v}" for k, v in sheet[p].items()) + f"; rank {ranks[p]}"
        for p in sorted(sheet)
    ]


def read_record(path) -> Record:
    """The record stored at the bottom of a golden file."""
    text = Path(path).read_text(encoding="utf-8")
    _, marker, data = text.partition("\n" + RECORD_MARKER + "\n")
    if not marker:
        raise RecordError(f"{path} is not a golden file (no {RECORD_MARKER!r} line)")
    try:
        return Record.from_json(json.loads(data))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: the stored record is not valid JSON ({exc})") from exc


def write_golden(path, source: Record | State) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(golden_text(source), encoding="utf-8")


def check_golden(path, record: Record | State | None = None) -> None:
    """Compare a golden file with the game it records (or with ``record``), raising AssertionError.

    With the environment variable BOARDLAB_UPDATE_GOLDEN=1 the file is rewritten instead.
    """
    path = Path(path)
    updating = os.environ.get(UPDATE_ENV, "") not in ("", "0")
    if record is None:
        if not path.exists():
            raise AssertionError(f"golden file {path} does not exist; create it with "
                                 f"python -m boardlab.core.golden --new {path} --game NAME --options JSON --seed N")
        record = read_record(path)
    expected = golden_text(record)
    actual = path.read_text(encoding="utf-8") if path.exists() else ""
    if actual == expected:
        return
    if updating:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(expected, encoding="utf-8")
        return
    diff = list(difflib.unified_diff(actual.splitlines(), expected.splitlines(),
                                     f"{path} (committed)", "engine now", lineterm="", n=2))
    shown = "\n".join(diff[:80]) + ("\n..." if len(diff) > 80 else "")
    raise AssertionError(
        f"golden playthrough {path} no longer matches the engine.\n{shown}\n"
        f"If the change is intended: python -m boardlab.core.golden --update {path} "
        f"(or run the tests with {UPDATE_ENV}=1) and commit the file."
    )


def _new_game_record(game_name: str, options: dict, seed: int, policies: list[str] | None) -> Record:
    from boardlab.core.policies import play

    game = Game.by_name(game_name).from_options(options)
    return play(game, policies or ["random"] * game.players, seed).record


def main(argv=None) -> int:
    from boardlab import cli_language
    from boardlab.cli_language import number, say, word

    argv = list(sys.argv[1:] if argv is None else argv)
    with cli_language.commanding(argv):
        parser = argparse.ArgumentParser(
            prog="python -m boardlab.core.golden", formatter_class=cli_language.formatter(),
            description=say(__doc__.split("\n\n")[0],
                            "골든 플레이스루: 텍스트 표기로 기록한 게임과, 결정마다 그 뒤의 상태."))
        parser.add_argument("paths", nargs="*", type=Path, metavar=word(None, "파일"),
                            help=say("golden files", "골든 파일"))
        mode = parser.add_mutually_exclusive_group(required=True)
        mode.add_argument("--check", action="store_true",
                          help=say("compare each file with the engine", "파일마다 엔진과 비교합니다"))
        mode.add_argument("--update", action="store_true",
                          help=say("rewrite each file from its own record", "파일마다 그 안의 기록으로 다시 씁니다"))
        mode.add_argument("--new", type=Path, metavar=word("PATH", "파일"),
                          help=say("play a random game and write it to PATH", "무작위 게임을 하나 해서 파일에 씁니다"))
        parser.add_argument("--game", metavar=word(None, "게임"),
                            help=say("with --new: the game's name, e.g. whitecastle", "--new와 함께: 게임 이름, 예: whitecastle"))
        parser.add_argument("--options", default="{}", metavar=word(None, "옵션"),
                            help=say('with --new: the options as JSON, e.g. \'{{"players": 3}}\'',
                                     '--new와 함께: JSON으로 쓴 옵션, 예: \'{{"players": 3}}\''))
        parser.add_argument("--seed", type=number(int), default=1, metavar=word(None, "시드"),
                            help=say("with --new: the game seed", "--new와 함께: 게임의 난수 시드"))
        parser.add_argument("--policies", metavar=word(None, "정책들"),
                            help=say("with --new: comma-separated policy per seat (default random)",
                                     "--new와 함께: 자리마다 쉼표로 나눈 정책 (기본값 random)"))
        cli_language.language_option(parser)
        args = parser.parse_args(argv)
        if args.new and not args.game:
            parser.error(say("--new needs --game", "--new에는 --game이 필요합니다"))
        if not args.new and not args.paths:
            parser.error(say("name at least one golden file", "골든 파일을 하나 이상 주세요"))
    try:
        if args.new:
            policies = args.policies.split(",") if args.policies else None
            write_golden(args.new, _new_game_record(args.game, json.loads(args.options), args.seed, policies))
            print(f"wrote {args.new}")
            return 0
        failed = 0
        for path in args.paths:
            if args.update:
                try:
                    write_golden(path, read_record(path))
                except RecordError as exc:
                    raise RecordError(f"{path}: {exc}; if the rules changed, play a new game with --new") from exc
                print(f"updated {path}")
            else:
                try:
                    check_golden(path)
                    print(f"ok {path}")
                except AssertionError as exc:
                    failed += 1
                    print(exc)
        return 1 if failed else 0
    except (RecordError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

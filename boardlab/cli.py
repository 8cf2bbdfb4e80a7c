"""The command line: ``boardlab simulate``, ``boardlab games``, ``boardlab bench``.

Also ``python -m boardlab ...``. Each command refuses bad input (an unknown game, option, value
or policy) with a message naming it and what is allowed, and exit status 2.

``--language ko`` (or ``BOARDLAB_LANGUAGE=ko``; default English) gives the summaries, listings,
refusals and progress bars in Korean; each such line is written once, English and Korean side by
side (:func:`say`), and so does ``--help`` with argparse's own words: usage, headings and errors
(:mod:`boardlab.cli_language`; the language is read from the command line before argparse reads it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import textwrap

from boardlab import cli_language
from boardlab.cli_language import say, word
from boardlab.core import glossary
from boardlab.core.chance import VERSION, VERSIONS


GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
#: policy names a game may know (``game.policy``); ``boardlab games`` lists those it accepts
POLICY_NAMES = ("random", "greedy", "mcts")
#: how long --scheduler waits for the scheduler to answer
CONNECT_TIMEOUT = "10s"
#: exit status of a run stopped by Ctrl-C (its finished games are kept)
INTERRUPTED = 130

EXAMPLES = """\
examples:
  boardlab games                       the games, their options and policies
  boardlab simulate whitecastle --players 3 --policies greedy,random,random \\
      --games 100000 --seed 7 --workers 2 --out runs/wc3.parquet
  boardlab simulate whitecastle --players 3 --policies greedy,random,random \\
      --games 100000 --seed 7 --workers 2 --out runs/wc3.parquet --resume
  boardlab simulate elgrande --option edition=1995 --policies greedy --games 200 --seed 1
  boardlab simulate alea --policies greedy,random,random,random --rotate-seats --games 500 --seed 3
  boardlab simulate alea --players 2 --policies mcts:iterations=100,greedy:reroll_gain=1 --games 4 --seed 1
  boardlab simulate fivetribes --games 10000 --seed 5 --scheduler tcp://10.0.0.5:8786 --out ft.parquet
  boardlab bench --game fivetribes --seconds 5
"""
#: the examples in Korean: the commands as typed, the explanation and heading Korean
EXAMPLES_KO = EXAMPLES.replace("examples:", "예:").replace("the games, their options and policies",
                                                             "게임과 그 옵션, 정책 목록")

SIMULATE_HELP = """\
Play seeded games and print a summary per policy; with --out, keep every game in a Parquet
file as the games finish (read it with boardlab.load_runs). Ctrl-C stops the run and keeps
the finished games; the same command with --resume plays only the missing ones."""
SIMULATE_HELP_KO = (
    "시드로 정해진 게임을 하고 정책별 요약을 출력합니다. --out을 주면 게임이 끝나는 대로 모든 게임을 "
    "Parquet 파일에 남깁니다 (boardlab.load_runs로 읽으세요). Ctrl-C는 실행을 멈추고 끝난 게임을 "
    "남겨 두며, 같은 명령에 --resume을 붙이면 빠진 게임만 합니다.")


class CommandError(Exception):
    """Bad input on the command line: the message says what and what is allowed."""


def _paragraph(english: str, korean: str) -> str:
    """A description in the command's language: the English as written, the Korean broken into
    lines of 78 terminal columns (the help keeps a description's own lines)."""
    return "\n".join(cli_language.wrap(korean, 78)) if glossary.language() == "ko" else english


def _language(chosen: str | None) -> str:
    """``--language``, else ``BOARDLAB_LANGUAGE``, else English; a wrong value is refused."""
    language = chosen or os.environ.get("BOARDLAB_LANGUAGE", "").strip().lower() or "en"
    if language not in glossary.LANGUAGES:
        raise CommandError(f"BOARDLAB_LANGUAGE must be one of {', '.join(glossary.LANGUAGES)}, got {language!r}")
    return language


def _integer(text: str) -> int:
    """An integer argument; a refused one is quoted briefly (never thousands of digits)."""
    digits = text.strip().lstrip("+-")
    if digits.isdigit() and len(digits) > 30:
        raise argparse.ArgumentTypeError(say("expected an integer of sensible size, got one of {k} digits",
                                             "적당한 크기의 정수가 필요합니다. 받은 값: {k}자리 수",
                                             k=f"{len(digits):,}"))
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("expected an integer, got {got}", "정수가 필요합니다. 받은 값: {got}",
                                             got=repr(text[:40]))) from None


def _parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language set now (:func:`glossary.language`;
    for argparse's own words build it inside :func:`cli_language.speaking`)."""
    raw = cli_language.formatter(argparse.RawDescriptionHelpFormatter)
    examples = word(EXAMPLES, EXAMPLES_KO)
    parser = argparse.ArgumentParser(
        prog="boardlab", formatter_class=raw, epilog=examples,
        description=_paragraph("Simulate and measure The White Castle, Five Tribes, Alea Iacta Est and El Grande.",
                               "백로성, 파이브 트라이브스, 알레아 이악타 에스트, 엘 그란데를 시뮬레이션하고 측정합니다."))
    from boardlab import __version__

    parser.add_argument("--version", action="version", version=f"boardlab {__version__}",
                        help=say("show program's version number and exit", "프로그램의 버전을 보여 주고 끝냅니다"))
    _language_option(parser, None)
    commands = parser.add_subparsers(dest="command", metavar=word("COMMAND", "명령"), required=True)

    sim = commands.add_parser("simulate", help=say("play many seeded games (optionally into a Parquet file)",
                                                   "시드로 정해진 게임을 여러 판 합니다 (Parquet 파일에 남길 수도 있습니다)"),
                              description=_paragraph(SIMULATE_HELP, SIMULATE_HELP_KO),
                              epilog=examples, formatter_class=raw)
    sim.add_argument("game", metavar=word(None, "게임"),
                     help=say("one of: {games}", "다음 중 하나: {games}",
                              games=_names(GAMES, {g: _title(g) for g in GAMES} if glossary.language() == "ko" else None)))
    sim.add_argument("--players", type=_integer, metavar=word(None, "인원"),
                     help=say("number of players (default: the game's default)", "플레이어 수 (기본값: 게임의 기본 인원)"))
    sim.add_argument("--option", action="append", default=[], metavar=word("NAME=VALUE", "이름=값"),
                     help=say("a game option, e.g. edition=1995 or short=true (repeatable; see boardlab games)",
                              "게임 옵션, 예: edition=1995 또는 short=true (여러 번 쓸 수 있습니다. "
                              "boardlab games에서 보세요)"))
    sim.add_argument("--policies", default="random", metavar=word(None, "정책"),
                     help=say("one policy per seat, comma-separated (greedy,random,random), or one name for "
                              "every seat (default: random); parameters follow a colon: mcts:iterations=400,"
                              "horizon=20,greedy:die_cost=0.8 (an unknown one is refused, naming the accepted)",
                              "자리마다 정책 하나씩 greedy,random,random처럼 쉼표로 나누어 쓰거나, 모든 자리에 쓸 이름 하나 "
                              "(기본값: random). 매개변수는 mcts:iterations=400,horizon=20,greedy:die_cost=0.8처럼 콜론 "
                              "뒤에 씁니다 (모르는 매개변수는 거절하고, 받는 매개변수를 알려 줍니다)"))
    sim.add_argument("--games", type=_integer, required=True, metavar=word(None, "수"),
                     help=say("games to play (with --rotate-seats: deals, each played once per seat rotation)",
                              "할 게임 수 (--rotate-seats와 함께 쓰면 판 수: 판마다 자리를 돌려 가며 한 번씩 합니다)"))
    sim.add_argument("--seed", type=_integer, required=True, metavar=word(None, "시드"),
                     help=say("the run's seed: the same seed plays the same games",
                              "실행의 난수 시드: 같은 시드는 같은 게임을 합니다"))
    sim.add_argument("--workers", type=_integer, default=1, metavar=word(None, "수"),
                     help=say("local worker processes (default 1)", "이 컴퓨터의 워커 프로세스 수 (기본값 1)"))
    sim.add_argument("--out", metavar=word("PATH", "경로"),
                     help=say("Parquet file that keeps every game (e.g. runs/wc3.parquet)",
                              "모든 게임을 남기는 Parquet 파일 (예: runs/wc3.parquet)"))
    sim.add_argument("--resume", action="store_true",
                     help=say("finish the interrupted run in --out", "--out에 있는 중단된 실행을 마칩니다"))
    sim.add_argument("--repair", action="store_true",
                     help=say("with --resume: set damaged files of the run aside (as NAME.damaged) and play their "
                              "games again, keeping every intact finished game",
                              "--resume과 함께: 실행의 손상된 파일을 (이름.damaged로) 치워 두고 그 게임을 다시 하며, "
                              "손상되지 않은 끝난 게임은 모두 남깁니다"))
    sim.add_argument("--chance", type=int, choices=VERSIONS,
                     help=say("the chance stream's version (default {version}; with --resume the run's own)",
                              "난수 흐름의 버전 (기본값 {version}; --resume이면 그 실행의 버전)", version=VERSION))
    sim.add_argument("--rotate-seats", action="store_true",
                     help=say("play each deal once per seat rotation, so seat advantage cancels out",
                              "판마다 자리를 돌려 가며 한 번씩 해서 자리의 유불리가 상쇄되게 합니다"))
    sim.add_argument("--scheduler", metavar=word("ADDRESS", "주소"),
                     help=say("run the games as tasks on this dask.distributed scheduler (tcp://host:8786; "
                              "needs pip install boardlab[dask])",
                              "이 dask.distributed 스케줄러에서 게임을 태스크로 실행합니다 (tcp://host:8786; "
                              "pip install 'boardlab[dask]'로 Dask를 설치해야 합니다)"))
    sim.add_argument("--batch", type=_integer, metavar=word(None, "수"),
                     help=say("games per Dask task (default: about 8 tasks per worker thread)",
                              "Dask 태스크 하나에 담을 게임 수 (기본값: 워커 스레드마다 태스크가 8개쯤 되게)"))
    bar = sim.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help=say("always show the progress bar (default: only on a terminal)",
                              "진행 표시줄을 늘 보여 줍니다 (기본값: 터미널에서만)"))
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help=say("never show it", "진행 표시줄을 보여 주지 않습니다"))
    _language_option(sim, argparse.SUPPRESS)

    games = commands.add_parser("games", help=say("list the games, their options and policies",
                                                  "게임과 그 옵션, 정책을 나열합니다"),
                                formatter_class=cli_language.formatter())
    games.add_argument("game", nargs="?", metavar=word(None, "게임"), help=say("only this game", "이 게임만"))
    _language_option(games, argparse.SUPPRESS)

    commands.add_parser("bench", add_help=False, help=say("engine speed figures (boardlab bench --help)",
                                                          "엔진 속도 측정 (boardlab bench --help)"))
    return parser


def _language_option(parser, default) -> None:
    """``--language`` before the command or after it (a subcommand's copy keeps the first one's value)."""
    parser.add_argument("--language", choices=glossary.LANGUAGES, default=default,
                        help=say("the language of summaries, refusals and progress bars (default: "
                                 "BOARDLAB_LANGUAGE, else en)",
                                 "요약, 거절 메시지, 진행 표시줄의 언어 (기본값: BOARDLAB_LANGUAGE, 없으면 en)"))


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    at = cli_language.command_at(argv)
    if argv[at:at + 1] == ["bench"]:  # its own parser, options and --help; a --language before it goes along
        from boardlab import bench

        return bench.main(argv[:at] + argv[at + 1:])
    before = glossary.language()
    try:
        # the help and argparse's errors are written while it reads: the language is read first
        glossary.use_language(cli_language.asked_language(argv))
        with cli_language.speaking(glossary.language()):
            parser = _parser()
            args = parser.parse_args(argv)
        glossary.use_language(_language(args.language))
        if args.command == "games":
            return list_games(args.game)
        return simulate_command(args)
    except CommandError as exc:
        parser.exit(2, say("boardlab {command}: error: {exc}\n", "boardlab {command}: 오류: {exc}\n",
                           command=args.command, exc=exc))
    finally:
        glossary.use_language(before)


# -- games ---------------------------------------------------------------------------------------


def game_class(name: str):
    """The Game class of ``name``, or CommandError listing the known games."""
    from boardlab.core.game import Game

    if name not in GAMES:
        raise CommandError(say("unknown game {name}; known games: {games}", "알 수 없는 게임 {name}; 있는 게임: {games}",
                               name=repr(name), games=_names(GAMES, {g: _title(g) for g in GAMES})))
    return Game.by_name(name)


def known_policies(game) -> list[str]:
    """The names of :data:`POLICY_NAMES` this game resolves."""
    from boardlab.core.policies import resolve_policy

    names = []
    for name in POLICY_NAMES:
        try:
            resolve_policy(game, name)
        except (ValueError, ImportError):
            continue
        names.append(name)
    return names


def player_counts(cls) -> list[int]:
    counts = []
    for n in range(1, 9):
        try:
            cls(players=n)
        except (ValueError, TypeError):
            continue
        counts.append(n)
    return counts


def list_games(only: str | None = None) -> int:
    for name in [only] if only else GAMES:
        cls = game_class(name)
        game = cls()
        print(f"{name}: {_title(name)}")
        print(say("  players: {counts} (default {n})", "  인원: {counts} (기본 {n})",
                  counts=", ".join(map(str, player_counts(cls))), n=game.players))
        options = {k: v for k, v in game.options().items() if k != "players"}
        if options:
            print(say("  options (--option NAME=VALUE; default shown):", "  옵션 (--option 이름=값; 기본값을 보임):"))
            for key, value in options.items():
                print(f"    {key}={_format_value(value)}")
        print(say("  policies: {names}", "  정책: {names}", names=_names(known_policies(game))))
    return 0


def _title(name: str) -> str:
    """A game's title in the current language (the seeds' own: Alea Iacta Est keeps its Latin name)."""
    from boardlab.core.game import Game

    return glossary.term(name, Game.by_name(name).title)


def _names(names, korean: dict | None = None) -> str:
    """Names a user types, joined; in Korean each followed by its Korean (``korean``, else the core
    glossary) in brackets where it differs."""
    if glossary.language() != "ko":
        return ", ".join(names)
    korean = korean or glossary.glossary("core")
    return ", ".join(f"{n}({korean[n]})" if korean.get(n, n) != n else n for n in names)


def _format_value(value) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value)


def parse_options(cls, pairs: list[str]) -> dict:
    """``["edition=1995", "short=true"]`` -> ``{"edition": "1995", "short": True}``: each value
    read as JSON (true, 3, null, ["a"]) when it is JSON, else as text; where the option's default
    is a tuple (a list option) the value becomes a tuple: a JSON list, or a bare word or
    comma-separated words for a list of texts (``misplays=five_sets_always`` or ``misplays=a,b``)."""
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "players"}
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise CommandError(say("--option wants NAME=VALUE, got {pair}", "--option은 이름=값 형태여야 합니다. 받은 값: {pair}",
                                   pair=repr(pair)))
        if name not in fields:
            raise CommandError(say("{game} has no option {name}; its options: {options} (and --players)",
                                   "{game}에는 {name} 옵션이 없습니다. 옵션: {options_ko} (그리고 --players)",
                                   game=cls.name, name=repr(name), options=", ".join(fields) or "none",
                                   options_ko=", ".join(fields) or "없음"))
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text
        if isinstance(fields[name].default, str) and not isinstance(value, str):
            value = text  # edition=1995 is the text "1995"
        if isinstance(fields[name].default, tuple):
            value = _as_list(name, text, value)
        options[name] = value
    return options


def _as_list(name: str, text: str, value) -> tuple:
    """A list option's value as a tuple (see :func:`parse_options`), or a refusal naming the forms."""
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, str) and text.strip():
        return tuple(w.strip() for w in text.split(",") if w.strip())
    if value is None or text.strip() == "":
        return ()
    raise CommandError(say("--option {name} takes a list: a word ({name}=five_sets_always), words separated by "
                           "commas ({name}=a,b) or a JSON list ({name}='[\"a\", \"b\"]'); got {text}",
                           "--option {name}에는 목록을 줄 수 있습니다: 낱말 하나 ({name}=five_sets_always), 쉼표로 나눈 낱말 "
                           "({name}=a,b) 또는 JSON 목록 ({name}='[\"a\", \"b\"]'). 받은 값: {text}",
                           name=name, text=repr(text)))


def make_game(name: str, players: int | None, option_pairs: list[str]):
    cls = game_class(name)
    options = parse_options(cls, option_pairs)
    if players is not None:
        options["players"] = players
    try:
        return cls(**options)
    except (ValueError, TypeError) as exc:
        raise CommandError(str(exc)) from None


def parse_policies(game, text: str) -> list[str]:
    """One policy spec per seat from ``--policies``: names separated by commas, each with its
    parameters after a colon (``mcts:iterations=400,horizon=20,greedy``: an item NAME=VALUE
    without a colon belongs to the policy before it)."""
    from boardlab.core.policies import parse_spec

    specs = []
    for item in (p.strip() for p in text.split(",")):
        if "=" in item and ":" not in item and specs:
            specs[-1] += f",{item}"
        else:
            specs.append(item)
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise CommandError(say("{game} with {n} players needs {n} policies (one per seat, or one name for all); "
                               "got {k}: {text}",
                               "{n}인 {game}에는 정책이 {n}개 필요합니다 (자리마다 하나, 또는 모두에 이름 하나). "
                               "받은 것 {k}개: {text}", game=game.name, n=game.players, k=len(specs), text=repr(text)))
    known = known_policies(game)
    for spec in dict.fromkeys(specs):
        try:
            name, params = parse_spec(spec)
            if name not in known:
                raise CommandError(say("unknown policy {name} for {game}; known: {known}",
                                       "{game}에 없는 정책 {name}; 아는 정책: {known}",
                                       name=repr(name), game=game.name, known=_names(known)))
            game.policy(name, **params)
        except ValueError as exc:
            raise CommandError(f"--policies {spec}: {exc}") from None
    return specs


# -- simulate ------------------------------------------------------------------------------------


def _client(address: str):
    try:
        from distributed import Client
    except ImportError:
        raise CommandError(say("--scheduler needs Dask: pip install 'boardlab[dask]'",
                               "--scheduler에는 Dask가 필요합니다: pip install 'boardlab[dask]'")) from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise CommandError(say("cannot reach the Dask scheduler at {address}: {exc}",
                               "{address}의 Dask 스케줄러에 연결할 수 없습니다: {exc}", address=address, exc=exc)) from None


def simulate_command(args) -> int:
    game = make_game(args.game, args.players, args.option)
    policies = parse_policies(game, args.policies)
    if args.resume and not args.out:
        raise CommandError(say("--resume finishes the run in --out PATH: give --out",
                               "--resume은 --out 경로의 실행을 마칩니다: --out을 주세요"))
    if args.repair and not args.resume:
        raise CommandError(say("--repair mends a run to resume it: add --resume (and --out PATH)",
                               "--repair는 이어서 실행하려고 실행 파일을 고칩니다: --resume (그리고 --out 경로)을 붙이세요"))
    for label, value in (("--games", args.games), ("--workers", args.workers), ("--batch", args.batch)):
        if value is not None and value < 1:
            raise CommandError(say("{label} must be at least 1, got {value}", "{label}의 값은 1 이상이어야 합니다. 받은 값: {value}",
                                   label=label, value=value))
    from boardlab.core.runs import MOST_GAMES

    if args.games > MOST_GAMES:
        raise CommandError(say("--games must be at most {most} (years of play), got {got}",
                               "--games는 {most} 이하여야 합니다 (몇 년 걸릴 양). 받은 값: {got}",
                               most=f"{MOST_GAMES:,}", got=_number(args.games)))
    if not 0 <= args.seed < 2**64:
        raise CommandError(say("--seed must be from 0 to 2**64 - 1, got {got}",
                               "--seed는 0부터 2**64 - 1까지여야 합니다. 받은 값: {got}", got=_number(args.seed)))
    if args.scheduler and args.workers != 1:
        raise CommandError(say("--workers is for local processes; with --scheduler the cluster's workers play",
                               "--workers는 이 컴퓨터의 프로세스 수입니다. --scheduler를 쓰면 클러스터의 워커가 게임을 합니다"))
    run = dict(workers=args.workers, rotate_seats=args.rotate_seats, progress=args.progress, batch=args.batch)
    client = _client(args.scheduler) if args.scheduler else None
    if client is not None:
        run.update(backend="dask", client=client)
    try:
        if args.out:
            from boardlab.core.runs import DamagedRun, MetadataMismatch, load_runs, write_run

            try:
                write_run(game, policies, args.games, args.seed, args.out, resume=args.resume,
                          repair=args.repair, chance=args.chance, **run)
                df = load_runs(args.out)
            except (FileExistsError, MetadataMismatch, DamagedRun) as exc:
                raise CommandError(str(exc)) from None
            except OSError as exc:  # a folder that cannot be written, a full disk
                raise CommandError(say("--out {out}: cannot write {file} ({why}); choose a folder you can write to",
                                       "--out {out}: {file}에 쓸 수 없습니다 ({why}). 쓸 수 있는 폴더를 고르세요",
                                       out=args.out, file=exc.filename or args.out, why=exc.strerror or exc)) from None
        else:
            from boardlab.core.simulate import simulate

            df = simulate(game, policies, args.games, args.seed, chance=args.chance or VERSION, **run)
    finally:
        if client is not None:
            client.close()
    print(summary(df, args.out))
    return INTERRUPTED if df.attrs["partial"] else 0


def _number(value: int) -> str:
    """An integer for a message: a huge one by its size, never Python's integer-limit text."""
    if abs(value) < 10**30:
        return f"{value:,}"
    digits = len(str(abs(value))) if abs(value) < 10**4000 else None
    if digits is None:
        return say("a number of thousands of digits", "수천 자리 수")
    return say("a number of {k} digits", "{k}자리 수", k=digits)


#: the summary table's column names in Korean
SUMMARY_KO = {"policy": "정책", "seats": "자리 수", "deals": "판 수", "mean_total": "평균 총점",
              "se_total": "총점 표준오차", "win_rate": "승률", "se_win_rate": "승률 표준오차"}


def summary(df, out: str | None) -> str:
    """A few lines: what was played, where it is, and each policy's mean score and win rate
    (a tie shares the win: 1/k each), with standard errors clustered by deal (the games of one
    deal share its dice and, with seats rotated, replay each other)."""
    from boardlab.core.stats import clustered_mean_se

    a = df.attrs
    lines = [say("{game} · {n} players · seed {seed} · {done} of {asked} games", "{game} · {n}인 · 난수 시드 {seed} · "
                 "{asked}게임 중 {done}게임", game=a["game"], n=a["options"]["players"], seed=a["seed"],
                 done=f"{a['games_finished']:,}", asked=f"{a['games_requested']:,}")
             + (say(" (seats rotated)", " (자리 돌림)") if a.get("rotate_seats") else "")]
    if out:
        lines.append(say("saved in {out} (read it with boardlab.load_runs)",
                         "{out}에 저장했습니다 (boardlab.load_runs로 읽으세요)", out=out))
    if a["partial"]:
        lines.append(say("stopped before the end: the finished games are kept", "끝나기 전에 멈췄습니다: 끝난 게임은 남겨 둡니다")
                     + (say("; the same command with --resume plays the rest",
                            "; 같은 명령에 --resume을 붙이면 나머지를 합니다") if out else ""))
    if len(df):
        rows = {}
        for policy, g in df.groupby("policy", sort=False):
            total, total_se = clustered_mean_se(g["total"], g["deal"])
            win, win_se = clustered_mean_se(g["win_share"], g["deal"])
            rows[policy] = {"seats": len(g), "deals": g["deal"].nunique(), "mean_total": total, "se_total": total_se,
                            "win_rate": win, "se_win_rate": win_se}
        import pandas as pd

        table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("policy")
        if glossary.language() == "ko":
            table = table.rename(columns=SUMMARY_KO).rename_axis(SUMMARY_KO["policy"])
        lines.append(textwrap.indent(table.to_string(float_format=lambda x: f"{x:.3f}"), "  "))
        lines.append(say("  (win rate: a tie shares the win, 1/k each; se: standard errors clustered by deal)",
                         "  (승률: 동점이면 승리를 1/k씩 나눔; 표준오차: 판별로 묶어 계산)"))
    return "\n".join(lines)


__all__ = ["main", "CommandError", "parse_options", "parse_policies", "make_game", "summary"]

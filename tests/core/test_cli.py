"""The command line: boardlab simulate | games | bench, its refusals and its help."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pandas as pd
import pytest

from boardlab import alea, load_runs, simulate, whitecastle
from boardlab import cli
from boardlab.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    """(exit status, stdout, stderr) of ``boardlab *argv`` run in this process."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_console_script_and_python_m_boardlab_are_declared_and_run():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"boardlab": "boardlab.cli:main"}
    done = subprocess.run([sys.executable, "-m", "boardlab", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    for command in ("simulate", "games", "bench"):
        assert command in done.stdout
    assert "examples:" in done.stdout and "--out runs/wc3.parquet" in done.stdout


def test_simulate_help_shows_every_option_and_examples(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    for option in ("--players", "--option", "--policies", "--games", "--seed", "--workers", "--out", "--resume",
                   "--rotate-seats", "--scheduler", "--batch", "--no-progress"):
        assert option in out
    assert "boardlab simulate whitecastle --players 3 --policies greedy,random,random" in out


def test_games_lists_each_game_with_its_options_and_policies(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    for title in ("The White Castle", "Five Tribes", "Alea Iacta Est", "El Grande"):
        assert title in out
    assert 'edition="2023"' in out and "lone_die_is_left=true" in out
    assert out.count("policies: random, greedy") >= 4
    code, out, _ = run(capsys, "games", "alea")
    assert code == 0 and out.startswith("alea: Alea Iacta Est") and "players: 2, 3, 4, 5 (default 4)" in out


def test_simulate_prints_a_summary_of_the_same_games_as_simulate(capsys):
    code, out, err = run(capsys, "simulate", "whitecastle", "--players", "3", "--policies", "greedy,random,random",
                         "--games", "3", "--seed", "7", "--no-progress")
    assert code == 0 and err == ""
    df = simulate(whitecastle.Game(players=3), ["greedy", "random", "random"], 3, 7)
    greedy = df[df.policy == "greedy"]
    assert "whitecastle · 3 players · seed 7 · 3 of 3 games" in out
    assert f"{greedy.total.mean():.3f}" in out and f"{greedy.winner.mean():.3f}" in out


def test_out_writes_the_run_and_resume_finishes_it(capsys, tmp_path):
    path = tmp_path / "runs" / "alea.parquet"
    args = ["simulate", "alea", "--players", "2", "--option", "tie_rule=earliest", "--policies", "greedy",
            "--games", "4", "--seed", "3", "--out", str(path), "--no-progress"]
    code, out, _ = run(capsys, *args)
    assert code == 0 and f"saved in {path}" in out
    expected = simulate(alea.Game(players=2, tie_rule="earliest"), ["greedy", "greedy"], 4, 3)
    pd.testing.assert_frame_equal(load_runs(path), expected)
    code, _, err = run(capsys, *args)
    assert code == 2 and "already holds a run (4 of 4 games): add --resume" in err
    code, _, _ = run(capsys, *args, "--resume")
    assert code == 0
    code, _, err = run(capsys, *args[:-4], "4", "--out", str(path), "--resume")  # seed 4 instead of 3
    assert code == 2 and "seed: the file has 3, this run asks 4" in err


def test_rotate_seats_plays_every_deal_from_every_seat(capsys, tmp_path):
    path = tmp_path / "rot.parquet"
    code, out, _ = run(capsys, "simulate", "alea", "--players", "2", "--policies", "greedy,random", "--rotate-seats",
                       "--games", "2", "--seed", "1", "--out", str(path))
    assert code == 0 and "4 of 4 games (seats rotated)" in out
    df = load_runs(path)
    assert df.groupby("game_seed").policy.apply(list).tolist() == [["greedy", "random", "random", "greedy"]] * 2


@pytest.mark.parametrize("argv, message", [
    (["simulate", "chess", "--games", "1", "--seed", "1"],
     "unknown game 'chess'; known games: whitecastle, fivetribes, alea, elgrande"),
    (["simulate", "elgrande", "--option", "editon=1995", "--games", "1", "--seed", "1"],
     "elgrande has no option 'editon'; its options: edition, short"),
    (["simulate", "elgrande", "--option", "edition=1996", "--games", "1", "--seed", "1"],
     "edition must be one of '2023', 'bigbox', '1995'; got '1996'"),
    (["simulate", "elgrande", "--option", "edition", "--games", "1", "--seed", "1"],
     "--option wants NAME=VALUE, got 'edition'"),
    (["simulate", "whitecastle", "--players", "9", "--games", "1", "--seed", "1"], "players"),
    (["simulate", "whitecastle", "--players", "2", "--policies", "greedy,smart", "--games", "1", "--seed", "1"],
     "unknown policy 'smart' for whitecastle; known: random, greedy"),
    (["simulate", "whitecastle", "--players", "2", "--policies", "greedy,random,random", "--games", "1", "--seed", "1"],
     "whitecastle with 2 players needs 2 policies (one per seat, or one name for all); got 3"),
    (["simulate", "whitecastle", "--games", "0", "--seed", "1"], "--games must be at least 1, got 0"),
    (["simulate", "whitecastle", "--games", "1", "--seed", "-1"], "--seed must be from 0 to 2**64 - 1, got -1"),
    # issue 22: list options of wrong shapes, huge numbers, files that are no card table
    (["simulate", "alea", "--option", 'misplays=[["x"]]', "--games", "1", "--seed", "1"],
     "misplays: unknown misplay ['x']; each must be a name from"),
    (["simulate", "alea", "--option", 'misplays={"a": 1}', "--games", "1", "--seed", "1"],
     "--option misplays takes a list: a word (misplays=five_sets_always)"),
    (["simulate", "whitecastle", "--players", "1", "--option", "solo_cards=[[1]]", "--games", "1", "--seed", "1"],
     "solo_cards: expected 3 to 60 cards"),
    (["simulate", "whitecastle", "--players", "1", "--option", "solo_cards=/dev/zero", "--games", "1", "--seed", "1"],
     "solo_cards: '/dev/zero' is not a regular file"),
    (["simulate", "alea", "--games", "9" * 40, "--seed", "1"], "--games: expected an integer of sensible size"),
    (["simulate", "alea", "--games", "9" * 20, "--seed", "1"], "--games must be at most 10,000,000,000"),
    (["simulate", "alea", "--games", "1", "--seed", "9" * 5000], "--seed: expected an integer of sensible size, "
                                                                  "got one of 5,000 digits"),
    (["simulate", "alea", "--games", "1", "--seed", str(2**64)], "--seed must be from 0 to 2**64 - 1"),
    (["simulate", "alea", "--games", "1", "--seed", "1", "--repair"], "--repair mends a run to resume it"),
    (["bench", "--game", "chess"], "unknown game 'chess' for --game; known: whitecastle"),
    (["simulate", "whitecastle", "--games", "1", "--seed", "1", "--resume"], "--resume finishes the run in --out"),
    (["simulate", "whitecastle", "--games", "1", "--seed", "1", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"],
     "--workers is for local processes"),
    (["games", "go"], "unknown game 'go'"),
])
def test_bad_input_is_refused_with_a_message_naming_it(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err) < 2000
    prog = "python -m boardlab.bench" if argv[0] == "bench" else f"boardlab {argv[0]}"
    assert err.splitlines()[-1].startswith(f"{prog}: error:")


@pytest.mark.parametrize("where", ["read-only folder", "parent is a file"])
def test_an_out_that_cannot_be_written_exits_2_naming_the_path_and_the_reason(capsys, tmp_path, monkeypatch, where):
    """(issue 22) Refused before any game is played, with no traceback. Root may write anywhere, so
    the read-only folder is the refusal the system gives a user (PermissionError on mkdir)."""
    if where == "read-only folder":
        out = tmp_path / "locked" / "runs" / "x.parquet"

        def refuse(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "mkdir", refuse)
        reason = "Permission denied"
    else:
        (tmp_path / "afile").write_text("")
        out = tmp_path / "afile" / "x.parquet"
        reason = "Not a directory"
    code, printed, err = run(capsys, "simulate", "alea", "--games", "2", "--seed", "1", "--out", str(out))
    assert code == 2 and printed == "" and "Traceback" not in err
    assert f"--out {out}: cannot write" in err and reason in err


def test_an_unreachable_scheduler_is_refused_with_its_address(capsys, monkeypatch):
    monkeypatch.setattr(cli, "CONNECT_TIMEOUT", "1s")
    code, _, err = run(capsys, "simulate", "whitecastle", "--games", "1", "--seed", "1",
                       "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


def test_bench_is_the_benchmark_command(capsys):
    code, out, _ = run(capsys, "bench", "--game", "whitecastle", "--players", "2", "--seconds", "0.05",
                       "--no-kernels", "--json")
    assert code == 0
    [result] = json.loads(out)["results"]
    assert result["game"] == "whitecastle" and result["players"] == 2 and result["games"] >= 1
    code, out, _ = run(capsys, "bench", "--help")
    assert code == 0 and "--seconds" in out


def test_progress_is_quiet_in_a_pipe_and_shown_when_asked():
    command = [sys.executable, "-m", "boardlab", "simulate", "whitecastle", "--games", "3", "--seed", "2"]
    quiet = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == ""
    shown = subprocess.run(command + ["--progress"], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0 and "3/3" in shown.stderr and "game" in shown.stderr
    assert shown.stdout == quiet.stdout


def test_a_list_option_takes_a_bare_word_words_or_json_and_names_the_forms_when_it_refuses(capsys):
    for text, expected in (("five_sets_always", ("five_sets_always",)),
                           ("five_sets_always,set_ends_at_once", ("five_sets_always", "set_ends_at_once")),
                           ('["five_sets_always"]', ("five_sets_always",)), ("", ())):
        assert cli.parse_options(alea.Game, [f"misplays={text}"]) == {"misplays": expected}
    code, _, err = run(capsys, "simulate", "alea", "--option", "misplays=3", "--games", "1", "--seed", "1")
    assert code == 2 and "--option misplays takes a list: a word (misplays=five_sets_always)" in err


def test_the_summary_shares_tied_wins_and_clusters_its_errors_by_deal(capsys):
    # identical greedy seats rotated: each deal replays one game four times, so the win rate is
    # exactly the fair share and its error 0 (row by row it would count ties as wins and shrink the error)
    code, out, _ = run(capsys, "simulate", "alea", "--players", "4", "--policies", "greedy", "--rotate-seats",
                       "--games", "3", "--seed", "5")
    row = next(line.split() for line in out.splitlines() if line.strip().startswith("greedy"))
    seats, deals, _, _, win_rate, win_se = row[1:]
    assert (seats, deals, win_rate, win_se) == ("48", "3", "0.250", "0.000")
    assert "a tie shares the win" in out


def test_in_korean_the_listing_summary_progress_and_refusals_have_no_english_sentence(capsys, monkeypatch):
    """Issue 27 point 4: ``--language ko`` (or BOARDLAB_LANGUAGE=ko) gives the command's lines in
    Korean; the names a user types (games, options, policies) stay, glossed in Korean; the game
    titles are the seeds' own (Alea Iacta Est keeps its Latin name). English stays the default."""
    from boardlab.core import glossary
    from tests.korean_checks import english_left

    monkeypatch.delenv("BOARDLAB_LANGUAGE", raising=False)
    shown = []
    code, out, _ = run(capsys, "--language", "ko", "games")
    assert code == 0 and "whitecastle: 백로성" in out and "정책: random(무작위), greedy(탐욕), mcts(MCTS)" in out
    shown.append(out)
    code, out, err = run(capsys, "simulate", "alea", "--language", "ko", "--players", "2", "--policies", "greedy,random",
                         "--games", "2", "--seed", "1", "--rotate-seats", "--progress")
    assert code == 0 and out.startswith("alea · 2인 · 난수 시드 1 · 4게임 중 4게임 (자리 돌림)")
    assert "평균 총점" in out and "시뮬레이션" in err and "4/4" in err
    shown += [out, err]
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "ko")
    for argv in (["simulate", "alea", "--games", "0", "--seed", "1"], ["simulate", "nope", "--games", "1", "--seed", "1"],
                 ["simulate", "alea", "--option", "x=1", "--games", "1", "--seed", "1"],
                 ["simulate", "alea", "--policies", "nope", "--games", "1", "--seed", "1"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.startswith("boardlab simulate: 오류: ") and out == ""
        shown.append(err)
    shown = [text.replace("Alea Iacta Est", "") for text in shown]
    left = [(english_left(text), text) for text in shown if english_left(text)]
    assert not left, left
    assert glossary.language() == "en"  # the command's language does not outlive it
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "fr")
    code, _, err = run(capsys, "games", "alea")
    assert code == 2 and "BOARDLAB_LANGUAGE must be one of en, ko, got 'fr'" in err
    code, out, _ = run(capsys, "--language", "en", "games", "alea")
    assert code == 0 and "players: 2, 3, 4, 5 (default 4)" in out

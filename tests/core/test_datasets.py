"""The shipped runs under data/ (made by the command line) and the seat-by-seat view the outcome
notebooks build on them: each file is the run its data/README.md command makes, and a notebook
falls back to a small live run when the file is absent or is not the run asked for."""

import importlib
import re
import shlex

import pandas as pd
import pytest

from boardlab.cli import _parser, make_game, parse_policies
from boardlab.core import datasets as D
from boardlab.core.chance import VERSION
from boardlab.core.runs import game_of, load_runs, read_run_info
from boardlab.core.simulate import simulate
from toygame import ToyRace

README = D.DATA / "README.md"
LESSONS = {"whitecastle": "boardlab.whitecastle.lessons.outcome_distributions",
           "fivetribes": "boardlab.fivetribes.lessons.outcome_distributions",
           "alea": "boardlab.alea.lessons.outcome_distributions",
           "elgrande": "boardlab.elgrande.lessons.editions_side_by_side"}


def shipped_commands() -> dict:
    """{file under data/: its command line} from the table in data/README.md."""
    rows = re.findall(r"^\| `([\w/.-]+\.parquet)` \| `(boardlab simulate [^`]+)` \|", README.read_text(encoding="utf-8"),
                      flags=re.M)
    return dict(rows)


def test_every_shipped_run_is_listed_with_its_command_and_small():
    commands = shipped_commands()
    files = sorted(p.relative_to(D.DATA).as_posix() for p in D.DATA.glob("*/*.parquet"))
    assert files == sorted(commands) and len(files) == 4
    for name in files:
        assert (D.DATA / name).stat().st_size < 2_000_000, name


@pytest.mark.parametrize("name", sorted(shipped_commands()))
def test_a_shipped_run_is_the_run_its_command_makes(name):
    args = _parser().parse_args(shlex.split(shipped_commands()[name])[1:])
    assert args.out == f"data/{name}" and args.rotate_seats
    game = make_game(args.game, args.players, args.option)
    policies = parse_policies(game, args.policies)
    info = read_run_info(D.DATA / name)
    assert info["partial"] is False and info["games_finished"] == args.games * game.players
    assert (info["game"], info["seed"], info["policies"], info["games"]) == (game.name, args.seed, policies, args.games)
    assert game_of(info) == game
    df = load_runs(D.DATA / name)
    # stream 1: files saved before stream 2 carry no `chance` (read as 1), later rebuilds record chance 1
    assert info.get("chance", 1) == 1 and df.attrs["chance"] == args.chance == 1
    first_deal = simulate(game, policies, 1, args.seed, rotate_seats=True, chance=1)  # replayed now: the same games
    pd.testing.assert_frame_equal(df[df.game_id < game.players].reset_index(drop=True), first_deal)


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_each_outcome_lesson_reads_its_shipped_run_by_default(game):
    lesson = importlib.import_module(LESSONS[game])
    run = lesson.seat_run()
    assert run.attrs["source"] == "dataset" and run.attrs["policies"] == list(lesson.SEAT_POLICIES)
    summary = lesson.seat_run_table(run)
    assert set(summary["seat"]) == {*range(len(lesson.SEAT_POLICIES)), "all"}
    assert "shipped dataset seats-" in lesson.seat_run_figure(run).texts[-1].get_text()


def test_other_seats_or_no_file_give_a_small_live_run(tmp_path):
    lesson = importlib.import_module(LESSONS["elgrande"])
    other = lesson.seat_run(["greedy", "random", "random", "random"], live_games=2)
    assert other.attrs["source"] == "live" and other.attrs["games_finished"] == 2 * 4
    missing = lesson.seat_run(path=tmp_path / "absent.parquet", live_games=2)
    assert missing.attrs["source"] == "live" and missing.attrs["chance"] == VERSION
    # the same run as the shipped one, played with the current chance stream (the file's: 1)
    shipped = lesson.seat_run()
    again = simulate(game_of(shipped.attrs), list(lesson.SEAT_POLICIES), 2, shipped.attrs["seed"], rotate_seats=True)
    pd.testing.assert_frame_equal(missing, again)
    replayed = simulate(game_of(shipped.attrs), list(lesson.SEAT_POLICIES), 2, shipped.attrs["seed"], rotate_seats=True,
                        chance=1)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), shipped.query("game_id < 8").reset_index(drop=True),
                                  check_like=False)
    assert "live run" in lesson.seat_run_figure(missing).texts[-1].get_text()


def test_one_policy_in_every_seat_is_not_rotated():
    game = ToyRace(players=3)
    assert not D.rotates(game, ["random"] * 3) and D.rotates(game, ["random", "cautious", "random"])
    run = D.load_or_play("absent.parquet", game, ["random"] * 3, 1, live_games=4)
    assert run.attrs["games_finished"] == 4 and "rotate_seats" not in run.attrs


def test_the_seat_summary_counts_each_policy_in_each_seat():
    run = D.load_or_play("absent.parquet", ToyRace(players=3), ["random", "cautious", "random"], 2, live_games=30)
    summary = D.seat_summary(run).set_index(["policy", "seat"])
    cautious = run[run.policy == "cautious"]
    for seat in range(3):
        row, games = summary.loc[("cautious", seat)], cautious[cautious.seat == seat]
        assert row["games"] == 30 and row["wins"] == games.win_share.sum()  # a tie shares the win
        assert row["lo"] <= row["win rate"] <= row["hi"] and row["mean total"] == games.total.mean()
    assert summary.loc[("random", "all"), "games"] == 30 * 3 * 2  # 30 deals, 3 rotations, 2 random seats and summary["fair share"].eq(1 / 3).all()
    view = D.seat_view(D.seat_summary(run))
    assert list(view.columns) == ["games", "wins", "win rate", "95 % interval", "mean total ± se"]


def test_seat_runs_refuse_a_policy_that_is_not_a_name():
    with pytest.raises(ValueError, match="policies must be a list of policy names"):
        D.seat_run(ToyRace(players=2), "random", 1, 2)

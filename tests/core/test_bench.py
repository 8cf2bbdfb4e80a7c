"""python -m boardlab.bench: runs on a tiny budget, filters, JSON output, kernels, missing games."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab import bench
from toygame import ToyRace

REPO = Path(__file__).resolve().parents[2]


def test_player_counts_come_from_the_games_own_validation():
    assert bench.player_counts(ToyRace) == [2, 3, 4]


def test_bench_games_counts_whole_games_and_decisions():
    result = bench.bench_games(ToyRace(players=2), seconds=0.02)
    assert result["games"] >= 1 and result["decisions"] >= result["games"]
    assert result["games_per_second"] > 0 and result["decisions_per_game"] > 1


def test_json_report_for_one_game_and_player_count(capsys):
    assert bench.main(["--game", "toyrace", "--players", "3", "--seconds", "0.02", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(r["game"], r["players"]) for r in report["results"]] == [("toyrace", 3)]
    assert [k["kernel"] for k in report["kernels"]] == ["roll 100 dice"]
    assert report["kernels"][0]["runs"] >= bench.KERNEL_MIN_RUNS and report["kernels"][0]["median_ms"] > 0


def test_table_lists_every_player_count_and_refuses_unknown_games(capsys):
    bench.main(["--game", "toyrace", "--seconds", "0.01", "--no-kernels"])
    out = capsys.readouterr().out
    assert "games/s" in out and "decisions/s" in out
    assert [line.split()[1] for line in out.splitlines() if line.startswith("toyrace")] == ["2", "3", "4"]
    with pytest.raises(SystemExit) as refused:  # issue 22: a typo exited 0 after "skipped"
        bench.main(["--game", "toyrace", "--game", "no_such_game", "--seconds", "0.01"])
    assert refused.value.code == 2
    assert "unknown game 'no_such_game' for --game; known: whitecastle" in capsys.readouterr().err


def test_the_module_runs_as_a_command():
    done = subprocess.run([sys.executable, "-m", "boardlab.bench", "--seconds", "0.01", "--json"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    names = {r["game"] for r in report["results"]} | {s["game"] for s in report["skipped"]}
    assert names == set(bench.GAMES)


def test_compare_runs_this_tree_and_a_git_ref_on_the_same_seeds(capsys):
    assert bench.main(["--compare", "HEAD", "--game", "elgrande", "--players", "3",
                       "--seconds", "0.2", "--rounds", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    [result] = report["results"]
    assert (result["game"], result["players"], report["rounds"]) == ("elgrande", 3, 2)
    assert result["same_games"] and result["decisions"] > 0 and result["copies"] > 0
    for ratio in (result["playout_ratio"], result["copy_ratio"]):
        assert len(ratio["rounds"]) == 2 and 0 < ratio["min"] <= ratio["median"] <= ratio["max"]
    assert report["ref_commit"].split()[0] in subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True).stdout


def test_compare_refuses_a_ref_that_is_not_a_commit(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--compare", "no-such-ref-anywhere", "--seconds", "0.1"])
    assert "'no-such-ref-anywhere' is not a commit" in capsys.readouterr().err


def test_strength_reports_mcts_win_rate_with_its_interval_and_cpu_per_decision(monkeypatch, capsys):
    # rows as duel_games gives them: [mcts win share, CPU seconds, mcts decisions, mcts total, greedy total]
    rows = [[1.0, 0.2, 10, 50, 40], [0.5, 0.3, 10, 45, 45], [0.0, 0.1, 10, 30, 41], [1.0, 0.2, 10, 60, 33]]
    monkeypatch.setattr(bench, "duel_games", lambda name, seeds: rows[:len(seeds)])
    assert bench.main(["--strength", "--game", "elgrande", "--games", "4", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)["this"]["elgrande"]
    assert (r["games"], r["mcts_wins"], r["win_rate"]) == (4, 2.5, 0.625)
    assert (r["ci_low"], r["ci_high"]) == pytest.approx(bench_wilson(2.5, 4))
    assert r["ms_per_decision"] == pytest.approx(1000 * 0.8 / 40)
    assert r["win_rate_per_second"] == pytest.approx(0.625 / 0.02)
    assert (r["mcts_mean_score"], r["greedy_mean_score"]) == (46.25, 39.75)
    assert bench.main(["--strength", "--game", "elgrande", "--games", "4"]) == 0
    assert "62.5 % (" in capsys.readouterr().out


def bench_wilson(wins, n):
    from boardlab.core.stats import wilson_interval

    return wilson_interval(wins, n)


def test_strength_plays_real_games_on_this_tree_and_a_git_ref(capsys):
    """One El Grande game per tree (the worker runs the same source in each): the same seed gives
    the same game where the two trees' bots are the same (HEAD against this checkout)."""
    report = bench.strength(["elgrande"], count=1, seed=3, ref="HEAD")
    this, ref = report["this"]["elgrande"], report["ref_side"]["elgrande"]
    assert this["games"] == ref["games"] == 1 and this["mcts_decisions"] > 0 and ref["ms_per_decision"] > 0
    assert "CPU per decision, HEAD / this tree" in bench.format_strength(report)


def test_scale_times_one_and_two_workers_on_the_same_games():
    rows = bench.bench_scale(["elgrande"], count=2)
    runs = {r["run"] for r in rows}
    assert {"simulate, 2 local workers", "tournament, 2 local workers"} <= runs
    for r in rows:
        assert r["one_worker_s"] > 0 and r["two_workers_s"] > 0 and r["speedup"] == r["one_worker_s"] / r["two_workers_s"]
        assert r["same_games"] in (True, None)  # two workers play the very games one worker played
    for r in rows:
        if r["run"] == "simulate, Dask LocalCluster of 2":  # with its CPU over one worker's
            assert r["same_games"] is True and r["cpu_ratio"] > r["cluster_cpu_share"] > 0
    assert "speed-up" in bench.format_scale(rows)

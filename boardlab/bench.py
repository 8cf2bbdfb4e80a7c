"""Engine speed: ``python -m boardlab.bench`` (GUIDE section 7).

For each game package that exists and each player count its ``Game`` accepts, plays random full
games for ``--seconds`` and reports games per second and decisions per second, all in this one
process (one core). A game package may also export ``BENCH_KERNELS``, a dict of name -> zero-arg
callable for its hot paths (e.g. move generation); each is timed as a median in milliseconds.

    python -m boardlab.bench                          # every game, table
    python -m boardlab.bench --game whitecastle --players 3 --seconds 10
    python -m boardlab.bench --json > bench.json
    python -m boardlab.bench --compare main~5         # this tree against a git ref, same seeds

``--compare REF`` exports REF (``git archive``) to a temporary folder and starts one worker
process per tree (this checkout, as it is on disk, and REF), each importing its own boardlab.
Rounds alternate between the two (ABBA order, so drift on a shared machine cancels), and in
each round both play the same seeded random games, time them per decision, and time ``copy()``
on positions taken from those games. Times are the workers' CPU time (``time.process_time``), so
a busy machine that takes the core away slows neither side's figures much. The ratio REF time / this time is reported per game and
player count as the median over rounds with its range (above 1: this tree is faster); the
action texts of every game are compared too, so a change of play shows as "games differ".

``--strength`` reports what the search player is worth for its cost: for each game at 2 players,
``game.policy("mcts")`` at its default budget against ``game.policy("greedy")`` over ``--games``
seeded games, the seats alternating (mcts sits in seat ``seed % 2``), with mcts's win rate (a
tie counts half) and its Wilson 95 % interval, the mean CPU time of a decision of the mcts
seat (every decision it was asked, forced ones included), the win rate per second of that
thinking, and both bots' mean final scores. With ``--compare REF`` both trees play the same
seeds on their own worker process, side by side (the two run at once: the times are CPU times).

    python -m boardlab.bench --strength --games 100
    python -m boardlab.bench --strength --games 100 --compare 0984470

``--review`` times :func:`boardlab.review` of each game's shipped example record
(``data/<game>/review-example.json``: a two-player game, greedy against mcts) at the default
budget, every decision of both seats, on ``--workers`` processes (default 1). With one worker
the CPU time is the whole review's (``time.process_time``), and half of it is the wall time two
cores would need (the decisions split evenly between two processes); the load average is printed
beside the wall time, which a shared machine stretches. Issue 28 asks for at most 20 s on two cores.

    python -m boardlab.bench --review
    python -m boardlab.bench --review --workers 2 --game whitecastle

``--scale`` times the wall clock of ``--games`` seeded 2-player games (default 16), mcts against
greedy, on one local worker process and on two, on a 2-worker Dask LocalCluster, and a
tournament of the two on one and two workers, with the speed-up and the load average: a
speed-up means something only on idle cores (issue 24 asks 1.7x on two).

    python -m boardlab.bench --scale --game whitecastle --games 32

Benchmarks report; they never fail a build.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from boardlab.core.game import Game
from boardlab.core.policies import RandomPolicy

GAMES = ("whitecastle", "fivetribes", "alea", "elgrande")
PLAYER_COUNTS_TRIED = range(1, 9)
KERNEL_MIN_RUNS, KERNEL_MAX_RUNS = 5, 100_000


def find_game(name: str):
    """(Game class, package module) for a game name, or (None, reason it is skipped)."""
    try:
        module = importlib.import_module(f"boardlab.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"boardlab.{name}":
            return None, f"import failed: {exc}"
        module = None
    except Exception as exc:  # a broken package must not stop the other benchmarks
        return None, f"import failed: {type(exc).__name__}: {exc}"
    cls = getattr(module, "Game", None)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        try:
            cls = Game.by_name(name)
        except ValueError:
            return None, "not written yet" if module is None else "no Game class yet"
    return cls, module or sys.modules.get(cls.__module__)


def player_counts(cls) -> list[int]:
    """The player counts a game accepts (its option validation decides)."""
    counts = []
    for n in PLAYER_COUNTS_TRIED:
        try:
            cls(players=n)
        except (ValueError, TypeError):
            continue
        counts.append(n)
    return counts


def bench_games(game: Game, seconds: float, seed: int = 1) -> dict:
    """Random full games for about ``seconds`` (at least one game)."""
    policy, rng = RandomPolicy(), random.Random(seed)
    _play_out(game.new_game(seed - 1), policy, rng)  # warm-up: lazy tables and caches load untimed
    games = decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        decisions += _play_out(game.new_game(seed + games), policy, rng)
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {
        "game": game.name,
        "players": game.players,
        "options": game.options(),
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 4),
        "games_per_second": games / elapsed,
        "decisions_per_second": decisions / elapsed,
        "decisions_per_game": decisions / games,
    }


def _play_out(state, policy, rng) -> int:
    """Play random actions to the end; the number of decisions."""
    decisions = 0
    while not state.is_over:
        state.apply(policy(state, rng))
        decisions += 1
    return decisions


def bench_kernel(game_name: str, name: str, kernel, seconds: float) -> dict:
    """Median wall time of one call, over as many calls as fit in ``seconds`` (at least a few)."""
    times = []
    deadline = time.perf_counter() + seconds
    while len(times) < KERNEL_MIN_RUNS or (time.perf_counter() < deadline and len(times) < KERNEL_MAX_RUNS):
        t0 = time.perf_counter()
        kernel()
        times.append(time.perf_counter() - t0)
    return {"game": game_name, "kernel": name, "runs": len(times), "median_ms": statistics.median(times) * 1000}


def bench_mcts(names, seconds: float, runs: int = 3) -> list[dict]:
    """Decisions of ``game.policy("mcts")`` at its default budget, 2 players, from the first
    searched decision after 10 random decisions of a seeded game: a kernel row per game (``median_ms`` per decision, and
    ``decisions_per_second``). Only the four games of ``GAMES`` (a test game has no mcts defaults)."""
    rows = []
    for name in names:
        cls, _ = find_game(name) if name in GAMES else (None, None)
        if cls is None:
            continue
        game = cls(players=2)
        state, rng = game.new_game(1), random.Random(1)
        for _ in range(10):
            state.apply(rng.choice(state.legal_actions()))
        policy = game.policy("mcts")
        branch = policy.settings.branch  # a decision the search leaves to its rollout policy is no search
        while len(state.legal_actions()) < 2 or (branch is not None and not branch(state)):
            state.apply(rng.choice(state.legal_actions()))
        times = []
        deadline = time.perf_counter() + seconds
        while len(times) < runs or (time.perf_counter() < deadline and len(times) < 100):
            t0 = time.perf_counter()
            policy(state, random.Random(len(times)))
            times.append(time.perf_counter() - t0)
        median = statistics.median(times)
        rows.append({"game": name, "kernel": f"mcts decision ({policy.iterations} iterations)", "runs": len(times),
                     "median_ms": median * 1000, "decisions_per_second": 1 / median})
    return rows


def run(games=None, players: int | None = None, seconds: float = 3.0, kernels: bool = True) -> dict:
    """Benchmark the named games (default: all four) and return the report as plain data."""
    from boardlab import __version__

    report = {
        "boardlab_version": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_config": seconds,
        "results": [],
        "kernels": [],
        "skipped": [],
    }
    for name in games or GAMES:
        cls, where = find_game(name)
        if cls is None:
            report["skipped"].append({"game": name, "reason": where})
            continue
        counts = [n for n in player_counts(cls) if players in (None, n)]
        if not counts:
            report["skipped"].append({"game": name, "reason": f"does not accept {players} players"})
        for n in counts:
            report["results"].append(bench_games(cls(players=n), seconds))
        table = getattr(where, "BENCH_KERNELS", None) or {}
        if kernels and counts:
            for kernel_name, kernel in table.items():
                report["kernels"].append(bench_kernel(name, kernel_name, kernel, min(seconds, 1.0)))
    report["kernels"] += bench_mcts(games or GAMES, min(seconds, 3.0)) if kernels else []
    return report


# -- strength per CPU-second: mcts against greedy ------------------------------------------------

def duel_games(game_name: str, seeds: list) -> list:
    """Seeded two-player games of ``game.policy("mcts")`` against ``game.policy("greedy")``, mcts in
    seat ``seed % 2``: per game [mcts win share, CPU seconds of the mcts seat, its decisions,
    mcts total, greedy total]. Uses the engine contract only, so any tree's boardlab can run it
    (its source is sent to the other tree's worker)."""
    import random
    import time

    from boardlab.core.game import Game

    game = Game.by_name(game_name)(players=2)
    mcts, greedy = game.policy("mcts"), game.policy("greedy")
    rows = []
    for seed in seeds:
        state, rng, seat = game.new_game(seed), random.Random(seed), seed % 2
        cpu = decisions = 0
        while not state.is_over:
            if state.to_move == seat:
                t0 = time.process_time()
                action = mcts(state, rng)
                cpu += time.process_time() - t0
                decisions += 1
            else:
                action = greedy(state, rng)
            state.apply(action)
        sheet = state.score_sheet()
        rows.append([state.win_shares()[seat], cpu, decisions, sheet[seat]["total"], sheet[1 - seat]["total"]])
    return rows


#: the strength worker each tree runs: one JSON job per line ({"game", "seeds"}), one answer
STRENGTH_WORKER = inspect.getsource(duel_games) + r"""
import json, sys
import boardlab
print(json.dumps({"boardlab": boardlab.__file__}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    try:
        answer = {"rows": duel_games(job["game"], list(range(*job["seeds"])))}
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(answer), flush=True)
"""
#: games a strength job plays before its worker reports (the two trees alternate such chunks)
STRENGTH_CHUNK = 5


def strength_summary(game_name: str, rows: list) -> dict:
    """The strength row of one game from its duel rows (see :func:`duel_games`)."""
    from boardlab.core.stats import wilson_interval

    n = len(rows)
    wins = sum(r[0] for r in rows)
    cpu, decisions = sum(r[1] for r in rows), sum(r[2] for r in rows)
    low, high = wilson_interval(wins, n)
    seconds = cpu / max(decisions, 1)
    return {"game": game_name, "players": 2, "games": n, "mcts_wins": wins, "win_rate": wins / n,
            "ci_low": low, "ci_high": high, "ms_per_decision": 1000 * seconds, "mcts_decisions": decisions,
            "win_rate_per_second": wins / n / seconds if seconds else math.inf,
            "mcts_mean_score": sum(r[3] for r in rows) / n, "greedy_mean_score": sum(r[4] for r in rows) / n}


def strength(games=None, count: int = 20, seed: int = 0, ref: str | None = None) -> dict:
    """mcts at its default budget against greedy, ``count`` games per game from ``seed`` (see the
    module text); with ``ref``, the same games on git ``ref`` too, the two trees side by side."""
    from boardlab import __version__

    names = [n for n in games or GAMES if find_game(n)[0] is not None]
    report = {"boardlab_version": __version__, "python": platform.python_version(), "games": count,
              "seed": seed, "this": {}, "ref": ref}
    if ref is None:
        for name in names:
            report["this"][name] = strength_summary(name, duel_games(name, list(range(seed, seed + count))))
        return report
    with tempfile.TemporaryDirectory(prefix="boardlab-bench-") as tmp:
        report["ref_commit"] = export_ref(ref, Path(tmp))
        report["ref_side"] = {}
        workers = {}
        try:
            for side, tree in (("this", repo_root()), ("ref_side", Path(tmp) / "tree")):
                workers[side] = Worker(tree, STRENGTH_WORKER)
            for name in names:
                rows = {side: [] for side in workers}
                for start in range(seed, seed + count, STRENGTH_CHUNK):
                    job = {"game": name, "seeds": [start, min(start + STRENGTH_CHUNK, seed + count)]}
                    for worker in workers.values():  # both trees at once, each on its own process
                        worker.send(job)
                    for side, worker in workers.items():
                        answer = worker.receive()
                        if "error" in answer:
                            raise RuntimeError(f"{name} on {side}: {answer['error']}")
                        rows[side] += answer["rows"]
                for side in workers:
                    report[side][name] = strength_summary(name, rows[side])
        finally:
            for worker in workers.values():
                worker.close()
    return report


def format_strength(report: dict) -> str:
    sides = [("this", "this tree")] + ([("ref_side", f"{report['ref']} ({report['ref_commit']})")] if report["ref"] else [])
    lines = [f"boardlab {report['boardlab_version']} strength: mcts (default budget) against greedy, 2 players, "
             f"{report['games']} games per game from seed {report['seed']}, seats alternating; CPU time per "
             f"decision of the mcts seat; win rate per second of that thinking",
             "",
             f"{'game':<13}{'tree':<12}{'games':>6}{'mcts win rate (95 %)':>24}{'ms/decision':>13}"
             f"{'win rate/s':>12}{'mcts score':>12}{'greedy score':>14}"]
    for name in report["this"]:
        for side, label in sides:
            r = report[side][name]
            rate = f"{100 * r['win_rate']:.1f} % ({100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f})"
            lines.append(f"{name:<13}{label.split()[0]:<12}{r['games']:>6}{rate:>24}{r['ms_per_decision']:>13.1f}"
                         f"{r['win_rate_per_second']:>12.1f}{r['mcts_mean_score']:>12.1f}{r['greedy_mean_score']:>14.1f}")
        if report["ref"]:
            ratio = report["ref_side"][name]["ms_per_decision"] / max(report["this"][name]["ms_per_decision"], 1e-9)
            lines.append(f"{'':<13}CPU per decision, {report['ref']} / this tree: {ratio:.2f}x")
    if report["ref"]:
        lines.append(f"\nref: {sides[1][1]}")
    return "\n".join(lines)


# -- comparing two trees: this checkout against a git ref ---------------------------------------

#: The worker each tree runs (``python -c``), importing that tree's boardlab. It only uses the
#: engine contract (new_game, legal_actions, apply, copy, record), so any ref can run it. It
#: reads one JSON request per line and answers one JSON line: time per decision of seeded random
#: playouts (one ``random.Random(seed)`` per game, so both trees make the same choices), the time
#: of ``copy()`` on positions of those games, and a digest of the games' action texts.
WORKER = r"""
import hashlib, json, random, sys, time
import boardlab
from boardlab.core.game import Game

def playouts(game, seeds):
    seconds, decisions = 0.0, 0
    digest = hashlib.sha256()
    for seed in seeds:
        state, rng = game.new_game(seed), random.Random(seed)
        t0 = time.process_time()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        seconds += time.process_time() - t0
        digest.update("\n".join(state.record.actions).encode() + b"\n\n")
    return seconds, decisions, digest.hexdigest()[:16]

def copies(game, seeds, every, repeat):
    seconds = count = 0
    for seed in seeds:
        state, rng, step = game.new_game(seed), random.Random(seed), 0
        while not state.is_over:
            if step % every == 0:
                t0 = time.process_time()
                for _ in range(repeat):
                    state.copy()
                seconds += time.process_time() - t0
                count += repeat
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return seconds, count

print(json.dumps({"boardlab": boardlab.__file__}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    try:
        game = Game.by_name(job["game"])(players=job["players"])
        seeds = range(*job["seeds"])
        seconds, decisions, digest = playouts(game, seeds)
        copy_seconds, copied = copies(game, seeds, job["copy_every"], job["copy_repeat"])
        answer = {"seconds": seconds, "decisions": decisions, "digest": digest,
                  "copy_seconds": copy_seconds, "copies": copied}
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(answer), flush=True)
"""

COPY_EVERY, COPY_REPEAT = 7, 10


def repo_root() -> Path:
    """The checkout this boardlab is imported from (its files as they are on disk)."""
    return Path(__file__).resolve().parent.parent


def export_ref(ref: str, into: Path) -> str:
    """Write the files of git ``ref`` into ``into``; return its commit (short hash and subject)."""
    from boardlab.cli_language import say

    root = repo_root()
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        raise ValueError(say("--compare: {ref} is not a commit of the git repository at {root}",
                             "--compare: {ref}는 {root}에 있는 git 저장소의 커밋이 아닙니다",
                             ref=repr(ref), root=root)) from exc
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(root), "archive", "--format=tar", "-o", str(archive), commit], check=True)
    with tarfile.open(archive) as tar:
        try:
            tar.extractall(into / "tree", filter="data")
        except TypeError:  # Python before 3.11.4 has no extraction filters (the archive is our own)
            tar.extractall(into / "tree")
    subject = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s", commit],
                             capture_output=True, text=True, check=True).stdout.strip()
    return subject


class Worker:
    """One tree's worker process: send a job, read its answer."""

    def __init__(self, tree: Path, script: str = WORKER):
        env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
        self.proc = subprocess.Popen([sys.executable, "-c", script], cwd=str(tree), env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        hello = self._read()
        loaded = Path(hello["boardlab"]).resolve()
        if tree.resolve() not in loaded.parents:
            self.close()
            raise RuntimeError(f"the worker for {tree} imported boardlab from {loaded}")

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"a bench worker stopped (exit code {self.proc.wait()})")
        return json.loads(line)

    def send(self, job: dict) -> None:
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()

    def receive(self) -> dict:
        return self._read()

    def run(self, job: dict) -> dict:
        self.send(job)
        return self._read()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)


def compare(ref: str, games=None, players: int | None = None, seconds: float = 3.0, rounds: int = 6) -> dict:
    """This tree against git ``ref``, interleaved in one run on the same seeds (see the module text)."""
    from boardlab import __version__

    with tempfile.TemporaryDirectory(prefix="boardlab-bench-") as tmp:
        ref_commit = export_ref(ref, Path(tmp))
        trees = {"this": repo_root(), "ref": Path(tmp) / "tree"}
        workers = {}
        try:
            for side, tree in trees.items():
                workers[side] = Worker(tree)
            report = {
                "boardlab_version": __version__, "python": platform.python_version(),
                "machine": platform.machine(), "this": str(repo_root()), "ref": ref, "ref_commit": ref_commit,
                "rounds": rounds, "seconds_per_config": seconds, "results": [], "skipped": [],
            }
            for name in games or GAMES:
                cls, where = find_game(name)
                if cls is None:
                    report["skipped"].append({"game": name, "reason": where})
                    continue
                for n in (n for n in player_counts(cls) if players in (None, n)):
                    result = _compare_config(workers, name, n, seconds, rounds)
                    (report["skipped"] if "reason" in result else report["results"]).append(result)
        finally:
            for worker in workers.values():
                worker.close()
    return report


def _compare_config(workers: dict, name: str, players: int, seconds: float, rounds: int) -> dict:
    """Rounds of the same seeded games on both trees; ratios of REF time to this tree's time."""
    job = {"game": name, "players": players, "copy_every": COPY_EVERY, "copy_repeat": COPY_REPEAT}
    # calibrate on REF (untimed warm-up for both): how many games fill one round's share of the budget
    probe = workers["ref"].run(dict(job, seeds=[10**6, 10**6 + 3]))
    warm = workers["this"].run(dict(job, seeds=[10**6, 10**6 + 3]))
    for side, answer in (("ref", probe), ("this", warm)):
        if "error" in answer:
            return {"game": name, "players": players, "reason": f"{side} tree: {answer['error']}"}
    per_game = (probe["seconds"] + probe["copy_seconds"]) / 3
    count = max(1, int(seconds / 2 / rounds / max(per_game, 1e-6)))
    play_ratios, copy_ratios, sums = [], [], {side: [0.0, 0, 0.0, 0] for side in workers}
    same_games = True
    for r in range(rounds):
        order = ("ref", "this") if r % 4 in (0, 3) else ("this", "ref")
        seeds = [r * count, (r + 1) * count]
        got = {side: workers[side].run(dict(job, seeds=seeds)) for side in order}
        for side, answer in got.items():
            if "error" in answer:
                return {"game": name, "players": players, "reason": f"{side} tree: {answer['error']}"}
            total = sums[side]
            total[0] += answer["seconds"]
            total[1] += answer["decisions"]
            total[2] += answer["copy_seconds"]
            total[3] += answer["copies"]
        same_games &= got["ref"]["digest"] == got["this"]["digest"]
        play_ratios.append((got["ref"]["seconds"] / got["ref"]["decisions"])
                           / (got["this"]["seconds"] / got["this"]["decisions"]))
        copy_ratios.append((got["ref"]["copy_seconds"] / max(got["ref"]["copies"], 1))
                           / max(got["this"]["copy_seconds"] / max(got["this"]["copies"], 1), 1e-12))
    us = {side: (1e6 * t[0] / t[1], 1e6 * t[2] / max(t[3], 1)) for side, t in sums.items()}
    return {
        "game": name, "players": players, "games_per_round": count, "same_games": same_games,
        "decisions": sums["this"][1], "copies": sums["this"][3],
        "us_per_decision": {"ref": us["ref"][0], "this": us["this"][0]},
        "us_per_copy": {"ref": us["ref"][1], "this": us["this"][1]},
        "playout_ratio": _spread(play_ratios), "copy_ratio": _spread(copy_ratios),
    }


def _spread(ratios: list[float]) -> dict:
    return {"median": statistics.median(ratios), "min": min(ratios), "max": max(ratios),
            "rounds": [round(x, 4) for x in ratios]}


def format_compare(report: dict) -> str:
    lines = [
        f"boardlab bench --compare: this tree ({report['this']}) against {report['ref']} "
        f"({report['ref_commit']})",
        f"Python {report['python']}, {report['rounds']} interleaved rounds, same seeds, one worker process "
        f"per tree; ratio = REF time / this time (median and range over rounds; > 1: this tree is faster)",
        "",
        f"{'game':<13}{'pl':>3}{'games':>7}  {'µs/decision ref → this':>24}{'ratio':>7}{'range':>13}"
        f"  {'µs/copy ref → this':>20}{'ratio':>7}{'range':>13}  play",
    ]
    for r in report["results"]:
        pr, cr, ud, uc = r["playout_ratio"], r["copy_ratio"], r["us_per_decision"], r["us_per_copy"]
        lines.append(
            f"{r['game']:<13}{r['players']:>3}{r['games_per_round'] * report['rounds']:>7}  "
            f"{ud['ref']:>11.2f} → {ud['this']:>9.2f}{pr['median']:>6.2f}x{pr['min']:>6.2f}-{pr['max']:<6.2f}"
            f"  {uc['ref']:>8.2f} → {uc['this']:>9.2f}{cr['median']:>6.2f}x{cr['min']:>6.2f}-{cr['max']:<6.2f}"
            f"  {'same' if r['same_games'] else 'GAMES DIFFER'}")
    if not report["results"]:
        lines.append("(no game to compare)")
    for s in report["skipped"]:
        lines.append(f"skipped {s['game']}" + (f" {s['players']} players" if "players" in s else "")
                     + f": {s['reason']}")
    return "\n".join(lines)


def format_report(report: dict) -> str:
    lines = [
        f"boardlab {report['boardlab_version']} bench, Python {report['python']}, "
        f"{report['seconds_per_config']:g} s per configuration, one process",
        "",
        f"{'game':<14}{'players':>8}{'games':>9}{'games/s':>11}{'decisions/s':>14}{'decisions/game':>16}",
    ]
    for r in report["results"]:
        lines.append(f"{r['game']:<14}{r['players']:>8}{r['games']:>9}{r['games_per_second']:>11.1f}"
                     f"{r['decisions_per_second']:>14,.0f}{r['decisions_per_game']:>16.1f}")
    if not report["results"]:
        lines.append("(no game to benchmark)")
    if report["kernels"]:
        lines += ["", f"{'game':<14}{'kernel':<32}{'runs':>9}{'median ms':>12}"]
        for k in report["kernels"]:
            lines.append(f"{k['game']:<14}{k['kernel']:<32}{k['runs']:>9}{k['median_ms']:>12.4f}")
    for s in report["skipped"]:
        lines.append(f"skipped {s['game']}: {s['reason']}")
    return "\n".join(lines)


# -- review: a whole two-player game graded at the default budget -----------------------------


#: the wall time a two-player review may take on two cores (issue 28)
REVIEW_TARGET_SECONDS = 20.0


def bench_review(games=None, workers: int = 1) -> list[dict]:
    """Per game: decisions reviewed, CPU and wall seconds of ``boardlab.review`` of its example
    record at the default budget (CPU: this process only, the whole review when ``workers`` is 1)."""
    from boardlab.core.datasets import DATA
    from boardlab.core.review import review

    rows = []
    for name in games or GAMES:
        path = DATA / name / "review-example.json"
        if not path.exists():
            continue
        load = os.getloadavg()[0]
        cpu, wall = time.process_time(), time.perf_counter()
        r = review(path, workers=workers, progress=False)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rows.append({"game": name, "decisions": len(r.decisions), "budget": r.attrs["budget"], "workers": workers,
                     "cpu_seconds": cpu, "wall_seconds": wall, "load": load,
                     "two_core_seconds": cpu / 2 if workers == 1 else None})
    return rows


def format_review(rows: list[dict]) -> str:
    lines = [f"boardlab review of each game's example record (2 players, default budget); target "
             f"{REVIEW_TARGET_SECONDS:.0f} s on two cores",
             f"{'game':<13}{'decisions':>10}{'budget':>8}{'workers':>8}{'CPU s':>9}{'2-core s':>10}{'wall s':>9}{'load':>7}"]
    for r in rows:
        two = "-" if r["two_core_seconds"] is None else f"{r['two_core_seconds']:.1f}"
        lines.append(f"{r['game']:<13}{r['decisions']:>10}{r['budget']:>8}{r['workers']:>8}{r['cpu_seconds']:>9.1f}"
                     f"{two:>10}{r['wall_seconds']:>9.1f}{r['load']:>7.1f}")
    return "\n".join(lines)



def _wall(run) -> tuple[float, float, object]:
    """(wall seconds, load average before, what ``run()`` returned)."""
    load = os.getloadavg()[0]
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, load, out


def _cpu_of_worker() -> tuple[float, float]:
    """(CPU seconds of this Dask worker process, of its task threads: the games'.)"""
    import threading

    import psutil  # a dependency of distributed

    tasks = {t.native_id for t in threading.enumerate() if "Dask-Default-Threads" in t.name}
    games = sum(t.user_time + t.system_time for t in psutil.Process().threads() if t.id in tasks)
    return time.process_time(), games


def _dask_row(name: str, game, policies, count: int, seed: int, one: float, one_cpu: float, reference) -> dict | None:
    """The Dask row of :func:`bench_scale`: the same games on a LocalCluster of 2 started with
    boardlab's settings, the clock running from the run's start (workers started, boardlab
    imported) to its last game back. CPU: the two workers' processes plus this one (the
    scheduler, the nannies and the client live here), against one worker's CPU for the same games;
    and the cluster's own part of it (all but the task threads that play), the steadier figure on
    busy cores, where a game's CPU time varies by a tenth or more."""
    try:
        import dask
        from dask.distributed import Client, LocalCluster
    except ImportError:
        return None
    from boardlab.core.playing import DASK_SETTINGS
    from boardlab.core.simulate import simulate

    with dask.config.set(DASK_SETTINGS), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(importlib.import_module, "boardlab.core.simulate")  # the workers import before the clock starts
        before, here = client.run(_cpu_of_worker), time.process_time()
        wall, load, out = _wall(lambda: simulate(game, policies, count, seed, backend="dask", client=client, progress=False))
        after, here = client.run(_cpu_of_worker), time.process_time() - here
    cpu = here + sum(after[w][0] - before[w][0] for w in after)
    games = sum(after[w][1] - before[w][1] for w in after)
    return {"game": name, "run": "simulate, Dask LocalCluster of 2", "games": count, "one_worker_s": one,
            "two_workers_s": wall, "speedup": one / wall, "load": load, "same_games": reference.equals(out),
            "cpu_ratio": cpu / one_cpu, "cluster_cpu_share": (cpu - games) / one_cpu}


def bench_scale(games=None, count: int = 16, seed: int = 11) -> list[dict]:
    """Wall time of ``count`` seeded 2-player games, mcts against greedy, on one local worker,
    on two, and on a 2-worker Dask LocalCluster (when Dask is installed), and of a seat-rotated
    tournament (greedy against mcts, ``count`` games) on one and two workers (issue 24 asks a
    speed-up of at least 1.7x on two idle cores). The load average is kept beside each time.
    Local runs time the whole call (workers started and importing boardlab included); the Dask
    run starts its clock on a running cluster, and also reports its CPU seconds (all its
    processes) over one worker's for the same games: what Dask itself costs, even on busy cores."""
    from boardlab.core.simulate import simulate
    from boardlab.core.tournament import tournament

    rows = []
    for name in games or GAMES:
        game = find_game(name)[0](players=2)
        policies = ["mcts", "greedy"]
        one_cpu = time.process_time()  # one worker plays in this process
        one, load_one, a = _wall(lambda: simulate(game, policies, count, seed, workers=1, progress=False))
        one_cpu = time.process_time() - one_cpu
        two, load_two, b = _wall(lambda: simulate(game, policies, count, seed, workers=2, progress=False))
        rows.append({"game": name, "run": "simulate, 2 local workers", "games": count, "one_worker_s": one,
                     "two_workers_s": two, "speedup": one / two, "load": max(load_one, load_two), "same_games": a.equals(b)})
        dask_row = _dask_row(name, game, policies, count, seed, one, one_cpu, a)
        if dask_row is not None:
            rows.append(dask_row)
        players = {"greedy": "greedy", "mcts": "mcts"}
        t_one, load_one, _ = _wall(lambda: tournament(game, players, games=count, seed=seed, workers=1, progress=False))
        t_two, load_two, _ = _wall(lambda: tournament(game, players, games=count, seed=seed, workers=2, progress=False))
        rows.append({"game": name, "run": "tournament, 2 local workers", "games": count, "one_worker_s": t_one,
                     "two_workers_s": t_two, "speedup": t_one / t_two, "load": max(load_one, load_two), "same_games": None})
    return rows


def format_scale(rows: list[dict]) -> str:
    lines = ["boardlab scale: wall time of 2-player games (mcts against greedy) on one worker and on two; "
             "target 1.7x on two idle cores (the load average is beside each row). Local rows time the whole "
             "call, workers' start included; the Dask row a running cluster's run, and its CPU seconds (workers, "
             "scheduler, nannies, client) over one worker's, and the cluster's own share of it (all but the games' threads)",
             f"{'game':<13}{'run':<34}{'games':>6}{'1 worker s':>12}{'2 workers s':>13}{'speed-up':>10}{'load':>7}"
             f"{'CPU x':>7}{'cluster':>9}  same games"]
    for r in rows:
        same = "-" if r["same_games"] is None else ("yes" if r["same_games"] else "NO")
        cpu = f"{r['cpu_ratio']:.2f}" if "cpu_ratio" in r else "-"
        own = f"{r['cluster_cpu_share']:.0%}" if "cluster_cpu_share" in r else "-"
        lines.append(f"{r['game']:<13}{r['run']:<34}{r['games']:>6}{r['one_worker_s']:>12.1f}{r['two_workers_s']:>13.1f}"
                     f"{r['speedup']:>9.2f}x{r['load']:>7.1f}{cpu:>7}{own:>9}  {same}")
    return "\n".join(lines)


def run_kind(args) -> str:
    """The one kind of run the arguments ask for: --scale before --review before --strength
    (which takes --compare as its second tree) before --compare; else the speed table. The
    checks of :func:`_parse` and the dispatch of :func:`main` both read it."""
    if args.scale:
        return "scale"
    if args.review:
        return "review"
    if args.strength:
        return "strength"
    return "compare" if args.compare is not None else "speed"


def main(argv=None) -> int:
    from boardlab import cli_language

    parser, args, kind, language = _arguments(list(sys.argv[1:] if argv is None else argv))
    if kind == "scale":
        rows = bench_scale(args.game, args.games or 16)
        print(json.dumps(rows, indent=1) if args.json else format_scale(rows))
        return 0
    if kind == "review":
        rows = bench_review(args.game, args.workers)
        print(json.dumps(rows, indent=1) if args.json else format_review(rows))
        return 0
    if kind == "speed":
        report = run(args.game, args.players, args.seconds, kernels=not args.no_kernels)
        print(json.dumps(report, indent=1) if args.json else format_report(report))
        return 0
    # strength()/compare() refuse a ref that is no commit (export_ref, with say): in the command's
    # language. Their measuring reads no language (its tables are English), so the block may hold it.
    try:
        with cli_language.commanding(["--language", language]):
            if kind == "strength":
                report = strength(args.game, args.games or 20, args.seed, args.compare)
            else:
                report = compare(args.compare, args.game, args.players, args.seconds, args.rounds)
    except ValueError as exc:
        with cli_language.commanding(["--language", language]):
            parser.error(str(exc))
    print(json.dumps(report, indent=1) if args.json else (format_strength if kind == "strength" else format_compare)(report))
    return 0


def _arguments(argv: list) -> tuple:
    """(parser, arguments, kind of run, language) of :func:`main`, refused before any work where
    they are wrong. The help and the refusals follow ``--language`` / ``BOARDLAB_LANGUAGE`` as
    boardlab's do (:func:`boardlab.cli_language.commanding`)."""
    from boardlab import cli_language

    with cli_language.commanding(argv) as language:
        return _parse(argv, cli_language.say, cli_language.formatter()) + (language,)


def _parse(argv: list, say, formatter) -> tuple:
    from boardlab import cli_language

    word = cli_language.word
    parser = argparse.ArgumentParser(
        prog="python -m boardlab.bench", formatter_class=formatter,
        description=say(__doc__.split("\n\n")[0], "엔진 속도: ``python -m boardlab.bench`` (GUIDE 7절)."))
    parser.add_argument("--game", action="append", metavar=word(None, "게임"),
                        help=say("only this game (repeatable); default: all four",
                                 "이 게임만 (여러 번 쓸 수 있습니다). 기본값: 네 게임 모두"))
    parser.add_argument("--players", type=cli_language.number(int), metavar=word(None, "인원"),
                        help=say("only this player count", "이 인원만"))
    parser.add_argument("--seconds", type=cli_language.number(float), default=3.0, metavar=word(None, "초"),
                        help=say("time budget per configuration (default 3)", "설정 하나마다 쓸 시간 (기본값 3)"))
    parser.add_argument("--no-kernels", action="store_true",
                        help=say("skip the games' hot kernels", "게임의 핵심 연산(커널) 측정을 건너뜁니다"))
    parser.add_argument("--json", action="store_true",
                        help=say("print JSON instead of a table", "표 대신 JSON을 출력합니다"))
    parser.add_argument("--compare", metavar=word("REF", "참조"),
                        help=say("compare this tree with git REF (e.g. main~5), same seeds",
                                 "이 트리와 git 참조(예: main~5)를 같은 시드로 비교합니다"))
    parser.add_argument("--rounds", type=cli_language.number(int), default=6, metavar=word(None, "수"),
                        help=say("interleaved rounds with --compare (default 6)",
                                 "--compare에서 번갈아 도는 라운드 수 (기본값 6)"))
    parser.add_argument("--strength", action="store_true",
                        help=say("mcts against greedy at 2 players: win rate, CPU per decision (with --compare: both trees)",
                                 "2인 게임에서 mcts 대 greedy: 승률과 결정마다 드는 CPU 시간 (--compare와 함께 쓰면 두 트리 "
                                 "모두)"))
    parser.add_argument("--games", type=cli_language.number(int), metavar=word(None, "수"),
                        help=say("games per game with --strength (default 20) or --scale (default 16)",
                                 "게임 종류마다 할 게임 수: --strength (기본값 20) 또는 --scale (기본값 16)"))
    parser.add_argument("--seed", type=cli_language.number(int), default=0, metavar=word(None, "시드"),
                        help=say("first seed with --strength (default 0)", "--strength의 첫 난수 시드 (기본값 0)"))
    parser.add_argument("--review", action="store_true",
                        help=say("time boardlab.review of each game's example record at the default budget",
                                 "게임마다 예시 기록의 boardlab.review에 드는 시간을 기본 예산으로 잽니다"))
    parser.add_argument("--workers", type=cli_language.number(int), default=1, metavar=word(None, "수"),
                        help=say("worker processes with --review (default 1)", "--review의 워커 프로세스 수 (기본값 1)"))
    parser.add_argument("--scale", action="store_true",
                        help=say("wall time of mcts games and a tournament on one worker and on two (local and Dask)",
                                 "mcts 게임과 토너먼트의 경과 시간을 워커 하나와 둘에서 잽니다 (로컬과 Dask)"))
    # the language of this help and the refusals (boardlab --language ko bench passes it on)
    cli_language.language_option(parser)
    args = parser.parse_args(argv)
    for name in args.game or ():
        if find_game(name)[0] is None:  # a name no game answers to: a typo, not a game to skip
            parser.error(say("unknown game {name} for --game; known: {games}",
                             "--game에 알 수 없는 게임 {name}; 있는 게임: {games}", name=repr(name), games=", ".join(GAMES)))
    if not args.seconds > 0:
        parser.error(say("--seconds must be positive, got {got}", "--seconds는 0보다 커야 합니다. 받은 값: {got}",
                         got=args.seconds))
    if args.games is not None and args.games < 1:
        parser.error(say("--games must be at least 1, got {got}", "--games는 1 이상이어야 합니다. 받은 값: {got}",
                         got=args.games))
    kind = run_kind(args)  # the checks of the kind of run main will do, and only of it
    if kind == "review" and args.workers < 1:
        parser.error(say("--workers must be at least 1, got {got}", "--workers는 1 이상이어야 합니다. 받은 값: {got}",
                         got=args.workers))
    if kind == "compare" and args.rounds < 1:
        parser.error(say("--rounds must be at least 1, got {got}", "--rounds는 1 이상이어야 합니다. 받은 값: {got}",
                         got=args.rounds))
    return parser, args, kind


if __name__ == "__main__":
    sys.exit(main())

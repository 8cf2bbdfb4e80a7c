"""Engine speed: ``python -m boardlab.bench`` (GUIDE section 7).

For each game package that exists and each player count its ``Game`` accepts, plays random full
games for ``--seconds`` and reports games per second and decisions per second, all in this one
process (one core). A game package may also export ``BENCH_KERNELS``, a dict of name -> zero-arg
callable for its hot paths (e.g. move generation); each is timed as a median in milliseconds.

    python -m boardlab.bench                          # every game, table
    python -m boardlab.bench --game whitecastle --players 3 --seconds 10
    python -m boardlab.bench --json > bench.json

Benchmarks report; they never fail a build.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import statistics
import sys
import time

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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardlab.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all four")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per configuration (default 3)")
    parser.add_argument("--no-kernels", action="store_true", help="skip the games' hot kernels")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        parser.error(f"--seconds must be positive, got {args.seconds}")
    report = run(args.game, args.players, args.seconds, kernels=not args.no_kernels)
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""advise(): what would a strong player do here, and how sure are we? (issue 11, point 2)

The advisor runs the core search (:mod:`boardlab.core.search`) from a position and reports every
legal option of the decision asked now: how often the search tried it and, over those tries,
the mean final score margin and the win rate of the player to move, each with its standard
error. The search samples only what that player could know (each iteration is a reseeded copy),
and the position itself is never changed.

With ``workers > 1`` the budget is shared between worker processes (forkserver, as ``simulate``),
each growing its own tree from its own seed; their root statistics are added up. The table is
reproducible for the same ``seed`` and the same ``workers`` (root parallel search: a different
split of the budget is a different, equally valid search).
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Callable

import numpy as np
import pandas as pd

from boardlab.core.game import State, check_seed
from boardlab.core.search import Node, Settings, check_iterations, default_iterations, rollout_policy, search

__all__ = ["advise", "COLUMNS", "PROGRESS_AFTER"]

COLUMNS = ["action", "visits", "margin", "margin_se", "win_rate", "win_rate_se"]
#: with progress=None a bar appears once a search is expected to run longer than this (seconds)
PROGRESS_AFTER = 2.0
#: progress is reported about this many times per search
PROGRESS_STEPS = 100


def advise(state: State, budget: int | None = None, seed: int = 0, rollout="random", workers: int = 1,
           progress=None) -> pd.DataFrame:
    """One row per legal action of the decision asked now, best first (most visited; ties: the
    higher win rate, then margin). Columns: ``action`` (its text notation), ``visits``,
    ``margin`` (mean final score margin of the player to move: own total minus the best other
    total), ``margin_se``, ``win_rate`` (0..1; a shared first place counts 1/k), ``win_rate_se``
    (standard errors: NaN for an option tried fewer than twice). ``df.attrs``: game, player,
    budget, seed, rollout, workers, forced (True when the decision has one legal option: it is
    returned without a search, visits 0 and no statistics, budget 0).

    ``budget``: search iterations in all (None: the game's ``DEFAULT_ITERATIONS``); ``rollout``:
    "random" or "greedy"; ``progress``: None (a bar when it runs longer than about 2 s), False,
    or a callable ``progress(done, total)``."""
    _check_state(state)
    budget = default_iterations(state.game) if budget is None else check_iterations(budget, "budget")
    seed = check_seed(seed)
    if rollout not in ("random", "greedy"):
        raise ValueError(f"rollout must be 'random' or 'greedy', got {rollout!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be an integer >= 1, got {workers!r}")
    if not (progress is None or progress is False or callable(progress)):
        raise ValueError(f"progress must be None (automatic), False or a callable (done, total), got {progress!r}")
    legal = state.legal_actions()
    if len(legal) == 1:  # a forced decision: nothing to search (the one row has no statistics)
        df = _table(legal, {})
        df.attrs.update(game=state.game.name, player=state.to_move, budget=0, seed=seed, rollout=rollout,
                        workers=workers, forced=True)
        return df
    reporter = _Reporter(progress, budget)
    try:
        if workers == 1 or budget < 2:
            stats = root_stats(state, budget, seed, rollout, progress_callable(reporter))
        else:
            stats = run_split(state, budget, seed, rollout, min(workers, budget), reporter)
    finally:
        reporter.close()
    df = _table(legal, stats)
    df.attrs.update(game=state.game.name, player=state.to_move, budget=budget, seed=seed, rollout=rollout,
                    workers=workers, forced=False)
    return df


def _check_state(state) -> None:
    if not isinstance(state, State):
        raise ValueError(f"state must be a game position (a State, e.g. game.new_game(seed)), got {type(state).__name__}")
    if state.is_over:
        raise ValueError("the game is over: there is no decision to advise on")


def split_seed(seed: int, part: int) -> int:
    """The search seed of part ``part`` of a search started from ``seed``."""
    return int(np.random.SeedSequence(seed, spawn_key=(part,)).generate_state(1, dtype=np.uint64)[0])


def root_stats(state: State, iterations: int, seed: int, rollout, progress=None, part: int = 0) -> dict:
    """{action text: (visits, win sum, win squares, margin sum, margin squares)} of the root's
    options after ``iterations`` iterations seeded by ``(seed, part)``."""
    rng = random.Random(split_seed(seed, part))
    every = max(1, iterations // PROGRESS_STEPS)
    root = search(state, iterations, rng, Settings(rollout_policy(state.game, rollout)), progress=progress,
                  progress_every=every if progress is not None else 0)
    return {str(a): _sums(node) for a, node in root.children.items()}


def _sums(node: Node) -> tuple:
    return node.visits, node.win, node.win_sq, node.margin, node.margin_sq


def add_stats(total: dict, more: dict) -> dict:
    for key, values in more.items():
        old = total.get(key)
        total[key] = values if old is None else tuple(a + b for a, b in zip(old, values))
    return total


def _mean_se(total: float, squares: float, n: int) -> tuple[float, float]:
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, math.sqrt(variance / n)


def _table(legal, stats: dict) -> pd.DataFrame:
    rows = []
    for a in legal:
        text = str(a)
        visits, win, win_sq, margin, margin_sq = stats.get(text, (0, 0.0, 0.0, 0.0, 0.0))
        m, m_se = _mean_se(margin, margin_sq, visits)
        w, w_se = _mean_se(win, win_sq, visits)
        rows.append((text, int(visits), m, m_se, w, w_se))
    df = pd.DataFrame(rows, columns=COLUMNS)
    order = sorted(range(len(df)), key=lambda i: (-df.visits[i], -_or(df.win_rate[i]), -_or(df.margin[i]), i))
    return df.iloc[order].reset_index(drop=True).astype({"visits": "int64"})


def _or(x: float) -> float:
    return -math.inf if math.isnan(x) else x


class _Reporter:
    """Progress: the caller's callable, nothing, or (automatic) a tqdm bar that appears once the
    search is expected to take longer than ``PROGRESS_AFTER`` seconds."""

    def __init__(self, progress, total: int):
        self.callback = progress if callable(progress) else None
        self.auto = progress is None
        self.total = total
        self.started = time.monotonic()
        self.bar = None

    def __call__(self, done: int, total: int) -> None:
        if self.callback is not None:
            self.callback(done, total)
            return
        if not self.auto:
            return
        if self.bar is None:
            elapsed = time.monotonic() - self.started
            if done >= total or elapsed < 0.25 or elapsed / done * total < PROGRESS_AFTER:
                return
            if not (sys.stderr.isatty() or "ipykernel" in sys.modules):
                self.auto = False
                return
            self.bar = _bar(total)
        self.bar.update(done - self.bar.n)

    def active(self) -> bool:
        return self.callback is not None or self.auto

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _bar(total: int):
    from tqdm.auto import tqdm

    class Bar(tqdm):
        monitor_interval = 0  # no monitor thread: it would redraw the bar from a background thread

    return Bar(total=total, unit="it", desc="advise")


def progress_callable(reporter: _Reporter) -> Callable | None:
    return reporter if reporter.active() else None


# -- several processes ---------------------------------------------------------------------------


def shares(budget: int, parts: int) -> list[int]:
    """``budget`` iterations split as evenly as possible into ``parts`` parts."""
    return [budget // parts + (1 if k < budget % parts else 0) for k in range(parts)]


def _worker(state, iterations: int, seed: int, rollout, part: int, out) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the parent decides
    try:
        def report(done, total):
            out.put(("progress", part, done))

        out.put(("result", part, root_stats(state, iterations, seed, rollout, report, part)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
        import traceback

        out.put(("error", part, "".join(traceback.format_exception(exc))))


def run_split(state: State, budget: int, seed: int, rollout, workers: int, reporter: _Reporter) -> dict:
    """Root-parallel search: part k grows its own tree with seed ``(seed, k)`` on its own process;
    the root statistics are added up. Processes come from a forkserver (or are spawned)."""
    from boardlab.core.playing import _context, stop_processes

    ctx = _context()
    out = ctx.Queue()
    parts = shares(budget, workers)
    processes = [ctx.Process(target=_worker, args=(state, n, seed, rollout, k, out), daemon=True,
                             name=f"boardlab-advise-{k}") for k, n in enumerate(parts)]
    done = [0] * workers
    results: dict[int, dict] = {}
    try:
        for p in processes:
            p.start()
        while len(results) < workers:
            try:
                kind, part, payload = out.get(timeout=0.2)
            except Exception:  # queue.Empty: check that every worker still lives
                lost = [p for k, p in enumerate(processes) if k not in results and not p.is_alive()]
                if lost and out.empty():
                    raise RuntimeError(f"an advise worker process ended without reporting (exit code "
                                       f"{lost[0].exitcode})") from None
                continue
            if kind == "progress":
                done[part] = payload
                reporter(sum(done), budget)
            elif kind == "result":
                results[part] = payload
            else:
                raise RuntimeError(f"an advise worker process failed:\n{payload}")
    finally:
        stop_processes(processes)
    total: dict = {}
    for k in range(workers):
        add_stats(total, results[k])
    return total

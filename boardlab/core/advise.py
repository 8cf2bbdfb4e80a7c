"""advise(): what would a strong player do here, and how sure are we? (issues 11 and 28)

The advisor runs the game's own search player (``game.policy("mcts")``: its rollout, horizon,
evaluation and budget; :mod:`boardlab.core.search`) from a position and reports every legal
option of the decision asked now: how often the search tried it and, over those tries, the mean
final score margin and the win rate of the player to move, each with its standard error. The
search samples only what that player could know, and the position itself is never changed.

**Ranking rule**: options are ranked by the win rate they report (ties: the margin); an option
tried fewer than twice has no error and is listed last. The ``close`` column marks the options
whose win rate and margin are both within two standard errors of the best: the data cannot tell
them apart ("both good").

**Errors**: the budget is spent as ``PARTS`` independent trees (root-parallel search; their
statistics are added up). A search's tries are not independent draws (a tree spreads them
systematically, and its policy improves as it grows), so the textbook error of a mean of tries
missed the spread of that mean over random seeds by a factor of 0.24 to 1.3 in the positions
measured (White Castle's tree is the most systematic: its textbook errors were 2-4 times too wide). The spread of an option's mean between the
independent trees measures the real error; pooled over the options of the decision it gives a
design effect (real variance / textbook variance) that scales each option's textbook error.
``repeats=`` runs the whole advice again with other seeds, pools every tree, and reports how
often each option came out best (the stability of the ranking).

With ``workers > 1`` the trees are grown on worker processes (forkserver, as ``simulate``); the
table depends only on ``seed`` and ``budget``, never on the number of workers.
"""

from __future__ import annotations

import csv
import math
import random
import sys
import time
from typing import Callable

import numpy as np
import pandas as pd

from boardlab.core.game import State, check_seed
from boardlab.core.search import (Node, Settings, check_iterations, default_iterations, rollout_policy,
                                  search)

__all__ = ["advise", "close_to_best", "COLUMNS", "PROGRESS_AFTER", "RANKING_RULE", "summary", "strength"]

COLUMNS = ["action", "visits", "margin", "margin_se", "win_rate", "win_rate_se", "close", "best_in"]
#: independent trees a budget is split into: their spread is what the errors are measured from
PARTS = 4
#: how many degrees of freedom the pooled (design effect) variance of an option is worth next to its
#: own spread between the trees: options differ in how systematic the search's tries of them are
#: (White Castle: 0.4-1.5 times the pooled figure), so each option's own spread weighs most
PRIOR_DOF = 1
#: two estimates are "within the error" of each other when they differ by at most this many
#: standard errors of their difference (about 95 %)
SEPARATION = 2.0
#: the ranking rule, in one line, for every table and app that shows advice
RANKING_RULE = {
    "en": "Ranked by win rate (then margin), each ± its standard error; options within 2 errors of the best are marked close.",
    "ko": "승률(같으면 점수 차) 순이며 각 값 ± 표준오차입니다. 최선과 표준오차 2배 안에 있는 선택지는 '근소'로 표시합니다.",
}
#: with progress=None a bar appears once a search is expected to run longer than this (seconds)
PROGRESS_AFTER = 2.0
#: progress is reported about this many times per search
PROGRESS_STEPS = 100


def advise(state: State, budget: int | None = None, seed: int = 0, rollout=None, workers: int = 1,
           progress=None, repeats: int = 1) -> pd.DataFrame:
    """One row per legal action of the decision asked now, best first by the ranking rule
    (``RANKING_RULE``). Columns: ``action`` (its text notation), ``visits``, ``margin`` (mean
    final score margin of the player to move: own total minus the best other total),
    ``margin_se``, ``win_rate`` (0..1; a shared first place counts 1/k), ``win_rate_se``
    (standard errors, see the module's docstring; NaN for an option tried fewer than twice),
    ``close`` (within the error of the best: both good), ``best_in`` (of ``repeats`` runs, in
    how many it came out best). ``df.attrs``: game, player, budget (per run), seed, rollout,
    workers, repeats, forced (one legal option: returned without a search, budget 0),
    design_effect ({"margin", "win_rate"}), stability (share of the runs whose best is the
    table's best), strength (see :func:`strength`), ranking (the rule in English).

    ``budget``: search iterations per run (None: the game's ``DEFAULT_ITERATIONS``);
    ``rollout``: None (the game's search player, as ``game.policy("mcts")``), or "random" /
    "greedy" (plain rollouts to the end); ``progress``: None (a bar when it runs longer than
    about 2 s), False, or a callable ``progress(done, total)``."""
    _check_state(state)
    budget = default_iterations(state.game) if budget is None else check_iterations(budget, "budget")
    seed = check_seed(seed)
    check_rollout(rollout)
    check_workers(workers)
    check_progress(progress)
    if type(repeats) is not int or not 1 <= repeats <= 100:
        raise ValueError(f"repeats must be an integer from 1 to 100, got {repeats!r}")
    legal = state.legal_actions()
    attrs = dict(game=state.game.name, player=state.to_move, budget=budget, seed=seed, rollout=rollout,
                 workers=workers, repeats=repeats)
    if len(legal) == 1:  # a forced decision: nothing to search (the one row has no statistics)
        df = table(legal, [])
        df.attrs.update(attrs, budget=0, forced=True, strength=strength(state.game, None))
        return df
    runs = [Task(state, budget, repeat_seed(seed, r), rollout) for r in range(repeats)]
    results = run_tasks(runs, workers, progress)
    df = table(legal, [part for parts in results for part in parts], [best_of(legal, parts) for parts in results])
    df.attrs.update(attrs, forced=False, strength=strength(state.game, budget, rollout))
    return df


def repeat_seed(seed: int, repeat: int) -> int:
    """The seed of run ``repeat`` of ``advise(seed=seed, repeats=...)`` (run 0 is ``seed`` itself)."""
    return seed if repeat == 0 else split_seed(seed, 1000 + repeat)


def _check_state(state) -> None:
    if not isinstance(state, State):
        raise ValueError(f"state must be a game position (a State, e.g. game.new_game(seed)), got {type(state).__name__}")
    if state.is_over:
        raise ValueError("the game is over: there is no decision to advise on")


def check_rollout(rollout) -> None:
    if rollout not in (None, "random", "greedy"):
        raise ValueError(f"rollout must be None (the game's search player), 'random' or 'greedy', got {rollout!r}")


def check_workers(workers) -> None:
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be an integer >= 1, got {workers!r}")


def check_progress(progress) -> None:
    if not (progress is None or progress is False or callable(progress)):
        raise ValueError(f"progress must be None (automatic), False or a callable (done, total), got {progress!r}")


def search_settings(game, rollout) -> Settings:
    """How the advisor searches: the game's search player (rollout None) or plain rollouts."""
    if rollout is None:
        try:
            return game.policy("mcts").settings
        except ValueError:  # a game without a search player of its own (a test game): plain rollouts
            return Settings()
    return Settings(rollout_policy(game, rollout))


def split_seed(seed: int, part: int) -> int:
    """The search seed of part ``part`` of a search started from ``seed``."""
    return int(np.random.SeedSequence(seed, spawn_key=(part,)).generate_state(1, dtype=np.uint64)[0])


# -- statistics ------------------------------------------------------------------------------------


def root_stats(task: "Task", iterations: int, part: int = 0, progress=None) -> dict:
    """{action text: (visits, win sum, win squares, margin sum, margin squares)} of the root's
    options after ``iterations`` iterations of tree ``part`` of ``task``."""
    rng = random.Random(split_seed(task.seed, part))
    every = max(1, iterations // PROGRESS_STEPS)
    root = search(task.state, iterations, rng, task.settings(), progress=progress,
                  progress_every=every if progress is not None else 0, root_options=task.root_options())
    return {str(a): _sums(node) for a, node in root.children.items()}


def _sums(node: Node) -> tuple:
    return node.visits, node.win, node.win_sq, node.margin, node.margin_sq


def add_stats(total: dict, more: dict) -> dict:
    for key, values in more.items():
        old = total.get(key)
        total[key] = values if old is None else tuple(a + b for a, b in zip(old, values))
    return total


def _mean_var(total: float, squares: float, n: int) -> tuple[float, float]:
    """The mean of ``n`` tries and the textbook variance of that mean (NaN below two tries)."""
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan
    return mean, max(0.0, (squares - n * mean * mean) / (n - 1)) / n


def _between_var(parts: list[dict], key: str, index: int) -> float:
    """The variance of option ``key``'s pooled mean (sum index ``index``) measured by the spread
    of its mean between the independent trees ``parts`` (NaN when fewer than two tried it)."""
    seen = [(p[key][0], p[key][index] / p[key][0]) for p in parts if key in p and p[key][0] > 0]
    if len(seen) < 2:
        return math.nan
    n = sum(v for v, _ in seen)
    mean = sum(v * x for v, x in seen) / n
    return len(seen) / (len(seen) - 1) * sum((v / n) ** 2 * (x - mean) ** 2 for v, x in seen)


def _option_var(parts: list[dict], key: str, index: int, pooled: float) -> float:
    """The variance of option ``key``'s mean: its own spread between the trees (one degree of
    freedom fewer than the trees that tried it), steadied by the pooled estimate ``pooled``
    (design effect times textbook variance) worth ``PRIOR_DOF`` degrees of freedom."""
    between = _between_var(parts, key, index)
    if math.isnan(between) or math.isnan(pooled):
        return pooled
    dof = sum(1 for p in parts if key in p and p[key][0] > 0) - 1
    return (dof * between + PRIOR_DOF * pooled) / (dof + PRIOR_DOF)


def design_effect(parts: list[dict], total: dict, index: int) -> float:
    """Real over textbook variance of the options' means (sums at ``index``: 1 win, 3 margin),
    pooled over the options at least two trees tried; 1 when nothing measures it."""
    real = textbook = 0.0
    for key, sums in total.items():
        between = _between_var(parts, key, index)
        _, var = _mean_var(sums[index], sums[index + 1], sums[0])
        if not (math.isnan(between) or math.isnan(var)):
            real, textbook = real + between, textbook + var
    return real / textbook if textbook > 0 else 1.0


def table(legal, parts: list[dict], bests: list[str] = ()) -> pd.DataFrame:
    """The advice table of the pooled trees ``parts`` (``bests``: the best option of each run)."""
    total: dict = {}
    for p in parts:
        add_stats(total, p)
    deff_win, deff_margin = design_effect(parts, total, 1), design_effect(parts, total, 3)
    rows = []
    for a in legal:
        text = str(a)
        visits, win, win_sq, margin, margin_sq = total.get(text, (0, 0.0, 0.0, 0.0, 0.0))
        m, m_var = _mean_var(margin, margin_sq, visits)
        w, w_var = _mean_var(win, win_sq, visits)
        m_se = math.sqrt(_option_var(parts, text, 3, m_var * deff_margin))
        w_se = math.sqrt(_option_var(parts, text, 1, w_var * deff_win))
        rows.append((text, int(visits), m, m_se, w, w_se, False, sum(b == text for b in bests)))
    df = pd.DataFrame(rows, columns=COLUMNS)
    df = df.iloc[sorted(range(len(df)), key=lambda i: _rank_key(df, i))].reset_index(drop=True)
    df["close"] = close_to_best(df)
    df = df.astype({"visits": "int64", "best_in": "int64", "close": "bool"})
    df.attrs.update(design_effect={"margin": deff_margin, "win_rate": deff_win},
                    stability=df.best_in[0] / len(bests) if len(bests) else math.nan, ranking=RANKING_RULE["en"])
    return df


def _rank_key(df: pd.DataFrame, i: int) -> tuple:
    """The ranking rule: options with an error first, by win rate, then margin, then listed order."""
    return (math.isnan(df.win_rate_se[i]), -_or(df.win_rate[i]), -_or(df.margin[i]), i)


def close_to_best(df: pd.DataFrame) -> list[bool]:
    """The ``close`` column of an advice table ranked best first: whether each option's win rate
    and margin are both within ``SEPARATION`` standard errors of the best's (the one rule of what
    "close" means, for the table, its summary and the lessons)."""
    df = df.reset_index(drop=True)
    return [_close(df, 0, i) for i in range(len(df))]


def _close(df: pd.DataFrame, best: int, i: int) -> bool:
    """Whether option ``i`` is within the error of option ``best`` in win rate and in margin."""
    if i == best:
        return True
    for value, se in (("win_rate", "win_rate_se"), ("margin", "margin_se")):
        a, b, sa, sb = df[value][best], df[value][i], df[se][best], df[se][i]
        if any(math.isnan(x) for x in (a, b, sa, sb)) or abs(a - b) > SEPARATION * math.hypot(sa, sb):
            return False
    return True


def best_of(legal, parts: list[dict]) -> str:
    """The best option of one run (its trees pooled) by the ranking rule."""
    return table(legal, parts).action[0]


def _or(x: float) -> float:
    return -math.inf if math.isnan(x) else x


# -- what the table says, in words ---------------------------------------------------------------


def strength(game, budget: int | None, rollout: str | None = None) -> dict:
    """How strong the player behind the advice is: its row of ``data/<game>/ratings-2p.csv``
    (player ``mcts-<budget>``: the game's search player) as {"player", "rating", "ci_low",
    "ci_high", "greedy"} (greedy's rating for scale). A player not in the table (another budget,
    plain ``rollout``s) gets {"player", "rating": None, "reference"}: the rated row of the game's
    search player at its default budget, so a reader still has a scale."""
    from boardlab.core.datasets import DATA

    if rollout is not None:
        player = f"plain {rollout} rollouts, {budget} a decision" if budget else f"plain {rollout} rollouts"
    else:
        player = f"mcts-{budget}" if budget else "plain rollouts"
    path = DATA / game.name / "ratings-2p.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8"))) if path.exists() else []
    found = {r["player"]: r for r in rows}
    greedy = float(found["greedy"]["rating"]) if "greedy" in found else None

    def rated(name: str) -> dict:
        row = found[name]
        return {"player": name, "rating": float(row["rating"]), "ci_low": float(row["ci_low"]),
                "ci_high": float(row["ci_high"]), "greedy": greedy}

    if rollout is None and budget and player in found:
        return rated(player)
    default = f"mcts-{default_iterations(game)}"
    return {"player": player, "rating": None, "rollout": rollout, "budget": budget,
            "reference": rated(default) if default in found else None}


_WORDS = {
    "en": {"best": "Best: {a} (win rate {w}, margin {m}).", "close": " Within the error of it: {others}: both good.",
           "clear": " It is clearly ahead of the other options.", "forced": "Only one option: {a}.",
           "rated": " Advice by {p}, rated {r:.0f} (95 %: {lo:.0f}-{hi:.0f}){g}.", "greedy": "; greedy {g:.0f}",
           "unrated": " Advice by {p} (not rated).", "stable": " Best in {k} of {n} runs.",
           "reference": " For scale: this game's search player {p} is rated {r:.0f}{g}."},
    "ko": {"best": "최선: {a} (승률 {w}, 점수 차 {m}).", "close": " 오차 범위 안에 있는 선택지: {others}. 모두 좋은 선택입니다.",
           "clear": " 다른 선택지보다 분명히 앞섭니다.", "forced": "선택지가 하나뿐입니다: {a}.",
           "rated": " {p}의 조언이며 평점은 {r:.0f} (95 %: {lo:.0f}-{hi:.0f}){g}입니다.", "greedy": ", greedy는 {g:.0f}",
           "unrated": " {p}의 조언입니다 (평점 없음).", "stable": " {n}번 중 {k}번 최선이었습니다.",
           "reference": " 비교 기준: 이 게임의 탐색 플레이어 {p}의 평점은 {r:.0f}{g}입니다."},
}


def summary(advice: pd.DataFrame, language: str = "en", name: Callable[[str], str] = str) -> str:
    """The advice in a few sentences: the best option with its figures, the options within the
    error of it, the strength of the player behind it and (repeats > 1) how stable the best was.
    ``name(action text)`` shows an action in ``language`` (e.g. ``glossary.action_text``)."""
    words = _WORDS[language]
    top = advice.iloc[0]
    if advice.attrs.get("forced"):
        return words["forced"].format(a=name(top.action))
    text = words["best"].format(a=name(top.action), w=_pm(100 * top.win_rate, 100 * top.win_rate_se, " %"),
                                m=_pm(top.margin, top.margin_se, "", signed=True))
    others = [name(a) for a in advice.action[1:][advice.close[1:]]]
    text += words["close"].format(others=", ".join(others)) if others else words["clear"]
    rating = advice.attrs.get("strength") or {"player": "?", "rating": None}
    if rating["rating"] is None:
        text += words["unrated"].format(p=_player_name(rating, language))
        reference = rating.get("reference")
        if reference:
            g = words["greedy"].format(g=reference["greedy"]) if reference.get("greedy") is not None else ""
            text += words["reference"].format(p=reference["player"], r=reference["rating"], g=g)
    else:
        g = words["greedy"].format(g=rating["greedy"]) if rating.get("greedy") is not None else ""
        text += words["rated"].format(p=rating["player"], r=rating["rating"], lo=rating["ci_low"],
                                      hi=rating["ci_high"], g=g)
    if advice.attrs.get("repeats", 1) > 1:
        text += words["stable"].format(k=int(top.best_in), n=advice.attrs["repeats"])
    return text


def _player_name(rating: dict, language: str) -> str:
    """The player of :func:`strength`'s answer in ``language`` (the English name as it is)."""
    rollout, budget = rating.get("rollout"), rating.get("budget")
    if language != "ko" or rollout is None:
        return rating["player"]
    kind = {"random": "무작위"}.get(rollout, rollout)
    return f"{kind} 롤아웃" + (f" (결정마다 {budget}회)" if budget else "")


def _pm(value: float, se: float, unit: str, signed: bool = False) -> str:
    shown = f"{value:+.1f}" if signed else f"{value:.1f}"
    return shown + unit if math.isnan(se) else f"{shown} ± {se:.1f}{unit}"


# -- running the trees, here or on worker processes ---------------------------------------------


class Task:
    """One search to run: ``PARTS`` independent trees (fewer for a tiny budget) from ``state``."""

    __slots__ = ("state", "budget", "seed", "rollout", "include", "_settings", "_options")

    def __init__(self, state: State, budget: int, seed: int, rollout, include: tuple = ()):
        # include: action texts the root must weigh even where the game's search looks only at its
        # few candidates (a review weighs the option the player took, whatever the search thinks of it)
        self.state, self.budget, self.seed, self.rollout, self.include = state, budget, seed, rollout, include
        self._settings = self._options = None

    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = search_settings(self.state.game, self.rollout)
        return self._settings

    def root_options(self) -> list | None:
        """The options the root weighs: None (as the search's ``candidates`` say), or where
        ``include`` names options, the candidates and those; found once for all the task's trees
        (a game's valuation of every option is the dearest step of a Five Tribes iteration)."""
        settings = self.settings()
        if not self.include or settings.candidates is None:
            return None
        if self._options is None:
            legal = self.state.legal_actions()
            options = list(settings.candidates(self.state, legal))
            self._options = options + [a for a in legal if str(a) in self.include and a not in options]
        return list(self._options)

    def __getstate__(self):  # a worker makes the settings again (a policy need not pickle)
        return self.state, self.budget, self.seed, self.rollout, self.include, None, self._options

    def __setstate__(self, values):
        self.state, self.budget, self.seed, self.rollout, self.include, self._settings, self._options = values

    def jobs(self) -> list[tuple[int, int]]:
        """(part, iterations) of each tree."""
        return list(enumerate(shares(self.budget, min(PARTS, self.budget))))


def shares(budget: int, parts: int) -> list[int]:
    """``budget`` iterations split as evenly as possible into ``parts`` parts."""
    return [budget // parts + (1 if k < budget % parts else 0) for k in range(parts)]


def run_tasks(tasks: list[Task], workers: int, progress, label: str = "advise") -> list[list[dict]]:
    """The root statistics of every tree of every task: ``[[part 0, part 1, ...] per task]``,
    grown here (``workers`` 1) or on worker processes; the same whatever ``workers`` is."""
    jobs = [(t, part, n) for t, task in enumerate(tasks) for part, n in task.jobs()]
    total = sum(n for _, _, n in jobs)
    reporter = _Reporter(progress, total, label)
    try:
        if workers == 1 or len(jobs) == 1:
            results = _run_here(tasks, jobs, reporter)
        else:
            results = _run_split(tasks, jobs, min(workers, len(jobs)), reporter)
    finally:
        reporter.close()
    out: list[list[dict]] = [[] for _ in tasks]
    for (t, _, _), stats in zip(jobs, results):
        out[t].append(stats)
    return out


def _run_here(tasks, jobs, reporter) -> list[dict]:
    results, done = [], 0
    report = progress_callable(reporter)
    for t, part, n in jobs:
        task = tasks[t]
        step = None if report is None else (lambda d, _n, base=done: report(base + d, reporter.total))
        results.append(root_stats(task, n, part, step))
        done += n
        if report is not None:
            report(done, reporter.total)
    return results


class _Reporter:
    """Progress: the caller's callable, nothing, or (automatic) a tqdm bar that appears once the
    work is expected to take longer than ``PROGRESS_AFTER`` seconds."""

    def __init__(self, progress, total: int, label: str = "advise"):
        self.callback = progress if callable(progress) else None
        self.auto = progress is None
        self.total = total
        self.label = label
        self.started = time.monotonic()
        self.bar = None

    def __call__(self, done: int, total: int) -> None:
        if self.callback is not None:
            self.callback(done, total)
            return
        if not self.auto or done == 0:
            return
        if self.bar is None:
            elapsed = time.monotonic() - self.started
            if done >= total or elapsed < 0.25 or elapsed / done * total < PROGRESS_AFTER:
                return
            if not (sys.stderr.isatty() or "ipykernel" in sys.modules):
                self.auto = False
                return
            self.bar = _bar(total, self.label)
        self.bar.update(done - self.bar.n)

    def active(self) -> bool:
        return self.callback is not None or self.auto

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _bar(total: int, label: str):
    from tqdm.auto import tqdm

    from boardlab.core.progress import label_text, language

    class Bar(tqdm):
        monitor_interval = 0  # no monitor thread: it would redraw the bar from a background thread

    return Bar(total=total, unit="회" if language() == "ko" else "it", desc=label_text(label))  # 회: searches


def progress_callable(reporter: _Reporter) -> Callable | None:
    return reporter if reporter.active() else None


def _worker(inbox, out) -> None:
    """A worker process: take units of work from ``inbox`` until a None (a unit: a list of
    ``(job id, task, part, iterations)``), grow their trees, and report
    progress and each result on ``out``."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the parent decides
    try:
        for unit in iter(inbox.get, None):
            for j, task, part, n in unit:

                def report(done, total, j=j):
                    out.put(("progress", j, done))

                out.put(("result", j, root_stats(task, n, part, report)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
        import traceback

        out.put(("error", -1, "".join(traceback.format_exception(exc))))


def units(tasks, jobs, workers: int) -> list[list[int]]:
    """The job ids dealt out together: every tree of a task as one unit when there are many tasks
    (a review: a worker takes the next whole decision when it is free, so the split follows what
    each decision really costs, and a decision's root options are found once), each tree alone
    when there are few (one advice: its trees are split over the workers)."""
    if len(tasks) < 2 * workers:
        return [[j] for j in range(len(jobs))]
    grouped: dict[int, list[int]] = {}
    for j, (t, _, _) in enumerate(jobs):
        grouped.setdefault(t, []).append(j)
    return list(grouped.values())


def _job(tasks, jobs, j: int) -> tuple:
    """What a worker needs to grow tree ``j``."""
    t, part, n = jobs[j]
    return j, tasks[t], part, n


def _run_split(tasks, jobs, workers: int, reporter: _Reporter) -> list[dict]:
    """The trees grown on ``workers`` processes from a forkserver (or spawned), each taking the next
    unit of work (``units``) from a shared queue when it is free."""
    from boardlab.core.playing import _context, stop_processes

    ctx = _context()
    inbox, out = ctx.Queue(), ctx.Queue()
    for unit in units(tasks, jobs, workers):
        inbox.put([_job(tasks, jobs, j) for j in unit])
    for _ in range(workers):
        inbox.put(None)  # no more work
    processes = [ctx.Process(target=_worker, args=(inbox, out), daemon=True, name=f"boardlab-advise-{w}")
                 for w in range(workers)]
    done = [0] * len(jobs)
    results: dict[int, dict] = {}
    try:
        for p in processes:
            p.start()
        while len(results) < len(jobs):
            try:
                kind, j, payload = out.get(timeout=0.2)
            except Exception:  # queue.Empty: check that every worker still lives
                lost = [p for p in processes if not p.is_alive() and p.exitcode != 0]
                if lost and out.empty():
                    raise RuntimeError(f"an advise worker process ended without reporting (exit code "
                                       f"{lost[0].exitcode})") from None
                continue
            if kind == "progress":
                done[j] = payload
                reporter(sum(done), reporter.total)
            elif kind == "result":
                results[j] = payload
                done[j] = jobs[j][2]
                reporter(sum(done), reporter.total)
            else:
                raise RuntimeError(f"an advise worker process failed:\n{payload}")
    finally:
        stop_processes(processes)
    return [results[j] for j in range(len(jobs))]

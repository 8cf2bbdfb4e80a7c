"""review(): which decisions of a game cost their player, what was better, and what was luck (issue 28).

The review replays a record and asks the advisor (:func:`boardlab.advise`: the game's search
player, its budget, errors measured from independent trees) about every decision of the chosen
seats that had more than one legal option. Per decision it reports the action taken and the best
one, each with its win chance and margin for the player who moved (with errors), the **loss**
(the best option's win chance minus the taken one's) and a **grade**:

* ``best``: the advisor's best option was taken;
* ``good``: the loss is within ``SEPARATION`` errors of nothing, or under ``GOOD`` (2 points);
* ``inaccuracy`` / ``mistake`` / ``blunder``: a loss clear of the error, under ``MISTAKE``
  (7 points) / under ``BLUNDER`` (15 points) / from 15 points of win chance up;
* ``unclear``: the search cannot judge (the option taken was tried fewer than twice, or its error
  is so large that a mistake could hide in it).

Per seat, **accuracy** averages Lichess's per-move accuracy of the win-chance loss
(``103.1668 · exp(-0.04354 · loss in points) - 3.1669``, clipped to 0-100; unclear decisions left
out). **Chance steps** are what the dice and cards did between a decision and the next one
reviewed: the win chance of the player who moved, after their decision, against its value at the
next decision (only where chance was drawn in between and no unreviewed choice was made), so luck
is told apart from decisions. **Key moments** are the largest changes of win chance, decisions
and chance together, that are clear of their error.

Each decision is searched with its own seed (``seed`` and the step), so a decision's row does not
depend on which other seats are reviewed or on ``workers``. The record is never changed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from boardlab.core import advise as advisor
from boardlab.core.game import check_seed
from boardlab.core.record import replay, start_state
from boardlab.core.search import check_iterations, default_iterations

__all__ = ["review", "Review", "GRADES", "DECISION_COLUMNS", "CHANCE_COLUMNS"]

#: the grades, best first
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder", "unclear")
#: a loss of win chance (0..1) below this is good whatever its error
GOOD = 0.02
#: from these losses on, a decision clear of its error is a mistake / a blunder (Lichess's
#: inaccuracy / mistake / blunder drops of 10 / 20 / 30 on its -100..100 win scale are 5 / 10 / 15
#: points on 0..1; boardlab's smallest band is a little wider, as a search of a few hundred
#: iterations is less sure than a chess engine)
MISTAKE, BLUNDER = 0.07, 0.15
#: a loss is clear of its error when it exceeds this many standard errors
SEPARATION = advisor.SEPARATION
#: key moments shown by default
KEY_MOMENTS = 3

DECISION_COLUMNS = ["step", "seat", "value", "value_se", "action", "best", "win", "win_se", "margin", "margin_se", "best_win",
                    "best_win_se", "best_margin", "best_margin_se", "loss", "loss_se", "grade", "options"]
CHANCE_COLUMNS = ["step", "seat", "before", "after", "change", "change_se"]

_GRADE_WORDS = {"ko": {"best": "최선", "good": "좋은 수", "inaccuracy": "부정확한 수", "mistake": "실수",
                       "blunder": "큰 실수", "unclear": "판단 보류"}}


@dataclass
class Review:
    """``decisions``: one row per reviewed decision (``DECISION_COLUMNS``: ``step`` is the
    1-based number of the action in the record; win chances 0..1 for the seat that moved:
    ``value`` of the position, ``win`` of the action taken, ``best_win`` of the best option);
    ``chance``: one row per chance step (``CHANCE_COLUMNS``: the win chance of ``seat`` after its
    decision at ``step`` and at the next reviewed decision); ``attrs``: game, players, seats,
    budget, seed, workers, seconds (wall time), record (its JSON)."""

    decisions: pd.DataFrame
    chance: pd.DataFrame
    attrs: dict = field(default_factory=dict)

    def accuracy(self) -> pd.DataFrame:
        """Per reviewed seat: decisions, accuracy (0-100), mean loss (points of win chance) and
        the count of each grade."""
        rows = []
        for seat in self.attrs["seats"]:
            mine = self.decisions[self.decisions.seat == seat]
            judged = mine[mine.grade != "unclear"]
            row = {"seat": seat, "decisions": len(mine),
                   "accuracy": float(np.mean([move_accuracy(x) for x in judged.loss])) if len(judged) else math.nan,
                   "mean_loss": 100 * float(judged.loss.mean()) if len(judged) else math.nan}
            row.update({g: int((mine.grade == g).sum()) for g in GRADES})
            rows.append(row)
        return pd.DataFrame(rows)

    def key_moments(self, n: int = KEY_MOMENTS) -> pd.DataFrame:
        """The ``n`` largest changes of win chance clear of their error: decisions (minus their
        loss) and chance steps, largest first. Columns: step, seat, kind ("decision" or
        "chance"), change (points of win chance for ``seat``, 0..1), change_se, what (the action
        taken and the better one, or "chance")."""
        d = self.decisions[self.decisions.grade.isin(("inaccuracy", "mistake", "blunder"))]
        rows = [(r.step, r.seat, "decision", -r.loss, r.loss_se, f"{r.action} (better: {r.best})")
                for r in d.itertuples()]
        rows += [(r.step, r.seat, "chance", r.change, r.change_se, "chance")
                 for r in self.chance.itertuples() if abs(r.change) > SEPARATION * r.change_se]
        df = pd.DataFrame(rows, columns=["step", "seat", "kind", "change", "change_se", "what"])
        return df.iloc[np.argsort(-df.change.abs().to_numpy(), kind="stable")].head(n).reset_index(drop=True)

    def table(self, language: str = "en", name=str) -> pd.DataFrame:
        """The decisions as a reader's table: win chances in percent ± error, the grade in
        ``language``; ``name(action text)`` shows an action (e.g. ``glossary.action_text``)."""
        d = self.decisions
        korean = language == "ko"
        heads = (("수", "자리", "둔 수", "최선", "둔 수의 승률", "최선의 승률", "손실 (%p)", "평가") if korean else
                 ("step", "seat", "taken", "best", "win chance taken", "win chance best", "loss (points)", "grade"))
        return pd.DataFrame({
            heads[0]: d.step, heads[1]: d.seat, heads[2]: [name(a) for a in d.action],
            heads[3]: [name(a) for a in d.best],
            heads[4]: [_percent(w, s) for w, s in zip(d.win, d.win_se)],
            heads[5]: [_percent(w, s) for w, s in zip(d.best_win, d.best_win_se)],
            heads[6]: [_percent(w, s, sign=False) for w, s in zip(d.loss, d.loss_se)],
            heads[7]: [grade_text(g, language) for g in d.grade],
        })

    def win_chances(self) -> pd.DataFrame:
        """The win chance of every seat over the game, one row per reviewed decision (``step``,
        then one column per seat): the mover's value of the position (``value``: the search's
        mean over all its tries, the same kind of mean as an option's win chance); with two
        seats the other's is its complement (a shared first place counts half), with more the
        others are unknown there (NaN)."""
        players = self.attrs["players"]
        rows = []
        for r in self.decisions.itertuples():
            row = {"step": r.step, **{s: math.nan for s in range(players)}}
            row[r.seat] = r.value
            if players == 2:
                row[1 - r.seat] = 1.0 - r.value
            rows.append(row)
        return pd.DataFrame(rows, columns=["step", *range(players)])

    def figure(self, language: str | None = None, seat_names=None):
        """The win chance of each seat over the game, the key moments numbered (a Figure), in
        ``language`` (None: the language figures are drawn in, ``plotting.use_language``)."""
        import matplotlib

        from boardlab.core import glossary, plotting

        korean = (language or glossary.language()) == "ko"
        font = plotting.korean_font() if korean else None
        with matplotlib.rc_context({"font.family": [font, "DejaVu Sans"]} if font else {}):
            return self._figure(korean, seat_names)

    def _figure(self, korean: bool, seat_names):
        from matplotlib.figure import Figure

        from boardlab.core import plotting
        from boardlab.core.game import Game

        chances = self.win_chances()
        fig = Figure(figsize=(8, 4.5))
        ax = fig.subplots()
        for seat in range(self.attrs["players"]):
            label = seat_names[seat] if seat_names else (f"{seat}번 자리" if korean else f"seat {seat}")
            points = chances[["step", seat]].dropna()
            ax.plot(points.step, 100 * points[seat], marker=".", label=label)
        for k, m in enumerate(self.key_moments().itertuples(), 1):
            y = chances.loc[chances.step >= m.step, m.seat].dropna()
            y = 100 * (y.iloc[0] if len(y) else 0.5)
            ax.annotate(str(k), (m.step, y), xytext=(0, 12), textcoords="offset points", ha="center",
                        fontweight="bold", arrowprops={"arrowstyle": "-"})
        ax.set_ylim(0, 100)
        ax.set_xlabel("기록의 수 번호" if korean else "step of the record")
        ax.set_ylabel("승률 (%)" if korean else "win chance (%)")
        ax.set_title("게임 동안의 승률과 핵심 순간" if korean else "Win chance over the game, key moments numbered")
        ax.legend(loc="best")
        game = Game.by_name(self.attrs["game"]).from_options(self.attrs["record"]["options"])
        plotting.stamp(fig, plotting.provenance(game, seed=self.attrs["record"].get("seed"),
                                                note=f"review: {self.attrs['budget']} iterations a decision, "
                                                     f"search seed {self.attrs['seed']}"))
        return fig


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from its loss of win chance (0..1), 0-100."""
    return float(min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * max(0.0, loss)) - 3.1669)))


def grade_text(grade: str, language: str = "en") -> str:
    return _GRADE_WORDS.get(language, {}).get(grade, grade)


def _percent(p: float, se: float, sign: bool = False) -> str:
    if math.isnan(p):
        return "–"
    shown = f"{100 * p:+.0f}" if sign else f"{100 * p:.0f}"
    return shown if math.isnan(se) else f"{shown} ± {100 * se:.0f}"


def grade(taken: str, best: str, loss: float, loss_se: float) -> str:
    """The grade of a decision from its loss of win chance and that loss's error (see the module)."""
    if taken == best:
        return "best"
    if math.isnan(loss) or math.isnan(loss_se):
        return "unclear"
    if loss < GOOD or loss <= SEPARATION * loss_se:
        # not clear of the error: good, unless the error could hide a mistake
        return "unclear" if SEPARATION * loss_se >= MISTAKE and loss >= GOOD else "good"
    return "inaccuracy" if loss < MISTAKE else "mistake" if loss < BLUNDER else "blunder"


def review(record, seats=None, budget: int | None = None, workers: int = 1, seed: int = 0,
           progress=None) -> Review:
    """Review every decision of ``seats`` (None: every seat) in ``record`` (a Record, its JSON
    or a file path) that had more than one legal option, with ``budget`` search iterations each
    (None: the game's ``DEFAULT_ITERATIONS``) on ``workers`` processes; ``progress`` as in
    :func:`boardlab.advise` (a bar, False or a callable ``(done, total)`` over all iterations)."""
    began = time.perf_counter()
    final = replay(record)  # checks the record (a clear RecordError naming the step) before any search
    record = final.record
    game = final.game
    players = len(final.win_shares())
    seats = _check_seats(seats, players)
    budget = default_iterations(game) if budget is None else check_iterations(budget, "budget")
    seed = check_seed(seed)
    advisor.check_workers(workers)
    advisor.check_progress(progress)
    points = _decision_points(game, record, seats)
    tasks = [advisor.Task(p.state, budget, advisor.split_seed(seed, p.step), None, include=(p.taken,)) for p in points]
    results = advisor.run_tasks(tasks, workers, progress, label="review")
    rows = [_decision_row(p, advisor.table(p.state.legal_actions(), parts)) for p, parts in zip(points, results)]
    decisions = pd.DataFrame(rows, columns=DECISION_COLUMNS).astype({"step": "int64", "seat": "int64",
                                                                      "options": "int64"})
    chance = _chance_steps(points, decisions, players)
    attrs = dict(game=game.name, players=players, seats=seats, budget=budget, seed=seed, workers=workers,
                 seconds=time.perf_counter() - began, record=record.to_json())
    return Review(decisions, chance, attrs)


def _check_seats(seats, players: int) -> list[int]:
    if seats is None:
        return list(range(players))
    if isinstance(seats, int) and not isinstance(seats, bool):
        seats = [seats]
    if (not isinstance(seats, (list, tuple)) or not seats
            or not all(type(s) is int and 0 <= s < players for s in seats)):
        raise ValueError(f"seats must be a seat number or a list of them, each from 0 to {players - 1} "
                         f"(this game has {players} seats), got {seats!r}")
    return sorted(set(seats))


@dataclass
class _Point:
    """A decision to review: the position before action ``step`` (1-based), the action taken,
    the chance draws made so far, and whether an unreviewed choice came since the previous point."""

    step: int
    state: object
    taken: str
    draws: int
    gap: bool


def _decision_points(game, record, seats) -> list[_Point]:
    state = start_state(game, record)
    if record.start is not None:
        state.seed = record.seed
    points, gap = [], False
    for step, text in enumerate(record.actions, 1):
        before = state.copy() if len(state.legal_actions()) > 1 else None
        state.apply(text)
        if before is None:
            continue
        if before.to_move in seats:  # the action's own notation (a record may hold the Korean one)
            points.append(_Point(step, before, str(state.history[-1]), before.chance.draws, gap))
            gap = False
        else:
            gap = True
    return points


def _decision_row(point: _Point, advice: pd.DataFrame) -> tuple:
    by_action = advice.set_index("action")
    best = advice.iloc[0]
    taken = by_action.loc[point.taken]
    loss = best.win_rate - taken.win_rate
    loss_se = math.hypot(best.win_rate_se, taken.win_rate_se)
    tried = advice[advice.visits > 0]
    weights = tried.visits / tried.visits.sum()
    value = float((weights * tried.win_rate).sum())
    value_se = float(np.sqrt((weights ** 2 * tried.win_rate_se.fillna(0.0) ** 2).sum()))
    return (point.step, point.state.to_move, value, value_se, point.taken, best.action, taken.win_rate, taken.win_rate_se,
            taken.margin, taken.margin_se, best.win_rate, best.win_rate_se, best.margin, best.margin_se,
            loss, loss_se, grade(point.taken, best.action, loss, loss_se), len(advice))


def _chance_steps(points: list[_Point], decisions: pd.DataFrame, players: int) -> pd.DataFrame:
    """Where chance was drawn between two reviewed decisions and no unreviewed choice came: the
    first mover's win chance after its decision, and at the next decision (2 seats: the
    complement when the other seat moves next; more seats: only when the same seat moves next)."""
    rows = []
    for k in range(len(points) - 1):
        here, there = points[k], points[k + 1]
        if there.gap or there.draws == here.draws:
            continue
        a, b = decisions.iloc[k], decisions.iloc[k + 1]
        if b.seat == a.seat:
            later = b.value
        elif players == 2:
            later = 1.0 - b.value
        else:
            continue
        rows.append((a.step, a.seat, a.win, later, later - a.win, math.hypot(a.win_se, b.value_se)))
    return pd.DataFrame(rows, columns=CHANCE_COLUMNS).astype({"step": "int64", "seat": "int64"})


# -- command line: the shipped example records, and a review of any record ------------------------

#: the seats of a shipped example: greedy (seat 0) against the game's search player (seat 1)
EXAMPLE_SEATS = ("greedy", "mcts")


def example_record(name: str, seed: int = 1):
    """A two-player game of ``name``, greedy in seat 0 against mcts (default budget) in seat 1."""
    from boardlab.core.game import game_class
    from boardlab.core.policies import play

    return play(game_class(name)(players=2), list(EXAMPLE_SEATS), seed=seed).record


def main(argv=None) -> None:
    """``python -m boardlab.core.review RECORD.json [--budget N] [--workers N] [--seed N]`` prints
    a record's review; ``--example GAME [--seed N]`` writes data/GAME/review-example.json."""
    import argparse
    import sys

    from boardlab import cli_language
    from boardlab.cli_language import say, word
    from boardlab.core.datasets import DATA

    argv = list(sys.argv[1:] if argv is None else argv)
    with cli_language.commanding(argv):
        parser = argparse.ArgumentParser(
            prog="python -m boardlab.core.review", formatter_class=cli_language.formatter(),
            description=say(main.__doc__, "``python -m boardlab.core.review 기록.json [--budget N] [--workers N] "
                                          "[--seed N]``: 저장된 기록을 복기해 보여 줍니다. ``--example 게임 [--seed N]``: "
                                          "data/게임/review-example.json을 씁니다."))
        parser.add_argument("record", nargs="?", metavar=word(None, "기록"),
                            help=say("a saved record (JSON)", "저장된 기록 (JSON)"))
        parser.add_argument("--example", metavar=word("GAME", "게임"),
                            help=say("write data/GAME/review-example.json and stop",
                                     "data/게임/review-example.json을 쓰고 끝냅니다"))
        parser.add_argument("--budget", type=cli_language.number(int), default=None, metavar=word(None, "예산"))
        parser.add_argument("--workers", type=cli_language.number(int), default=1, metavar=word(None, "수"))
        parser.add_argument("--seed", type=cli_language.number(int), default=None, metavar=word(None, "시드"),
                            help=say("the game's seed (--example, default 1) or the review's search seed (default 0)",
                                     "게임의 난수 시드 (--example, 기본값 1) 또는 복기 탐색의 난수 시드 (기본값 0)"))
        cli_language.language_option(parser)
        args = parser.parse_args(argv)
        if not args.example and not args.record:
            parser.error(say("name a record to review, or --example GAME",
                             "복기할 기록을 주거나 --example 게임을 쓰세요"))
    if args.example:
        path = DATA / args.example / "review-example.json"
        example_record(args.example, 1 if args.seed is None else args.seed).save(path)
        print(f"wrote {path}")
        return
    r = review(args.record, budget=args.budget, workers=args.workers, seed=args.seed or 0)
    print(r.table().to_string(index=False))
    print(r.accuracy().to_string(index=False))
    print(r.key_moments().to_string(index=False))
    print(f"{len(r.decisions)} decisions reviewed in {r.attrs['seconds']:.1f} s")


if __name__ == "__main__":
    main()

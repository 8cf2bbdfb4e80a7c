"""What the four "What would a strong player do here?" lessons share: the advisor's answer as an
article table and as a plot with error bars, the strength ladder random < greedy < mcts from a
tournament, the verdicts a notebook may state about it, and the thin widget over a position.

The numbers come from :func:`boardlab.advise` (one row per legal option: ``action``, ``visits``,
``margin``, ``margin_se``, ``win_rate``, ``win_rate_se``, best first) and
:func:`boardlab.tournament` (``.pairings``: ``a``, ``b``, ``games``, ``wins_a``, ``win_rate_a``,
``ci_low``, ``ci_high``, ``margin_a``, ``margin_a_se``). Every label passes through the game's
translator ``T`` (:func:`boardlab.core.glossary.terms`), so each game's glossary holds the Korean.

* :func:`advice_view` ``(advice, T)``: the advisor's table in the one table style;
* :func:`close_call` ``(advice)``: whether the second option is close to the best;
  :func:`separation`: which options are clearly worse than the favourite (both by the advisor's
  one rule of "close", :func:`boardlab.core.advise.close_to_best`);
* :func:`advice_figure` ``(advice, T, note)``: each option's mean margin and win rate, 95 % bars;
* :func:`reach` ``(state, wanted)``: play a seeded game on to the decision a lesson discusses;
  :func:`via_json`: the same position rebuilt from its JSON form;
* :func:`ladder` ``(game, mcts=..., games=..., seed=...)``: the tournament behind the ladder;
* :func:`rung` / :func:`verdict` ``(pairings, stronger, weaker)``: one pairing seen from the
  stronger side, and "stronger", "weaker" or "unresolved" by its Wilson interval;
* :func:`ladder_view` / :func:`ladder_figure`: the ladder as a table and a plot;
* :class:`AdviceExplorer`: a position picker and a budget slider over the table and the plot;
* :class:`Lesson` ``(game, T, positions)``: all of the above bound to one game's words.
"""

from __future__ import annotations

import html
import math

import pandas as pd
from matplotlib.figure import Figure

from boardlab.core import glossary, plotting, tables
from boardlab.core import widgets as core_widgets
from boardlab.core import liveview
from boardlab.core.advise import close_to_best

#: The columns :func:`boardlab.advise` returns (api of issue 11).
ADVICE_COLUMNS = ("action", "visits", "margin", "margin_se", "win_rate", "win_rate_se")
#: The ladder, weakest first: each rung is a pairing of two neighbours.
LADDER = ("random", "greedy", "mcts")
#: Error bars and intervals are 95 %: 1.96 standard errors either side.
Z95 = 1.96
#: Options the plot shows at most (the table lists them all).
TOP = 12
VERDICTS = ("stronger", "weaker", "unresolved")


def check_advice(advice: pd.DataFrame) -> pd.DataFrame:
    """``advice`` itself, after checking it has the advisor's columns and at least one row."""
    missing = [c for c in ADVICE_COLUMNS if c not in advice.columns]
    if missing:
        raise ValueError(f"an advice table needs the columns {list(ADVICE_COLUMNS)}; missing {missing}")
    if advice.empty:
        raise ValueError("the advice table has no row: the position offers no decision")
    return advice


def _percent_pm(p, se) -> str:
    if tables._missing(p):
        return tables.BLANK
    return f"{tables.percent(p)} ± {tables.percent(se)}" if not tables._missing(se) else tables.percent(p)


def advice_view(advice: pd.DataFrame, T) -> pd.DataFrame:
    """The advisor's table as a reader sees it: rank, option, visits, mean margin ± SE, win rate ± SE."""
    df = check_advice(advice).reset_index(drop=True)
    shown = pd.DataFrame({
        "rank": range(1, len(df) + 1),
        T("option"): [_action(T, a) for a in df["action"]],
        T("visits"): [tables.number(int(v)) for v in df["visits"]],
        T("mean final margin (points)"): [tables.plus_minus(m, s) for m, s in zip(df["margin"], df["margin_se"])],
        T("win rate"): [_percent_pm(p, s) for p, s in zip(df["win_rate"], df["win_rate_se"])],
    }).set_index("rank")
    shown.index.name = T("rank")
    tables.check_article(shown)
    return shown


def _action(T, action) -> str:
    """An option of the advisor's table in the current language (the game's Korean notation)."""
    game = getattr(T, "game", None)
    return glossary.action_text(game, action) if game and game != "core" else str(action)


def close_call(advice: pd.DataFrame) -> bool:
    """Whether the advisor cannot tell its best option from the second: the second is ``close``
    by the advisor's own rule (:func:`boardlab.core.advise.close_to_best`: win rate and margin
    both within two standard errors of the best's). One option: False."""
    df = check_advice(advice)
    return len(df) >= 2 and close_to_best(df)[1]


def separation(advice: pd.DataFrame) -> pd.DataFrame:
    """Every option against the advisor's favourite (its first row): action, win_gap and
    margin_gap (the favourite's win rate and mean margin minus this one's), close (the advisor's
    rule, :func:`boardlab.core.advise.close_to_best`) and clearly_worse (not close, and tried
    often enough to have a standard error: an option without one is neither)."""
    df = check_advice(advice).reset_index(drop=True)
    best = df.iloc[0]
    out = pd.DataFrame({"action": df["action"], "win_gap": float(best["win_rate"]) - df["win_rate"].astype(float),
                        "margin_gap": float(best["margin"]) - df["margin"].astype(float),
                        "close": close_to_best(df)})
    out["clearly_worse"] = ~out["close"] & df["win_rate_se"].notna() & df["margin_se"].notna()
    return out


def advice_figure(advice: pd.DataFrame, T, note: str, *, title: str | None = None, top: int = TOP) -> Figure:
    """Each option's mean final margin (left) and win rate (right) for the player to move, with
    95 % error bars (1.96 SE), best at the top; at most ``top`` options (the rest are counted)."""
    df = check_advice(advice).reset_index(drop=True)
    shown = df.head(top).iloc[::-1]
    y = list(range(len(shown)))
    height = 1.9 + 0.36 * len(shown)
    fig = Figure(figsize=(10, height))
    left, right = fig.subplots(1, 2, sharey=True, gridspec_kw={"width_ratios": [1.2, 1]})
    colours = [plotting.PALETTE[1] if i == len(shown) - 1 else plotting.PALETTE[0] for i in y]
    for ax, column, scale in ((left, "margin", 1), (right, "win_rate", 100)):
        values = shown[column].astype(float) * scale
        errors = shown[column + "_se"].astype(float).fillna(0) * Z95 * scale
        for yi, v, e, c in zip(y, values, errors, colours):
            ax.errorbar(v, yi, xerr=e, fmt="o", color=c, ecolor=c, capsize=3, markersize=6)
        ax.grid(axis="y", visible=False)
    left.axvline(0, color="0.4", linewidth=0.8)
    right.axvline(50, color="0.4", linewidth=0.8, linestyle=":")
    right.set_xlim(-4, 104)
    left.set_yticks(y, [_action(T, a) for a in shown["action"]])
    left.set_xlabel(T("mean final margin (points), 95 % bars"))
    right.set_xlabel(T("win rate (%), 95 % bars"))
    for yi, visits in zip(y, shown["visits"]):
        right.annotate(T("{n} visits", n=int(visits)), (1.0, yi), xycoords=("axes fraction", "data"),
                       xytext=(4, 0), textcoords="offset points", va="center", fontsize=8, color="0.3")
    hidden = len(df) - len(shown)
    heading = title or T("What the advisor expects of each option")
    if hidden:
        heading += " " + T("(best {k} of {n} options)", k=len(shown), n=len(df))
    fig.suptitle(heading, fontsize=12)
    fig.subplots_adjust(left=0.34, right=0.9, wspace=0.08, top=1 - 0.5 / height, bottom=0.9 / height)
    return plotting.stamp(fig, note)


def advice_note(advice: pd.DataFrame, T) -> str:
    """The budget, seed and rollout the advice was made with (from ``advice.attrs``), for a provenance line."""
    a = advice.attrs
    return T("advisor budget {budget}, seed {seed}, {rollout} rollouts", budget=a.get("budget"),
             seed=a.get("seed"), rollout=T(str(a.get("rollout"))))


# -- positions -----------------------------------------------------------------------------------

def reach(state, wanted, *, policy="random", seed: int = 0, skip: int = 0, max_decisions: int = 10_000):
    """Play ``state`` on (in place) with ``policy`` until a decision for which ``wanted(state)``
    holds, ``skip`` such decisions passed over; returns ``state``. Raises ValueError when the
    game ends first."""
    import random

    from boardlab.core.policies import resolve_policy

    chooser = resolve_policy(state.game, policy)
    rng = random.Random(seed)
    for _ in range(max_decisions):
        if state.is_over:
            break
        if wanted(state):
            if skip == 0:
                return state
            skip -= 1
        state.apply(chooser(state, rng))
    raise ValueError(f"{state.game.name}: the game ended before the decision asked for was reached")


def asks(prefix: str):
    """A test for ``reach``: the decision asked now offers options whose text starts with ``prefix``
    (e.g. "choose", "move from")."""
    return lambda state: str(state.legal_actions()[0]).startswith(prefix)


def via_json(state):
    """The same position rebuilt from its JSON form (``game.state_from_json(state.to_json())``):
    what a reader who saved a position would load."""
    return state.game.state_from_json(state.to_json())


# -- the ladder ----------------------------------------------------------------------------------

def ladder(game, *, mcts: dict | None = None, games: int = 20, seed: int = 0, workers: int = 1, progress=None):
    """Random, greedy and mcts (``game.policy("mcts", **mcts)``) in a seat-rotated tournament
    (:func:`boardlab.tournament`), ``games`` games per pairing."""
    from boardlab.core.tournament import tournament  # boardlab.tournament

    # strongest first, so that each pairing's first player ("a") is the one expected to win
    players = {"mcts": game.policy("mcts", **(mcts or {})), "greedy": "greedy", "random": "random"}
    return tournament(game, players=players, games=games, seed=seed, workers=workers, progress=progress)


def rung(pairings: pd.DataFrame, stronger: str, weaker: str) -> dict:
    """The pairing of ``stronger`` and ``weaker`` seen from ``stronger``: games, wins (a tie
    counts half), win_rate, ci_low, ci_high (Wilson 95 %), margin, margin_se. A pairing stored
    the other way round is turned: the other side's wins are the games less these (ties are
    halves both ways), and the Wilson interval of 1 - p is 1 minus the interval of p, mirrored."""
    rows = pairings[(pairings["a"] == stronger) & (pairings["b"] == weaker)]
    if len(rows):
        r = rows.iloc[0]
        return {"games": int(r["games"]), "wins": float(r["wins_a"]), "win_rate": float(r["win_rate_a"]),
                "ci_low": float(r["ci_low"]), "ci_high": float(r["ci_high"]),
                "margin": float(r["margin_a"]), "margin_se": float(r["margin_a_se"])}
    rows = pairings[(pairings["a"] == weaker) & (pairings["b"] == stronger)]
    if not len(rows):
        raise ValueError(f"no pairing of {stronger!r} and {weaker!r}; pairings: "
                         f"{list(zip(pairings['a'], pairings['b']))}")
    r = rows.iloc[0]
    return {"games": int(r["games"]), "wins": int(r["games"]) - float(r["wins_a"]),
            "win_rate": 1 - float(r["win_rate_a"]), "ci_low": 1 - float(r["ci_high"]),
            "ci_high": 1 - float(r["ci_low"]), "margin": -float(r["margin_a"]), "margin_se": float(r["margin_a_se"])}


def verdict(pairings: pd.DataFrame, stronger: str, weaker: str) -> str:
    """"stronger" when the whole 95 % interval of ``stronger``'s win rate lies above one half,
    "weaker" when it lies below, "unresolved" when it holds one half."""
    r = rung(pairings, stronger, weaker)
    if r["ci_low"] > 0.5:
        return "stronger"
    if r["ci_high"] < 0.5:
        return "weaker"
    return "unresolved"


def ladder_rungs(pairings: pd.DataFrame, order=LADDER) -> pd.DataFrame:
    """One row per pairing of the ladder (each player against every weaker one), from the
    stronger side: stronger, weaker, games, wins, win_rate, ci_low, ci_high, margin, margin_se, verdict."""
    rows = []
    for i, weaker in enumerate(order):
        for stronger in order[i + 1:]:
            rows.append({"stronger": stronger, "weaker": weaker, **rung(pairings, stronger, weaker),
                         "verdict": verdict(pairings, stronger, weaker)})
    return pd.DataFrame(rows)


def ladder_view(pairings: pd.DataFrame, T, order=LADDER) -> pd.DataFrame:
    """The ladder as an article table: one row per pairing, the stronger-listed player's games,
    wins, win rate, its 95 % (Wilson) interval, mean margin ± SE, and what the interval says."""
    df = ladder_rungs(pairings, order)
    words = {"stronger": T("first is stronger"), "weaker": T("first is weaker"), "unresolved": T("not resolved")}
    shown = pd.DataFrame({
        T("pairing"): [T("{a} vs {b}", a=T(a), b=T(b)) for a, b in zip(df["stronger"], df["weaker"])],
        T("games"): [tables.number(int(g)) for g in df["games"]],
        T("wins"): [tables.number(int(w)) if float(w).is_integer() else tables.number(w, 1) for w in df["wins"]],
        T("win rate"): [tables.percent(p) for p in df["win_rate"]],
        T("95 % interval"): [tables.interval(lo, hi) for lo, hi in zip(df["ci_low"], df["ci_high"])],
        T("mean margin (points)"): [tables.plus_minus(m, s) for m, s in zip(df["margin"], df["margin_se"])],
        T("verdict"): [words[v] for v in df["verdict"]],
    }).set_index(T("pairing"))
    tables.check_article(shown)
    return shown


VERDICT_COLOURS = {"stronger": plotting.PALETTE[2], "weaker": plotting.PALETTE[5], "unresolved": "0.45"}


def ladder_figure(pairings: pd.DataFrame, T, note: str, order=LADDER) -> Figure:
    """Each pairing's win rate of the stronger-listed player with its 95 % Wilson interval,
    coloured by its verdict; the dotted line is one half (an even match)."""
    from matplotlib.lines import Line2D

    df = ladder_rungs(pairings, order).iloc[::-1].reset_index(drop=True)
    height = 2.8 + 0.5 * len(df)
    fig = Figure(figsize=(8, height))
    ax = fig.subplots()
    for i, r in df.iterrows():
        colour = VERDICT_COLOURS[r["verdict"]]
        # clipped at 0: an interval computed as 1 minus another can miss its point by a rounding error
        below, above = max(0.0, r["win_rate"] - r["ci_low"]), max(0.0, r["ci_high"] - r["win_rate"])
        ax.errorbar(100 * r["win_rate"], i, xerr=[[100 * below], [100 * above]],
                    fmt="o", color=colour, ecolor=colour, capsize=4, markersize=7)
    ax.axvline(50, color="0.3", linestyle=":", linewidth=1)
    ax.set_yticks(range(len(df)), [T("{a} vs {b}", a=T(a), b=T(b)) for a, b in zip(df["stronger"], df["weaker"])])
    ax.set_ylim(-0.6, len(df) - 0.4)
    ax.set_xlim(0, 100)
    ax.set_xlabel(T("win rate of the first player (%), 95 % Wilson interval"))
    ax.set_title(T("The strength ladder: random, greedy, mcts"))
    ax.grid(axis="y", visible=False)
    words = {"stronger": T("first is stronger"), "weaker": T("first is weaker"), "unresolved": T("not resolved")}
    shown = [v for v in VERDICTS if v in set(df["verdict"])]
    ax.legend([Line2D([], [], marker="o", color=VERDICT_COLOURS[v]) for v in shown], [words[v] for v in shown],
              loc="best", fontsize=8, framealpha=0.9)
    fig.subplots_adjust(left=0.24, right=0.97, bottom=1.1 / height, top=1 - 0.45 / height)
    return plotting.stamp(fig, note)


# -- the widget ----------------------------------------------------------------------------------

class AdviceExplorer:
    """Pick a position and a budget; see the advisor's table and plot for the player to move.

    ``positions``: {label: function returning a fresh state}; ``advise(state, budget)``: the
    advice table (a lesson passes :func:`boardlab.advise` with its seed and rollout fixed);
    ``note(state, advice)``: the figure's provenance line; ``picture(state)``, if given: the board
    as HTML, shown above the table so the reader sees the position advised on. The last state,
    advice and figure are kept (``.state``, ``.advice``, ``.figure``) so a test can set
    ``controls[name].value`` and check them without a kernel."""

    def __init__(self, positions: dict, advise, note, T, *, budget: int, budgets=(10, 2000), step: int = 10,
                 position: str | None = None, title: str = "", picture=None):
        import ipywidgets as W

        if not positions:
            raise ValueError("AdviceExplorer needs at least one position")
        lo, hi = budgets
        self.positions, self._advise, self._note, self._T = dict(positions), advise, note, T
        self._picture = picture
        self.state = self.advice = self.figure = None
        self.calls = 0
        picker = core_widgets.usable(W.Dropdown(options=list(self.positions), description=T("position"),
                                                value=position or next(iter(self.positions))))
        self.controls = {"position": picker,
                         "budget": core_widgets.slider(T("advisor budget (iterations)"), budget, lo, hi, step)}
        self.summary = W.HTML()
        self.output = W.HTML(layout=W.Layout(width="100%"))
        for control in self.controls.values():
            control.observe(self._refresh, names="value")
        self._refresh()
        rows = [W.HTML(f"<b>{html.escape(title)}</b>")] if title else []
        rows += [W.VBox(list(self.controls.values())), self.summary, self.output]
        self.widget = W.VBox(rows)

    def _values(self) -> dict:
        return {name: control.value for name, control in self.controls.items()}

    def _refresh(self, change=None):
        """``live_output``'s refresh, made safe against a control that changes while an answer is
        being computed (seen in JupyterLab under load: the picture of the older values arrived
        last and stayed): the picture is shown only if the controls still hold the values it
        was computed for, else it is computed again for the values they hold now."""
        while True:
            values = self._values()
            picture = liveview.render(self.update, values)
            if self._values() == values:
                self.output.value = picture
                return

    def update(self, position: str, budget: int):
        """Build the position, ask the advisor, show its summary line, table and plot."""
        from IPython.display import HTML, Image, display

        self.calls += 1
        self.summary.value = ""
        self.state = self.positions[position]()
        if self._picture is not None:
            display(HTML(self._picture(self.state)))
        self.advice = self._advise(self.state, budget)
        best = self.advice.iloc[0]
        close = close_call(self.advice)
        text = self._T("At budget {budget}, best for player {p}: <b>{action}</b>"
                       + (" (a close call at this budget)" if close else ""),
                       budget=budget, p=self.state.to_move, action=html.escape(_action(self._T, best["action"])))
        self.summary.value = text
        display(advice_view(self.advice, self._T))
        self.figure = advice_figure(self.advice, self._T, self._note(self.state, self.advice))
        display(Image(data=figure_png(self.figure)))

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def figure_png(fig, dpi: int = 80) -> bytes:
    """The figure as PNG bytes: what the widget's picture shows, in a kernel or not."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


# -- one game's lesson ---------------------------------------------------------------------------

class Lesson:
    """What one game's "strong player" notebook calls, bound to its game, translator and positions.

    ``game``: the ``Game`` the ladder plays (2 players); ``positions()``: {label: function
    returning a fresh state} for the widget. Every method is the shared view above with the
    game's words and provenance filled in; ``picture(state)``: the board as HTML for the widget."""

    def __init__(self, game, T, positions, picture=None):
        self.game, self.T, self.positions, self.picture = game, T, positions, picture

    def advice(self, state, budget: int, seed: int = 0, rollout: str = "random", progress=None) -> pd.DataFrame:
        """The advisor's table for the player to move (:func:`boardlab.advise`)."""
        from boardlab import advise

        return advise(state, budget=budget, seed=seed, rollout=rollout, progress=progress)

    def advice_table(self, table: pd.DataFrame) -> pd.DataFrame:
        return advice_view(table, self.T)

    def advice_summary(self, table: pd.DataFrame) -> str:
        """The ranking rule in one line, then the advice in a few sentences (the best option, the
        options within its error, the player behind it): :func:`boardlab.core.advise.summary`."""
        from boardlab.core.advise import RANKING_RULE, summary

        language = glossary.language()
        return RANKING_RULE[language] + "\n" + summary(table, language, lambda a: _action(self.T, a))

    def advice_note(self, table: pd.DataFrame) -> str:
        return plotting.provenance(self.game, note=advice_note(table, self.T))

    def advice_figure(self, table: pd.DataFrame, *, title: str | None = None) -> Figure:
        """The advisor's values with 95 % error bars, stamped with the game and the advisor's settings."""
        return advice_figure(table, self.T, self.advice_note(table), title=title)

    def ladder(self, games: int, iterations: int, seed: int = 0, workers: int = 1, progress=False, **mcts):
        """random, greedy and mcts (``iterations`` per decision, other ``MctsPolicy`` options
        such as ``horizon`` in ``mcts``) in a seat-rotated tournament."""
        return ladder(self.game, mcts={"iterations": iterations, "seed": seed, **mcts}, games=games, seed=seed,
                      workers=workers, progress=progress)

    def ladder_table(self, result) -> pd.DataFrame:
        return ladder_view(result.pairings, self.T)

    def ladder_figure(self, result, *, games: int, iterations: int, seed: int, horizon: int | None = None) -> Figure:
        budget = (self.T("mcts {n} iterations per decision", n=iterations) if horizon is None else
                  self.T("mcts {n} iterations per decision, rollouts cut after {h} decisions", n=iterations, h=horizon))
        note = plotting.provenance(self.game, games=games, seed=seed, policies=LADDER, note=budget)
        return ladder_figure(result.pairings, self.T, note)

    def explorer(self, budget: int = 200, seed: int = 0, budgets=(20, 1000), step: int = 20) -> AdviceExplorer:
        """The widget: a position and the advisor's budget; the table and the plot follow."""
        return AdviceExplorer(self.positions(), lambda state, b: self.advice(state, b, seed=seed, progress=False),
                              lambda state, table: self.advice_note(table), self.T, budget=budget,
                              budgets=budgets, step=step, title=self.T("What would a strong player do here?"),
                              picture=self.picture)


__all__ = ["ADVICE_COLUMNS", "LADDER", "Z95", "TOP", "VERDICTS", "check_advice", "advice_view", "close_call", "separation",
           "advice_figure", "advice_note", "reach", "asks", "via_json", "ladder", "rung", "verdict", "ladder_rungs", "ladder_view",
           "ladder_figure", "AdviceExplorer", "Lesson"]

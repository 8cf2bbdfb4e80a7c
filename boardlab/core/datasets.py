"""The shipped runs behind the notebooks' larger figures, and the seat-by-seat view of a run.

A notebook that needs more games than it can play in a minute reads a Parquet run under
``data/<game>/`` (written by ``boardlab simulate ... --out``; data/README.md names each command)
with :func:`load_or_play`. When the file is absent (an installed wheel has no ``data/``) or is not
the run asked for (other policies, options or seed), it plays a small live run instead, with the
same arguments, and says so in ``attrs["source"]``.

Runs here rotate the seats (``rotate_seats=True``) when the seats play different policies: every
deal is played once with each policy in each seat, so a policy's win rate is not helped or hurt
by where it sat, and the seat effect shows on its own. (With one policy in every seat a rotation
would replay the same game, so those runs are not rotated.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Sequence

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.stats import clustered_mean_se, wilson_interval

#: the repository's data folder (absent from an installed wheel)
DATA = Path(__file__).resolve().parents[2] / "data"


def shipped_run(game: str, name: str) -> Path:
    """``data/<game>/<name>.parquet``."""
    return DATA / game / f"{name}.parquet"


def _names(game: Game, policies: Sequence) -> list[str]:
    from boardlab.core.policies import policy_name, resolve_policies

    return [policy_name(p) for p in resolve_policies(game, policies)]


def rotates(game: Game, policies: Sequence) -> bool:
    """Whether a run of these seats rotates them: only when they play different policies."""
    return len(set(_names(game, policies))) > 1


def _is_the_run(info: dict, game: Game, policies: Sequence, seed: int) -> bool:
    wanted = {"game": game.name, "options": game.options(), "policies": _names(game, policies), "seed": seed,
              "rotate_seats": rotates(game, policies)}
    wanted = json.loads(json.dumps(wanted))  # as the file keeps it (tuples as lists)
    return all(info.get(k, False) == v for k, v in wanted.items()) and not info.get("partial")


def load_or_play(path, game: Game, policies: Sequence, seed: int, live_games: int, *, workers: int = 1,
                 progress: bool | None = None) -> pd.DataFrame:
    """The run at ``path`` if it is the (finished) run of ``game`` with ``policies`` from ``seed``,
    seats rotated as :func:`rotates` says; else ``simulate(game, policies, live_games, seed,
    rotate_seats=rotates(game, policies))``.
    ``attrs["source"]`` is ``"dataset"`` (with ``attrs["path"]``) or ``"live"``."""
    from boardlab.core.runs import load_runs, read_run_info
    from boardlab.core.simulate import simulate

    path = Path(path)
    info = read_run_info(path) if path.is_file() else None
    if info is not None and _is_the_run(info, game, policies, seed):
        df = load_runs(path)
        df.attrs.update(source="dataset", path=str(path))
        return df
    df = simulate(game, list(policies), live_games, seed, workers=workers, progress=progress,
                  rotate_seats=rotates(game, policies))
    df.attrs["source"] = "live"
    return df


def dataset_name(policies: Sequence[str]) -> str:
    """The file name a shipped run of these seats has: ``seats-greedy-random-random``."""
    return "seats-" + "-".join(policies)


def seat_run(game: Game, policies: Sequence[str], seed: int, live_games: int, *, workers: int = 1,
             progress: bool | None = None, path=None) -> pd.DataFrame:
    """:func:`load_or_play` of the shipped ``data/<game>/seats-<policies>.parquet`` (or ``path``)."""
    if isinstance(policies, str) or not all(isinstance(p, str) for p in policies):
        raise ValueError(f"policies must be a list of policy names, one per seat, got {policies!r}")
    path = shipped_run(game.name, dataset_name(policies)) if path is None else path
    return load_or_play(path, game, policies, seed, live_games, workers=workers, progress=progress)


def seat_provenance(df: pd.DataFrame, T: Callable = lambda s, **f: s.format(**f)) -> str:
    """The provenance line of a seat run: the games, their source, whether the seats rotated."""
    from boardlab.core.plotting import provenance
    from boardlab.core.runs import game_of

    game = game_of(df.attrs)
    a = df.attrs
    note = T("shipped dataset {name}", name=Path(a["path"]).name) if a.get("source") == "dataset" else T("live run")
    if a.get("rotate_seats"):
        note += " · " + T("{deals} deals, each from every seat", deals=f"{a['games']:,}")
    return provenance(game, games=a["games_finished"], seed=a["seed"], policies=[T(p) for p in a["policies"]],
                      note=note)


def seat_summary(df: pd.DataFrame) -> pd.DataFrame:
    """One row per policy and seat, and one per policy over all seats (seat "all"): games, wins
    (a tie shares the win: 1/k each), win rate with its standard error and 95 % interval, mean total with its
    standard error, fair share. Errors are clustered by deal (games of one deal share its dice,
    and a policy in two seats of a game is counted twice); the interval is Wilson's on the
    effective number of games (games over the design effect: the clustered variance over the
    independent one), so it stays inside 0-1 and widens with the clustering."""
    players = int(df["players"].iloc[0])
    rows = []
    for policy, by_policy in df.groupby("policy", sort=False):
        groups = [(seat, g) for seat, g in by_policy.groupby("seat")] + [("all", by_policy)]
        for seat, g in groups:
            n = len(g)
            rate, rate_se = clustered_mean_se(g["win_share"], g["deal"])
            independent = rate * (1 - rate) / n
            clustered = rate_se ** 2 if rate_se == rate_se else 0.0  # no error with one deal: nan
            effective = n if not clustered or not independent else min(n, n * independent / clustered)
            lo, hi = wilson_interval(min(max(rate * effective, 0.0), effective), effective)
            mean, se = clustered_mean_se(g["total"], g["deal"])
            rows.append({"policy": policy, "seat": seat, "games": n, "wins": float(g["win_share"].sum()),
                         "win rate": rate, "win rate se": rate_se, "lo": lo, "hi": hi, "mean total": mean,
                         "total se": se,
                         "fair share": 1 / players})
    return pd.DataFrame(rows)


def seat_view(summary: pd.DataFrame, T: Callable = lambda s, **f: s.format(**f)) -> pd.DataFrame:
    """:func:`seat_summary` as a reader sees it (the core's table style): one row per policy and
    seat, the win rate and its 95 % interval as percentages, the mean total with its error."""
    from boardlab.core.tables import article_table, interval, plus_minus

    shown = summary.assign(
        seat=[T("all seats") if s == "all" else s for s in summary["seat"]],
        policy=[T(p) for p in summary["policy"]],
        interval=[interval(lo, hi, 1) for lo, hi in zip(summary["lo"], summary["hi"])],
        total=[plus_minus(m, se, 1) for m, se in zip(summary["mean total"], summary["total se"])])
    return article_table(shown, index=["policy", "seat"], columns=["games", "wins", "win rate", "interval", "total"],
                         formats={"win rate": "percent"},
                         rename={"games": T("games"), "wins": T("wins"), "win rate": T("win rate"),
                                 "interval": T("95 % interval"), "total": T("mean total ± se")},
                         terms=getattr(T, "game", None))


def seat_figure(summary: pd.DataFrame, provenance_line: str, T: Callable = lambda s, **f: s.format(**f)):
    """Win rate of each policy in each seat (and over all seats), Wilson 95 % intervals, against
    the fair share 1/players. ``T``: the game's translator for the labels."""
    import matplotlib.pyplot as plt

    from boardlab.core.plotting import PALETTE, stamp

    fig, ax = plt.subplots(figsize=(8, 4))
    policies = list(dict.fromkeys(summary["policy"]))
    seats = list(dict.fromkeys(summary["seat"]))
    width = 0.8 / len(policies)
    for k, policy in enumerate(policies):
        g = summary[summary["policy"] == policy].set_index("seat").reindex(seats)
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(seats))]
        # clipped at 0: at a win rate of 0 or 1 the interval's end can miss the rate by a rounding error
        below, above = (g["win rate"] - g["lo"]).clip(lower=0), (g["hi"] - g["win rate"]).clip(lower=0)
        ax.errorbar(xs, g["win rate"], yerr=[below, above], fmt="o",
                    capsize=3, color=PALETTE[k % len(PALETTE)], label=T(policy))
    ax.axhline(summary["fair share"].iloc[0], color="0.4", linestyle="--", linewidth=1,
               label=T("fair share 1/players"))
    ax.set_xticks(range(len(seats)), [T("all seats") if s == "all" else T("seat {seat}", seat=s) for s in seats])
    ax.set(title=T("Win rate by policy and seat (Wilson 95% intervals)"), ylabel=T("win rate"), ylim=(-0.02, 1.02))
    ax.legend(loc="best")
    stamp(fig, provenance_line)
    plt.close(fig)
    return fig


__all__ = ["DATA", "shipped_run", "rotates", "load_or_play", "dataset_name", "seat_run", "seat_provenance",
           "seat_summary", "seat_view", "seat_figure"]

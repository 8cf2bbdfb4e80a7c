"""tournament(): who is stronger, and how sure are we? (issue 11, point 3)

Every pairing of the named players plays ``games`` seeded games with the seats rotated (game
``i`` seats the pair's policies ``a, b, a, ...`` rotated by ``i`` places, so each sits in every
seat equally often), through :func:`boardlab.core.simulate.run_games` (the same seeds, workers
and Ctrl-C handling as ``simulate``). A game counts as a win for ``a`` when a's best seat ranks
above b's best seat, half a win when they tie. The result holds per pairing the win rate of
``a`` with its Wilson 95 % interval and the mean score margin (a's best total minus b's best
total) with its standard error, and Elo-style ratings fitted to all pairings (Bradley-Terry).

Command line (one core; the strength figures of the issue's note)::

    python -m boardlab.core.tournament --game whitecastle --players greedy,mcts --games 100
"""

from __future__ import annotations

import argparse
import itertools
import math
from dataclasses import dataclass
from typing import Mapping

import pandas as pd

from boardlab.core.game import Game
from boardlab.core.simulate import run_games
from boardlab.core.stats import wilson_interval

__all__ = ["tournament", "TournamentResult", "elo_ratings", "budget_players", "PAIRING_COLUMNS"]

PAIRING_COLUMNS = ["a", "b", "games", "wins_a", "win_rate_a", "ci_low", "ci_high", "margin_a", "margin_a_se"]
#: Elo points for a 10:1 strength ratio, and the mean rating
ELO_SCALE, ELO_MEAN = 400.0, 1000.0
#: the ratings' intervals are 95 %: 1.96 standard errors either side
Z95 = 1.96


@dataclass
class TournamentResult:
    """``pairings``: one row per pair of players (columns ``PAIRING_COLUMNS``); ``ratings``:
    ``player``, ``rating`` (Elo-style, mean 1000), best first; ``attrs``: the provenance."""

    pairings: pd.DataFrame
    ratings: pd.DataFrame
    attrs: dict

    def table(self) -> pd.DataFrame:
        """The pairings as an article table: win rate and interval in percent, margin ± SE."""
        p = self.pairings
        return pd.DataFrame({
            "pairing": p.a + " vs " + p.b,
            "games": p.games,
            "a wins (%)": (100 * p.win_rate_a).round(1),
            "95 % interval (%)": [f"{100 * lo:.1f}-{100 * hi:.1f}" for lo, hi in zip(p.ci_low, p.ci_high)],
            "a's margin": [f"{m:+.1f} ± {se:.1f}" for m, se in zip(p.margin_a, p.margin_a_se)],
        })


def tournament(game: Game, players: Mapping | None = None, games: int = 100, seed: int = 0, workers: int = 1,
               progress: bool | None = None) -> TournamentResult:
    """Seat-rotated matches between every pair of ``players`` ({label: policy spec}; default
    random, greedy and mcts at its default budget), ``games`` games per pairing, seeded by
    ``seed`` (pairing k uses ``seed + k``)."""
    if game.players < 2:
        raise ValueError(f"a tournament needs at least two seats; {game.name} is set up for {game.players} player")
    if players is None:
        players = {"random": "random", "greedy": "greedy", "mcts": "mcts"}
    if not isinstance(players, Mapping) or len(players) < 2 or not all(isinstance(k, str) for k in players):
        raise ValueError(f"players must be a dict of at least two {{label: policy}}, got {players!r}")
    rows, outcomes = [], []
    for k, (a, b) in enumerate(itertools.combinations(players, 2)):
        seats = [players[a] if s % 2 == 0 else players[b] for s in range(game.players)]
        run = run_games(game, seats, games, seed + k, workers=workers, progress=progress, rotate=True,
                        label=f"{a} vs {b}")
        scored = [_pair_outcome(game.players, r) for r in run.results if r.sheet is not None]
        rows.append(_pairing_row(a, b, scored))
        outcomes.append((a, b, sum(w for w, _ in scored), len(scored)))
    pairings = pd.DataFrame(rows, columns=PAIRING_COLUMNS).astype({"games": "int64"})
    ratings = elo_ratings(list(players), outcomes)
    attrs = {"game": game.name, "options": game.options(), "players": {k: _spec_text(v) for k, v in players.items()},
             "games": games, "seed": seed}
    pairings.attrs.update(attrs)
    return TournamentResult(pairings, ratings, attrs)


def _spec_text(spec) -> str:
    return spec if isinstance(spec, str) else repr(spec)


def _pair_outcome(n: int, result) -> tuple[float, float]:
    """(a's win share, a's margin) of one game; seat s played a when ``(s - game_id) % n`` is even
    (the rotation of ``run_games``)."""
    a_seats = [s for s in range(n) if ((s - result.game_id) % n) % 2 == 0]
    b_seats = [s for s in range(n) if s not in a_seats]
    best_rank_a = min(result.ranks[s] for s in a_seats)
    best_rank_b = min(result.ranks[s] for s in b_seats)
    win = 1.0 if best_rank_a < best_rank_b else 0.5 if best_rank_a == best_rank_b else 0.0
    total = lambda s: result.sheet[s]["total"]  # noqa: E731
    return win, float(max(total(s) for s in a_seats) - max(total(s) for s in b_seats))


def _pairing_row(a: str, b: str, scored: list) -> list:
    n = len(scored)
    wins = sum(w for w, _ in scored)
    low, high = wilson_interval(wins, n) if n else (math.nan, math.nan)
    margins = [m for _, m in scored]
    mean = sum(margins) / n if n else math.nan
    se = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1) / n) if n > 1 else math.nan
    return [a, b, n, wins, wins / n if n else math.nan, low, high, mean, se]


def elo_ratings(players: list[str], outcomes: list[tuple[str, str, float, int]], rounds: int = 500) -> pd.DataFrame:
    """Bradley-Terry strengths fitted to (a, b, a's wins, games) by the minorise-maximise
    iteration, as Elo-style ratings (400 points: 10 times the odds), mean 1000. Half a win each
    way is added to every pairing, so that a clean sweep gives a finite rating. Columns player,
    rating, se and the 95 % interval ci_low..ci_high: the standard errors come from the curvature
    of the log-likelihood at the fit (its Fisher information, with the mean rating held fixed)."""
    strength = dict.fromkeys(players, 1.0)
    wins = dict.fromkeys(players, 0.0)
    games: dict[tuple[str, str], float] = {}
    for a, b, w, n in outcomes:
        wins[a] += w + 0.5
        wins[b] += n - w + 0.5
        games[a, b] = games.get((a, b), 0.0) + n + 1
    for _ in range(rounds):
        new = {}
        for p in players:
            denom = sum(n / (strength[a] + strength[b]) for (a, b), n in games.items() if p in (a, b))
            new[p] = wins[p] / denom if denom else strength[p]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {p: math.exp(math.log(v) - mean_log) for p, v in new.items()}
    per_log = ELO_SCALE / math.log(10)  # rating points per unit of log strength
    se = {p: per_log * s for p, s in zip(players, _log_strength_se(players, strength, games))}
    rows = [(p, ELO_MEAN + ELO_SCALE * math.log10(strength[p]), se[p]) for p in players]
    df = pd.DataFrame(rows, columns=["player", "rating", "se"])
    df["ci_low"], df["ci_high"] = df.rating - Z95 * df.se, df.rating + Z95 * df.se
    return df.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)


def _log_strength_se(players: list[str], strength: dict, games: dict) -> list[float]:
    """Standard errors of the fitted log strengths: the pseudo-inverse of the Fisher information
    (the log strengths sum to zero, so the information matrix is singular along the all-ones
    direction, which the pseudo-inverse leaves out). A player never met has an infinite error."""
    import numpy as np

    index = {p: i for i, p in enumerate(players)}
    info = np.zeros((len(players), len(players)))
    for (a, b), n in games.items():
        q = strength[a] / (strength[a] + strength[b])
        w = n * q * (1 - q)
        i, j = index[a], index[b]
        info[i, i] += w
        info[j, j] += w
        info[i, j] -= w
        info[j, i] -= w
    cov = np.linalg.pinv(info)
    return [math.sqrt(max(cov[i, i], 0.0)) if info[i, i] > 0 else math.inf for i in range(len(players))]


def budget_players(game: Game, budgets, greedy: bool = True, random_player: bool = False) -> dict:
    """{label: policy} for a ratings tournament: "greedy" (and "random") and ``mcts-<n>`` for each
    budget n (``game.policy("mcts", iterations=n)``, the game's own search defaults otherwise)."""
    players = {"random": "random"} if random_player else {}
    if greedy:
        players["greedy"] = "greedy"
    for n in budgets:
        players[f"mcts-{n}"] = game.policy("mcts", iterations=n)
    return players


# -- command line --------------------------------------------------------------------------------


def main(argv=None) -> None:
    import sys

    from boardlab import cli_language
    from boardlab.cli_language import number, say, word

    argv = list(sys.argv[1:] if argv is None else argv)
    with cli_language.commanding(argv):
        parser = argparse.ArgumentParser(
            prog="python -m boardlab.core.tournament", formatter_class=cli_language.formatter(),
            description=say(__doc__.split("\n")[0], "tournament(): 누가 더 강하고, 얼마나 확신할 수 있을까? (이슈 11, 3번)"))
        parser.add_argument("--game", required=True, metavar=word(None, "게임"))
        parser.add_argument("--players", default="greedy,mcts", metavar=word(None, "정책들"),
                            help=say("comma-separated policy names", "쉼표로 나눈 정책 이름"))
        parser.add_argument("--games", type=number(int), default=100, metavar=word(None, "수"))
        parser.add_argument("--seed", type=number(int), default=0, metavar=word(None, "시드"))
        parser.add_argument("--workers", type=number(int), default=1, metavar=word(None, "수"))
        parser.add_argument("--count", type=number(int), default=2, metavar=word(None, "인원"),
                            help=say("players at the table", "한 게임의 플레이어 수"))
        parser.add_argument("--iterations", type=number(int), default=None, metavar=word(None, "수"),
                            help=say("mcts budget (default: the game's)", "mcts 예산 (기본값: 게임의 기본 예산)"))
        parser.add_argument("--rollout", default=None, metavar=word(None, "정책"),
                            help=say("mcts rollout policy (default: the game's)", "mcts 롤아웃 정책 (기본값: 게임의 것)"))
        parser.add_argument("--horizon", type=number(int), default=None, metavar=word(None, "수"))
        parser.add_argument("--budgets", default=None, metavar=word(None, "예산들"),
                            help=say("a ratings round robin: greedy and mcts at these budgets, e.g. 50,150,450 "
                                     "(replaces --players)",
                                     "평점을 내는 리그전: greedy와 이 예산들의 mcts, 예: 50,150,450 (--players 대신)"))
        parser.add_argument("--ratings-csv", default=None, metavar=word(None, "파일"),
                            help=say("write the ratings table (with games and seed) to this CSV",
                                     "평점표 (게임 수와 난수 시드 포함)를 이 CSV 파일에 씁니다"))
        cli_language.language_option(parser)
        args = parser.parse_args(argv)
    game = Game.by_name(args.game)(players=args.count)
    names = [] if args.budgets else args.players.split(",")
    players = budget_players(game, [int(b) for b in args.budgets.split(",")]) if args.budgets else {}
    for name in names:
        spec = name
        if name == "mcts":
            params = {k: v for k, v in (("iterations", args.iterations), ("rollout", args.rollout),
                                        ("horizon", args.horizon)) if v is not None}
            spec = game.policy("mcts", **params) if params else "mcts"
        players[name] = spec
    result = tournament(game, players, games=args.games, seed=args.seed, workers=args.workers)
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(f"{args.game}, {args.count} players, {args.games} games per pairing, seed {args.seed}")
        print(result.pairings.to_string(index=False))
        print(result.ratings.to_string(index=False))
    if args.ratings_csv:
        write_ratings(result, args.ratings_csv)


def write_ratings(result: TournamentResult, path) -> None:
    """The ratings table as CSV: player, rating, se, ci_low, ci_high (rounded to 0.1), plus the
    game, players at the table, games per pairing and seed on every row."""
    table = result.ratings.round({"rating": 1, "se": 1, "ci_low": 1, "ci_high": 1})
    table.insert(0, "game", result.attrs["game"])
    table["players_at_table"] = result.attrs["options"].get("players")
    table["games_per_pairing"], table["seed"] = result.attrs["games"], result.attrs["seed"]
    table.to_csv(path, index=False)


if __name__ == "__main__":
    main()

"""The White Castle game recorder behind notebooks 03-05: what happens in simulated games.

:func:`record_games` watches the games :func:`boardlab.simulate` plays (through
:func:`boardlab.core.observe.observe`) and keeps three tables (:class:`GameRecords`): the
scores with each seat's final holdings, one row per pick (a take decision: the core recorder's
columns ``game``, ``seat``, ``policy``, ``decision``, ``action``, then what the taker saw: the
other end of that bridge and the icons in its lantern area), and one row per round end and
bridge. :func:`record_many` does it for several player counts and tables, with a progress bar.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from boardlab.core import widgets as core_widgets
from boardlab.core import plotting
from boardlab.core.observe import observe
from boardlab.whitecastle import components as C
from boardlab.whitecastle.dice import COLOURS
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.odds import PLAYER_COUNTS
from boardlab.whitecastle.rules import DICE_PER_PLAYER_ROUND
from boardlab.whitecastle.lessons.common import T, POLICY_COLOURS, game_provenance, icons_text, lantern_reward

@dataclass
class GameRecords:
    """What happened in a batch of simulated games.

    ``scores``: one row per player per game, the columns of :func:`boardlab.simulate` plus
    ``start_position`` (1 = first in the initial turn order) and the final holdings (courtiers
    per level, warriors per yard, cards in the lantern area); ``picks``: one row per die taken
    (the core recorder's game, seat, policy, decision, action; then round, turn, colour, pips,
    end, the other end of that bridge, lone die, the taker's lantern, the space the die went to); ``rounds``: one
    row per game, round and bridge (dice left at round end, whether it still holds a die, the
    gardeners on its two gardens then, and the garden actions they get)."""

    game: Game
    policies: list[str]
    games: int
    seed: int
    scores: pd.DataFrame
    picks: pd.DataFrame
    rounds: pd.DataFrame

    @property
    def label(self) -> str:
        names = sorted(set(self.policies))
        if len(names) == 1:
            return names[0]
        return " vs ".join(f"{n} × {self.policies.count(n)}" if self.policies.count(n) > 1 else n for n in names)

    def provenance(self) -> str:
        return plotting.provenance(self.game, games=self.games, seed=self.seed, policies=self.policies)


class GameRecorder:
    """The observer (see :func:`boardlab.core.observe.observe`) behind :func:`record_games`,
    for one game: it notes every die taken and where it went, and what the engine does when
    each round ends.

    Round ends are read from the engine itself: before each decision of a round's last turn
    the recorder replays the decision on a copy of the position and reads, at the moment the
    engine ends the round, the dice left on each bridge, the gardeners standing on each garden
    card and the engine's own list of round-end garden activations (``state.activations``). The
    engine starts the first activation in the same step, so the list is read on the copy as the
    engine makes it; the game itself is never touched."""

    def start(self, state, info) -> None:
        self.policies = info.policies
        self.start_order = list(state.order)
        self.last_turn = DICE_PER_PLAYER_ROUND * state.game.players - 1
        self.picks: list[dict] = []
        self.steps = 0
        self.rounds: list[dict] = []

    def step(self, state, action) -> None:
        self.steps += 1
        if action.kind == "take":
            bridge = state.bridges[COLOURS.index(action.x)]
            seat = state.to_move
            lantern = lantern_reward(state.players[seat].lantern)
            self.picks.append({"game": state.game.name, "step": self.steps - 1, "seat": seat, "policy": self.policies[seat],
                               "decision": "take", "action": str(action),
                               "round": state.round, "turn": state.turn, "colour": action.x, "pips": action.n,
                               "end": "left" if action.m == 0 else "right",
                               # what the taker saw: the die at the other end (None: a lone die), the lantern
                               "other end": (bridge[-1] if action.m == 0 else bridge[0]) if len(bridge) > 1 else None,
                               "lone die": len(bridge) == 1, "lantern": icons_text(lantern),
                               "lantern icons": sum(lantern.values()), "space": None})
        elif action.kind == "place":
            self.picks[-1]["space"] = action.x
        if state.phase == "turn" and state.turn == self.last_turn:
            self._watch_round_end(state, action)

    def _watch_round_end(self, state, action) -> None:
        probe = state.copy()
        engine_end_round = type(probe)._end_round

        def end_round():
            engine_end_round(probe)
            garden_step = probe.phase == "roundend"
            acting = list(probe.activations) if garden_step else []
            for c, colour in enumerate(COLOURS):
                left = len(probe.bridges[c])
                self.rounds.append({
                    "round": probe.round, "colour": colour, "dice left": left, "holds a die": left > 0,
                    "gardeners under": sum(len(probe.gardeners[slot]) for slot in (2 * c, 2 * c + 1)),
                    "garden actions": sum(1 for _, slot in acting if slot // 2 == c),
                    "garden step": garden_step})

        probe._end_round = end_round  # on the copy only: the real game is not touched
        probe.apply(action)

    def finish(self, state) -> dict:
        seats = [{"seat": i, "start_position": self.start_order.index(i) + 1,
                  **dict(zip(HOLDING_COLUMNS, list(p.court) + list(p.warriors) + [len(p.lantern)]))}
                 for i, p in enumerate(state.players)]
        return {"picks": self.picks, "rounds": self.rounds, "seats": seats}


HOLDING_COLUMNS = [f"courtiers {level}" for level in ("at the gate", "on floor 1", "on floor 2", "on floor 3")] + [
    f"warriors {iron}-iron yard" for iron, _, _ in C.yards()] + ["lantern cards"]


#: One row per take decision, in the core recorder's shape (boardlab.core.decisions.COLUMNS first).
PICK_COLUMNS = ["game_id", "game", "step", "seat", "policy", "decision", "action", "round", "turn", "colour", "pips", "end",
                "other end", "lone die", "lantern", "lantern icons", "space"]


ROUND_COLUMNS = ["game_id", "round", "colour", "dice left", "holds a die", "gardeners under", "garden actions",
                 "garden step"]


def record_games(game: Game, policies, games: int, seed: int, workers: int = 1,
                 progress: bool | None = None) -> GameRecords:
    """Play ``games`` seeded games with :func:`boardlab.core.observe.observe` (the games
    :func:`boardlab.simulate` plays for the same ``seed``, whatever ``workers``) and keep what
    :class:`GameRecorder` noted in them."""
    run = observe(game, list(policies), games, seed, GameRecorder, workers=workers, progress=progress)
    scores = run["scores"].merge(run["seats"], on=["game_id", "seat"], how="left", validate="one_to_one")
    scores.attrs.update(run["scores"].attrs)
    picks, rounds = run["picks"][PICK_COLUMNS], run["rounds"][ROUND_COLUMNS]
    names = list(run["scores"].attrs["policies"])
    return GameRecords(game, names, games, seed, scores, picks, rounds)


def record_many(player_counts=PLAYER_COUNTS, tables=None, games=200, seed: int = 2026, workers: int = 1,
                progress: bool = True, **options) -> dict:
    """:func:`record_games` for every player count and table make-up, with a progress bar
    (``progress=False``: none).

    ``tables``: {label: policy for seat 0, policy for the other seats}, default
    ``{"random": ("random", "random")}``. Returns {(players, label): GameRecords}."""
    tables = tables or {"random": ("random", "random")}
    games = games if isinstance(games, dict) else dict.fromkeys(tables, games)
    runs = [(n, label) for n in player_counts for label in tables]
    out = {}
    bar = core_widgets.progress(runs, desc=T("recording games"), unit=T("table"), disable=not progress)
    for n, label in bar:
        bar.set_postfix_str(T("{players} players, {table}: {n} games", players=n, table=T(label), n=games[label]))
        first, rest = tables[label]
        out[(n, label)] = record_games(Game(players=n, **options), [first] + [rest] * (n - 1),
                                       games[label], seed, workers, progress=False)
    return out


def provenance_many(records: dict, note: str = "") -> str:
    counts = sorted({n for n, _ in records})
    first = next(iter(records.values()))
    games = sorted({(label, rec.games) for (_, label), rec in records.items()})
    sample = "; ".join(T("{table}: {n} games per count", table=T(label), n=g) for label, g in games)
    return game_provenance(counts, options=first.game.options(), seed=first.seed,
                           note=f"{sample}; {T(note)}" if note else sample)


def table_policy(label: str) -> str:
    return "greedy" if "greedy" in label else "random"


def clipped(mean, se):
    """Error bars of a 95 % interval (mean ± 1.96 se) for a quantity that cannot go below 0."""
    mean, half = np.asarray(mean, dtype=float), 1.96 * np.nan_to_num(np.asarray(se, dtype=float))
    return np.vstack([np.minimum(half, mean), half])


def scores_of(records: dict) -> pd.DataFrame:
    """All score rows of several batches, with ``table`` and ``policy`` columns."""
    frames = []
    for (n, label), rec in records.items():
        df = rec.scores.copy()
        df["table"] = label
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def picks_of(records: dict) -> pd.DataFrame:
    frames = []
    for (n, label), rec in records.items():
        df = rec.picks.copy()
        df["players"] = n
        df["table"] = label
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def series_label(label: str, policy: str) -> str:
    return T("{policy} seats ({table} table)", policy=T(policy), table=T(label))


def series_colour(label: str, policy: str) -> str:
    if label == "random":
        return POLICY_COLOURS["random"]
    return POLICY_COLOURS["greedy"] if policy == "greedy" else plotting.PALETTE[2]


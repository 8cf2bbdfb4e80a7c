"""Watching Five Tribes games turn by turn (lessons 01, 02, 03 and 05): the bidding-style
policy of the experiments, the per-game observer behind :func:`record_turns`, and one provenance
line for several runs.

Assumptions that change numbers: the bidding styles of :class:`BidStylePolicy` are experiment
designs, not rules; move counts use the game's ``loop_drops_count`` reading (RULES.md, point 4)
and also the other one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import pandas as pd

from boardlab.core.observe import observe
from boardlab.fivetribes import bots
from boardlab.fivetribes.components import BID_COSTS, COLOURS, TILE_NAMES
from boardlab.fivetribes.lessons.common import NCOL, check_players
from boardlab.fivetribes.movegen import count_moves, legal_starts


class BidStylePolicy:
    """The greedy player's moves with another way of bidding (an experiment design, not a rule).

    ``style``: ``"cheapest"`` bids like ``greedy`` (the cheapest free spot, a 0 whenever one is
    free), ``"random"`` picks uniformly among the spots it can afford, ``"front"`` takes the most
    expensive free spot it can afford (so it usually acts first).
    """

    STYLES = ("cheapest", "random", "front")

    def __init__(self, style: str = "random"):
        if style not in self.STYLES:
            raise ValueError(f"bidding style must be one of {self.STYLES}; got {style!r}")
        self.style = style
        self._greedy = bots.GreedyPolicy()
        self.name = "greedy" if style == "cheapest" else f"greedy ({style} bids)"

    def __call__(self, state, rng: random.Random):
        if state.step == "bid" and self.style != "cheapest":
            legal = state.legal_actions()
            if self.style == "random":
                return rng.choice(legal)
            return max(legal, key=lambda a: (a.slot, a.fakirs))
        return self._greedy(state, rng)

    def __repr__(self):
        return f"BidStylePolicy({self.style!r})"


def _total(st, p: int) -> int:
    return st.score_sheet()[p]["total"]


class TurnRecorder:
    """The observer (see :func:`boardlab.core.observe.observe`) behind :func:`record_turns`, for
    one game: one row per action turn (round, turn position, spot bought and gold paid for it,
    the mover's score before and after, the number of complete legal moves offered -- under
    the game's ``loop_drops_count`` reading and under the other one -- and the colour
    collected) and, per seat, the gold spent on bids, the rounds played, the action turns and
    the mean turn position. Counting the moves is the slow part (mid-game piles offer
    thousands); ``moves=False`` skips it and leaves those columns empty."""

    def __init__(self, moves: bool = True):
        self.moves = moves

    def start(self, state, info) -> None:
        self.policies = info.policies
        self.loop = state.game.loop_drops_count
        self.turns: list[dict] = []
        self.bought: dict[int, tuple[int, int]] = {}
        self.bid_gold = [0] * state.game.players
        self.bid = None  # (marker, player, slot, gold before): settled at the next decision
        self.cur: dict | None = None
        self.cur_key = None

    def _close(self, state) -> None:
        if self.cur is not None:
            self.cur["after"] = _total(state, self.cur["player"])
            self.cur["gain"] = self.cur["after"] - self.cur["before"]
            self.turns.append(self.cur)
            self.cur, self.cur_key = None, None

    def _settle_bid(self, state) -> None:
        if self.bid is not None:
            m, p, slot, gold = self.bid
            self.bought[m] = (slot, gold - state.gold[p])
            self.bid_gold[p] += gold - state.gold[p]
            self.bid = None

    def step(self, st, action) -> None:
        self._settle_bid(st)
        if st.phase == "turn":
            key = (st.round, st.turn_index)
            if key != self.cur_key:
                self._close(st)
                m = st.play_order[st.turn_index]
                p = st.player
                slot, paid = self.bought.get(m, (-1, 0))
                count = self.moves
                self.cur = {"players": st.game.players, "round": st.round, "position": st.turn_index + 1,
                            "markers": len(st.play_order), "marker": m, "player": p, "policy": self.policies[p],
                            "slot": slot, "spot_cost": BID_COSTS[slot] if slot >= 0 else 0, "paid": paid,
                            "before": _total(st, p),
                            "moves": count_moves(st.meeples, self.loop) if count else None,
                            "moves_other_reading": count_moves(st.meeples, not self.loop) if count else None,
                            "starts": len(legal_starts(st.meeples, self.loop)) if count else None,
                            "colour": None, "collected": 0, "end_tile": None, "decisions": 0}
                self.cur_key = key
        else:
            self._close(st)
        if st.phase == "bid":
            m = st.bid_order[st.bid_next]
            p = st.markers[m]
            self.bid = (m, p, action.slot, st.gold[p])
        else:
            if action.kind == "drop" and sum(st.hand) == 1:
                self.cur["colour"] = COLOURS[action.colour]
                self.cur["collected"] = st.meeples[action.tile * NCOL + action.colour] + 1
                self.cur["end_tile"] = TILE_NAMES[action.tile]
            self.cur["decisions"] += 1

    def finish(self, st) -> dict:
        self._settle_bid(st)
        self._close(st)
        seats = []
        for p in range(st.game.players):
            mine = [t["position"] for t in self.turns if t["player"] == p]
            seats.append({"seat": p, "rounds": st.round, "bid_gold": self.bid_gold[p], "turns": len(mine),
                          "mean_position": float(np.mean(mine)) if mine else float("nan")})
        return {"turns": self.turns, "seats": seats}


@dataclass
class Observed:
    """Games watched turn by turn: ``players`` (one row per player per game, the table of
    ``simulate`` plus ``rounds``, ``bid_gold``, ``turns``, ``mean_position``) and ``turns`` (one
    row per action turn). ``attrs`` holds the provenance."""

    players: pd.DataFrame
    turns: pd.DataFrame
    attrs: dict = field(default_factory=dict)

    def provenance(self, note: str | None = None) -> str:
        return provenance_of([self], note)


def record_turns(game, policies, games: int, seed: int, *, rotate: bool = False, moves: bool = True,
                 workers: int = 1) -> Observed:
    """Play ``games`` seeded games with :func:`boardlab.core.observe.observe` (the games
    ``simulate`` plays for the same seed) and keep what :class:`TurnRecorder` noted.

    ``policies`` has one spec per seat ("random", "greedy" or a policy object). With ``rotate``
    the list is rotated by one seat per game, so an unusual policy sits in every seat equally
    often. ``moves=False`` skips counting the legal moves of every turn (much faster).
    ``workers > 1`` plays chunks in processes; the tables do not depend on it.
    """
    check_players(game.players)
    run = observe(game, list(policies), games, seed, partial(TurnRecorder, moves=moves), workers=workers,
                  rotate=rotate)
    players = run["scores"].merge(run["seats"], on=["game_id", "seat"], how="left", validate="one_to_one")
    attrs = {"game": game, "games": games, "seed": seed, "policies": list(run["scores"].attrs["policies"]),
             "rotate": rotate, "moves": moves}
    return Observed(players, run["turns"], attrs)


def provenance_of(runs, note: str | None = None) -> str:
    """One provenance line for several runs made with the same seed and sample size (e.g. one
    per player count): the player counts and policies are listed together."""
    runs = list(runs.values()) if isinstance(runs, dict) else list(runs)
    first = runs[0].attrs
    opts = dict(first["game"].options())
    opts["players"] = "/".join(str(p) for p in dict.fromkeys(r.attrs["game"].players for r in runs))
    def seats(names):
        if len(set(names)) == 1:
            return f"all {names[0]}"
        return " + ".join(f"{n}× {name}" for name, n in Counter(names).items())

    policies = " | ".join(dict.fromkeys(seats(r.attrs["policies"]) for r in runs))
    games = "/".join(str(g) for g in dict.fromkeys(r.attrs["games"] for r in runs))
    seeds = "/".join(str(s) for s in dict.fromkeys(r.attrs["seed"] for r in runs))
    parts = [f"boardlab {__import__('boardlab').__version__}",
             f"{first['game'].name} ({', '.join(f'{k}={v}' for k, v in opts.items())})",
             f"policies {policies}", f"{games} games per setting", f"seed {seeds}"]
    if any(r.attrs.get("rotate") for r in runs):
        parts.append("seats rotated")
    if note:
        parts.append(note)
    return " · ".join(parts)


__all__ = ["BidStylePolicy", "TurnRecorder", "Observed", "record_turns", "provenance_of"]

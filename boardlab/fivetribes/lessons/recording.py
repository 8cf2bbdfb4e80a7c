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

from boardlab.core import plotting
from boardlab.core.decisions import COLUMNS, DecisionLog
from boardlab.core.observe import deprecated_rotate, observe_run
from boardlab.fivetribes import bots
from boardlab.fivetribes.components import BID_COSTS, COLOURS, TILE_NAMES
from boardlab.fivetribes.lessons.common import NCOL, T, check_players
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


def decision_facts(state, action) -> dict:
    """What a Five Tribes decision saw (the facts of the core recorder's rows): the decision
    asked (the engine's step: bid, start, drop, builders, kill, market, sacred, place, end, ...),
    the round, the turn position in the round (action turns only), the options offered and the
    deciding seat's gold."""
    seat = state.to_move
    return {"decision": state.step, "round": state.round,
            "position": state.turn_index + 1 if state.phase == "turn" else None,
            "options": len(state.legal_actions()), "gold": state.gold[seat]}


class TurnRecorder(DecisionLog):
    """The observer (see :func:`boardlab.core.observe.observe`) behind :func:`record_turns`, for
    one game. It keeps the core's one recorder shape (``decisions``: one row per decision with
    :func:`decision_facts`) and, from the same decisions, one row per action turn (``turns``:
    round, turn position, spot bought and gold paid for it, the mover's score before and after,
    the complete legal moves offered -- under the game's ``loop_drops_count`` reading and under
    the other one -- and the colour collected) and one row per seat (``seats``: gold spent on
    bids, rounds played, action turns, mean turn position). Counting the moves is the slow part
    (mid-game piles offer thousands); ``moves=False`` skips it and leaves those columns empty."""

    def __init__(self, moves: bool = True):
        super().__init__(facts=decision_facts)
        self.moves = moves

    def start(self, state, info) -> None:
        super().start(state, info)
        self.loop = state.game.loop_drops_count
        self.turns: list[dict] = []
        self.bought: dict[int, tuple[int, int]] = {}
        self.bid_gold = [0] * state.game.players
        self.bid = None  # (marker, seat, slot, gold before): settled at the next decision
        self.cur: dict | None = None
        self.cur_key = None

    def _close(self, state) -> None:
        if self.cur is not None:
            self.cur["after"] = _total(state, self.cur["seat"])
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
        super().step(st, action)
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
                            "markers": len(st.play_order), "marker": m, "seat": p, "policy": self.policies[p],
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
            mine = [t["position"] for t in self.turns if t["seat"] == p]
            seats.append({"seat": p, "rounds": st.round, "bid_gold": self.bid_gold[p], "turns": len(mine),
                          "mean_position": float(np.mean(mine)) if mine else float("nan")})
        return {**super().finish(st), "turns": self.turns, "seats": seats}


@dataclass
class Observed:
    """Games watched turn by turn: ``seats`` (one row per seat per game: the table of
    ``simulate`` plus ``rounds``, ``bid_gold``, ``turns``, ``mean_position``), ``turns`` (one row
    per action turn) and ``decisions`` (the core's recorder shape: one row per decision --
    game_id, game, step, seat, policy, decision, action -- with what it saw). ``attrs`` holds
    the provenance."""

    seats: pd.DataFrame
    turns: pd.DataFrame
    decisions: pd.DataFrame
    attrs: dict = field(default_factory=dict)

    def provenance(self, note: str | None = None) -> str:
        return provenance_of([self], note)


def record_turns(game, policies, games: int, seed: int, *, rotate_seats: bool = False, moves: bool = True,
                 workers: int = 1, progress: bool | None = True, rotate: bool | None = None) -> Observed:
    """Play ``games`` seeded games with :func:`boardlab.core.observe.observe` (the games
    ``simulate`` plays for the same seed) and keep what :class:`TurnRecorder` noted.

    ``policies`` has one spec per seat ("random", "greedy" or a policy object). With
    ``rotate_seats`` each deal is played once per seat rotation (``games`` counts deals), so an
    unusual policy meets the same deals from every seat (``rotate``, deprecated: game ``i`` turned
    by ``i`` seats on its own deal). ``moves=False`` skips counting the legal moves of every turn (much faster).
    ``workers > 1`` plays chunks in processes; the tables do not depend on it. ``progress``
    shows a bar (default; None: only for long runs, False: never).
    """
    check_players(game.players)
    run = observe_run(game, list(policies), games, seed, partial(TurnRecorder, moves=moves), workers=workers,
                  rotate_seats=rotate_seats, rotate=bool(deprecated_rotate(rotate)),
                  progress=progress)
    seats = run["scores"].merge(run["seats"], on=["game_id", "seat"], how="left", validate="one_to_one")
    decisions = run["decisions"]
    decisions = decisions[list(COLUMNS) + [c for c in decisions.columns if c not in COLUMNS]]
    attrs = {"game": game, "games": games * game.players if rotate_seats else games, "deals": games, "seed": seed, "policies": list(run["scores"].attrs["policies"]),
             "rotate": bool(rotate) or rotate_seats, "rotate_seats": rotate_seats, "moves": moves}
    return Observed(seats, run["turns"], decisions, attrs)


def _seat_policies(names) -> str:
    """The policies of one run's seats: "all greedy" or "1× greedy (front bids) + 2× greedy"."""
    if len(set(names)) == 1:
        return T("all {policy}", policy=T(names[0]))
    return " + ".join(f"{n}× {T(name)}" for name, n in Counter(names).items())


def provenance_of(runs, note: str | None = None) -> str:
    """One provenance line (the core's) for several runs made with the same seed and sample size,
    e.g. one per player count shown side by side: the player counts and policies are listed
    together."""
    runs = list(runs.values()) if isinstance(runs, dict) else list(runs)
    first = runs[0].attrs
    counts = list(dict.fromkeys(r.attrs["game"].players for r in runs))
    games = "/".join(str(g) for g in dict.fromkeys(r.attrs["games"] for r in runs))
    seeds = list(dict.fromkeys(r.attrs["seed"] for r in runs))
    policies = " | ".join(dict.fromkeys(_seat_policies(r.attrs["policies"]) for r in runs))
    if len(runs) == 1:
        sample = T("{games} games", games=games)
    elif len(counts) == len(runs):
        sample = T("{games} games per player count", games=games)
    else:
        sample = T("{games} games per setting and player count", games=games)
    notes = [T("policies: {policies}", policies=policies)]
    if any(r.attrs.get("rotate") for r in runs):
        notes.append(T("seats rotated"))
    if note:
        notes.append(note)
    return plotting.provenance(first["game"], players=counts[0] if len(counts) == 1 else counts, sample=sample,
                               seed=seeds[0] if len(seeds) == 1 else "/".join(map(str, seeds)),
                               note=" · ".join(notes))


__all__ = ["BidStylePolicy", "decision_facts", "TurnRecorder", "Observed", "record_turns", "provenance_of"]

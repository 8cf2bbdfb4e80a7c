"""The White Castle's ``Game``: the rules and options of one table, immutable and validated."""

from __future__ import annotations

import dataclasses
import functools
import os

from boardlab.core import game as core
from boardlab.core.errors import brief, check_notation
from boardlab.core.validate import check_playable
from boardlab.core.chance import VERSION as CHANCE_VERSION, check_version
from boardlab.whitecastle import components
from boardlab.whitecastle.actions import Action, parse
from boardlab.whitecastle.state import WhiteCastleState

#: options of the solo game only (None, and left out of ``options()``, at 2-4 players)
SOLO_OPTIONS = ("difficulty", "solo_cards", "rival_keeps_coins", "solo_reshuffle")


@core.register
@dataclasses.dataclass(frozen=True)
class Game(core.Game):
    """The White Castle.

    ``lone_die_is_left``: a bridge's last die counts as its left (lowest) end and so pays the
    lantern (assumed: no source decides it). ``printing``: "bga" (default: the licensed online
    version's garden and yard cards) or "first" (two garden cards and a yard face as a
    first-printing photo shows them); see RULES.md.

    Solo game (``players=1``, against the Tokugawa rival; see solo.py and RULES.md "Solo mode"):
    ``difficulty`` "easy", "medium" (default) or "hard"; ``solo_cards`` None (the shipped cards)
    or your own as a CSV path or a list of dicts; ``rival_keeps_coins`` (default True: coins left
    after the rival's end-of-round trade stay for the next round); ``solo_reshuffle`` "empty"
    (default: an empty deck is refilled from the turned cards) or "round" (all cards are
    shuffled back at each round's start).
    """

    name = "whitecastle"
    title = "The White Castle"
    players: int = core.DEFAULT_PLAYERS  # the same default in every game (boardlab.core.game)
    lone_die_is_left: bool = True
    printing: str = "bga"
    difficulty: str | None = None
    solo_cards: object = None
    rival_keeps_coins: bool | None = None
    solo_reshuffle: str | None = None

    def _validate(self) -> None:
        core.check_choice("players", self.players, (1, 2, 3, 4))
        core.check_choice("lone_die_is_left", self.lone_die_is_left, (True, False))
        core.check_choice("printing", self.printing, components.PRINTINGS)
        if self.players == 1:
            from boardlab.whitecastle import solo

            solo.check_options(self)
            return
        for option in SOLO_OPTIONS:
            if getattr(self, option) is not None:
                raise ValueError(f"{option} is an option of the solo game (players=1) only; "
                                 f"got {option}={brief(getattr(self, option))} with players={brief(self.players)}")

    @functools.cached_property  # (kept in the instance: the engine asks it every turn and copy)
    def seats(self) -> int:
        """Clans at the table: the solo game seats the human and the rival."""
        return 2 if self.players == 1 else self.players

    @functools.cached_property
    def rival_seat(self) -> int | None:
        """The automatic rival's seat in the solo game (None at 2-4 players)."""
        return 1 if self.players == 1 else None

    def options(self) -> dict:
        opts = super().options()
        for option in SOLO_OPTIONS:
            if opts[option] is None:
                del opts[option]
        if opts.get("solo_cards") is not None:
            opts["solo_cards"] = [dict(row) for row in opts["solo_cards"]]
        return opts

    @classmethod
    def from_options(cls, options: dict) -> Game:
        """The game of saved options (a record, a run, an upload): data only. ``solo_cards`` as a
        file path (records of earlier versions) is never opened: refused, unless it names the
        shipped card table, whose rows are used (``Game(solo_cards=path)`` in code still reads a CSV)."""
        if isinstance(options, dict) and isinstance(options.get("solo_cards"), (str, os.PathLike)):
            from boardlab.whitecastle import solo

            options = {**options, "solo_cards": solo.saved_cards(options["solo_cards"])}
        return super().from_options(options)

    def __hash__(self):
        return hash(repr(sorted(self.options().items())))

    def new_game(self, seed: int, chance: int = CHANCE_VERSION) -> WhiteCastleState:
        core.check_seed(seed)
        return WhiteCastleState.new_game(self, seed, check_version(chance))

    def parse_action(self, text: str) -> Action:
        return parse(check_notation(text))

    def build_position(self, description: dict, seed: int = 1, start=None):
        """A teaching position of game ``seed`` from a partial description (fields:
        ``whitecastle.positions.FIELDS``), the rest filled from that game's own deal (or from the
        state ``start``, when given); returns a ``boardlab.core.positions.Built`` (state, JSON
        form, report of every field filled or moved)."""
        from boardlab.whitecastle import positions
        from boardlab.core.positions import build

        return build(self, description, seed, positions, start=start)

    def state_from_json(self, data: dict) -> WhiteCastleState:
        return check_playable(WhiteCastleState.from_json(self, data), "decision")

    def policy(self, name: str, **params):
        """A policy by name, built with ``params``: "random"; "greedy" (its valuations are the
        documented parameters of ``bots.GreedyPolicy``); "mcts" (``iterations``, ``seed``,
        ``rollout``, ``horizon``, ``evaluate``, ``branch``, ``exploration``: see
        ``boardlab.core.search.MctsPolicy``; this game's defaults are ``bots.MCTS_DEFAULTS``: the
        tree branches on taking and placing a die, a depth-2 greedy plays the rest of each turn,
        and a leaf is judged by greedy's position value once its turn is finished; the default
        budget is ``boardlab.core.search.DEFAULT_ITERATIONS["whitecastle"]``). Unknown names
        or parameters: ValueError listing the known ones."""
        from boardlab.core.policies import named_policy
        from boardlab.whitecastle import bots

        return named_policy(self, name, params, bots.POLICIES, getattr(bots, "MCTS_DEFAULTS", None))


__all__ = ["Game"]

"""The White Castle's ``Game``: the rules and options of one table, immutable and validated."""

from __future__ import annotations

import dataclasses

from boardlab.core import game as core
from boardlab.whitecastle import components
from boardlab.whitecastle.actions import Action, parse
from boardlab.whitecastle.state import WhiteCastleState


@core.register
@dataclasses.dataclass(frozen=True)
class Game(core.Game):
    """The White Castle.

    ``lone_die_is_left``: a bridge's last die counts as its left (lowest) end and so pays the
    lantern (assumed: no source decides it). ``printing``: "bga" (default: the licensed online
    version's garden and yard cards) or "first" (two garden cards and a yard face as a
    first-printing photo shows them); see RULES.md.
    """

    name = "whitecastle"
    title = "The White Castle"
    players: int = 2
    lone_die_is_left: bool = True
    printing: str = "bga"

    def _validate(self) -> None:
        core.check_choice("players", self.players, (2, 3, 4))
        core.check_choice("lone_die_is_left", self.lone_die_is_left, (True, False))
        core.check_choice("printing", self.printing, components.PRINTINGS)

    def new_game(self, seed: int) -> WhiteCastleState:
        core.check_seed(seed)
        return WhiteCastleState.new_game(self, seed)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def state_from_json(self, data: dict) -> WhiteCastleState:
        return WhiteCastleState.from_json(self, data)

    def policy(self, name: str, **params):
        """A policy by name, built with ``params``: "random"; "greedy" (its valuations are the
        documented parameters of ``bots.GreedyPolicy``); "mcts" (``iterations``, ``seed``,
        ``rollout``, ``horizon``: see ``boardlab.core.search.MctsPolicy``; defaults of this game in
        ``bots.MCTS_DEFAULTS`` if any; the default budget is
        ``boardlab.core.search.DEFAULT_ITERATIONS["whitecastle"]``). Unknown names or parameters:
        ValueError listing the known ones."""
        from boardlab.core.policies import named_policy
        from boardlab.whitecastle import bots

        return named_policy(self, name, params, bots.POLICIES, getattr(bots, "MCTS_DEFAULTS", None))


__all__ = ["Game"]

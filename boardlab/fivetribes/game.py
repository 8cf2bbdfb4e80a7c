"""The Five Tribes ``Game``: options (player count, printing, table readings) and entry points."""

from __future__ import annotations

import dataclasses

from typing import ClassVar

from boardlab.core.errors import check_notation
from boardlab.core.chance import VERSION as CHANCE_VERSION, check_version
from boardlab.core.game import DEFAULT_PLAYERS, Game, check_seed, register
from boardlab.core.validate import check_playable
from boardlab.fivetribes.actions import ACTION_TYPES

PLAYER_COUNTS = (2, 3, 4)
#: every option with the values it allows, compared with their exact type (True is not 1,
#: 3.0 is not 3)
OPTION_VALUES = {
    "players": PLAYER_COUNTS,
    "slave_name": (False, True),
    "loop_drops_count": (False, True),
    "nekir_per": ("action", "meeple"),
    "hagis_lamia_reach": ("3x3", "orthogonal"),
    "baal_counts_itself": (False, True),
    "power_reset": ("action", "round"),
    "power_timing": ("every step", "start and end"),
    "kumarbi_per": ("bid", "round"),
}


def _check_option(name: str, value, allowed) -> None:
    if not any(type(value) is type(a) and value == a for a in allowed):
        try:
            shown = repr(value)
        except Exception:  # a hostile __repr__ must not hide the refusal
            shown = "<unprintable>"
        if len(shown) > 60:
            shown = shown[:57] + "..."
        listed = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"Five Tribes option {name} must be one of {listed}; got {shown} ({type(value).__name__})")


@register
@dataclasses.dataclass(frozen=True)
class FiveTribes(Game):
    """Five Tribes: The Djinns of Naqala (base game, Fakir printing).

    Options (see RULES.md for each uncertain point and its default):

    * ``players``: 2, 3 or 4;
    * ``slave_name``: the first printing's name "Slave" for the Fakir card (display only);
    * ``loop_drops_count``: whether a meeple dropped earlier in the same (looping) move
      satisfies the last-meeple rule (default False: only meeples on the tile when the move
      began count);
    * ``nekir_per``: Nekir pays per kill ``"action"`` (default) or per ``"meeple"`` killed;
    * ``hagis_lamia_reach``: the tiles Hagis/Lamia may move a palace/palm to:
      ``"3x3"`` (the 8 surrounding tiles, default) or ``"orthogonal"``;
    * ``baal_counts_itself``: whether gaining Ba'al pays its new owner (default False);
    * ``power_reset``: a paid power is usable once per ``"action"`` turn of its owner
      (the rules' reading, default) or once per ``"round"``;
    * ``power_timing``: when in the owner's action turn the paid "your turn" powers are offered:
      at ``"every step"`` (default: before the move, at the Builders, Assassins, market and
      sacred-place decisions and at the end step) or only at the ``"start and end"``;
    * ``kumarbi_per``: Kumarbi may lower the price of each ``"bid"`` its owner makes (default;
      two bids a round with 2 players) or of one bid per ``"round"``.
    """

    name = "fivetribes"
    title = "Five Tribes"
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    players: int = DEFAULT_PLAYERS  # the same default in every game (boardlab.core.game)
    slave_name: bool = False
    loop_drops_count: bool = False
    nekir_per: str = "action"
    hagis_lamia_reach: str = "3x3"
    baal_counts_itself: bool = False
    power_reset: str = "action"
    power_timing: str = "every step"
    kumarbi_per: str = "bid"

    def _validate(self) -> None:
        for name, allowed in OPTION_VALUES.items():
            _check_option(name, getattr(self, name), allowed)

    def new_game(self, seed: int, chance: int = CHANCE_VERSION):
        from boardlab.fivetribes.state import new_state

        return new_state(self, check_seed(seed), check_version(chance))

    def parse_action(self, text: str):
        from boardlab.fivetribes.actions import parse_action

        return parse_action(check_notation(text))

    def build_position(self, description: dict, seed: int = 1):
        """A teaching position of game ``seed`` from a partial description (fields:
        ``fivetribes.positions.FIELDS``), the rest filled from that game's own deal; returns a
        ``boardlab.core.positions.Built`` (state, JSON form, report of every field filled or moved)."""
        from boardlab.fivetribes import positions
        from boardlab.core.positions import build

        return build(self, description, seed, positions)

    def state_from_json(self, data: dict):
        from boardlab.fivetribes.state import FiveTribesState

        return check_playable(FiveTribesState.from_json(self, data))

    def policy(self, name: str, **params):
        """A policy by name, built with ``params``: "random"; "greedy" (its valuations are the
        documented parameters of ``bots.GreedyPolicy``); "mcts" (``iterations``, ``seed``,
        ``rollout``, ``horizon``: see ``boardlab.core.search.MctsPolicy``; defaults of this game in
        ``bots.MCTS_DEFAULTS`` if any; the default budget is
        ``boardlab.core.search.DEFAULT_ITERATIONS["fivetribes"]``). Unknown names or parameters:
        ValueError listing the known ones."""
        from boardlab.core.policies import named_policy
        from boardlab.fivetribes import bots

        return named_policy(self, name, params, bots.POLICIES, getattr(bots, "MCTS_DEFAULTS", None))

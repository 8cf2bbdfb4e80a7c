"""The Five Tribes ``Game``: options (player count, printing, table readings) and entry points."""

from __future__ import annotations

import dataclasses

from boardlab.core.game import Game, check_choice, register

PLAYER_COUNTS = (2, 3, 4)


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
      (the seed's reading, default) or once per ``"round"``.
    """

    name = "fivetribes"
    title = "Five Tribes"
    players: int = 2
    slave_name: bool = False
    loop_drops_count: bool = False
    nekir_per: str = "action"
    hagis_lamia_reach: str = "3x3"
    baal_counts_itself: bool = False
    power_reset: str = "action"

    def _validate(self) -> None:
        check_choice("players", self.players, PLAYER_COUNTS)
        check_choice("slave_name", self.slave_name, (False, True))
        check_choice("loop_drops_count", self.loop_drops_count, (False, True))
        check_choice("nekir_per", self.nekir_per, ("action", "meeple"))
        check_choice("hagis_lamia_reach", self.hagis_lamia_reach, ("3x3", "orthogonal"))
        check_choice("baal_counts_itself", self.baal_counts_itself, (False, True))
        check_choice("power_reset", self.power_reset, ("action", "round"))

    def new_game(self, seed: int):
        from boardlab.fivetribes.rules import new_state

        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        return new_state(self, seed)

    def parse_action(self, text: str):
        from boardlab.fivetribes.actions import parse_action

        return parse_action(text)

    def state_from_json(self, data: dict):
        from boardlab.fivetribes.state import FiveTribesState

        return FiveTribesState.from_json(self, data)

    def policy(self, name: str):
        from boardlab.fivetribes import bots

        return bots.policy(name)

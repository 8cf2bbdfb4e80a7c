"""The White Castle (Devir 2023), base game for 2-4 players.

>>> from boardlab import whitecastle
>>> state = whitecastle.Game(players=3).new_game(seed=1)
>>> state.legal_actions()[0]          # doctest: +ELLIPSIS
<take starting pair: ...>

Rules come from the seed (../shared/seeds, the authority) and component data from
``data/*.csv`` (see RULES.md for every value shipped as ``assumed``).
"""

from __future__ import annotations

import dataclasses

from boardlab.core import game as core
from boardlab.whitecastle import actions, components
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
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        return WhiteCastleState.new_game(self, seed)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def state_from_json(self, data: dict) -> WhiteCastleState:
        return WhiteCastleState.from_json(self, data)

    def policy(self, name: str):
        from boardlab.whitecastle import bots

        return bots.policy(name)


def _notebook_01_widget_update() -> None:
    """One update of notebook 01's widget: exact computation, table and redraw (Agg backend).
    Cycles through the space values and lantern contents, as a reader moving the widgets would."""
    import contextlib
    import io

    from boardlab.whitecastle import explore

    with contextlib.redirect_stdout(io.StringIO()):  # no kernel: display() would print
        app = _BENCH_APPS.get("01")
        if app is None:
            import matplotlib

            matplotlib.use("Agg")
            app = _BENCH_APPS["01"] = explore.PickExplorer()
        step = _BENCH_APPS["steps"] = _BENCH_APPS.get("steps", 0) + 1
        if step % 2:
            app.space.value = (1, 3, 4, 5, 6)[step // 2 % 5]
        else:
            app.counts["food"].value = step // 2 % 4


_BENCH_APPS: dict = {}
BENCH_KERNELS = {"notebook 01 widget update (exact + redraw)": _notebook_01_widget_update}

__all__ = ["Game", "Action", "WhiteCastleState", "actions", "components", "parse"]

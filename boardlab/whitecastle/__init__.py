"""The White Castle (Devir 2023), base game for 2-4 players, and its solo mode against the
automatic Tokugawa rival (``Game(players=1, difficulty=...)``, see solo.py).

>>> from boardlab import whitecastle
>>> state = whitecastle.Game(players=3).new_game(seed=1)
>>> state.legal_actions()[0]          # doctest: +ELLIPSIS
<take starting pair: ...>

Rules come from the seed (the authority, summarised in RULES.md) and component data from
``data/*.csv`` (see RULES.md for every value shipped as ``assumed``).
"""

from __future__ import annotations

from boardlab.whitecastle import actions, components
from boardlab.whitecastle.actions import Action, parse
from boardlab.whitecastle.game import Game
from boardlab.whitecastle.state import WhiteCastleState


def _notebook_01_widget_update() -> None:
    """One update of notebook 01's widget: exact computation, table and redraw (Agg backend).
    Cycles through the space values and lantern contents, as a reader moving the widgets would."""
    import contextlib
    import io

    from boardlab.whitecastle.lessons import dice_cost_vs_lantern

    with contextlib.redirect_stdout(io.StringIO()):  # no kernel: display() would print
        app = _BENCH_APPS.get("01")
        if app is None:
            import matplotlib

            matplotlib.use("Agg")
            app = _BENCH_APPS["01"] = dice_cost_vs_lantern.PickExplorer()
        step = _BENCH_APPS["steps"] = _BENCH_APPS.get("steps", 0) + 1
        if step % 2:
            app.space.value = (1, 3, 4, 5, 6)[step // 2 % 5]
        else:
            app.counts["food"].value = step // 2 % 4


_BENCH_APPS: dict = {}
BENCH_KERNELS = {"notebook 01 widget update (exact + redraw)": _notebook_01_widget_update}

__all__ = ["Game", "Action", "WhiteCastleState", "actions", "components", "parse"]

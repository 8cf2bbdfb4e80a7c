"""Five Tribes: The Djinns of Naqala -- rules engine, move generation, scoring, bots, pictures.

>>> from boardlab import fivetribes
>>> game = fivetribes.Game(players=3)
>>> state = game.new_game(seed=7)
>>> state.legal_actions()[0]                # doctest: +ELLIPSIS
Bid(kind='bid', ...)

See RULES.md in this folder for every assumed value and the default of each uncertain point.
"""

from boardlab.fivetribes.game import FiveTribes
from boardlab.fivetribes.movegen import complete_moves, count_moves

Game = FiveTribes


def _bench_complete_moves():
    """Enumerate every complete legal move of a start position (the movegen kernel)."""
    state = _BENCH_STATE
    return complete_moves(state.meeples, state.game.loop_drops_count)


_BENCH_STATE = FiveTribes(players=4).new_game(seed=1)

#: hot kernels timed by ``python -m boardlab.bench``
BENCH_KERNELS = {"complete moves of a start position": _bench_complete_moves}

__all__ = ["Game", "FiveTribes", "complete_moves", "count_moves", "BENCH_KERNELS"]

"""Alea Iacta Est -- rules engine (as the seed reads them), exact dice odds, misplays, pictures.

>>> from boardlab import alea
>>> game = alea.Game(players=4)
>>> state = game.new_game(seed=3)
>>> str(state.legal_actions()[0])           # doctest: +ELLIPSIS
'choose ...'

See RULES.md in this folder for every assumed value, the misplay options and the JSON form.
"""

from boardlab.alea import odds
from boardlab.alea.game import MISPLAYS, AleaIactaEst

Game = AleaIactaEst


def _bench_placements():
    """All placements of an 8-dice roll into a busy set (the per-turn kernel)."""
    from boardlab.alea import rules

    state = _BENCH_STATE.copy()
    state._places = state._open = None
    return rules.placements(state)


_BENCH_STATE = AleaIactaEst(players=4).new_game(seed=1)

#: hot kernels timed by ``python -m boardlab.bench``
BENCH_KERNELS = {"placements of a start roll": _bench_placements}

__all__ = ["Game", "AleaIactaEst", "MISPLAYS", "odds", "BENCH_KERNELS"]

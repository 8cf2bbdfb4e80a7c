"""El Grande (2023 edition; 1995 and Big Box as options): rules engine, majorities, the Castillo, bots.

>>> from boardlab import elgrande
>>> game = elgrande.Game(players=4)            # edition="2023"; also "bigbox", "1995"; short=True
>>> state = game.new_game(seed=5)
>>> state.step, state.to_move in range(4)
('power', True)

See RULES.md in this folder for every assumed value and reading.
"""

from boardlab.elgrande.game import ElGrande

Game = ElGrande

__all__ = ["Game", "ElGrande"]

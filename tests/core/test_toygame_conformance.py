"""How a game's conformance test looks: one line per game, one test per player count."""

from boardlab.core.conformance import conformance_test
from toygame import ToyRace, race_invariants

test_conformance = conformance_test(lambda p: ToyRace(players=p), [2, 3, 4], games=300, seed=1,
                                    invariants=race_invariants)

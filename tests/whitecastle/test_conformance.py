"""The engine contract for The White Castle, 300 seeded random games at each player count."""

from boardlab import whitecastle
from boardlab.core.conformance import conformance_test
from boardlab.whitecastle.validate import invariants

test_conformance = conformance_test(lambda p: whitecastle.Game(players=p), [2, 3, 4],
                                    games=300, seed=1000, invariants=invariants)

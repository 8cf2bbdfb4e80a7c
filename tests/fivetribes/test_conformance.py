"""The engine contract for Five Tribes: 200 seeded random games at each player count."""

from boardlab import fivetribes
from boardlab.core.conformance import check_game, conformance_test
from boardlab.fivetribes.state import invariants

test_conformance = conformance_test(lambda p: fivetribes.Game(players=p), [2, 3, 4],
                                    games=200, seed=2000, invariants=invariants)


def test_conformance_with_every_table_reading_switched():
    game = fivetribes.Game(players=2, loop_drops_count=True, nekir_per="meeple", hagis_lamia_reach="orthogonal",
                           baal_counts_itself=True, power_reset="round", slave_name=True,
                           power_timing="start and end", kumarbi_per="round")
    check_game(game, games=60, seed=3000, invariants=invariants)

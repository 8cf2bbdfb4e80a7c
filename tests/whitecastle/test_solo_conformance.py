"""The engine contract for the solo game: seeded random games at every difficulty and with both
readings of the unknown rules, checked with the core conformance harness."""

from boardlab import whitecastle
from boardlab.core.conformance import conformance_test
from boardlab.whitecastle.validate import invariants

from .solo_helpers import DECK

SETUPS = [dict(difficulty="easy"), dict(difficulty="medium"), dict(difficulty="hard"),
          dict(difficulty="medium", solo_reshuffle="round", rival_keeps_coins=False),
          dict(difficulty="easy", solo_cards=DECK, lone_die_is_left=False),
          dict(difficulty="hard", printing="first")]

test_solo_conformance = conformance_test(lambda k: whitecastle.Game(players=1, **SETUPS[k]), range(len(SETUPS)),
                                         games=60, seed=2000, invariants=invariants)

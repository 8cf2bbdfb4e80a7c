"""The engine contract for El Grande (core conformance harness): every player count and edition."""

import pytest

from boardlab import elgrande
from boardlab.core.conformance import check_game, conformance_test
from boardlab.elgrande.rules import invariants

test_conformance_2023 = conformance_test(lambda p: elgrande.Game(players=p), [2, 3, 4, 5],
                                         games=40, seed=100, invariants=invariants)


@pytest.mark.parametrize("edition", ["bigbox", "1995"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_other_editions(edition, players):
    check_game(elgrande.Game(players=players, edition=edition), games=15, seed=200, invariants=invariants)


@pytest.mark.parametrize("options", [
    {"players": 4, "short": True},
    {"players": 3, "merge_stacks": True},
    {"players": 2, "short": True, "scoring_ranks": 1},
    {"players": 3, "edition": "bigbox", "short": True},
], ids=str)
def test_conformance_variants(options):
    check_game(elgrande.Game(**options), games=15, seed=300, invariants=invariants)


@pytest.mark.parametrize("options", [{"players": 4, "edition": "1995", "veto": True},
                                     {"players": 2, "veto": True}], ids=str)
def test_conformance_with_the_veto_cards(options):
    check_game(elgrande.Game(**options), games=15, seed=400, invariants=invariants)

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


def test_every_step_builds_its_options_sorted():
    """legal_actions never sorts: each step's option function (rules.OPTIONS) must give its options
    sorted, as a tuple (seen across editions, the dummy and the Veto); rules.LEGAL, what
    legal_actions returns, is tuple(sorted(options)) at every step and () once the game is over."""
    import random

    from boardlab.elgrande.rules import LEGAL, OPTIONS, STEP_KINDS

    assert set(LEGAL) == set(OPTIONS) | {"over"} == set(STEP_KINDS)
    seen = set()
    for options in ({"players": 2, "veto": True}, {"players": 4, "edition": "1995", "veto": True},
                    {"players": 5, "edition": "bigbox"}, {"players": 3}):
        game = elgrande.Game(**options)
        for seed in range(8):
            st, rng = game.new_game(seed), random.Random(seed)
            while not st.is_over:
                built = OPTIONS[st.step](st)
                assert type(built) is tuple and list(built) == sorted(built), f"{st.step}: {built}"
                assert st.legal_actions() == LEGAL[st.step](st) == built
                seen.add(st.step)
                st.apply(rng.choice(built))
            assert st.legal_actions() == LEGAL["over"](st) == ()
    assert set(OPTIONS) - seen <= {"recall"}, sorted(set(OPTIONS) - seen)  # recall: rare (an empty province)

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


def test_the_steps_whose_sort_is_skipped_build_their_options_in_order():
    """legal_actions skips the sort for rules.SORTED_STEPS: their option functions must already
    give sorted options as a tuple (seen across editions, the dummy and the Veto), the others are
    sorted; rules.LEGAL, what legal_actions returns, is tuple(sorted(options)) at every step."""
    import random

    from boardlab.elgrande.rules import LEGAL, OPTIONS, SORTED_STEPS

    assert SORTED_STEPS <= set(OPTIONS) and set(LEGAL) == set(OPTIONS) | {"over"}
    seen = set()
    for options in ({"players": 2, "veto": True}, {"players": 4, "edition": "1995", "veto": True},
                    {"players": 5, "edition": "bigbox"}):
        game = elgrande.Game(**options)
        for seed in range(8):
            st, rng = game.new_game(seed), random.Random(seed)
            while not st.is_over:
                if st.step in SORTED_STEPS:
                    built = OPTIONS[st.step](st)
                    assert type(built) is tuple and list(built) == sorted(built), f"{st.step}: {built}"
                    seen.add(st.step)
                assert LEGAL[st.step](st) == tuple(sorted(OPTIONS[st.step](st)))
                legal = st.legal_actions()
                assert list(legal) == sorted(legal)
                st.apply(rng.choice(legal))
    assert {"power", "court", "card", "order", "place", "special", "drop", "cdisk", "pick"} <= seen
    assert st.legal_actions() == LEGAL["over"](st) == ()

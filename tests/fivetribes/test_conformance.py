"""The engine contract for Five Tribes: 200 seeded random games at each player count."""

import random

from boardlab import fivetribes
from boardlab.core.conformance import check_game, conformance_test
from boardlab.fivetribes import rules
from boardlab.fivetribes.state import invariants

test_conformance = conformance_test(lambda p: fivetribes.Game(players=p), [2, 3, 4],
                                    games=200, seed=2000, invariants=invariants)


def test_conformance_with_every_table_reading_switched():
    game = fivetribes.Game(players=2, loop_drops_count=True, nekir_per="meeple", hagis_lamia_reach="orthogonal",
                           baal_counts_itself=True, power_reset="round", slave_name=True,
                           power_timing="start and end", kumarbi_per="round")
    check_game(game, games=60, seed=3000, invariants=invariants)


def _options_against_sorted(game, seeds) -> set:
    """Play random games of ``game``; at every decision the state's options must be the sorted
    tuple of everything ``rules.generate_legal`` lists. The steps met."""
    seen = set()
    for seed in seeds:
        st = game.new_game(seed)
        rng = random.Random(seed)
        while not st.is_over:
            built = st.legal_actions()
            assert type(built) is tuple and built == tuple(sorted(rules.generate_legal(st))), st.step
            seen.add(st.step)
            st.apply(rng.choice(built))
        assert st.legal_actions() == ()
    return seen


def test_every_step_lists_its_options_sorted_without_a_sort():
    """state.legal_actions skips the core's sort (rules.SORTED_LEGAL builds in order or keeps the
    sorted drops): the same tuple the core's tuple(sorted(generate_legal())) gives, at every step."""
    seen = set()
    for players in (2, 3, 4):
        seen |= _options_against_sorted(fivetribes.Game(players=players), range(40 * players, 41 * players))
    loops = fivetribes.Game(players=2, loop_drops_count=True, kumarbi_per="round", power_timing="start and end")
    seen |= _options_against_sorted(loops, range(10))
    assert seen == set(rules.SORTED_LEGAL), sorted(set(rules.SORTED_LEGAL) - seen)


def test_the_kept_drop_options_are_cleared_when_many(monkeypatch):
    monkeypatch.setattr(rules, "DROPS_KEPT", 3)
    rules._DROPS_SORTED.clear()
    _options_against_sorted(fivetribes.Game(players=2), range(2))
    assert 1 <= len(rules._DROPS_SORTED) <= 3


def test_the_kept_end_options_are_cleared_when_many_and_sales_are_kept_per_types_held(monkeypatch):
    monkeypatch.setattr(rules, "ENDS_KEPT", 3)
    rules._ENDS.clear()
    _options_against_sorted(fivetribes.Game(players=2), range(2))
    assert 1 <= len(rules._ENDS) <= 3
    assert all(isinstance(held, tuple) and len(held) == len(set(held)) for held in rules._SALES)

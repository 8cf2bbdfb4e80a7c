"""Bad input for El Grande through the core's fuzz harness (boardlab/core/fuzz.py): mutated positions
and records are refused naming a field (or load into sound states), hand-built and wrong-typed
actions are refused and change nothing; for every player count, in each edition."""

import pytest

from boardlab import elgrande
from boardlab.core import fuzz
from boardlab.elgrande.rules import invariants

CONFIGS = [{"players": 4}, {"players": 2}, {"players": 3, "edition": "bigbox"}, {"players": 5, "edition": "1995"}]


@pytest.fixture(scope="module")
def material():
    return {i: fuzz.real_states(elgrande.Game(**o), seeds=(1,), depths=(0, 12, 60, None))
            for i, o in enumerate(CONFIGS)}


@pytest.mark.parametrize("check", ["positions", "records", "actions"])
@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[str(o) for o in CONFIGS])
def test_bad_input_is_refused_clearly_and_changes_nothing(index, check, material):
    game = elgrande.Game(**CONFIGS[index])
    states = material[index]
    n = {"positions": 120, "records": 60, "actions": 120}[check]
    if check == "actions":
        tally = fuzz.fuzz_actions(game, n, states=states)
    else:
        run = fuzz.fuzz_positions if check == "positions" else fuzz.fuzz_records
        tally = run(game, invariants, n, states=states)
    assert sum(tally.tried.values()) >= n
    tally.check()


def test_apply_restores_the_position_when_a_rule_fails_midway(monkeypatch):
    """State.apply calls the rule of the action's kind itself (RULES_BY_KIND, not through _apply):
    a failure halfway through the first action card taken (after the card left the offer) still
    leaves the position and the record as they were, and the action is not recorded."""
    import random

    from boardlab.elgrande import rules

    st, rng = elgrande.Game(players=3).new_game(5), random.Random(5)
    while st.step != "card":
        st.apply(rng.choice(st.legal_actions()))
    before, record = st.to_json(), list(st.record.actions)

    def half_then_fail(s, a):
        s.offer = rules.replaced(s.offer, a.a, -1)
        raise RuntimeError("rule failed halfway")

    monkeypatch.setitem(rules.APPLY, "card", half_then_fail)
    with pytest.raises(RuntimeError, match="halfway") as failed:
        st.apply(st.legal_actions()[0])
    assert "restored" in str(failed.value.__notes__)
    assert st.to_json() == before and list(st.record.actions) == record
    monkeypatch.undo()
    st.apply(st.legal_actions()[0])
    assert len(st.record.actions) == len(record) + 1 and st.step == "order"

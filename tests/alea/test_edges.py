"""Bad input and faults for Alea Iacta Est, through the core's harness (boardlab/core/fuzz.py): mutated
positions and records are refused naming a field or load into sound states; wrong-typed and
hand-built actions are refused and change nothing; Ctrl-C keeps every finished game."""

import pytest

from boardlab.alea import Game
from boardlab.alea.state import invariants
from boardlab.core import fuzz

EXAMPLES = {"positions": 300, "records": 200, "actions": 300}


@pytest.fixture(scope="module")
def states():
    return fuzz.real_states(Game(players=4))


@pytest.mark.parametrize("check", ["positions", "records", "actions"])
def test_bad_input_is_refused_clearly_and_changes_nothing(check, states):
    game = Game(players=4)
    if check == "actions":
        tally = fuzz.fuzz_actions(game, EXAMPLES[check], states=states)
    else:
        run = fuzz.fuzz_positions if check == "positions" else fuzz.fuzz_records
        tally = run(game, invariants, EXAMPLES[check], states=states)
    print(tally.line())
    assert sum(tally.tried.values()) >= EXAMPLES[check]
    tally.check()


def test_ctrl_c_twice_with_two_workers_keeps_every_finished_game():
    report = fuzz.interrupted_run(Game(players=4), workers=2, presses=2, after=3.0)
    assert report.partial and report.returned > 0
    assert report.lost == () and report.workers_left == ()


def test_a_rule_failing_midway_restores_the_position(monkeypatch):
    """The position lives in the state's slots: the core's restore must bring them back too."""
    import random

    from boardlab.alea import rules

    st, rng = Game(players=3).new_game(5), random.Random(5)
    while st.step != "dice":
        st.apply(rng.choice(st.legal_actions()))
    before, record = st.to_json(), list(st.record.actions)

    def half_then_fail(s, action):
        s.free = (0,) * s.nplayers
        s.chance.next_rng()
        raise RuntimeError("rule failed halfway")

    monkeypatch.setitem(rules.APPLY, "place", half_then_fail)
    with pytest.raises(RuntimeError, match="halfway") as failed:
        st.apply(st.legal_actions()[0])
    assert "was restored" in str(failed.value.__notes__)
    assert st.to_json() == before and list(st.record.actions) == record
    monkeypatch.undo()
    st.apply(st.legal_actions()[0])
    assert len(st.record.actions) == len(record) + 1


def test_a_reseeded_copy_whose_rule_fails_is_not_restored(monkeypatch):
    from boardlab.alea import rules

    st = Game(players=3).new_game(5).copy()
    st.reseed(99)
    st.apply(next(a for a in st.legal_actions() if a.kind == "choose"))
    monkeypatch.setitem(rules.APPLY, "place", lambda s, a: 1 / 0)
    with pytest.raises(ZeroDivisionError) as failed:
        st.apply(st.legal_actions()[0])
    assert "its chance stream was reseeded" in str(failed.value.__notes__)


def test_copies_and_pickles_keep_every_attribute():
    import copy
    import pickle
    import random

    from boardlab.alea.state import AleaState

    st, rng = Game(players=4).new_game(8), random.Random(8)
    for _ in range(60):
        st.apply(rng.choice(st.legal_actions()))
    names = [n for n in AleaState.__slots__ if n != "_places"] + list(st.__dict__)
    for other in (st.copy(), copy.deepcopy(st), pickle.loads(pickle.dumps(st))):
        assert other.to_json() == st.to_json() and other.legal_actions() == st.legal_actions()
        assert all(hasattr(other, n) for n in names)
        assert other.chance is not st.chance

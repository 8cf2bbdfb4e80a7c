"""Hostile input and faults, round two (issue 22), for all four games through the core's harness
(boardlab/core/fuzz.py): positions whose fields come from other real positions must be refused or
be playable; every option of a wrong shape, a huge number or a file path is refused naming the
option (and a record naming a file never opens it); ``parse_action`` refuses huge numbers and
hostile texts briefly; a run's damaged metadata is named with its repair; search budgets have a
ceiling. Counts for a report:
``python -m pytest -p no:xdist -s -q tests/test_edges_faults.py | grep '^FUZZ'``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import threading
from typing import Callable

import pytest

import boardlab
from boardlab import alea, elgrande, fivetribes, whitecastle
from boardlab.alea.state import invariants as alea_invariants
from boardlab.core import fuzz
from boardlab.core.errors import InvalidPosition, RecordError
from boardlab.core.record import replay
from boardlab.core.search import MAX_ITERATIONS
from boardlab.elgrande.rules import invariants as elgrande_invariants
from boardlab.fivetribes.state import invariants as fivetribes_invariants
from boardlab.whitecastle.validate import invariants as whitecastle_invariants


@dataclasses.dataclass(frozen=True)
class EdgeGame:
    name: str
    make: Callable[[], object]
    invariants: Callable


GAMES = [
    EdgeGame("whitecastle", lambda: whitecastle.Game(players=3), whitecastle_invariants),
    EdgeGame("whitecastle-solo", lambda: whitecastle.Game(players=1), whitecastle_invariants),
    EdgeGame("fivetribes", lambda: fivetribes.Game(players=3), fivetribes_invariants),
    EdgeGame("alea", lambda: alea.Game(players=4), alea_invariants),
    EdgeGame("elgrande", lambda: elgrande.Game(players=4), elgrande_invariants),
]
IDS = [g.name for g in GAMES]


@pytest.fixture(scope="module")
def material():
    return {g.name: fuzz.real_states(g.make()) for g in GAMES}


def _report(tally, least: int) -> None:
    print(tally.line())
    assert sum(tally.tried.values()) >= least
    tally.check()


@pytest.mark.parametrize("edge", GAMES, ids=IDS)
def test_a_loaded_position_is_playable_or_refused_naming_a_field(edge, material):
    """Defects 4 and 5 (El Grande's empty turn order, Alea's step out of turn with the patricians
    moved aside): one or two fields taken from another real position."""
    tally = fuzz.fuzz_transplants(edge.make(), edge.invariants, material[edge.name])
    _report(tally, 400)
    assert tally.refused["transplant"] and tally.accepted["transplant"]


@pytest.mark.parametrize("edge", GAMES, ids=IDS)
def test_options_of_wrong_shapes_and_paths_in_records_are_refused_naming_the_option(edge):
    """Defects 1 and 8: misplays=[["x"]], solo_cards as a path (never opened from a record),
    huge numbers and deep nesting in every option, directly and through a record."""
    tally = fuzz.fuzz_options(edge.make())
    _report(tally, 100)
    assert tally.refused["path"] == tally.tried["path"] > 0


@pytest.mark.parametrize("edge", GAMES, ids=IDS)
def test_parse_action_refuses_huge_numbers_and_hostile_texts_briefly(edge, material):
    """Defect 7: El Grande's parse_action leaked Python's integer-limit text."""
    tally = fuzz.fuzz_notation(edge.make(), material[edge.name])
    _report(tally, 50)
    assert tally.refused["huge number"] > 0


@pytest.mark.parametrize("edge", GAMES, ids=IDS)
def test_a_runs_damaged_metadata_is_named_with_its_repair(edge):
    """Defects 8 and 9: load_runs of a run whose boardlab metadata is mutated."""
    _report(fuzz.fuzz_run_metadata(edge.make(), 60), 60)


@pytest.mark.parametrize("edge", GAMES, ids=IDS)
def test_search_budgets_above_the_ceiling_are_refused_before_searching(edge):
    """Also noticed: advise(budget=10**12) and policy("mcts", iterations=10**40) ran until stopped."""
    game = edge.make()
    state = game.new_game(1)
    for too_many in (MAX_ITERATIONS + 1, 10**12, 10**40):
        with pytest.raises(ValueError, match=rf"iterations must be at most {MAX_ITERATIONS:,}"):
            game.policy("mcts", iterations=too_many)
        with pytest.raises(ValueError, match=rf"budget must be at most {MAX_ITERATIONS:,}"):
            boardlab.advise(state, budget=too_many)
    assert state == game.new_game(1)
    assert game.policy("mcts", iterations=MAX_ITERATIONS) is not None


def _load_without_blocking(load, fifo: str, seconds: float = 20):
    """``load()`` in a thread; if it is still running after ``seconds`` (blocked on the FIFO),
    unblock it and fail."""
    outcome = {}

    def target():
        try:
            outcome["value"] = load()
        except Exception as exc:  # noqa: BLE001 - the test inspects it
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        with open(fifo, "w"):
            pass
        thread.join(5)
        pytest.fail("loading the record opened the FIFO it names and blocked")
    return outcome


@pytest.mark.parametrize("where", ["a FIFO", "/dev/zero", "a missing file"])
def test_an_uploaded_record_naming_a_server_file_never_opens_it(tmp_path, where):
    """Defect 1, as the issue found it: an uploaded White Castle record whose solo_cards is a path."""
    from boardlab.apps.session import load_record

    fifo = str(tmp_path / "fifo")
    os.mkfifo(fifo)
    path = {"a FIFO": fifo, "/dev/zero": "/dev/zero", "a missing file": str(tmp_path / "nope.csv")}[where]
    record = whitecastle.Game(players=1).new_game(3).record.to_json()
    record["options"]["solo_cards"] = path
    upload = json.dumps(record).encode()
    for load in (lambda: load_record(upload), lambda: replay(record)):
        outcome = _load_without_blocking(load, fifo)
        assert isinstance(outcome.get("error"), RecordError), outcome
        message = str(outcome["error"])
        assert "solo_cards: a saved game holds its solo cards as rows, not a file path" in message
        assert "is not opened" in message and "No such file" not in message  # says nothing of the server


def test_an_earlier_record_naming_the_shipped_card_table_replays_with_its_cards():
    """Records of earlier versions that name the project's own card table load with those cards."""
    import random

    shipped, rng = whitecastle.Game(players=1).new_game(3), random.Random(3)
    for _ in range(12):
        shipped.apply(rng.choice(shipped.legal_actions()))
    record = shipped.record.to_json()
    assert "solo_cards" not in record["options"]  # the shipped cards: the option is left out
    for path in ("/old/site-packages/boardlab/whitecastle/data/solo_cards.csv",
                 "boardlab/whitecastle/data/solo_cards.csv"):
        old = {**record, "options": {**record["options"], "solo_cards": path}}
        again = replay(old)
        assert again.to_json() == shipped.to_json() and [str(a) for a in again.history] == record["actions"]


def test_el_grande_refuses_an_empty_turn_order_while_turns_are_played():
    """Defect 4 as the issue found it (9 of 18 legal actions raised IndexError)."""
    import random

    game = elgrande.Game()
    state, rng = game.new_game(1), random.Random(1)
    while state.step == "power" or len(state.history) < 10:
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    data["order"] = []
    with pytest.raises(InvalidPosition, match=r"^order: expected the turn order \(each seat once\) at step"):
        game.state_from_json(data)
    data = state.to_json()
    data["turn_index"] = len(data["order"])
    with pytest.raises(InvalidPosition, match=r"^turn_index: expected a place in the turn order"):
        game.state_from_json(data)


def test_alea_refuses_a_reward_step_with_nothing_to_choose():
    """Defect 5 as the issue found it: step "senate" out of turn; the patricians moved aside."""
    import random

    game = alea.Game()
    data = game.new_game(1).to_json()
    data.update(step="senate", hand=[])
    with pytest.raises(InvalidPosition):
        game.state_from_json(data)
    state, rng = game.new_game(1), random.Random(1)
    while state.step != "forum":
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    data["patricians_aside"] += data["patricians_shown"]
    data["patricians_shown"] = []
    with pytest.raises(InvalidPosition, match=r"^patricians_shown: expected two or more different items to "
                                               r"choose from at step 'forum'"):
        game.state_from_json(data)


@pytest.mark.parametrize("bad", [[["x"]], [{}], [None], "x", {"a": 1}, [1], [[["y"]]], [10**5000]])
def test_alea_misplays_of_any_shape_are_refused_naming_the_option(bad):
    """Defect 8 as the issue found it: TypeError: unhashable type: 'list'."""
    with pytest.raises(ValueError, match=r"^misplays"):
        alea.Game(misplays=bad)
    record = alea.Game().new_game(1).record.to_json()
    record["options"]["misplays"] = bad
    with pytest.raises(RecordError, match=r"^record: misplays"):
        replay(record)


def test_the_rules_text_states_the_card_table_limit_the_code_uses(tmp_path):
    """The prose number in RULES.md (100,000 characters) is the limit read_cards enforces, and a
    path to a FIFO or a device is refused before it is opened."""
    from pathlib import Path

    from boardlab.whitecastle import solo

    rules = (Path(whitecastle.__file__).parent / "RULES.md").read_text(encoding="utf-8")
    assert solo.LARGEST_TABLE == 100_000 and f"at most {solo.LARGEST_TABLE:,} characters" in rules
    big = tmp_path / "big.csv"
    big.write_text("number,bridge\n" + "x" * solo.LARGEST_TABLE)
    with pytest.raises(ValueError, match=r"larger than a card table \(100,000 characters at most\)"):
        whitecastle.Game(players=1, solo_cards=str(big))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match=r"is not a regular file"):
        whitecastle.Game(players=1, solo_cards=str(fifo))

"""Golden playthroughs: a rule change that alters these games must update them on purpose
(python -m boardlab.core.golden --update tests/fivetribes/golden/*.txt)."""

import re
from pathlib import Path

import pytest

from boardlab.core.golden import check_golden, read_record
from boardlab.core.record import replay

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_playthrough(path):
    check_golden(path)


def test_golden_files_cover_every_kind_of_decision():
    """What the recorded games exercise, read from their records: finished games with 2 and 3
    players, and between them every kind of decision, including the ones the greedy policy never
    takes (sales, paid djinn powers)."""
    records = [read_record(p) for p in FILES]
    assert all(replay(r).is_over for r in records)
    assert {r.options["players"] for r in records} >= {2, 3}
    actions = [a for r in records for a in r.actions]

    def some(pattern):
        return sum(1 for a in actions if re.fullmatch(pattern, a))

    assert some(r"bid slot \d \(\d+ gold\)") and some(r"move from [A-F][1-5]") and some(r"drop \w+ on [A-F][1-5]")
    assert some(r"sell \S+ \(\d+ gold\)") >= 3  # set sales
    assert some(r"builders: discard [1-9] fakirs?")  # Builders with Fakirs added
    assert some(r"kill \S+ on [A-F][1-5].*") >= 3 and some(r"kill \S+ of player \d")  # Assassins, board and player
    assert some(r"buy .*") >= 3  # markets
    assert some(r"take djinn .*") >= 3  # sacred places
    assert some(r"keep djinn .*")  # Sibittis
    assert some(r"place \w+ on [A-F][1-5] \((Hagis|Lamia), pay .*\)")  # a palm/palace moved by its djinn
    powers = {re.match(r"use ([\w'-]+)", a).group(1) for a in actions if a.startswith("use ")}
    assert len(powers) >= 3, powers  # several paid djinn powers
    assert some("end turn")


def test_golden_files_cover_both_readings_of_when_paid_powers_are_offered():
    """The default (every step) uses a power between the move and the end step in some game;
    the other reading (start and end) is kept by one file."""
    timings, between = set(), 0
    for path in FILES:
        record = read_record(path)
        game = replay(record).game
        timings.add(game.power_timing)
        state = game.new_game(record.seed, chance=record.chance)
        for text in record.actions:
            between += text.startswith("use ") and state.step in ("builders", "kill", "market", "sacred")
            state.apply(text)
    assert timings == {"every step", "start and end"} and between >= 2

"""Golden playthroughs: a rule change that alters these games must update them on purpose
(python -m boardlab.core.golden --update tests/alea/golden/*.txt)."""

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


def test_golden_files_cover_player_counts_and_every_kind_of_decision():
    records = [read_record(p) for p in FILES]
    assert all(replay(r).is_over for r in records)
    assert {r.options["players"] for r in records} >= {2, 4, 5}
    actions = [a for r in records for a in r.actions]

    def some(pattern):
        return sum(1 for a in actions if re.fullmatch(pattern, a))

    for building in ("Templum", "Senatus", "Castrum", "Forum"):
        assert some(f"choose {building}") and some(rf"place [1-6 ]+ in {building}"), building
    assert some(r"reroll keeping .*") and some(r"send \d dic?e? to the Latrina|send 1 die to the Latrina")
    assert some(r"keep senate card [IVX]+") and some(r"take province .*") and some(r"take patrician .*")

"""Golden playthroughs: a rule change that alters these games must update them on purpose
(python -m boardlab.core.golden --update tests/elgrande/golden/*.txt)."""

from pathlib import Path

import pytest

from boardlab.core.golden import check_golden, read_record
from boardlab.core.record import replay

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_playthrough(path):
    check_golden(path)


def test_golden_files_cover_every_player_count_and_edition():
    records = [read_record(p) for p in FILES]
    assert all(replay(r).is_over for r in records)
    assert {r.options["players"] for r in records} == {2, 3, 4, 5}
    assert {r.options["edition"] for r in records} == {"2023", "bigbox", "1995"}
    kinds = {a.split()[0] for r in records for a in r.actions}
    assert {"play", "take", "place", "set", "move", "pick", "veto", "allow"} <= kinds

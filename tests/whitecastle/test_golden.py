"""Golden playthroughs: a rule change that alters these games must update them on purpose
(python -m boardlab.core.golden --update tests/whitecastle/golden/*.txt)."""

from pathlib import Path

import pytest

from boardlab.core.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.name)
def test_golden_playthrough(path):
    check_golden(path)


def test_golden_files_exist():
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == ["1p-hard-greedy-seed7.txt", "3p-greedy-seed7.txt"]

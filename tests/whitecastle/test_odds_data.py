"""The committed tables in data/whitecastle/ are what boardlab.whitecastle.odds computes now.

If this fails, regenerate them with
``python -m boardlab.whitecastle.odds --write-data data/whitecastle`` and commit the result.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from boardlab.whitecastle import odds

DATA = Path(__file__).resolve().parents[2] / "data" / "whitecastle"
REGENERATE = "python -m boardlab.whitecastle.odds --write-data data/whitecastle"


def read(path: Path):
    return pd.read_csv(path, dtype=str, keep_default_na=False)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    directory = tmp_path_factory.mktemp("whitecastle-odds")
    odds.write_tables(directory)
    return directory


@pytest.mark.parametrize("name", sorted(odds.TABLES))
def test_committed_table_is_current(name, fresh):
    committed_path = DATA / name
    assert committed_path.exists(), f"{committed_path} is missing; run `{REGENERATE}`"
    committed, current = read(committed_path), read(fresh / name)
    stale = f"{committed_path} is stale; run `{REGENERATE}` and commit it"
    assert list(committed.columns) == list(current.columns), stale
    assert len(committed) == len(current), stale
    for column in current.columns:
        if column.endswith("_float"):
            for old, new in zip(committed[column], current[column]):
                assert math.isclose(float(old), float(new), rel_tol=1e-12, abs_tol=1e-15), (stale, column)
        else:
            assert committed[column].tolist() == current[column].tolist(), (stale, column)


def test_no_unexpected_csv_in_data_directory():
    # the odds tables, and the search's strength ratings (boardlab.core.tournament, data/README.md)
    assert {p.name for p in DATA.glob("*.csv")} == set(odds.TABLES) | {"ratings-2p.csv"}


def test_exact_and_float_columns_agree():
    """Each exact fraction column and its float twin say the same number."""
    for name in odds.TABLES:
        table = read(DATA / name)
        for column in table.columns:
            if column + "_float" in table.columns:
                for exact, approx in zip(table[column], table[column + "_float"]):
                    assert math.isclose(float(Fraction(exact)), float(approx), rel_tol=1e-12, abs_tol=1e-15)


def test_tables_hold_known_numbers():
    ends = read(DATA / "bridge_ends.csv")
    row = ends[(ends.n == "2") & (ends.end == "left") & (ends.pips == "1")]
    assert row.probability.tolist() == ["11/36"]
    breaks = read(DATA / "break_even.csv")
    for players, group in breaks.groupby("players"):
        assert sum(Fraction(p) for p in group.probability) == 1, players

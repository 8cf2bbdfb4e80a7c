"""The core's position checks: exact types, ranges, fields, conservation, each naming its path."""

from collections import Counter

import pytest

from boardlab.core import InvalidPosition
from boardlab.core import validate as V


@pytest.mark.parametrize("value", [True, 2.0, "3", None, [3]])
def test_int_is_exact(value):
    with pytest.raises(InvalidPosition, match=r"^round: expected an integer, got"):
        V.expect_int(value, "round")


def test_int_range_names_bounds():
    assert V.expect_int(4, "x", 1, 4) == 4
    with pytest.raises(InvalidPosition, match=r"players\[1\]\.coin: expected an integer from 0 to 50, got 51"):
        V.expect_int(51, "players[1].coin", 0, 50)
    with pytest.raises(InvalidPosition, match=">= 0"):
        V.expect_int(-1, "x", 0)


def test_huge_values_are_shortened():
    with pytest.raises(InvalidPosition) as info:
        V.expect_int("9" * 5000, "seed")
    assert len(str(info.value)) < 120


def test_bool_and_choice_are_exact():
    with pytest.raises(InvalidPosition, match="true or false"):
        V.expect_bool("no", "end_camel")
    assert V.expect_choice("turn", "phase", ("draft", "turn")) == "turn"
    with pytest.raises(InvalidPosition, match="one of 1, 2"):
        V.expect_choice(True, "n", (1, 2))


def test_dict_names_missing_and_unknown_fields():
    V.expect_dict({"a": 1}, "p", ["a"])
    with pytest.raises(InvalidPosition, match="field.* b"):
        V.expect_dict({"a": 1}, "p", ["a", "b"])
    with pytest.raises(InvalidPosition, match="unknown field.* zz"):
        V.expect_dict({"a": 1, "zz": 2}, "p", ["a"])
    V.expect_dict({"a": 1, "zz": 2}, "p", ["a"], exact=False)


def test_list_length():
    with pytest.raises(InvalidPosition, match="a list of 3 items"):
        V.expect_list([1, 2], "bridges", 3)
    with pytest.raises(InvalidPosition, match="a list"):
        V.expect_list((1, 2), "bridges")


def test_counts_say_what_is_missing_or_extra():
    V.expect_counts(["a", "b", "b"], Counter({"a": 1, "b": 2}), "dice")
    with pytest.raises(InvalidPosition, match=r"dice: .*missing b x1; extra c x1"):
        V.expect_counts(["a", "b", "c"], {"a": 1, "b": 2}, "dice")


def test_permutation():
    V.expect_permutation([2, 0, 1], "order", range(3))
    for bad in ([0, 0, 1], [0, 1, 3], [True, 0, 2], [0, 1]):
        with pytest.raises(InvalidPosition, match="order"):
            V.expect_permutation(bad, "order", range(3))


def test_permutation_with_a_huge_number_is_refused_plainly():
    with pytest.raises(InvalidPosition, match="order: expected an ordering") as info:
        V.expect_permutation([10 ** 5000, 0, 1], "order", range(3))
    assert "digits" not in str(info.value)

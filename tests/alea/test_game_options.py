"""Game options: validation with clear errors, every misplay has its test, assumed values are data."""

import re
from pathlib import Path

import pytest

from boardlab.alea import MISPLAYS, Game
from boardlab.alea.components import assumed_values
from boardlab.core.game import Game as CoreGame


@pytest.mark.parametrize("options, message", [
    ({"players": 1}, "players must be one of 2, 3, 4, 5"),
    ({"players": 6}, "players must be one of"),
    ({"players": True}, "players must be one of"),
    ({"senatus_min_straight": 3}, "senatus_min_straight must be one of 1, 2"),
    ({"tie_rule": "random"}, "tie_rule must be one of 'latest', 'earliest'"),
    ({"latrina_dice": 2}, "latrina_dice must be one of"),
    ({"province_formula": "multiply"}, "province_formula must be one of 'additive'"),
    ({"misplays": ["no_such_thing"]}, "unknown misplay 'no_such_thing'"),
    ({"misplays": "set_ends_at_once"}, "misplays must be a list of names"),
    ({"misplays": ["forum_refuses_six", "forum_refuses_six"]}, "each name at most once"),
])
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        Game(**options)


def test_options_round_trip_through_json_and_the_registry():
    game = Game(players=3, misplays=["set_ends_at_once", "castrum_one_group"], tie_rule="earliest")
    again = CoreGame.by_name("alea").from_options(game.options())
    assert again == game and again.misplays == ("castrum_one_group", "set_ends_at_once")
    assert game.options()["misplays"] == ["castrum_one_group", "set_ends_at_once"]


def test_every_misplay_has_a_rule_test_named_after_it():
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_rules_*.py"))
    missing = [m for m in MISPLAYS if f"def test_misplay_{m}" not in source]
    assert not missing, f"misplays without a test: {missing}"


def test_every_misplay_names_a_point_of_the_seed():
    for name, (point, text) in MISPLAYS.items():
        assert re.fullmatch(r"(10|[1-9])(-\d|b)?", point), name
        assert text


def test_assumed_values_are_listed_in_rules_md():
    rules = (Path(__file__).parents[2] / "boardlab" / "alea" / "RULES.md").read_text(encoding="utf-8")
    rows = assumed_values()
    assert len(rows) >= 15
    for row in rows:
        key = row.get("key") or row.get("card") or row.get("colour")
        assert f"`{key}`" in rules, f"{row['table']} row {key} is assumed but not in RULES.md"

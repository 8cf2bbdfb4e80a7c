"""The solo cards as data (shipped table, your own cards as a CSV path or a list of dicts), the
solo options, and bad input: malformed card tables, options and positions are refused with a
message naming the field and what was expected."""

from __future__ import annotations

import csv
import json

import pytest

from boardlab import whitecastle
from boardlab.core import InvalidPosition
from boardlab.core.policies import play
from boardlab.core.record import Record, replay
from boardlab.whitecastle import components as C
from boardlab.whitecastle import solo

from .solo_helpers import DECK, card


# ------------------------------------------------------------------ the shipped cards
def test_shipped_deck_has_nine_cards_one_confirmed_eight_invented():
    cards = solo.shipped_cards()
    assert [c.number for c in cards] == list(range(1, 10))
    assert [c.number for c in cards if c.status == "confirmed"] == [1]
    assert all("invented" in c.note and c.source == "invented" for c in cards if c.status == "assumed")


def test_the_one_known_card_black_right_end_to_floor_one_then_warrior_and_climb():
    known = solo.shipped_cards()[0]
    assert (known.bridge, known.end, known.space[:2]) == ("black", "right", "F1")
    assert known.actions == ("warrior:3", "courtier:up1")  # the 3-iron yard, then up one floor


def test_shipped_deck_names_every_bridge_both_ends_and_only_rival_spaces():
    cards = solo.shipped_cards()
    assert {c.bridge for c in cards} == {"coral", "black", "white"}
    assert {c.end for c in cards} == {"left", "right"}
    assert {c.space for c in cards} <= set(solo.CARD_SPACES)


def test_solo_tables_carry_source_and_status_and_are_listed_in_rules_doc():
    doc = (C.resources.files("boardlab.whitecastle") / "RULES.md").read_text(encoding="utf-8")
    for name in ("solo_cards.csv", "solo_difficulty.csv"):
        rows = C._read(name)
        assert rows and all(r["source"] and r["status"] in ("confirmed", "assumed") for r in rows)
        assert f"`{name}`" in doc
    for reading in solo.ASSUMED_READINGS:
        assert reading in doc, reading


def test_difficulty_table_is_shipped_assumed():
    assert {r["status"] for r in C._read("solo_difficulty.csv")} == {"assumed"}
    assert solo.difficulty_table()["hard"] == {"cp": 8, "turn_order": 1, "time": 3}


# ------------------------------------------------------------------ your own cards
def _write(path, rows, columns=solo.CARD_COLUMNS[:6]):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns))
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_own_cards_from_a_csv_path_play_a_game(tmp_path):
    path = _write(tmp_path / "my_cards.csv", DECK)
    game = whitecastle.Game(players=1, solo_cards=str(path))
    assert sorted(solo.cards_of(game)) == [1, 2, 3, 4]
    state = play(game, ["random"], 3, 3)
    assert state.is_over and sorted([state.rival_top, *state.rival_deck, *state.rival_row]) == [1, 2, 3, 4]


def test_own_cards_as_dicts_equal_the_same_cards_from_csv(tmp_path):
    path = _write(tmp_path / "cards.csv", DECK)
    assert whitecastle.Game(players=1, solo_cards=path) == whitecastle.Game(players=1, solo_cards=DECK)
    assert hash(whitecastle.Game(players=1, solo_cards=path)) == hash(whitecastle.Game(players=1, solo_cards=DECK))


def test_own_cards_travel_in_the_record_and_replay():
    state = play(whitecastle.Game(players=1, solo_cards=DECK), ["random"], 5, 5)
    data = json.loads(json.dumps(state.record.to_json()))
    assert data["options"]["solo_cards"][0]["bridge"] == "coral"
    again = replay(Record.from_json(data))
    assert again == state and again.game.solo_cards == state.game.solo_cards


def test_optional_columns_default_to_a_confirmed_user_card():
    game = whitecastle.Game(players=1, solo_cards=DECK)
    first = solo.cards_of(game)[1]
    assert (first.status, first.source, first.note) == ("confirmed", "user", "")


def test_multi_player_options_carry_no_solo_option():
    assert set(whitecastle.Game(players=3).options()) == {"players", "lone_die_is_left", "printing"}
    solo_opts = whitecastle.Game(players=1).options()
    assert solo_opts["difficulty"] == "medium" and solo_opts["rival_keeps_coins"] is True
    assert solo_opts["solo_reshuffle"] == "empty" and "solo_cards" not in solo_opts


# ------------------------------------------------------------------ bad card tables
@pytest.mark.parametrize("edit, message", [
    (lambda rows: rows[0].pop("space"), r"solo_cards\[0\]: missing column\(s\) space"),
    (lambda rows: rows[1].update(colour="red"), r"solo_cards\[1\]: unknown column\(s\) colour"),
    (lambda rows: rows[0].update(bridge="red"), r"solo_cards\[0\]\.bridge: expected one of coral, black, white, got 'red'"),
    (lambda rows: rows[0].update(end="top"), r"solo_cards\[0\]\.end: expected one of left, right, middle"),
    (lambda rows: rows[2].update(space="ROW0"), r"solo_cards\[2\]\.space: expected one of F1A"),
    (lambda rows: rows[0].update(action_1="fly:2"), r"solo_cards\[0\]\.action_1: expected an action among"),
    (lambda rows: rows[0].update(action_2="coins:0"), r"action_2: expected coins:N with N from 1 to 20"),
    (lambda rows: rows[0].update(action_1="warrior:4"), r"warrior:N with N a yard's iron cost \(1, 3, 5\)"),
    (lambda rows: rows[0].update(action_1="gardener:middle"), r"gardener:left, gardener:right or gardener:any"),
    (lambda rows: rows[0].update(action_1="courtier:up3"), r"courtier:gate, courtier:up1 or courtier:up2"),
    (lambda rows: rows[3].update(number=2), r"solo_cards: each card number once, got \[2\] more than once"),
    (lambda rows: rows[0].update(number="one"), r"solo_cards\[0\]\.number: expected a card number from 1 to 999"),
    (lambda rows: rows[0].update(number=True), r"solo_cards\[0\]\.number: expected a card number"),
    (lambda rows: rows[0].update(status="maybe"), r"solo_cards\[0\]\.status: expected confirmed or assumed"),
    (lambda rows: rows[0].update(note=3), r"solo_cards\[0\]\.note: expected a text"),
    (lambda rows: rows.__delitem__(slice(2, None)), r"solo_cards: expected 3 to 60 cards \(the box has 9\), got 2"),
    (lambda rows: rows.__setitem__(0, "coral,left"), r"solo_cards\[0\]: expected a dict with the columns"),
])
def test_malformed_card_table_is_refused_naming_the_field(edit, message):
    rows = [dict(r) for r in DECK]
    edit(rows)
    with pytest.raises(ValueError, match=message):
        whitecastle.Game(players=1, solo_cards=rows)


def test_card_table_of_the_wrong_type_is_refused():
    with pytest.raises(ValueError, match="solo_cards must be None .* a CSV path or a list of dicts; got int"):
        whitecastle.Game(players=1, solo_cards=9)


def test_missing_card_file_is_refused_with_its_path(tmp_path):
    with pytest.raises(ValueError, match=r"solo_cards: cannot read the card table .*nowhere\.csv"):
        whitecastle.Game(players=1, solo_cards=str(tmp_path / "nowhere.csv"))


def test_card_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes(b"number,bridge,end,space,action_1,action_2\n1,\xe9,left,WELL,cp:1,cp:1\n")
    with pytest.raises(ValueError, match="is not a UTF-8 CSV table"):
        whitecastle.Game(players=1, solo_cards=path)


def test_card_file_with_a_row_longer_than_its_header_is_refused(tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("number,bridge,end,space,action_1,action_2\n1,coral,left,WELL,cp:1,cp:1,extra\n",
                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"solo_cards\[0\]: more cells than the header's columns"):
        whitecastle.Game(players=1, solo_cards=path)


# ------------------------------------------------------------------ bad options
@pytest.mark.parametrize("options, message", [
    ({"difficulty": "nightmare"}, "difficulty must be one of 'easy', 'medium', 'hard'; got 'nightmare'"),
    ({"difficulty": 2}, "difficulty must be one of"),
    ({"rival_keeps_coins": "yes"}, "rival_keeps_coins must be one of True, False"),
    ({"solo_reshuffle": "never"}, "solo_reshuffle must be one of 'empty', 'round'"),
])
def test_bad_solo_option_is_refused(options, message):
    with pytest.raises(ValueError, match=message):
        whitecastle.Game(players=1, **options)


@pytest.mark.parametrize("option, value", [("difficulty", "hard"), ("solo_cards", DECK),
                                           ("rival_keeps_coins", False), ("solo_reshuffle", "round")])
def test_solo_option_at_two_to_four_players_is_refused(option, value):
    with pytest.raises(ValueError, match=f"{option} is an option of the solo game \\(players=1\\) only"):
        whitecastle.Game(players=3, **{option: value})


def test_unknown_option_in_a_record_is_refused():
    with pytest.raises(ValueError, match="unknown option"):
        whitecastle.Game.from_options({"players": 1, "rival": "hard"})


# ------------------------------------------------------------------ bad positions
def _position(seed=3):
    state = whitecastle.Game(players=1).new_game(seed)
    state.apply(state.legal_actions()[0])
    while state.decision[0] != "take":
        state.apply(state.legal_actions()[0])
    return state.to_json()


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.pop("rival"), r"position: expected an object with the field\(s\) rival"),
    (lambda d: d["rival"].update(top=12), r"rival\.top: expected one of 1, 2"),
    (lambda d: d["rival"].update(deck=sorted(d["rival"]["deck"] + [d["rival"]["top"]])),
     r"rival: expected every solo card exactly once"),
    (lambda d: d["rival"].update(deck=sorted(d["rival"]["deck"], reverse=True)), r"rival\.deck: expected card numbers in rising order"),
    (lambda d: d["rival"].update(log=[["red", 3, "left", "WELL", "WELL", 1]]), r"rival\.log\[0\]\[0\]: expected one of 'coral'"),
    (lambda d: d["rival"].update(log=[["coral", 3, "left", "F1A", "F1B", 1]]), r"rival\.log\[0\]\[3\]: expected the space named"),
    (lambda d: d["rival"].update(log=[["coral", 3, "left", "WELL"]]), r"rival\.log\[0\]: expected a list of 6"),
    (lambda d: d["rival"].update(log=[["coral", 3, "left", "WELL", "WELL", 1]] * 10), r"rival\.log: expected a list of at least 0 and at most 9 items"),
    (lambda d: d["players"][1]["goods"].update(iron=2), r"players\[1\]\.goods\.iron: expected 0: the rival gains no resources"),
    (lambda d: d["players"][1].update(card="start:courtier"), r"players\[1\]\.card"),
    (lambda d: d.update(actor=1), r"actor"),
    (lambda d: d["queue"].append(["rival"]), r"queue\[0\]: expected no 'rival' task"),
    (lambda d: d["players"].pop(), r"players: expected 2 players"),
])
def test_malformed_solo_position_is_refused_naming_the_field(edit, message):
    d = _position()
    edit(d)
    with pytest.raises(InvalidPosition, match=message):
        whitecastle.Game(players=1).state_from_json(d)


def test_a_solo_position_is_not_a_two_player_position():
    d = _position()
    with pytest.raises(InvalidPosition, match="position: unexpected key|rival"):
        whitecastle.Game(players=2).state_from_json(d)


def test_the_solo_position_round_trips_through_json():
    d = _position()
    state = whitecastle.Game(players=1).state_from_json(json.loads(json.dumps(d)))
    assert state.to_json() == d and state.legal_actions()


def test_invented_cards_spread_as_rules_doc_says():
    from collections import Counter

    cards = solo.shipped_cards()
    assert Counter(c.bridge for c in cards) == {"coral": 3, "black": 3, "white": 3}
    assert Counter(c.end for c in cards) == {"right": 5, "left": 4}
    assert set(Counter(c.space for c in cards).values()) <= {1, 2} and "WELL" not in {c.space for c in cards}
    assert len({c.space for c in cards}) == 7
    kinds = Counter(a.split(":")[0] + (":climb" if "up" in a else "") for c in cards for a in c.actions)
    assert kinds == {"warrior": 3, "gardener": 3, "courtier": 2, "courtier:climb": 6, "coins": 1, "cp": 2, "time": 1}


def test_bench_plays_the_solo_game_as_one_player():
    from boardlab import bench

    assert bench.player_counts(whitecastle.Game) == [1, 2, 3, 4]
    figures = bench.bench_games(whitecastle.Game(players=1), 0.2)
    assert figures["players"] == 1 and figures["games"] >= 1 and figures["decisions_per_game"] > 9

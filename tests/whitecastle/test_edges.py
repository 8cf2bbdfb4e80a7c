"""Bad input at the edges (issue 7): malformed positions, hand-built actions, action text.

Every malformed position is refused with InvalidPosition naming a field path, and a position
that loads is one the game's invariants accept; every action that is not legal now is refused
with IllegalAction naming a rule, and the position is unchanged; parse errors say which word
could not be read.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from boardlab import whitecastle
from boardlab.core import IllegalAction, InvalidPosition
from boardlab.whitecastle import components as C
from boardlab.whitecastle.actions import Action, parse, universe
from boardlab.whitecastle.validate import invariants


def _positions(players: int, seed: int, every: int = 7) -> list[dict]:
    """JSON forms along one random game (draft, turns, round ends, the end)."""
    game = whitecastle.Game(players=players)
    state, rng, found = game.new_game(seed), random.Random(seed), []
    while not state.is_over:
        if len(state.history) % every == 0:
            found.append(state.to_json())
        state.apply(rng.choice(state.legal_actions()))
    return found + [state.to_json()]


# ---------------------------------------------------------------------------- positions
WRONG_VALUES = [True, False, 1.0, 2.5, "3", None, [], {}, -1, 10**5000, float("inf"), [[[[[]]]]], "coral"]


def _mutate(d: dict, rng: random.Random) -> str:
    """Change one value somewhere in ``d`` (or delete a key); return its path."""
    path, node = [], d
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        k = rng.choice(keys)
        child = node[k]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.7:
            path.append(k)
            node = child
            continue
        roll = rng.random()
        if roll < 0.15 and isinstance(node, dict):
            del node[k]
        elif roll < 0.3 and isinstance(child, int) and not isinstance(child, bool):
            node[k] = child + rng.choice((-1, 1, 7))
        else:
            node[k] = copy.deepcopy(rng.choice(WRONG_VALUES))
        path.append(k)
        break
    return ".".join(map(str, path))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mutated_positions_are_refused_by_path_or_load_consistent(players):
    game = whitecastle.Game(players=players)
    rng = random.Random(players)
    refused = loaded = 0
    for base in _positions(players, seed=players):
        for _ in range(60):
            d = copy.deepcopy(base)
            where = _mutate(d, rng)
            try:
                state = game.state_from_json(d)
            except InvalidPosition as exc:
                text = str(exc)
                assert ": expected " in text and "KeyError" not in text and "malformed" not in text, (where, text)
                refused += 1
            else:
                invariants(state)  # a position that loads is one the invariants accept
                loaded += 1
    assert refused > 10 * loaded  # nearly every mutation breaks something: the checks are not lax


def test_editing_the_dict_after_loading_changes_neither_the_state_nor_its_record():
    d = _positions(3, seed=1)[3]
    game = whitecastle.Game(players=3)
    state = game.state_from_json(d)
    before, record = state.to_json(), json.dumps(state.record.to_json())
    d["players"][0]["goods"]["coin"] = 40
    d["bridges"]["coral"].clear()
    d["queue"].append(["cp", 9])
    assert state.to_json() == before
    assert json.dumps(state.record.to_json()) == record


def test_a_real_position_loads_and_rebuilds_equal_at_every_phase():
    for players in (2, 3, 4):
        game = whitecastle.Game(players=players)
        positions = [d for seed in range(10, 14) for d in _positions(players, seed=seed, every=1)]
        assert {p["phase"] for p in positions} >= {"draft", "turn", "over"}
        for d in positions:
            assert game.state_from_json(copy.deepcopy(d)).to_json() == d


# ---------------------------------------------------------------------------- actions
HAND_BUILT = [Action("climb", "", 30, 1), Action("bogus"), Action("take", "coral", 99, 0),
              Action("take", "green", 1, 0), Action("castleblock", "", 4, 2), Action("room", "", -1),
              Action("place", "NOWHERE"), Action("take", "coral", True, 0), Action("take", "coral", 1.0, 0),
              Action("pay", "gold:1>well"), Action("garden", "", 6), Action("yard", "", 3), Action(5, 5, "a", None)]


@pytest.mark.parametrize("action", HAND_BUILT, ids=lambda a: repr(tuple(a)))
def test_hand_built_actions_with_bad_fields_are_refused_naming_what_was_expected(action):
    state = whitecastle.Game(players=3).new_game(seed=4)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == "action form" and "expected" in info.value.detail
    assert state.to_json() == before and state.legal_actions()


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_not_legal_now_is_refused_with_a_rule_at_every_decision(players):
    state = whitecastle.Game(players=players).new_game(seed=21)
    rng, everything, decisions = random.Random(21), universe(), 0
    while not state.is_over:
        if decisions % 3 == 0:
            before, legal = state.to_json(), state.legal_actions()
            for a in everything:
                if a not in legal:
                    with pytest.raises(IllegalAction) as info:
                        state.apply(a)
                    assert info.value.rule
            assert state.to_json() == before and state.legal_actions() == legal
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1


# ---------------------------------------------------------------------------- parsing
def test_parsing_ignores_case_and_spacing():
    assert parse("Take coral 1 (left end)") == Action("take", "coral", 1, 0)
    assert parse("  PLACE on   the well ") == Action("place", "WELL")
    assert parse("take daimyo slot a") == Action("slot", "", 0)


@pytest.mark.parametrize("text, words", [
    ("take corl 1 (left end)", ["word 2", "'corl'", "'coral'", "Did you mean 'take coral 1 (left end)'"]),
    ("plce on the Well", ["word 1", "'plce'", "Did you mean 'place on the Well'"]),
    ("take coral 7 (left end)", ["word 3", "'7'", "'6'"]),
    ("take coral", ["ends early"]),
    ("", ["empty"]),
])
def test_a_typo_says_which_word_could_not_be_read_and_suggests_the_closest(text, words):
    with pytest.raises(ValueError) as info:
        parse(text)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_a_number_of_thousands_of_digits_is_refused_briefly():
    with pytest.raises(ValueError) as info:
        parse("take coral " + "9" * 5000 + " (left end)")
    text = str(info.value)
    assert "word 3" in text and len(text) < 400 and "4300" not in text and "int_max_str_digits" not in text


def test_starting_action_cards_carry_one_light_block_over_all_three_rows():
    """Reference §1.5 (BGA data): each starting action card has a single light block covering
    the three rows ("Courtier action", "Gardener action" or "Warrior action")."""
    for design in C.START_DESIGNS:
        card = C.action_cards()[f"start:{design}"]
        assert [(b.light, b.rows, b.effects) for b in card.blocks] == [(True, (0, 1, 2), ((design,),))]


def test_a_rule_failing_as_the_game_ends_restores_a_game_that_is_not_over(monkeypatch):
    """``is_over`` is a plain attribute the rules set when the last round ends: a failure after
    that, inside the same action, must leave the position before the action (not over)."""
    from boardlab.whitecastle import rules

    end_round = rules.Rules._end_round

    def end_then_fail(self):
        end_round(self)
        if self.is_over:
            raise RuntimeError("rule failed after the game ended")

    st, rng = whitecastle.Game(players=2).new_game(3), random.Random(3)
    monkeypatch.setattr(rules.Rules, "_end_round", end_then_fail)
    with pytest.raises(RuntimeError, match="after the game ended") as failed:
        while True:
            before, action = st.to_json(), rng.choice(st.legal_actions())
            st.apply(action)
    assert "restored" in str(failed.value.__notes__)
    assert not st.is_over and st.phase != "over" and st.to_json() == before
    monkeypatch.undo()
    st.apply(action)
    assert st.is_over

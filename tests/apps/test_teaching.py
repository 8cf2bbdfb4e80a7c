"""Learn to play: every decision kind of every game has its rule text and option meaning in
English and Korean, the one-screen overview and the rules page exist in both languages, and the
rules pages state the numbers the engine plays with."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from boardlab.apps import learn
from boardlab.apps import options as setup_options
from boardlab.core.game import Game
from boardlab.core.glossary import has_hangul
from tests.apps.conftest import GAMES

#: random games played per player count to collect the decision kinds
GAMES_PER_COUNT = 2
#: options that open decision kinds the default game never asks (El Grande's Veto cards)
EXTRA_SETUPS = {"elgrande": ({"veto": True},)}


def decision_kinds(game: str) -> set[str]:
    """Every action kind offered at any decision of random games at every player count."""
    cls = Game.by_name(game)
    counts = next(o.choices for o in setup_options.options(cls) if o.name == "players")
    kinds = set()
    for players in counts:
        for extra in ({},) + EXTRA_SETUPS.get(game, ()):
            for seed in range(GAMES_PER_COUNT):
                state, rng = cls(players=players, **extra).new_game(seed), random.Random(seed)
                while not state.is_over:
                    legal = state.legal_actions()
                    kinds.update(a.kind for a in legal)
                    state.apply(rng.choice(legal))
    return kinds


def _check_texts(game: str, kind: str):
    for language in ("en", "ko"):
        rule, does = learn.kind_text(game, kind, language)
        assert rule.strip() and does.strip(), f"{game} {kind} {language}: empty text"
        assert has_hangul(rule) == (language == "ko") and has_hangul(does) == (language == "ko"), (
            f"{game} {kind}: the {language} text is in the wrong language")


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_kind_of_random_games_has_its_texts_in_both_languages(game):
    kinds = decision_kinds(game)
    assert len(kinds) >= 7, f"{game}: only {sorted(kinds)} seen; the enumeration is broken"
    missing = sorted(k for k in kinds if k not in learn.teaching(game).KINDS)
    assert not missing, f"{game}: decision kinds without a teaching text: {missing}"
    for kind in kinds:
        _check_texts(game, kind)


@pytest.mark.parametrize("game", ["whitecastle", "elgrande"])
def test_every_kind_the_notation_knows_has_a_text_and_no_text_is_stale(game):
    """Kinds random play rarely reaches (a Passage of Time gate, a recall) are covered too."""
    notation = set(importlib.import_module(f"boardlab.{game}.actions")._FORMAT)
    assert set(learn.teaching(game).KINDS) == notation
    for kind in notation:
        _check_texts(game, kind)


def test_a_missing_kind_is_refused_naming_the_file_to_edit():
    with pytest.raises(KeyError, match="boardlab/alea/teaching.py"):
        learn.kind_text("alea", "juggle", "en")


@pytest.mark.parametrize("game", GAMES)
def test_the_overview_tells_goal_round_and_scoring_in_both_languages(game):
    overview = learn.teaching(game).OVERVIEW
    for language in ("en", "ko"):
        assert set(overview[language]) == {"goal", "round", "score"}
        assert all(has_hangul(text) == (language == "ko") for text in overview[language].values())


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_has_the_same_sections_and_numbers_in_korean(game):
    en = learn.rules_page_path(game, "en").read_text(encoding="utf-8")
    ko = learn.rules_page_path(game, "ko").read_text(encoding="utf-8")
    assert len(re.findall(r"^## ", en, re.M)) == len(re.findall(r"^## ", ko, re.M)) >= 4
    assert has_hangul(ko) and not has_hangul(en)
    assert _numbers(ko) <= _numbers(en), f"numbers only the Korean page states: {_numbers(ko) - _numbers(en)}"
    for language in ("en", "ko"):
        overview = " ".join(learn.teaching(game).OVERVIEW[language].values())
        words = " ".join(t[language][0] + " " + t[language][1] for t in learn.teaching(game).KINDS.values())
        assert _numbers(overview + words) <= _numbers(en), f"{game}: a teaching text states a number the rules page does not"


def test_the_white_castle_pages_state_the_board_values_the_engine_plays():
    from boardlab.whitecastle import components as C

    board = C.board()
    en = " ".join(learn.rules_page_path("whitecastle", "en").read_text(encoding="utf-8").split())
    courtiers = [board[f"courtier_points_{k}"] for k in ("gate", "floor1", "floor2", "floor3")]
    assert f"{courtiers[0]} at the gate, {courtiers[1]} on floor 1, {courtiers[2]} on floor 2, {courtiers[3]} on floor 3" in en
    assert f"Sending one to the gate costs {board['gate_cost_coins']} coins" in en
    assert (f"climbing costs {board['climb_one_floor_pearls']} mother-of-pearl for one floor or "
            f"{board['climb_two_floors_pearls']} for two") in en
    rules = learn.teaching("whitecastle").KINDS
    assert f"pay {board['gate_cost_coins']} coins" in rules["gate"]["en"][0]
    assert f"{board['climb_one_floor_pearls']} for one floor, {board['climb_two_floors_pearls']} for two" in rules["climb"]["en"][0]


def test_alea_pages_state_the_sets_the_engine_plays():
    from boardlab.alea.components import PLAYER_COUNTS

    assert {p: PLAYER_COUNTS[p].sets for p in (2, 3, 4, 5)} == {2: 6, 3: 6, 4: 5, 5: 5}
    en = learn.rules_page_path("alea", "en").read_text(encoding="utf-8")
    assert "**6 sets with 2-3 players, 5 sets with 4-5 players**" in en


def test_el_grande_pages_state_rounds_and_scorings():
    from boardlab.elgrande import components as C

    assert len(Game.by_name("elgrande")(players=4).rounds) == 9 and tuple(C.SCORING_ROUNDS) == (3, 6, 9)
    en = learn.rules_page_path("elgrande", "en").read_text(encoding="utf-8")
    assert "The game has **9 rounds**; after rounds 3, 6 and 9 every region is scored." in en
    tiles = "/".join(map(str, C.SCORE_TILES["2023"][0])) + " or " + "/".join(map(str, C.SCORE_TILES["2023"][1]))
    assert f"({tiles})" in en.replace("\n", " ")


def test_five_tribes_pages_state_the_constants_the_engine_plays():
    from boardlab.fivetribes.components import const

    en = " ".join(learn.rules_page_path("fivetribes", "en").read_text(encoding="utf-8").split())
    for sentence in (
        f"The board is {const('rows') * const('columns')} tiles ({const('rows')} rows × {const('columns')} columns) "
        f"with {const('meeples_per_tile')} meeples on each.",
        f"the 0 spots hold up to {const('zero_slots')}",
        f"Refill** the market row to {const('resource_row')} cards and the djinns on display to {const('djinn_row')}.",
        f"kept: {const('vizier_vp')} point each, plus {const('vizier_bonus')} for each player with fewer viziers",
        f"kept: {const('elder_vp')} points each",
        f"a palm is placed there ({const('palm_vp')} points to the tile's owner). **Village**: a palace ({const('palace_vp')} points).",
        f"pay {const('small_market_price')} gold for one of the first {const('small_market_reach')} goods. **Large market**: "
        f"{const('large_market_price')} gold for up to two of the first {const('large_market_reach')}.",
    ):
        assert sentence in en, sentence

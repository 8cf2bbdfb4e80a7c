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


# -- each option in plain words (``teaching.option_text``) ---------------------------------------------

def _decisions(game: str, games_per_count: int = 1):
    """Every decision of random games at every player count (the default setup)."""
    cls = Game.by_name(game)
    counts = next(o.choices for o in setup_options.options(cls) if o.name == "players")
    for players in counts:
        for seed in range(games_per_count):
            state, rng = cls(players=players).new_game(seed), random.Random(seed)
            while not state.is_over:
                yield state
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_every_option_of_random_games_has_plain_words_in_both_languages(game):
    option_text = learn.teaching(game).option_text
    seen = 0
    for state in _decisions(game):
        for action in state.legal_actions():
            en, ko = option_text(state, action, "en"), option_text(state, action, "ko")
            assert en.strip() and not has_hangul(en), (game, str(action), en)
            assert has_hangul(ko), (game, str(action), ko)
            seen += 1
    assert seen > 1000, f"{game}: only {seen} options seen"


def _option(state, text):
    return next(a for a in state.legal_actions() if str(a) == text)


def test_white_castle_option_words_state_the_die_the_lantern_and_the_coins():
    from boardlab.whitecastle import teaching
    from boardlab.whitecastle.rules import SPACE_VALUE

    state = Game.by_name("whitecastle")(players=2).new_game(1)
    while state.decision[0] != "take":
        state.apply(state.legal_actions()[0])
    me = state.players[state.to_move]
    left = next(a for a in state.legal_actions() if a.kind == "take" and a.m == 0)
    right = next(a for a in state.legal_actions() if a.kind == "take" and a.m == 1)
    assert (teaching.option_text(state, right, "en")
            == f"a {right.x} die of {right.n} from the right (high) end: no lantern rewards")
    assert teaching.option_text(state, left, "en").startswith(
        f"a {left.x} die of {left.n} from the left (low) end: when you place it, your lantern pays ")
    state.apply(left)
    well = _option(state, "place on the Well")
    coins = left.n - SPACE_VALUE["WELL"]
    text = teaching.option_text(state, well, "en")
    assert text.startswith(f"the space asks {SPACE_VALUE['WELL']} and your {left.x} die shows {left.n}")
    after = state.copy()
    after.apply(well)
    gained = after.players[state.to_move].goods["coin"] - me.goods["coin"]
    assert gained >= coins and (f"{gained} coin" in text) == (gained > 0)
    assert f"동전 {gained}개" in teaching.option_text(state, well, "ko")


def test_white_castle_gate_costs_the_coins_of_the_rule():
    from boardlab.whitecastle import components as C
    from boardlab.whitecastle import teaching

    state = Game.by_name("whitecastle")(players=2).new_game(1)
    rng = random.Random(0)
    while not any(a.kind == "gate" for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    gate = next(a for a in state.legal_actions() if a.kind == "gate")
    cost = C.board()["gate_cost_coins"]
    assert f"costs {cost} coins" in teaching.option_text(state, gate, "en")
    assert f"동전 {cost}개를 내" in teaching.option_text(state, gate, "ko")


def test_five_tribes_option_words_state_the_bid_price_and_the_meeples_of_a_move():
    from boardlab.fivetribes import teaching
    from boardlab.fivetribes.actions import bid_price
    from boardlab.fivetribes.components import COLOURS

    state = Game.by_name("fivetribes")(players=3).new_game(2)
    paid = [a for a in state.legal_actions() if a.kind == "bid" and bid_price(a.slot) > 0][0]
    assert f"costs {bid_price(paid.slot)} gold" in teaching.option_text(state, paid, "en")
    assert f"금화 {bid_price(paid.slot)}" in teaching.option_text(state, paid, "ko")
    while state.step != "start":
        state.apply(state.legal_actions()[0])
    move = next(a for a in state.legal_actions() if a.kind == "move")
    here = state.meeples[move.tile * len(COLOURS):(move.tile + 1) * len(COLOURS)]
    assert teaching.option_text(state, move, "en").startswith(f"pick up all {sum(here)} meeples here (")
    state.apply(move)
    while sum(state.hand) > 1:
        state.apply(state.legal_actions()[0])
    last = state.legal_actions()[0]
    n = state.meeples[last.tile * len(COLOURS) + last.colour] + 1
    assert f"your last meeple: you take the {n} {COLOURS[last.colour]} here" in teaching.option_text(state, last, "en")


def test_alea_option_words_name_the_offer_and_the_dice_spent():
    from boardlab.alea import teaching
    from boardlab.alea.components import BUILDINGS

    state = Game.by_name("alea")(players=2).new_game(3)
    castrum = next(a for a in state.legal_actions() if a.kind == "choose" and BUILDINGS[a.building] == "Castrum")
    text = teaching.option_text(state, castrum, "en")
    assert text.startswith("your dice here compete for the provinces on offer (")
    assert text.count(",") == len(state.prov_shown) - 1
    state.apply(castrum)
    place = state.legal_actions()[-1]
    left = len(state.hand) - len(place.dice)
    assert f"(sum {sum(place.dice)}); {left} left for later turns" in teaching.option_text(state, place, "en")


def test_el_grande_option_words_state_the_power_cards_caballeros_and_a_placements_count():
    from boardlab.elgrande import teaching
    from boardlab.elgrande.components import POWER_CABALLEROS

    state = Game.by_name("elgrande")(players=3).new_game(4)
    card = state.legal_actions()[0]
    assert teaching.option_text(state, card, "en").startswith(
        f"the higher the number, the earlier you choose an action card; then up to {POWER_CABALLEROS[card.a]} "
        f"caballeros come from your province ({state.province[state.to_move]} there) to your court")
    rng = random.Random(4)
    while not any(a.kind == "place" and a.a < 9 for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    place = next(a for a in state.legal_actions() if a.kind == "place" and a.a < 9)
    NC, me = state.cfg.NC, state.to_move
    mine = state.cab[place.a * NC + me] + place.b
    text = teaching.option_text(state, place, "en")
    assert f"you would have {mine} in " in text and f"costs {place.b} caballero" in text


def test_a_change_a_chance_draw_decides_is_not_told():
    """Option words never show what the deck will really give: a change that differs between the
    two chance streams an option is tried on is left out, a change they agree on is kept."""
    from boardlab.core.teaching import holdings_change

    state = Game.by_name("alea")(players=2).new_game(0)
    seen = lambda s, seat: {"stream": s.chance.seed, "decisions": len(s.history)}  # noqa: E731
    assert holdings_change(state, state.legal_actions()[0], seen) == {"decisions": 1}


# -- the bots' reasons (``bots.value_parts``) ----------------------------------------------------------

def _greedy_value(game: str, state, seat: int) -> float:
    """Greedy's own value of the position, as each game's greedy computes it."""
    if game == "whitecastle":
        from boardlab.whitecastle.bots import position_value

        return position_value(state, seat)
    if game == "elgrande":
        from boardlab.elgrande.bots import Greedy

        return Greedy().value(state, seat)
    total = state.score_sheet()[seat]["total"]
    if game == "alea" and not state.is_over:  # fortune tiles at greedy's worth while their faces are hidden
        from boardlab.alea.bots import WEIGHTS

        total += WEIGHTS["fortune_tile"] * len(state.fortune[seat]) - sum(state.fortune[seat])
    return total


@pytest.mark.parametrize("game", GAMES)
def test_the_value_parts_sum_to_greedys_value_and_have_words_in_both_languages(game):
    value_parts = importlib.import_module(f"boardlab.{game}.bots").value_parts
    checked = 0
    for k, state in enumerate(_decisions(game)):
        if k % 7:
            continue
        for seat in range(state.game.players):
            parts = value_parts(state, seat)
            assert sum(parts.values()) == pytest.approx(_greedy_value(game, state, seat), abs=1e-9)
            checked += 1
    assert checked > 50
    for part in parts:
        assert learn.part_name(game, part, "en") and has_hangul(learn.part_name(game, part, "ko")), (game, part)

"""Every game's action notation in Korean (``boardlab/<game>/actions.py``: ``KOREAN``): over every
legal action of random games of every game at every player count, the Korean text is Korean and
parses back to the same action, and the English notation (what records store) is unchanged."""

from __future__ import annotations

import random
import re

import pytest

from boardlab.core import glossary
from boardlab.core.game import Game

PLAYER_COUNTS = {"whitecastle": (1, 2, 3, 4), "fivetribes": (2, 3, 4), "alea": (2, 3, 4, 5),
                 "elgrande": (2, 3, 4, 5)}
GAMES = 2  # random games per game and player count
#: Latin words a Korean action may keep: tiles (C3), roman numerals, the Latin names Alea's
#: buildings and provinces keep in the seed, room letters
KEPT = re.compile(r"^([A-F]\d|[IVX]+|[A-C]|Templum|Senatus|Castrum|Forum|Latrina|Hispania|Germania|"
                  r"Aegyptus|Britannia|Macedonia|Gallia)$")


def _english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][A-Za-z0-9'-]*", text) if not KEPT.match(w)}


def _games(name: str):
    cls = Game.by_name(name)
    for players in PLAYER_COUNTS[name]:
        for g in range(GAMES):
            yield cls(players=players), 100 * players + g


@pytest.mark.parametrize("name", sorted(PLAYER_COUNTS))
def test_every_action_of_random_games_reads_back_from_korean_and_english(name):
    seen: dict[str, str] = {}
    for game, seed in _games(name):
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                english = str(action)
                if english in seen:
                    continue
                korean = glossary.action_text(name, action, "ko")
                seen[english] = korean
                assert glossary.action_text(name, action, "en") == english
                assert glossary.has_hangul(korean) and not _english_words(korean), (english, korean)
                back = game.parse_action(korean)
                assert back == action and type(back) is type(action), (english, korean, back)
                assert game.parse_action(english) == action
            state.apply(rng.choice(legal))
    assert len(set(seen.values())) == len(seen), "two actions share a Korean text"
    assert len(seen) > 30


def test_the_current_language_decides_how_an_action_is_shown():
    from boardlab.whitecastle.actions import Action

    take = Action("take", "coral", 1, 0)
    assert glossary.action_text("whitecastle", take) == "take coral 1 (left end)"
    glossary.use_language("ko")
    try:
        assert glossary.action_text("whitecastle", take) == "다리 산호색 1 가져오기 (왼쪽 끝)"
    finally:
        glossary.use_language("en")


@pytest.mark.parametrize("name, text", [("whitecastle", "다리 보라색 1 가져오기 (왼쪽 끝)"),
                                        ("alea", "Senatus에 주사위 놓기"), ("elgrande", "파워 카드 내기"),
                                        ("fivetribes", "시장 안 가기")])
def test_unreadable_korean_is_refused_with_the_korean_forms(name, text):
    with pytest.raises(ValueError, match="읽을 수 없습니다|could not read|expected|unknown"):
        Game.by_name(name)(players=2).parse_action(text)

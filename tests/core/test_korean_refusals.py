"""Refusals in Korean (issue 27, point 4): every kind of refusal each game gives, found by the
bad-input harness (``core.fuzz``: wrong types, hand-built out-of-range actions, garbled text)
and by offering every action seen in a few seeded games at every other position, reads in
Korean with no English sentence left; English stays the default and unchanged."""

import re

import pytest

from boardlab.core import glossary
from boardlab.core.errors import IllegalAction
from boardlab.core.fuzz import action_candidates, real_states
from boardlab.core.game import Game

GAMES = ("alea", "elgrande", "fivetribes", "whitecastle")
#: three English words in a row (Latin names the seeds keep, such as "Germania III", are shorter)
ENGLISH = re.compile(r"\b[A-Za-z]{2,}(?:[ ,;:]+[A-Za-z]{2,}){2,}\b")
#: refusal texts that quote the input as given (it may be English text the user typed)
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def refusals(game) -> dict[tuple, IllegalAction]:
    """One refusal per kind (its rule and detail templates) of ``game``."""
    states = real_states(game, seeds=(1, 2), depths=(0, 3, 12, 40, 90, None))
    seen = {str(a): a for s in states if not s.is_over for a in s.legal_actions()}
    kinds = {}
    for state in states:
        offered = [c for _, _, c in action_candidates(state)] + list(seen.values())
        for candidate in offered:
            try:
                state.copy().apply(candidate)
            except IllegalAction as exc:
                kinds.setdefault(exc.templates, exc)
            except TypeError:
                pass
    return kinds


@pytest.fixture(scope="module", params=GAMES)
def game_refusals(request):
    return request.param, refusals(Game.by_name(request.param)())


def test_every_refusal_kind_has_korean_and_no_english_sentence_left(game_refusals):
    name, kinds = game_refusals
    assert len(kinds) >= 8, f"{name}: only {len(kinds)} kinds of refusal found"
    table = glossary.glossary(name)
    untranslated = sorted({t for templates in kinds for t in templates if t not in table})
    assert not untranslated, f"{name}: refusal templates without Korean: {untranslated}"
    english = []
    for exc in kinds.values():
        text = exc.text("ko")
        left = ENGLISH.search(QUOTED.sub("", text))
        if left:
            english.append(f"{left.group(0)!r} in {text!r}")
    assert not english, f"{name}: English left in Korean refusals:\n" + "\n".join(english[:10])


def test_english_stays_the_default_and_the_message_is_unchanged(game_refusals):
    name, kinds = game_refusals
    for exc in kinds.values():
        assert exc.text() == exc.text("en") == str(exc)
        assert exc.explain("en") == (exc.rule, exc.detail)
    glossary.use_language("ko")
    try:
        exc = next(iter(kinds.values()))
        assert exc.text() == exc.text("ko") != str(exc)  # the language setting reaches it
    finally:
        glossary.use_language("en")


@pytest.mark.parametrize("written, read", [
    ("'성 1층 방 A에 놓기'은(는) 그 답이 아닙니다", "'성 1층 방 A에 놓기'는 그 답이 아닙니다"),  # after a vowel and a quote
    ("식량이(가) 한도에", "식량이 한도에"), ("3층(으)로", "3층으로"), ("길(으)로", "길로"),  # ㄹ takes 로
    ("7(으)로", "7로"), ("2이(가)", "2가"), ("10은(는)", "10은"), ("<b>카드</b>을(를)", "<b>카드</b>를"),
    ("Navarra은(는)", "Navarra은(는)"),  # a Latin word: how it is read is unknown, both forms stay
    ("길와(과)", "길과"), ("놓기과(와)", "놓기와"),  # written either way round
    ("42 (int)이(가)", "42 (int)가"), ("사과(apple)을(를)", "사과(apple)를"),  # a gloss: the word before it counts
    ("플레이어 2 (빨강)은(는)", "플레이어 2 (빨강)는"), ("(빨강)은(는)", "(빨강)은"),
])
def test_a_particle_written_both_ways_is_settled_by_the_word_before_it(written, read):
    assert glossary.particles(written) == read


def test_refusals_in_korean_settle_their_particles(game_refusals):
    """No refusal that ends a Korean word or a number before its particle (a quote between them
    allowed; a bracket is a gloss, the word before it counts) leaves the particle written both ways."""
    game, kinds = game_refusals
    for refusal in kinds.values():
        text = refusal.text("ko")
        assert not re.search(r"[가-힣0-9]['\"’”\]]*(?:은\(는\)|이\(가\)|을\(를\)|과\(와\)|와\(과\)|\(으\)로)", text), text

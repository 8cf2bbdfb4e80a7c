"""The language switch: figures and widget labels in English (default) or in the seeds' Korean.

A label is written in English in the code and passed through a game's translator::

    from boardlab.core import glossary
    T = glossary.terms("whitecastle")          # reads boardlab/whitecastle/glossary.py
    ax.set_xlabel(T("coins (− paid, + earned)"))
    ax.set_title(T("{players} players", players=3))   # fields are filled in after translating

    glossary.use_language("ko")                # or plotting.use_language("ko"): also the font
    T("lantern")                               # -> "등불"

Each game keeps one glossary, ``boardlab/<game>/glossary.py``, holding ``KO``: a dict from the
English label (exactly as the code writes it, ``{field}`` placeholders included) to its Korean
text, in the seed's own words. The core's own labels (the provenance line) are in :data:`CORE_KO`.

* :func:`use_language` / :func:`language`: switch and read the language (``"en"`` or ``"ko"``);
* :func:`terms` ``(game) -> Translator``: the callable above; ``Translator.game`` names its game;
* :func:`term` ``(game, english, **fields)``: one lookup without keeping a translator;
* :func:`missing`: the ``(game, english)`` pairs asked for in Korean that have no entry (the
  English text was shown instead); :func:`clear_missing` empties it. Tests use it to show that
  every term a figure or widget uses has a Korean entry;
* :func:`glossary` ``(game) -> dict``: a game's ``KO`` table (``"core"``: :data:`CORE_KO`);
* :class:`Notation`: a game's action notation in Korean, as pairs of English and Korean templates
  (``boardlab/<game>/actions.py`` keeps its own as ``KOREAN``); :func:`action_text` ``(game,
  action)`` writes an action in the current language, :func:`english_notation` reads a Korean one
  back into the English notation records store.

The core imports no game module statically: a game's glossary is found by name at first use.
"""

from __future__ import annotations

import importlib
import re
from typing import NamedTuple

LANGUAGES = ("en", "ko")

#: Words the core itself writes on figures (the provenance line), in Korean.
CORE_KO = {
    # a widget's notes (core.widgets): a value held within its bounds, a tie
    "{name}: {asked} is outside {lo}..{hi}, so {value} is used": "{name}: 범위 {lo}..{hi} 밖의 값 {asked} 대신 {value} 사용",
    "a tie between {some} and {last}": "{some}, {last} 동률",
    "{n} games": "{n}게임",
    "{n} players": "{n}인",
    "{counts} players": "{counts}인",
    "{counts} players, pooled": "{counts}인 합산",
    "any player count": "인원 무관",
    "and": "및",
    "seed {seed}": "난수 시드 {seed}",
    "policies {names}": "정책 {names}",
    "options as default": "기본 옵션",
    "options: {changed}": "옵션: {changed}",
    # the seat-by-seat view of a run (core.datasets), in every game's notebooks
    "shipped dataset {name}": "동봉 데이터 {name}",
    "live run": "즉석 시뮬레이션",
    "{deals} deals, each from every seat": "{deals}판, 판마다 모든 자리에서",
    "all seats": "모든 자리",
    "seat {seat}": "{seat}번 자리",
    "mean total ± se": "평균 총점 ± 표준오차",
    "fair share 1/players": "공평한 몫 1/인원",
    "Win rate by policy and seat (Wilson 95% intervals)": "정책·자리별 승률 (윌슨 95% 구간)",
    # the advisor's table and plot, the strength ladder (core.strength), in every game's notebook
    "option": "선택지",
    "visits": "방문 수",
    "mean final margin (points)": "최종 점수 차 평균 (점)",
    "mean final margin (points), 95 % bars": "최종 점수 차 평균 (점), 95 % 막대",
    "win rate": "승률",
    "win rate (%), 95 % bars": "승률 (%), 95 % 막대",
    "{n} visits": "방문 {n}회",
    "What the advisor expects of each option": "조언자가 본 선택지별 기대값",
    "(best {k} of {n} options)": "(선택지 {n}개 중 상위 {k}개)",
    "advisor budget {budget}, seed {seed}, {rollout} rollouts": "조언자 예산 {budget}, 난수 시드 {seed}, {rollout} 롤아웃",
    "first is stronger": "앞쪽이 더 강함",
    "first is weaker": "앞쪽이 더 약함",
    "not resolved": "판정 불가",
    "pairing": "대진",
    "{a} vs {b}": "{a} 대 {b}",
    "games": "게임 수",
    "wins": "승리 수",
    "95 % interval": "95 % 구간",
    "mean margin (points)": "점수 차 평균 (점)",
    "verdict": "판정",
    "win rate of the first player (%), 95 % Wilson interval": "앞쪽 플레이어의 승률 (%), 95 % 윌슨 구간",
    "The strength ladder: random, greedy, mcts": "실력의 사다리: 무작위, 탐욕, MCTS",
    "position": "국면",
    "advisor budget (iterations)": "조언자 예산 (반복 횟수)",
    "At budget {budget}, best for player {p}: <b>{action}</b>": "예산 {budget}에서 플레이어 {p}의 최선: <b>{action}</b>",
    "At budget {budget}, best for player {p}: <b>{action}</b> (a close call at this budget)": "예산 {budget}에서 플레이어 {p}의 최선: <b>{action}</b> (이 예산에서는 근소한 차이)",
    "mcts {n} iterations per decision": "MCTS 결정마다 {n}회 반복",
    "mcts {n} iterations per decision, rollouts cut after {h} decisions": "MCTS 결정마다 {n}회 반복, 롤아웃은 {h}번의 결정 뒤 중단",
    "What would a strong player do here?": "강한 플레이어라면 여기서 어떻게 둘까?",
    "mcts": "MCTS",
    # the one table style (core.tables) and the statistics words every game's tables use
    "row": "번호",
    "yes": "예",
    "no": "아니요",
    "{low} to {high}": "{low} ~ {high}",
    "exact": "정확값",
    "simulated": "모의실험",
    "standard error": "표준오차",
    "sample size": "표본 크기",
    "z (standard errors off)": "z (표준오차 몇 개만큼 차이)",
    "95 % interval from": "95 % 구간 하한",
    "95 % interval to": "95 % 구간 상한",
    "mean": "평균",
    "median": "중앙값",
    "share": "비율",
    "count": "수",
    "quantity": "항목",
    "category": "점수 항목",
    "probability": "확률",
    "players": "인원",
    "policy": "정책",
    "random": "무작위",
    "greedy": "탐욕",
    "seat": "자리",
    "seats": "자리 수",
    "table": "테이블",
    "fair share": "공평한 몫",
    "mean total": "평균 총점",
    "total": "총점",
    "source": "출처",
    "status": "상태",
    "confirmed": "확인됨",
    "assumed": "가정",
    "step": "단계",
    "steps": "단계 수",
    "start": "시작",
    "decisions": "결정 수",
    # an experiment's summary and figure (core.experiments), in the guide to running one
    "arm": "실험군",
    "baseline": "기준",
    "win rate ± se": "승률 ± 표준오차",
    "points ± se": "점수 ± 표준오차",
    "effect on the win rate (95 % interval)": "승률에 대한 효과 (95 % 구간)",
    "effect on points (95 % interval)": "점수에 대한 효과 (95 % 구간)",
    "games it changed a choice in": "선택을 바꾼 게임 비율",
    "Effect on the win rate against {baseline}": "{baseline} 대비 승률에 대한 효과",
    "change in win rate (percentage points, 95 % interval; paired by deal)":
        "승률 변화 (퍼센트포인트, 95 % 구간; 같은 판끼리 짝지음)",
    "{deals} deals, each from every seat; opponents {opponents}": "{deals}판, 판마다 모든 자리에서; 상대 {opponents}",
    # refusals every game shares (core.game: an input that is no action, unreadable text, the end)
    "illegal action ({rule}): {detail}": "둘 수 없는 행동 ({rule}): {detail}",
    "not an action of this game": "이 게임의 행동이 아님",
    "expected a {game} action or its text, got {value} ({kind}); {legal}":
        "{game} 게임의 행동이나 그 표기가 필요한데 {value} ({kind})이(가) 주어졌습니다; {legal}",
    "game over": "게임 종료",
    "the game has ended; '{action}' cannot be played": "게임이 끝났습니다. '{action}'은(는) 둘 수 없습니다",
    "notation": "표기",
    "{text} holds a number of {digits} digits, far beyond any option of this game; {legal}":
        "{text}에 {digits}자리 수가 있습니다. 이 게임의 어떤 선택지보다도 훨씬 큽니다; {legal}",
    # (the parser's own reason is English: the Korean names the text instead)
    "{reason}{closest}; {legal}": "{text}은(는) 이 게임의 행동 표기로 읽을 수 없습니다{closest}; {legal}",
    "not a legal option now": "지금은 둘 수 없는 선택지",
    "'{action}' is not a legal option now; {legal}": "'{action}'은(는) 지금 둘 수 있는 선택지가 아닙니다; {legal}",
    "no options: the game is over": "선택지 없음: 게임이 끝났습니다",
    "legal now: {options}": "지금 둘 수 있는 선택지: {options}",
    "legal now: {options}; ... and {more} more": "지금 둘 수 있는 선택지: {options}; ... 외 {more}개",
    "; did you mean '{action}'?": "; '{action}'을(를) 말한 것인가요?",
}

_state = {"language": "en"}
_missing: set[tuple[str, str]] = set()
_tables: dict[str, dict] = {}


def use_language(language: str = "en") -> str:
    """Show figures and widget labels made from now on in ``language`` ("en" or "ko")."""
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {list(LANGUAGES)}; got {language!r}")
    _state["language"] = language
    return language


def language() -> str:
    """The language labels are made in now ("en" unless :func:`use_language` changed it)."""
    return _state["language"]


def glossary(game: str) -> dict:
    """The Korean table of ``game`` (``boardlab.<game>.glossary.KO`` over :data:`CORE_KO`, the words
    the core writes for every game; ``"core"``: :data:`CORE_KO` alone)."""
    if game == "core":
        return CORE_KO
    if game not in _tables:
        try:
            module = importlib.import_module(f"boardlab.{game}.glossary")
        except ModuleNotFoundError as exc:
            raise ValueError(f"no glossary for game {game!r}: expected boardlab/{game}/glossary.py") from exc
        table = getattr(module, "KO", None)
        if not isinstance(table, dict):
            raise ValueError(f"boardlab/{game}/glossary.py must define KO, a dict from English label to Korean")
        _tables[game] = {**CORE_KO, **table}
    return _tables[game]


def term(game: str, english: str, **fields) -> str:
    """``english`` in the current language (fields filled in afterwards); an entry missing in
    Korean shows the English text and is noted in :func:`missing`."""
    text = english
    if _state["language"] == "ko":
        table = glossary(game)
        if english in table:
            text = table[english]
        else:
            _missing.add((game, english))
    return particles(text.format(**fields)) if fields else text


class Translator:
    """``T(english, **fields)``: one game's labels in the current language (see :func:`term`)."""

    def __init__(self, game: str):
        self.game = game

    def __call__(self, english: str, **fields) -> str:
        return term(self.game, english, **fields)

    def __repr__(self) -> str:
        return f"Translator({self.game!r})"


def terms(game: str) -> Translator:
    """The translator of ``game``'s labels (``"core"`` for the core's own)."""
    return Translator(game)


def missing() -> set[tuple[str, str]]:
    """``(game, english)`` pairs asked for in Korean without a Korean entry, since the last clear."""
    return set(_missing)


def clear_missing() -> None:
    _missing.clear()


_SLOT = re.compile(r"\{(\w+)\}")
_HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")


#: a Korean particle written both ways in a template, and its forms after a final consonant / a vowel
_PARTICLE_FORMS = {"은(는)": ("은", "는"), "이(가)": ("이", "가"), "을(를)": ("을", "를"),
                   "과(와)": ("과", "와"), "와(과)": ("과", "와"), "(으)로": ("으로", "로")}
_PARTICLE = re.compile("|".join(re.escape(p) for p in _PARTICLE_FORMS))
#: what may stand between a word and its particle: closing quotes and brackets, a closing HTML tag
_CLOSERS = re.compile(r"(?:['\"’”)\]」』]|</\w+>)+$")
#: a gloss in brackets after a word ("42 (int)", "사과(apple)"): the particle follows the word
_GLOSS = re.compile(r"(?<=\S)\s*\([^()]*\)$")


def final_sound(text: str) -> tuple[bool, bool] | None:
    """(ends in a consonant, that consonant is ㄹ) for the last word of ``text`` as read in Korean,
    a gloss in brackets after it skipped; None when it does not end in Hangul or a digit (a Latin
    name: the template's two forms stay)."""
    text = _CLOSERS.sub("", _GLOSS.sub("", text))
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return final != 0, final == 8
    if "0" <= last <= "9":  # read as Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구; 10, 100, 1000 end in 십 백 천
        return last in "013678", last in "178"
    return None


def particles(text: str) -> str:
    """``text`` with each template particle written both ways ("은(는)", "이(가)", "(으)로", ...)
    settled by the word before it: '놓기'은(는) -> '놓기'는, 3층(으)로 -> 3층으로, 7(으)로 -> 7로."""
    def settle(m: re.Match) -> str:
        sound = final_sound(text[:m.start()])
        if sound is None:
            return m.group()
        consonant, rieul = sound
        after_consonant, after_vowel = _PARTICLE_FORMS[m.group()]
        if m.group() == "(으)로":
            return after_consonant if consonant and not rieul else after_vowel
        return after_consonant if consonant else after_vowel
    return _PARTICLE.sub(settle, text) if "(" in text else text


def has_hangul(text: str) -> bool:
    """True when ``text`` holds a Hangul letter (then it is Korean notation, not English)."""
    return bool(_HANGUL.search(text))


def template_regex(template: str, slots: dict | None = None) -> re.Pattern:
    """``template`` as a regex: literal text, each ``{name}`` a group matching ``slots[name]``
    (any text, shortest first, by default)."""
    parts = _SLOT.split(template)
    slots = slots or {}
    rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>{slots.get(p, '.+?')})" for i, p in enumerate(parts))
    return re.compile(rx)


def _literal(template: str) -> int:
    """Minus the length of a template's literal text: the sort key that tries longer ones first."""
    return -len(_SLOT.sub("", template))


class Notation:
    """A game's action notation in Korean: English templates (``"take {colour} {n} ({end} end)"``,
    the notation records store) paired with Korean ones (``"다리 {colour} {n} 가져오기 ({end} 끝)"``).

    A slot's value is translated through ``words`` (English -> Korean, one to one but for case: a
    Korean word reads back as the first English word listed for it); a value joined
    by ``+`` word by word; numbers, tiles and names not in ``words`` stay as they are. ``slots``
    gives a slot's regex where any text would be ambiguous. The template with the most literal
    text that matches the whole text is used."""

    def __init__(self, game: str, phrases, words: dict | None = None, slots: dict | None = None):
        self.game = game
        self.words = dict(words or {})
        self._english_of = {}
        for en, ko in self.words.items():  # read back as the first English word listed
            if self._english_of.setdefault(ko, en).casefold() != en.casefold():
                raise ValueError(f"{game}: {self._english_of[ko]!r} and {en!r} share the Korean {ko!r}")
        slots = dict(slots or {})
        self.phrases = tuple(phrases)
        # the template with the most literal text is tried first ("왕을 {place}에 옮겨 놓기" before
        # "{place}에 옮겨 놓기", "1 seal" before "{n} seals"), then in the order listed
        self._to_ko = [(template_regex(en, slots), ko) for en, ko in sorted(self.phrases, key=lambda p: _literal(p[0]))]
        self._to_en = [(template_regex(ko, slots), en) for en, ko in sorted(self.phrases, key=lambda p: _literal(p[1]))]

    @staticmethod
    def _swap(value: str, table: dict) -> str:
        if value in table:
            return table[value]
        return "+".join(table.get(part, part) for part in value.split("+"))

    def korean(self, english: str) -> str | None:
        """The Korean form of an English notation, or None if no template reads it."""
        for rx, ko in self._to_ko:
            m = rx.fullmatch(english)
            if m:
                return ko.format(**{k: self._swap(v, self.words) for k, v in m.groupdict().items()})
        return None

    def english(self, korean: str) -> str:
        """The English notation a Korean text stands for (spacing does not matter); ValueError
        naming a few Korean forms when no template reads it."""
        text = " ".join(korean.split())
        for rx, en in self._to_en:
            m = rx.fullmatch(text)
            if m:
                return en.format(**{k: self._swap(v, self._english_of) for k, v in m.groupdict().items()})
        shown = "; ".join(repr(ko) for _, ko in self.phrases[:6])
        raise ValueError(f"{text!r}는 {self.game} 행동 표기로 읽을 수 없습니다 (could not read {text!r} as a "
                         f"{self.game} action); 표기 예: {shown} ...")


def notation(game: str) -> Notation:
    """The Korean notation of ``game``'s actions (``boardlab.<game>.actions.KOREAN``)."""
    module = importlib.import_module(f"boardlab.{game}.actions")
    return module.KOREAN


def action_text(game: str, action, language: str | None = None) -> str:
    """``action`` as a reader sees it: its notation (``str(action)``, what records store) in
    English, the game's Korean notation in Korean. A text no Korean template reads is shown in
    English and noted in :func:`missing`."""
    text = str(action)
    if (language or _state["language"]) != "ko":
        return text
    korean = notation(game).korean(text)
    if korean is None:
        _missing.add((game, text))
        return text
    return korean


def translate(game: str, english: str, language: str | None = None) -> str:
    """``english`` (a label or a message template) in ``language`` (None: the current one), its
    fields left unfilled; an entry missing in Korean gives the English and is noted in :func:`missing`."""
    if (language or _state["language"]) != "ko":
        return english
    table = glossary(game)
    if english not in table:
        _missing.add((game, english))
        return english
    return table[english]


class Phrase(NamedTuple):
    """A part of a message that is itself a template with fields (e.g. "legal now: {options}"),
    translated on its own wherever it is put."""

    template: str
    fields: dict

    def text(self, game: str, language: str | None = None) -> str:
        said = translate(game, self.template, language)
        return particles(said.format_map({k: field_text(game, v, language) for k, v in self.fields.items()})) if self.fields else said


def field_text(game: str, value, language: str | None = None) -> str:
    """A message field's value as a reader of ``language`` sees it: a :class:`Phrase` translated,
    an action in the language's notation, a list of actions joined by "; ", a text that is a
    glossary term translated, a number or a list of numbers as written."""
    if isinstance(value, Phrase):
        return value.text(game, language)
    if isinstance(value, bool) or isinstance(value, (int, float)) or value is None:
        return str(value)
    if isinstance(value, str):
        if (language or _state["language"]) != "ko":
            return value
        table = glossary(game)
        return table[value] if value in table else _notation_words(game).get(value, value)
    if isinstance(value, list) and value and all(type(v) is str for v in value):  # names: ['Fish', 'Silk']
        return str([field_text(game, v, language) for v in value])
    if isinstance(value, list) and not all(type(v) is int for v in value):
        return "; ".join(field_text(game, v, language) for v in value)
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return str(value)
    text = action_text(game, value, language)
    return text if len(text) <= 200 else text[:197] + "..."


def _notation_words(game: str) -> dict:
    """The words of ``game``'s Korean notation (names of spaces, colours...); none for the core."""
    try:
        return notation(game).words
    except (ImportError, AttributeError):
        return {}


def english_notation(game: str, text: str) -> str:
    """``text`` in the English notation: a Korean text read back, an English one as given."""
    return notation(game).english(text) if isinstance(text, str) and has_hangul(text) else text


__all__ = ["LANGUAGES", "CORE_KO", "use_language", "language", "glossary", "term", "terms", "Translator",
           "missing", "clear_missing", "translate", "field_text", "Phrase", "Notation", "template_regex", "notation", "action_text", "english_notation", "has_hangul"]

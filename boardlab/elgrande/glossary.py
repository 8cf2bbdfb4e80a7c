"""The seed's Korean terms for every label an El Grande figure or widget shows (GUIDE section 5).

``TERMS`` maps the English label to the seed's word; ``label(en, lang)`` gives the one to show.
Region and card names come from the data tables (``regions.csv``, ``action_cards.csv``).
"""

from __future__ import annotations

from boardlab.elgrande import components as C

TERMS = {
    "caballero": "카바예로",
    "caballeros": "카바예로",
    "Grande": "그란데",
    "King": "왕",
    "King's region": "왕의 지역",
    "Castillo": "카스티요",
    "court": "궁정",
    "province": "지방",
    "power card": "파워 카드",
    "action card": "액션 카드",
    "special action": "특수 행동",
    "placement": "배치",
    "secret disk": "비밀 디스크",
    "general scoring": "전체 점수 계산",
    "special scoring": "특수 점수 계산",
    "rank": "순위",
    "first place": "1위",
    "tie": "동률",
    "bonus": "보너스",
    "score tile": "점수 타일",
    "dummy": "자동 세력",
    "start player": "시작 플레이어",
    "round": "라운드",
    "turn order": "행동 순서",
    "points": "점수",
    "region": "지역",
    "short game": "단축 게임",
    "small board side": "소인원용 면",
    "standard board side": "기본 보드 면",
    "castillo": "카스티요",
    "regions": "지역",
    "bonuses": "보너스",
    "special": "특수 점수",
    "total": "합계",
    "winner": "승자",
}
for _r, _rid in enumerate(C.REGION_IDS):
    TERMS[C.NAMES_2023[_r]] = C.REGION_KOREAN[_r]
    TERMS[C.NAMES_1995[_r]] = C.REGION_KOREAN[_r]
for _t in C.CARD_TYPES:
    TERMS[_t.name] = _t.korean


def label(text: str, lang: str = "en") -> str:
    """``text`` in English, or the seed's Korean term for it (``lang="ko"``; the English if none)."""
    if lang not in ("en", "ko"):
        raise ValueError(f"lang must be 'en' or 'ko', got {lang!r}")
    return TERMS.get(text, text) if lang == "ko" else text

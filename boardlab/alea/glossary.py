"""The seed's Korean terms for every label a figure or widget of this game shows.

The buildings keep their Latin names, as in the seed. ``KO[english] = korean``; ``label(text)`` gives
"english (korean)" for a first mention.
"""

KO = {
    "set": "세트",
    "round": "라운드",
    "turn": "턴",
    "dice": "주사위",
    "die": "주사위",
    "roll": "굴림",
    "reroll": "다시 굴림",
    "Repete chip": "다시 굴림 타일",
    "Repete chips": "다시 굴림 타일",
    "patrician": "귀족",
    "patrician tile": "귀족 타일",
    "patrician tiles": "귀족 타일",
    "man": "남자 귀족",
    "woman": "여자 귀족",
    "province": "지방",
    "province tile": "지방 타일",
    "province tiles": "지방 타일",
    "joker province": "조커 지방",
    "border province": "국경 지방",
    "free province": "자유 지방",
    "fortune tile": "운 타일",
    "fortune tiles": "운 타일",
    "senate card": "원로원 카드",
    "senate cards": "원로원 카드",
    "first place": "1등",
    "second place": "2등",
    "third place": "3등",
    "reward": "보상",
    "scoring": "점수 계산",
    "points": "점",
    "players": "인원 수",
    "player": "플레이어",
    "straight": "연속된 눈",
    "group": "그룹",
    "sum 5 pair": "합이 5가 되는 주사위 2개",
    "probability": "확률",
    "misplay": "에러플",
    "start player": "시작 플레이어",
    "Templum": "Templum",
    "Senatus": "Senatus",
    "Castrum": "Castrum",
    "Forum": "Forum Romanum",
    "Latrina": "Latrina",
    "provinces": "지방",
    "patricians": "귀족",
    "senate": "원로원",
    "fortune": "운 타일",
    "chips": "다시 굴림 타일",
    "total": "총점",
}


def label(text: str) -> str:
    """``text (korean)`` when the seed has a term for it, else ``text``."""
    ko = KO.get(text)
    return f"{text} ({ko})" if ko and ko != text else text

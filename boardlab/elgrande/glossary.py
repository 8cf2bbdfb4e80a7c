"""The seed's Korean terms for every label an El Grande figure or widget shows (GUIDE section 5).

``KO`` maps each English label a figure, widget or board picture shows (exactly as the code
writes it, ``{field}`` placeholders included) to its Korean text; switch with
``plotting.use_language("ko")`` (:mod:`boardlab.core.glossary` reads ``KO``). ``TERMS`` holds the
seed's single words (카바예로, 궁정, 지방, 파워 카드, 왕, 카스티요, 그란데, 비밀 디스크, 전체 점수
계산, 더미, 자동 세력 ...) and ``label(en, lang)`` looks one up. Region and card names come from the
data tables (``regions.csv``, ``action_cards.csv``).
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

#: Every label of the lessons and the board picture, in the seed's words (TERMS included).
KO = {
    **TERMS,
    "Grande": "그란데",  # the piece (TERMS takes the card of that name, 그란데 이동, from the data)
    "El Grande": "엘 그란데",
    "random": "무작위", "greedy": "탐욕",
    "2023": "2023", "1995": "1995",
    "player {p} <b>{v}</b>": "플레이어 {p} <b>{v}</b>",
    # shared by several lessons
    "players": "인원",
    "player {p}": "플레이어 {p}",
    "exact": "정확값",
    "expected points": "기대 점수",
    "nobody": "없음",
    # the board picture (render.py)
    "red": "빨강", "yellow": "노랑", "blue": "파랑", "green": "초록", "black": "검정",
    "G": "그",  # the Grande's mark on the board picture (a 20 px disc)
    "tile {n}": "점수 타일 {n}",
    "{colour}: {n} caballeros": "{colour}: 카바예로 {n}",
    "{colour}: {n} caballeros and the Grande": "{colour}: 카바예로 {n}, 그란데",
    "{n} inside (announced)": "안에 {n} (알린 수)",
    "round {n}": "{n}라운드",
    "game over": "게임 종료",
    "El Grande {edition}, {players} players, {round}; scores: {scores}":
        "엘 그란데 {edition}, {players}인, {round}; 점수: {scores}",
    # notebook 01: power cards
    "exact, {players} players": "정확값, {players}인",
    "simulated, {players} players (95%)": "시뮬레이션, {players}인 (95%)",
    "power card played first in the round": "라운드에서 먼저 낸 파워 카드",
    "chance to act first": "먼저 행동할 확률",
    "caballeros to court": "궁정으로 오는 카바예로",
    "caballeros to court (bars)": "궁정으로 오는 카바예로 (막대)",
    "Power cards: acting first against caballeros (round 1, playing first)":
        "파워 카드: 빠른 행동권과 카바예로 (1라운드, 먼저 낼 때)",
    "your card": "내 카드",
    "played before": "앞서 낸 카드",
    "e.g. 11, 4": "예: 11, 4",
    "place in the turn order (1 = acts first)": "행동 순서의 자리 (1 = 먼저 행동)",
    "exact probability": "정확한 확률",
    "Card {card} after {before}": "{before} 뒤에 낸 카드 {card}",
    "nothing": "없음",
    "<b>card {card}</b> acts first with chance {chance} and brings {n} caballeros to court":
        "<b>카드 {card}</b>: 먼저 행동할 확률 {chance}, 궁정으로 카바예로 {n}",
    "later players uniform over 1..13": "뒤의 플레이어는 1..13 균등",
    # notebook 02: the King and placement
    "greedy games (95%)": "탐욕 정책 게임 (95%)",
    "{n} engine scorings per point": "점마다 엔진 점수 계산 {n}회",
    "{n} general scorings on copies of the position": "국면 복사본에서 전체 점수 계산 {n}회",
    "uniform: 1/9": "균등: 1/9",
    "share of general scorings": "전체 점수 계산 중 비율",
    "the King's region at a general scoring (sorted by number of neighbours)":
        "전체 점수 계산 때 왕의 지역 (인접 지역 수 순)",
    "Where greedy players leave the King when the regions score": "지역 점수 계산 때 탐욕 정책이 왕을 두는 곳",
    "King in": "왕의 지역",
    "order": "순서",
    "place first": "먼저 배치",
    "move the King first": "왕을 먼저 옮김",
    "move to": "옮길 지역",
    "<b>{n} regions</b> open for placement: {names} (and the Castillo); never {king} itself":
        "배치할 수 있는 지역 <b>{n}곳</b>: {names} (그리고 카스티요); 왕의 지역 {king}에는 놓을 수 없음",
    # notebook 03: the Castillo
    "exact (others at random)": "정확값 (다른 플레이어는 무작위)",
    "engine, {samples} scorings (95%)": "엔진, 점수 계산 {samples}회 (95%)",
    "expected points at this general scoring": "이번 전체 점수 계산의 기대 점수",
    "secret destination of your Castillo caballeros (gold: the King's region = back to court)":
        "카스티요 카바예로의 비밀 목적지 (금색: 왕의 지역 = 궁정으로 돌아옴)",
    "Where to send the Castillo: expected points of each destination": "카스티요를 어디로 보낼까: 목적지별 기대 점수",
    "player 0 to": "플레이어 0의 목적지",
    "Castillo: <b>{castillo}</b> points; sending to {to}: <b>{value}</b> expected points in all (best: {best}, {best_value})":
        "카스티요: <b>{castillo}</b>점; {to}(으)로 보내면 모두 합쳐 기대 점수 <b>{value}</b> (최선: {best}, {best_value})",
    "teaching position, others uniform": "학습용 상황, 다른 플레이어는 균등",
    # notebook 04: majorities and ties
    "engine, {samples} scorings each (95%)": "엔진, 각 점수 계산 {samples}회 (95%)",
    "your caballeros in Toledo (7/4/2)": "톨레도의 내 카바예로 (7/4/2)",
    "How many caballeros a region needs: two rivals with 0-4 each, uniformly":
        "지역에 필요한 카바예로 수: 상대 둘이 각각 0-4를 균등하게",
    "rivals uniform on 0..4": "상대는 0..4 균등",
    "region": "지역",
    "the King stands here": "왕이 이 지역에 있음",
    "Grande of": "그란데의 주인",
    "{region} ({values}, {ranks} ranks score): points {points}":
        "{region} ({values}, {ranks}위까지 득점): 점수 {points}",
    "player {p}\n({n})": "플레이어 {p}\n({n})",
    "{region}: caballeros (in brackets) and points": "{region}: 카바예로 (괄호 안)와 점수",
    # notebook 05: editions side by side
    "bigbox": "빅 박스",
    "2023 merged": "2023 더미 통합",
    "{edition}\n{players}p": "{edition}\n{players}인",
    "mean final score per player": "플레이어당 평균 최종 점수",
    "winner's margin over the runner-up": "승자와 2위의 점수 차",
    "points (95% interval)": "점수 (95% 구간)",
    "Editions side by side: greedy self-play at 2 (blue) and 3 (orange) players":
        "판본 비교: 2인(파랑)과 3인(주황) 탐욕 정책 자체 대결",
    "edition": "판본",
    "{edition}, {players} players: {ranks} ranks score, {dummy}{side}; Toledo pays {pays}":
        "{edition}, {players}인: {ranks}위까지 득점, {dummy}{side}; 톨레도 점수 {pays}",
    "a dummy colour, ": "자동 세력 색 하나, ",
    "Toledo": "톨레도",
    "players' counts (then the dummy)": "플레이어별 수 (그다음 자동 세력)",
    "elgrande, each configuration as labelled": "엘 그란데, 구성은 각 막대에 표시",
    # notebook 'what would a strong player do here?' (lessons/what_would_a_strong_player_do.py, core.strength)
    "game seed {seed}: the first power card": "게임 시드 {seed}: 첫 파워 카드",
    "game seed {seed}: the first placement offering the Castillo": "게임 시드 {seed}: 카스티요를 고를 수 있는 첫 배치",
}


#: the board picture: the players' table, the cards on display and the key (render.py)
KO.update({
    "Key": "범례",
    "El Grande {edition}, {players} players, {round}": "엘 그란데 {edition}, {players}인, {round}",
    "round {n} of {last} (scoring after rounds {scoring})": "{last}라운드 중 {n}라운드 (점수 계산: {scoring}라운드 뒤)",
    "Action cards on display (stack: card; - taken):": "공개된 액션 카드 (더미: 카드; - 가져감):",
    "player": "플레이어", "score": "점수", "played": "낸 카드", "power cards left": "남은 파워 카드",
    "player {p}, {colour}": "플레이어 {p}, {colour}",
    "dummy, {colour}": "자동 세력, {colour}",
    "{colour}: that colour's caballeros (the number)": "{colour}: 그 색의 카바예로 (숫자)",
    "a player's Grande (its colour)": "플레이어의 그란데 (그 색)",
    "the King": "왕",
    "the King's region: no caballero may enter": "왕의 지역: 카바예로가 들어갈 수 없음",
    "next to the King: where caballeros are placed": "왕과 이웃한 지역: 카바예로를 놓는 곳",
    "any other region": "그 밖의 지역",
    "regions that border each other": "서로 맞닿은 지역",
    "points for the most / 2nd / 3rd most caballeros": "카바예로 1위 / 2위 / 3위의 점수",
    "score tile 1 or 2: replaces the region's points": "점수 타일 1 또는 2: 그 지역의 점수를 바꿈",
    "the Castillo: scored, then its caballeros move out": "카스티요: 점수 계산 뒤 카바예로가 지역으로 나감",
    "how many are inside the Castillo (colours secret)": "카스티요 안의 수 (색은 비공개)",
    "the player to decide": "결정할 플레이어",
    "thick outline: the regions in question": "굵은 테두리: 지금 살펴보는 지역",
})

def label(text: str, lang: str = "en") -> str:
    """``text`` in English, or the seed's Korean term for it (``lang="ko"``; the English if none)."""
    if lang not in ("en", "ko"):
        raise ValueError(f"lang must be 'en' or 'ko', got {lang!r}")
    return TERMS.get(text, text) if lang == "ko" else text

#: The lessons' tables (core.tables shows them in Korean through these words).
KO.update({
    "card": "카드", "P(first), {n} players": "P(먼저 행동), {n}인", "exact chance": "정확한 확률",
    "acted first (games)": "먼저 행동함 (게임 수)", "acted first (share)": "먼저 행동함 (비율)",
    "first-place value": "1위 점수", "neighbours": "이웃 지역 수", "neighbour names": "이웃 지역",
    "scorings": "점수 계산 횟수", "destination": "목적지", "exact (fraction)": "정확값 (분수)",
    "case": "경우", "values": "점수 (1위/2위/3위)", "positions": "순위", "alone": "단독",
    "rulebook 1: three tied for first": "규칙서 예 1: 세 명이 1위 동률",
    "rulebook 2: a pair tied for third": "규칙서 예 2: 두 명이 3위 동률",
    "tie for second": "2위 동률", "two tied for first": "두 명이 1위 동률",
    "your caballeros": "내 카바예로", "region scorings": "지역 점수 계산 횟수", "share tied first": "1위 동률 비율",
    "action offers": "액션 카드 제시", "board side": "보드 면", "discarded": "버림", "leftover cards": "남은 카드",
    "ranks that score": "점수를 받는 순위", "small": "소인원용", "standard": "기본", "under their stack": "더미 아래로",
    "1995 (three ranks)": "1995 (세 순위)", "2023 (two ranks, dummy)": "2023 (두 순위, 자동 세력)",
    "bigbox (first only)": "빅박스 (1위만)", "caballeros (you, rival, dummy)": "카바예로 (나, 상대, 자동 세력)",
    "mean margin ± standard error": "평균 점수 차 ± 표준오차", "mean total ± standard error": "평균 총점 ± 표준오차",
    "share bonuses": "보너스 비율", "share castillo": "카스티요 비율", "share regions": "지역 비율",
    "share special": "특수 점수 비율", "shared wins": "공동 승리",
})

#: Refusals (``rules.why_illegal``): the rule broken and why, as templates with their fields. A
#: decision's internal name ({step}) is shown as written.
KO.update({
    "action type": "행동의 종류",
    "expected an El Grande action, got {value}": "엘 그란데의 행동이 필요한데 {value}이(가) 주어졌습니다",
    "decision asked now": "지금 묻는 결정",
    "the decision now is {step} (a {wanted} action) for player {player}; {action} is a {kind} action":
        "지금은 플레이어 {player}의 {step} 결정({wanted} 행동) 차례입니다. {action}은(는) {kind} 행동이라 이 결정의 행동이 아닙니다",
    "power card already played this round": "이번 라운드에 이미 낸 파워 카드",
    "{card} was already played this round": "파워 카드 {card}은(는) 이번 라운드에 이미 나왔습니다",
    "power card not in hand": "손에 없는 파워 카드",
    "player {player} does not hold power card {card}": "플레이어 {player}에게는 파워 카드 {card}이(가) 없습니다",
    "court allowance": "궁정으로 보낼 수 있는 수",
    "the power card {card} allows at most {most} to the court now":
        "파워 카드 {card}(으)로는 지금 궁정에 카바예로를 최대 {most}개까지 보낼 수 있습니다",
    "action card taken": "이미 가져간 액션 카드",
    "{action} is not among the cards still on offer this round": "{action}: 이번 라운드에 아직 남은 카드가 아닙니다",
    "King's region protected": "왕의 지역은 보호됨",
    "no caballero may be placed in the King's region": "왕의 지역에는 카바예로를 놓을 수 없습니다",
    "placement next to the King": "왕과 이웃한 지역에만 놓기",
    "{action} is not in a region adjacent to the King's region": "{action}: 왕의 지역과 이웃한 지역이 아닙니다",
    "placement allowance": "놓을 수 있는 수",
    "at most {most} more may be placed (the card's number, limited by the court)":
        "최대 {most}개까지 더 놓을 수 있습니다 (카드의 숫자만큼, 궁정에 있는 만큼만)",
    "special action done fully": "특수 행동은 끝까지",
    "the Place-2 special action must place as many as it can": "2명 배치 특수 행동은 놓을 수 있는 만큼 모두 놓아야 합니다",
    "nothing enters or leaves the King's region": "왕의 지역에는 아무것도 들어가거나 나올 수 없습니다",
    "Castillo closed": "카스티요는 닫혀 있음",
    "caballeros never leave the Castillo by a move": "카바예로는 이동으로 카스티요를 떠날 수 없습니다",
    "no such caballero": "그런 카바예로 없음",
    "no {colour} caballero in that region": "그 지역에는 {colour} 카바예로가 없습니다",
    "Royal Adviser": "왕의 조언자",
    "the King moves to an adjacent region": "왕은 이웃한 지역으로만 옮깁니다",
    "not a legal option": "둘 수 있는 선택지가 아님",
    "{action} is not one of the options of the {step} decision": "{action}은(는) {step} 결정의 선택지가 아닙니다",
})

#: the notebooks' printed lines (print(L.T(...)) in the code cells, shared by both languages)
KO.update({
    "refused:": "거절됨:", "turn order (seats):": "행동 순서 (자리):",
    # the lesson widgets' refusals of what a reader typed
    "power cards are 1..13, got {part}": "파워 카드는 1~13입니다. 받은 값: {part}",
    "a number already played this round cannot be played again": "이번 라운드에 이미 낸 숫자는 다시 낼 수 없습니다",
    "with {players} players at most {k} cards come before yours": "{players}인 게임에서는 내 카드 앞에 최대 {k}장까지 나옵니다",
    "there is no player {p} with {players} players": "{players}인 게임에는 플레이어 {p}이(가) 없습니다",
    "player 0 has no caballero in the Castillo: no destination to choose":
        "플레이어 0은 카스티요에 카바예로가 없어 고를 목적지가 없습니다",
    "the King card moves the King to another region": "왕 카드는 왕을 다른 지역으로 옮깁니다",
    "counts are whole numbers 0..30, separated by commas": "개수는 쉼표로 구분한 0~30의 정수입니다",
    "give one count per colour ({n}: the players and the dummy)": "색마다 개수를 하나씩 적으세요 ({n}개: 플레이어와 자동 세력)",
    "give one count per colour ({n}: the players)": "색마다 개수를 하나씩 적으세요 ({n}개: 플레이어)",
    "place first:": "먼저 배치하면:", "King to Sevilla first:": "왕을 먼저 세비야로 옮기면:",
    "{n} engine setups: mean open regions {mean:.3f} (exact {exact:.3f})":
        "엔진 준비 {n}회: 배치할 수 있는 지역 평균 {mean:.3f}곳 (정확값 {exact:.3f})",
    "engine: mean {mean:.2f} points over {n} scorings; exact {exact:.2f}":
        "엔진: 점수 계산 {n}회 평균 {mean:.2f}점, 정확값 {exact:.2f}점",
    "{n} region scorings: first place tied in {share:.1%} (95% interval {low:.1%} to {high:.1%})":
        "지역 점수 계산 {n}회: 1위 동률 {share:.1%} (95% 구간 {low:.1%} ~ {high:.1%})",
    "{games} games, from the {source}": "게임 {games}개, 출처: {source}",
    "dataset": "함께 들어 있는 데이터셋", "live": "바로 플레이한 실행",
})

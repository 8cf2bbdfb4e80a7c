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
    # the game, policies and the provenance line
    "Alea Iacta Est": "Alea Iacta Est",
    "greedy": "탐욕", "random": "무작위",
    "greedy players": "탐욕 플레이어", "random players": "무작위 플레이어",
    "{policy} ({games} games)": "{policy} ({games}게임)",
    "exact": "정확값",
    "exact (Fractions over dice multisets)": "정확값 (주사위 조합 전체의 분수 계산)",
    "exact (Fractions over dice multisets), {dice} dice": "정확값 (주사위 조합 전체의 분수 계산), 주사위 {dice}개",
    "{rolls} simulated rolls of 8 dice": "주사위 8개 굴림 {rolls}번 모의실험",
    "each player count; ±2 standard errors": "인원 수마다; ±2 표준오차",
    "exact, tiles drawn from a full pile (8x1, 14x2, 8x3)": "정확값, 가득 찬 더미에서 뽑은 운 타일 (1점 8개, 2점 14개, 3점 8개)",
    "3 players for points 1, 2, 4, else 4; scoring misplays rescored":
        "1, 2, 4번 항목은 3인, 나머지는 4인; 점수 계산 에러플은 같은 게임을 다시 계산",
    "{games} games per player count": "인원 수마다 {games}게임",
    # notebook 01: where can my roll go
    "Senatus: straight ({dice} dice)": "Senatus: 연속된 눈 (주사위 {dice}개)",
    "Castrum: group of equal dice ({dice} dice)": "Castrum: 같은 눈 그룹 (주사위 {dice}개)",
    "straight length at least L": "연속된 눈의 길이 L 이상",
    "group size at least m": "그룹 크기 m 이상",
    "Exact odds of one roll of {dice} dice": "주사위 {dice}개를 한 번 굴릴 때의 정확한 확률",
    "simulated (±2 standard errors)": "모의실험 (±2 표준오차)",
    "Longest straight in one roll of 8 dice": "주사위 8개를 한 번 굴릴 때 가장 긴 연속된 눈",
    "longest straight (dice)": "가장 긴 연속된 눈 (주사위 수)",
    "<b>{roll}</b> ({n} dice, {players} players) can go to: {buildings}.":
        "<b>{roll}</b> (주사위 {n}개, {players}인)을 놓을 수 있는 건물: {buildings}.",
    # notebook 02: reroll or place
    "want": "원하는 패턴", "length": "길이", "nothing": "없음",
    "straight (Senatus)": "연속된 눈 (Senatus)",
    "group of equal dice (Castrum)": "같은 눈 그룹 (Castrum)",
    "straight of {length}": "연속된 눈 {length}개",
    "group of {length}": "같은 눈 {length}개 그룹",
    "no reroll": "다시 굴림 안 함",
    "reroll all (misplay)": "모두 다시 굴림 (에러플)",
    "keep best subset": "가장 좋은 주사위만 남김",
    "One Repete chip: keep a subset or reroll everything?": "다시 굴림 타일 1개: 일부를 남길까, 모두 다시 굴릴까?",
    "probability of the pattern": "패턴이 나올 확률",
    "mean total": "평균 총점",
    "of which Repete chips": "그중 다시 굴림 타일",
    "Points from the Latrina's chips (greedy players)": "Latrina의 다시 굴림 타일로 얻은 점수 (탐욕 플레이어)",
    "points per player": "플레이어당 점수",
    "Best: keep <b>{keep}</b>, chance {best}; no reroll {none}; reroll all (misplay) {all}.":
        "가장 좋은 선택: <b>{keep}</b> 남기기, 확률 {best}; 다시 굴림 안 함 {none}; 모두 다시 굴림 (에러플) {all}.",
    # notebook 03: Templum and Senatus
    "first": "1등", "other": "그 외 참여자", "rank {r}": "{r}등",
    "first drew": "1등이 뽑은 수", "other drew": "그 외가 뽑은 수",
    "first: best 2 of {n} tiles": "1등: 운 타일 {n}개 중 2개",
    "other: best 1 of {n} tiles": "그 외: 운 타일 {n}개 중 1개",
    "Templum: fortune points kept at the end of a set": "Templum: 세트가 끝날 때 남기는 운 타일 점수",
    "points kept": "남긴 점수",
    "mean fortune points kept per set": "세트당 남긴 운 타일 평균 점수",
    "mean senate cards received per set": "세트당 받은 원로원 카드 평균 장수",
    "rank at the set's end": "세트가 끝날 때의 순위",
    "What each rank received (greedy games, ±2 standard errors)": "순위마다 받은 보상 (탐욕 게임, ±2 표준오차)",
    "First (best 2 of {first}): <b>{a}</b> points on average; other (best 1 of {other}): <b>{b}</b>.":
        "1등 ({first}개 중 2개): 평균 <b>{a}</b>점; 그 외 ({other}개 중 1개): <b>{b}</b>점.",
    # notebook 04: misplayed rules
    "Mean score per player": "플레이어당 평균 점수",
    "change in points (misplay - correct rules)": "점수 변화 (에러플 - 원래 규칙)",
    "Turns per player per set": "세트당 플레이어 한 명의 턴 수",
    "change in turns": "턴 수 변화",
    "What each misplay changes (paired games, ±2 standard errors)": "에러플마다 달라지는 것 (짝지은 게임, ±2 표준오차)",
    "correct rules": "원래 규칙",
    "Final scores: {misplay}": "최종 점수: {misplay}",
    "<b>rule point {point}</b>: {text}. Mean total per player {before} &rarr; {after} points.":
        "<b>{point}번 항목</b>: {text}. 플레이어당 평균 총점 {before} &rarr; {after}점.",
    # notebook 05: outcome distributions
    "mean points per player": "플레이어당 평균 점수",
    "Where the points come from (±2 standard errors on the total)": "점수의 출처 (총점에 ±2 표준오차)",
    "Winning score by player count": "인원 수별 1등 점수",
    "winner's points": "1등의 점수",
    "fair share 1/players": "공평한 몫 1/인원 수",
    "{p}p s{s}": "{p}인\n{s}번",
    "Greedy games: win rate by seat (Wilson 95% intervals)": "탐욕 게임: 자리별 승률 (Wilson 95% 구간)",
    "players play": "플레이 방식",
    "Final scores, {players} players, {setting}": "최종 점수, {players}인, {setting}",
    "{n} player results: mean total <b>{mean}</b> &plusmn; {se} (1 standard error).":
        "플레이어 결과 {n}개: 평균 총점 <b>{mean}</b> &plusmn; {se} (1 표준오차).",
    # the board picture (render.py)
    "out of the game at 2-3 players": "2, 3인 게임에서는 제거",
    "provinces shown:": "공개된 지방 타일:",
    "p{p}: {n} die": "p{p}: 주사위 {n}개", "p{p}: {n} dice": "p{p}: 주사위 {n}개",
    "player {p}": "플레이어 {p}", "player {p} (start)": "플레이어 {p} (시작 플레이어)",
    "senate cards: {cards} · fortune tiles: {fortune}": "원로원 카드: {cards} · 운 타일: {fortune}",
    "free dice {free} · Repete chips {chips} · fortune tiles {fortune} · senate cards {cards}"
    " · provinces {provs} · patricians {pats}":
        "남은 주사위 {free} · 다시 굴림 타일 {chips} · 운 타일 {fortune} · 원로원 카드 {cards}"
        " · 지방 타일 {provs} · 귀족 타일 {pats}",
    "roll to place": "배치할 굴림",
    "game over": "게임 종료",
    "set {set} of {sets} (세트) · {step}: player {p} to decide": "{sets}세트 중 {set}세트 · {step}: 플레이어 {p} 차례",
    "castrum": "Castrum", "forum": "Forum Romanum",
    # notebook 'what would a strong player do here?' (lessons/what_would_a_strong_player_do.py, core.strength)
    "rank": "순위",
    "game seed {seed}: the first roll, which building": "게임 시드 {seed}: 첫 굴림, 어느 건물에 놓을까",
    "game seed {seed}: the first roll, which dice to place": "게임 시드 {seed}: 첫 굴림, 어떤 주사위를 놓을까",
    "game seed {seed}: roll {k} (greedy play so far), which building": "게임 시드 {seed}: {k}번째 굴림 (지금까지 탐욕 플레이), 어느 건물에 놓을까",
}


#: the board picture: what each building asks and gives, the players' rows and the key (render.py)
KO.update({
    "Key": "범례",
    "top the leader: a die more,": "선두보다 주사위 하나 더,",
    "higher sum · fortune tiles": "합은 더 높게 · 운 타일",
    "a straight · the longest": "스트레이트 · 가장 긴 쪽이",
    "draws senate cards": "원로원 카드를 뽑음",
    "equal dice, most first ·": "같은 눈 주사위, 많은 쪽 먼저 ·",
    "one shown province each": "공개된 지방 타일 하나씩",
    "1 die, or 2 that sum to 5 ·": "주사위 1개, 또는 합 5인 2개 ·",
    "the patrician beside it": "옆의 귀족 타일",
    "dice that fit nowhere ·": "놓을 곳 없는 주사위 ·",
    "1 Repete chip per die": "주사위마다 다시 굴림 타일 1개",
    "out of the game": "게임에서 제외",
    "at 2-3 players": "2-3인 게임",
    "P{p}: {n} die": "P{p}: 주사위 {n}개", "P{p}: {n} dice": "P{p}: 주사위 {n}개",
    "player {p}, {colour}": "플레이어 {p}, {colour}",
    "free dice {free} · Repete chips {chips} · fortune tiles {fortune} · senate cards {cards}":
        "남은 주사위 {free} · 다시 굴림 타일 {chips} · 운 타일 {fortune} · 원로원 카드 {cards}",
    "provinces: {provs}": "지방 타일: {provs}",
    "patricians: {pats}": "귀족 타일: {pats}",
    "orange": "주황", "sky blue": "하늘색", "green": "초록", "pink": "분홍", "vermilion": "주홍",
    # the patricians' colours (the board's labels, as the Korean action notation writes them)
    "red": "빨강", "yellow": "노랑", "blue": "파랑", "purple": "보라",
    "player {p} ({colour}): that player's die, its value": "플레이어 {p} ({colour}): 그 플레이어의 주사위와 눈",
    "a die just rolled, not yet placed": "방금 굴려 아직 놓지 않은 주사위",
    "leads the Templum": "템플룸 선두",
    "how many equal dice in the Castrum group": "카스트룸 묶음의 같은 눈 주사위 수",
    "starts this set (the Caesar marker)": "이번 세트의 시작 플레이어 (카이사르 마커)",
    "the building chosen for the roll": "이번 굴림으로 고른 건물",
})

def label(text: str) -> str:
    """``text (korean)`` when the seed has a term for it, else ``text``."""
    ko = KO.get(text)
    return f"{text} ({ko})" if ko and ko != text else text

#: The lessons' tables (core.tables shows them in Korean through these words), the misplays'
#: names and the wrong readings they play (alea.MISPLAYS) included.
KO.update({
    "building": "건물", "options": "선택지", "placements": "놓는 방법", "rolls": "굴림 수",
    "longest straight": "가장 긴 연속된 눈", "sum-5 pair": "합이 5인 주사위 2개",
    "straight >= {n}": "연속된 눈 {n}개 이상", "group >= {n}": "같은 눈 {n}개 이상 그룹",
    "keep": "남길 주사위", "rerolled": "다시 굴린 주사위", "best keep": "가장 좋은 남기기",
    "chip points ± se": "다시 굴림 타일 점수 ± 표준오차", "total ± se": "총점 ± 표준오차",
    "first keeps (best 2)": "1등이 갖는 타일 (좋은 2개)", "other keeps (best 1)": "그 외 참여자가 갖는 타일 (좋은 1개)",
    "tiles drawn": "뽑은 타일", "mean received": "받은 평균",
    "misplay": "에러플", "rule point": "규칙 항목", "plays": "잘못 하는 규칙", "how": "측정 방법",
    "played": "직접 플레이", "same games, rescored": "같은 게임을 다시 계산",
    "games changed": "달라진 게임", "winner changed": "승자가 바뀐 게임", "winner changed ± se": "승자가 바뀐 게임 ± 표준오차",
    "unrelated games": "서로 다른 게임의 승자 차이", "change ± se": "변화 ± 표준오차",
    "winner change ± se": "승자 점수 변화 ± 표준오차", "turns per set change ± se": "세트당 턴 변화 ± 표준오차",
    "setting": "설정", "highest": "최고", "lowest": "최저", "winning score": "승자 점수",
    "decisions per game": "게임당 결정", "turns per set": "세트당 턴",
    "five_sets_always": "항상 5세트", "templum_small_games": "2-3인 Templum 사용",
    "set_ends_at_once": "세트 즉시 종료", "full_forum_always": "항상 Forum 7칸",
    "templum_draw_all_dice": "Templum 주사위마다 운 타일", "senate_leftover_discarded": "남은 원로원 카드 버림",
    "castrum_one_group": "Castrum 그룹 하나만", "forum_refuses_six": "Forum에 6 하나 불가",
    "latrina_by_choice": "Latrina 자유 선택", "unrewarded_placements": "보상 없는 자리에 놓기",
    "reroll_all_dice": "남은 주사위 모두 다시 굴림", "lone_templum_no_extra": "Templum 단독 참여 추가 타일 없음",
    "leftover_tiles_reused": "남은 타일 재사용", "unassigned_patricians_count": "지방 없는 귀족도 셈",
    "card_iii_without_itself": "카드 III 자신 제외", "card_vii_border_one_colour": "카드 VII 국경 지방 한 색",
    "card_xii_half_couple": "카드 XII 귀족 한 명만",
    "5 sets at every player count (the rules: 6 sets with 2-3 players)":
        "인원과 관계없이 5세트 (규칙: 2-3인은 6세트)",
    "the Templum, fortune tiles and senate card IV stay in at 2-3 players":
        "2-3인에서도 Templum, 운 타일, 원로원 카드 IV를 사용",
    "the set ends as soon as one player has placed all dice": "한 플레이어가 주사위를 모두 놓는 즉시 세트가 끝남",
    "the Forum always has 7 columns (7 patricians a set) whatever the player count":
        "인원과 관계없이 Forum은 항상 7칸 (세트마다 귀족 7명)",
    "fortune tiles drawn for all of the player's Templum dice, not only those added":
        "새로 더한 주사위만이 아니라 Templum의 모든 주사위만큼 운 타일을 뽑음",
    "the Senatus' leftover card leaves the game (never to third place)":
        "Senatus에서 남은 카드는 게임에서 제외 (3등에게 가지 않음)",
    "a player may hold only one group in the Castrum": "Castrum에는 플레이어마다 그룹 하나만 둘 수 있음",
    "a lone 6 may not go to the Forum": "6 하나만으로는 Forum에 놓을 수 없음",
    "the Latrina may be chosen even when a die could go elsewhere": "다른 곳에 놓을 수 있어도 Latrina를 고를 수 있음",
    "dice may go where they cannot reach a rewarded rank (Latrina not compulsory)":
        "보상 순위에 들 수 없는 곳에도 주사위를 놓음 (Latrina 강제 아님)",
    "a reroll must reroll all unplaced dice": "다시 굴릴 때는 놓지 않은 주사위를 모두 굴려야 함",
    "a lone Templum participant does not draw the extra fortune tile": "Templum에 혼자 참여해도 추가 운 타일을 뽑지 않음",
    "unclaimed provinces and patricians go back into the supply": "가져가지 않은 지방과 귀족 타일은 공급처로 돌아감",
    "senate cards count patricians not assigned to a province": "원로원 카드가 지방에 배정되지 않은 귀족도 셈",
    "card III counts the other senate cards only (1 point less)": "카드 III은 다른 원로원 카드만 셈 (1점 적음)",
    "card VII counts the border province as one colour": "카드 VII은 국경 지방을 한 색으로 셈",
    "card XII pays 3 points with any one patrician of its colours": "카드 XII는 해당 색 귀족 한 명만 있어도 3점",
})

#: Refusals (``rules.why_illegal``): the rule broken and why, as templates with their fields.
KO.update({
    "senate reward": "원로원 보상",
    "castrum reward": "Castrum 보상",
    "forum reward": "Forum 보상",
    "player {player} must keep a senate card; {action} is not one of the options":
        "플레이어 {player}은(는) 원로원 카드를 한 장 가져야 합니다. {action}은(는) 선택지가 아닙니다",
    "player {player} must take a shown province; {action} is not one of the options":
        "플레이어 {player}은(는) 공개된 지방 타일을 가져야 합니다. {action}은(는) 선택지가 아닙니다",
    "player {player} must take a shown patrician; {action} is not one of the options":
        "플레이어 {player}은(는) 공개된 귀족 타일을 가져야 합니다. {action}은(는) 선택지가 아닙니다",
    "one building per turn": "한 턴에 건물 하나",
    "the dice are being placed in {building}; no reroll now": "지금은 {building}에 주사위를 놓는 중이라 다시 굴릴 수 없습니다",
    "player {player} has no Repete chip to spend": "플레이어 {player}에게는 쓸 다시 굴림 타일이 없습니다",
    "reroll all dice (misplay option)": "주사위 모두 다시 굴림 (에러플 옵션)",
    "this game rerolls every unplaced die": "이 게임에서는 놓지 않은 주사위를 모두 다시 굴립니다",
    "reroll keeps a subset": "다시 굴릴 때는 일부만 남김",
    "{action} does not keep a subset of the roll {hand} (keeping every die is no reroll)":
        "{action}은(는) 굴린 주사위 {hand} 가운데 일부를 남기는 것이 아닙니다 (모두 남기면 다시 굴림이 아닙니다)",
    "{building} is already chosen this turn": "이번 턴에는 이미 {building}을(를) 골랐습니다",
    "Latrina never by choice (seed point 8)": "Latrina는 고를 수 없음 (규칙서 8항)",
    "the Latrina takes dice only when no other building can reward them":
        "다른 어느 건물에서도 보상을 받을 수 없을 때에만 주사위가 Latrina로 갑니다",
    "no rewarded placement": "보상받을 수 있는 배치 없음",
    "unknown building": "알 수 없는 건물",
    "no combination of {hand} can reach a rewarded rank in {building} now":
        "지금 {hand}의 어떤 조합으로도 {building}에서 보상받는 순위에 들 수 없습니다",
    "choose a building first": "먼저 건물을 고름",
    "a turn chooses the building, then the dice": "턴마다 먼저 건물을 고르고, 그다음 주사위를 놓습니다",
    "this turn's building is {building}, not {other}": "이번 턴의 건물은 {other}이(가) 아니라 {building}입니다",
    "Templum: one more die than the leader and a higher sum": "Templum: 선두보다 주사위 1개 더, 합도 더 높게",
    "Senatus: one straight per player, extended in later turns": "Senatus: 플레이어마다 연속된 눈 하나, 이후 턴에 이어 붙임",
    "Castrum: a group of equal dice": "Castrum: 같은 눈 주사위 묶음",
    "Forum: one die, or two dice summing to 5": "Forum: 주사위 1개, 또는 합이 5인 주사위 2개",
    "{action} is not possible with the roll {hand} or cannot reach a rewarded rank":
        "{action}은(는) 굴린 주사위 {hand}(으)로 할 수 없거나 보상받는 순위에 들 수 없습니다",
    "rewards come at the end of a set": "보상은 세트가 끝날 때 받음",
    "{action} is a reward; player {player} is placing dice now":
        "{action}은(는) 보상입니다. 지금은 플레이어 {player}이(가) 주사위를 놓는 중입니다",
    "{action} is not an Alea Iacta Est action": "{action}은(는) 알레아 이악타 에스트의 행동이 아닙니다",
})

#: the notebooks' printed lines (print(L.T(...)) in the code cells, shared by both languages)
KO.update({
    "{n} rerolls, e.g. {examples}": "다시 굴림 {n}가지, 예: {examples}",
    "exact {exact:.4f}, simulated {simulated:.4f} ± {se:.4f} ({trials} trials)":
        "정확값 {exact:.4f}, 모의실험 {simulated:.4f} ± {se:.4f} (시행 {trials}번)",
    "{n} misplays": "에러플 {n}가지", "change": "변화",
    # the lesson widgets' refusals of what a reader typed
    "a roll is text such as '1 2 3 3 6', got {text}": "굴림은 '1 2 3 3 6'처럼 글자로 적습니다. 받은 값: {text}",
    "type at least one die, e.g. '1 2 3 3 6'": "주사위를 하나 이상 적으세요. 예: '1 2 3 3 6'",
    "dice show 1 to 6; {bad} is not a die": "주사위 눈은 1부터 6까지입니다. {bad}은(는) 주사위 눈이 아닙니다",
    "a player has {most} dice; {n} were typed": "플레이어의 주사위는 {most}개인데 {n}개를 적었습니다",
    "a group of {length} needs at least {length} dice; the roll has {n}":
        "같은 눈 {length}개 그룹에는 주사위가 {length}개 이상 필요한데 굴린 주사위는 {n}개입니다",
    "{games} games, from the {source}": "게임 {games}개, 출처: {source}",
    "dataset": "함께 들어 있는 데이터셋", "live": "바로 플레이한 실행",
})

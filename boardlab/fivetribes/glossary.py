"""Five Tribes labels in Korean, in the seed's own words (RULES.md, Sources: [KO]).

``KO`` maps each English label a Five Tribes figure or widget shows (exactly as the lesson code
writes it, ``{field}`` placeholders included) to its Korean text; switch with
``plotting.use_language("ko")``. Terms of the seed: 고관 Viziers (yellow, 노란), 장로 Elders
(white, 흰), 상인 Merchants (green, 초록), 건축가 Builders (blue, 파란), 암살자 Assassins (red,
빨간), 다섯 부족 the five tribes, 미플 meeple, 타일 tile, 도착 타일 end tile, 주머니 bag, 파키르
Fakir, 진 djinn, 금화 gold (coins), 승점 victory points, 턴 순서 경매 turn-order auction, 턴 마커
turn marker, 경매 순서 트랙 bid-order track, 0금 칸 zero spot, 유료 칸 paid spot, 낙타 camel,
점유 control, 야자수 palm tree, 궁전 palace, 오아시스 oasis, 마을 village, 시장 market, 성소
sacred place, 자원 카드 resource card, 상품 merchandise, 서로 다른 상품의 세트 set of different
goods, 판매 sell, 보유 hold, 라운드 round, 공동 승리 shared win, 점수가 파란색으로 인쇄된 타일
blue-valued tile. The nine goods are not named in the seed; their names here are the plain
Korean words for them.
"""

KO = {
    # the game, its tribes, colours, score categories and goods
    "Five Tribes": "파이브 트라이브스",
    "Viziers": "고관", "Elders": "장로", "Merchants": "상인", "Builders": "건축가", "Assassins": "암살자",
    "viziers": "고관", "elders": "장로", "merchants": "상인", "builders": "건축가", "assassins": "암살자",
    "yellow": "노란", "white": "흰", "green": "초록", "blue": "파란", "red": "빨간",
    "gold": "금화", "djinns": "진", "palms": "야자수", "palaces": "궁전", "tiles": "점유 타일",
    "merchandise": "상품", "fakirs": "파키르",
    "Ivory": "상아", "Jewels": "보석", "Gold": "황금", "Papyrus": "파피루스", "Silk": "비단",
    "Spice": "향신료", "Fish": "생선", "Wheat": "밀", "Pottery": "도자기", "no goods": "상품 없음",
    # policies and settings of the simulations
    "random": "무작위", "greedy": "탐욕", "greedy (random bids)": "탐욕 (무작위 경매)",
    "greedy (front bids)": "탐욕 (맨 앞 칸 경매)", "all {policy}": "모두 {policy}",
    "all random": "모두 무작위", "all greedy": "모두 탐욕", "greedy vs random": "탐욕 대 무작위",
    "front bidder vs greedy": "맨 앞 칸 경매자 대 탐욕",
    "policies: {policies}": "정책: {policies}", "seats rotated": "좌석 순환",
    "{games} games": "{games}게임", "{games} games per player count": "인원마다 {games}게임",
    "{games} games per setting and player count": "설정과 인원마다 {games}게임",
    # shared labels
    "players": "인원", "{players} players": "{players}인", "seat": "좌석", "setting": "설정",
    "round": "라운드", "row": "행 번호", "column": "열 번호", "none": "없음", "probability": "확률",
    "1st": "1번째", "2nd": "2번째", "3rd": "3번째", "{k}th": "{k}번째",
    # 01 the auction track
    "{v1} gold": "금화 {v1}", "spot {s}": "{s}번 칸", "acts {v1}": "{v1} 행동", "(bid {v1})": "({v1}번째 경매)",
    "bid {v1}": "{v1}번째 경매", "bid {v1}: P{seat}": "{v1}번째 경매: P{seat}", "bid {v1}: —": "{v1}번째 경매: —",
    "turns go this way: from the most expensive spot down": "차례 방향: 가장 비싼 칸부터 아래로",
    "Turn order after the bids {bids} ({players} players, bidding in marker order)":
        "경매 {bids} 뒤의 턴 순서 ({players}인, 마커 순서대로 경매)",
    "exact: engine bid actions applied": "정확값: 엔진의 경매 행동을 적용",
    "exact: engine bid actions tried in turn": "정확값: 엔진의 경매 행동을 차례로 시도",
    "second marker's bid (gold)": "두 번째 마커의 경매 (금화)",
    "first marker's bid (gold)": "첫 번째 마커의 경매 (금화)",
    "price for the last bidder to act first (gold)": "마지막 경매자가 먼저 행동하는 값 (금화)",
    "Price of going first for the last of {players} bidders\n(—: not allowed, spot taken twice; none: an 18 is "
    "already down)": "{players}명 중 마지막 경매자가 먼저 행동하는 값\n(—: 유료 칸 중복이라 불가; 없음: 18금 칸이 이미 찼음)",
    "points gained in the turn": "그 턴에 얻은 승점", "gold paid for the spot": "칸에 낸 금화",
    "{players} players ({v2} turns a round)": "{players}인 (라운드마다 {v2}턴)",
    "turn position in the round": "라운드 안의 턴 순서",
    "points (VP) or gold per turn, mean": "턴마다 승점 또는 금화 (평균)",
    "What acting earlier is worth: points gained in the turn vs gold paid (95% CI)":
        "먼저 행동하는 가치: 그 턴에 얻은 승점 대 낸 금화 (95% CI)",
    "spot bought (cost in gold)": "산 칸 (금화 비용)",
    "points gained in the turn minus gold paid (VP)": "그 턴에 얻은 승점 − 낸 금화 (승점)",
    "Net value of each turn-order spot (mean, 95% CI)": "턴 순서 칸별 순가치 (평균, 95% CI)",
    # 02 moving the meeples
    "legal moves ending on the tile (count)": "그 타일에서 끝나는 합법 이동 (수)",
    "Every legal move from {v1} ({v2}): {n} moves, {v4} end tiles":
        "{v1} ({v2})에서의 모든 합법 이동: {n}가지, 도착 타일 {v4}곳",
    "exact: engine complete_moves; letters = meeples (Y W G B R); dots = colours the move can end with; corner "
    "number = moves ending there; value colour = tile's value colour":
        "정확값: 엔진 complete_moves; 글자 = 미플 (Y 노란 W 흰 G 초록 B 파란 R 빨간); 점 = 마지막에 놓을 수 있는 색; "
        "구석 숫자 = 그 타일에서 끝나는 이동 수; 점수 색 = 타일에 인쇄된 점수의 색",
    "  mean {m:.0f} ± {v2:.0f} (95% CI)": "  평균 {m:.0f} ± {v2:.0f} (95% CI)",
    "complete legal moves on the first turn (start tile × path × final colour)":
        "첫 턴의 완전한 합법 이동 (출발 타일 × 경로 × 마지막 색)",
    "boards (count)": "보드 (수)",
    "How many moves the first turn offers, over {v1} random boards": "첫 턴의 이동 수: 무작위 보드 {v1}개",
    "complete legal moves at the start of a turn (log scale)": "턴 시작 때의 완전한 합법 이동 (로그 눈금)",
    "The board runs dry: moves offered per turn (rounds with ≥ {min_turns} turns)":
        "보드가 마른다: 턴마다 가능한 이동 (턴이 {min_turns}번 이상인 라운드)",
    "{policy} play": "{policy} 플레이", "{policy} play, other loop reading (assumed)": "{policy} 플레이, 다른 순환 해석 (가정)",
    "random seed of the board": "보드의 난수 시드", "start tile": "출발 타일",
    "loop drops count (assumed other reading)": "한 바퀴 돌며 놓은 미플도 인정 (다른 해석, 가정)",
    "fresh boards": "새 보드", "fresh rows": "새 자원 진열", "fresh games": "새 게임",
    "{n} boards": "보드 {n}개", "fresh boards (setup only)": "새 보드 (준비만)",
    "gain = mover's score after minus before its turn": "수확 = 이동한 플레이어의 턴 뒤 점수 − 턴 앞 점수",
    # 03 the five tribes
    "blue-valued tiles": "점수가 파란 타일 수",
    "gold ({builders} Builders + {fakirs} Fakirs)": "금화 (건축가 {builders} + 파키르 {fakirs})",
    "gold ({builders} Builders)": "금화 (건축가 {builders})",
    "exact expectation": "정확한 기댓값", "simulated mean ± 95% CI, {n} boards": "시뮬레이션 평균 ± 95% CI, 보드 {n}개",
    "expected {what} per Builders action": "건축가 행동 한 번의 {what} 기댓값",
    "Builders: expected {what} among a tile and its 8 neighbours": "건축가: 도착 타일과 주변 8칸의 {what} 기댓값",
    "tiles in reach (count, of 30)": "거리 안의 타일 (30개 중)",
    "(outlined: the tiles in reach from {tile})": "(테두리: {tile}에서 거리 안의 타일)",
    "Assassins with reach {reach}: tiles in reach from each end tile{extra}":
        "거리 {reach}의 암살자: 도착 타일마다 거리 안의 타일{extra}",
    "exact: board geometry (orthogonal distance)": "정확값: 보드 모양 (직교 거리)",
    "set value, exact": "세트 가치, 정확값", "set value, simulated": "세트 가치, 시뮬레이션",
    "fakirs, exact": "파키르, 정확값", "fakirs, simulated": "파키르, 시뮬레이션",
    "Merchants collected (cards taken from the front of the row)": "회수한 상인 (진열 앞쪽부터 가져온 카드)",
    "expected set value (gold or VP) / fakirs (cards)": "기대 세트 가치 (금화 또는 승점) / 파키르 (장)",
    "Merchants: what the first n cards of a fresh row are worth": "상인: 새 진열의 앞 n장의 가치",
    "set value of the goods among {n} cards (gold or VP)": "{n}장 중 상품의 세트 가치 (금화 또는 승점)",
    "probability (exact)": "확률 (정확값)", "Exact distribution for {n} Merchants": "상인 {n}명의 정확한 분포",
    "{tribe}\n({colour}, {share:.0%} of turns)": "{tribe}\n({colour}, 턴의 {share:.0%})",
    "points gained in the turn (VP, mean)": "그 턴에 얻은 승점 (평균)",
    "tribe collected at the end of the move": "이동 끝에 회수한 부족",
    "What a turn yielded, by the tribe collected (greedy play, 95% CI)": "회수한 부족별 한 턴의 수확 (탐욕 플레이, 95% CI)",
    "end tile": "도착 타일", "P{p} viziers": "P{p} 고관",
    # 04 goods and sets
    "Value of one set": "세트 하나의 가치", "different goods in the set": "세트 안의 서로 다른 상품",
    "gold when sold (VP at the end)": "판매 금화 (끝에는 승점)", "What the n-th different good adds": "n번째 다른 상품이 더하는 값",
    "set size n after adding the good": "상품을 더한 뒤의 세트 크기 n", "extra gold (VP)": "추가 금화 (승점)",
    "Five Tribes merchandise: bigger sets are worth more per card": "파이브 트라이브스 상품: 큰 세트일수록 장당 가치가 크다",
    "the seed's set-value table": "규칙의 세트 가치표",
    "exact: hypergeometric over the unseen cards": "정확값: 보이지 않는 카드의 초기하 분포",
    "exact: hypergeometric over the unseen cards; points: simulated draws, bars 2 SE":
        "정확값: 보이지 않는 카드의 초기하 분포; 점: 시뮬레이션 뽑기, 막대 2 SE",
    "{n} draws per point": "점마다 {n}번 뽑기", "{n} unseen cards": "보이지 않는 카드 {n}장",
    "k = {k} more cards": "k = 더 받는 카드 {k}장", "target: a set of {target}+": "목표: {target}종 이상 세트",
    "k more cards drawn from the unseen cards": "보이지 않는 카드에서 더 뽑는 k장",
    "Chance of a big set after k more cards, holding {v1}": "k장을 더 받은 뒤 큰 세트의 확률, 보유: {v1}",
    "set of {t}+ (exact)": "{t}종 이상 세트 (정확값)", "simulated ± 2 SE": "시뮬레이션 ± 2 SE",
    "hold: hand and new cards scored together": "보유: 손의 카드와 새 카드를 함께 계산",
    "sell now: gold now + new cards' own sets": "지금 판매: 지금의 금화 + 새 카드만의 세트",
    "points a sale gives up": "판매로 잃는 승점",
    "k more cards before the end (drawn from the unseen cards)": "끝나기 전에 더 받는 k장 (보이지 않는 카드에서)",
    "expected gold + merchandise VP": "기대 금화 + 상품 승점", "Sell now or hold? Holding {v1}": "지금 판매할까, 보유할까? 보유: {v1}",
    "k more cards": "더 받는 카드 k장", "Chance of a set of {target}+ different goods": "서로 다른 상품 {target}종 이상 세트의 확률",
    "sell now, mean total {v1}": "지금 판매, 평균 합계 {v1}", "hold, mean {v1}": "보유, 평균 {v1}",
    "best value of the hand after k more cards (gold / VP)": "k장을 더 받은 뒤 손의 최고 가치 (금화 / 승점)",
    "Value after 1 more card if held": "보유할 때 1장을 더 받은 뒤의 가치",
    "Value after {k} more cards if held": "보유할 때 {k}장을 더 받은 뒤의 가치",
    "Holding {v1} (now worth {v2})": "보유: {v1} (지금 가치 {v2})", "target set size": "목표 세트 크기",
    # 05 outcome distributions
    "points per player (VP, mean, 95% CI)": "플레이어당 승점 (평균, 95% CI)",
    "Where the points come from: final score by category": "승점은 어디서 오는가: 항목별 최종 점수",
    "win rate (a tie shares the win; Wilson 95% CI)": "승률 (동점 승리는 나누어 계산; Wilson 95% CI)",
    "{players} players (dashed: 1/{players})": "{players}인 (점선: 1/{players})",
    "Does the seat matter? Win rate by seat": "좌석이 중요한가? 좌석별 승률",
    "rounds until the game ended": "게임이 끝날 때까지의 라운드", "share of games": "게임 비율",
    "{setting} (mean {v2:.1f})": "{setting} (평균 {v2:.1f})", "Game length in rounds": "라운드로 본 게임 길이",
    "focus seat (Wilson 95% CI)": "관찰 좌석 (Wilson 95% CI)", "win rate (a tie shares the win)": "승률 (동점 승리는 나누어 계산)",
    "How often it wins": "얼마나 자주 이기는가", "fair share 1 / players": "공평한 몫 1 / 인원", "focus seat": "관찰 좌석", "each greedy opponent": "탐욕 상대 각각",
    "gold spent on bids per game (mean)": "게임마다 경매에 쓴 금화 (평균)", "What it pays for the auction": "경매에 내는 값",
    "The effect of bidding: one seat always buys the dearest spot it can afford":
        "경매의 효과: 한 좌석이 언제나 낼 수 있는 가장 비싼 칸을 산다",
    "did not win": "이기지 못함", "won": "승리", "gold spent on bids in the game": "게임에서 경매에 쓴 금화",
    "{p} players (r = {v2:+.2f})": "{p}인 (r = {v2:+.2f})", "final score (VP)": "최종 점수 (승점)",
    "Random play: gold spent on bidding against final score": "무작위 플레이: 경매에 쓴 금화와 최종 점수",
    "{policy} (mean {v2:.0f}, n = {v3})": "{policy} (평균 {v2:.0f}, n = {v3})",
    "players (count)": "플레이어 (수)", "Final scores: {setting}, {players} players": "최종 점수: {setting}, {players}인",
    # widget summaries
    "turn order: {who}; gold paid in all: {paid}": "턴 순서: {who}; 낸 금화 합계: {paid}",
    "<b>No legal move from {tile}</b> ({meeples}): no path ends on a tile holding a colour in hand.":
        "<b>{tile}에서 합법 이동 없음</b> ({meeples}): 손에 든 색이 있는 타일에서 끝나는 경로가 없습니다.",
    "empty": "빈 타일",
    "<b>{n} legal moves from {tile}</b>: {ends} end tiles, {choices} (end, colour) choices; the board has {all} "
    "moves in all.": "<b>{tile}에서 합법 이동 {n}가지</b>: 도착 타일 {ends}곳, (도착, 색) 선택 {choices}가지; "
                     "보드 전체의 이동은 {all}가지.",
    "<b>{tile}</b>: {block} tiles in its block; expected blue-valued tiles {blue} = {blue_f:.2f}; expected gold "
    "with {builders} builders + {fakirs} fakirs: {gold} = {gold_f:.2f}":
        "<b>{tile}</b>: 주변 구역 {block}칸; 점수가 파란 타일 수의 기댓값 {blue} = {blue_f:.2f}; 건축가 {builders} + "
        "파키르 {fakirs}의 기대 금화: {gold} = {gold_f:.2f}",
    "<b>reach {reach}</b> ({assassins} assassins + {fakirs} fakirs): from {tile} the Assassins can strike a meeple "
    "on {n} of {all} tiles, or a Vizier/Elder held by any opponent (range does not matter for those)":
        "<b>거리 {reach}</b> (암살자 {assassins} + 파키르 {fakirs}): {tile}에서 암살자는 타일 {all}개 중 {n}개의 미플 "
        "하나, 또는 상대가 보유한 고관·장로 하나를 제거할 수 있습니다 (이때는 거리와 무관)",
    "<b>{n} merchants</b>: expected set value {ev_f:.3f} (exactly {ev}); expected fakirs {ef_f:.3f} (exactly {ef})":
        "<b>상인 {n}명</b>: 세트 가치 기댓값 {ev_f:.3f} (정확히 {ev}); 파키르 기댓값 {ef_f:.3f} (정확히 {ef})",
    "most Vizier points ({best}): {who}": "고관 점수 최고 ({best}): {who}",
    "<b>{setting}, {players} players</b>: highest mean total {total:.0f} VP ({policy}), from {n} seat results.":
        "<b>{setting}, {players}인</b>: 가장 높은 평균 합계 {total:.0f}점 ({policy}), 좌석 결과 {n}개에서.",
    "<b>Hand:</b> {hand} &mdash; best split {split} = <b>{value}</b> gold now.":
        "<b>보유:</b> {hand} &mdash; 가장 좋은 세트 나누기 {split} = 지금 금화 <b>{value}</b>.",
    "<b>One more card</b> adds {adds}; most from {best}.": "<b>카드 한 장 더</b>: {adds}; 가장 큰 것은 {best}.",
    "nothing": "없음", "nothing to sell": "팔 것 없음",
    "<b>Set of {target}+ different goods</b> after {k} more card{s}: <b>{p:.1%}</b> (exactly {exact}).":
        "카드 {k}장을 더 받은 뒤 <b>서로 다른 상품 {target}종 이상 세트</b>: <b>{p:.1%}</b> (정확히 {exact}).",
    "<b>Sell now</b>: {now} gold + {alone} expected from the new cards = {sell}. <b>Hold</b>: {hold} expected. A "
    "sale gives up <b>{premium}</b> points.":
        "<b>지금 판매</b>: 금화 {now} + 새 카드에서 기대 {alone} = {sell}. <b>보유</b>: 기대 {hold}. 판매하면 "
        "승점 <b>{premium}</b>을 잃습니다.",
    "<b>Cheapest single sale</b>: {{{sold}}} for {gold} gold, losing {lost} points.":
        "<b>가장 싼 한 세트 판매</b>: {{{sold}}}를 금화 {gold}에 팔고 승점 {lost}을 잃습니다.",
    # the board picture (render.py)
    "game over": "게임 종료", "round {round}, {step}: player {seat} to decide": "라운드 {round}, {step}: 플레이어 {seat} 차례",
    "bid": "경매", "start": "출발 타일 선택", "drop": "미플 놓기", "builders": "건축가", "kill": "암살",
    "market": "시장", "sacred": "성소", "place": "낙타 놓기", "end": "턴 끝", "sibittis": "시비티스",
    "Large Market": "대형 시장", "Small Market": "소형 시장", "Oasis": "오아시스", "Village": "마을",
    "Sacred Place": "성소", "palm x{n}": "야자수 ×{n}", "palace x{n}": "궁전 ×{n}",
    "Turn order (spot: cost, marker/player)": "턴 순서 (칸: 비용, 마커/플레이어)", "Bid order: {order}": "경매 순서: {order}",
    "Resource row (front first)": "자원 진열 (앞쪽부터)", "Fakir": "파키르", "Slave": "노예",
    "Djinns: {djinns}": "진: {djinns}",
    "Supply: {palms} palm trees, {palaces} palaces; bag {bag} meeples": "공급: 야자수 {palms}, 궁전 {palaces}; 주머니 미플 {bag}",
    "Player {seat}": "플레이어 {seat}", "Player {seat} (to decide)": "플레이어 {seat} (차례)",
    "gold {gold}   viziers {viziers}   elders {elders}   camels left {camels}":
        "금화 {gold}   고관 {viziers}   장로 {elders}   남은 낙타 {camels}",
    "goods: {goods}": "상품: {goods}", "{fakir}s: {n}": "{fakir}: {n}", "djinns: {djinns}": "진: {djinns}",
    # notebook 'what would a strong player do here?' (lessons/what_would_a_strong_player_do.py, core.strength)
    "rank": "순위",
    "game seed {seed}: the first bid for turn order": "게임 시드 {seed}: 첫 턴 순서 경매",
    "game seed {seed}: the first move (which tile to pick up)": "게임 시드 {seed}: 첫 이동 (어느 타일의 미플을 집을까)",
}

#: the board picture: the turn-order track, the players' colours and the key (render.py)
KO.update({
    "Key": "범례",
    "Turn-order track: bid in gold, player on the spot": "턴 순서 트랙: 칸마다 금화 입찰액과 그 칸의 플레이어",
    "Next bids, in this order: {order}": "다음 입찰 순서: {order}",
    "Djinns on display (points)": "공개된 진 (점수)",
    "Player {seat}, {colour}": "플레이어 {seat}, {colour}",
    "Player {seat}, {colour} (to decide)": "플레이어 {seat}, {colour} (차례)",
    "gold {gold} · viziers {viziers} · elders {elders} · camels left {camels}":
        "금화 {gold} · 고관 {viziers} · 장로 {elders} · 남은 낙타 {camels}",
    "orange": "주황", "sky blue": "하늘색", "purple": "보라", "grey": "회색",
    "{colour} meeple: {tribe} (the number on the tile)": "{colour} 미플: {tribe} (타일 위의 수)",
    "player {seat} ({colour}): camel, marker and panel": "플레이어 {seat} ({colour}): 낙타, 마커, 정보 칸",
    "blue value: a blue tile (Builders count them)": "파란 숫자: 파란 타일 (건축가가 셉니다)",
    "red value: a red tile": "빨간 숫자: 빨간 타일",
    "tile name: column A-F, row 1-5": "타일 이름: 열 A-F, 행 1-5",
    "palm trees on the tile": "타일 위의 야자수",
    "palaces on the tile": "타일 위의 궁전",
    "{tile} tile (its action: {kind})": "{tile} 타일 (행동: {kind})",
    "palace": "궁전", "djinn": "진", "palm": "야자수", "small market": "소형 시장", "large market": "대형 시장",
    "another player's gold: hidden until the end": "다른 플레이어의 금화: 게임 끝까지 비공개",
})

__all__ = ["KO"]

#: The lessons' tables (core.tables shows them in Korean through these words).
KO.update({
    "spot": "칸", "cost (gold)": "비용 (금화)", "zero spot": "0금 칸", "acts (if all spots are taken)": "행동 순서 (모든 칸이 찼을 때)",
    "{n}th": "{n}번째", "bid": "경매", "marker": "마커", "turn": "턴", "bid (gold)": "경매 (금화)", "gold paid": "낸 금화",
    "first bid (gold)": "첫 경매 (금화)", "second bid {n}": "두 번째 경매 {n}", "not allowed": "불가",
    "no bid can": "어떤 경매도 불가", "turn position": "턴 순서", "mean turn position": "평균 턴 순서", "turns": "턴 수",
    "points gained": "얻은 승점", "gain, standard error": "얻은 승점, 표준오차", "paid, standard error": "낸 금화, 표준오차",
    "net points": "순승점", "net, standard error": "순승점, 표준오차", "premium (points)": "먼저 행동한 이득 (승점)",
    "premium, standard error": "이득, 표준오차", "gain acting 1st": "1번째로 행동할 때 얻은 승점",
    "gain acting last": "마지막으로 행동할 때 얻은 승점", "last position": "마지막 순서", "spot cost (gold)": "칸 비용 (금화)",
    "end tile": "도착 타일", "colour": "색", "tribe": "부족", "paths": "경로 수", "tile": "타일", "already there": "원래 있던 미플",
    "Village {n}": "마을 {n}", "Oasis {n}": "오아시스 {n}", "Sacred Place {n}": "성소 {n}",
    "Large Market {n}": "대형 시장 {n}", "Small Market {n}": "소형 시장 {n}",
    "moves": "이동 수", "moves, standard error": "이동 수, 표준오차", "moves, other loop reading": "이동 수, 다른 순환 해석",
    "turns with no move": "이동할 수 없던 턴", "tiles that can start a move": "이동을 시작할 수 있는 타일",
    "blue tiles": "점수가 파란 타일", "agrees (4 SE)": "일치 (4 표준오차 이내)", "reach": "사거리",
    "fewest tiles": "최소 타일 수", "mean tiles": "평균 타일 수", "most tiles": "최대 타일 수",
    "whole board from every tile": "모든 타일에서 보드 전체", "merchants": "상인", "expected set value": "세트 가치 기대값",
    "expected fakirs": "파키르 기대값", "P(at least 1 fakir)": "P(파키르 1장 이상)",
    "meeples collected (mean)": "모은 미플 (평균)",
    "card": "카드", "copies in the box": "상자 안 장수", "kind": "종류", "merchandise": "상품",
    "fakir (never a good)": "파키르 (상품이 아님)", "different goods in the set": "세트의 서로 다른 상품 수",
    "value (gold or VP)": "가치 (금화 또는 승점)", "added by the last good": "마지막 상품이 더한 가치",
    "value per card": "카드당 가치", "good": "상품", "adds (gold / VP)": "더하는 가치 (금화 / 승점)",
    "different goods after 4 cards": "카드 4장 뒤 서로 다른 상품 수", "sell now": "지금 팔 세트", "(nothing)": "(없음)",
    "gold now": "지금 받는 금화", "expected rest": "남은 카드의 기대값", "expected total": "기대 합계", "points lost": "잃는 점수",
    "margin over the best opponent": "최고 상대와의 점수 차", "margin, standard error": "점수 차, 표준오차",
    "seat results": "좌석 결과 수", "rounds": "라운드 수", "rounds, standard error": "라운드 수, 표준오차",
    "agrees": "일치", "bonus": "보너스", "opponents with fewer": "고관이 더 적은 상대 수", "points": "승점",
    "min rounds": "최소 라운드", "max rounds": "최대 라운드", "turns, standard error": "턴 수, 표준오차",
})

#: Refusals (``rules.why_illegal``): the rule broken and why, as templates with their fields, in
#: the seed's words (직교로 인접한 타일, 대각선 이동, 직전 타일로 되돌아가기, 경매 순서 트랙의 칸).
#: A hand-built action of the wrong form is named, not its field's English reason.
KO.update({
    "action form": "행동의 형식",
    "{problem}": "{action}은(는) 파이브 트라이브스 행동의 형식에 맞지 않습니다",
    "decision order": "결정 순서",
    "now asking player {player} for a turn-order spot (bid); {action} is not that":
        "지금은 플레이어 {player}에게 턴 순서 칸(경매)을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for a tile to move from (or a djinn power); {action} is not that":
        "지금은 플레이어 {player}에게 이동을 시작할 타일(또는 진의 능력)을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for the next drop of the move; {action} is not that":
        "지금은 플레이어 {player}에게 이동 중 다음에 미플을 놓을 곳을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for how many Fakirs to add to the Builders (or a djinn power); {action} is not that":
        "지금은 플레이어 {player}에게 건축가에 더할 파키르 수(또는 진의 능력)를 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for the Assassins' victim; {action} is not that":
        "지금은 플레이어 {player}에게 암살자가 제거할 대상을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for where the palm tree/palace goes; {action} is not that":
        "지금은 플레이어 {player}에게 야자수/궁전을 놓을 곳을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for a market purchase (or skip); {action} is not that":
        "지금은 플레이어 {player}에게 시장에서 살 것(또는 건너뛰기)을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for a djinn to take (or skip); {action} is not that":
        "지금은 플레이어 {player}에게 가져올 진(또는 건너뛰기)을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for the djinn to keep; {action} is not that":
        "지금은 플레이어 {player}에게 남길 진을 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "now asking player {player} for sales, djinn powers or end turn; {action} is not that":
        "지금은 플레이어 {player}에게 판매, 진의 능력 또는 턴 종료를 묻고 있습니다. {action}은(는) 그것이 아닙니다",
    "movement: start": "이동: 시작",
    "{tile} has no meeples to pick up": "{tile}에는 집어 들 미플이 없습니다",
    "movement: last meeple": "이동: 마지막 미플",
    "no path from {tile} ends on a tile holding a colour in hand":
        "{tile}에서 시작하는 어떤 경로도 손에 든 색의 미플이 있는 타일에서 끝나지 않습니다",
    "movement: orthogonal steps": "이동: 직교로 인접한 타일",
    "{tile} is not orthogonally adjacent to {at} (no diagonal steps)":
        "{tile}은(는) {at}와(과) 직교로 인접하지 않습니다 (대각선 이동 금지)",
    "movement: no backtrack": "이동: 되돌아가기 금지",
    "cannot step straight back to {tile}": "직전 타일 {tile}(으)로 곧장 되돌아갈 수 없습니다",
    "movement: drop order": "이동: 놓는 순서",
    "no {colour} meeple left in hand": "손에 남은 {colour} 미플이 없습니다",
    "the last {colour} meeple must land on a tile already holding {colour}; {tile} has none":
        "마지막 {colour} 미플은 같은 색 미플이 이미 있는 타일에 놓아야 합니다. {tile}에는 없습니다",
    "after dropping {colour} on {tile} no path can end on a tile holding a colour still in hand":
        "{tile}에 {colour} 미플을 놓으면 손에 남은 색의 미플이 있는 타일에서 끝나는 경로가 없습니다",
    "movement: compulsory": "이동: 의무",
    "a legal move exists, so the player must move": "할 수 있는 이동이 있으므로 반드시 이동해야 합니다",
    "assassins": "암살자",
    "a victim is in reach, so the Assassins must kill": "닿는 곳에 대상이 있으므로 암살자는 반드시 제거해야 합니다",
    "{action} is not an option now": "{action}은(는) 지금의 선택지가 아닙니다",
    "djinn powers": "진의 능력",
    "player {player} does not hold {djinn}": "플레이어 {player}은(는) {djinn}을(를) 보유하고 있지 않습니다",
    "djinn powers: once per turn": "진의 능력: 턴마다 한 번",
    "{djinn} was already used this turn": "{djinn}은(는) 이번 턴에 이미 썼습니다",
    "djinn powers: cost": "진의 능력: 비용",
    "{djinn} costs {cost}, not {pay}": "{djinn}의 비용은 {pay}이(가) 아니라 {cost}입니다",
    "player {player} cannot pay {pay}": "플레이어 {player}은(는) {pay}을(를) 낼 수 없습니다",
    "djinn powers: when": "진의 능력: 쓰는 때",
    "with power_timing={timing} {djinn} is offered only before the move and at the end step":
        "power_timing={timing} 설정에서는 {djinn}을(를) 이동 전과 턴 끝 단계에서만 쓸 수 있습니다",
    "{djinn} cannot be used that way now": "지금은 {djinn}을(를) 그렇게 쓸 수 없습니다",
    "merchandise sale": "상품 판매",
    "player {player} does not hold one of each of {action}": "플레이어 {player}은(는) {action}의 상품을 하나씩 모두 보유하고 있지 않습니다",
    "player {player} holds only {fakirs} fakirs": "플레이어 {player}의 파키르는 {fakirs}장뿐입니다",
    "you cannot kill your own Viziers or Elders": "자신의 고관이나 장로는 제거할 수 없습니다",
    "djinn Boaz": "진 Boaz",
    "player {player}'s Viziers and Elders are protected by Boaz": "플레이어 {player}의 고관과 장로는 Boaz가 보호합니다",
    "Assassins kill one meeple (two only with Iblis)": "암살자는 미플 하나를 제거합니다 (Iblis가 있을 때만 둘)",
    "assassins: range": "암살자: 거리",
    "{tile} is {steps} steps away; range is {count} assassins + {fakirs} fakirs":
        "{tile}은(는) {steps}칸 떨어져 있습니다. 닿는 거리는 암살자 {count} + 파키르 {fakirs}입니다",
    "{action} is not a possible victim": "{action}은(는) 제거할 수 있는 대상이 아닙니다",
    "palm trees and palaces": "야자수와 궁전",
    "the palm goes on {tile} (or a neighbour with Lamia)": "야자수는 {tile}에 놓습니다 (Lamia가 있으면 이웃 타일에도)",
    "the palace goes on {tile} (or a neighbour with Hagis)": "궁전은 {tile}에 놓습니다 (Hagis가 있으면 이웃 타일에도)",
    "markets": "시장",
    "{action} does not match the front of the row {row}": "{action}은(는) 자원 진열의 앞쪽 {row}와(과) 맞지 않습니다",
    "sacred place": "성소",
    "{djinn} is not face up": "{djinn}은(는) 앞면으로 공개되어 있지 않습니다",
    "djinn Sibittis": "진 Sibittis",
    "{djinn} was not drawn": "{djinn}은(는) 뽑은 진이 아닙니다",
    "bid: zero spots": "경매: 0금 칸",
    "a 0 bid always takes the front zero spot {front}": "0금 경매는 언제나 맨 앞의 0금 칸 {front}을(를) 차지합니다",
    "the three 0 spots are full; this marker must pay": "0금 칸 세 개가 모두 찼습니다. 이 마커는 금화를 내야 합니다",
    "bid: one marker per paid spot": "경매: 유료 칸마다 마커 하나",
    "slot {slot} is already taken": "{slot}번 칸은 이미 찼습니다",
    "djinn Kumarbi": "진 Kumarbi",
    "player {player} does not hold Kumarbi": "플레이어 {player}은(는) Kumarbi를 보유하고 있지 않습니다",
    "Kumarbi was already used this round (option kumarbi_per='round')":
        "Kumarbi는 이번 라운드에 이미 썼습니다 (옵션 kumarbi_per='round')",
    "bid: pay at once": "경매: 즉시 지불",
    "player {player} has {gold} gold; slot {slot} costs {price}":
        "플레이어 {player}의 금화는 {gold}인데 {slot}번 칸의 값은 {price}입니다",
})

#: the notebooks' printed summaries (print(L.T(...)) in the code cells, shared by both languages)
KO.update({
    "refused:": "거절됨:",
    "bid {n} ({gold} gold): {reason}": "{n}번째 경매 (금화 {gold}): {reason}",
    "bid {n} (seat P{seat}, {gold} gold): {reason}": "{n}번째 경매 (P{seat}, 금화 {gold}): {reason}",
    "greedy seat's win rate": "탐욕 자리의 승률", "front bidder's win rate": "맨 앞 칸 경매자의 승률",
    "front bidder's gold on bids": "맨 앞 칸 경매자가 경매에 쓴 금화",
    "each opponent's gold on bids": "상대 한 명이 경매에 쓴 금화",
    "front bidder's mean turn position": "맨 앞 칸 경매자의 평균 턴 순서",
    "opponents' mean turn position": "상대의 평균 턴 순서",
    "no simulated games for setting {setting} at {players} players": "{players}인 {setting} 설정의 모의 게임이 없습니다",
    "the box has {n} Viziers; got {m}": "상자에는 고관이 {n}개 있는데 {m}개를 받았습니다",
    "{turns} action turns from {games} games": "게임 {games}개에서 행동 턴 {turns}번",
    "{players} players: acting 1st instead of {last} earns {premium:+.1f} ± {ci:.1f} points in the turn, "
    "for {gold:.1f} more gold": "{players}인: {last} 대신 1번째로 행동하면 그 턴에 승점 {premium:+.1f} ± {ci:.1f}, "
                                "금화는 {gold:.1f} 더 냄",
    "{tile} holds {letters}: {moves} legal moves, {ends} end tiles, {choices} (end, colour) choices":
        "{tile}의 미플 {letters}: 합법 이동 {moves}가지, 도착 타일 {ends}곳, (도착, 색) 선택 {choices}가지",
    "{n} boards: {mean:.0f} ± {ci:.0f} moves on average (95% CI), range {lo}–{hi}; "
    "tiles offering a move: {starts:.2f} of 30 on average":
        "보드 {n}개: 평균 이동 {mean:.0f} ± {ci:.0f}가지 (95% CI), 범위 {lo}–{hi}; "
        "이동을 시작할 수 있는 타일: 평균 30개 중 {starts:.2f}개",
    "{policy}: {first:.0f} moves in round 1, {last:.1f} in round {round}":
        "{policy}: 라운드 1에서 이동 {first:.0f}가지, 라운드 {round}에서 {last:.1f}가지",
    "the other loop reading changes the count in {share:.0%} of turns": "다른 순환 해석은 턴의 {share:.0%}에서 이동 수를 바꿉니다",
    "largest gap between simulated and exact, in standard errors: {z:.2f} (30 tiles, {n} boards)":
        "시뮬레이션과 정확값의 가장 큰 차이 (표준오차 단위): {z:.2f} (타일 30개, 보드 {n}개)",
    "inside tile: P(at least 5 blue-valued) = {p:.3f}": "안쪽 타일: P(점수가 파란 타일 5개 이상) = {p:.3f}",
    "opponents with fewer Viziers": "고관이 더 적은 상대 수", "{p} players: bonus (VP)": "{p}인: 보너스 (승점)",
    "largest gap, simulated vs exact: {gap:.2f} SE (set value), {gap_f:.2f} SE (fakirs)":
        "시뮬레이션과 정확값의 가장 큰 차이: 세트 가치 {gap:.2f} 표준오차, 파키르 {gap_f:.2f} 표준오차",
    "best split of {hand} -> {split}": "{hand}의 가장 좋은 세트 나누기 → {split}",
    "P(set of {target}+ after {k} cards) = {p} = {pf:.1%}": "P(카드 {k}장 뒤 {target}종 이상 세트) = {p} = {pf:.1%}",
    "simulated {p_hat:.4f} ± {se:.4f} (SE, {n} draws, random seed {seed}); exact {p:.4f}":
        "시뮬레이션 {p_hat:.4f} ± {se:.4f} (표준오차, 뽑기 {n}번, 난수 시드 {seed}); 정확값 {p:.4f}",
    "engine piles: {observed:.4f} observed, {expected:.4f} exact on average, SE {se:.4f} ({n} games)":
        "엔진의 카드 더미: 관측 {observed:.4f}, 정확값 평균 {expected:.4f}, 표준오차 {se:.4f} (게임 {n}개)",
    "points a sale gives up: exact {exact:.3f}, simulated {sim:.3f} ± {se:.3f} (SE, {n} draws)":
        "판매로 잃는 승점: 정확값 {exact:.3f}, 시뮬레이션 {sim:.3f} ± {se:.3f} (표준오차, 뽑기 {n}번)",
    "{games} games, {rows} seat results": "게임 {games}개, 좌석 결과 {rows}개",
    "{players} players: mean bid gold {gold:.0f}, correlation with the final score r = {r:+.2f}":
        "{players}인: 경매에 쓴 평균 금화 {gold:.0f}, 최종 점수와의 상관계수 r = {r:+.2f}",
    "{games} games, from the {source}": "게임 {games}개, 출처: {source}",
    "dataset": "함께 들어 있는 데이터셋", "live": "바로 플레이한 실행",
    "<b>Your goods</b> (Fakirs never count)": "<b>내 상품</b> (파키르는 세지 않음)",
})

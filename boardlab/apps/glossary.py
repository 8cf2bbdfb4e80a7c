"""The apps' own labels in Korean (buttons, headings, notes); the board pictures and score
categories use each game's glossary. ``glossary.terms("apps")`` reads this table."""

KO = {
    "Play": "게임하기",
    "keep a senate card (hidden)": "원로원 카드 한 장을 가짐 (비공개)",
    "set the secret disk (hidden)": "비밀 디스크를 정함 (비공개)",
    "Replay": "다시 보기",
    "<b>How to play here.</b> You are player 0 and bots play the other seats; change that, the "
    "options and the random seed under <b>New game</b>. On your turn click one of <b>Your options</b>, or "
    "type one and press <b>Play</b>: an entry the rules refuse shows the rule it breaks. <b>Undo</b> "
    "takes your decision back; <b>What would a strong player do?</b> asks the advisor; <b>Save the "
    "record</b>, then step through it in the <b>Replay</b> tab.":
        "<b>이렇게 하세요.</b> 당신은 플레이어 0이고 나머지 자리는 봇이 맡습니다. 자리, 옵션, 난수 시드는 "
        "<b>새 게임</b>에서 바꿉니다. 당신 차례에는 <b>선택할 수 있는 행동</b> 가운데 하나를 누르거나, 직접 입력하고 "
        "<b>게임하기</b>를 누르세요. 규칙에 맞지 않는 입력은 어긋나는 규칙과 함께 거절됩니다. <b>되돌리기</b>는 당신의 "
        "결정을 취소하고, <b>강한 플레이어라면 어떻게 할까?</b>는 조언자에게 묻습니다. <b>기록 저장</b> 뒤에는 "
        "<b>다시 보기</b> 탭에서 한 단계씩 볼 수 있습니다.",
    "The White Castle (백로성): play, replay and learn": "백로성 (The White Castle): 플레이, 다시 보기, 배우기",
    "Take a die from either end of a bridge, place it in the castle, the yards or your domain, and climb the court.":
        "다리 양끝에서 주사위 하나를 가져와 성, 훈련장 또는 개인 영토에 놓고 궁정의 층을 오릅니다.",
    "Five Tribes: play, replay and learn": "파이브 트라이브스 (Five Tribes): 플레이, 다시 보기, 배우기",
    "Bid for turn order, then move a line of meeples across the sultanate and use the tribe you pick up.":
        "경매로 턴 순서를 정한 뒤, 한 타일의 미플을 모두 집어 나칼라를 가로질러 옮기고, 마지막에 회수한 부족의 행동을 씁니다.",
    "Alea Iacta Est: play, replay and learn": "알레아 이악타 에스트 (Alea Iacta Est): 플레이, 다시 보기, 배우기",
    "Roll your dice, place a set of them in one of five buildings, and collect what each building's ranking gives.":
        "주사위를 굴리고, 그중 한 묶음을 다섯 건물 가운데 하나에 놓은 뒤, 각 건물의 순위에 따라 보상을 받습니다.",
    "El Grande: play, replay and learn": "엘 그란데 (El Grande): 플레이, 다시 보기, 배우기",
    "Play a power card, move caballeros from the court to the regions around the King, and win the majorities.":
        "파워 카드를 내고, 궁정의 카바예로를 왕 주변 지역으로 보내 각 지역의 다수 우위를 차지합니다.",
    "The app starts in <b>learn to play</b> mode: the game in one screen, then at every decision the rule that "
    "governs it and what your options do; the bots' turns are told one sentence each. The <b>Rules</b> tab "
    "explains the whole game in 10 minutes.":
        "앱은 <b>배우며 하기</b> 방식으로 시작합니다: 먼저 '한눈에 보는 게임'으로 게임 전체를 보여 주고, 결정마다 그 결정에 "
        "적용되는 규칙과 각 선택지가 하는 일을 알려 주며, 봇의 차례는 한 문장씩 설명합니다. <b>규칙</b> 탭은 게임 전체를 "
        "10분 만에 설명합니다.",
    "New game: players, seats and options": "새 게임: 인원, 자리, 옵션",
    "Rule options (readings and variants)": "규칙 옵션 (해석과 변형 규칙)",
    "Choose who plays each seat, then start.": "각 자리를 누가 맡을지 고른 뒤 시작하세요.",
    "Start a new game": "새 게임 시작",
    "Bots: greedy takes what looks best right now; random picks any legal option; mcts looks "
    "ahead by playing many games out (the strongest, a few seconds a decision).":
        "봇: greedy는 지금 가장 좋아 보이는 것을, random은 가능한 행동 중 아무것이나 고릅니다. mcts는 게임을 여러 번 "
        "끝까지 두어 보며 앞을 내다봅니다(가장 강하고, 결정마다 몇 초 걸립니다).",
    "seed": "난수 시드",
    "players": "인원",
    "first step": "처음으로",
    "one step back": "한 단계 뒤로",
    "one step forward": "한 단계 앞으로",
    "last step": "끝으로",
    "human": "사람",
    "bot: {name}": "봇: {name}",
    "player {p}": "플레이어 {p}",
    "player {p}, {colour}": "플레이어 {p}, {colour}",
    "{seat} (you)": "{seat} (당신)",
    "{seat} (bot: {name})": "{seat} (봇: {name})",
    "{who} to decide": "{who} 차례",
    "decision {n}": "{n}번째 결정",
    "The game is over.": "게임이 끝났습니다.",
    "Final score sheet": "최종 점수표",
    "total": "합계",
    "Score sheet where the record ends (the game was not finished)": "기록이 끝난 곳의 점수표 (게임은 끝나지 않았습니다)",
    "Winner: {who}": "승자: {who}",
    "the rival": "라이벌",
    "You beat the rival.": "라이벌을 이겼습니다.",
    "The rival wins.": "라이벌이 이겼습니다.",
    "Shared win: {who}": "공동 승리: {who}",
    "Your options": "선택할 수 있는 행동",
    "{n} legal now": "지금 가능한 것 {n}개",
    "type an option in the game's notation": "게임 표기법으로 행동을 입력하세요",
    "Play": "게임하기",
    "Play the selected option": "고른 행동 하기",
    "typing in the box below narrows the list": "아래 칸에 입력하면 목록이 좁혀집니다",
    "Not allowed": "허용되지 않습니다",
    "rule": "규칙",
    "Undo my last decision": "내 마지막 결정 되돌리기",
    "nothing to undo": "되돌릴 결정이 없습니다",
    "Bots finish the game": "봇이 게임을 끝까지 진행",
    "Save the record": "기록 저장",
    "Saved as {name}": "{name}(으)로 저장했습니다",
    "download it": "내려받기",
    "the bots are deciding...": "봇이 결정하는 중...",
    "bots playing: {n} decisions so far": "봇 진행 중: 지금까지 {n}번 결정",
    "the bots made {n} decisions": "봇이 {n}번 결정했습니다",
    "the bots made {n} decision": "봇이 {n}번 결정했습니다",
    "answered in {s} s": "{s}초 만에 응답",
    "Last decisions": "최근 결정",
    "What would a strong player do?": "강한 플레이어라면 어떻게 할까?",
    "board at full size (scroll sideways)": "보드를 원래 크기로 (옆으로 스크롤)",
    "Only one option is legal now ({action}): there is nothing to weigh.": "지금 가능한 행동은 하나뿐입니다({action}). 비교할 것이 없습니다.",
    "The advisor plays each option out many times (a search); a larger budget is slower and surer.":
        "조언자는 각 행동을 여러 번 끝까지 두어 봅니다(탐색). 예산이 클수록 느리지만 더 확실합니다.",
    "budget": "예산",
    "Ask": "물어보기",
    "thinking...": "생각하는 중...",
    "option": "행동",
    "visits": "방문",
    "margin": "점수 차",
    "wins": "승률",
    "Best: {action}": "최선: {action}",
    "The only option: {action} (nothing to search)": "유일한 선택지: {action} (탐색할 것이 없습니다)",
    "... and {n} more options": "... 그 밖에 {n}개",
    "margin: final score minus the best other score; {s} s": "점수 차: 최종 점수 빼기 다른 플레이어 최고 점수; {s}초",
    "The advisor needs boardlab.advise, which this installation lacks.": "조언자에는 boardlab.advise가 필요하지만 설치되어 있지 않습니다.",
    "saved record": "저장된 기록",
    "Refresh": "새로 고침",
    "Continue playing from this step": "이 단계부터 이어서 게임하기",
    "from the record": "기록에서",
    "Load": "불러오기",
    "Upload a record": "기록 올리기",
    "Load a saved record, then step through it with the arrows; the score sheet shows at the end.":
        "저장된 기록을 불러온 뒤 화살표로 한 단계씩 넘겨 보세요. 끝에서 점수표가 보입니다.",
    "step": "단계",
    "step {k} of {n}": "{n}단계 중 {k}단계",
    "the start of the game": "게임 시작",
    "{seat} chose '{action}'": "{seat}: '{action}'",
    "Loaded {name}: {n} decisions": "{name}을(를) 불러왔습니다: {n}번 결정",
    "Rules": "규칙",
    "greedy": "탐욕",
    "random": "무작위",
    "mcts": "mcts",
    "The rule": "규칙",
    "Learn to play: explain every decision": "배우며 하기: 결정마다 설명",
    "Tell me what the bots did": "봇이 한 일 알려 주기",
    "Pause after each bot turn": "봇 차례마다 멈추기",
    "Continue": "계속",
    "Paused after a bot's turn: {who} plays next. Click Continue.":
        "봇 차례가 끝나 멈췄습니다. 다음은 {who} 차례입니다. 계속을 누르세요.",
    "The game in one screen": "한눈에 보는 게임",
    "Read the rules page": "규칙 설명 읽기",
    "What the bots did": "봇이 한 일",
    "What you decide now": "지금 정할 것",
    "The goal": "목표",
    "How a round goes": "라운드 진행",
    "How you score": "점수 얻는 법",
    "{seat} ({bot}) chose '{action}'": "{seat}({bot})의 선택: '{action}'",
    " ({gain} points)": " ({gain}점)",
    " ({gain} point)": " ({gain}점)",
    "The board at the start of a 3-player game; the key under it names every symbol.":
        "3인 게임을 시작할 때의 보드입니다. 아래 범례가 모든 기호를 설명합니다.",
    # learn to play: each option in plain words, the bots' reasons (issue 26)
    "and {n} more": "그 밖에 같은 종류 {n}개",
    "goods held": "가진 자원·동전·인장", "lantern cards": "등불 카드", "workers away": "개인 영토를 떠난 구성원",
    "points scored": "얻은 점수", "the best opponent": "가장 앞선 상대", "caballeros in court": "궁정의 카바예로",
    "why: {part} rose most in its valuation ({rise})": "이유: 봇의 평가에서 {part} 가장 많이 오름 ({rise})",
}

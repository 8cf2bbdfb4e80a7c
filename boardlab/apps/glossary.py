"""The apps' own labels in Korean (buttons, headings, notes); the board pictures and score
categories use each game's glossary. ``glossary.terms("apps")`` reads this table."""

KO = {
    "Play": "게임하기",
    "keep a senate card (hidden)": "원로원 카드 한 장을 가짐 (비공개)",
    "set the secret disk (hidden)": "비밀 디스크를 정함 (비공개)",
    "Replay": "다시 보기",
    "<b>How to play here.</b> You are player 0 and bots play the other seats; change that, the "
    "options and the seed under <b>New game</b>. On your turn click one of <b>Your options</b>, or "
    "type one and press <b>Play</b>: an entry the rules refuse shows the rule it breaks. <b>Undo</b> "
    "takes your decision back; <b>What would a strong player do?</b> asks the advisor; <b>Save the "
    "record</b>, then step through it in the <b>Replay</b> tab.":
        "<b>이렇게 하세요.</b> 당신은 플레이어 0이고 나머지 자리는 봇이 맡습니다. 자리, 옵션, 시드는 "
        "<b>새 게임</b>에서 바꿉니다. 당신 차례에는 <b>선택할 수 있는 행동</b> 가운데 하나를 누르거나, 직접 입력하고 "
        "<b>게임하기</b>를 누르세요. 규칙에 맞지 않는 입력은 어긋나는 규칙과 함께 거절됩니다. <b>되돌리기</b>는 당신의 "
        "결정을 취소하고, <b>강한 플레이어라면 어떻게 할까?</b>는 조언자에게 묻습니다. <b>기록 저장</b> 뒤에는 "
        "<b>다시 보기</b> 탭에서 한 단계씩 볼 수 있습니다.",
    "New game: players, seats and options": "새 게임: 인원, 자리, 옵션",
    "Rule options (readings and variants)": "규칙 옵션 (해석과 변형 규칙)",
    "Choose who plays each seat, then start.": "각 자리를 누가 맡을지 고른 뒤 시작하세요.",
    "Start a new game": "새 게임 시작",
    "Bots: greedy takes what looks best right now; random picks any legal option; mcts looks "
    "ahead by playing many games out (the strongest, a few seconds a decision).":
        "봇: greedy는 지금 가장 좋아 보이는 것을, random은 가능한 행동 중 아무것이나 고릅니다. mcts는 게임을 여러 번 "
        "끝까지 두어 보며 앞을 내다봅니다(가장 강하고, 결정마다 몇 초 걸립니다).",
    "seed": "시드",
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
}

"""What a new player is told while learning Five Tribes by playing (English and Korean).

``OVERVIEW``: the game in one screen (goal, a round, scoring). ``KINDS``: per action kind, the
rule that governs the decision and what an option of that kind does (see
``boardlab.whitecastle.teaching`` for the shape; ``boardlab.apps.learn`` shows them).
"""

OVERVIEW = {
    "en": {
        "goal": "Move the meeples of five tribes across the 30 tiles of Naqala to win tiles, goods, djinns and "
                "gold. The most victory points at the end wins.",
        "round": "Each round starts with a bid for turn order: pay gold for a spot on the bid track (higher "
                 "spots act first). Then each player in turn picks up every meeple on one tile and drops them one "
                 "by one on neighbouring tiles (no diagonals, no going straight back). The last meeple must land "
                 "on a tile holding its own colour: you take all meeples of that colour there, do that tribe's "
                 "action, then the tile's action. Emptying a tile lets you put a camel on it.",
        "score": "Gold counts 1 each; viziers 1 each plus 10 for each player with fewer; elders 2 each; djinns, "
                 "palms (3), palaces (5) and the tiles you hold score their points; sets of different goods pay "
                 "more the longer they are. When someone places their last camel or no move is left, the round is finished and the game ends; a tie is a shared win.",
    },
    "ko": {
        "goal": "나칼라의 30개 타일 위에서 다섯 부족의 미플을 옮겨 타일, 상품, 진, 금화를 모으세요. 게임이 끝날 때 승점이 "
                "가장 많은 사람이 이깁니다.",
        "round": "매 라운드는 순서 경매로 시작합니다: 금화를 내고 경매 트랙의 칸을 차지합니다(비싼 칸이 먼저 행동). 그다음 "
                 "차례대로 한 타일의 미플을 모두 집어 인접한 타일(대각선 불가, 바로 되돌아가기 불가)에 하나씩 놓습니다. "
                 "마지막 미플은 같은 색 미플이 있는 타일에 놓아야 하며, 그 색 미플을 모두 가져와 부족 행동과 타일 "
                 "행동을 합니다. 타일을 비우면 낙타를 놓아 차지합니다.",
        "score": "금화는 1점씩, 고관은 1점씩에 나보다 적게 가진 플레이어마다 10점, 장로는 2점씩, 진·야자수(3점)·궁전(5점)·"
                 "차지한 타일은 표시된 점수, 서로 다른 상품 세트는 길수록 더 많은 점수를 줍니다. 누군가 마지막 낙타를 "
                 "놓거나 더 둘 수가 없으면 그 라운드를 마치고 게임이 끝납니다. 동점이면 공동 승리입니다.",
    },
}

KINDS = {
    "bid": {
        "en": ("Turn order is bid for: pay the gold printed on a free spot of the bid track. The most expensive "
               "spot acts first; a later bid on a 0 spot goes ahead of those already there.",
               "pay this spot's gold to act in its place this round"),
        "ko": ("행동 순서는 경매로 정합니다: 경매 트랙의 빈 칸에 적힌 금화를 냅니다. 가장 비싼 칸이 먼저 행동하고, 0금 칸에 나중에 온 마커가 먼저 있던 마커보다 앞섭니다.",
               "이 칸의 금화를 내고 이번 라운드에 그 순서로 행동함"),
    },
    "move": {
        "en": ("Start your move: pick up every meeple on one tile. The move must be able to end on a tile that "
               "already holds the colour of the last meeple.",
               "pick up all meeples here and start dropping them"),
        "ko": ("이동을 시작합니다: 한 타일의 미플을 모두 집습니다. 마지막 미플과 같은 색이 있는 타일에서 끝날 수 있어야 합니다.",
               "이 타일의 미플을 모두 집어 놓기 시작함"),
    },
    "drop": {
        "en": ("Drop one meeple on a tile next to the last one (not diagonal, never straight back). The last "
               "drop must land on its own colour.",
               "drop this colour on this tile and walk on"),
        "ko": ("직전 타일과 붙은 타일(대각선 불가, 바로 되돌아가기 불가)에 미플 하나를 놓습니다. 마지막 미플은 같은 색 위에 "
               "놓여야 합니다.",
               "이 색 미플을 이 타일에 놓고 계속 이동함"),
    },
    "builders": {
        "en": ("Builders earn gold: the builders taken times the blue tiles around (this tile and its 8 "
               "neighbours); each Fakir card discarded counts as one more builder.",
               "add this many Fakirs to the builders"),
        "ko": ("건축가는 금화를 법니다: 가져온 건축가 수 × 주변(이 타일과 8개 이웃)의 파란 타일 수. 파키르 카드 한 장을 "
               "버릴 때마다 건축가 한 명으로 칩니다.",
               "파키르를 이만큼 더해 건축가로 씀"),
    },
    "kill": {
        "en": ("Assassins kill: remove one meeple within reach (the number of assassins taken, Fakirs add reach), "
               "or an opponent's vizier or elder. If a tile is emptied, you place a camel there.",
               "kill this meeple"),
        "ko": ("암살자는 제거합니다: 닿는 거리(가져온 암살자 수, 파키르로 늘림) 안의 미플 하나, 또는 상대의 고관이나 "
               "장로 하나를 없앱니다. 타일이 비면 낙타를 놓습니다.",
               "이 미플을 제거함"),
    },
    "place": {
        "en": ("A palm (oasis) or palace (village) is placed on the tile; a djinn may let you put it elsewhere.",
               "put the palm or palace here"),
        "ko": ("오아시스에는 야자수, 마을에는 궁전을 놓습니다. 진의 능력으로 다른 곳에 놓을 수도 있습니다.", "야자수나 궁전을 여기에 놓음"),
    },
    "buy": {
        "en": ("Market: a small market sells one of the first 3 goods for 3 gold; a large market up to 2 of the first 6 for 6 gold.",
               "pay the gold and take these goods"),
        "ko": ("시장: 작은 시장은 금화 3으로 앞의 상품 3장 중 1장을, 큰 시장은 금화 6으로 앞의 6장 중 2장까지 삽니다.", "금화를 내고 이 상품을 가져옴"),
    },
    "take": {
        "en": ("Sacred place: pay 2 elders, or 1 elder and 1 Fakir, to take one of the djinns on display.",
               "pay and take this djinn: its points and its power"),
        "ko": ("성소: 장로 2개 또는 장로 1개와 파키르 1장을 내고 공개된 진 하나를 가져옵니다.", "비용을 내고 이 진(점수와 능력)을 가져옴"),
    },
    "use": {
        "en": ("A djinn you own has a power you may use now, paying its cost.", "use this djinn's power"),
        "ko": ("가진 진의 능력을 지금 쓸 수 있습니다(비용을 냄).", "이 진의 능력을 씀"),
    },
    "keep": {
        "en": ("Sibittis lets you draw djinns and keep one of them.", "keep this djinn"),
        "ko": ("Sibittis는 진을 뽑아 그중 하나를 갖게 합니다.", "이 진을 가짐"),
    },
    "sell": {
        "en": ("At the end of your turn you may sell a set of different goods for gold: the longer the set, the "
               "more gold.",
               "sell this set for the gold shown"),
        "ko": ("턴이 끝날 때 서로 다른 상품 세트를 금화로 팔 수 있습니다: 세트가 길수록 금화가 많습니다.", "이 세트를 표시된 금화에 팖"),
    },
    "pass": {
        "en": ("You may skip this step (the market, the sacred place, the end of your turn); when nothing is "
               "possible it is the only option.",
               "skip this step"),
        "ko": ("이 단계(시장, 성소, 턴 종료)는 건너뛸 수 있습니다. 할 수 있는 것이 없으면 이것만 남습니다.", "이 단계를 건너뜀"),
    },
}


# -- one option in plain words (``option_text``) -----------------------------------------------------

#: what a player holds, as ``holdings`` counts it: English one, many, Korean (the glossary's terms)
UNITS = {
    "gold": ("{n} gold", "{n} gold", "금화 {n}"),
    "viziers": ("{n} Vizier", "{n} Viziers", "고관 {n}개"),
    "elders": ("{n} Elder", "{n} Elders", "장로 {n}개"),
    "goods": ("{n} merchandise card", "{n} merchandise cards", "상품 카드 {n}장"),
    "fakirs": ("{n} Fakir", "{n} Fakirs", "파키르 {n}장"),
    "djinns": ("{n} djinn", "{n} djinns", "진 {n}장"),
    "tiles": ("{n} tile with your camel", "{n} tiles with your camel", "낙타를 놓은 타일 {n}개"),
}

#: each tile kind as a player names it (English, Korean)
TILE_WORDS = {"palm": ("an oasis", "오아시스"), "palace": ("a village", "마을"), "djinn": ("a sacred place", "성소"),
              "small market": ("a small market", "소형 시장"), "large market": ("a large market", "대형 시장")}
#: each meeple colour and its tribe (English, Korean)
COLOUR_WORDS = (("yellow", "노란"), ("white", "흰"), ("green", "초록"), ("blue", "파란"), ("red", "빨간"))
TRIBE_WORDS = (("Viziers", "고관"), ("Elders", "장로"), ("Merchants", "상인"), ("Builders", "건축가"),
               ("Assassins", "암살자"))


def holdings(state, seat: int) -> dict[str, int]:
    """The player's gold, meeples kept, cards, djinns and tiles under a camel."""
    from boardlab.fivetribes.components import FAKIR, MERCH

    cards = state.cards[seat]
    return {"gold": state.gold[seat], "viziers": state.viziers[seat], "elders": state.elders[seat],
            "goods": sum(cards[k] for k in MERCH), "fakirs": cards[FAKIR],
            "djinns": sum(1 for owner in state.djinn_owner if owner == seat),
            "tiles": sum(1 for owner in state.camel if owner == seat)}


def _meeples_here(state, tile: int) -> dict[str, str]:
    from boardlab.fivetribes.components import COLOURS

    counts = state.meeples[tile * len(COLOURS):(tile + 1) * len(COLOURS)]
    shown = [(n, COLOUR_WORDS[c]) for c, n in enumerate(counts) if n]
    return {"en": ", ".join(f"{n} {en}" for n, (en, _) in shown), "ko": ", ".join(f"{ko} {n}개" for n, (_, ko) in shown)}


def _context(state, action) -> dict | None:
    """The sentence only the position can say: the meeples a move picks up, what the last drop
    collects and the tile it ends on."""
    from boardlab.fivetribes.components import COLOURS, TILE_KIND, TILE_VALUE

    if action.kind == "move":
        here = _meeples_here(state, action.tile)
        return {"en": f"pick up all {sum(state.meeples[action.tile * len(COLOURS):(action.tile + 1) * len(COLOURS)])} "
                      f"meeples here ({here['en']}) and sow them one per tile",
                "ko": f"이 타일의 미플({here['ko']})을 모두 집어 한 타일에 하나씩 놓아 감"}
    if action.kind == "drop" and sum(state.hand) == 1:
        c, t = action.colour, action.tile
        n = state.meeples[t * len(COLOURS) + c] + 1
        kind, value = TILE_WORDS[TILE_KIND[state.tiles[t]]], TILE_VALUE[state.tiles[t]]
        return {"en": f"your last meeple: you take the {n} {COLOUR_WORDS[c][0]} here and do the "
                      f"{TRIBE_WORDS[c][0]}' action; the tile is {kind[0]} worth {value} points",
                "ko": f"마지막 미플: 이 타일의 {COLOUR_WORDS[c][1]} 미플 {n}개를 가져와 {TRIBE_WORDS[c][1]} 행동을 함; "
                      f"이 타일은 {value}점짜리 {kind[1]}"}
    if action.kind == "drop":
        left = sum(state.hand) - 1
        return {"en": f"drop a {COLOUR_WORDS[action.colour][0]} meeple here; {left} still to drop",
                "ko": f"여기에 {COLOUR_WORDS[action.colour][1]} 미플 하나를 놓음; 남은 미플 {left}개"}
    return None


def option_text(state, action, language: str) -> str:
    """``action`` at ``state`` in plain words (``language`` "en" or "ko"): the meeples a move picks
    up or what its last drop collects, else what the option does, then what it costs and brings
    now (see ``boardlab.core.teaching``)."""
    from boardlab.core import teaching

    return teaching.option_text(state, action, language, context=_context, holdings=holdings, units=UNITS,
                                kinds=KINDS)

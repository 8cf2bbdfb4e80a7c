"""What a new player is told while learning Alea Iacta Est by playing (English and Korean).

``OVERVIEW``: the game in one screen (goal, a round, scoring). ``KINDS``: per action kind, the
rule that governs the decision and what an option of that kind does (see
``boardlab.whitecastle.teaching`` for the shape; ``boardlab.apps.learn`` shows them).
"""

OVERVIEW = {
    "en": {
        "goal": "Roll your eight dice and place them in five Roman buildings to win provinces, patricians, "
                "senate cards, fortune tiles and Repete chips. The most points at the end wins.",
        "round": "The game has 6 sets with 2-3 players, 5 with 4-5. On each turn you roll all your unplaced dice "
                 "(Repete chips let you reroll), then place one combination in one building: a straight in the "
                 "Senatus, a group of equal dice in the Castrum, one die or two summing to 5 in the Forum Romanum, "
                 "more dice than the leader in the Templum (4-5 players). When everyone has placed all dice, the "
                 "set is scored: the best placements in each building take its rewards.",
        "score": "Provinces score their value plus the patricians you put in them (an empty one its value - 1); "
                 "senate cards add bonuses; fortune tiles score their face; 2 Repete chips make 1 point. A tie "
                 "goes to the higher value of patricians left unassigned.",
    },
    "ko": {
        "goal": "주사위 8개를 굴려 로마의 다섯 건물에 놓고 지방, 귀족, 원로원 카드, 운 타일, 다시 굴림 타일을 얻으세요. "
                "게임이 끝날 때 점수가 가장 높은 사람이 이깁니다.",
        "round": "2~3인은 6세트, 4~5인은 5세트를 합니다. 내 턴에는 놓지 않은 주사위를 모두 굴리고(다시 굴림 타일로 다시 "
                 "굴릴 수 있음), 조합 하나를 건물 하나에 놓습니다: Senatus에는 연속된 눈, Castrum에는 같은 눈 그룹, "
                 "Forum Romanum에는 주사위 1개나 합이 5가 되는 주사위 2개, Templum(4~5인)에는 1등보다 많은 주사위. "
                 "모두 주사위를 다 놓으면 세트 점수 계산을 하고, 건물마다 가장 좋은 배치가 보상을 가져갑니다.",
        "score": "지방은 그 값에 넣은 귀족의 값을 더해 점수가 됩니다(빈 지방은 값 - 1). 원로원 카드는 보너스를, 운 타일은 "
                 "적힌 점수를, 다시 굴림 타일은 2개에 1점을 줍니다. 동점이면 배치하지 않은 귀족의 값이 높은 쪽이 이깁니다.",
    },
}

KINDS = {
    "reroll": {
        "en": ("You may spend a Repete chip to reroll: keep the dice you like and roll the rest again.",
               "keep these dice, pay one chip and roll the others again"),
        "ko": ("다시 굴림 타일 하나를 내고 다시 굴릴 수 있습니다: 마음에 드는 주사위는 두고 나머지를 다시 굴립니다.",
               "이 주사위는 두고 타일 하나를 내어 나머지를 다시 굴림"),
    },
    "choose": {
        "en": ("Choose the building for this turn's placement: Senatus (straight), Castrum (equal dice), Forum "
               "Romanum (one die or two summing to 5) or Templum (more dice than the leader).",
               "place in this building this turn"),
        "ko": ("이번 턴에 놓을 건물을 고릅니다: Senatus(연속된 눈), Castrum(같은 눈), Forum Romanum(주사위 1개나 합 5인 "
               "2개), Templum(1등보다 많은 주사위).",
               "이번 턴에 이 건물에 놓음"),
    },
    "place": {
        "en": ("Place one combination the building accepts; it ranks against the others there when the set is "
               "scored.",
               "place these dice in this building"),
        "ko": ("건물이 받는 조합 하나를 놓습니다. 세트 점수 계산 때 그 건물의 다른 배치와 순위를 겨룹니다.",
               "이 주사위를 이 건물에 놓음"),
    },
    "latrina": {
        "en": ("No placement of yours could win a reward: dice go to the Latrina, each earning a Repete chip at "
               "the end of the set.",
               "send this many dice to the Latrina"),
        "ko": ("보상을 받을 수 있는 배치가 없습니다: 주사위를 Latrina로 보내고, 세트가 끝날 때 주사위마다 다시 굴림 "
               "타일을 받습니다.",
               "주사위를 이만큼 Latrina로 보냄"),
    },
    "keep": {
        "en": ("Senatus reward: the first draws 3 senate cards, keeps one and passes the rest on; you keep one "
               "of the cards in your hand.",
               "keep this senate card (the others are passed on or put under the deck)"),
        "ko": ("Senatus 보상: 1등이 원로원 카드 3장을 뽑아 1장을 갖고 나머지를 넘깁니다. 손의 카드 중 한 장을 가집니다.",
               "이 원로원 카드를 가짐 (나머지는 넘기거나 더미 아래로)"),
    },
    "province": {
        "en": ("Castrum reward: in rank order each group of equal dice takes one province tile on display.",
               "take this province"),
        "ko": ("Castrum 보상: 순위대로 같은 눈 그룹마다 공개된 지방 타일 하나를 가져갑니다.", "이 지방을 가져옴"),
    },
    "patrician": {
        "en": ("Forum Romanum reward: each die there takes one patrician tile, in order from the left.",
               "take this patrician"),
        "ko": ("Forum Romanum 보상: 그곳의 주사위마다 왼쪽부터 차례로 귀족 타일 하나를 가져갑니다.", "이 귀족을 가져옴"),
    },
}


# -- one option in plain words (``option_text``) -----------------------------------------------------

#: what a player holds, as ``holdings`` counts it: English one, many, Korean (the glossary's terms)
UNITS = {
    "chips": ("{n} Repete chip", "{n} Repete chips", "다시 굴림 타일 {n}개"),
    "provinces": ("{n} province tile", "{n} province tiles", "지방 타일 {n}개"),
    "patricians": ("{n} patrician tile", "{n} patrician tiles", "귀족 타일 {n}개"),
    "senate": ("{n} senate card", "{n} senate cards", "원로원 카드 {n}장"),
    "fortune": ("{n} fortune tile", "{n} fortune tiles", "운 타일 {n}개"),
}

#: what each building's best placements win when the set is scored (English, Korean)
CONTENDS = {
    "Templum": ("a fortune tile (its value stays hidden)", "운 타일 (값은 숨겨짐)"),
    "Senatus": ("senate cards", "원로원 카드"),
    "Castrum": ("the provinces on offer", "공개된 지방 타일"),
    "Forum": ("the patricians on offer", "공개된 귀족 타일"),
    "Latrina": ("Repete chips", "다시 굴림 타일"),
}


def holdings(state, seat: int) -> dict[str, int]:
    """The chips, tiles and cards the player holds."""
    return {"chips": state.chips[seat],
            "provinces": len(state.provs[seat]), "patricians": len(state.pats[seat]),
            "senate": len(state.sen[seat]), "fortune": len(state.fortune[seat])}


def _tile_name(action, language: str) -> str:
    """A province or patrician as the notation names it ("Hispania I", "빨강 남자 귀족 II")."""
    from boardlab.core.glossary import action_text

    text = action_text("alea", action, language)
    return text.split(": ")[-1] if language == "ko" else text.split(" ", 2)[-1]


def _offer(state, building: str) -> dict[str, str]:
    """What ``building`` contends for, with the tiles on offer named."""
    from boardlab.alea.actions import take_patrician, take_province

    en, ko = CONTENDS[building]
    shown = {"Castrum": [take_province(t) for t in state.prov_shown],
             "Forum": [take_patrician(t) for t in state.pat_shown]}.get(building)
    if not shown:
        return {"en": en, "ko": ko}
    return {lang: f"{words} ({', '.join(_tile_name(a, lang) for a in shown)})"
            for lang, words in (("en", en), ("ko", ko))}


def _context(state, action) -> dict | None:
    """The sentence only the position can say: what a building contends for, the dice a placement
    spends, a tile's value."""
    from boardlab.alea.components import BUILDINGS, PAT_VALUE, PROV_VALUE

    if action.kind == "choose":
        offer = _offer(state, BUILDINGS[action.building])
        return {"en": f"your dice here compete for {offer['en']} when the set is scored",
                "ko": f"세트 점수 계산 때 여기 놓은 주사위가 겨루는 보상: {offer['ko']}"}
    if action.kind == "place":
        faces, left = " ".join(map(str, action.dice)), len(state.hand) - len(action.dice)
        dice = "1 die showing" if len(action.dice) == 1 else f"{len(action.dice)} dice showing"
        return {"en": f"{dice} {faces} (sum {sum(action.dice)}); {left} left for later turns",
                "ko": f"주사위 {len(action.dice)}개(눈 {faces}, 합 {sum(action.dice)}); 이후 턴에 쓸 주사위 {left}개"}
    if action.kind in ("province", "patrician"):
        value = (PROV_VALUE if action.kind == "province" else PAT_VALUE)[action.tile]
        return {"en": f"a {action.kind} tile of value {value}",
                "ko": f"값 {value}의 {'지방' if action.kind == 'province' else '귀족'} 타일"}
    return None


def option_text(state, action, language: str) -> str:
    """``action`` at ``state`` in plain words (``language`` "en" or "ko"): what a building contends
    for, the dice a placement spends or a tile's value, else what the option does, then what it
    costs and brings now (see ``boardlab.core.teaching``)."""
    from boardlab.core import teaching

    return teaching.option_text(state, action, language, context=_context, holdings=holdings, units=UNITS,
                                kinds=KINDS)

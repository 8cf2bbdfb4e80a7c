"""What a new player is told while learning The White Castle by playing (English and Korean).

``OVERVIEW``: the game in one screen (goal, a round, scoring). ``KINDS``: per action kind (the
``kind`` of the options a decision offers), the rule that governs the decision and what an option
of that kind does. The app's learn-to-play mode (``boardlab.apps.learn``) shows them; a test
enumerates the kinds of random games and fails on a missing text.
"""

OVERVIEW = {
    "en": {
        "goal": "You lead a small clan at Himeji castle in 1761. Gain the most clan points by sending your "
                "courtiers up the castle, your warriors to the training yards and your gardeners to the gardens.",
        "round": "Three rounds of three turns each. On your turn take a die from the left (low) or right (high) "
                 "end of one of the three bridges, then place it on an action space of the same colour: a castle "
                 "room, a space outside the walls, the well or your own domain. A die worth less than the space "
                 "costs you the difference in coins; more than the space pays it to you. The left end also pays "
                 "your lantern rewards.",
        "score": "Points come during play and at the end: courtiers by floor (1 at the gate, 3, 6, 10 on floors "
                 "1-3), warriors by their yard's value times your courtiers inside the castle, gardeners by their "
                 "garden, your place on the Passage of Time, 1 per 5 coins and seals, and resources left. A tie "
                 "goes to the clan earlier in the final turn order.",
    },
    "ko": {
        "goal": "1761년 히메지성을 섬기는 작은 가문의 당주가 되어 궁정 관리를 성 위로 올리고, 무사를 훈련장에, 정원사를 "
                "정원에 보내 가장 많은 가문 점수를 얻으세요.",
        "round": "게임은 3라운드, 라운드마다 3턴입니다. 내 턴에는 세 다리 중 하나의 왼쪽(낮은 눈) 또는 오른쪽(높은 눈) 끝에서 "
                 "주사위를 가져와 같은 색의 행동 칸(성의 방, 성벽 밖, 우물, 개인 영토)에 놓습니다. 주사위 눈이 칸의 "
                 "기준값보다 작으면 차이만큼 동전을 내고, 크면 그만큼 받습니다. 왼쪽 끝 주사위는 등불 보상도 줍니다.",
        "score": "점수는 게임 중과 끝에 얻습니다: 궁정 관리는 층에 따라(성문 1점, 1~3층 3·6·10점), 무사는 훈련장 값 × 성 "
                 "안의 궁정 관리 수, 정원사는 정원에 따라, 시간의 흐름 위치, 동전과 인장 합쳐 5개당 1점, 남은 자원. "
                 "동점이면 마지막 턴 순서가 앞선 가문이 이깁니다.",
    },
}

KINDS = {
    "pair": {
        "en": ("Before the first round each clan takes one starting pair: a resource card and an action card. "
               "The action card becomes your first domain card.",
               "take this pair: its resources now, its action card on your domain board"),
        "ko": ("첫 라운드 전에 각 가문은 시작 카드 한 쌍(자원 카드 한 장과 행동 카드 한 장)을 가져갑니다. 행동 카드는 "
               "첫 개인 영토 카드가 됩니다.",
               "이 한 쌍을 가져옴: 자원은 지금 받고, 행동 카드는 개인 영토에 놓음"),
    },
    "take": {
        "en": ("Take one die from either end of a bridge: the left end holds the lowest die and also pays your "
               "lantern rewards; the right end holds the highest.",
               "take this die; its colour decides which spaces it may go to"),
        "ko": ("다리의 한쪽 끝에서 주사위 하나를 가져옵니다. 왼쪽 끝은 가장 낮은 눈이고 등불 보상도 주며, 오른쪽 끝은 가장 "
               "높은 눈입니다.",
               "이 주사위를 가져옴: 색이 놓을 수 있는 칸을 정함"),
    },
    "place": {
        "en": ("Place the die you took on a space of its colour. A die lower than the space costs the difference "
               "in coins, a higher one earns it; then you do the space's actions.",
               "place the die here and do this space's actions"),
        "ko": ("가져온 주사위를 같은 색의 칸에 놓습니다. 주사위 눈이 칸의 기준값보다 작으면 차이만큼 동전을 내고, 크면 "
               "받습니다. 그다음 그 칸의 행동을 합니다.",
               "주사위를 이 칸에 놓고 칸의 행동을 함"),
    },
    "choose": {
        "en": ("An effect gives you one resource of your choice (food, iron or mother-of-pearl).",
               "gain this resource"),
        "ko": ("효과로 원하는 자원 하나(식량, 철, 자개)를 얻습니다.", "이 자원을 얻음"),
    },
    "exchange": {
        "en": ("On your turn you may trade Daimyo seals at any time: 2 seals for 1 resource, or 1 seal for 1 coin.",
               "trade seals for what you are short of, then decide as before"),
        "ko": ("내 턴에는 언제든 다이묘 인장을 바꿀 수 있습니다: 인장 2개로 자원 1개, 인장 1개로 동전 1개.",
               "부족한 것을 인장으로 바꾼 뒤 같은 결정을 계속함"),
    },
    "pay": {
        "en": ("This action has a cost. Pay it to do the action, or decline and do nothing here.",
               "pay the cost shown and do the action"),
        "ko": ("이 행동에는 비용이 있습니다. 비용을 내고 행동하거나, 거절하고 넘어갑니다.", "표시된 비용을 내고 행동함"),
    },
    "decline": {
        "en": ("Every action a card, tile or garden grants may be declined.",
               "skip this action and go on"),
        "ko": ("카드, 타일, 정원이 주는 행동은 모두 하지 않을 수 있습니다.", "이 행동을 건너뛰고 계속함"),
    },
    "finish": {
        "en": ("A courtier action moves one courtier; once you have climbed as far as you wish (and can pay), "
               "you end the action.",
               "end the courtier action here"),
        "ko": ("궁정 관리 행동은 궁정 관리 하나를 움직입니다. 원하는 만큼(낼 수 있는 만큼) 올라갔으면 행동을 끝냅니다.",
               "궁정 관리 행동을 여기서 끝냄"),
    },
    "gate": {
        "en": ("Courtier action: pay 2 coins to send a courtier from your domain to the castle gate.",
               "a new courtier waits at the gate, ready to climb"),
        "ko": ("궁정 관리 행동: 동전 2개를 내고 개인 영토의 궁정 관리 하나를 성문으로 보냅니다.", "새 궁정 관리가 성문에서 오를 준비를 함"),
    },
    "climb": {
        "en": ("Courtier action: pay mother-of-pearl to move one courtier up the castle: 2 for one floor, 5 for two. "
               "The floor you arrive on gives its reward.",
               "climb this courtier and take the floor's reward"),
        "ko": ("궁정 관리 행동: 자개를 내고 궁정 관리 하나를 올립니다. 한 층은 자개 2개, 두 층은 5개이고, 도착한 층의 보상을 받습니다.",
               "이 궁정 관리를 올리고 그 층의 보상을 받음"),
    },
    "room": {
        "en": ("A courtier arriving on floor 1 or 2 enters one of its rooms and takes that room's card as your new "
               "action card; your old card goes to your lantern.",
               "enter this room and take its card"),
        "ko": ("1층이나 2층에 도착한 궁정 관리는 그 층의 방 하나에 들어가 그 방의 카드를 새 개인 행동 카드로 가져오고, 이전 카드는 등불 영역에 놓습니다.",
               "이 방에 들어가 카드를 가져옴"),
    },
    "newblock": {
        "en": ("The card a courtier just took is played at once: do one of its blocks.", "do this block of the new card"),
        "ko": ("궁정 관리가 방금 가져온 카드를 바로 씁니다: 그 카드의 칸 하나를 실행합니다.", "새 카드의 이 칸을 실행함"),
    },
    "slot": {
        "en": ("A courtier reaching floor 3 serves the Daimyo: take one free slot of the Daimyo card and its reward.",
               "take this slot's reward"),
        "ko": ("3층에 오른 궁정 관리는 다이묘를 섬깁니다: 다이묘 카드의 빈 자리 하나와 그 보상을 가져옵니다.", "이 자리의 보상을 받음"),
    },
    "garden": {
        "en": ("Gardener action: pay food to put a gardener in a garden; the garden's reward is yours now and "
               "whenever your lantern fires it later.",
               "place the gardener and take this garden's reward"),
        "ko": ("정원사 행동: 식량을 내고 정원사를 정원에 놓습니다. 정원의 보상을 지금 받고, 이후 등불에서도 받습니다.",
               "정원사를 놓고 이 정원의 보상을 받음"),
    },
    "yard": {
        "en": ("Warrior action: pay iron (the yard's number) to put a warrior in a training yard and take the "
               "yard's tile reward; the tile goes to your lantern.",
               "train the warrior here and take this yard's reward"),
        "ko": ("무사 행동: 훈련장의 숫자만큼 철을 내고 무사를 그 훈련장에 놓아 타일 보상을 받습니다. 타일은 등불로 갑니다.",
               "이 훈련장에 무사를 놓고 보상을 받음"),
    },
    "castleblock": {
        "en": ("An effect lets you do one block of a castle room's card of the kind shown.",
               "do this block of a castle card"),
        "ko": ("효과로 표시된 종류의 성 방 카드 칸 하나를 실행합니다.", "이 성 카드 칸을 실행함"),
    },
    "row": {
        "en": ("An effect lets you do one row of your domain: its uncovered rewards and your action card's block.",
               "do this domain row"),
        "ko": ("효과로 개인 영토의 한 줄(드러난 보상과 행동 카드의 칸)을 실행합니다.", "개인 영토의 이 줄을 실행함"),
    },
    "worker": {
        "en": ("An effect grants a worker action (courtier, gardener or warrior); you may do it or decline it.",
               "do this worker action, paying its usual cost"),
        "ko": ("효과로 가문 구성원 행동(궁정 관리, 정원사, 무사) 하나를 얻습니다. 하거나 거절할 수 있습니다.",
               "평소 비용을 내고 이 구성원 행동을 함"),
    },
    "timepay": {
        "en": ("The heron reached a gate on the Passage of Time: pay seals to pass it, or stop before it.",
               "pay the seals and move on past the gate"),
        "ko": ("왜가리가 시간의 흐름의 관문에 닿았습니다: 인장을 내고 지나가거나 관문 앞에서 멈춥니다.", "인장을 내고 관문을 지나감"),
    },
    "timestop": {
        "en": ("The heron reached a gate on the Passage of Time: pay seals to pass it, or stop before it.",
               "stop on this space"),
        "ko": ("왜가리가 시간의 흐름의 관문에 닿았습니다: 인장을 내고 지나가거나 관문 앞에서 멈춥니다.", "이 칸에서 멈춤"),
    },
}


# -- one option in plain words (``option_text``) -----------------------------------------------------

#: what a player holds, as ``holdings`` counts it: English one, many, Korean (the glossary's terms)
UNITS = {
    "food": ("{n} food", "{n} food", "식량 {n}개"),
    "iron": ("{n} iron", "{n} iron", "철 {n}개"),
    "pearl": ("{n} mother-of-pearl", "{n} mother-of-pearl", "자개 {n}개"),
    "coin": ("{n} coin", "{n} coins", "동전 {n}개"),
    "seal": ("{n} Daimyo seal", "{n} Daimyo seals", "다이묘 인장 {n}개"),
    "points": ("{n} clan point", "{n} clan points", "가문 점수 {n}점"),
}


def holdings(state, seat: int) -> dict[str, int]:
    """The player's goods and the clan points the score sheet gives now (without the end-of-game
    points for leftover goods, which the goods themselves show)."""
    from boardlab.whitecastle.scoring import player_sheet

    goods = state.players[seat].goods
    sheet = player_sheet(state, seat)
    points = sheet["total"] - sheet["resources"] - sheet["coins and seals"]
    return {**{unit: goods[unit] for unit in ("food", "iron", "pearl", "coin", "seal")}, "points": points}


def _lantern_words(tasks) -> dict[str, str]:
    """A lantern's rewards in both languages, as the board picture writes them ("CP" spelled out)."""
    import re

    from boardlab.core.glossary import language, use_language
    from boardlab.whitecastle import render

    before, said = language(), {}
    try:
        for lang in ("en", "ko"):
            use_language(lang)
            said[lang] = render._effects(tasks)
    finally:
        use_language(before)
    said["en"] = re.sub(r"\+(\d+) CP", lambda m: f"+{m[1]} clan point{'' if m[1] == '1' else 's'}", said["en"])
    return said


def _context(state, action) -> dict | None:
    """The sentence that only the position can say: a die's value and lantern, a space's value."""
    from boardlab.whitecastle.dice import COLOURS
    from boardlab.whitecastle.rules import SPACE_VALUE, WELL

    if action.kind == "take":
        colour = {"en": action.x, "ko": {"coral": "산호색", "black": "검정", "white": "흰색"}[action.x]}
        if action.m == 1:
            return {"en": f"a {action.x} die of {action.n} from the right (high) end: no lantern rewards",
                    "ko": f"오른쪽(높은 눈) 끝의 {colour['ko']} 주사위 {action.n}: 등불 보상 없음"}
        tasks = state.players[state.to_move].lantern_tasks
        said = _lantern_words(tasks)
        return {"en": f"a {action.x} die of {action.n} from the left (low) end: when you place it, your lantern pays "
                      f"{said['en'] if tasks else 'nothing yet'}",
                "ko": f"왼쪽(낮은 눈) 끝의 {colour['ko']} 주사위 {action.n}: 놓을 때 등불 보상 "
                      f"{said['ko'] if tasks else '없음(등불 영역이 아직 비어 있음)'}"}
    if action.kind == "place":
        colour, pips, _ = state.held
        stack = state.space_dice.get(action.x, ())  # (a domain row has no stack; the Well always asks its value)
        value = stack[-1] if stack and action.x != WELL else SPACE_VALUE[action.x]
        return {"en": f"the space asks {value} and your {COLOURS[colour]} die shows {pips}, then its actions follow",
                "ko": f"칸의 기준값 {value}, 내 주사위 눈 {pips}; 그다음 칸의 행동을 함"}
    return None


def option_text(state, action, language: str) -> str:
    """``action`` at ``state`` in plain words (``language`` "en" or "ko"): the die, the space or what
    the option does, then what it costs and brings now (see ``boardlab.core.teaching``)."""
    from boardlab.core import teaching

    return teaching.option_text(state, action, language, context=_context, holdings=holdings, units=UNITS,
                                kinds=KINDS)

"""What a new player is told while learning El Grande by playing (English and Korean).

``OVERVIEW``: the game in one screen (goal, a round, scoring). ``KINDS``: per action kind, the
rule that governs the decision and what an option of that kind does (see
``boardlab.whitecastle.teaching`` for the shape; ``boardlab.apps.learn`` shows them).
"""

OVERVIEW = {
    "en": {
        "goal": "You are a Grande of 15th-century Spain. Send your caballeros into the nine regions and the "
                "Castillo to hold the majority where it pays; the most points after three scorings wins.",
        "round": "Nine rounds. Everyone plays a power card (1-13, each once a game): the highest acts first and "
                 "its number of caballeros moves from your provinces to your court. In turn order each player "
                 "takes one action card on display: it says how many caballeros you may bring from your court "
                 "into regions next to the King's region, and gives a special action (move caballeros, the King, "
                 "score a region...), done before or after placing.",
        "score": "After rounds 3, 6 and 9 every region scores: the first, second and third by caballeros get the "
                 "region's points (fewer ranks with 2-3 players). The Castillo scores first, then each player's "
                 "caballeros inside go to the region set on their secret disk. Sole first place in the King's "
                 "region, and in the region of your Grande, each add 2 points.",
    },
    "ko": {
        "goal": "15세기 스페인의 그란데가 되어 카바예로를 아홉 지역과 카스티요에 보내 점수가 되는 곳에서 다수를 "
                "차지하세요. 세 번의 전체 점수 계산 뒤 점수가 가장 높은 사람이 이깁니다.",
        "round": "게임은 9라운드입니다. 모두 파워 카드(1~13, 한 게임에 한 번씩)를 냅니다. 가장 높은 카드가 먼저 행동하고, "
                 "카드의 숫자만큼 카바예로가 지방에서 궁정으로 옵니다. 행동 순서대로 공개된 액션 카드 한 장을 가져갑니다: "
                 "궁정에서 왕의 지역에 붙은 지역으로 보낼 카바예로 수와, 배치 전이나 후에 하는 특수 행동(카바예로 이동, "
                 "왕 이동, 지역 점수 계산 등)이 적혀 있습니다.",
        "score": "3, 6, 9라운드 뒤에 모든 지역을 계산합니다: 카바예로 수로 1·2·3위가 그 지역의 점수를 받습니다(2~3인은 "
                 "순위가 더 적음). 카스티요를 먼저 계산하고, 각자 안의 카바예로는 비밀 디스크로 정한 지역으로 갑니다. "
                 "왕의 지역과 자기 그란데가 있는 지역에서 단독 1위면 각각 2점을 더 받습니다.",
    },
}

_SPECIAL_EN = "The special action of your action card asks for this choice."
_SPECIAL_KO = "액션 카드의 특수 행동이 이 선택을 묻습니다."

KINDS = {
    "power": {
        "en": ("Play one of your power cards: the higher card acts earlier this round but brings fewer "
               "caballeros to court; a number already played this round by someone else is refused.",
               "play this card: its number sets your turn and your caballeros to court"),
        "ko": ("파워 카드 한 장을 냅니다: 높은 카드일수록 이번 라운드에 먼저 행동하지만 궁정으로 오는 카바예로는 적습니다. "
               "이번 라운드에 다른 사람이 이미 낸 숫자는 낼 수 없습니다.",
               "이 카드를 냄: 숫자가 행동 순서와 궁정으로 올 카바예로를 정함"),
    },
    "powerback": {
        "en": ("A card effect gives you back one of the power cards you played earlier.", "take this card back"),
        "ko": ("카드 효과로 이전에 낸 파워 카드 한 장을 돌려받습니다.", "이 카드를 돌려받음"),
    },
    "court": {
        "en": ("Bring caballeros from your provinces to your court: as many as the power card shows, fewer if "
               "you wish.",
               "bring this many caballeros to court"),
        "ko": ("지방의 카바예로를 궁정으로 가져옵니다: 파워 카드에 적힌 만큼(원하면 더 적게).", "카바예로를 이만큼 궁정으로 가져옴"),
    },
    "card": {
        "en": ("In turn order take one action card on display: its number is how many caballeros you may place, "
               "and it has a special action.",
               "take this card: its placements and its special action"),
        "ko": ("행동 순서대로 공개된 액션 카드 한 장을 가져옵니다: 숫자는 배치할 수 있는 카바예로 수이고, 특수 행동이 "
               "있습니다.",
               "이 카드를 가져옴: 배치 수와 특수 행동"),
    },
    "order": {
        "en": ("You may do the special action before or after placing your caballeros.", "do this part first"),
        "ko": ("특수 행동은 카바예로 배치 전이나 후에 할 수 있습니다.", "이 부분을 먼저 함"),
    },
    "place": {
        "en": ("Place caballeros from your court into regions next to the King's region (never the King's own) "
               "or into the Castillo, up to your action card's number.",
               "place this many caballeros here"),
        "ko": ("궁정의 카바예로를 왕의 지역에 붙은 지역(왕의 지역 자체는 불가)이나 카스티요에 액션 카드의 숫자까지 "
               "배치합니다.",
               "카바예로를 여기에 이만큼 배치함"),
    },
    "stop": {
        "en": ("You may stop before using every placement or move the card allows.", "stop here"),
        "ko": ("카드가 허락한 배치나 이동을 다 쓰기 전에 멈출 수 있습니다.", "여기서 멈춤"),
    },
    "special": {
        "en": ("The special action is optional: do it or decline it.", "do or skip the special action"),
        "ko": ("특수 행동은 선택입니다: 하거나 하지 않습니다.", "특수 행동을 하거나 건너뜀"),
    },
    "veto": {
        "en": ("You hold a Veto card: you may cancel the special action another player begins.",
               "allow or veto that special action"),
        "ko": ("거부권 카드가 있습니다: 다른 플레이어가 시작하는 특수 행동을 취소할 수 있습니다.", "그 특수 행동을 허락하거나 거부함"),
    },
    "mode": {"en": (_SPECIAL_EN, "carry out the card this way"), "ko": (_SPECIAL_KO, "카드를 이 방식으로 실행함")},
    "region": {"en": (_SPECIAL_EN + " It names the region the card acts on.", "the card acts on this region"),
               "ko": (_SPECIAL_KO + " 카드가 작용할 지역을 고릅니다.", "카드가 이 지역에 작용함")},
    "pick": {
        "en": ("Your special action moves caballeros: pick one up (whose and from where the card allows).",
               "pick up this caballero"),
        "ko": ("특수 행동으로 카바예로를 옮깁니다: 카드가 허락하는 카바예로 하나를 집습니다.", "이 카바예로를 집음"),
    },
    "drop": {
        "en": ("Put the caballero you picked up into a region the card allows.", "move it here"),
        "ko": ("집은 카바예로를 카드가 허락하는 지역에 놓습니다.", "여기로 옮김"),
    },
    "send": {
        "en": ("The card sends caballeros back to their owners' provinces: choose which.", "send this caballero back"),
        "ko": ("카드가 카바예로를 주인의 지방으로 돌려보냅니다: 어느 것인지 고릅니다.", "이 카바예로를 돌려보냄"),
    },
    "recall": {
        "en": ("The card brings caballeros back from a region: choose where from.", "bring them back from here"),
        "ko": ("카드가 지역의 카바예로를 되돌립니다: 어디서 가져올지 고릅니다.", "여기서 되돌림"),
    },
    "disk": {
        "en": ("Before the Castillo is emptied each player secretly sets a disk to the region where its "
               "caballeros in the Castillo will go.",
               "your Castillo caballeros go to this region"),
        "ko": ("카스티요를 비우기 전에 각자 비밀 디스크로 카스티요 안의 카바예로가 갈 지역을 몰래 정합니다.",
               "카스티요의 내 카바예로가 이 지역으로 감"),
    },
    "score": {
        "en": ("The card scores a region of your choice now, as in a general scoring.", "score this region now"),
        "ko": ("카드가 원하는 지역 하나를 지금 전체 점수 계산처럼 계산합니다.", "이 지역을 지금 계산함"),
    },
    "tile": {
        "en": ("Put a score tile on a region: from now on the region scores the tile's values (8/4/0 or 4/0/0) instead of its printed ones.",
               "put this tile in this region"),
        "ko": ("점수 타일을 지역에 놓습니다: 이제부터 그 지역은 인쇄된 점수 대신 타일의 점수(8/4/0 또는 4/0/0)로 계산합니다.", "이 타일을 이 지역에 놓음"),
    },
    "grande": {
        "en": ("The card moves your Grande to another region.", "move your Grande here"),
        "ko": ("카드가 그란데를 다른 지역으로 옮깁니다.", "그란데를 여기로 옮김"),
    },
    "king": {
        "en": ("The King moves: placements must then go next to his new region, and nobody may enter his region.",
               "move the King here"),
        "ko": ("왕이 움직입니다: 이후 배치는 새 왕의 지역에 붙은 곳에 하고, 왕의 지역에는 아무도 들어갈 수 없습니다.",
               "왕을 여기로 옮김"),
    },
}


# -- one option in plain words (``option_text``) -----------------------------------------------------

#: what a player holds, as ``holdings`` counts it: English one, many, Korean (the glossary's terms)
UNITS = {
    "court": ("{n} caballero in your court", "{n} caballeros in your court", "궁정의 카바예로 {n}명"),
    "province": ("{n} caballero in your province", "{n} caballeros in your province", "지방의 카바예로 {n}명"),
    "points": ("{n} point", "{n} points", "{n}점"),
}


def holdings(state, seat: int) -> dict[str, int]:
    """The player's caballeros in court and in the province, and the points scored so far."""
    return {"court": state.court[seat], "province": state.province[seat], "points": sum(state.sheet[seat])}


def _place_words(r: int) -> dict[str, str]:
    from boardlab.core.glossary import translate
    from boardlab.elgrande.actions import place_text
    from boardlab.elgrande.components import CASTILLO

    if r == CASTILLO:
        return {"en": "the Castillo", "ko": "카스티요"}
    return {"en": place_text(r), "ko": translate("elgrande", place_text(r), "ko")}


def _context(state, action) -> dict | None:
    """The sentence only the position can say: a power card's tempo and caballeros, an action
    card's placements and special action, a placement's count against the region's leader."""
    from boardlab.elgrande.components import CARD_TYPES, CASTILLO, POWER_CABALLEROS

    me = state.to_move
    if action.kind == "power":
        brings, waiting = POWER_CABALLEROS[action.a], state.province[me]
        return {"en": f"the higher the number, the earlier you choose an action card; then up to {brings} "
                      f"caballeros come from your province ({waiting} there) to your court",
                "ko": f"숫자가 높을수록 액션 카드를 먼저 고름; 그다음 지방({waiting}명)에서 카바예로를 "
                      f"최대 {brings}명 궁정으로 가져옴"}
    if action.kind == "card":
        card = CARD_TYPES[action.b]
        return {"en": f"place up to {card.place} caballero{'s' if card.place != 1 else ''} from your court, and its "
                      f"special action: {card.name}",
                "ko": f"궁정의 카바예로를 최대 {card.place}명 배치하고, 특수 행동: {card.korean}"}
    if action.kind == "place":
        where, NC = _place_words(action.a), state.cfg.NC
        counts = state.cab[action.a * NC:(action.a + 1) * NC]
        mine = counts[me] + action.b
        if action.a == CASTILLO:  # the others' caballeros in the Castillo are secret
            return {"en": f"{action.b} into the Castillo: {mine} of yours inside, a secret until it is emptied",
                    "ko": f"카스티요에 {action.b}명: 안에 내 카바예로 {mine}명 (비울 때까지 비밀)"}
        best = max((n for q, n in enumerate(counts[:state.cfg.P]) if q != me), default=0)
        return {"en": f"you would have {mine} in {where['en']} against the most of any other player, {best}",
                "ko": f"{where['ko']}에 내 카바예로 {mine}명, 다른 플레이어 중 최다 {best}명"}
    return None


def option_text(state, action, language: str) -> str:
    """``action`` at ``state`` in plain words (``language`` "en" or "ko"): a power card's tempo and
    caballeros, an action card's placements and special action, a placement's count against the
    leader, else what the option does; then what it costs and brings now (see
    ``boardlab.core.teaching``)."""
    from boardlab.core import teaching

    return teaching.option_text(state, action, language, context=_context, holdings=holdings, units=UNITS,
                                kinds=KINDS)


def part_words(part: str) -> dict[str, str] | None:
    """A part of greedy's valuation (``bots.value_parts``) that names a place, in words: what the
    place would pay now; None for the other parts (the glossary names them)."""
    from boardlab.elgrande.actions import place_text
    from boardlab.elgrande.components import NPLACES

    for r in range(NPLACES):
        if place_text(r) == part:
            where = _place_words(r)
            return {"en": f"what {where['en']} would pay now", "ko": f"지금 {where['ko']}에서 받을 점수"}
    return None

"""Teaching positions: real White Castle positions in their documented JSON form, edited to show
one rule, and the engine's answers about them.

A notebook (or a test) that wants to show a rule starts from :func:`teaching_position`, edits
the dict with the small helpers below (or by hand), and loads it with :func:`load`
(``Game.state_from_json``). The engine then says what is legal and what happens; nothing here
decides a rule. :func:`take_actions` and :func:`take_options` are the engine's legal "take a
die" actions for given bridges, used wherever a table or an exact calculation needs the picks a
player is offered.
"""

from __future__ import annotations

import copy
from functools import cache, partial

from boardlab.whitecastle import components as C
from boardlab.core import glossary
from boardlab.core.positions import PositionRefused, Said, as_dict, as_list, choices, said, seat
from boardlab.core.registry import game_class
from boardlab.whitecastle.dice import COLOURS
from boardlab.whitecastle.validate import _tile_rewards

_said = partial(said, "whitecastle")


def _game(players: int, **options):
    """The White Castle ``Game`` (through the registry: ``game.py`` imports this module for
    ``Game.build_position``, so this module does not import it back)."""
    return game_class("whitecastle")(players=players, **options)


@cache
def _after_draft(players: int, seed: int) -> dict:
    """The JSON form of game ``seed`` at ``players`` players right after the starting draft
    (every pick the first option), i.e. at the first "take a die" of round 1."""
    state = _game(players).new_game(seed=seed)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    return state.to_json()


def teaching_position(players: int = 2, seed: int = 1) -> dict:
    """The JSON form of a clean teaching position: round 1, player 0 to take a die, turn order
    0, 1, 2, ...; every clan has no goods, an empty lantern area, the starting Courtier action
    card, all workers at home and its Passage of Time marker on space 0 (player 0's on top).
    The board (rooms, gardens, bridges, ...) is the one game ``seed`` dealt. Edit the dict and
    load it with :func:`load`; each call returns a new dict."""
    d = copy.deepcopy(_after_draft(players, seed))
    d["order"] = list(range(players))
    d["actor"] = 0
    d["turn"] = 0
    for i, p in enumerate(d["players"]):
        p["goods"] = dict.fromkeys(p["goods"], 0)
        p["lantern"] = []
        p["card"] = "start:courtier"
        p["time"] = 0
        p["time_stamp"] = -i
    d["queue"] = []
    d["held"] = None
    d["decision"] = ["take"]
    # The clock stamps the next marker to arrive above every marker already there; starting it
    # at the player count lets an edit give the markers arrival ranks 0..n-1 (stamps must stay below it).
    d["time_clock"] = max(d["time_clock"], players)
    return d


def load(d: dict, **options):
    """The engine state of position ``d`` after :func:`complete` (the player count is read from
    the position; other ``Game`` options, e.g. ``lone_die_is_left``, as keywords). ``d`` itself
    is not changed. ``Game.state_from_json`` loads a position as it is, or refuses it."""
    d = complete(copy.deepcopy(d))
    return _game(len(d["players"]), **options).state_from_json(d)


def complete(d: dict, report: list | None = None, keep_rooms=None, keep_well: bool | None = None) -> dict:
    """Complete an edited teaching position so that every component is in exactly one place,
    without touching what the edit set (``d`` is changed and returned; each change is a sentence
    appended to ``report`` when one is given):

    * a castle card of this player count found nowhere goes back to the bottom of its deck, unless
      the edit emptied that deck: an emptied deck stays empty (the "no card left to refill" case),
      and the card goes to a lantern area, as if a clan had taken it earlier;
    * dice an edit took off the bridges (a shorter bridge) lie on the Well, where dice never
      change a placement's cost (so does the die of a turn asked a decision before any die is
      placed), and ``turn`` is at most the dice taken this round;
    * die tiles keep 5 of each colour: the Well's two tiles balance first, then the rooms the edit
      did not set (``keep_rooms``: the room indices it set; by default the rooms whose tiles differ
      from the deal of the position's own seed). ``keep_well`` keeps the Well tiles as they are
      (by default when they differ from that deal).

    Anything else inconsistent is left for ``Game.state_from_json`` to refuse."""
    report = [] if report is None else report
    n = len(d["players"])
    dealt = _after_draft(n, d["chance"]["seed"])
    _complete_castle_cards(d, n, dealt, report)
    _complete_dice(d, n, report)
    if keep_rooms is None:
        keep_rooms = [r for r, room in enumerate(d["rooms"]) if room["tiles"] != dealt["rooms"][r]["tiles"]]
    if keep_well is None:
        keep_well = d["well_tiles"] != dealt["well_tiles"]
    _balance_tiles(d, keep_rooms, keep_well, report)
    return d


def _complete_castle_cards(d: dict, n: int, dealt: dict, report: list) -> None:
    placed = set(d["decks"]["steward"]) | set(d["decks"]["diplomat"]) | {r["card"] for r in d["rooms"]}
    placed |= {c for p in d["players"] for c in [p["card"], *p["lantern"]]}
    for name in ("steward", "diplomat"):
        lost = [c for c in C.deck(name, n) if c not in placed]
        if not lost:
            continue
        if d["decks"][name] or not dealt["decks"][name]:
            d["decks"][name] += lost
            report.append(_said("The {name} cards {cards} were found nowhere: they go to the bottom of the {name} deck.",
                                "{cards}이(가) 어디에도 없습니다: {name} 카드 더미 맨 아래에 둡니다.",
                                name=name, cards=Said(", ".join(lost), ", ".join(_korean(c) for c in lost))))
            continue
        for k, c in enumerate(lost):  # the edit emptied this deck: it stays empty
            p = k % n
            d["players"][p]["lantern"].append(c)
            report.append(_said("The {name} deck was emptied: {card}, found nowhere else, is in player {p}'s lantern "
                                "area (taken in an earlier round).",
                                "{name} 카드 더미를 비웠습니다: 다른 곳에 없는 {card}은(는) 플레이어 {p}의 등불 영역에 "
                                "있습니다 (앞선 라운드에 가져감).", name=name, card=c, p=p))


def _complete_dice(d: dict, n: int, report: list) -> None:
    for c, colour in enumerate(COLOURS):  # a die in hand or on a domain row came off its bridge
        known = sum(p["rows_used"][c] for p in d["players"]) + (d["held"] is not None and d["held"]["colour"] == colour)
        excess = len(d["bridges"][colour]) + known - (n + 1)
        if excess > 0 and len(d["bridges"][colour]) >= excess:
            d["bridges"][colour] = list(d["bridges"][colour])[:-excess]
            report.append(_said("The {colour} bridge gave up its {n} right-end dice: that many {colour} dice are "
                                "already on domain rows or in hand.",
                                "{colour} 다리의 오른쪽 끝 주사위 {n}개를 뺐습니다: 그만큼의 {colour} 주사위가 이미 개인 "
                                "영토 줄이나 손에 있습니다.", colour=colour, n=excess))
    taken = (sum(len(v) for v in d["space_dice"].values()) + (d["held"] is not None)
             + sum(sum(p["rows_used"]) for p in d["players"]))
    on_bridges = sum(len(b) for b in d["bridges"].values())
    missing = 3 * (n + 1) - on_bridges - taken
    if missing > 0:
        d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1] * missing
        taken += missing
        report.append(_said("{n} {dice} off the bridges put on the Well as 1s (taken earlier this round; the Well "
                            "never changes a placement's cost).",
                            "다리에서 빠진 주사위 {n}개를 1로 우물에 두었습니다 (이번 라운드에 앞서 가져감; 우물은 "
                            "놓는 비용을 바꾸지 않음).", n=missing, dice="die" if missing == 1 else "dice"))
    held = d["held"]["colour"] if d["held"] is not None else None
    while missing < 0:  # an edit placed dice without taking them: the longest other bridge gives its right end
        colour = max(COLOURS, key=lambda c: (len(d["bridges"][c]) if c != held else -1, c))
        if not d["bridges"][colour]:
            break
        d["bridges"][colour] = list(d["bridges"][colour])[:-1]
        missing += 1
        report.append(_said("The {colour} bridge gave up its right-end die: the dice placed this round came off the "
                            "bridges.", "{colour} 다리의 오른쪽 끝 주사위를 뺐습니다: 이번 라운드에 놓은 주사위는 다리에서 "
                            "온 것입니다.", colour=colour))
    if d["phase"] == "turn":
        playing = 0 if (d["decision"] == ["take"] and not d["queue"]) else 1
        if playing > taken:  # a decision inside a turn whose die is not placed: it went to the Well
            colour = max(COLOURS, key=lambda c: (len(d["bridges"][c]), c))
            if d["bridges"][colour]:
                d["bridges"][colour] = list(d["bridges"][colour])[:-1]
                d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1]
                taken += 1
                report.append(_took_a_die(colour))
        if d["turn"] + playing > taken:
            turn = max(0, taken - playing)
            report.append(_said("turn is {turn}, not {was}: each turn this round took one of the {taken} dice off the "
                                "bridges.", "turn: {was} → {turn}. 이번 라운드의 턴마다 다리에서 빠진 주사위 {taken}개 중 "
                                "하나를 가져갔습니다.", turn=turn, was=d["turn"], taken=taken))
            d["turn"] = turn


def _korean(word: str) -> str:
    """A card id or colour in Korean, whatever the current language (for a sentence's Korean side)."""
    return glossary.field_text("whitecastle", word, "ko")


def _took_a_die(colour: str):
    return _said("The turn being played took a die before its decision: the {colour} bridge's right-end die is on "
                 "the Well.", "진행 중인 턴이 결정 전에 주사위를 가져갔습니다: {colour} 다리의 오른쪽 끝 주사위가 우물에 "
                 "있습니다.", colour=colour)


def _balance_tiles(d: dict, keep_rooms, keep_well: bool, report: list) -> None:
    """5 die tiles of each colour: recolour tiles of a colour found more than 5 times into the
    colours found fewer, the Well's first, then the rooms not kept, in room order."""
    colours = [t for room in d["rooms"] for t in room["tiles"]] + [w["colour"] for w in d["well_tiles"]]
    count = {c: colours.count(c) for c in COLOURS}
    free = [] if keep_well else [("well", k) for k in range(len(d["well_tiles"]))]
    free += [("room", r, b) for r, room in enumerate(d["rooms"]) if r not in keep_rooms for b in range(len(room["tiles"]))]
    for place in free:
        short = [c for c in COLOURS if count[c] < 5]
        colour = d["well_tiles"][place[1]]["colour"] if place[0] == "well" else d["rooms"][place[1]]["tiles"][place[2]]
        if not short or count[colour] <= 5:
            continue
        new = short[0]
        count[colour] -= 1
        count[new] += 1
        if place[0] == "well":
            tile = d["well_tiles"][place[1]]
            tile["colour"] = new
            other = d["well_tiles"][1 - place[1]]
            if (other["colour"], other["reward"]) == (new, tile["reward"]):
                tile["reward"] = next(r for r in _tile_rewards(new) if r != other["reward"])
            report.append(_said("Well tile {k} is now {new} ({reward}), not {old}: 5 die tiles of each colour.",
                                "우물 타일 {k}은(는) 이제 {old}이 아니라 {new} ({reward})입니다: 주사위 타일은 색마다 "
                                "5개입니다.", k=place[1] + 1, new=new, reward=tile["reward"], old=colour))
        else:
            tiles = d["rooms"][place[1]]["tiles"] = list(d["rooms"][place[1]]["tiles"])
            tiles[place[2]] = new
            report.append(_said("Room {room}'s tile {k} is now {new}, not {old}: 5 die tiles of each colour.",
                                "방 {room}의 타일 {k}은(는) 이제 {old}이 아니라 {new}입니다: 주사위 타일은 색마다 "
                                "5개입니다.", room=place[1], k=place[2] + 1, new=new, old=colour))


def set_bridges(d: dict, bridges: dict) -> dict:
    """Lay ``bridges`` ({colour: dice}, any order; a colour left out is an empty bridge) on the
    position, each low to high as the rules lay them."""
    unknown = set(bridges) - set(COLOURS)
    if unknown:
        raise ValueError(f"bridges are named {list(COLOURS)}; got {sorted(unknown)}")
    d["bridges"] = {c: sorted(int(x) for x in bridges.get(c, ())) for c in COLOURS}
    return d


def set_room(d: dict, room: int, card: str, tiles) -> dict:
    """Put castle ``card`` with die ``tiles`` in room ``room`` (0-2 floor 1, 3-4 floor 2); the
    card it replaces goes where ``card`` was (its deck or another room)."""
    here = d["rooms"][room]["card"]
    if here != card:
        deck = "steward" if card.startswith("steward:") else "diplomat"
        if card in d["decks"][deck]:
            d["decks"][deck][d["decks"][deck].index(card)] = here
        else:
            other = next(r for r in d["rooms"] if r["card"] == card)
            other["card"] = here
    d["rooms"][room] = {"card": card, "tiles": list(tiles)}
    return d


@cache
def _take_actions(players: int, bridges: tuple, lone_die_is_left: bool) -> tuple:
    # Any bridges, even ones no round could leave (a lone die in all): the engine's own options
    # for a "take a die" decision on a teaching position given those bridges.
    state = load(teaching_position(players), lone_die_is_left=lone_die_is_left)
    state.bridges = tuple(tuple(b) for b in bridges)
    return tuple(sorted(state._opt_take(("take",))))


def take_actions(bridges: dict, *, players: int | None = None, lone_die_is_left: bool = True) -> tuple:
    """The engine's legal "take a die" actions when the bridges hold ``bridges`` ({colour:
    dice}): ``state.legal_actions()`` of a teaching position with those bridges (in the
    engine's order). ``players`` defaults to the fewest players whose bridges can hold them."""
    if set(bridges) - set(COLOURS):
        raise ValueError(f"bridges are named {list(COLOURS)}; got {sorted(set(bridges) - set(COLOURS))}")
    laid = tuple(tuple(sorted(int(x) for x in bridges.get(c, ()))) for c in COLOURS)
    longest = max(len(b) for b in laid)
    players = max(2, longest - 1) if players is None else players
    return _take_actions(players, laid, bool(lone_die_is_left))


@cache
def take_options(counts: tuple[int, ...], players: int, lone_die_is_left: bool = True) -> tuple:
    """The engine's take actions for bridges holding ``counts`` dice (coral, black, white), as
    (bridge index, "left" / "right") pairs: which bridge, and which end the action counts as
    (a bridge's lone last die is one action, at the end the engine's option decides)."""
    bridges = {c: range(1, k + 1) for c, k in zip(COLOURS, counts)}
    return tuple((COLOURS.index(a.x), "left" if a.m == 0 else "right")
                 for a in take_actions(bridges, players=players, lone_die_is_left=lone_die_is_left))




# ---------------------------------------------------------------------------- the builder's hook
#: the fields of a White Castle description (boardlab.core.positions)
FIELDS = {
    "bridges": _said("{colour: [dice]} the dice on the coral, black and white bridges (a colour left out keeps "
                     "its dice); dice no longer on a bridge lie on the Well",
                     "{색: [주사위]} 산호색(coral), 검정(black), 흰색(white) 다리 위의 주사위 (빠진 색은 주사위가 "
                     "그대로); 다리에서 빠진 주사위는 우물에 놓임"),
    "rooms": _said("{room 0-4: {'tiles': [colours], 'card': castle card}} a castle room's die tiles and/or card",
                   "{방 0-4: {'tiles': [색], 'card': 성 카드}} 성의 방에 놓인 주사위 타일과(또는) 카드"),
    "well_tiles": _said("[{'colour', 'reward'}, {'colour', 'reward'}] the two die tiles beside the Well",
                        "[{'colour', 'reward'}, {'colour', 'reward'}] 우물 옆의 주사위 타일 2개"),
    "decks": _said("{'steward' | 'diplomat': [castle cards]} a castle deck ([] empties it: the cards it held go to "
                   "lantern areas)",
                   "{'steward' | 'diplomat': [성 카드]} 집사·외교관 카드 더미 ([]는 더미를 비움: 들어 있던 카드는 "
                   "등불 영역으로 감)"),
    "goods": _said("{seat: {good: n}} a clan's goods (food, iron, pearl, coin, seal, cp)",
                   "{자리: {자원: 개수}} 가문의 자원 (food 식량, iron 철, pearl 자개, coin 동전, seal 다이묘 인장, "
                   "cp 가문 점수)"),
    "lantern": _said("{seat: [cards]} the cards in a clan's lantern area (e.g. 'resource:1', 'decree:coin')",
                     "{자리: [카드]} 가문의 등불 영역에 있는 카드 (예: 'resource:1', 'decree:coin')"),
    "time": _said("{seat: space 0-20} a clan's marker on the Passage of Time", "{자리: 0-20칸} 시간의 흐름 위 가문의 표지"),
    "time_arrival": _said("[seats] the order the Passage of Time markers arrived, each seat once (the last is on top "
                          "of a shared space; by default player 0 is on top, then 1, ...)",
                          "[자리] 시간의 흐름 표지가 도착한 순서, 자리마다 한 번 (같은 칸에서는 마지막 표지가 맨 위; "
                          "기본은 플레이어 0이 맨 위, 그다음 1, ...)"),
    "pending": _said("what player 0, whose turn it is, resolves now: 'courtier' (a Courtier action: the gate and/or "
                     "one climb) or {'time': steps} (its marker moves that many spaces); the turn's die is on the Well",
                     "자기 턴인 플레이어 0이 지금 처리할 것: 'courtier' (궁정 관리 행동: 성문 그리고/또는 한 번 "
                     "오르기) 또는 {'time': 칸 수} (표지가 그만큼 이동); 그 턴의 주사위는 우물에 있음"),
}


def base(game, seed: int) -> dict:
    """Game ``seed``'s clean teaching position (:func:`teaching_position`)."""
    return teaching_position(game.players, seed)


def fill(game, d: dict, description: dict, report: list) -> None:
    n = game.players
    for colour, dice in as_dict(description.get("bridges", {}), "bridges", _said("{colour: [dice]}", "{색: [주사위]}")).items():
        if colour not in COLOURS:
            raise PositionRefused(f"bridges.{colour}", _said("the bridges are {names}", "다리는 {names}입니다",
                                                             names=choices("whitecastle", COLOURS)))
        dice = as_list(dice, f"bridges.{colour}", _said("a list of dice 1-6", "주사위 눈 1-6의 목록"))
        if any(type(v) is not int or not 1 <= v <= 6 for v in dice) or len(dice) > n + 1:
            raise PositionRefused(f"bridges.{colour}", _said(
                "at most {most} dice of values 1-6 at {n} players, got {got}",
                "{n}인 게임에서는 눈 1-6의 주사위 {most}개까지입니다. 받은 값: {got}", most=n + 1, n=n, got=repr(dice)))
        d["bridges"][colour] = sorted(dice)
    rooms = as_dict(description.get("rooms", {}), "rooms",
                    _said("{room index: {'tiles', 'card'}}", "{방 번호: {'tiles', 'card'}}"))
    kept = []
    for key, room in rooms.items():
        r = seat(key, len(d["rooms"]), "rooms")  # a room index, checked like a seat
        room = as_dict(room, f"rooms.{key}", _said("{'tiles': [colours], 'card': castle card}",
                                                   "{'tiles': [색], 'card': 성 카드}"))
        if set(room) - {"tiles", "card"}:
            raise PositionRefused(f"rooms.{key}", _said("a room has 'tiles' and 'card', got {got}",
                                                        "방에는 'tiles'와 'card'만 있습니다. 받은 값: {got}",
                                                        got=sorted(room)))
        if "card" in room:
            if room["card"] not in C.deck("steward", n) + C.deck("diplomat", n):
                raise PositionRefused(f"rooms.{key}.card", _said("a castle card of the {n}-player game, got {got}",
                                                                 "{n}인 게임의 성 카드여야 합니다. 받은 값: {got}",
                                                                 n=n, got=repr(room["card"])))
            set_room(d, r, room["card"], d["rooms"][r]["tiles"])
        if "tiles" in room:
            tiles = as_list(room["tiles"], f"rooms.{key}.tiles", _said("a list of tile colours", "타일 색의 목록"))
            size = len(d["rooms"][r]["tiles"])
            if len(tiles) != size or any(t not in COLOURS for t in tiles):
                raise PositionRefused(f"rooms.{key}.tiles", _said(
                    "{size} tile colours among {names}, got {got}", "{names} 중에서 타일 색 {size}개여야 합니다. 받은 값: {got}",
                    size=size, names=choices("whitecastle", COLOURS), got=repr(tiles)))
            d["rooms"][r]["tiles"] = list(tiles)
            kept.append(r)
    if "well_tiles" in description:
        d["well_tiles"] = as_list(description["well_tiles"], "well_tiles",
                                  _said("two {'colour', 'reward'} tiles", "{'colour', 'reward'} 타일 2개"))
    for name, cards in as_dict(description.get("decks", {}), "decks",
                               _said("{deck name: [cards]}", "{더미 이름: [카드]}")).items():
        _fill_deck(d, n, name, cards, report)
    for key, goods in as_dict(description.get("goods", {}), "goods", _said("{seat: {good: n}}", "{자리: {자원: 개수}}")).items():
        p = seat(key, n, "goods")
        for good, k in as_dict(goods, f"goods.{key}", _said("{good: n}", "{자원: 개수}")).items():
            if good not in d["players"][p]["goods"] or type(k) is not int or k < 0:
                raise PositionRefused(f"goods.{key}.{good}", _said(
                    "a count of one of {goods}, got {got}", "{goods} 중 하나의 개수여야 합니다. 받은 값: {got}",
                    goods=choices("whitecastle", sorted(d["players"][p]["goods"]), {"cp": "가문 점수"}), got=repr(k)))
            d["players"][p]["goods"][good] = k
    for key, cards in as_dict(description.get("lantern", {}), "lantern", _said("{seat: [cards]}", "{자리: [카드]}")).items():
        p = seat(key, n, "lantern")
        d["players"][p]["lantern"] = [str(c) for c in as_list(cards, f"lantern.{key}",
                                                              _said("a list of card ids", "카드 id의 목록"))]
    _fill_time(d, description, report)
    _fill_pending(d, description, report)
    complete(d, report, keep_rooms=kept, keep_well="well_tiles" in description)
    _refuse_unbalanced(d, rooms, report)
    _refuse_what_the_engine_moves_past(game, d, description)


def _fill_deck(d: dict, n: int, name, cards, report: list) -> None:
    """The castle deck ``name`` holds exactly ``cards``: a described card in a lantern area leaves
    it, a card of the dealt deck not described goes to a lantern area (taken in an earlier round)."""
    if name not in ("steward", "diplomat"):
        raise PositionRefused(f"decks.{name}", _said("the castle decks are 'steward' and 'diplomat'",
                                                     "성 카드 더미는 'steward'(집사)와 'diplomat'(외교관)입니다"))
    cards = as_list(cards, f"decks.{name}", _said("a list of castle cards", "성 카드의 목록"))
    wrong = [c for c in cards if c not in C.deck(name, n)]
    if wrong:
        raise PositionRefused(f"decks.{name}", _said("cards of the {name} deck at {n} players only, got {got}",
                                                     "{n}인 게임의 {name} 카드 더미에 든 카드만 됩니다. 받은 값: {got}",
                                                     name=name, n=n, got=wrong))
    elsewhere = [c for c in d["decks"][name] if c not in cards]
    for room in d["rooms"]:
        if room["card"] in cards:
            raise PositionRefused(f"decks.{name}", _said(
                "{card} lies in a room; leave it out of the deck or put another card in that room (rooms.<i>.card)",
                "{card}은(는) 방에 놓여 있습니다: 더미에서 빼거나 그 방에 다른 카드를 놓으세요 (rooms.<i>.card)",
                card=room["card"]))
    if len(set(cards)) != len(cards):
        raise PositionRefused(f"decks.{name}", _said("each card once", "카드마다 한 번씩만 적으세요"))
    for c in cards:  # a described card in a lantern area leaves it for the deck
        for k, p in enumerate(d["players"]):
            if c in p["lantern"]:
                p["lantern"].remove(c)
                report.append(_said("{card} left player {p}'s lantern area for the described {name} deck.",
                                    "{card}은(는) 플레이어 {p}의 등불 영역에서 설명한 {name} 카드 더미로 옮겼습니다.",
                                    card=c, p=k, name=name))
    d["decks"][name] = list(cards)
    for k, c in enumerate(elsewhere):  # the deck holds what the description says: the rest were taken
        d["players"][k % n]["lantern"].append(c)
        report.append(_said("{card} is not in the described {name} deck: it is in player {p}'s lantern area "
                            "(taken in an earlier round).",
                            "{card}은(는) 설명한 {name} 카드 더미에 없습니다: 플레이어 {p}의 등불 영역에 있습니다 "
                            "(앞선 라운드에 가져감).", card=c, name=name, p=k % n))


def _fill_time(d: dict, description: dict, report: list) -> None:
    """Markers on their described spaces, stacked in the described arrival order (stamps 0..n-1,
    below the teaching position's clock); without an order, as dealt (player 0 on top)."""
    players = d["players"]
    n = len(players)
    last = len(C.time_points()) - 1
    spaces = as_dict(description.get("time", {}), "time", _said("{seat: space 0-20}", "{자리: 0-20칸}"))
    for key, space in spaces.items():
        if type(space) is not int or not 0 <= space <= last:
            raise PositionRefused(f"time.{key}", _said("a Passage of Time space 0-{last}, got {got}",
                                                       "시간의 흐름 칸 0-{last}이어야 합니다. 받은 값: {got}",
                                                       last=last, got=repr(space)))
        players[seat(key, n, "time")]["time"] = space
    if "time_arrival" in description:
        arrival = as_list(description["time_arrival"], "time_arrival", _said("a list of seats", "자리의 목록"))
        if len(arrival) != n or sorted(a for a in arrival if type(a) is int) != list(range(n)):
            raise PositionRefused("time_arrival", _said("each of the seats 0-{last} once, got {got}",
                                                        "자리 0-{last}을 한 번씩 적어야 합니다. 받은 값: {got}",
                                                        last=n - 1, got=repr(arrival)))
        for rank, p in enumerate(arrival):
            players[p]["time_stamp"] = rank
        return
    moved = {seat(k, n, "time") for k in spaces}
    for space in sorted({players[p]["time"] for p in moved}):
        here = sorted((p for p in range(n) if players[p]["time"] == space), key=lambda p: -players[p]["time_stamp"])
        if len(here) > 1:
            report.append(_said("The markers on Passage of Time space {space} stack with player {top} on top, then "
                                "{rest} (describe time_arrival to choose).",
                                "시간의 흐름 {space}칸의 표지는 플레이어 {top}이(가) 맨 위, 그 아래로 플레이어 {rest} 순서로 쌓입니다 "
                                "(time_arrival로 정할 수 있음).", space=space, top=here[0],
                                rest=", ".join(map(str, here[1:]))))


def _fill_pending(d: dict, description: dict, report: list) -> None:
    """Player 0's pending Courtier action or Passage of Time move, opened inside its turn; the
    die the turn took lies on the Well (from the longest bridge the description left free)."""
    if "pending" not in description:
        return
    n = len(d["players"])
    pending = description["pending"]
    steps = pending.get("time") if isinstance(pending, dict) and set(pending) == {"time"} else None
    if d["phase"] != "turn" or d["held"] is not None or d["decision"] != ["take"] or d["queue"]:
        raise PositionRefused("pending", _said(
            "a position at the start of a turn (phase 'turn', decision ['take'], no die in hand); this one is in phase "
            "{phase} at decision {decision}",
            "턴이 시작될 때의 배치여야 합니다 (phase 'turn', decision ['take'], 손에 주사위 없음). 이 배치는 phase "
            "{phase}, decision {decision}입니다", phase=repr(d["phase"]), decision=repr(d["decision"])))
    if pending == "courtier":
        d["decision"], d["queue"] = ["courtier", False, False], []
    elif type(steps) is int and 1 <= steps <= len(C.time_points()) - 1:
        d["decision"], d["queue"] = None, [["time", steps]]
    else:
        raise PositionRefused("pending", _said("'courtier' or {{'time': steps}} with steps 1-{last}, got {got}",
                                               "'courtier' 또는 칸 수가 1-{last}인 {{'time': 칸 수}}여야 합니다. 받은 값: {got}",
                                               last=len(C.time_points()) - 1, got=repr(pending)))
    if d["actor"] != 0:
        report.append(_said("Player 0 decides, not player {p}: the pending decision is player 0's.",
                            "플레이어 {p}가 아니라 플레이어 0이 결정합니다: 처리할 결정은 플레이어 0의 것입니다.",
                            p=d["actor"]))
        d["actor"] = 0
    if sum(len(b) for b in d["bridges"].values()) < 3 * (n + 1):
        return  # a die is already off the bridges: the turn took it
    free = [c for c in COLOURS if c not in description.get("bridges", {}) and d["bridges"][c]]
    if not free:
        raise PositionRefused("pending", _said(
            "the turn took a die before this decision, and the described bridges hold all {all} dice: describe one "
            "bridge with a die fewer (bridges.<colour>)",
            "턴은 이 결정 전에 주사위를 가져갔는데, 설명한 다리에 주사위 {all}개가 모두 있습니다: 다리 하나를 주사위 "
            "한 개 적게 설명하세요 (bridges.<colour>)", all=3 * (n + 1)))
    colour = max(free, key=lambda c: (len(d["bridges"][c]), c))
    d["bridges"][colour] = list(d["bridges"][colour])[:-1]
    d["space_dice"]["WELL"] = list(d["space_dice"]["WELL"]) + [1]
    report.append(_took_a_die(colour))


def _refuse_what_the_engine_moves_past(game, d: dict, description: dict) -> None:
    """The engine resolves at once what asks no decision: refuse a description it would move
    past (a Courtier action whose only option is to decline; bridges with no die to take, which
    end the round and roll new dice) rather than hand back a position that changed it."""
    from boardlab.core.errors import InvalidPosition

    if "pending" not in description and "bridges" not in description:
        return
    try:
        state = game.state_from_json(d)
    except InvalidPosition:
        return  # refused by the builder, with the game's message
    if description.get("pending") == "courtier" and (state.actor != 0 or not state.decision
                                                     or state.decision[0] != "courtier"):
        raise PositionRefused("pending", _said(
            "player 0 could only decline this Courtier action, so none is asked: give it 2 coins with a courtier at "
            "home (goods.0.coin) or mother-of-pearl for a climb with a courtier in the court (goods.0.pearl)",
            "플레이어 0은 이 궁정 관리 행동을 거절할 수밖에 없어 묻지 않습니다: 영토에 궁정 관리가 있을 때 동전 "
            "2개를 주거나 (goods.0.coin), 궁정에 궁정 관리가 있을 때 오르기에 쓸 자개를 주세요 (goods.0.pearl)"))
    if "bridges" in description and state.round != d["round"]:
        raise PositionRefused("bridges", _said(
            "no die is left to take, so the round ends at once and new dice are rolled: leave at least one die on a "
            "bridge", "가져갈 주사위가 남지 않아 라운드가 바로 끝나고 새 주사위를 굴립니다: 다리에 주사위를 적어도 "
            "하나 남기세요"))


def _refuse_unbalanced(d: dict, rooms: dict, report: list) -> None:
    colours = [t for room in d["rooms"] for t in room["tiles"]] + [w["colour"] for w in d["well_tiles"]]
    over = {c: colours.count(c) for c in COLOURS if colours.count(c) > 5}
    if over:
        where = "rooms." + ", rooms.".join(str(k) for k in rooms) if rooms else "well_tiles"
        raise PositionRefused(where, _said(
            "the box has 5 die tiles of each colour; the described tiles leave {over} with no room or Well tile free "
            "to balance them: describe fewer tiles of that colour",
            "상자에는 주사위 타일이 색마다 5개 있습니다. 설명한 타일로는 {over_ko}이(가) 되어 맞춰 줄 빈 방이나 우물 "
            "타일이 없습니다: 그 색의 타일을 더 적게 설명하세요",
            over=", ".join(f"{k} {c}" for c, k in over.items()),
            over_ko=", ".join(f"{_korean(c)} {k}개" for c, k in over.items())))


__all__ = ["teaching_position", "load", "complete", "set_bridges", "set_room", "take_actions", "take_options",
           "FIELDS", "base", "fill"]

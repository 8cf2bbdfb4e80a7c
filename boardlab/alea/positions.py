"""Alea Iacta Est teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"roll": [2, 3, 4]}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first turn: the tiles a description gives a
player are taken from wherever that deal put them (supply, shown rows, the removed patricians, the
senate deck), and a shown row or the face-down removal that loses one is made up from the supply by
a draw seeded with ``seed``. Each such move is a sentence of the report.
"""

from __future__ import annotations

import random
from functools import partial

from boardlab.core.positions import PositionRefused, Said, as_dict, as_list, said, seat

#: the Korean of the places a tile is found in (the JSON keys, written with spaces)
WORDS = {
    "province supply": "지방 타일 공급처", "provinces shown": "공개된 지방 타일", "provinces aside": "따로 둔 지방 타일",
    "patrician supply": "귀족 타일 공급처", "patricians shown": "공개된 귀족 타일",
    "patricians removed": "미리 제거한 귀족 타일", "patricians aside": "따로 둔 귀족 타일",
    "senate deck": "원로원 카드 더미",
    "province": "지방 타일", "patrician": "귀족 타일", "senate card": "원로원 카드",
}
_said = partial(said, "alea", words=WORDS)

FIELDS = {
    "roll": _said("the dice the player to move has rolled, values 1-6 (at most their unplaced dice); dice not "
                  "rolled are put in their Latrina, as if placed there earlier",
                  "둘 차례인 플레이어가 굴린 주사위, 눈 1-6 (놓지 않은 주사위 수 이하); 굴리지 않은 주사위는 앞서 "
                  "놓은 것처럼 그 플레이어의 Latrina에 둠"),
    "provinces": _said("{seat: [province labels, e.g. 'Germania III' or 'joker']} the provinces a player holds",
                       "{자리: [지방 타일 이름, 예: 'Germania III' 또는 'joker']} 플레이어가 가진 지방 타일"),
    "patricians": _said("{seat: [patrician labels, e.g. 'green woman II']} the patricians a player holds",
                        "{자리: [귀족 타일 이름, 예: 'green woman II']} 플레이어가 가진 귀족 타일"),
    "senate_cards": _said("{seat: [senate card names, e.g. 'XII']} the senate cards a player holds",
                          "{자리: [원로원 카드 이름, 예: 'XII']} 플레이어가 가진 원로원 카드"),
    "chips": _said("{seat: n} a player's Repete chips", "{자리: 개수} 플레이어의 다시 굴림 타일"),
}

#: where each kind of tile may be found (JSON keys; the shown rows are made up again from the supply)
_PLACES = {
    "provinces": ("province_supply", "provinces_shown", "provinces_aside"),
    "patricians": ("patrician_supply", "patricians_shown", "patricians_removed", "patricians_aside"),
    "senate_cards": ("senate_deck",),
}
_REFILL = {"provinces_shown": "province_supply", "patricians_shown": "patrician_supply",
           "patricians_removed": "patrician_supply"}


def base(game, seed: int) -> dict:
    return game.new_game(seed).to_json()


def fill(game, d: dict, description: dict, report: list) -> None:
    rng = random.Random(seed_of(d))
    players = d["players"]
    wanted = {}
    for kind in ("provinces", "patricians", "senate_cards"):
        for key, labels in as_dict(description.get(kind, {}), kind, _said("{seat: [names]}", "{자리: [이름]}")).items():
            p = seat(key, len(players), kind)
            wanted[(kind, p)] = as_list(labels, f"{kind}.{key}", _said("a list of names", "이름의 목록"))
    for (kind, p), labels in wanted.items():
        _give(d, kind, p, labels, wanted, rng, report)
    for key, n in as_dict(description.get("chips", {}), "chips", _said("{seat: n}", "{자리: 개수}")).items():
        p = seat(key, len(players), "chips")
        if type(n) is not int or not 0 <= n <= 30:
            raise PositionRefused(f"chips.{key}", _said("a number of chips 0 to 30 (the supply), got {got}",
                                                        "다시 굴림 타일은 0~30개 (공급처 전체)입니다. 받은 값: {got}",
                                                        got=repr(n)))
        players[p]["chips"] = n
    if "roll" in description:
        _roll(d, as_list(description["roll"], "roll", _said("a list of dice values 1-6", "주사위 눈 1-6의 목록")), report)


def seed_of(d: dict) -> int:
    return d["chance"]["seed"]


def _give(d, kind, p, labels, wanted, rng, report) -> None:
    held = d["players"][p][kind]
    for label in held[:]:  # what the deal gave this player and the description does not
        if label not in labels:
            held.remove(label)
            d[_PLACES[kind][0]].append(label)
            report.append(_said("Player {p}'s {label} went back to the {place}.",
                                "플레이어 {p}의 {label}: {place}로 돌아갔습니다.",
                                p=p, label=_label(label), place=_place(_PLACES[kind][0])))
    for label in labels:
        if held.count(label) >= labels.count(label):
            continue
        for other, others in wanted.items():
            if other[0] == kind and other[1] != p and label in others:
                raise PositionRefused(f"{kind}.{p}", _said(
                    "{label} is also given to player {q}: each tile is in one place; give it to one player only",
                    "{label}을(를) 플레이어 {q}에게도 주었습니다: 타일은 한 곳에만 있으니 한 플레이어에게만 주세요",
                    label=repr(label), q=other[1]))
        place = next((k for k in _PLACES[kind] if label in d[k]), None)
        owner = next((q for q, row in enumerate(d["players"]) if q != p and label in row[kind]), None)
        if place is None and owner is None:
            raise PositionRefused(f"{kind}.{p}", _said(
                "{label} is not a {kind} left in this game (name one of the box's, at most its copies: {names})",
                "{label}은(는) 이 게임에 남은 {kind}가 아닙니다 (상자에 든 것 중에서, 그 장수 이하로 적으세요: "
                "{names})", label=repr(label), kind=kind[:-1].replace("_", " "), names=_names(d, kind)))
        if place is None:
            d["players"][owner][kind].remove(label)
            d[_PLACES[kind][0]].append(label)
            place = _PLACES[kind][0]
            report.append(_said("{label} was player {owner}'s in this deal; it went back to the supply first.",
                                "{label}은(는) 이 배분에서 플레이어 {owner}의 것이었습니다: 먼저 공급처로 돌아갔습니다.",
                                label=_label(label), owner=owner))
        d[place].remove(label)
        held.append(label)
        report.append(_said("Player {p} takes {label} from the {place}.", "플레이어 {p}이(가) {place}에서 {label}을(를) "
                            "가져갑니다.", p=p, label=_label(label), place=_place(place)))
        if place in _REFILL and d[_REFILL[place]]:
            supply = d[_REFILL[place]]
            new = supply.pop(rng.randrange(len(supply)))
            d[place].append(new)
            report.append(_said("{new} from the {supply} takes its place in the {place} (drawn with the position's seed).",
                                "{supply}의 {new}이(가) {place}의 빈자리를 채웁니다 (배치의 난수 시드로 뽑음).",
                                new=_label(new), supply=_place(_REFILL[place]), place=_place(place)))
    held.sort(key=_order(kind))


def _place(key: str) -> str:
    """A JSON key as the report writes it ("province_supply" -> "province supply")."""
    return key.replace("_", " ")


def _label(label: str) -> Said:
    """A tile's label; in Korean a patrician's colour and sex in the notation's words
    ("green woman II" -> "초록 여자 귀족 II"), a province or senate card as the seed keeps it."""
    from boardlab.alea.actions import KOREAN

    parts = str(label).split()
    if len(parts) == 3 and parts[1] in ("man", "woman"):
        colour, sex, number = (KOREAN.words.get(w, w) for w in parts)
        return Said(label, f"{colour} {sex} 귀족 {number}")
    return Said(label, KOREAN.words.get(label, label))


def _names(d, kind) -> str:
    from boardlab.alea import components as C

    return {"provinces": "'Germania III', 'joker', ...", "patricians": "'green woman II', ...",
            "senate_cards": ", ".join(c.name for c in C.SENATE)}[kind]


def _order(kind):
    from boardlab.alea import components as C

    index = {"provinces": C.PROV_INDEX, "patricians": C.PAT_INDEX, "senate_cards": {c.name.lower(): c.index for c in C.SENATE}}[kind]
    return lambda label: index.get(str(label).lower(), -1)


def _roll(d, dice, report) -> None:
    if d["step"] != "turn" or d["player"] is None:
        raise PositionRefused("roll", _said("a roll needs a player to move at the start of a turn",
                                            "굴림은 턴이 시작될 때 둘 차례인 플레이어가 있어야 합니다"))
    p = d["player"]
    row = d["players"][p]
    if not dice or any(type(v) is not int or not 1 <= v <= 6 for v in dice):
        raise PositionRefused("roll", _said("1 to {free} dice of values 1-6, got {got}",
                                            "눈 1-6의 주사위 1~{free}개여야 합니다. 받은 값: {got}",
                                            free=row["free"], got=repr(dice)))
    if len(dice) > row["free"]:
        raise PositionRefused("roll", _said("at most {free} dice: player {p} has {free} unplaced; roll fewer",
                                            "주사위는 {free}개까지입니다: 플레이어 {p}에게 놓지 않은 주사위가 {free}개 "
                                            "있습니다. 더 적게 굴리세요", free=row["free"], p=p))
    extra = row["free"] - len(dice)
    if extra:
        row["free"] -= extra
        row["latrina"] += extra
        report.append(_said("Player {p}'s {extra} dice not in the roll were put in the Latrina (placed in earlier turns).",
                            "굴림에 없는 플레이어 {p}의 주사위 {extra}개를 Latrina에 두었습니다 (앞선 턴에 놓은 것).",
                            p=p, extra=extra))
    d["hand"] = sorted(dice)

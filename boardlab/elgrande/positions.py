"""El Grande teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"caballeros": {"galicia": {0: 4}}}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first decision. Caballeros a described region
(or the Castillo) needs come from that colour's court, then its province; caballeros it no longer
holds go back to the province. Each change is a sentence of the report.
"""

from __future__ import annotations

from functools import partial

from boardlab.core.positions import PositionRefused, as_dict, choices, said, seat
from boardlab.elgrande import components as C

PLACES = C.REGION_IDS + ("castillo",)
#: the Korean names of the places, for the report and the refusals
WORDS = {"castillo": "카스티요", **dict(zip(C.REGION_IDS, C.REGION_KOREAN))}
_said = partial(said, "elgrande", words=WORDS)

FIELDS = {
    "caballeros": _said("{region id (e.g. 'galicia') or 'castillo': {colour: n}} the caballeros of a colour there "
                        "(colours are seats; at 2 players in the 2023 edition colour 2 is the dummy)",
                        "{지역 id (예: 'galicia') 또는 'castillo': {색: 개수}} 그곳에 있는 한 색의 카바예로 "
                        "(색은 자리 번호; 2023년판 2인 게임에서는 색 2가 더미)"),
    "king": _said("the region id where the King stands", "왕이 서 있는 지역의 id"),
    "grandes": _said("{colour: region id} where a colour's Grande stands", "{색: 지역 id} 한 색의 그란데가 서 있는 곳"),
    "round": _said("the round (1 to 9; the short game skips 1, 4 and 7) the position begins, at its power cards",
                   "배치가 시작하는 라운드 (1~9; 짧은 게임은 1, 4, 7을 건너뜀), 파워 카드 제출부터"),
}


def base(game, seed: int) -> dict:
    return game.new_game(seed).to_json()


def fill(game, d: dict, description: dict, report: list) -> None:
    colours = len(d["court"])
    wanted = {}
    for place, counts in as_dict(description.get("caballeros", {}), "caballeros",
                                 _said("{region: {colour: n}}", "{지역: {색: 개수}}")).items():
        if place not in PLACES:
            raise PositionRefused(f"caballeros.{place}", _said("the places are {places}", "장소는 {places}입니다",
                                                               places=choices("elgrande", PLACES, WORDS)))
        for key, n in as_dict(counts, f"caballeros.{place}", _said("{colour: n}", "{색: 개수}")).items():
            c = seat(key, colours, f"caballeros.{place}")
            if type(n) is not int or not 0 <= n <= C.CABALLEROS:
                raise PositionRefused(f"caballeros.{place}.{key}", _said(
                    "0 to {most} caballeros, got {got}", "카바예로는 0~{most}개입니다. 받은 값: {got}",
                    most=C.CABALLEROS, got=repr(n)))
            wanted[(place, c)] = n
    for (place, c), n in wanted.items():  # first every caballero leaving a described place
        diff = n - d["caballeros"][place][c]
        if diff < 0:
            d["caballeros"][place][c] = n
            d["province"][c] -= diff
            report.append(_said("{n} of colour {c} left {place} for the province.",
                                "{place}에서 색 {c}의 카바예로 {k}개가 지방으로 돌아갔습니다.",
                                n=_caballeros(-diff), k=-diff, c=c, place=place))
    for (place, c), n in wanted.items():
        diff = n - d["caballeros"][place][c]
        if diff <= 0:
            continue
        if diff > d["court"][c] + d["province"][c]:
            raise PositionRefused(f"caballeros.{place}.{c}", _said(
                "colour {c} has only {k} caballeros in court and province for it (the others are on the board): "
                "ask for fewer, or fewer elsewhere",
                "색 {c}의 궁정과 지방에는 카바예로가 {k}개뿐입니다 (나머지는 판 위에 있음): 더 적게, 또는 다른 곳에 "
                "더 적게 요청하세요", c=c, k=d["court"][c] + d["province"][c]))
        from_court = min(diff, d["court"][c])
        d["court"][c] -= from_court
        d["province"][c] -= diff - from_court
        d["caballeros"][place][c] = n
        if diff > from_court:
            report.append(_said("{n} of colour {c} for {place}: {court} from the court, {province} from the province.",
                                "{place}에 색 {c}의 카바예로 {k}개: 궁정에서 {court}개, 지방에서 {province}개.",
                                n=_caballeros(diff), k=diff, c=c, place=place, court=from_court,
                                province=diff - from_court))
        else:
            report.append(_said("{n} of colour {c} for {place}: {court} from the court.",
                                "{place}에 색 {c}의 카바예로 {k}개: 궁정에서 {court}개.",
                                n=_caballeros(diff), k=diff, c=c, place=place, court=from_court))
    if any(place == "castillo" for place, _ in wanted):
        castillo = d["caballeros"]["castillo"]
        d["announcements"] = [[c, n] for c, n in enumerate(castillo) if n]
        report.append(_said("The Castillo's announcements are its contents, one throw-in per colour: {a}.",
                            "카스티요의 공표 수는 그 내용물과 같습니다 (색마다 한 번 투입): {a}.",
                            a=d["announcements"]))
    if "king" in description:
        king = description["king"]
        if king not in C.REGION_IDS:
            raise PositionRefused("king", _region_refused(king))
        d["king"] = king
    for key, region in as_dict(description.get("grandes", {}), "grandes",
                               _said("{colour: region id}", "{색: 지역 id}")).items():
        c = seat(key, len(d["grandes"]), "grandes")
        if region not in C.REGION_IDS:
            raise PositionRefused(f"grandes.{key}", _region_refused(region))
        d["grandes"][c] = region
    if "round" in description:
        start_round(game, d, description["round"], report)


def _region_refused(region):
    return _said("a region id among {ids}, got {got}", "지역 id ({ids}) 중 하나여야 합니다. 받은 값: {got}",
                 ids=choices("elgrande", C.REGION_IDS, WORDS), got=repr(region))


def _caballeros(n: int) -> str:
    return "1 caballero" if n == 1 else f"{n} caballeros"


def start_round(game, d: dict, number, report: list) -> None:
    """Round ``number`` begins at its power cards; the deal's hands stay whole (earlier rounds are not played)."""
    if type(number) is not int or number not in game.rounds:
        raise PositionRefused("round", _said("one of the rounds this game plays, {rounds}, got {got}",
                                             "이 게임이 진행하는 라운드 {rounds} 중 하나여야 합니다. 받은 값: {got}",
                                             rounds=list(game.rounds), got=repr(number)))
    if number != game.rounds[d["round_index"]]:
        d["round_index"] = game.rounds.index(number)
        report.append(_said("The position begins round {r} at its power cards; every hand keeps the 13 power cards "
                            "of the deal (no earlier round was played).",
                            "{r}라운드의 파워 카드 제출에서 시작합니다. 앞선 라운드는 진행하지 않았으므로 모든 손에 파워 카드 "
                            "13장이 그대로 있습니다.", r=number))

"""Five Tribes teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"meeples": {"C3": {"red": 2}}}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first bid. Meeples a described tile needs come
from the bag, then from tiles the description leaves alone (the first in board order holding that
colour); meeples it no longer holds go to the bag. ``finished`` makes the game over: every marker
bid, every turn played, the end of the game triggered. Each change is a sentence of the report.
"""

from __future__ import annotations

from functools import partial

from boardlab.core.positions import PositionRefused, as_dict, choices, said, seat
from boardlab.fivetribes.components import COLOURS, MEEPLE_COUNTS, TILE_NAMES

_said = partial(said, "fivetribes")

FIELDS = {
    "meeples": _said("{tile, e.g. 'C3': {colour: n}} the meeples on a tile (colours yellow, white, green, blue, red; "
                     "a colour left out keeps its count)",
                     "{타일, 예: 'C3': {색: 개수}} 타일 위의 미플 (색은 yellow(노란), white(흰), green(초록), blue(파란), "
                     "red(빨간); 빠진 색은 개수가 그대로)"),
    "gold": _said("{seat: n} a player's gold", "{자리: 개수} 플레이어의 금화"),
    "finished": _said("true: a finished game (every marker bid and every turn played, the end triggered)",
                      "true: 끝난 게임 (모든 표지가 경매하고 모든 턴을 진행해 게임 종료가 일어남)"),
}


def base(game, seed: int) -> dict:
    return game.new_game(seed).to_json()


def fill(game, d: dict, description: dict, report: list) -> None:
    tiles = as_dict(description.get("meeples", {}), "meeples", _said("{tile: {colour: n}}", "{타일: {색: 개수}}"))
    described = {}
    for name, counts in tiles.items():
        if name not in TILE_NAMES:
            raise PositionRefused(f"meeples.{name}", _said("tiles are named A1 to F5, got {got}",
                                                           "타일 이름은 A1부터 F5까지입니다. 받은 값: {got}", got=repr(name)))
        counts = as_dict(counts, f"meeples.{name}", _said("{colour: n}", "{색: 개수}"))
        row = list(d["meeples"][TILE_NAMES.index(name)])
        for colour, n in counts.items():
            if colour not in COLOURS:
                raise PositionRefused(f"meeples.{name}.{colour}", _said("the colours are {colours}",
                                                                        "색은 {colours}입니다", colours=choices("fivetribes", COLOURS)))
            c = COLOURS.index(colour)
            if type(n) is not int or not 0 <= n <= MEEPLE_COUNTS[c]:
                raise PositionRefused(f"meeples.{name}.{colour}", _said(
                    "0 to {most} ({colour} meeples in the box), got {got}",
                    "0~{most}개 (상자에 든 {colour} 미플 수)여야 합니다. 받은 값: {got}",
                    most=MEEPLE_COUNTS[c], colour=colour, got=repr(n)))
            row[c] = n
        described[TILE_NAMES.index(name)] = row
    for t, row in described.items():
        _set_tile(d, t, row, described, report)
    for key, gold in as_dict(description.get("gold", {}), "gold", _said("{seat: n}", "{자리: 개수}")).items():
        p = seat(key, game.players, "gold")
        if type(gold) is not int or not 0 <= gold <= 10**6:
            raise PositionRefused(f"gold.{key}", _said("an amount of gold 0 or more, got {got}",
                                                       "금화는 0 이상이어야 합니다. 받은 값: {got}", got=repr(gold)))
        d["players"][p]["gold"] = gold
    finished = description.get("finished", False)
    if type(finished) is not bool:
        raise PositionRefused("finished", _said("true or false, got {got}", "true 또는 false여야 합니다. 받은 값: {got}",
                                                got=repr(finished)))
    if finished:
        finish(d, report)


def _set_tile(d, t, row, described, report) -> None:
    now = d["meeples"][t]
    for c, colour in enumerate(COLOURS):
        diff = row[c] - now[c]
        if diff < 0:
            d["bag"][c] -= diff
            report.append(_said("{n} {colour} from {tile} went into the bag.",
                                "{tile}의 {colour} 미플 {n}개를 주머니에 넣었습니다.", n=-diff, colour=colour,
                                tile=TILE_NAMES[t]))
        while diff > 0:
            if d["bag"][c]:
                k = min(diff, d["bag"][c])
                d["bag"][c] -= k
                report.append(_said("{n} {colour} for {tile} came from the bag.",
                                    "{tile}의 {colour} 미플 {n}개를 주머니에서 꺼냈습니다.", n=k, colour=colour,
                                    tile=TILE_NAMES[t]))
            else:
                src = next((s for s in range(len(d["meeples"])) if s != t and s not in described
                            and d["meeples"][s][c]), None)
                if src is None:
                    raise PositionRefused(f"meeples.{TILE_NAMES[t]}.{colour}", _said(
                        "the box's {n} {colour} meeples are all on described tiles: describe fewer",
                        "상자의 {colour} 미플 {n}개가 모두 설명한 타일 위에 있습니다: 더 적게 설명하세요",
                        n=MEEPLE_COUNTS[c], colour=colour))
                k = min(diff, d["meeples"][src][c])
                d["meeples"][src][c] -= k
                report.append(_said("{n} {colour} for {tile} came from {source}.",
                                    "{tile}의 {colour} 미플 {n}개를 {source}에서 가져왔습니다.", n=k, colour=colour,
                                    tile=TILE_NAMES[t], source=TILE_NAMES[src]))
            diff -= k
        now[c] = row[c]


def finish(d: dict, report: list) -> None:
    """Make ``d`` a finished game: every marker has bid (placed from the highest spot down, in bid
    order, unless the track already holds them all), every turn is played, the end is triggered."""
    markers = len(d["markers"])
    if d["phase"] == "over":
        return
    track = d["track"]
    if sum(m >= 0 for m in track) < markers:
        track[:] = [-1] * len(track)
        for i, m in enumerate(d["bid_order"]):
            track[len(track) - 1 - i] = m
        report.append(_said("Every marker has bid: they stand on the highest spots of the bid track, in bid order.",
                            "모든 표지가 경매했습니다: 경매 순서대로 경매 트랙의 가장 높은 칸들에 서 있습니다."))
    play_order = [track[s] for s in range(len(track) - 1, -1, -1) if track[s] >= 0]
    d.update(phase="over", step="over", player=None, bid_next=markers, play_order=play_order, turn_index=markers,
             next_bid_order=list(play_order), move=None)
    report.append(_said("The game is over: every turn of the round was played (turn_index {n}), the next bid order is "
                        "the turn order {order}, and no player is to move.",
                        "게임이 끝났습니다: 라운드의 모든 턴을 진행했고 (turn_index {n}), 다음 경매 순서는 턴 순서 "
                        "{order}이며, 둘 차례인 플레이어는 없습니다.", n=markers, order=play_order))
    out_of_camels = any(row["camels"] == 0 for row in d["players"])
    d["end_camel"] = out_of_camels
    if not out_of_camels:
        d["end_no_move"] = True
        report.append(_said("The end was triggered because no legal move was left (end_no_move): no player has placed "
                            "every camel.",
                            "둘 수 있는 이동이 남지 않아 게임 종료가 일어났습니다 (end_no_move): 낙타를 모두 놓은 "
                            "플레이어는 없습니다."))

"""Five Tribes teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"meeples": {"C3": {"red": 2}}}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first bid. Meeples a described tile needs come
from the bag, then from tiles the description leaves alone (the first in board order holding that
colour); meeples it no longer holds go to the bag. ``finished`` makes the game over: every marker
bid, every turn played, the end of the game triggered. Each change is a sentence of the report.
"""

from __future__ import annotations

from boardlab.core.positions import PositionRefused, as_dict, seat
from boardlab.fivetribes.components import COLOURS, MEEPLE_COUNTS, TILE_NAMES

FIELDS = {
    "meeples": "{tile, e.g. 'C3': {colour: n}} the meeples on a tile (colours yellow, white, green, blue, red; "
               "a colour left out keeps its count)",
    "gold": "{seat: n} a player's gold",
    "finished": "true: a finished game (every marker bid and every turn played, the end triggered)",
}


def base(game, seed: int) -> dict:
    return game.new_game(seed).to_json()


def fill(game, d: dict, description: dict, report: list) -> None:
    tiles = as_dict(description.get("meeples", {}), "meeples", "{tile: {colour: n}}")
    described = {}
    for name, counts in tiles.items():
        if name not in TILE_NAMES:
            raise PositionRefused(f"meeples.{name}", f"tiles are named A1 to F5, got {name!r}")
        counts = as_dict(counts, f"meeples.{name}", "{colour: n}")
        row = list(d["meeples"][TILE_NAMES.index(name)])
        for colour, n in counts.items():
            if colour not in COLOURS:
                raise PositionRefused(f"meeples.{name}.{colour}", f"the colours are {', '.join(COLOURS)}")
            c = COLOURS.index(colour)
            if type(n) is not int or not 0 <= n <= MEEPLE_COUNTS[c]:
                raise PositionRefused(f"meeples.{name}.{colour}", f"0 to {MEEPLE_COUNTS[c]} ({colour} meeples in the box), got {n!r}")
            row[c] = n
        described[TILE_NAMES.index(name)] = row
    for t, row in described.items():
        _set_tile(d, t, row, described, report)
    for key, gold in as_dict(description.get("gold", {}), "gold", "{seat: n}").items():
        p = seat(key, game.players, "gold")
        if type(gold) is not int or not 0 <= gold <= 10**6:
            raise PositionRefused(f"gold.{key}", f"an amount of gold 0 or more, got {gold!r}")
        d["players"][p]["gold"] = gold
    finished = description.get("finished", False)
    if type(finished) is not bool:
        raise PositionRefused("finished", f"true or false, got {finished!r}")
    if finished:
        finish(d, report)


def _set_tile(d, t, row, described, report) -> None:
    now = d["meeples"][t]
    for c, colour in enumerate(COLOURS):
        diff = row[c] - now[c]
        if diff < 0:
            d["bag"][c] -= diff
            report.append(f"{-diff} {colour} from {TILE_NAMES[t]} went into the bag.")
        while diff > 0:
            if d["bag"][c]:
                k = min(diff, d["bag"][c])
                d["bag"][c] -= k
                report.append(f"{k} {colour} for {TILE_NAMES[t]} came from the bag.")
            else:
                src = next((s for s in range(len(d["meeples"])) if s != t and s not in described
                            and d["meeples"][s][c]), None)
                if src is None:
                    raise PositionRefused(f"meeples.{TILE_NAMES[t]}.{colour}", f"the box's {MEEPLE_COUNTS[c]} {colour} "
                                          "meeples are all on described tiles: describe fewer")
                k = min(diff, d["meeples"][src][c])
                d["meeples"][src][c] -= k
                report.append(f"{k} {colour} for {TILE_NAMES[t]} came from {TILE_NAMES[src]}.")
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
        report.append("Every marker has bid: they stand on the highest spots of the bid track, in bid order.")
    play_order = [track[s] for s in range(len(track) - 1, -1, -1) if track[s] >= 0]
    d.update(phase="over", step="over", player=None, bid_next=markers, play_order=play_order, turn_index=markers,
             next_bid_order=list(play_order), move=None)
    report.append(f"The game is over: every turn of the round was played (turn_index {markers}), the next bid order is "
                  f"the turn order {play_order}, and no player is to move.")
    out_of_camels = any(row["camels"] == 0 for row in d["players"])
    d["end_camel"] = out_of_camels
    if not out_of_camels:
        d["end_no_move"] = True
        report.append("The end was triggered because no legal move was left (end_no_move): no player has placed "
                      "every camel.")

"""El Grande teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"caballeros": {"galicia": {0: 4}}}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first decision. Caballeros a described region
(or the Castillo) needs come from that colour's court, then its province; caballeros it no longer
holds go back to the province. Each change is a sentence of the report.
"""

from __future__ import annotations

from boardlab.core.positions import PositionRefused, as_dict, seat
from boardlab.elgrande import components as C

PLACES = C.REGION_IDS + ("castillo",)
FIELDS = {
    "caballeros": "{region id (e.g. 'galicia') or 'castillo': {colour: n}} the caballeros of a colour there "
                  "(colours are seats; at 2 players in the 2023 edition colour 2 is the dummy)",
    "king": "the region id where the King stands",
    "grandes": "{colour: region id} where a colour's Grande stands",
    "round": "the round (1 to 9; the short game skips 1, 4 and 7) the position begins, at its power cards",
}


def base(game, seed: int) -> dict:
    return game.new_game(seed).to_json()


def fill(game, d: dict, description: dict, report: list) -> None:
    colours = len(d["court"])
    wanted = {}
    for place, counts in as_dict(description.get("caballeros", {}), "caballeros", "{region: {colour: n}}").items():
        if place not in PLACES:
            raise PositionRefused(f"caballeros.{place}", f"the places are {', '.join(PLACES)}")
        for key, n in as_dict(counts, f"caballeros.{place}", "{colour: n}").items():
            c = seat(key, colours, f"caballeros.{place}")
            if type(n) is not int or not 0 <= n <= C.CABALLEROS:
                raise PositionRefused(f"caballeros.{place}.{key}", f"0 to {C.CABALLEROS} caballeros, got {n!r}")
            wanted[(place, c)] = n
    for (place, c), n in wanted.items():  # first every caballero leaving a described place
        diff = n - d["caballeros"][place][c]
        if diff < 0:
            d["caballeros"][place][c] = n
            d["province"][c] -= diff
            report.append(f"{_caballeros(-diff)} of colour {c} left {place} for the province.")
    for (place, c), n in wanted.items():
        diff = n - d["caballeros"][place][c]
        if diff <= 0:
            continue
        if diff > d["court"][c] + d["province"][c]:
            raise PositionRefused(f"caballeros.{place}.{c}", f"colour {c} has only {d['court'][c] + d['province'][c]} "
                                  "caballeros in court and province for it (the others are on the board): "
                                  "ask for fewer, or fewer elsewhere")
        from_court = min(diff, d["court"][c])
        d["court"][c] -= from_court
        d["province"][c] -= diff - from_court
        d["caballeros"][place][c] = n
        report.append(f"{_caballeros(diff)} of colour {c} for {place}: {from_court} from the court"
                      + (f", {diff - from_court} from the province." if diff > from_court else "."))
    if any(place == "castillo" for place, _ in wanted):
        castillo = d["caballeros"]["castillo"]
        d["announcements"] = [[c, n] for c, n in enumerate(castillo) if n]
        report.append(f"The Castillo's announcements are its contents, one throw-in per colour: {d['announcements']}.")
    if "king" in description:
        king = description["king"]
        if king not in C.REGION_IDS:
            raise PositionRefused("king", f"a region id among {', '.join(C.REGION_IDS)}, got {king!r}")
        d["king"] = king
    for key, region in as_dict(description.get("grandes", {}), "grandes", "{colour: region id}").items():
        c = seat(key, len(d["grandes"]), "grandes")
        if region not in C.REGION_IDS:
            raise PositionRefused(f"grandes.{key}", f"a region id among {', '.join(C.REGION_IDS)}, got {region!r}")
        d["grandes"][c] = region
    if "round" in description:
        start_round(game, d, description["round"], report)


def _caballeros(n: int) -> str:
    return "1 caballero" if n == 1 else f"{n} caballeros"


def start_round(game, d: dict, number, report: list) -> None:
    """Round ``number`` begins at its power cards; the deal's hands stay whole (earlier rounds are not played)."""
    if type(number) is not int or number not in game.rounds:
        raise PositionRefused("round", f"one of the rounds this game plays, {list(game.rounds)}, got {number!r}")
    if number != game.rounds[d["round_index"]]:
        d["round_index"] = game.rounds.index(number)
        report.append(f"The position begins round {number} at its power cards; every hand keeps the 13 power "
                      "cards of the deal (no earlier round was played).")

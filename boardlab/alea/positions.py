"""Alea Iacta Est teaching positions from a partial description (the hook of
:mod:`boardlab.core.positions`): ``Game.build_position({"roll": [2, 3, 4]}, seed=7)``.

The rest comes from game ``seed``'s own deal, at its first turn: the tiles a description gives a
player are taken from wherever that deal put them (supply, shown rows, the removed patricians, the
senate deck), and a shown row or the face-down removal that loses one is made up from the supply by
a draw seeded with ``seed``. Each such move is a sentence of the report.
"""

from __future__ import annotations

import random

from boardlab.core.positions import PositionRefused, as_dict, as_list, seat

FIELDS = {
    "roll": "the dice the player to move has rolled, values 1-6 (at most their unplaced dice); dice not "
            "rolled are put in their Latrina, as if placed there earlier",
    "provinces": "{seat: [province labels, e.g. 'Germania III' or 'joker']} the provinces a player holds",
    "patricians": "{seat: [patrician labels, e.g. 'green woman II']} the patricians a player holds",
    "senate_cards": "{seat: [senate card names, e.g. 'XII']} the senate cards a player holds",
    "chips": "{seat: n} a player's Repete chips",
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
        for key, labels in as_dict(description.get(kind, {}), kind, "{seat: [names]}").items():
            p = seat(key, len(players), kind)
            wanted[(kind, p)] = as_list(labels, f"{kind}.{key}", "a list of names")
    for (kind, p), labels in wanted.items():
        _give(d, kind, p, labels, wanted, rng, report)
    for key, n in as_dict(description.get("chips", {}), "chips", "{seat: n}").items():
        p = seat(key, len(players), "chips")
        if type(n) is not int or not 0 <= n <= 30:
            raise PositionRefused(f"chips.{key}", f"a number of chips 0 to 30 (the supply), got {n!r}")
        players[p]["chips"] = n
    if "roll" in description:
        _roll(d, as_list(description["roll"], "roll", "a list of dice values 1-6"), report)


def seed_of(d: dict) -> int:
    return d["chance"]["seed"]


def _give(d, kind, p, labels, wanted, rng, report) -> None:
    held = d["players"][p][kind]
    for label in held[:]:  # what the deal gave this player and the description does not
        if label not in labels:
            held.remove(label)
            d[_PLACES[kind][0]].append(label)
            report.append(f"Player {p}'s {label} went back to the {_PLACES[kind][0].replace('_', ' ')}.")
    for label in labels:
        if held.count(label) >= labels.count(label):
            continue
        for other, others in wanted.items():
            if other[0] == kind and other[1] != p and label in others:
                raise PositionRefused(f"{kind}.{p}", f"{label!r} is also given to player {other[1]}: each tile "
                                      "is in one place; give it to one player only")
        place = next((k for k in _PLACES[kind] if label in d[k]), None)
        owner = next((q for q, row in enumerate(d["players"]) if q != p and label in row[kind]), None)
        if place is None and owner is None:
            raise PositionRefused(f"{kind}.{p}", f"{label!r} is not a {kind[:-1].replace('_', ' ')} left in this "
                                  f"game (name one of the box's, at most its copies: {_names(d, kind)})")
        if place is None:
            d["players"][owner][kind].remove(label)
            d[_PLACES[kind][0]].append(label)
            place = _PLACES[kind][0]
            report.append(f"{label} was player {owner}'s in this deal; it went back to the supply first.")
        d[place].remove(label)
        held.append(label)
        report.append(f"Player {p} takes {label} from the {place.replace('_', ' ')}.")
        if place in _REFILL and d[_REFILL[place]]:
            supply = d[_REFILL[place]]
            new = supply.pop(rng.randrange(len(supply)))
            d[place].append(new)
            report.append(f"{new} from the {_REFILL[place].replace('_', ' ')} takes its place in the "
                          f"{place.replace('_', ' ')} (drawn with the position's seed).")
    held.sort(key=_order(kind))


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
        raise PositionRefused("roll", "a roll needs a player to move at the start of a turn")
    p = d["player"]
    row = d["players"][p]
    if not dice or any(type(v) is not int or not 1 <= v <= 6 for v in dice):
        raise PositionRefused("roll", f"1 to {row['free']} dice of values 1-6, got {dice!r}")
    if len(dice) > row["free"]:
        raise PositionRefused("roll", f"at most {row['free']} dice: player {p} has {row['free']} unplaced; roll fewer")
    extra = row["free"] - len(dice)
    if extra:
        row["free"] -= extra
        row["latrina"] += extra
        report.append(f"Player {p}'s {extra} dice not in the roll were put in the Latrina (placed in earlier turns).")
    d["hand"] = sorted(dice)

"""Component data of El Grande, read from the CSV tables in ``data/``.

Every row carries a ``source`` (keys listed in RULES.md, Sources; ``SEED`` = the seed)
and a ``status``: ``confirmed`` or ``assumed``. ``assumed_values()`` lists the assumed rows;
``RULES.md`` explains each. Rule code asks this module for values and never hard-codes one.

Indices used everywhere in the engine (plain ints, so the hot path stays cheap):

* regions ``0..8`` in the order of ``regions.csv``; ``CASTILLO`` (9) is the tenth place a
  caballero can stand, not a region;
* colours ``0..P-1`` are the players; in the 2-player game of the 2023 edition colour ``2`` is
  the neutral third colour (the dummy);
* action-card types ``0..`` in the order of their first row in ``action_cards.csv`` (one type
  per name; copies of a card share a type).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

TABLES = ("regions.csv", "region_scores.csv", "power_cards.csv", "score_tiles.csv", "rank_rules.csv",
          "setup.csv", "action_cards.csv")


def _read(name: str) -> list[dict]:
    with resources.files("boardlab.elgrande").joinpath("data").joinpath(name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- regions ---------------------------------------------------------------------------------
_REGIONS = _read("regions.csv")
REGION_IDS: tuple[str, ...] = tuple(r["id"] for r in _REGIONS)
NREGIONS = len(REGION_IDS)
CASTILLO = NREGIONS  # index of the Castillo in per-place lists
NPLACES = NREGIONS + 1
REGION_INDEX = {rid: i for i, rid in enumerate(REGION_IDS)}
NAMES_2023 = tuple(r["name_2023"] for r in _REGIONS)
NAMES_1995 = tuple(r["name_1995"] for r in _REGIONS)
REGION_KOREAN = tuple(r["korean"] for r in _REGIONS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(REGION_INDEX[n] for n in r["neighbours"].split())) for r in _REGIONS)


def region_name(r: int, edition: str = "2023") -> str:
    """A region's (or the Castillo's) name as printed in ``edition``."""
    if r == CASTILLO:
        return "Castillo"
    return NAMES_2023[r] if edition == "2023" else NAMES_1995[r]


# -- values -----------------------------------------------------------------------------------
def _region_values(side: str) -> tuple[tuple[int, int, int], ...]:
    rows = {r["region"]: (int(r["first"]), int(r["second"]), int(r["third"]))
            for r in _read("region_scores.csv") if r["board_side"] == side}
    return tuple(rows[rid] for rid in REGION_IDS) + (rows["castillo"],)


#: board side -> values (first, second, third) per place (regions 0..8, then the Castillo)
REGION_VALUES = {side: _region_values(side) for side in ("standard", "small")}

POWER_CABALLEROS: tuple[int, ...] = (0,) + tuple(int(r["caballeros"]) for r in _read("power_cards.csv"))
POWER_VALUES = tuple(range(1, len(POWER_CABALLEROS)))
FULL_HAND = sum(1 << v for v in POWER_VALUES)

SCORE_TILES = {ed: tuple((int(r["first"]), int(r["second"]), int(r["third"]))
                         for r in _read("score_tiles.csv") if r["edition"] == ed) for ed in ("1995", "2023")}

_SETUP = {r["key"]: r["value"] for r in _read("setup.csv")}


def setup_value(key: str) -> int:
    try:
        return int(_SETUP[key])
    except KeyError:
        raise KeyError(f"no setup value {key!r} in setup.csv; known: {sorted(_SETUP)}") from None


def setup_list(key: str) -> tuple[int, ...]:
    return tuple(int(x) for x in _SETUP[key].split())


CABALLEROS = setup_value("caballeros_per_colour")
COURT_START = setup_value("court_start")
START_CABALLEROS = setup_value("start_region_caballeros")
GRANDE_BONUS = setup_value("grande_bonus")
KING_BONUS = setup_value("king_bonus")
ROUNDS = tuple(range(1, setup_value("rounds") + 1))
SHORT_ROUNDS = setup_list("short_game_rounds")
SCORING_ROUNDS = setup_list("general_scoring_after")
DUMMY_CARDS = setup_value("dummy_region_cards_per_round")
DUMMY_PER_CARD = setup_value("dummy_caballeros_per_card")

_RANKS = {(r["edition"], int(r["players"])): r for r in _read("rank_rules.csv")}


def rank_rule(edition: str, players: int) -> dict:
    """{board_side, ranks, dummy, merge_stacks} for an edition and player count."""
    r = _RANKS[(edition, players)]
    return {"board_side": r["board_side"], "ranks": int(r["ranks"]), "dummy": r["dummy"] == "true",
            "merge_stacks": r["merge_stacks"] == "true"}


# -- action cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardType:
    """One kind of action card: name, placement number, effect id and its parameters."""

    name: str
    place: int
    effect: str
    params: tuple  # (key, value) pairs, values int (``all`` = 99)
    korean: str

    def __post_init__(self):
        object.__setattr__(self, "_by_key", dict(reversed(self.params)))  # the first of a repeated key

    def param(self, key: str, default: int = 0) -> int:
        return self._by_key.get(key, default)


ALL = 99  # "all of them" in card parameters


def _params(text: str) -> tuple:
    out = []
    for item in text.split():
        k, v = item.split("=")
        out.append((k, ALL if v == "all" else (v if not v.isdigit() else int(v))))
    return tuple(out)


_CARD_ROWS = _read("action_cards.csv")
_types: dict[str, CardType] = {}
for _row in _CARD_ROWS:
    _t = CardType(_row["name"], int(_row["place"]), _row["effect"], _params(_row["params"]), _row["korean"])
    if _row["name"] in _types and _types[_row["name"]] != _t:
        raise ValueError(f"action_cards.csv: two different cards are named {_row['name']!r}")
    _types.setdefault(_row["name"], _t)
CARD_TYPES: tuple[CardType, ...] = tuple(_types.values())
CARD_INDEX = {t.name: i for i, t in enumerate(CARD_TYPES)}
CARD_INDEX_LOWER = {t.name.lower(): i for i, t in enumerate(CARD_TYPES)}


def deck(edition: str, veto: bool = False) -> tuple[tuple[int, ...], ...]:
    """The action stacks 1..5 of an edition's base deck, each a sorted tuple of card types; the two
    Veto cards only with ``veto`` (they are optional, see RULES.md)."""
    name = "2023" if edition == "2023" else "1995"
    stacks: list[list[int]] = [[] for _ in range(5)]
    for row in _CARD_ROWS:
        if row["deck"] == name and (veto or row["effect"] != "veto"):
            stacks[int(row["stack"]) - 1] += [CARD_INDEX[row["name"]]] * int(row["copies"])
    return tuple(tuple(sorted(s)) for s in stacks)


KING_CARD_TYPES = frozenset(i for i, t in enumerate(CARD_TYPES) if t.effect == "king")
VETO_CARD = CARD_INDEX["Veto"]


def region_group(values, group: int) -> tuple[int, ...]:
    """The regions a group-scoring card names: 4, 5 or 67 (the 6- and 7-regions), by first value."""
    wanted = {4: (4,), 5: (5,), 67: (6, 7)}[group]
    return tuple(r for r in range(NREGIONS) if values[r][0] in wanted)


def assumed_values() -> list[dict]:
    """Every data row shipped as ``assumed``: table, row (as read) and source."""
    out = []
    for table in TABLES:
        for row in _read(table):
            if row.get("status") == "assumed":
                out.append({"table": table, **row})
    return out

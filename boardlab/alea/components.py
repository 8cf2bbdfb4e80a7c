"""Component data of Alea Iacta Est, read from the CSV tables in ``data/``.

Every row carries a ``source`` (keys listed in RULES.md, Sources; ``KR`` =
the seed) and a ``status``: ``confirmed`` or ``assumed``. ``assumed_values()`` lists the assumed
rows; ``RULES.md`` explains each. Rule code asks this module for values and never hard-codes a
component.

Indices used everywhere in the engine (plain ints, so the hot path stays cheap):

* colours ``0..5`` in the order of ``colours.csv``; ``GREY`` (6) is the joker's colour;
* province tiles ``0..24``: ``colour * 4 + value - 1``, then the joker (24);
* patrician tiles ``0..35``: ``colour * 6 + sex * 3 + value - 1`` (sex 0 = man, 1 = woman);
* senate cards ``0..12`` = cards I..XIII (a deck holds an index once per copy);
* buildings ``0..4``: Templum, Senatus, Castrum, Forum, Latrina.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

TABLES = ("player_counts.csv", "colours.csv", "province_tiles.csv", "patrician_tiles.csv",
          "fortune_tiles.csv", "senate_cards.csv", "rules_config.csv")


def _read(name: str) -> list[dict]:
    with resources.files("boardlab.alea").joinpath("data").joinpath(name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- buildings ---------------------------------------------------------------------------------
BUILDINGS = ("Templum", "Senatus", "Castrum", "Forum", "Latrina")
TEMPLUM, SENATUS, CASTRUM, FORUM, LATRINA = range(5)
BUILDING_INDEX = {b.lower(): i for i, b in enumerate(BUILDINGS)}
BUILDING_INDEX["forum romanum"] = FORUM


# -- player counts -----------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerCount:
    players: int
    sets: int
    templum: bool
    forum_slots: int
    provinces_per_set: int
    senatus_rewarded: int
    patricians_removed: int


PLAYER_COUNTS = {
    int(r["players"]): PlayerCount(int(r["players"]), int(r["sets"]), r["templum_in_play"] == "yes",
                                   int(r["forum_slots"]), int(r["provinces_per_set"]),
                                   int(r["senatus_rewarded_ranks"]), int(r["patricians_removed"]))
    for r in _read("player_counts.csv")
}

# -- rule constants ----------------------------------------------------------------------------
CONFIG = {r["key"]: r["value"] for r in _read("rules_config.csv")}
DICE = int(CONFIG["dice_per_player"])
CHIPS_PER_POINT = int(CONFIG["chips_per_point"])
EMPTY_PENALTY = int(CONFIG["empty_province_penalty"])
MAX_STRAIGHT = int(CONFIG["senatus_max_straight"])

# -- colours, provinces, patricians --------------------------------------------------------------
_colours = _read("colours.csv")
COLOURS = tuple(r["colour"] for r in _colours)
PROVINCE_NAMES = tuple(r["province_name"] for r in _colours)
GREY = len(COLOURS)
COLOUR_NAMES = COLOURS + ("grey",)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOUR_NAMES)}
ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII")

_prov = _read("province_tiles.csv")
PROV_COLOUR = tuple(COLOUR_INDEX[r["colour"]] for r in _prov)
PROV_VALUE = tuple(int(r["value"]) for r in _prov)
NPROV = len(_prov)
JOKER = next(int(r["tile_id"]) for r in _prov if r["kind"] == "joker")
PROV_LABELS = tuple("joker" if t == JOKER else f"{PROVINCE_NAMES[PROV_COLOUR[t]]} {ROMAN[PROV_VALUE[t]]}"
                    for t in range(NPROV))
PROV_INDEX = {lab.lower(): t for t, lab in enumerate(PROV_LABELS)}

_pat = _read("patrician_tiles.csv")
SEXES = ("man", "woman")
PAT_COLOUR = tuple(COLOUR_INDEX[r["colour"]] for r in _pat)
PAT_SEX = tuple(SEXES.index(r["sex"]) for r in _pat)
PAT_VALUE = tuple(int(r["value"]) for r in _pat)
NPAT = len(_pat)
PAT_LABELS = tuple(f"{COLOURS[PAT_COLOUR[t]]} {SEXES[PAT_SEX[t]]} {ROMAN[PAT_VALUE[t]]}" for t in range(NPAT))
PAT_INDEX = {lab.lower(): t for t, lab in enumerate(PAT_LABELS)}

# -- fortune tiles ---------------------------------------------------------------------------------
FORTUNE_COUNTS = {int(r["value"]): int(r["count"]) for r in _read("fortune_tiles.csv")}
FORTUNE_VALUES = tuple(sorted(FORTUNE_COUNTS))

# -- senate cards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SenateCard:
    index: int
    name: str  # roman numeral
    copies: int  # in the 19-card deck (the split is assumed: data/senate_cards.csv, copies_status)
    copies_14: int  # in the 14-card deck boardlab assumed before (records that name no deck play it)
    effect: str  # a key of scoring.SENATE_EFFECTS
    params: str
    ignores_border_free: bool
    acts_as_province: bool
    removed_2_3p: bool
    status: str


SENATE = tuple(SenateCard(i, r["card"], int(r["copies"]), int(r["copies_14"]), r["effect"], r["params"],
                          r["ignores_border_free"] == "yes", r["acts_as_province"] == "yes",
                          r["removed_2_3p"] == "yes", r["status"])
               for i, r in enumerate(_read("senate_cards.csv")))
SENATE_INDEX = {c.name: c.index for c in SENATE}
BORDER = next(c.index for c in SENATE if c.effect == "border")
FREE = next(c.index for c in SENATE if c.effect == "free")
BORDER_COLOURS = tuple(COLOUR_INDEX[c] for c in SENATE[BORDER].params.split("+"))


#: the senate decks a game may use, by size: the real 19 cards (13 kinds, 6 duplicates whose split is
#: assumed), and the 14-card deck of earlier boardlab versions (so their records replay)
SENATE_DECKS = (19, 14)


def senate_deck(templum: bool, size: int = 19) -> list[int]:
    """The senate cards of a game (one index per copy), without the Templum's card when it is out."""
    copies = {19: "copies", 14: "copies_14"}[size]
    return [c.index for c in SENATE for _ in range(getattr(c, copies)) if templum or not c.removed_2_3p]


def assumed_values() -> list[dict]:
    """Every row of every table whose status is ``assumed`` (table name added)."""
    out = []
    for name in TABLES:
        for row in _read(name):
            if row.get("status") == "assumed":
                out.append({"table": name, **row})
    return out
